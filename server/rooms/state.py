"""What Redis holds for a room and a player, as typed msgpack structs.

A room is one record (seats, settings, the engine state, the sequence
number and recent action ids) stored as one blob with a version number, so
every transition is one compare-and-set. A step of play does not rewrite the
record: it appends its plays (a ``StepEntry``) to the room's tail, and the
record is the stored one with the tail replayed on it (``rooms.rebuild``).
``RoomUpdate`` is what a commit publishes to every server node.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from protocol.records import DealProof
from server.engine import GameState, Rules, make_rules

RoomStatus = Literal["lobby", "playing", "over"]
"""Where a room is: seats being taken, a game being played, or a game just over."""


def rules_for(preset: str, options: dict[str, bool | int | str], seats: int) -> Rules:
    """A room's rules: its preset, the host's options, and the number of seats.

    The one place a room's rules are derived; raises ``RulesError`` for a bad set.
    """
    return make_rules(preset, {**options, "players": seats})


class SeatRecord(msgspec.Struct):
    player: str = ""
    """The seated player's id; empty for a free seat."""
    name: str = ""
    ready: bool = False
    conn: str = ""
    """``node:connection`` currently playing this seat; empty while disconnected."""
    since_ms: int = 0
    """When the seat lost its connection (0: connected, or left: see ``left``)."""
    left: bool = False
    """The player left during a game: the seat is played automatically."""
    bot: bool = False


class Recent(msgspec.Struct, array_like=True):
    """One remembered action: a retry with the same id gets the same answer."""

    id: int
    step: int
    code: str


class RoomRecord(msgspec.Struct):
    code: str
    version: int
    seq: int
    created_ms: int
    updated_ms: int
    host: int
    preset: str
    options: dict[str, bool | int | str]
    public: bool
    seats: list[SeatRecord]
    spectating: bool = True
    locked: bool = False
    chat: bool = True
    """The room's chat is on (the host may turn it off)."""
    ready_checks: bool = False
    """Players must say ``ready``; otherwise taking a seat means ready."""
    status: RoomStatus = "lobby"
    game: int = 0
    game_started_ms: int = 0
    spectators: dict[str, str] = msgspec.field(default_factory=dict)
    state: GameState | None = None
    recent: dict[str, list[Recent]] = msgspec.field(default_factory=dict)
    proof: DealProof | None = None
    """The current game's secret deal (never sent before game over)."""
    commitment: str = ""
    inputs: bytes = b""
    """Every accepted input of the current game: (seat, card or 0 for a flip) byte pairs;
    (255, 0) is the clock's "time is up", (254, 0) "every player left"."""
    turn_ms: int = 0
    """Turn timer: an awaited seat that has not acted this long is played (0: off)."""
    step_started_ms: int = 0
    game_ends_ms: int = 0
    """Timed games: when the server sends the engine "time is up" (0: no limit)."""
    fill_at_ms: int = 0
    """Quick-join rooms: when empty seats are filled with computer players (0: never)."""
    events_link: bytes = b""
    """The current game's play events as sent, hashed into a chain (protocol.records):
    the finished record proves them with these 32 bytes instead of a copy of each."""
    removed: list[str] = msgspec.field(default_factory=list)
    """The connections the host put out of the room lately (the last
    ``rooms.REMOVED_KEPT``): a node that catches a room up from Redis's log,
    having missed the update that named them, still puts them out."""

    def rules(self) -> Rules:
        """This room's rules, from its preset, options and seats (see :func:`rules_for`)."""
        return rules_for(self.preset, self.options, len(self.seats))

    def seat_of(self, player: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.player == player:
                return i
        return None


class PlayInput(msgspec.Struct, array_like=True):
    """One seat's play as it reached the room: enough to apply it again."""

    player: str
    action_id: int
    step: int
    card: int | None
    """The chosen card (hand games), None for a flip."""


class StepEntry(msgspec.Struct, array_like=True):
    """A committed batch of plays, appended to the room's tail instead of a new record.

    Replayed on the record it follows (``rooms.replay_step``), it gives the
    record the commit made: the plays are applied in order at ``updated_ms``,
    each once under its action id, and a refused one changes nothing, then as now.
    """

    updated_ms: int
    plays: list[PlayInput]


_room_encoder = msgspec.msgpack.Encoder()
_room_decoder = msgspec.msgpack.Decoder(RoomRecord)
_step_decoder = msgspec.msgpack.Decoder(StepEntry)


def encode_record(record: RoomRecord) -> bytes:
    return _room_encoder.encode(record)


def decode_record(blob: bytes) -> RoomRecord:
    return _room_decoder.decode(blob)


def encode_step(entry: StepEntry) -> bytes:
    return _room_encoder.encode(entry)


def decode_step(blob: bytes) -> StepEntry:
    return _step_decoder.decode(blob)
