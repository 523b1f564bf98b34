"""Hostile frames for a live krig server, and one round of them: the suite's fuzzer
(tests/fuzz_frames.py) and the soak's (tools/chaos/fuzz.py) both send these.

Every frame is one of: a valid client message, the same mutated (bit flips,
truncation, splices, inserted bytes), random bytes, random msgpack built around
real message tags with wrong types and values, hostile encodings (deep nesting,
huge declared lengths, ext types, non-string and duplicate keys, bad UTF-8),
text frames, and (rarely) a frame over the size limit. A round is BATCH frames
and a ping: the connection must answer the ping, so nothing may hang; every
answer is counted, and any error code the protocol does not give for a hostile
frame is kept as unexpected.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect

from protocol import messages as m
from protocol.codec import ProtocolError, decode_server, encode
from protocol.limits import MAX_CLIENT_FRAME
from protocol.version import SUBPROTOCOL
from tools.examples import CLIENT_EXAMPLES

TAGS = [t.__struct_config__.tag for t in m.CLIENT_TYPES]
FIELDS = sorted({f for t in m.CLIENT_TYPES for f in t.__struct_fields__})
SEEDS = [encode(msg) for msg in CLIENT_EXAMPLES if not isinstance(msg, m.Hello)]
BATCH = 16  # hostile frames between two pings

# Codes a hostile frame may be answered with; anything else (like "internal") is a bug.
EXPECTED_CODES = {
    "bad_frame", "too_large", "bad_message", "unknown_type", "rate_limited", "not_in_room",
    "unknown_room", "already_in_room", "bad_rules", "not_host", "not_started", "game_over",
    "not_a_player", "stale_step", "wrong_action", "room_full", "room_locked", "seat_taken",
    "spectating_off", "not_ready", "already_started", "seat_out", "not_awaiting",
    "already_acted", "card_not_in_hand", "chat_off",
    # Unasked: one fuzzing connection, the host of a room without spectators, may free
    # the seat of another (remove_seat), which is then told it is out.
    "removed",
}  # fmt: skip


def _random_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(12 if depth < 3 else 8)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, 1, -1, 2**31, 2**32, 2**53, 2**63 - 1, -(2**63), 2**64 - 1])
    if kind == 3:
        return rng.randrange(-1000, 1000)
    if kind == 4:
        return rng.choice([0.5, float("nan"), float("inf"), -0.0, 1e308])
    if kind == 5:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(0, 40)))
    if kind == 6:
        return rng.randbytes(rng.randrange(0, 40))
    if kind == 7:
        return rng.choice(TAGS + FIELDS + ["", "t", "classic", "ABC-DEF"])
    if kind in (8, 9):
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(0, 5))]
    if kind == 10:
        return msgpack.ExtType(rng.randrange(0, 128), rng.randbytes(rng.randrange(0, 9)))
    return {
        _random_value(rng, 3) if rng.random() < 0.2 else rng.choice(FIELDS): _random_value(
            rng, depth + 1
        )
        for _ in range(rng.randrange(0, 6))
    }


def _shaped(rng: random.Random) -> bytes:
    """A map with a real tag and real field names, holding random values."""
    body: dict[Any, Any] = {"t": rng.choice(TAGS)}
    for name in rng.sample(FIELDS, rng.randrange(0, 6)):
        body[name] = _random_value(rng)
    packed: bytes = msgpack.packb(body, use_bin_type=rng.random() < 0.8)
    return packed


def _mutate(rng: random.Random, frame: bytes) -> bytes:
    data = bytearray(frame)
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(4)
        if op == 0 and data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif op == 1 and data:
            del data[rng.randrange(len(data)) :]
        elif op == 2:
            at = rng.randrange(len(data) + 1)
            data[at:at] = rng.randbytes(rng.randrange(1, 8))
        else:
            data += rng.choice(SEEDS)
    return bytes(data)


HOSTILE: list[bytes] = [
    b"",
    b"\xc1",  # never used
    b"\x91" * 64 + b"\xc0",  # deep nesting
    b"\x81" * 30 + b"\xa1t\xa4ping",
    b"\xdb\xff\xff\xff\xff",  # a string claiming 4 GiB
    b"\xdd\xff\xff\xff\xff",  # an array claiming 4 billion items
    b"\xdf\xff\xff\xff\xff",  # a map claiming 4 billion pairs
    b"\x82\xa1t\xa4ping\xa1t\xa4ping",  # duplicate key
    b"\x82\xa1t\xa4ping\xa2id\xcf\xff\xff\xff\xff\xff\xff\xff\xff",
    b"\x82\xa1t\xa4ping\x01\x02",  # non-string key
    b"\x82\xa1t\xa4ping\xa2id\xd4\x01\x00",  # ext value
    b"\x81\xa1t\xa3\xff\xfe\xfd",  # bad UTF-8
    b"\x82\xa1t\xa4flip\xa2id\xcb\x7f\xf8\x00\x00\x00\x00\x00\x00",  # NaN id
]


def frames(rng: random.Random) -> Iterator[bytes | str]:
    while True:
        roll = rng.random()
        if roll < 0.15:
            yield rng.choice(SEEDS)
        elif roll < 0.45:
            yield _mutate(rng, rng.choice(SEEDS))
        elif roll < 0.60:
            yield rng.randbytes(rng.randrange(0, 64))
        elif roll < 0.85:
            yield _shaped(rng)
        elif roll < 0.95:
            yield rng.choice(HOSTILE)
        elif roll < 0.9999:
            yield "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(0, 30)))
        else:
            yield b"\x00" * (MAX_CLIENT_FRAME + 1)


@dataclass
class Tally:
    """What hostile rounds got back."""

    frames: int = 0
    replies: Counter[str] = field(default_factory=Counter)
    """Answers by error code, or by message type."""
    closes: Counter[int] = field(default_factory=Counter)
    unexpected: Counter[str] = field(default_factory=Counter)
    """Anything the protocol does not promise for a hostile frame (a bug)."""
    reopened: int = 0

    def summary(self) -> str:
        top = ", ".join(f"{k} {v}" for k, v in self.replies.most_common(8))
        closes = ", ".join(f"{k}: {v}" for k, v in sorted(self.closes.items())) or "none"
        return (
            f"{self.frames:,} frames; replies: {top}; closes: {closes}; "
            f"unexpected: {self.unexpected.total()}"
        )


async def open_hostile(url: str, open_timeout: float = 10) -> ClientConnection:
    """A connection past its hello, ready for hostile frames."""
    ws = await connect(url, subprotocols=[SUBPROTOCOL], compression=None,  # type: ignore[list-item]
                       max_size=1 << 20, open_timeout=open_timeout)  # fmt: skip
    await ws.send(encode(m.Hello(v=1, name="fuzz", token=None, client="fuzz")))
    welcome = decode_server(await asyncio.wait_for(ws.recv(), 10))  # type: ignore[arg-type]
    if not isinstance(welcome, m.Welcome):
        raise ConnectionError(f"no welcome: {welcome!r}")
    return ws


async def hostile_round(
    ws: ClientConnection,
    batch: list[bytes | str],
    ping_id: int,
    tally: Tally,
    timeout_s: float,
    also: frozenset[str] = frozenset(),
) -> None:
    """Send ``batch``, then a ping; count every answer until its pong (each read
    within ``timeout_s``, else TimeoutError: a stuck connection). ``also``: codes
    expected as well (the chaos soak's store faults)."""
    for frame in batch:
        await ws.send(frame)
    await ws.send(encode(m.Ping(id=ping_id)))
    while True:
        frame = await asyncio.wait_for(ws.recv(), timeout_s)
        if isinstance(frame, str):
            tally.unexpected[f"text frame from the server: {frame[:40]!r}"] += 1
            continue
        try:
            msg = decode_server(frame)
        except ProtocolError:
            tally.unexpected["undecodable frame from the server"] += 1
            continue
        if isinstance(msg, m.Pong) and msg.id == ping_id:
            return
        if isinstance(msg, m.Error):
            tally.replies[msg.code] += 1
            if msg.code not in EXPECTED_CODES and msg.code not in also:
                tally.unexpected[f"{msg.code}: {msg.message}"] += 1
        else:
            tally.replies[type(msg).__name__] += 1
