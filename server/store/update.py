"""What a commit publishes to the other nodes serving the room."""

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


_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(RoomUpdate)


def encode_update(update: RoomUpdate) -> bytes:
    return _encoder.encode(update)


def decode_update(blob: bytes) -> RoomUpdate:
    return _decoder.decode(blob)
