"""What krig's background jobs cost with many rooms and little play: Redis commands a second.

    .venv/bin/python bench/idle_jobs.py --rooms 500,5000 --seconds 40

For each room count: a fresh redis-server and ``krig-server serve``, then the
peers' load client (bench/peers/load.mjs) opens that many rooms of 2 seats,
starts their games and flips nothing (a think time of a day). After
``--warmup`` seconds (the jobs' first look at every new room is over), Redis's
commands (INFO commandstats, a script's inner commands counted) and the CPU
time of the server and of Redis are read over ``--seconds``: what the
heartbeat, the reconcile job, the sweep of the deadline set, the readiness
probe and the subscription cost when nothing happens. Pinned as bench/peers.py
pins (server and Redis on CPU 0, the client on CPU 1). Prints figures, asserts
none (not part of CI).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.peers import (
    CLIENT_CPU,
    KRIG_LIMITS,
    PEERS,
    PINNED,
    SERVER_CPU,
    START_TIMEOUT_S,
    _redis_calls,
    cpu_seconds,
    ensure_node_modules,
    krig_server_bin,
    node_env,
    spawn,
    stop,
    wait_for,
)
from server.store.embedded import find_redis_server, free_port


def measure(rooms: int, warmup: float, seconds: float, work: Path) -> dict[str, object]:
    procs: list[subprocess.Popen[bytes]] = []
    rport, port = free_port(), free_port()
    rdir = work / f"redis-{rooms}"
    rdir.mkdir()
    log = (work / f"server-{rooms}.log").open("wb")
    try:
        rp = spawn(
            [find_redis_server(), "--port", str(rport), "--bind", "127.0.0.1", "--dir",
             str(rdir), "--save", "", "--appendonly", "no", "--loglevel", "warning"],
            SERVER_CPU, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        procs.append(rp)
        admin = redis.Redis(port=rport)
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                admin.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        server = spawn(
            [krig_server_bin(), "serve", "--redis-url", f"redis://127.0.0.1:{rport}",
             "--port", str(port), "--log-level", "warning", "--log-format", "json",
             *KRIG_LIMITS],
            SERVER_CPU, stdout=log,
        )  # fmt: skip
        procs.append(server)
        wait_for("krig", server, work / f"server-{rooms}.log", "listening")
        client = spawn(
            ["node", str(PEERS / "load.mjs"), "--target", "krig",
             "--url", f"ws://127.0.0.1:{port}/ws", "--rooms", str(rooms),
             "--warmup", str(warmup), "--seconds", str(seconds), "--think", "86400"],
            CLIENT_CPU, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=node_env(),
        )  # fmt: skip
        procs.append(client)
        assert client.stdout is not None
        marks: dict[str, tuple[float, float, dict[str, int], float]] = {}
        for raw in client.stdout:
            line = raw.decode().strip()
            if line in ("measure-start", "measure-end"):
                marks[line] = (
                    cpu_seconds(server.pid), cpu_seconds(rp.pid), _redis_calls(admin),
                    time.monotonic(),
                )  # fmt: skip
            if line == "measure-end":
                break
        if len(marks) != 2:
            raise RuntimeError(f"the load client stopped early ({rooms} rooms)")
        (s0, r0, c0, t0), (s1, r1, c1, t1) = marks["measure-start"], marks["measure-end"]
        span = t1 - t0
        by = {k: (n - c0.get(k, 0)) / span for k, n in c1.items() if n > c0.get(k, 0)}
        admin.close()
        return {
            "rooms": rooms,
            "seconds": span,
            "commands_per_s": sum(by.values()),
            "by_command": dict(sorted(by.items(), key=lambda kv: -kv[1])),
            "server_cpu": (s1 - s0) / span,
            "redis_cpu": (r1 - r0) / span,
        }
    finally:
        for proc in reversed(procs):
            stop(proc)
        log.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/idle_jobs.py", description=__doc__)
    parser.add_argument("--rooms", default="500,5000", help="room counts (default 500,5000)")
    parser.add_argument("--warmup", type=float, default=40.0, help="seconds before measuring")
    parser.add_argument("--seconds", type=float, default=40.0, help="measured seconds")
    args = parser.parse_args(argv)
    ensure_node_modules()
    if PINNED:
        os.sched_setaffinity(0, {CLIENT_CPU})
    print(f"load average {os.getloadavg()[0]:.2f}", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="krig-idle-") as tmp:
        for rooms in (int(x) for x in args.rooms.split(",")):
            r = measure(rooms, args.warmup, args.seconds, Path(tmp))
            by = r["by_command"]
            assert isinstance(by, dict)
            shown = ", ".join(f"{k.upper()} {v:.1f}" for k, v in by.items())
            print(
                f"{rooms:>6} idle rooms of 2 seats: {r['commands_per_s']:.1f} Redis commands/s "
                f"({shown}); server CPU {r['server_cpu']:.1%}, Redis CPU {r['redis_cpu']:.1%}"
                f" of a core; load average {os.getloadavg()[0]:.2f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
