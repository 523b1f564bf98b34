"""What the engine says happened: typed, public, enough to animate and replay.

Events are built on every step, so they are plain slotted dataclasses (not
frozen, which costs a setattr per field): treat them as read-only.
Events never name a face-down card or a card inside a pile; only face-up
cards and counts.  The set-aside card appears once, in ``GameOver``.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.engine.kinds import EndReason, OutReason, Result


@dataclass(slots=True)
class Acted:
    """A seat locked in its flip or choice (what it chose stays hidden)."""

    seat: int


@dataclass(slots=True)
class Revealed:
    """All face-up cards of one step at once; ``up[s]`` is None for seats that did not lay."""

    trick: int
    war: int
    up: list[int | None]
    down: list[int]


@dataclass(slots=True)
class War:
    """A tie: ``seats`` fight a war, each laying ``down`` cards face down first."""

    trick: int
    war: int
    seats: list[int]
    down: int
    stuck: list[int]


@dataclass(slots=True)
class Shuffled:
    """A seat's pile ran out and its winnings pile was shuffled to become the pile."""

    seat: int
    count: int


@dataclass(slots=True)
class PlayerOut:
    """A seat leaves the game; ``to_pot`` of its cards joined the table (short war)."""

    seat: int
    reason: OutReason
    to_pot: int


@dataclass(slots=True)
class TrickWon:
    """``winner`` takes ``total`` cards; only the face-up ones are named."""

    trick: int
    winner: int
    total: int
    face_up: list[int]
    wars: int
    returned_to: int | None
    returned: list[int]
    stolen_from: list[int]


@dataclass(slots=True)
class GameOver:
    """``result`` is ``win`` or ``draw``; ``winners`` holds the winner or the drawn seats."""

    result: Result
    winners: list[int]
    reason: EndReason
    counts: list[int]
    set_aside: list[int]


Event = Acted | Revealed | War | Shuffled | PlayerOut | TrickWon | GameOver

EVENT_TYPES: dict[type, str] = {
    Acted: "acted",
    Revealed: "revealed",
    War: "war",
    Shuffled: "shuffled",
    PlayerOut: "player_out",
    TrickWon: "trick_won",
    GameOver: "game_over",
}
