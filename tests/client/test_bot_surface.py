"""The library surface a bot is written against stays as documented (docs/BOTS.md).

A change here breaks people's bots: change it on purpose, with the docs.
"""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest

from client_cli import bots
from krig_bots import BUILT_IN, LEVELS, View

SURFACE = [
    "BUILT_IN",
    "LEVELS",
    "Bot",
    "HandGroup",
    "HandTracker",
    "Loaded",
    "Phase",
    "Session",
    "Strategy",
    "StrategyError",
    "Table",
    "View",
    "counter",
    "highest_first",
    "human_delay",
    "load_strategy",
    "lowest_first",
    "play_game",
    "random_card",
    "rank",
    "view_of",
    "war_saver",
]
VIEW_FIELDS = {
    "seat": "int",
    "players": "int",
    "phase": "Phase",
    "hand": "tuple[int, ...]",
    "counts": "tuple[int, ...]",
    "active": "tuple[bool, ...]",
    "table": "tuple[tuple[int | None, ...], ...]",
    "war_seats": "tuple[int, ...]",
    "seen": "frozenset[int]",
    "hands": "tuple[tuple[int | None, ...], ...]",
    "held": "tuple[frozenset[int], ...]",
    "hand_groups": "tuple[tuple[HandGroup, ...], ...]",
    "rules": "Mapping[str, bool | int | str]",
    "step": "int",
    "time_left_s": "float | None",
    "rng_seed": "int",
}
SIGNATURES = {
    "play_game": "(session, strategy=war_saver, delay=None, timeout=120.0)",
    "load_strategy": "(spec)",
    "view_of": "(table, tracker=None)",
    "Bot": "(strategy, *, decide_s=5.0, err=None)",
}


def _plain(sig: inspect.Signature) -> str:
    parts = []
    star = False
    for p in sig.parameters.values():
        if p.kind is p.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        default = p.default
        if default is inspect.Parameter.empty:
            parts.append(p.name)
        else:
            shown = getattr(default, "__name__", repr(default))
            parts.append(f"{p.name}={shown}")
    return f"({', '.join(parts)})"


def test_the_surface_names_what_docs_bots_md_shows() -> None:
    assert sorted(bots.__all__) == sorted(SURFACE)
    for name in SURFACE:
        assert hasattr(bots, name), name


def test_the_view_keeps_its_fields_and_types() -> None:
    fields = {f.name: f.type for f in dataclasses.fields(View)}
    assert fields == VIEW_FIELDS
    assert View.__dataclass_params__.frozen  # type: ignore[attr-defined]
    view = _view(random.Random(1), "war")
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = 1  # type: ignore[misc]
    assert view.pot == 5 and view.contenders == (1,)


def test_the_entry_points_keep_their_signatures() -> None:
    for name, shown in SIGNATURES.items():
        fn = getattr(bots, name)
        assert _plain(inspect.signature(fn)) == shown, name


def test_the_built_in_names_and_levels() -> None:
    assert list(BUILT_IN) == ["lowest", "highest", "random", "smart", "hard"]
    assert list(LEVELS) == ["easy", "normal", "hard"]


def _view(rng: random.Random, phase: str) -> View:
    deck = list(range(8, 60))
    rng.shuffle(deck)
    hand = tuple(deck[:3])
    return View(
        seat=0,
        players=2,
        phase="war" if phase == "war" else "battle",
        hand=hand,
        counts=(20, 24),
        active=(True, True),
        table=((deck[3], None), (deck[4], None, None)) if phase == "war" else ((), ()),
        war_seats=(0, 1) if phase == "war" else (),
        seen=frozenset(deck[:12]),
        hands=(hand, (deck[5], None, None)),
        rules={"hand_size": 3, "war_down": 3, "loser_takes_tied": True},
        step=7,
        rng_seed=rng.randrange(1 << 30),
    )


@pytest.mark.parametrize("name", [*BUILT_IN, "easy"])
def test_every_built_in_plays_a_card_of_its_hand(name: str) -> None:
    strategy = LEVELS["easy"] if name == "easy" else BUILT_IN[name]
    rng = random.Random(name)
    for i in range(200):
        view = _view(rng, "war" if i % 3 == 0 else "battle")
        assert strategy(view) in view.hand


def test_the_hard_player_is_repeatable_and_takes_a_sure_win() -> None:
    rng = random.Random(5)
    for _ in range(50):
        view = _view(rng, "battle")
        assert BUILT_IN["hard"](view) == BUILT_IN["hard"](view)
    # Its opponent is known to hold three twos: a three wins the battle, keeping the ace.
    ace, king, three = 14 * 4, 13 * 4, 3 * 4
    view = dataclasses.replace(
        _view(rng, "battle"),
        hand=(ace, king, three),
        hands=((ace, king, three), (8, 9, 10)),
        seen=frozenset({ace, king, three, 8, 9, 10}),
    )
    assert BUILT_IN["hard"](view) == three
