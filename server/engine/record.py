"""Plain-JSON renderings of events and results, for the simulator and game records.

Cards become their text form (``AS``, ``10H``) so a person can read the log.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from protocol.cards import card_text
from server.engine.events import EVENT_TYPES, Event
from server.engine.state import GameState

_CARD_LISTS = frozenset({"up", "face_up", "returned", "set_aside"})


def event_json(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"type": EVENT_TYPES[type(event)]}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if f.name in _CARD_LISTS:
            value = [None if c is None else card_text(c) for c in value]
        out[f.name] = value
    return out


def result_json(state: GameState) -> dict[str, Any]:
    """The simulator's summary of a finished (or capped) game."""
    return {
        "result": state.result or None,
        "winner": state.winners[0] if state.result == "win" else None,
        "winners": list(state.winners),
        "reason": state.reason or None,
        "tricks": state.tricks,
        "wars": state.wars,
        "longest_war": state.longest_war,
        "steps": state.steps,
        "counts": [state.held(s) for s in range(state.players)],
        "set_aside": [card_text(c) for c in state.set_aside],
    }
