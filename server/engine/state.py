"""The whole state of one game as plain data.

Only lists, ints, strings and bytes, so msgpack round-trips it unchanged and
the server can keep it in Redis.  Piles are top-first lists of card codes.
The engine mutates a state in place (see :mod:`server.engine.game`); callers
that need the old state keep a copy (``copy_state``) or the encoded bytes.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from server.engine.kinds import EndReason, NoResult, OutReason, Phase, Result, TimeUpReason
from server.engine.rules import Rules

NO_CARD = -1
FLIPPED = 0


@dataclass(slots=True)
class GameState:
    rules: Rules
    seed: int
    rng: int
    piles: list[list[int]]
    winnings: list[list[int]]
    hands: list[list[int]]
    table: list[list[int]]
    face_up: list[list[bool]]
    set_aside: list[int]
    active: list[bool]
    phase: Phase = "battle"
    awaiting: list[int] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)
    in_trick: list[int] = field(default_factory=list)
    war_seats: list[int] = field(default_factory=list)
    fighters: list[int] = field(default_factory=list)
    first_war: list[int] = field(default_factory=list)
    latest: list[int] = field(default_factory=list)
    trick_wars: int = 0
    tricks: int = 0
    wars: int = 0
    steps: int = 0
    longest_war: int = 0
    """The most war steps any one trick of this game had (``trick_wars`` at its highest)."""
    wars_won: list[int] = field(default_factory=list)
    out_reason: list[OutReason | NoResult] = field(default_factory=list)
    last_out: int = -1
    time_up: bool = False
    time_up_reason: TimeUpReason | NoResult = ""
    result: Result | NoResult = ""
    winners: list[int] = field(default_factory=list)
    reason: EndReason | NoResult = ""
    cycle_mark: bytes = b""
    cycle_power: int = 1  # 0: cycle detection is off for this game
    cycle_lam: int = 0

    @property
    def players(self) -> int:
        return len(self.piles)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def held(self, seat: int) -> int:
        """Cards a seat holds: pile, winnings pile and hand."""
        return len(self.piles[seat]) + len(self.winnings[seat]) + len(self.hands[seat])


def copy_state(state: GameState) -> GameState:
    return copy.deepcopy(state)


def census(state: GameState) -> list[int]:
    """Every card the game holds, sorted: conservation means this never changes."""
    cards = list(state.set_aside)
    for group in (state.piles, state.winnings, state.hands, state.table):
        for cards_of_seat in group:
            cards.extend(cards_of_seat)
    cards.sort()
    return cards


def to_plain(state: GameState) -> dict[str, Any]:
    """The state as a dict of lists, ints, strings and bytes (msgpack-ready)."""
    out: dict[str, Any] = {}
    for f in fields(state):
        value = getattr(state, f.name)
        out[f.name] = value.to_dict() if f.name == "rules" else copy.deepcopy(value)
    return out


def from_plain(data: dict[str, Any]) -> GameState:
    """Inverse of :func:`to_plain`; the rules are validated again."""
    values = dict(data)
    values["rules"] = Rules(**values["rules"])
    return GameState(**values)
