"""Hostile frames against a live server: the suite's runner and a command.

The suite feeds 100,000 frames (tests/system/test_server_fuzz.py); the command runs longer:

    python3 dev.py python tests/fuzz_frames.py --frames 1000000

It starts its own redis-server and krig-server, and prints frames sent, replies
by code, closes by code, crashes and the server's memory before and after.
The frames, and what a round of them must get back, are tools/hostile.py's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
import time
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from tools.hostile import BATCH, Tally, frames, hostile_round, open_hostile


async def _worker(url: str, count: int, rng: random.Random, report: Tally) -> None:
    source = frames(rng)
    ws = await open_hostile(url)
    ping_id = 1_000_000
    sent = 0
    while sent < count:
        batch = [next(source) for _ in range(min(BATCH, count - sent))]
        ping_id += 1
        try:
            await hostile_round(ws, batch, ping_id, report, 10)
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else 1006
            report.closes[code] += 1
            if code not in (1008, 1009, 4008):
                report.unexpected[f"closed with {code}"] += 1
            with contextlib.suppress(Exception):
                await ws.close()
            ws = await open_hostile(url)
        except TimeoutError:
            report.unexpected["no pong within 10 s: a stuck connection"] += 1
            await ws.close()
            ws = await open_hostile(url)
        sent += len(batch)
        report.frames += len(batch)
    await ws.close()


async def fuzz(url: str, count: int, seed: int, connections: int = 4) -> Tally:
    report = Tally()
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
                for line in list(report.unexpected)[:10]:
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
