"""krig and a minimal Colyseus War room, side by side (issue 27, "The benchmark").

    .venv/bin/python bench/peers.py --rounds 3 --seconds 10
    .venv/bin/python bench/peers.py --paced-rooms 500 --servers krig,colyseus-cas

With ``--paced-rooms N`` every round also runs each server at a person's pace:
N rooms of 2 bots, each seat flipping ``--think`` seconds (default 1) ± half
that (uniform) after the table allows it, for ``--paced-seconds`` (default
40), on a fresh server and Redis; the paced table gives server CPU, Redis CPU
and Redis commands a flip (INFO commandstats: a script's inner commands
count, by command) beside the same round's flat-out figures.

Every server runs on its own with a fresh redis-server (loopback TCP): the
server and its Redis pinned to CPU 0, the one load client (bench/peers/load.mjs,
the same closed loop for every server) pinned to CPU 1, this runner too. The
servers:

- ``krig``: ``krig-server serve`` (the venv's console script), its rate
  limits raised as ``krig-server bench stack`` raises them;
- ``colyseus``: the Colyseus 0.16 room (bench/peers/colyseus_server.mjs), its
  state in memory only;
- ``colyseus-cas``: the same room, one awaited compare-and-set of its state in
  Redis before each reveal (krig's durability): the durable peer, the one the
  ratios are to;
- ``colyseus-krig-commit``: the same room running krig's own commit script
  (server/store/scripts.py COMMIT) instead, so what krig's script costs shows.

Each round runs every server once, in an order rotated from round to round
(interleaved, so a slow stretch of the machine does not fall on one server
only). In a run the load client connects its rooms, plays for ``--warmup``
seconds, then for ``--seconds``: the servers' CPU time (utime + stime of
every thread, /proc/PID/stat) and Redis's are read as the client says the
measured time begins and ends. The table gives each column's median over
the rounds. The Node packages (bench/peers/package.json) are installed with
``npm ci`` when the node_modules folder of bench/peers is missing or older than the lockfile.

This is a benchmark: it prints figures and asserts none (not part of CI).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

import redis

from server.store.embedded import find_redis_server, free_port
from server.store.scripts import COMMIT

ROOT = Path(__file__).resolve().parent.parent
PEERS = ROOT / "bench" / "peers"

SERVERS: dict[str, str] = {
    "colyseus": "Colyseus 0.16, state in memory",
    "colyseus-cas": "Colyseus 0.16, one awaited Redis compare-and-set per step",
    "colyseus-krig-commit": "Colyseus 0.16 running krig's commit script per step",
    "krig": "krig",
    "krig-asyncio": "krig on asyncio (--loop asyncio)",
    "krig-uvloop": "krig on uvloop",
    "krig-b": "krig from another checkout (--krig-b DIR): a lever's before and after",
    "python-floor": "the durable room's work alone, in CPython (bench/peer_floor.py)",
    "python-floor-uvloop": "the same CPython floor on uvloop",
}
"""Every server the runner knows, in the order of the table."""
DEFAULT_SERVERS = ("colyseus", "colyseus-cas", "colyseus-krig-commit", "krig", "python-floor")
"""What a run without --servers measures (krig-asyncio, krig-uvloop, krig-b,
python-floor-uvloop: on ask)."""
BASELINE = "colyseus-cas"
"""The ratios are to the durable Colyseus room."""
MODES = {"colyseus": "memory", "colyseus-cas": "cas", "colyseus-krig-commit": "krig-commit"}

PINNED = (os.cpu_count() or 1) >= 2 and hasattr(os, "sched_setaffinity")
SERVER_CPU = 0
CLIENT_CPU = 1
KRIG_LIMITS = (
    "--max-conns-per-addr", "0", "--rooms-per-min", "0", "--grace-s", "600",
    "--msg-rate", "100000", "--msg-burst", "100000",
)  # fmt: skip
"""krig's per-connection limits, raised as bench/stack.py raises them (a bot
flips thousands of times a second)."""
START_TIMEOUT_S = 30.0


# ---------------------------------------------------------------- arguments


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench/peers.py",
        description="krig and a minimal Colyseus War room, side by side: server CPU per flip.",
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="measured time per run (default 10)"
    )
    parser.add_argument(
        "--warmup", type=float, default=2.0, help="play before measuring (default 2)"
    )
    parser.add_argument("--rooms", type=int, default=50, help="rooms of 2 bots (default 50)")
    parser.add_argument(
        "--servers",
        default=",".join(DEFAULT_SERVERS),
        help=f"comma-separated, of: {', '.join(SERVERS)} (default: {','.join(DEFAULT_SERVERS)})",
    )
    parser.add_argument(
        "--krig-loop", default="auto", choices=("auto", "asyncio", "uvloop"),
        help="krig-server's event loop (default auto, krig-server's own default: uvloop)",
    )  # fmt: skip
    parser.add_argument(
        "--krig-b",
        metavar="DIR",
        default="",
        help="the server krig-b: krig-server from this checkout (e.g. a git worktree of "
        "another commit), on this venv, interleaved with krig in the same rounds",
    )
    parser.add_argument(
        "--ioredis-auto-pipelining",
        action="store_true",
        help="the Colyseus rooms' ioredis client pipelines each loop turn's commands "
        "(off by default, ioredis's own default: see colyseus_server.mjs)",
    )
    parser.add_argument(
        "--paced-rooms", type=int, default=0,
        help="also run each server at a person's pace with this many rooms (default 0: not)",
    )  # fmt: skip
    parser.add_argument(
        "--think", type=float, default=1.0,
        help="paced: a seat flips this many seconds ± half after the table allows it (default 1)",
    )  # fmt: skip
    parser.add_argument(
        "--paced-seconds", type=float, default=40.0,
        help="paced: measured time per run (default 40)",
    )  # fmt: skip
    parser.add_argument(
        "--paced-warmup", type=float, default=5.0,
        help="paced: play before measuring (default 5)",
    )  # fmt: skip
    parser.add_argument(
        "--paced-only", action="store_true", help="run the paced runs only (no flat-out run)"
    )
    parser.add_argument("--json", metavar="PATH", help="also write every run's figures here")
    args = parser.parse_args(argv)
    servers = [s.strip() for s in args.servers.split(",") if s.strip()]
    unknown = [s for s in servers if s not in SERVERS]
    if unknown or not servers:
        parser.error(f"--servers: unknown {', '.join(unknown) or '(none given)'}")
    if args.rounds < 1 or args.seconds <= 0 or args.warmup < 0 or args.rooms < 1:
        parser.error("--rounds and --rooms must be at least 1, --seconds above 0")
    if args.paced_rooms < 0 or args.think <= 0 or args.paced_seconds <= 0:
        parser.error("--paced-rooms must be at least 0, --think and --paced-seconds above 0")
    if ("krig-b" in servers) != bool(args.krig_b):
        parser.error("--servers krig-b and --krig-b DIR go together")
    if args.paced_only and not args.paced_rooms:
        parser.error("--paced-only needs --paced-rooms")
    args.servers = servers
    return args


# ---------------------------------------------------------------- processes


def spawn(
    args: list[str],
    cpu: int,
    *,
    stdout: int | IO[Any],
    stderr: int | IO[Any] = subprocess.STDOUT,
    env: dict[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    """Start ``args`` pinned to ``cpu``, every thread it will ever have included.

    A child inherits its parent's CPU affinity at fork, before it runs
    anything, so the runner pins itself for the moment of the fork (it has
    no other thread). Pinning the child afterwards would miss the threads
    Node and redis-server start at once.
    """
    mine = os.sched_getaffinity(0) if PINNED else set()
    if PINNED:
        os.sched_setaffinity(0, {cpu})
    try:
        return subprocess.Popen(
            args, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL,
            env=env, cwd=ROOT,
        )  # fmt: skip
    finally:
        if PINNED:
            os.sched_setaffinity(0, mine)


def stop(proc: subprocess.Popen[bytes] | None) -> None:
    if proc is None or proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def wait_for(what: str, proc: subprocess.Popen[bytes], log: Path, word: str) -> None:
    """Wait until ``word`` is in the process's log (it is listening)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if word in log.read_text(errors="replace"):
            return
        if proc.poll() is not None:
            break
        time.sleep(0.02)
    raise RuntimeError(f"{what} did not start: {log.read_text(errors='replace')[-2000:]}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of every thread of ``pid`` so far (/proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def core_times(cpu: int) -> tuple[float, float]:
    """(busy, steal) seconds of one core so far (/proc/stat)."""
    for line in Path("/proc/stat").read_text().splitlines():
        if line.startswith(f"cpu{cpu} "):
            ticks = [int(x) for x in line.split()[1:]]
            hz = os.sysconf("SC_CLK_TCK")
            idle = ticks[3] + ticks[4]  # idle + iowait
            steal = ticks[7] if len(ticks) > 7 else 0
            return (sum(ticks[:8]) - idle - steal) / hz, steal / hz
    return 0.0, 0.0


def node_env() -> dict[str, str]:
    return {**os.environ, "NODE_ENV": "production"}


def ensure_node_modules() -> None:
    """``npm ci`` in bench/peers when its node_modules is missing or older than the lockfile."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        raise SystemExit("bench/peers.py needs node and npm (Node 20 or newer) on PATH")
    stamp = PEERS / "node_modules" / ".package-lock.json"
    lock = PEERS / "package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    print("bench/peers.py: npm ci in bench/peers", file=sys.stderr, flush=True)
    subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel", "error"], cwd=PEERS, check=True
    )


def krig_server_bin() -> str:
    found = shutil.which("krig-server", path=str(Path(sys.executable).parent))
    if found is None:
        raise SystemExit(
            "no krig-server beside this python: run the runner with the project's venv "
            "(.venv/bin/python bench/peers.py; python3 dev.py krig-server --help makes it)"
        )
    return found


# --------------------------------------------------------------------- runs


@dataclass
class Run:
    """One server's figures from one run."""

    server: str
    round: int
    mode: str
    """``flat`` (closed loop) or ``paced`` (a person's pace)."""
    rooms: int
    flips: int
    seconds: float
    flips_per_s: float
    p50_ms: float
    p99_ms: float
    server_us: float
    """Server CPU time per flip, µs (every thread of the server process)."""
    redis_us: float | None
    """Redis CPU time per flip, µs (None: no Redis)."""
    client_us: float
    """The load client's CPU time per flip, µs."""
    frames_in: float
    """Frames the load client received per flip."""
    redis_cmds: float | None
    """Redis commands per flip (commandstats; commands inside scripts count)."""
    cpu0_others: float
    """Share of the measured time in which CPU 0 ran something else than the
    server and its Redis (another process of the machine's)."""
    steal: float
    """Share of the measured time the hypervisor took from CPU 0 (steal)."""
    errors: dict[str, int] = field(default_factory=dict)
    redis_by_command: dict[str, float] = field(default_factory=dict)
    """Redis commands per flip by command (those scripts run included)."""


NOT_COUNTED = ("info", "config|resetstat", "config")
"""The runner's own commands to Redis."""


def _redis_calls(client: redis.Redis) -> dict[str, int]:
    """Calls so far by command (commandstats: commands a script runs included)."""
    stats = client.info("commandstats")
    calls = {k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in stats.items()}
    return {k: n for k, n in calls.items() if k not in NOT_COUNTED}


def run_one(name: str, rnd: int, args: argparse.Namespace, work: Path, mode: str = "flat") -> Run:
    """Start ``name`` (with a fresh Redis unless it keeps nothing there), load it, measure.

    ``mode``: ``flat`` (closed loop, ``--rooms``) or ``paced`` (``--paced-rooms`` at
    a person's pace, ``--think``)."""
    port = free_port()
    paced = mode == "paced"
    procs: list[subprocess.Popen[bytes]] = []
    logs: list[IO[bytes]] = []

    def logged(tag: str) -> tuple[Path, IO[bytes]]:
        path = work / f"{name}-{rnd}-{mode}-{tag}.log"
        f = path.open("wb")
        logs.append(f)
        return path, f

    rp: subprocess.Popen[bytes] | None = None
    admin: redis.Redis | None = None
    try:
        redis_url = ""
        if name != "colyseus":
            rport = free_port()
            path, f = logged("redis")
            rdir = work / f"redis-{name}-{rnd}-{mode}"
            rdir.mkdir()
            rp = spawn(
                [find_redis_server(), "--port", str(rport), "--bind", "127.0.0.1",
                 "--dir", str(rdir), "--save", "", "--appendonly", "no", "--daemonize", "no",
                 "--loglevel", "warning"],
                SERVER_CPU, stdout=f,
            )  # fmt: skip
            procs.append(rp)
            admin = redis.Redis(port=rport)
            deadline = time.monotonic() + START_TIMEOUT_S
            while True:
                try:
                    admin.ping()
                    break
                except redis.ConnectionError:
                    if time.monotonic() > deadline or rp.poll() is not None:
                        raise RuntimeError("redis-server did not start") from None
                    time.sleep(0.02)
            redis_url = f"redis://127.0.0.1:{rport}"
        path, f = logged("server")
        if name in ("krig", "krig-uvloop", "krig-asyncio", "krig-b"):
            loop = {"krig-uvloop": "uvloop", "krig-asyncio": "asyncio"}.get(name, args.krig_loop)
            program, env = [krig_server_bin()], None
            if name == "krig-b":  # (its tree first on the path: its server, this venv)
                program = [sys.executable, "-P", "-c", "import sys; from server.cli import main; "
                           "sys.exit(main())"]  # fmt: skip
                env = {**os.environ, "PYTHONPATH": str(Path(args.krig_b).resolve())}
            server = spawn(
                [*program, "serve", "--redis-url", redis_url, "--port", str(port),
                 "--log-level", "warning", "--log-format", "json", "--loop", loop,
                 *KRIG_LIMITS],
                SERVER_CPU, stdout=f, env=env,
            )  # fmt: skip
            url = f"ws://127.0.0.1:{port}/ws"
            target = "krig"
        elif name in ("python-floor", "python-floor-uvloop"):
            floor_loop = "uvloop" if name == "python-floor-uvloop" else "asyncio"
            server = spawn(
                [sys.executable, str(ROOT / "bench" / "peer_floor.py"), "--port", str(port),
                 "--redis-url", redis_url, "--loop", floor_loop],
                SERVER_CPU, stdout=f,
            )  # fmt: skip
            url = f"ws://127.0.0.1:{port}/ws"
            target = "krig"
        else:
            lua = work / "krig-commit.lua"
            lua.write_text(COMMIT)
            server = spawn(
                ["node", str(PEERS / "colyseus_server.mjs"), "--port", str(port),
                 "--mode", MODES[name], "--redis-url", redis_url, "--krig-commit", str(lua),
                 *(("--auto-pipelining",) if args.ioredis_auto_pipelining else ())],
                SERVER_CPU, stdout=f, env=node_env(),
            )  # fmt: skip
            url = f"ws://127.0.0.1:{port}"
            target = "colyseus"
        procs.append(server)
        wait_for(name, server, path, "listening")
        client_log, cf = logged("client-stderr")
        rooms, warmup, seconds, think = (
            (args.paced_rooms, args.paced_warmup, args.paced_seconds, args.think)
            if paced
            else (args.rooms, args.warmup, args.seconds, 0.0)
        )
        client = spawn(
            ["node", str(PEERS / "load.mjs"), "--target", target, "--url", url,
             "--rooms", str(rooms), "--warmup", str(warmup),
             "--seconds", str(seconds), "--think", str(think)],
            CLIENT_CPU, stdout=subprocess.PIPE, stderr=cf, env=node_env(),
        )  # fmt: skip
        procs.append(client)
        try:
            return _measure(name, rnd, mode, rooms, client, server, rp, admin)
        except RuntimeError as exc:
            said = client_log.read_text(errors="replace")[-2000:]
            raise RuntimeError(f"{exc}\n{said}") from None
    finally:
        if admin is not None:
            admin.close()
        for proc in reversed(procs):
            stop(proc)
        for f in logs:
            f.close()


def _measure(
    name: str,
    rnd: int,
    mode: str,
    rooms: int,
    client: subprocess.Popen[bytes],
    server: subprocess.Popen[bytes],
    rp: subprocess.Popen[bytes] | None,
    admin: redis.Redis | None,
) -> Run:
    """Follow the client's markers; read every CPU time at each."""
    assert client.stdout is not None

    Sample = tuple[float, float, float, float, float, dict[str, int]]

    def sample() -> Sample:
        busy, steal = core_times(SERVER_CPU)
        return (
            cpu_seconds(server.pid),
            cpu_seconds(rp.pid) if rp is not None else 0.0,
            cpu_seconds(client.pid),
            busy,
            steal,
            _redis_calls(admin) if admin is not None else {},
        )

    marks: dict[str, Sample] = {}
    result: dict[str, Any] | None = None
    for raw in client.stdout:
        line = raw.decode().strip()
        if line in ("measure-start", "measure-end"):
            marks[line] = sample()
        elif line.startswith("{"):
            result = json.loads(line)
    client.wait(30)
    if result is None or len(marks) != 2:
        raise RuntimeError(f"{name}: the load client stopped early (exit {client.returncode})")
    (s0, r0, c0, b0, st0, n0), (s1, r1, c1, b1, st1, n1) = (
        marks["measure-start"],
        marks["measure-end"],
    )
    flips = int(result["flips"])
    if flips == 0:
        raise RuntimeError(f"{name}: no flip in the measured time ({result.get('errors')})")
    secs = float(result["seconds"])
    ours = (s1 - s0) + (r1 - r0)
    by_command = {
        cmd: (calls - n0.get(cmd, 0)) / flips
        for cmd, calls in sorted(n1.items(), key=lambda kv: -(kv[1] - n0.get(kv[0], 0)))
        if calls > n0.get(cmd, 0)
    }
    return Run(
        server=name,
        round=rnd,
        mode=mode,
        rooms=rooms,
        flips=flips,
        seconds=secs,
        flips_per_s=float(result["flips_per_s"]),
        p50_ms=float(result["latency_ms"]["p50"]),
        p99_ms=float(result["latency_ms"]["p99"]),
        server_us=(s1 - s0) / flips * 1e6,
        redis_us=(r1 - r0) / flips * 1e6 if rp is not None else None,
        client_us=(c1 - c0) / flips * 1e6,
        frames_in=int(result["frames_in"]) / flips,
        redis_cmds=sum(by_command.values()) if admin is not None else None,
        cpu0_others=max(0.0, (b1 - b0) - ours) / secs,
        steal=(st1 - st0) / secs,
        errors={str(k): int(v) for k, v in result.get("errors", {}).items()},
        redis_by_command=by_command,
    )


def schedule(
    servers: Sequence[str], rounds: int, modes: Sequence[str] = ("flat",)
) -> list[tuple[int, str, str]]:
    """Every server once a round in each mode (a server's flat-out run, then its paced
    one), the order of the servers rotated by one each round (interleaved)."""
    order: list[tuple[int, str, str]] = []
    for rnd in range(rounds):
        k = rnd % len(servers)
        order += [(rnd + 1, s, m) for s in [*servers[k:], *servers[:k]] for m in modes]
    return order


# -------------------------------------------------------------------- table


@dataclass
class Row:
    """One server's medians over the rounds."""

    server: str
    server_us: float
    redis_us: float | None
    flips_per_s: float
    p50_ms: float
    p99_ms: float
    client_us: float
    redis_cmds: float | None
    spread: tuple[float, float]
    """The lowest and highest server µs per flip of the rounds."""
    rounds: int

    @property
    def total_us(self) -> float:
        return self.server_us + (self.redis_us or 0.0)


def _median_or_none(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def medians(runs: Sequence[Run], mode: str = "flat") -> list[Row]:
    rows = []
    for name in SERVERS:
        mine = [r for r in runs if r.server == name and r.mode == mode]
        if not mine:
            continue
        rows.append(
            Row(
                server=name,
                server_us=statistics.median(r.server_us for r in mine),
                redis_us=_median_or_none([r.redis_us for r in mine]),
                flips_per_s=statistics.median(r.flips_per_s for r in mine),
                p50_ms=statistics.median(r.p50_ms for r in mine),
                p99_ms=statistics.median(r.p99_ms for r in mine),
                client_us=statistics.median(r.client_us for r in mine),
                redis_cmds=_median_or_none([r.redis_cmds for r in mine]),
                spread=(min(r.server_us for r in mine), max(r.server_us for r in mine)),
                rounds=len(mine),
            )
        )
    return rows


COLUMNS = (
    "server",
    "server µs/flip",
    "Redis µs/flip",
    "server+Redis µs/flip",
    "flips/s",
    "p50 ms",
    "p99 ms",
    "Redis cmds/flip",
    "client µs/flip",
    "x durable: server CPU",
    "x durable: server+Redis",
    "x durable: flips/s",
)


def format_table(rows: Sequence[Row]) -> str:
    """The medians as a Markdown table, with the ratios to the durable Colyseus room."""
    base = next((r for r in rows if r.server == BASELINE), None)

    def num(x: float | None, digits: int = 1) -> str:
        return "—" if x is None else f"{x:,.{digits}f}"

    def ratio(x: float, y: float | None) -> str:
        return "—" if not y else f"{x / y:.2f}x"

    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for r in rows:
        name = f"**{r.server}**" if r.server == "krig" else r.server
        cells = [
            name,
            f"{r.server_us:.1f} ({r.spread[0]:.1f}-{r.spread[1]:.1f})",
            num(r.redis_us),
            f"{r.total_us:.1f}",
            f"{r.flips_per_s:,.0f}",
            f"{r.p50_ms:.2f}",
            f"{r.p99_ms:.2f}",
            num(r.redis_cmds, 2),
            f"{r.client_us:.1f}",
            ratio(r.server_us, base.server_us if base else None),
            ratio(r.total_us, base.total_us if base else None),
            ratio(r.flips_per_s, base.flips_per_s if base else None),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


PACED_COLUMNS = (
    "server",
    "flips/s",
    "server µs/flip paced (rounds)",
    "flat out",
    "paced ÷ flat",
    "Redis µs/flip paced",
    "flat out",
    "Redis cmds/flip paced",
    "flat out",
    "reveal p50 / p99 ms",
)


def format_paced(runs: Sequence[Run]) -> str:
    """Each server at a person's pace beside its flat-out figures of the same rounds,
    and its Redis commands a flip by command."""
    flat = {r.server: r for r in medians(runs, "flat")}
    paced = medians(runs, "paced")

    def num(x: float | None, digits: int = 1) -> str:
        return "—" if x is None else f"{x:,.{digits}f}"

    lines = ["| " + " | ".join(PACED_COLUMNS) + " |", "|" + "---|" * len(PACED_COLUMNS)]
    notes = []
    for r in paced:
        f = flat.get(r.server)
        name = f"**{r.server}**" if r.server.startswith("krig") else r.server
        lines.append(
            "| "
            + " | ".join(
                [
                    name,
                    f"{r.flips_per_s:,.0f}",
                    f"{r.server_us:.1f} ({r.spread[0]:.1f}-{r.spread[1]:.1f})",
                    num(f.server_us if f else None),
                    f"{r.server_us / f.server_us:.2f}x" if f else "—",
                    num(r.redis_us),
                    num(f.redis_us if f else None),
                    num(r.redis_cmds, 2),
                    num(f.redis_cmds if f else None, 2),
                    f"{r.p50_ms:.1f} / {r.p99_ms:.1f}",
                ]
            )
            + " |"
        )
        mine = [x for x in runs if x.server == r.server and x.mode == "paced"]
        commands = sorted({c for x in mine for c in x.redis_by_command})
        if commands:
            by = {
                c: statistics.median(x.redis_by_command.get(c, 0.0) for x in mine) for c in commands
            }
            shown = ", ".join(
                f"{c.upper()} {v:.3f}" for c, v in sorted(by.items(), key=lambda kv: -kv[1])
            )
            notes.append(f"{r.server}, paced, Redis commands a flip by command: {shown}")
    return "\n".join([*lines, "", *notes])


def format_floor_ratios(runs: Sequence[Run]) -> str:
    """Each krig server's CPU a flip flat out over each CPython floor's, round by round
    (the same minutes), and the median: the issue's "krig against its floor"."""
    flat = {(r.server, r.round): r.server_us for r in runs if r.mode == "flat"}
    names = sorted({name for name, _ in flat})
    lines = []
    for k in (n for n in names if n.startswith("krig")):
        for f in (n for n in names if n.startswith("python-floor")):
            ratios = [
                flat[k, rnd] / flat[f, rnd]
                for rnd in sorted({rnd for _, rnd in flat})
                if (k, rnd) in flat and (f, rnd) in flat and flat[f, rnd] > 0
            ]
            if ratios:
                each = ", ".join(f"{x:.2f}" for x in ratios)
                lines.append(
                    f"{k} ÷ {f}, server CPU a flip: {statistics.median(ratios):.2f}x "
                    f"(rounds: {each})"
                )
    return "\n".join(lines)


def format_notes(runs: Sequence[Run]) -> str:
    """What else ran on the server's core while it was measured; errors; frames per flip."""
    if not runs:
        return ""
    others = [r.cpu0_others for r in runs]
    steal = [r.steal for r in runs]
    frames = {
        name: statistics.median(r.frames_in for r in runs if r.server == name)
        for name in SERVERS
        if any(r.server == name and r.mode == "flat" for r in runs)
    }
    errors: dict[str, int] = {}
    for r in runs:
        for code, n in r.errors.items():
            errors[code] = errors.get(code, 0) + n
    return (
        f"CPU 0 ran other processes {min(others):.1%}-{max(others):.1%} of the measured time "
        f"(median {statistics.median(others):.1%}); steal {max(steal):.1%} at most; "
        f"errors {errors or 'none'}; frames the client received per flip: "
        + ", ".join(f"{name} {n:.2f}" for name, n in frames.items())
    )


def machine() -> str:
    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=False)
    return (
        f"{os.cpu_count()} CPUs ({model or platform.machine()}), Python "
        f"{platform.python_version()}, Node {node.stdout.strip()}, "
        + (
            f"server + Redis on CPU {SERVER_CPU}, load client on CPU {CLIENT_CPU}"
            if PINNED
            else "not pinned (fewer than 2 CPUs)"
        )
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    ensure_node_modules()
    if any(name.startswith("krig") for name in args.servers):
        krig_server_bin()
    if PINNED:  # the runner keeps off the server's core
        os.sched_setaffinity(0, {CLIENT_CPU})
    started = datetime.datetime.now(datetime.UTC)
    load_before = os.getloadavg()[0]
    print(
        f"bench/peers.py: {args.rounds} round(s) x {len(args.servers)} server(s), "
        f"{args.rooms} rooms of 2 bots, {args.warmup:g} s warm-up + {args.seconds:g} s each",
        file=sys.stderr,
        flush=True,
    )
    runs: list[Run] = []
    modes = ("paced",) if args.paced_only else ("flat", "paced") if args.paced_rooms else ("flat",)
    with tempfile.TemporaryDirectory(prefix="krig-peers-") as tmp:
        for rnd, name, mode in schedule(args.servers, args.rounds, modes):
            run = run_one(name, rnd, args, Path(tmp), mode)
            runs.append(run)
            cmds = "" if run.redis_cmds is None else f", {run.redis_cmds:.2f} Redis cmds/flip"
            print(
                f"  round {rnd} {name:<22} {mode:<5} {run.server_us:6.1f} µs/flip server, "
                f"{run.flips_per_s:8,.0f} flips/s{cmds}, CPU 0 others {run.cpu0_others:.0%}",
                file=sys.stderr,
                flush=True,
            )
    rows = medians(runs)
    print(
        f"{started:%Y-%m-%d %H:%M} UTC; {machine()}; {args.rooms} rooms of 2 bots, closed loop, "
        f"classic War; {args.rounds} interleaved round(s) of {args.seconds:g} s after "
        f"{args.warmup:g} s warm-up; medians over the rounds (server µs/flip: the rounds' range "
        f"in brackets); load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after"
    )
    if rows:
        print()
        print(format_table(rows))
    if args.paced_rooms:
        print()
        print(
            f"At a person's pace: {args.paced_rooms} rooms of 2 bots, each seat flipping "
            f"{args.think:g} s ± {args.think / 2:g} s (uniform) after the table allows it, "
            f"{args.paced_seconds:g} s after {args.paced_warmup:g} s warm-up, a fresh server "
            "and Redis; flat out: the same round's closed-loop run above"
        )
        print()
        print(format_paced(runs))
    ratios = format_floor_ratios(runs)
    if ratios:
        print()
        print(ratios)
    print()
    print(format_notes(runs))
    if args.json:
        report = {"started": started.isoformat(), "runs": [asdict(r) for r in runs]}
        Path(args.json).write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
