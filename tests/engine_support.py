"""Helpers for engine tests: readable deals and drivers that check conservation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from protocol.cards import card_text, parse_card
from server.engine import (
    Action,
    Event,
    GameState,
    Revealed,
    Rules,
    TrickWon,
    auto_action,
    census,
    from_deal,
    submit,
)


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def texts(codes: Sequence[int]) -> list[str]:
    return [card_text(c) for c in codes]


def deal(rules: Rules, *piles: str, seed: int = 0) -> GameState:
    return from_deal(rules, [cards(p) for p in piles], seed)


def step(state: GameState, actions: dict[int, Action] | None = None) -> list[Event]:
    """Every awaiting seat acts once (auto policy unless given); census checked each time."""
    before = census(state)
    events: list[Event] = []
    for seat in state.awaiting[:]:
        action = (actions or {}).get(seat) or auto_action(state, seat)
        events += submit(state, seat, action)
        assert census(state) == before
    return events


Chooser = Callable[[GameState, int], Action]


def play_out(state: GameState, chooser: Chooser = auto_action, limit: int = 100_000) -> list[Event]:
    before = census(state)
    events: list[Event] = []
    for _ in range(limit):
        if state.phase == "over":
            return events
        for seat in state.awaiting[:]:
            events += submit(state, seat, chooser(state, seat))
            assert census(state) == before
    raise AssertionError("game did not end")


T = TypeVar("T")


def of_type(events: list[Event], kind: type[T]) -> list[T]:
    return [e for e in events if isinstance(e, kind)]


def last_trick(events: list[Event]) -> TrickWon:
    return of_type(events, TrickWon)[-1]


def reveals(events: list[Event]) -> list[Revealed]:
    return of_type(events, Revealed)
