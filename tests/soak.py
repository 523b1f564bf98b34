"""Soak: rooms of bots for minutes on two nodes, with a fault every few seconds.

    python3 dev.py python tests/soak.py --rooms 20 --minutes 5

Starts its own redis-server (AOF on) and two krig-server nodes, then plays
R rooms of 2-4 bots (seats spread over both nodes) while it cycles through
the faults of issue 7: SIGKILL a node, SIGSTOP a node past the turn timer,
restart Redis, SIGTERM a node, cut a node's Redis subscription. Every room
in Redis is checked for card conservation after every fault and at the end.
It prints games finished, errors, reconnects, conservation violations (must
be 0) and each node's memory at start and end. Not part of CI.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).parent))

from fuzz_frames import rss_kib
from server_support import ServerProc, room_in_redis, stored

from client_cli.load import LoadRoom, Stats
from protocol.codec import decode_server
from server.engine import census
from server.store.embedded import RedisProcess, free_port
from server.store.keys import log_key

FAULTS = ("sigkill", "sigstop", "redis_restart", "sigterm", "cut_subscription")


def fault_list(text: str) -> list[str]:
    """``--faults``: names from FAULTS, comma-separated."""
    names = text.split(",")
    unknown = [n for n in names if n not in FAULTS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown faults {unknown}; known: {', '.join(FAULTS)}")
    return names


def check_rooms(url: str) -> tuple[int, list[str]]:
    """Every room's cards are exactly its deck: (rooms checked, violations)."""
    client = redis.Redis.from_url(url)
    checked, bad = 0, []
    for key in client.scan_iter("krig:*:room", count=500):
        rec = room_in_redis(client, key.decode().split("{", 1)[1].split("}", 1)[0])
        if rec is None:
            continue
        checked += 1
        if rec.state is not None and census(rec.state) != sorted(rec.state.rules.deck()):
            bad.append(rec.code)
    client.close()
    return checked, bad


def redis_view(url: str, code: str) -> str:
    """What Redis holds for room ``code``: to set beside what its seats knew."""
    client = redis.Redis.from_url(url)
    try:
        rec = room_in_redis(client, code)
        frames = client.lrange(log_key(code), -6, -1)
    finally:
        client.close()
    if rec is None:
        return f"  room {code} in Redis: gone"
    state = rec.state
    play = (
        f"step {state.steps} phase {state.phase} awaiting {state.awaiting} pending {state.pending}"
        if state is not None
        else "no game"
    )
    tail = [
        f"{getattr(e, 'seq', '-')}:{type(e).__name__}"
        for e in (decode_server(stored(f)) for f in frames)
    ]
    conns = [seat.conn or "-" for seat in rec.seats]
    return (
        f"  room {code} in Redis: version {rec.version} seq {rec.seq} game {rec.game} "
        f"{rec.status}, {play}; seats on {conns}; last events {tail}"
    )


async def keep_playing(room: LoadRoom, until: float, errors: Counter[str], redis_url: str) -> None:
    """One room: games back to back; a failure is counted and the room starts again."""
    while time.perf_counter() < until:
        try:
            await room.run(until)
        except Exception as exc:
            errors[f"{type(exc).__name__}: {str(exc)[:60]}"] += 1
            code = room.sessions[0].table.code
            if code is not None:
                print(await asyncio.to_thread(redis_view, redis_url, code), file=sys.stderr)
            for i, s in enumerate(room.sessions):  # what each seat knew when it gave up
                t = s.table
                print(
                    f"  room {t.code} seat {t.seat}: {type(exc).__name__} at seq {t.seq} "
                    f"phase {t.phase} games {t.games_over} step {t.step} awaiting {t.awaiting} "
                    f"connected {s.connected} url {s.url} handle failures {s.handle_failures} "
                    f"acted {sorted(t.acted)} last refusal {room.last_error.get(i)}",
                    file=sys.stderr,
                    flush=True,
                )
            await asyncio.sleep(0.5)


async def soak(args: argparse.Namespace, workdir: Path) -> int:
    rp = RedisProcess(port=free_port(), appendonly=True, workdir=str(workdir / "redis")).start()
    settings = {"grace_s": 3.0, "dead_node_s": 3.0, "max_conns_per_addr": 0, "rooms_per_min": 0}
    nodes = [ServerProc(rp.url, f"soak{i}", workdir, **settings).start() for i in range(2)]
    urls = [n.url for n in nodes]
    start_rss = [rss_kib(n.proc.pid) for n in nodes if n.proc]
    stats, failures = Stats(), Counter[str]()
    rooms = [LoadRoom(urls, 2 + i % 3, args.preset, i, stats) for i in range(args.rooms)]
    for room in rooms:
        await room.setup()
    began = time.perf_counter()
    until = began + args.minutes * 60
    players = asyncio.gather(*(keep_playing(r, until, failures, rp.url) for r in rooms))
    faults: Counter[str] = Counter()
    violations: set[str] = set()
    admin = redis.Redis.from_url(rp.url)
    n = 0
    while time.perf_counter() + args.every < until:
        await asyncio.sleep(args.every)
        kind = args.faults[n % len(args.faults)]
        node = nodes[n % 2]
        n += 1
        if kind == "sigkill":
            node.kill()
            await asyncio.sleep(1)
            await asyncio.to_thread(node.start)
        elif kind == "sigstop":
            node.signal(signal.SIGSTOP)
            await asyncio.sleep(5)
            node.signal(signal.SIGCONT)
        elif kind == "redis_restart":
            await asyncio.to_thread(rp.stop)
            await asyncio.sleep(0.5)
            await asyncio.to_thread(rp.start)
        elif kind == "sigterm":
            await asyncio.to_thread(node.stop)
            await asyncio.to_thread(node.start)
        else:
            for _ in range(20):
                for c in admin.client_list():
                    if c["name"].startswith(f"krig-{node.node_id}-") and int(c["sub"]):
                        admin.client_kill_filter(_id=c["id"])
                await asyncio.sleep(0.1)
        faults[kind] += 1
        await asyncio.sleep(2)
        checked, bad = await asyncio.to_thread(check_rooms, rp.url)
        violations.update(bad)
        elapsed = time.perf_counter() - began
        print(
            f"{elapsed:6.0f}s  {kind:<16} rooms {checked}  games {stats.games}  "
            f"flips {stats.flips}  violations {len(violations)}",
            flush=True,
        )
    await players
    await asyncio.sleep(1)
    checked, bad = await asyncio.to_thread(check_rooms, rp.url)
    violations.update(bad)
    end_rss = [rss_kib(n.proc.pid) for n in nodes if n.proc]
    for room in rooms:
        await room.close()
    admin.close()
    for node in nodes:
        node.stop()
    rp.cleanup()
    elapsed = time.perf_counter() - began
    print(f"soak: {args.rooms} rooms, {args.minutes:g} min ({elapsed:.0f} s), preset {args.preset}")
    print(f"faults           {dict(faults)}")
    print(f"games finished   {stats.games}")
    print(f"flips            {stats.flips}")
    print(
        f"errors           answers {dict(stats.errors) or 'none'}; "
        f"moved on {dict(stats.moved_on) or 'none'}; "
        f"rooms restarted {dict(failures) or 'none'}"
    )
    print(f"reconnects       {sum(s.reconnects for r in rooms for s in r.sessions)}")
    print(f"conservation     {len(violations)} violations in {checked} rooms")
    print(
        "server memory    "
        + ", ".join(
            f"node {i}: {a / 1024:.1f} -> {b / 1024:.1f} MiB"
            for i, (a, b) in enumerate(zip(start_rss, end_rss, strict=False))
        )
        + " (a node restarted by a fault starts again from zero)"
    )
    return 1 if violations else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--minutes", type=float, default=5)
    parser.add_argument("--every", type=float, default=15, help="seconds between faults")
    parser.add_argument("--preset", default="classic")
    parser.add_argument(
        "--faults",
        type=fault_list,
        default=list(FAULTS),
        help=f"comma-separated faults to cycle through (default: all, {','.join(FAULTS)})",
    )
    parser.add_argument("--logs", type=Path, help="keep the nodes' logs and Redis here")
    args = parser.parse_args()
    if args.logs is not None:
        args.logs.mkdir(parents=True, exist_ok=True)
        return asyncio.run(soak(args, args.logs))
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(soak(args, Path(tmp)))


if __name__ == "__main__":
    sys.exit(main())
