"""``krig-server serve --workers N``: what one worker and two carry, side by side.

    .venv/bin/python bench/workers.py --rounds 3 --seconds 10     # about 2 minutes

The same closed-loop load (bench/peers/load.mjs: ``--rooms`` rooms of 2 bots,
each flipping as soon as the previous reveal reached it) against
``krig-server serve --workers 1`` and ``--workers 2``, each with a fresh
redis-server (loopback TCP), interleaved over ``--rounds``. Nothing is
pinned: the workers, Redis and the load client share the machine's cores,
as they would on a host. It prints flips/s, reveal latency, the CPU per
flip of the workers (all of them), of Redis and of the load client, and
how busy the machine was with other processes. A benchmark: it asserts
nothing (not part of CI).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.peers import (
    KRIG_LIMITS,
    PEERS,
    ROOT,
    cpu_seconds,
    ensure_node_modules,
    krig_server_bin,
    node_env,
    stop,
    wait_for,
)
from server.store.embedded import find_redis_server, free_port


@dataclass
class Run:
    workers: int
    round: int
    flips_per_s: float
    p50_ms: float
    p99_ms: float
    server_us: float
    """CPU of every worker (and the supervisor) per flip, µs."""
    redis_us: float
    client_us: float
    machine_busy: float
    """Share of both cores busy over the measured time, everything included."""
    others: float
    """Share of both cores taken by processes other than these (other users' work)."""
    errors: dict[str, int]


def _tree(pid: int) -> list[int]:
    """``pid`` and its descendants."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
    return found


def _cpu(pids: list[int]) -> float:
    total = 0.0
    for p in pids:
        with contextlib.suppress(OSError):
            total += cpu_seconds(p)
    return total


def _machine() -> float:
    """Busy seconds of every core so far."""
    ticks = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return (sum(ticks[:8]) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def run_one(workers: int, rnd: int, args: argparse.Namespace, work: Path) -> Run:
    rport, port = free_port(), free_port()
    rdir = work / f"redis-{workers}-{rnd}"
    rdir.mkdir()
    logs = [open(work / f"{name}-{workers}-{rnd}.log", "wb") for name in ("redis", "srv", "cl")]  # noqa: SIM115
    procs: list[subprocess.Popen[bytes]] = []
    try:
        rp = subprocess.Popen(
            [find_redis_server(), "--port", str(rport), "--bind", "127.0.0.1", "--dir",
             str(rdir), "--save", "", "--appendonly", "no", "--daemonize", "no"],
            stdout=logs[0], stderr=subprocess.STDOUT,
        )  # fmt: skip
        procs.append(rp)
        time.sleep(0.3)
        srv = subprocess.Popen(
            [krig_server_bin(), "serve", "--redis-url", f"redis://127.0.0.1:{rport}",
             "--port", str(port), "--workers", str(workers), "--log-level", "warning",
             "--log-format", "json", *KRIG_LIMITS],
            stdout=logs[1], stderr=subprocess.STDOUT, cwd=ROOT,
        )  # fmt: skip
        procs.append(srv)
        wait_for(f"--workers {workers}", srv, work / f"srv-{workers}-{rnd}.log", "listening")
        client = subprocess.Popen(
            ["node", str(PEERS / "load.mjs"), "--target", "krig", "--url",
             f"ws://127.0.0.1:{port}/ws", "--rooms", str(args.rooms), "--warmup",
             str(args.warmup), "--seconds", str(args.seconds)],
            stdout=subprocess.PIPE, stderr=logs[2], env=node_env(),
        )  # fmt: skip
        procs.append(client)
        assert client.stdout is not None
        marks: dict[str, tuple[float, float, float, float]] = {}
        result: dict[str, object] | None = None
        for raw in client.stdout:
            line = raw.decode().strip()
            if line in ("measure-start", "measure-end"):
                marks[line] = (
                    _cpu(_tree(srv.pid)),
                    cpu_seconds(rp.pid),
                    cpu_seconds(client.pid),
                    _machine(),
                )
            elif line.startswith("{"):
                result = json.loads(line)
        client.wait(30)
        if result is None or len(marks) != 2:
            raise RuntimeError(f"--workers {workers}: the load client stopped early")
        (s0, r0, c0, m0), (s1, r1, c1, m1) = marks["measure-start"], marks["measure-end"]
        flips = int(result["flips"])  # type: ignore[call-overload]
        secs = float(result["seconds"])  # type: ignore[arg-type]
        lat: dict[str, float] = result["latency_ms"]  # type: ignore[assignment]
        cores = os.cpu_count() or 1
        ours = (s1 - s0) + (r1 - r0) + (c1 - c0)
        return Run(
            workers=workers,
            round=rnd,
            flips_per_s=float(result["flips_per_s"]),  # type: ignore[arg-type]
            p50_ms=lat["p50"],
            p99_ms=lat["p99"],
            server_us=(s1 - s0) / flips * 1e6,
            redis_us=(r1 - r0) / flips * 1e6,
            client_us=(c1 - c0) / flips * 1e6,
            machine_busy=(m1 - m0) / secs / cores,
            others=max(0.0, (m1 - m0) - ours) / secs / cores,
            errors=dict(result.get("errors") or {}),  # type: ignore[call-overload]
        )
    finally:
        for proc in reversed(procs):
            stop(proc)
        for f in logs:
            f.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--rooms", type=int, default=100, help="rooms of 2 bots (default 100)")
    parser.add_argument("--workers", default="1,2", help="worker counts to compare")
    parser.add_argument("--json", metavar="PATH", help="also write every run's figures here")
    args = parser.parse_args()
    counts = [int(x) for x in args.workers.split(",")]
    ensure_node_modules()
    started = datetime.datetime.now(datetime.UTC)
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="krig-workers-bench-") as tmp:
        for rnd in range(1, args.rounds + 1):
            order = counts if rnd % 2 else counts[::-1]
            for n in order:
                run = run_one(n, rnd, args, Path(tmp))
                runs.append(run)
                print(
                    f"  round {rnd} --workers {n}: {run.flips_per_s:8,.0f} flips/s, "
                    f"machine busy {run.machine_busy:.0%}, others {run.others:.0%}",
                    file=sys.stderr,
                    flush=True,
                )
    print(
        f"{started:%Y-%m-%d %H:%M} UTC; {os.cpu_count()} CPUs, nothing pinned; {args.rooms} "
        f"rooms of 2 bots (bench/peers/load.mjs, closed loop); {args.rounds} interleaved "
        f"round(s) of {args.seconds:g} s; medians (flips/s: the rounds' range)"
    )
    print()
    print(
        "| workers | flips/s (rounds) | p50 / p99 ms | workers µs/flip | Redis µs/flip "
        "| client µs/flip | machine busy | of it others' |"
    )
    print("|---|---|---|---|---|---|---|---|")
    base = None
    for n in counts:
        mine = [r for r in runs if r.workers == n]

        def med(key: str, rs: list[Run] = mine) -> float:
            return float(statistics.median(getattr(r, key) for r in rs))

        fps = med("flips_per_s")
        base = base or fps
        print(
            f"| {n} | {fps:,.0f} ({min(r.flips_per_s for r in mine):,.0f}-"
            f"{max(r.flips_per_s for r in mine):,.0f}), {fps / base:.2f}x | "
            f"{med('p50_ms'):.2f} / {med('p99_ms'):.2f} | {med('server_us'):.1f} | "
            f"{med('redis_us'):.1f} | {med('client_us'):.1f} | {med('machine_busy'):.0%} | "
            f"{med('others'):.0%} |"
        )
    errors = {k: v for r in runs for k, v in r.errors.items()}
    print()
    print(f"errors: {errors or 'none'}")
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(r) for r in runs], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
