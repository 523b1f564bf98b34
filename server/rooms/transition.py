"""What every room transition shares: its outcome, and how it emits room events.

A transition is a plain function ``(record, outcome, ...)``: it changes the
record in place and appends the room events it caused to ``outcome.events``,
each with the room's next sequence number (``emit``). See the package's
docstring (``server.rooms``) for the rules every transition keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from protocol import messages as m
from protocol.codec import encode
from protocol.errors import ErrorCode
from protocol.records import GameRecord, events_chain_step
from server.errors import Refused
from server.rooms.state import RoomRecord

TransitionFn = Callable[["RoomRecord", "Outcome"], object]


@dataclass(slots=True)
class Outcome:
    events: list[m.RoomEvent] = field(default_factory=list)
    reply_step: int = 0
    started: bool = False
    finished: bool = False
    from_cache: bool = False
    """The record came from the node's cache, which may be behind Redis: a
    refusal is judged again on the current record (see RoomService.apply)."""
    removed: list[str] = field(default_factory=list)
    """Connections the host put out of the room (``remove_seat`` where spectators
    are not allowed): whichever node holds one tells it and stops sending it
    the room's events."""
    resnapshot: bool = False
    """Every member needs a fresh snapshot (the room's history went back: ``history``)."""
    commit: Commit | None = None
    """Filled by ``server.rooms.commit.settle`` once the transition is done."""


class Private:
    """The private messages a commit's events call for, besides the events themselves:
    bits of a plain int (an IntFlag's arithmetic cost a microsecond a commit)."""

    NONE = 0
    SNAPSHOTS = 1
    """A game started: every member gets a fresh snapshot."""
    HANDS = 2
    """A hand changed: every seat of a hand game gets its hand."""
    REBOUND = 4
    """A seat was resumed on another connection: the old one is closed."""
    REVEALED = 8
    """A reveal (not private: counted in the reveal metrics where it was committed)."""


@dataclass(slots=True)
class Commit:
    """Everything the room service writes besides the record and its events."""

    due_ms: int | None
    """When the room next needs the server to act (None: never)."""
    finished: bool
    """The game is over: the room is kept for the record's lifetime."""
    private: int
    """``Private`` bits."""
    record: GameRecord | None = None
    """The game that ended with this commit."""
    lobby: m.RoomSummary | None = None
    """A public room's lobby row (None: a private room, or a step that changes no row)."""
    listed: bool = False
    """Whether the lobby lists the room (false: the row leaves the lobby)."""


REMOVED_KEPT = 8
"""How many put-out connections a room record remembers (RoomRecord.removed)."""

PLAY_EVENTS = (m.Acted, m.Revealed, m.War, m.TrickWon, m.Shuffled, m.PlayerOut, m.GameOver)
"""The events the rules engine decides (protocol.records.PLAY_EVENT_TAGS)."""


def emit(rec: RoomRecord, out: Outcome, event: m.RoomEvent) -> None:
    if isinstance(event, PLAY_EVENTS) and rec.events_link:
        # Chained as encoded with seq 0, so a replay of the inputs gives the same bytes.
        rec.events_link = events_chain_step(rec.events_link, encode(event))
    rec.seq += 1
    event.seq = rec.seq
    out.events.append(event)


def add_event(rec: RoomRecord, out: Outcome, cls: type[m.RoomEvent], **fields: object) -> None:
    emit(rec, out, cls(seq=0, **fields))  # type: ignore[arg-type]


def player_seat(rec: RoomRecord, player: str) -> int:
    seat = rec.seat_of(player)
    if seat is None:
        if player in rec.spectators:
            raise Refused(ErrorCode.NOT_A_PLAYER, "spectators cannot do that")
        raise Refused(ErrorCode.NOT_IN_ROOM, "you are not in this room")
    return seat
