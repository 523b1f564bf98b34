"""The engine's fast path agrees with the full engine, game by game.

``server.engine.fast`` plays whole two-player flip games without events for
the simulator.  Every final fact of a game must be what the full engine,
driven seat by seat through ``submit`` (``server.simulate.play``), leaves:
winner, reason, tricks, wars, steps, longest war, every pile and the table.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from server_support import KRIG_SERVER

from server.engine import PRESETS, GameState, Rules, census, copy_state, fast, make_rules, new_game
from server.simulate import play, play_fast

FACTS = (
    "phase",
    "result",
    "winners",
    "reason",
    "tricks",
    "wars",
    "steps",
    "longest_war",
    "wars_won",
    "piles",
    "winnings",
    "hands",
    "table",
    "face_up",
    "active",
    "out_reason",
    "last_out",
    "rng",
    "time_up",
    "time_up_reason",
    "cycle_power",
    "cycle_lam",
    "cycle_mark",
)
"""Everything a finished game says about itself (the rest is the last step's scratch)."""

COVERED = [name for name, rules in PRESETS.items() if fast.covers(rules)]


def _both(rules: Rules, seed: int, step_s: float = 1.0) -> tuple[GameState, GameState]:
    start = new_game(rules, seed, auto=True)
    full = play(copy_state(start), None, step_s)
    quick = fast.play(copy_state(start), step_s)
    assert census(quick) == census(start)
    return full, quick


def _same(full: GameState, quick: GameState) -> None:
    differ = {
        f: (getattr(full, f), getattr(quick, f))
        for f in FACTS
        if getattr(full, f) != getattr(quick, f)
    }
    assert not differ, differ


def test_the_presets_it_covers() -> None:
    assert set(COVERED) == set(PRESETS) - {"latvian", "arneson"}
    for name, rules in PRESETS.items():
        for players in (3, 4):
            assert not fast.covers(rules.replace(players=players)), name


@pytest.mark.parametrize("preset", COVERED)
def test_fast_path_agrees_with_the_full_engine_on_every_covered_preset(preset: str) -> None:
    rules = make_rules(preset)
    reasons = set()
    for seed in range(150):
        full, quick = _both(rules, seed)
        _same(full, quick)
        reasons.add(full.reason)
    assert reasons & {"all_cards", "short_war"}


def test_it_agrees_where_the_game_cycles_is_capped_or_runs_out_of_time() -> None:
    seen = set()
    cases = [
        (Rules(war_down=1, gather_order="seat_order", min_rank=11), 1.0),  # cycles
        (Rules(war_down=1, gather_order="seat_order", detect_cycles=False), 1.0),  # cap
        (Rules(max_tricks=40), 1.0),
        (Rules(time_limit_s=60), 0.5),
        (Rules(time_limit_s=60, short_war="last_card", war_down=0), 1.0),
    ]
    for rules, step_s in cases:
        for seed in range(60):
            full, quick = _both(rules, seed, step_s)
            _same(full, quick)
            seen.add(full.reason)
    assert {"cycle", "round_cap", "time_limit"} <= seen


VARIED: dict[str, st.SearchStrategy[object]] = {
    "jokers": st.sampled_from([0, 0, 1, 2]),
    "min_rank": st.sampled_from([2, 2, 6, 9, 12]),
    "war_down": st.integers(0, 5),
    "war_repeat": st.sampled_from(["same", "face_up_only"]),
    "short_war": st.sampled_from(["lose", "last_card"]),
    "war_players": st.sampled_from(["tied_highest", "any_tied"]),
    "war_winner": st.sampled_from(["participants", "highest_card"]),
    "gather_order": st.sampled_from(["winner_first", "seat_order", "shuffled"]),
    "steal": st.booleans(),
    "loser_takes_tied": st.booleans(),
    "time_limit_s": st.sampled_from([0, 0, 0, 15, 120]),
    "wars_to_win": st.sampled_from([0, 0, 1, 3]),
    "max_tricks": st.sampled_from([0, 0, 30, 400]),
    "detect_cycles": st.booleans(),
}
"""Every option the fast path plays, and the values the property test tries."""
options = st.fixed_dictionaries(VARIED)


def test_every_rules_field_is_considered_by_the_fast_path() -> None:
    """A new option must be handled (or refused by ``covers``) before the simulator uses it."""
    fields = {f.name for f in dataclasses.fields(Rules)}
    assert set(fast.CONSIDERED) == fields
    restricted = {"players", "hand_size", "winnings"}  # (fixed by covers)
    assert set(VARIED) | restricted == fields  # and the property test varies the rest


@settings(max_examples=300)
@given(
    values=options,
    seed=st.integers(0, 2**64 - 1),
    step_s=st.sampled_from([0.5, 1.0, 2.5]),
)
def test_it_agrees_under_any_option_it_covers(
    values: dict[str, object], seed: int, step_s: float
) -> None:
    rules = Rules(**values)  # type: ignore[arg-type]
    assert fast.covers(rules)
    _same(*_both(rules, seed, step_s))


def test_the_simulator_falls_back_to_the_full_engine() -> None:
    for rules in (
        make_rules("latvian"),
        make_rules("arneson"),
        make_rules("classic", {"players": 3}),
    ):
        start = new_game(rules, 5, auto=True)
        full = play(copy_state(start))
        _same(full, play_fast(copy_state(start)))
        with pytest.raises(ValueError):
            fast.play(copy_state(start))


def test_fast_path_plays_fresh_games_only() -> None:
    state = new_game(make_rules("classic"), 3)
    fast.play(state)
    with pytest.raises(ValueError):
        fast.play(state)


def _stats(*args: str) -> dict[str, object]:
    done = subprocess.run(
        [KRIG_SERVER, "simulate", "--json", *args],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    stats: dict[str, object] = json.loads(done.stdout)
    for timing in ("seconds", "games_per_s", "engine"):
        stats.pop(timing)
    return stats


def test_simulate_gives_the_same_figures_with_and_without_the_fast_path() -> None:
    args = ("--games", "300", "--seed", "9", "--preset", "steal")
    assert _stats(*args) == _stats(*args, "--full")


def test_the_engine_benchmark_runs_and_its_engines_agree() -> None:
    """bench/engine_vs_plain.py, run as a user would (its figures are not checked)."""
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "bench" / "engine_vs_plain.py"
    done = subprocess.run(
        [sys.executable, str(script), "--games", "60", "--repeats", "1"],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "all engines agree" in done.stdout
    assert {"plain", "krig fast", "krig full"} <= {
        line[:22].strip() for line in done.stdout.splitlines()
    }
