"""A node's memory under churn, in minutes: rooms made, played and left, hostile frames.

    python -m tools.chaos.churn --minutes 6 --slots 40 --out /tmp/churn [--probe]

One redis-server, ``--nodes`` krig nodes on it. ``--slots`` rooms at a time of
two bots each (client_cli.load.LoadRoom, seats spread over the nodes) play for
``--game-s`` seconds, leave, and a new room takes the slot: rooms made and left
back to back, connections opened and closed. Beside them the soak's fuzzer
(tools.chaos.fuzz) at ``--fuzz-rate`` frames a second. Every ``--every`` seconds
each node's RSS, open connections and rooms served (its /metrics) are printed.
``--probe S`` runs the nodes under tools.memprobe (a dump every S seconds in --out).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from client_cli.load import LoadRoom, Pacer, Stats
from server.store.embedded import RedisProcess, free_port
from tools.chaos.__main__ import rss_kib, scrape
from tools.redis_rig import find_server

ROOT = Path(__file__).resolve().parents[2]


def start_node(
    redis_url: str, i: int, out: Path, probe: float
) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    head = [sys.executable, "-m", "tools.memprobe", str(out / f"probe{i}"), str(probe), "--"] \
        if probe else [str(Path(sys.executable).parent / "krig-server")]  # fmt: skip
    args = [*head, "serve", "--port", str(port), "--node-id", f"churn{i}", "--log-format", "json",
            "--redis-url", redis_url, "--grace-s", "2", "--dead-node-s", "3", "--msg-rate", "2000",
            "--msg-burst", "4000", "--max-conns-per-addr", "0", "--rooms-per-min", "0",
            "--drain-s", "0"]  # fmt: skip
    log = open(out / f"node{i}.log", "ab")  # noqa: SIM115
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=log)
    assert proc.stdout is not None
    while b"listening" not in proc.stdout.readline():
        if proc.poll() is not None:
            raise RuntimeError("node did not start")
    return proc, port


async def slot(urls: list[str], k: int, until: float, game_s: float, stats: Stats,
               failures: Counter[str], pacer: Pacer | None) -> None:  # fmt: skip
    """Rooms one after another; ``game_s`` 0: one room, games back to back to the end."""
    n = 0
    while time.perf_counter() < until:
        room = LoadRoom(urls, 2, "quick", k * 100_000 + n, stats, pacer, stall_s=20)
        n += 1
        try:
            if await room.setup():
                await room.run(min(until, time.perf_counter() + game_s) if game_s else until)
        except Exception as exc:
            failures[type(exc).__name__] += 1
        finally:
            await room.close()


async def churn(args: argparse.Namespace) -> None:
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    redis = RedisProcess(port=free_port(), binary=find_server((7, 0)),
                         workdir=str(out / "redis")).start()  # fmt: skip
    nodes: list[tuple[subprocess.Popen[bytes], int]] = []
    try:
        for i in range(args.nodes):
            nodes.append(start_node(f"redis://127.0.0.1:{redis.port}", i, out, args.probe))
    except BaseException:
        for proc, _ in nodes:
            proc.kill()
        redis.stop()
        raise
    urls = [f"ws://127.0.0.1:{port}/ws" for _, port in nodes]
    stats, failures = Stats(), Counter[str]()
    began = time.perf_counter()
    until = began + args.minutes * 60
    fuzzer = subprocess.Popen(
        [sys.executable, "-m", "tools.chaos.fuzz", "--urls", *urls,
         "--frames", str(int(args.fuzz_rate * args.minutes * 60)),
         "--seconds", str(args.minutes * 60), "--out", str(out / "fuzz.json")], cwd=ROOT,
    ) if args.fuzz_rate else None  # fmt: skip
    pacer = Pacer(args.slots * 2 / args.pace_s) if args.pace_s else None
    slots = asyncio.gather(*(slot(urls, k, until, args.game_s, stats, failures, pacer)
                             for k in range(args.slots)))  # fmt: skip
    print("  min  node   RSS MiB  conns  rooms  games  failures", flush=True)
    try:
        while time.perf_counter() < until + 1:
            for i, (proc, port) in enumerate(nodes):
                seen = await asyncio.to_thread(scrape, f"http://127.0.0.1:{port}")
                conns, served = seen or (-1, -1)
                print(f"{(time.perf_counter() - began) / 60:5.1f}  {i:4d}  "
                      f"{rss_kib(proc.pid) / 1024:8.1f}  {conns:5d}  {served:5d}  "
                      f"{stats.games:5d}  {sum(failures.values())}", flush=True)  # fmt: skip
            await asyncio.sleep(args.every)
        await slots
        # Everything left: what stays now is not the players'.
        await asyncio.sleep(10)
        for i, (proc, port) in enumerate(nodes):
            seen = await asyncio.to_thread(scrape, f"http://127.0.0.1:{port}")
            conns, served = seen or (-1, -1)
            print(f" idle  {i:4d}  {rss_kib(proc.pid) / 1024:8.1f}  {conns:5d}  {served:5d}",
                  flush=True)  # fmt: skip
        if args.hold_s:
            await asyncio.sleep(args.hold_s)
    finally:
        if fuzzer is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                fuzzer.wait(5)
            fuzzer.kill()
        for proc, _ in nodes:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
            proc.kill()
        redis.stop()
    print(f"failures: {dict(failures)}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=6)
    parser.add_argument("--nodes", type=int, default=1)
    parser.add_argument("--slots", type=int, default=40)
    parser.add_argument("--game-s", type=float, default=8.0,
                        help="seconds a room plays before it is left (0: to the end)")  # fmt: skip
    parser.add_argument("--pace-s", type=float, default=0.0,
                        help="seconds between one seat's flips (0: at once)")  # fmt: skip
    parser.add_argument("--fuzz-rate", type=float, default=280.0, help="frames a second (0: none)")
    parser.add_argument("--every", type=float, default=30.0)
    parser.add_argument("--hold-s", type=float, default=0.0, help="stay this long at the end")
    parser.add_argument(
        "--probe",
        type=float,
        default=0.0,
        help="run the nodes under tools.memprobe, a dump every this many seconds",
    )
    parser.add_argument("--out", type=Path, required=True)
    asyncio.run(churn(parser.parse_args()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
