"""The bare stack's clients for ``bench stack``: flip-frame echoes and idle sessions.

Not krig's load generator (``krig load``, :mod:`client_cli.load`): these measure
what websockets + msgpack + a client cost without a game, against a bare echo
server (``python -m bench.stack echo PORT``) or the game floors, and what an idle
session costs a server. ``bench stack`` runs them as their own processes::

    python -m bench.clients echo ws://127.0.0.1:PORT/ CONNECTIONS SECONDS [--loop uvloop]
    python -m bench.clients idle ws://127.0.0.1:PORT/ CONNECTIONS SECONDS [--loop uvloop]

Each prints one JSON report on stdout.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import time
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection

from client_cli.load import _percentile
from krig_runtime import process
from protocol import messages as m
from protocol.codec import decode_client, encode, is_bundle
from protocol.version import SUBPROTOCOL

ECHO_GRACE_S = 2.0
"""How long past its duration an echo run waits for the last answers."""


async def run_echo(url: str, connections: int, duration: float) -> dict[str, Any]:
    """The bare stack: each connection sends a flip frame and waits for its echo, in a loop.

    Point it at a plain msgpack echo server (``krig-server bench echo-server``) to
    measure what websockets + msgpack + this client cost without krig.
    """
    frame = encode(m.FlipCard(id=1, step=1))
    latencies: list[float] = []
    count = 0
    last = 0.0
    conns = [
        await websockets.connect(url, compression=None, max_size=1 << 20)
        for _ in range(connections)
    ]

    async def loop(ws: ClientConnection, until: float) -> None:
        nonlocal count, last
        while time.perf_counter() < until:
            sent = time.perf_counter()
            await ws.send(frame)
            reply = await ws.recv()
            if not (isinstance(reply, bytes) and is_bundle(reply)):  # (the step floor bundles)
                assert isinstance(decode_client(reply), m.FlipCard)
            last = time.perf_counter()
            latencies.append(last - sent)
            count += 1

    began = last = time.perf_counter()
    loops = [asyncio.ensure_future(loop(ws, began + duration)) for ws in conns]
    # A server that answers a frame only with another connection's (the game
    # floors pair connections into tables) can leave one waiting at the end:
    # that round trip is not counted, nor is the wait in the elapsed time.
    done, waiting = await asyncio.wait(loops, timeout=duration + ECHO_GRACE_S)
    for task in waiting:
        task.cancel()
    for task in done:
        if (exc := task.exception()) is not None:
            raise exc
    elapsed = last - began
    await asyncio.gather(*(ws.close() for ws in conns), return_exceptions=True)
    lat = [x * 1000 for x in latencies]
    return {
        "connections": connections,
        "seconds": round(elapsed, 3),
        "round_trips": count,
        "round_trips_per_s": count / elapsed if elapsed > 0 else 0.0,
        "latency_ms": {
            "p50": _percentile(lat, 0.50),
            "p95": _percentile(lat, 0.95),
            "p99": _percentile(lat, 0.99),
        },
    }


async def run_idle(url: str, connections: int, hold: float) -> dict[str, Any]:
    """Open ``connections`` sessions (handshake + hello), hold them idle, close them."""
    sessions: list[ClientConnection] = []
    hello = encode(m.Hello(v=1, name="idle", token=None, client="krig-idle", bundle=True))
    began = time.perf_counter()
    for chunk in range(0, connections, 200):

        async def one() -> ClientConnection:
            ws = await websockets.connect(
                url,
                subprotocols=[SUBPROTOCOL],  # type: ignore[list-item]
                compression=None,
                open_timeout=60,
            )
            await ws.send(hello)
            await ws.recv()
            return ws

        sessions += await asyncio.gather(*(one() for _ in range(min(200, connections - chunk))))
    opened = time.perf_counter() - began
    await asyncio.sleep(hold)
    await asyncio.gather(*(ws.close() for ws in sessions), return_exceptions=True)
    return {"connections": len(sessions), "open_seconds": round(opened, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.clients", description=__doc__)
    parser.add_argument("mode", choices=("echo", "idle"))
    parser.add_argument("url")
    parser.add_argument("connections", type=int)
    parser.add_argument("seconds", type=float, help="echo: how long; idle: how long to hold")
    parser.add_argument("--loop", choices=process.LOOPS, default="auto")
    args = parser.parse_args(argv)
    process.tune_for_throughput()
    with contextlib.suppress(ValueError, OSError):
        process.raise_open_files()  # a socket per connection
    run = run_echo if args.mode == "echo" else run_idle
    report = process.run(run(args.url, args.connections, args.seconds), args.loop)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
