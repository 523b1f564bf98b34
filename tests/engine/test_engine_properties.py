"""Hypothesis properties over every preset and 2, 3 and 4 players.

For random seeds and random (legal) input orders and choices:
- every card is accounted for after every input;
- no view holds a card the viewer may not see, and a seat's view does not
  change when another seat locks in a choice (beyond "has acted");
- events name only face-up cards;
- replay from the same seed and inputs is identical, event for event;
- every game ends (win, draw, cycle or cap).
"""

from __future__ import annotations

import os
import random

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.engine import (
    PRESETS,
    Choose,
    Event,
    Flip,
    GameOver,
    GameState,
    Revealed,
    TrickWon,
    War,
    census,
    make_rules,
    new_game,
    submit,
    view,
)
from server.engine.state import FLIPPED, NO_CARD

CAP = 400
COMBOS = [(name, players) for name in PRESETS for players in (2, 3, 4)]


def _visible_to(state: GameState, seat: int | None) -> set[int]:
    """Cards the viewer may know: face-up table cards, its own hand and choice."""
    allowed = {
        c
        for cards, face in zip(state.table, state.face_up, strict=True)
        for c, up in zip(cards, face, strict=True)
        if up
    }
    if seat is not None:
        allowed |= set(state.hands[seat])
    if state.phase == "over":
        allowed |= set(state.set_aside)
    return allowed


def _cards_in_view(state: GameState, seat: int | None) -> set[int]:
    v = view(state, seat)
    shown = {c for row in v.table for c in row if c is not None}
    shown |= set(v.hand) | set(v.set_aside)
    if v.chosen is not None:
        shown.add(v.chosen)
    return shown


def _check_views(state: GameState) -> None:
    for seat in [None, *range(state.players)]:
        assert _cards_in_view(state, seat) <= _visible_to(state, seat)
        v = view(state, seat)
        for s in range(state.players):
            hidden = sum(1 for up in state.face_up[s] if not up)
            assert sum(1 for c in v.table[s] if c is None) == hidden


def _play(
    rules_name: str, players: int, seed: int, order_seed: int
) -> tuple[GameState, list[Event]]:
    rules = make_rules(rules_name, {"players": players, "max_tricks": CAP})
    state = new_game(rules, seed)
    deck = census(state)
    rnd = random.Random(order_seed)
    events: list[Event] = []
    face_up_this_trick: set[int] = set()
    while state.phase != "over":
        seats = state.awaiting[:]
        rnd.shuffle(seats)
        for seat in seats:
            action = Choose(rnd.choice(state.hands[seat])) if rules.hand_size else Flip()
            others_before = {s: view(state, s) for s in range(state.players) if s != seat}
            produced = submit(state, seat, action)
            assert census(state) == deck
            if len(produced) == 1:  # only "seat acted": the step is still open
                for s, before in others_before.items():
                    after = view(state, s)
                    assert after.acted[seat] and not before.acted[seat]
                    assert msgspec.structs.replace(after, acted=before.acted) == before
                assert state.pending[seat] not in (NO_CARD,)
            for e in produced:
                if isinstance(e, Revealed):
                    face_up_this_trick |= {c for c in e.up if c is not None}
                elif isinstance(e, TrickWon):
                    assert set(e.face_up) <= face_up_this_trick
                    assert set(e.returned) <= face_up_this_trick
                    face_up_this_trick = set()
            events += produced
            if state.over:
                break
        _check_views(state)
    return state, events


@pytest.mark.parametrize(("preset", "players"), COMBOS)
@settings(max_examples=int(os.environ.get("KRIG_ENGINE_EXAMPLES", "12")))
@given(seed=st.integers(0, 2**64 - 1), order_seed=st.integers(0, 2**32))
def test_game_properties(preset: str, players: int, seed: int, order_seed: int) -> None:
    state, events = _play(preset, players, seed, order_seed)
    over = [e for e in events if isinstance(e, GameOver)]
    assert len(over) == 1 and events[-1] is over[0]
    assert state.result in ("win", "draw")
    assert state.reason
    if state.result == "win":
        assert len(state.winners) == 1
    assert state.tricks <= CAP
    # The longest war: the most war steps one trick had (a war step starts at a tie).
    longest = max((e.war for e in events if isinstance(e, War)), default=0)
    assert state.longest_war == longest == view(state, None).longest_war
    # Replay with the same seed and the same input order is identical.
    again, events_again = _play(preset, players, seed, order_seed)
    assert events_again == events
    assert again == state


def test_pending_marker_values_are_not_cards() -> None:
    from protocol.cards import is_card

    assert not is_card(FLIPPED) and not is_card(NO_CARD)
