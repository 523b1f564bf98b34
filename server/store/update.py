"""What a commit publishes to the other nodes serving the room, and what its journal keeps."""

from __future__ import annotations

import msgspec


class RoomUpdate(msgspec.Struct, array_like=True):
    """Published on the room's channel after every commit."""

    code: str
    version: int
    first_seq: int
    last_seq: int
    record: bytes
    frames: list[bytes]
    acted_ms: int
    """When the action that caused this update arrived (reveal latency)."""
    removed: list[str] = msgspec.field(default_factory=list)
    """Connections put out of the room by this update (``Outcome.removed``)."""
    step: bytes = b""
    """A commit that appended a StepEntry (``record`` is then empty): the entry."""
    private: int = 0
    """The private messages the frames call for (``server.rooms.Private`` flags),
    so a node that receives the update need not look inside the frames."""
    head: int = 0
    """A commit that wrote the record: how many entries its journal starts with (a
    node that caches the record appends its steps after them)."""


class JournalEntry(msgspec.Struct, array_like=True):
    """One commit, as the room's journal keeps it (``krig:{CODE}:j:V``)."""

    version: int
    first_seq: int
    last_seq: int
    """The commit's events are numbered first_seq..last_seq (none: first_seq = last_seq + 1)."""
    frames: list[bytes]
    step: bytes = b""
    """A step of play (a StepEntry), when the commit wrote no record."""
    last: bytes = b""
    """A commit that numbered no event: the frame of the room's last event (number
    ``last_seq``) as the store held it when the commit was made, if the committing
    node had read it (else empty). The reconcile job compares a quiet room's last
    event with the one its node sent from this entry alone: the event's own entry
    may be trimmed off the journal (``Journals.lasts``)."""


_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(RoomUpdate)
_entry_decoder = msgspec.msgpack.Decoder(JournalEntry)


def encode_entry(entry: JournalEntry) -> bytes:
    return _encoder.encode(entry)


def decode_entry(blob: bytes) -> JournalEntry:
    return _entry_decoder.decode(blob)


def encode_update(update: RoomUpdate) -> bytes:
    return _encoder.encode(update)


def decode_update(blob: bytes) -> RoomUpdate:
    return _decoder.decode(blob)


def last_frame(
    before: bytes | None, before_seq: int, frames: list[bytes], last_seq: int, kept: bytes = b""
) -> bytes | None:
    """The frame of a room's last event once a commit of ``frames`` (its events,
    numbered up to ``last_seq``; ``kept``: ``JournalEntry.last``) follows a room whose
    last event, number ``before_seq``, had the frame ``before`` (None: unknown)."""
    if frames:
        return frames[-1]
    if kept:
        return kept
    return before if last_seq == before_seq else None


def standing(base: int, entries: list[JournalEntry]) -> int:
    """How many of the entries appended after a record of version ``base`` stand:
    those whose versions follow it one by one. What comes after is strays (steps
    whose append found another step of their version there first, refused)."""
    count = 0
    for entry in entries:
        if entry.version != base + count + 1:
            break
        count += 1
    return count
