"""The soak's fuzzer: hostile frames at an even pace over every node, through faults.

    python -m tools.chaos.fuzz --urls ws://... ws://... --frames 1000000 --seconds 3600 \
        --out /tmp/fuzz.json

A child process of the soak (its own CPU). Sends the frames of
tools/hostile.py. A connection a fault closes (a node killed or stopped)
opens again on the next node; what the server answered is counted by code,
and any code the protocol does not document for a hostile frame is kept.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import time
from pathlib import Path

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, WebSocketException

from tools.hostile import BATCH, Tally, frames, hostile_round, open_hostile

THROUGH_FAULTS = frozenset({"waiting_for_store", "room_gone"})
"""Documented answers (protocol/PROTOCOL.md) that only a fault of the store brings: one
failing over or unreachable (``waiting_for_store``), one that lost a room the fuzzing
connection was in (``room_gone``). ``internal`` stays unexpected: the server failed."""

CLOSES_OK = {1000, 1001, 1006, 1008, 1009, 1011, 1012, 4008}
"""Closes a hostile connection may get: policy (1008), too large (1009), rate
limited (4008); and a node killed (1006), stopping (1001, 1012) or failing over."""


async def _worker(
    urls: list[str], index: int, count: int, until: float, seed: int, tally: Tally
) -> None:
    rng = random.Random(seed)
    source = frames(rng)
    at = index % len(urls)
    ws: ClientConnection | None = None
    sent = 0
    ping_id = 1_000_000
    began = time.monotonic()
    while sent < count:
        # An even pace: this worker's share spread over the run.
        due = began + (until - began) * sent / count
        if due > time.monotonic():
            await asyncio.sleep(due - time.monotonic())
        if ws is None:
            try:
                ws = await open_hostile(urls[at], open_timeout=5)
            except (OSError, TimeoutError, WebSocketException, ConnectionError):
                at = (at + 1) % len(urls)
                await asyncio.sleep(0.5)
                continue
        batch = [next(source) for _ in range(min(BATCH, count - sent))]
        ping_id += 1
        try:
            await hostile_round(ws, batch, ping_id, tally, 30, THROUGH_FAULTS)
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else 1006
            tally.closes[code] += 1
            if code not in CLOSES_OK:
                tally.unexpected[f"closed with {code}"] += 1
            ws = None
            if code in (1006, 1001, 1012, 1011):
                at = (at + 1) % len(urls)  # (a node gone: the next one)
            tally.reopened += 1
        except TimeoutError:
            # A node stopped (SIGSTOP) holds the connection open: not an answer.
            tally.closes[0] += 1
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 1)
            ws = None
            at = (at + 1) % len(urls)
        sent += len(batch)
        tally.frames += len(batch)
    if ws is not None:
        with contextlib.suppress(Exception):
            await ws.close()


async def run(urls: list[str], count: int, seconds: float, seed: int, out: Path) -> None:
    tally = Tally()
    connections = 4
    until = time.monotonic() + seconds

    async def dump_every() -> None:
        while True:
            await asyncio.sleep(10)
            _dump(tally, out)

    dumper = asyncio.get_running_loop().create_task(dump_every())
    share = count // connections
    await asyncio.gather(
        *(_worker(urls, i, share + (count % connections if i == 0 else 0), until,
                  seed * 1000 + i, tally)
          for i in range(connections))
    )  # fmt: skip
    dumper.cancel()
    _dump(tally, out)


def _dump(tally: Tally, out: Path) -> None:
    out.write_text(
        json.dumps(
            {
                "frames": tally.frames,
                "replies": dict(tally.replies),
                "closes": {str(k): v for k, v in tally.closes.items()},
                "unexpected": dict(tally.unexpected),
                "reopened": tally.reopened,
            }
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--urls", nargs="+", required=True)
    parser.add_argument("--frames", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=3600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    asyncio.run(run(args.urls, args.frames, args.seconds, args.seed, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
