"""Hostile frames against a live server: a seeded mutator, a runner and a command.

The suite feeds 100,000 frames (tests/system/test_server_fuzz.py); the command runs longer:

    python3 dev.py python tests/fuzz_frames.py --frames 1000000

It starts its own redis-server and krig-server, and prints frames sent, replies
by code, closes by code, crashes and the server's memory before and after.

Every frame is one of: a valid client message, the same mutated (bit flips,
truncation, splices, inserted bytes), random bytes, random msgpack built around
real message tags with wrong types and values, hostile encodings (deep nesting,
huge declared lengths, ext types, non-string and duplicate keys, bad UTF-8),
text frames, and (rarely) a frame over the size limit. After every batch the
connection must still answer a ping: nothing may hang.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from protocol import messages as m
from protocol.codec import decode_server, encode
from protocol.limits import MAX_CLIENT_FRAME
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
class Report:
    frames: int = 0
    replies: Counter[str] = field(default_factory=Counter)
    closes: Counter[int] = field(default_factory=Counter)
    unexpected: list[str] = field(default_factory=list)

    def summary(self) -> str:
        top = ", ".join(f"{k} {v}" for k, v in self.replies.most_common(8))
        closes = ", ".join(f"{k}: {v}" for k, v in sorted(self.closes.items())) or "none"
        return (
            f"{self.frames:,} frames; replies: {top}; closes: {closes}; "
            f"unexpected: {len(self.unexpected)}"
        )


async def _open(url: str) -> ClientConnection:
    ws = await connect(url, subprotocols=["krig.v1"], compression=None, max_size=1 << 20)  # type: ignore[list-item]
    await ws.send(encode(m.Hello(v=1, name="fuzz", token=None, client="fuzz")))
    welcome = decode_server(await asyncio.wait_for(ws.recv(), 10))  # type: ignore[arg-type]
    assert isinstance(welcome, m.Welcome), welcome
    return ws


async def _until_pong(ws: ClientConnection, ping_id: int, report: Report) -> None:
    """Read replies until our ping's pong: the connection is alive and in order."""
    while True:
        frame = await asyncio.wait_for(ws.recv(), 10)
        if isinstance(frame, str):
            report.unexpected.append(f"text frame from the server: {frame[:40]!r}")
            continue
        msg = decode_server(frame)
        if isinstance(msg, m.Pong) and msg.id == ping_id:
            return
        if isinstance(msg, m.Error):
            report.replies[msg.code] += 1
            if msg.code not in EXPECTED_CODES:
                report.unexpected.append(f"{msg.code}: {msg.message}")
        else:
            report.replies[type(msg).__name__] += 1


async def _worker(url: str, count: int, rng: random.Random, report: Report) -> None:
    source = frames(rng)
    ws = await _open(url)
    ping_id = 1_000_000
    sent = 0
    while sent < count:
        batch = [next(source) for _ in range(min(BATCH, count - sent))]
        ping_id += 1
        try:
            for frame in batch:
                await ws.send(frame)
            await ws.send(encode(m.Ping(id=ping_id)))
            await _until_pong(ws, ping_id, report)
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else 1006
            report.closes[code] += 1
            if code not in (1008, 1009, 4008):
                report.unexpected.append(f"closed with {code}")
            with contextlib.suppress(Exception):
                await ws.close()
            ws = await _open(url)
        except TimeoutError:
            report.unexpected.append("no pong within 10 s: a stuck connection")
            await ws.close()
            ws = await _open(url)
        sent += len(batch)
        report.frames += len(batch)
    await ws.close()


async def fuzz(url: str, count: int, seed: int, connections: int = 4) -> Report:
    report = Report()
    share = count // connections
    await asyncio.gather(
        *(
            _worker(url, share + (count % connections if i == 0 else 0),
                    random.Random(seed * 1000 + i), report)
            for i in range(connections)
        )
    )  # fmt: skip
    return report


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--connections", type=int, default=4)
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).parent))
    from server_support import ServerProc

    from server.store.embedded import RedisProcess

    with tempfile.TemporaryDirectory() as tmp:
        redis_proc = RedisProcess().start()
        srv = ServerProc(redis_proc.url, "fuzz", Path(tmp), msg_rate=1e6, msg_burst=10**6).start()
        try:
            assert srv.proc is not None
            print(f"seed {args.seed}; server pid {srv.proc.pid}; log {srv.log_path}")
            start_kib = rss_kib(srv.proc.pid)
            began = time.monotonic()
            step = max(args.frames // 10, 1)
            done = 0
            while done < args.frames:
                n = min(step, args.frames - done)
                report = asyncio.run(fuzz(srv.url, n, args.seed + done, args.connections))
                done += n
                print(
                    f"{done:>10,} frames  {time.monotonic() - began:6.1f}s  "
                    f"server RSS {rss_kib(srv.proc.pid) / 1024:.1f} MiB  {report.summary()}",
                    flush=True,
                )
                for line in report.unexpected[:10]:
                    print("  unexpected:", line)
                if report.unexpected or srv.proc.poll() is not None:
                    return 1
            print(
                f"server memory: {start_kib / 1024:.1f} MiB at start, "
                f"{rss_kib(srv.proc.pid) / 1024:.1f} MiB at the end"
            )
            return 0
        finally:
            srv.stop()
            redis_proc.cleanup()


if __name__ == "__main__":
    sys.exit(main())
