"""``krig-server bench stack``: krig against the bare stack it is built on, in one run.

Every part is a separate process on this machine: a redis-server, one
``krig-server serve``, a bare echo server (websockets + msgpack, nothing else)
and the load client (``krig load``). The same load client drives both servers.
With two or more CPUs the servers and Redis run on CPU 0 and the load client on
CPU 1: left to the scheduler, the echo figure swung between 18,000 and 38,000
round trips/s depending on whether client and server happened to share a core.
It prints:

1. the bare stack: flip-frame round trips/s through the echo server, and
   through an echo server making one Redis script call per frame (the floor
   of any design that keeps every action in Redis); and through the game
   floors (bench/floor.py): the room transition and one script call
   per step of a 2-seat table, nothing else (two upper bounds for any server
   doing krig's work), and the whole step as krig does it, acks and events
   sent, with none of krig's layers (what krig's layers cost is the gap);
2. krig: flips/s with 2-player and 4-player rooms, and the ratio to (1);
3. reveal latency p50/p95/p99 at 50% and 90% of krig's 2-player peak (paced load);
4. Redis: commands, script calls and Redis CPU (INFO commandstats, and the process) per flip,
   bytes per live room and per record;
5. idle connections: server memory per connection;
5a. at a person's pace (``paced_rooms`` rooms, bench/peers/load.mjs: each seat flips
   1 s ± 0.5 s after the table allows it): server CPU, Redis CPU and Redis
   commands a flip (by command) beside the flat-out 2-player run's (needs Node);
6. the engine's share of the server's CPU per reveal, and the room
   transition's (the engine with the events, their hash chain and the action
   ids: ``rooms.play_input``, ``bench transition``), both timed on their own;
7. the machine's own pauses: a process spinning on each core, both cores
   busy, notes every stretch longer than 1 ms in which it did not run. On a
   VM these are the hypervisor's; they set a floor under any latency tail.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import redis
from websockets.asyncio.server import ServerConnection, serve

from bench.engine import engine_bench, transition_bench
from bench.floor import MODES as FLOOR_MODES
from bench.floor import floor_server
from bench.redis_client import ENV, Calls, bench_pipe
from krig_runtime import process
from server.store.embedded import RedisProcess, free_port

HERE = Path(__file__).resolve().parent.parent


async def _echo(ws: ServerConnection) -> None:
    """Decode each frame (as krig must) and send it back."""
    async for frame in ws:
        if isinstance(frame, bytes):
            msgspec.msgpack.decode(frame)
            await ws.send(frame)


async def _echo_via_redis(ws: ServerConnection, pipe: Calls, sha: bytes) -> None:
    """Decode each frame, store it in Redis with one script call, then send it back."""
    key = f"bench:echo:{id(ws)}"
    async for frame in ws:
        if isinstance(frame, bytes):
            msgspec.msgpack.decode(frame)
            await pipe.execute_many([("EVALSHA", sha, 1, key, frame)])
            await ws.send(frame)


STORE_ONE = "redis.call('SET', KEYS[1], ARGV[1]) return 1"
"""The echo-with-Redis server's one script call per frame: store the frame."""


def echo_server(port: int, loop: str = "asyncio", redis_url: str = "") -> None:
    """The bare stack; with ``redis_url``, one script round trip to Redis per frame
    before the echo (on the hot-path connection krig uses): the floor of any
    design that keeps every action in Redis."""
    process.raise_open_files()
    process.tune_for_throughput()  # as krig-server and the load client do

    async def main() -> None:
        handler = _echo
        if redis_url:
            pipe = bench_pipe(redis_url, "bench-echo")
            sha = (await pipe.execute_many([("SCRIPT", "LOAD", STORE_ONE)]))[0]
            handler = functools.partial(_echo_via_redis, pipe=pipe, sha=sha)
        async with serve(handler, "127.0.0.1", port, compression=None, max_size=4096):
            print("echo listening", flush=True)
            await asyncio.Future()

    process.run(main(), loop)


PAUSE_MS = 1.0
"""A gap longer than this between two clock reads of a spinning loop is a pause."""


def spin_pauses(seconds: float, over_ms: float = PAUSE_MS) -> dict[str, float]:
    """Spin for ``seconds`` and measure the stretches in which this process did not run.

    A loop that only reads the clock sees a jump whenever the CPU went to
    something else: another process, the kernel, or (in a VM) the host. With
    nothing else pinned to the core, what is left is the machine's own noise.
    """
    limit = over_ms / 1000
    pauses: list[float] = []
    start = last = time.perf_counter()
    while last - start < seconds:
        now = time.perf_counter()
        if now - last > limit:
            pauses.append(now - last)
        last = now
    elapsed = last - start
    return {
        "lost_share": sum(pauses) / elapsed,
        "longest_ms": max(pauses, default=0.0) * 1000,
        "over_5ms_per_s": sum(p > 0.005 for p in pauses) / elapsed,
    }


def machine_pauses(seconds: float) -> dict[str, dict[str, float]]:
    """:func:`spin_pauses` on every core of the bench at once (both busy, as under load)."""
    cpus = sorted(SERVER_CPUS | CLIENT_CPUS) if PINNED else [0]
    procs = {}
    for cpu in cpus:
        procs[cpu] = subprocess.Popen(
            [sys.executable, "-m", "bench.stack", "spin", str(seconds)],
            stdout=subprocess.PIPE, cwd=HERE,
        )  # fmt: skip
        _pin(procs[cpu].pid, {cpu})
    return {
        f"cpu{cpu}": json.loads(proc.communicate(timeout=seconds + 30)[0].splitlines()[-1])
        for cpu, proc in procs.items()
    }


def _krig_bin(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    return found or name


PINNED = (os.cpu_count() or 1) >= 2 and hasattr(os, "sched_setaffinity")
SERVER_CPUS = {0}
CLIENT_CPUS = {1}
REDIS_CPUS = SERVER_CPUS
"""Redis counts as part of the server under test: it shares the server's core, so
krig (and the echo-with-Redis floor) carry their store on the core the bare echo
has to itself. (Redis on the client's core instead: 2p about 15% faster, 4p
about 15% slower, the client's latency figures worse: docs/PERFORMANCE.md.)"""


def _pin(pid: int, cpus: set[int]) -> None:
    """Pin a just-started child (and what it starts later) to ``cpus``."""
    if PINNED:
        os.sched_setaffinity(pid, cpus)


def _start(args: list[str], ready: bytes) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=HERE
    )  # fmt: skip
    _pin(proc.pid, SERVER_CPUS)
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        if ready in line:
            return proc
        if not line:
            raise RuntimeError(f"{args[0]} did not start")


FLOOR_LINES = (
    ("record", "2-seat tables: the room transition, the record written by krig's commit"),
    ("inputs", "the same, the step's inputs appended instead of the record"),
    ("step", "the whole step as krig does it, acks and events sent, no layer of krig's"),
)
"""The game floors (bench/floor.py): the room transition and one script call
per step. The first two send no ack and no event (upper bounds for any server doing
krig's work); the third sends both, as krig does, with none of krig's layers."""

WARMUP_S = 1.0
"""Latency figures leave out each run's first second: every room starts its game at once."""


def _load(
    url: str,
    *extra: str,
    seconds: float,
    loop: str,
    during: Callable[[], None] | None = None,
) -> dict[str, Any]:
    """One ``krig load`` run; ``during`` is called once its warm-up is over."""
    return _client(
        [_krig_bin("krig"), "load", "--url", url, "--json", "--duration", str(seconds),
         "--loop", loop, "--warmup", str(WARMUP_S), *extra],
        during,
    )  # fmt: skip


def _echo_run(url: str, connections: int, seconds: float, loop: str) -> dict[str, Any]:
    """One run of the bare echo client (bench/clients.py)."""
    return _client(
        [sys.executable, "-m", "bench.clients", "echo", url, str(connections), str(seconds),
         "--loop", loop],
        None,
    )  # fmt: skip


def _client(argv: list[str], during: Callable[[], None] | None) -> dict[str, Any]:
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=HERE)
    _pin(proc.pid, CLIENT_CPUS)
    if during is not None:
        time.sleep(WARMUP_S + 0.5)  # + the client's set-up (connecting, creating rooms)
        during()
    out, err = proc.communicate()
    if proc.returncode:
        raise subprocess.CalledProcessError(proc.returncode, proc.args, out, err)
    result: dict[str, Any] = json.loads(out)
    return result


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _server_histogram(port: int) -> dict[float, float]:
    """The server's own reveal-latency histogram (cumulative counts by bucket)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as resp:
        text = resp.read().decode()
    buckets: dict[float, float] = {}
    for line in text.splitlines():
        if line.startswith("krig_reveal_latency_seconds_bucket"):
            le = line.split('le="', 1)[1].split('"', 1)[0]
            buckets[float(le)] = float(line.rsplit(" ", 1)[1])
    return buckets


def _quantiles(before: dict[float, float], after: dict[float, float]) -> dict[str, float]:
    """Upper bucket bounds (ms) holding p50/p95/p99 of what happened in between."""
    counts = sorted((le, after[le] - before.get(le, 0.0)) for le in after)
    total = counts[-1][1] if counts else 0.0
    result = {}
    for name, q in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99)):
        result[name] = next((le * 1000 for le, c in counts if c >= q * total), float("inf"))
    return result


def _commandstats(client: redis.Redis) -> tuple[dict[str, int], float]:
    """Calls per command (those a script runs included), and the microseconds Redis
    spent in scripts (INFO commandstats: a script's time includes its commands')."""
    stats = client.info("commandstats")
    calls = {k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in stats.items()}
    scripts = ("cmdstat_evalsha", "cmdstat_eval", "cmdstat_fcall")
    return calls, float(sum(float(v["usec"]) for k, v in stats.items() if k in scripts))


def _room_bytes(client: redis.Redis) -> tuple[list[int], list[int]]:
    """MEMORY USAGE of every live room's keys, and of every finished-game record."""
    live: dict[str, int] = {}
    records: list[int] = []
    for key in client.scan_iter("krig:{*", count=1000):
        name = key.decode()
        size = int(client.memory_usage(name, samples=0) or 0)
        code = name.split("}", 1)[0]
        if ":record:" in name:
            records.append(size)
        else:
            live[code] = live.get(code, 0) + size
    return list(live.values()), records


PACED_WARMUP_S = 5.0
"""The paced run's warm-up (the rooms' games start at once; the jobs see every room)."""


def _paced(
    url: str,
    server: subprocess.Popen[bytes],
    redis_pid: int | None,
    admin: redis.Redis,
    rooms: int,
    seconds: float,
) -> dict[str, Any]:
    """``rooms`` rooms of 2 seats at a person's pace (bench/peers/load.mjs, --think 1):
    the server's and Redis's CPU and Redis's commands over the measured seconds."""
    from bench.peers import CLIENT_CPU, PEERS, ensure_node_modules, node_env, spawn

    ensure_node_modules()
    client = spawn(
        ["node", str(PEERS / "load.mjs"), "--target", "krig", "--url", url,
         "--rooms", str(rooms), "--warmup", str(PACED_WARMUP_S), "--seconds", str(seconds),
         "--think", "1"],
        CLIENT_CPU, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=node_env(),
    )  # fmt: skip
    assert client.stdout is not None
    marks: dict[str, tuple[float, float, dict[str, int]]] = {}
    result: dict[str, Any] = {}
    for raw in client.stdout:
        line = raw.decode().strip()
        if line in ("measure-start", "measure-end"):
            calls, _ = _commandstats(admin)
            marks[line] = (
                _cpu_s(server.pid), _cpu_s(redis_pid) if redis_pid else 0.0, calls
            )  # fmt: skip
        elif line.startswith("{"):
            result = json.loads(line)
    client.wait(30)
    if len(marks) != 2 or not result.get("flips"):
        raise RuntimeError(f"the paced load client stopped early (exit {client.returncode})")
    (s0, r0, c0), (s1, r1, c1) = marks["measure-start"], marks["measure-end"]
    flips = int(result["flips"])
    own = ("info", "config|resetstat", "config")
    by = {k: (n - c0.get(k, 0)) / flips for k, n in c1.items() if k not in own and n > c0.get(k, 0)}
    return {
        "rooms": rooms,
        "flips_per_s": float(result["flips_per_s"]),
        "reveal_latency_ms": result["latency_ms"],
        "errors": result.get("errors", {}),
        "server_us_per_flip": (s1 - s0) / flips * 1e6,
        "redis_us_per_flip": (r1 - r0) / flips * 1e6,
        "commands_per_flip": sum(by.values()),
        "by_command": dict(sorted(by.items(), key=lambda kv: -kv[1])),
    }


def run(
    seconds: float,
    rooms: int,
    idle: int,
    loop: str = "auto",
    min_replicas: int = 0,
    redis_client: str = "pipe",
    paced_rooms: int = 0,
    paced_seconds: float = 40.0,
) -> dict[str, Any]:
    """``min_replicas``: that many replicas of the Redis (on its CPU too), and krig with
    ``--redis-min-replicas`` as many (every commit waits for them: WAIT).
    ``redis_client``: what the floors call Redis through (bench/redis_client.py).
    ``paced_rooms``: also that many rooms at a person's pace for ``paced_seconds``
    (0: not; needs Node, bench/peers)."""
    process.raise_open_files()
    loop = process.choose_loop(loop)[0]  # (auto: the one it stands for, named in the report)
    os.environ[ENV] = redis_client  # (the floors' processes read it)
    report: dict[str, Any] = {
        "machine": {
            "cpus": os.cpu_count(),
            "python": sys.version.split()[0],
            "pinned": PINNED,
            "loop": loop,
            "min_replicas": min_replicas,
            "redis_client": redis_client,
        }
    }
    report["pauses"] = machine_pauses(3.0)
    rp = RedisProcess(port=free_port()).start()
    if rp.proc is not None:
        _pin(rp.proc.pid, REDIS_CPUS)
    replicas = [
        RedisProcess(port=free_port(), extra=("--replicaof", "127.0.0.1", str(rp.port))).start()
        for _ in range(min_replicas)
    ]
    for replica in replicas:
        if replica.proc is not None:
            _pin(replica.proc.pid, REDIS_CPUS)
    _replicated(rp.url, min_replicas)
    krig_port, echo_port, floor_port = free_port(), free_port(), free_port()
    server = _start(
        [str(Path(sys.executable).parent / "krig-server"), "serve", "--port", str(krig_port),
         "--redis-url", rp.url, "--log-level", "warning", "--log-format", "json",
         "--max-conns-per-addr", "0", "--rooms-per-min", "0", "--grace-s", "600",
         "--msg-rate", "100000", "--msg-burst", "100000", "--loop", loop,
         "--redis-min-replicas", str(min_replicas)],
        b"listening",
    )  # fmt: skip
    echo = _start([sys.executable, "-m", "bench.stack", "echo", str(echo_port), loop], b"echo")
    floor = _start(
        [sys.executable, "-m", "bench.stack", "echo", str(floor_port), loop, rp.url],
        b"echo",
    )
    url = f"ws://127.0.0.1:{krig_port}/ws"
    admin = redis.Redis.from_url(rp.url)
    try:
        conns = rooms * 2
        bare = _echo_run(f"ws://127.0.0.1:{echo_port}/", conns, seconds, loop)
        report["bare_echo"] = bare
        floor_url = f"ws://127.0.0.1:{floor_port}/"
        report["echo_redis"] = _echo_run(floor_url, conns, seconds, loop)
        floor.terminate()
        for mode in FLOOR_MODES:  # the game floors: what the game adds (bench/floor.py)
            game_port = free_port()
            game = _start(
                [sys.executable, "-m", "bench.stack", "floor", str(game_port), loop,
                 rp.url, mode],
                b"floor",
            )  # fmt: skip
            try:
                game_url = f"ws://127.0.0.1:{game_port}/"
                report[f"floor_{mode}"] = _echo_run(game_url, conns, seconds, loop)
            finally:
                game.terminate()
                game.wait(10)
            report[f"floor_{mode}"]["ratio"] = (
                report[f"floor_{mode}"]["round_trips_per_s"] / bare["round_trips_per_s"]
            )
        admin.flushdb()  # (the floors' tables are no rooms of krig's)
        admin.config_resetstat()
        cpu0 = _cpu_s(server.pid)
        redis_cpu0 = _cpu_s(rp.proc.pid) if rp.proc is not None else 0.0
        two = _load(url, "--rooms", str(rooms), "--players", "2", seconds=seconds, loop=loop)
        cpu_two = _cpu_s(server.pid) - cpu0
        redis_cpu = (_cpu_s(rp.proc.pid) if rp.proc is not None else 0.0) - redis_cpu0
        calls, usec = _commandstats(admin)
        report["krig_2p"] = two
        report["krig_2p"]["server_us_per_flip"] = cpu_two / max(two["flips"], 1) * 1e6
        if paced_rooms and (shutil.which("node") is None or shutil.which("npm") is None):
            report["paced_skipped"] = "no node and npm on PATH (bench/peers/load.mjs)"
        elif paced_rooms:
            report["paced"] = _paced(
                url, server, rp.proc.pid if rp.proc is not None else None, admin,
                paced_rooms, paced_seconds,
            )  # fmt: skip
        four = ("--rooms", str(rooms // 2), "--players", "4")
        report["krig_4p"] = _load(url, *four, seconds=seconds, loop=loop)
        peak = two["flips_per_s"]
        report["ratio_2p"] = peak / bare["round_trips_per_s"]
        report["ratio_4p"] = report["krig_4p"]["flips_per_s"] / bare["round_trips_per_s"]
        report["ratio_floor"] = (
            report["echo_redis"]["round_trips_per_s"] / bare["round_trips_per_s"]
        )
        for share in (0.5, 0.9):
            before: dict[float, float] = {}

            def snapshot(into: dict[float, float] = before) -> None:
                into.update(_server_histogram(krig_port))

            paced = _load(
                url, "--rooms", str(rooms), "--players", "2", "--rate", f"{peak * share:.0f}",
                seconds=seconds, during=snapshot, loop=loop,
            )  # fmt: skip
            paced["server_side_ms"] = _quantiles(before, _server_histogram(krig_port))
            report[f"paced_{int(share * 100)}"] = paced
        flips = max(two["flips"], 1)
        reveals = max(two["reveals_measured"], 1)
        report["redis"] = {
            "commands_per_flip": sum(calls.values()) / flips,
            "script_calls_per_flip": (calls.get("evalsha", 0) + calls.get("eval", 0)) / flips,
            "publishes_per_flip": (calls.get("publish", 0) + calls.get("spublish", 0)) / flips,
            "script_us_per_flip": usec / flips,
            "process_us_per_flip": redis_cpu / flips * 1e6,
            "calls": calls,
        }
        # A live game, stopped in the middle: its keys' memory.
        _load(url, "--rooms", "20", "--players", "2", "--preset", "classic", seconds=0.3, loop=loop)
        live, records = _room_bytes(admin)
        report["redis"]["bytes_per_room_p50"] = sorted(live)[len(live) // 2] if live else 0
        report["redis"]["bytes_per_room_max"] = max(live, default=0)
        report["redis"]["bytes_per_record_p50"] = (
            sorted(records)[len(records) // 2] if records else 0
        )
        engine = engine_bench(games=500, repeats=2)
        transition = transition_bench(games=500, repeats=2)
        server_us = cpu_two / reveals * 1e6
        engine_us = 1e6 / engine["steps_per_s"]
        transition_us = 1e6 / transition["steps_per_s"]
        report["cpu"] = {
            "server_us_per_reveal": server_us,
            "engine_us_per_reveal": engine_us,
            "engine_share": engine_us / server_us,
            "transition_us_per_reveal": transition_us,
            "transition_share": transition_us / server_us,
        }
        if idle:
            rss0 = _rss_kib(server.pid)
            holder = subprocess.Popen(
                [sys.executable, "-m", "bench.clients", "idle", url, str(idle), "8",
                 "--loop", loop],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=HERE,
            )  # fmt: skip
            _pin(holder.pid, CLIENT_CPUS)
            peak_rss = rss0
            while holder.poll() is None:
                peak_rss = max(peak_rss, _rss_kib(server.pid))
                time.sleep(0.5)
            held = json.loads(holder.stdout.read() if holder.stdout else b"{}")
            report["idle"] = {
                "connections": held.get("connections", 0),
                "open_seconds": held.get("open_seconds", 0),
                "server_rss_before_mib": rss0 / 1024,
                "server_rss_held_mib": peak_rss / 1024,
                "kib_per_connection": (peak_rss - rss0) / max(held.get("connections", 1), 1),
            }
    finally:
        admin.close()
        for proc in (server, echo, floor):
            proc.terminate()
            proc.wait(10)
        for replica in replicas:
            replica.cleanup()
        rp.cleanup()
    return report


def _replicated(url: str, count: int, timeout_s: float = 30.0) -> None:
    """Wait until ``count`` replicas of the Redis at ``url`` are online."""
    client = redis.Redis.from_url(url)
    deadline = time.monotonic() + timeout_s
    try:
        while True:
            info = client.info("replication")
            online = [
                v for k, v in info.items()
                if k.startswith("slave") and isinstance(v, dict) and v.get("state") == "online"
            ]  # fmt: skip
            if len(online) >= count:
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"{count} replica(s) never came online: {info}")
            time.sleep(0.1)
    finally:
        client.close()


def format_report(r: dict[str, Any]) -> str:
    def lat(x: dict[str, Any]) -> str:
        d = x.get("reveal_latency_ms") or x.get("latency_ms") or {}
        return f"p50 {d['p50']:.2f} ms  p95 {d['p95']:.2f} ms  p99 {d['p99']:.2f} ms"

    b, two, four = r["bare_echo"], r["krig_2p"], r["krig_4p"]
    lines = [
        f"machine: {r['machine']['cpus']} cpus, Python {r['machine']['python']}, "
        f"{r['machine'].get('loop', 'asyncio')} event loop; "
        "client, servers and Redis on this machine"
        + ("; servers and Redis on CPU 0, client on CPU 1" if r["machine"].get("pinned") else "")
        + (
            f"; {r['machine']['min_replicas']} replica(s), --redis-min-replicas "
            f"{r['machine']['min_replicas']}"
            if r["machine"].get("min_replicas")
            else ""
        ),
        f"bare echo     {b['round_trips_per_s']:>10,.0f} round trips/s  "
        f"({b['connections']} connections)  {lat(b)}",
        f"echo + Redis  {r['echo_redis']['round_trips_per_s']:>10,.0f} round trips/s  "
        f"(one script call per frame)  ratio {r['ratio_floor']:.0%}"
        + (
            f"  (floors via {r['machine']['redis_client']}; krig via its pipe)"
            if r["machine"].get("redis_client", "pipe") != "pipe"
            else ""
        ),
        *(
            f"game floor    {r[f'floor_{mode}']['round_trips_per_s']:>10,.0f} flips/s  "
            f"({what})  ratio {r[f'floor_{mode}']['ratio']:.0%}"
            for mode, what in FLOOR_LINES
            if f"floor_{mode}" in r
        ),
        f"krig 2p       {two['flips_per_s']:>10,.0f} flips/s  ({two['connections']} connections, "
        f"{two['errors'] or 'no errors'})  ratio {r['ratio_2p']:.0%}"
        + (
            f"  ({two['flips_per_s'] / r['floor_step']['round_trips_per_s']:.0%} of the step floor)"
            if r.get("floor_step", {}).get("round_trips_per_s")
            else ""
        ),
        f"krig 4p       {four['flips_per_s']:>10,.0f} flips/s  ({four['connections']} connections, "
        f"{four['errors'] or 'no errors'})  ratio {r['ratio_4p']:.0%}",
        *(
            f"at {n}% peak   {r[f'paced_{n}']['flips_per_s']:>10,.0f} flips/s  "
            f"reveal {lat(r[f'paced_{n}'])}  (server side at most "
            f"{r[f'paced_{n}']['server_side_ms']['p99']:g} ms at p99)"
            for n in (50, 90)
        ),
        f"redis         {r['redis']['commands_per_flip']:.2f} commands/flip, "
        f"{r['redis']['script_calls_per_flip']:.2f} script calls/flip, "
        f"{r['redis']['publishes_per_flip']:.2f} publishes/flip, "
        f"Redis CPU {r['redis'].get('process_us_per_flip', 0):.1f} us/flip (the process; "
        f"{r['redis'].get('script_us_per_flip', 0):.1f} us/flip in scripts); live 2p room "
        f"{r['redis']['bytes_per_room_p50']:,} B (max {r['redis']['bytes_per_room_max']:,}); "
        f"finished record {r['redis']['bytes_per_record_p50']:,} B",
        f"cpu           server {r['cpu']['server_us_per_reveal']:.0f} us/reveal, engine "
        f"{r['cpu']['engine_us_per_reveal']:.1f} us/reveal ({r['cpu']['engine_share']:.1%}), "
        f"room transition {r['cpu']['transition_us_per_reveal']:.1f} us/reveal "
        f"({r['cpu']['transition_share']:.1%})",
    ]
    if "paced" in r:
        pc, flat = r["paced"], r["redis"]
        flat_us = two.get("server_us_per_flip", 0.0)
        lines.append(
            f"paced         {pc['flips_per_s']:>10,.0f} flips/s  ({pc['rooms']} rooms, each "
            f"seat 1 s ± 0.5 s after the table allows it; {pc['errors'] or 'no errors'}) "
            f"reveal {lat(pc)}"
        )
        lines.append(
            f"paced cost    server {pc['server_us_per_flip']:.0f} us/flip (flat out "
            f"{flat_us:.0f}: x{pc['server_us_per_flip'] / max(flat_us, 1e-9):.2f}), Redis "
            f"{pc['redis_us_per_flip']:.1f} us/flip (flat out "
            f"{flat.get('process_us_per_flip', 0):.1f}), {pc['commands_per_flip']:.2f} Redis "
            f"commands/flip (flat out {flat['commands_per_flip']:.2f}): "
            + ", ".join(f"{k.upper()} {v:.3f}" for k, v in pc["by_command"].items() if v >= 0.001)
        )
    if "paced_skipped" in r:
        lines.append(f"paced         not measured: {r['paced_skipped']}")
    if "pauses" in r:
        p = r["pauses"]
        lines.append(
            "pauses        a spinning process per core, both busy, lost "
            + " / ".join(f"{v['lost_share']:.1%}" for v in p.values())
            + f" ({', '.join(p)}) of its time in pauses over {PAUSE_MS:g} ms; longest "
            + " / ".join(f"{v['longest_ms']:.1f}" for v in p.values())
            + " ms; pauses over 5 ms "
            + " / ".join(f"{v['over_5ms_per_s']:.1f}" for v in p.values())
            + " per second"
        )
    if "idle" in r:
        i = r["idle"]
        lines.append(
            f"idle          {i['connections']:,} connections held; server RSS "
            f"{i['server_rss_before_mib']:.1f} -> {i['server_rss_held_mib']:.1f} MiB, "
            f"{i['kib_per_connection']:.1f} KiB per connection"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    if sys.argv[1:2] == ["echo"]:
        echo_server(int(sys.argv[2]), *sys.argv[3:5])
    elif sys.argv[1:2] == ["floor"]:
        floor_server(int(sys.argv[2]), *sys.argv[3:6])
    elif sys.argv[1:2] == ["spin"]:
        print("spinning", flush=True)  # (a test waits for this before stopping the probe)
        print(json.dumps(spin_pauses(float(sys.argv[2]))))
