"""A room's tail: the steps of play committed since its record was last written.

A step of play does not rewrite the record; its plays are appended to the
room's tail, and the room is the stored record with the tail applied.
"""

from __future__ import annotations

import contextlib

from server.errors import Refused
from server.rooms.play import play_input
from server.rooms.state import RoomRecord, StepEntry, decode_record, decode_step
from server.rooms.transition import Outcome


def replay_step(rec: RoomRecord, entry: StepEntry) -> None:
    """Apply a tail entry to the record it follows: the record its commit made.

    Every play is applied as the committing node applied it; one it refused
    is refused again and changes nothing (the engine is deterministic and the
    record is the same).
    """
    rec.updated_ms = entry.updated_ms
    out = Outcome()
    for p in entry.plays:
        with contextlib.suppress(Refused):
            play_input(rec, out, p)
    rec.version += 1


def rebuild(blob: bytes, tail: list[bytes]) -> RoomRecord:
    """The room's record: the stored one with its tail of steps replayed on it."""
    rec = decode_record(blob)
    for raw in tail:
        replay_step(rec, decode_step(raw))
    return rec
