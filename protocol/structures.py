"""The structures protocol messages carry: a room, its seats, a seat's view of the
table, a finished trick, a lobby's room (:mod:`protocol.messages` names them too).

Plain msgspec structs with no tag of their own: they travel inside a tagged
message (``joined``, ``snapshot``, ``lobby``, ...). Unknown fields are ignored,
as in every message (additive changes).
"""

from __future__ import annotations

from typing import Literal

from msgspec import Struct


class SeatInfo(Struct, forbid_unknown_fields=False):
    name: str | None
    ready: bool
    connected: bool
    bot: bool
    level: str = ""
    """A computer player's level (``easy``, ``normal``, ``hard``); "" for a person."""


class RoomInfo(Struct, forbid_unknown_fields=False):
    code: str
    state: Literal["lobby", "playing", "over"]
    host: int
    seats: list[SeatInfo]
    preset: str
    rules: dict[str, bool | int | str]
    public: bool
    spectators: int
    spectating: bool
    locked: bool
    game: int
    turn_s: int
    game_ends_ms: int
    """Timed games: server time (Unix ms) when time is up; 0 otherwise."""
    chat: bool = True
    """Whether the room's chat is on (the host may turn it off)."""
    ready_checks: bool = False
    """Whether players must say ``ready`` (false: taking a seat means ready)."""
    commitment: str = ""
    """The current (or last) game's deal commitment (PROTOCOL.md §5a; "" before the
    first deal): a member who joined as the game started has it here."""
    wins: list[int] = []
    """Games won per seat since its player took it (the running score across rematches)."""
    rematch: list[int] = []
    """After game over: the seats whose players have not asked for a rematch yet."""
    seeded: bool = False
    """The host chose the deals (``configure`` ``deal_seed``): they are no secret to it."""


class TableView(Struct, forbid_unknown_fields=False):
    """The engine's view for one seat (``seat`` nil: a spectator).

    ``table[s]`` lists seat s's cards on the table in the order laid, nil for
    face-down ones.  ``hand`` and ``chosen`` are the viewer's own.
    """

    seat: int | None
    players: int
    phase: Literal["battle", "war", "over"]
    step: int
    trick: int
    war: int
    awaiting: list[int]
    acted: list[bool]
    counts: list[int]
    pile_counts: list[int]
    winnings_counts: list[int]
    hand_counts: list[int]
    active: list[bool]
    table: list[list[int | None]]
    hand: list[int]
    chosen: int | None
    wars_won: list[int]
    tricks: int
    wars: int
    result: str
    winners: list[int]
    reason: str
    set_aside: list[int]
    longest_war: int = 0
    """The most war steps any one trick of this game has had (0 in views from servers
    that did not send it)."""
    war_seats: list[int] = []
    """In a war: the seats that fight it (the ``war`` event's ``seats`` less those out);
    empty in a battle."""
    war_down: list[int] = []
    """Per seat: how many cards it lays face down before its face-up card in this step
    (0 in a battle and for seats that sit the war out)."""


class TrickSeen(Struct, forbid_unknown_fields=False):
    """One finished trick, as everyone saw it: ``table[s]`` is what seat s laid, in
    order, nil for each face-down card (never named)."""

    trick: int
    winner: int
    total: int
    wars: int
    table: list[list[int | None]]


class RoomSummary(Struct, forbid_unknown_fields=False):
    code: str
    preset: str
    players: int
    taken: int
    state: str
    spectators: int
    rules: dict[str, bool | int | str]
