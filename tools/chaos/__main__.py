"""The chaos soak: an hour (or ``--minutes``) of real faults under paced play.

    python -m tools.chaos --minutes 60 --report /tmp/chaos.md

Starts, on free loopback ports: three redis-servers (a primary and two
replicas, ``min-replicas-to-write 1``), three Sentinels watching them, and
three ``krig-server serve`` nodes on ``redis+sentinel://`` with
``--redis-min-replicas 1``. Then:

- ``--rooms`` rooms of two bots each (``client_cli.load.LoadRoom``), seats
  spread over the nodes, at human pace (``--pace-s`` seconds a flip, per
  seat), games back to back;
- a fault every ``--every`` seconds, in turn: kill -9 a node, ``SENTINEL
  FAILOVER``, kill -9 the primary, SIGSTOP a node for 20 s, restart what was
  killed (node and Redis);
- beside them a fuzzer process (:mod:`tools.chaos.fuzz`) sending
  ``--fuzz-frames`` hostile frames at an even pace over the run.

Every frame every bot gets goes to a :class:`tools.faults.observe.Witness`,
which finds any event later taken back and any seq that carried two events.
At the end it prints (and writes to ``--report``) one table: events
delivered and contradicted, games finished, cards conserved, reveal
latency, the longest pause a player saw, errors by code, each node's RSS
over time, the fuzzer's answers by code, and tracebacks in the logs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from server_support import ServerProc, room_in_redis

from client_cli.load import LoadRoom, Pacer, Stats
from client_cli.session import Session
from protocol.codec import ProtocolError, decode_server
from server.engine import census
from server.store.embedded import RedisProcess, free_port
from tools.faults.observe import Witness
from tools.redis_rig import find_server

SERVICE = "krig"
FAULTS = ("kill_node", "sentinel_failover", "kill_primary", "sigstop_node", "restart_killed")


# ------------------------------------------------------------------ the store


@dataclass
class Store:
    """Three redis-servers and three Sentinels on loopback."""

    work: Path
    binary: str
    servers: dict[int, RedisProcess] = field(default_factory=dict)
    sentinel_ports: list[int] = field(default_factory=list)
    sentinels: list[subprocess.Popen[bytes]] = field(default_factory=list)
    killed: list[int] = field(default_factory=list)

    @property
    def url(self) -> str:
        hosts = ",".join(f"127.0.0.1:{p}" for p in self.sentinel_ports)
        return f"redis+sentinel://{hosts}/{SERVICE}"

    def _server(self, port: int, replica_of: int | None) -> RedisProcess:
        safety = (
            "--min-replicas-to-write", "1", "--min-replicas-max-lag", "5",
            "--repl-diskless-sync-delay", "0",
        )  # fmt: skip
        extra = safety if replica_of is None else (*safety, "--replicaof", "127.0.0.1",
                                                    str(replica_of))  # fmt: skip
        return RedisProcess(
            port=port, appendonly=True, workdir=str(self.work / f"redis-{port}"),
            binary=self.binary, extra=extra,
        )  # fmt: skip

    def start(self) -> None:
        ports = [free_port() for _ in range(3)]
        primary = ports[0]
        for i, port in enumerate(ports):
            self.servers[port] = self._server(port, None if i == 0 else primary).start()
        for _ in range(3):
            port = free_port()
            conf = self.work / f"sentinel-{port}.conf"
            conf.write_text(
                f"port {port}\nbind 127.0.0.1\ndir {self.work}\n"
                f"sentinel monitor {SERVICE} 127.0.0.1 {primary} 2\n"
                f"sentinel down-after-milliseconds {SERVICE} 1000\n"
                f"sentinel failover-timeout {SERVICE} 5000\n"
            )
            self.sentinel_ports.append(port)
            log = open(self.work / f"sentinel-{port}.log", "ab")  # noqa: SIM115
            self.sentinels.append(
                subprocess.Popen([self.binary, str(conf), "--sentinel"], stdout=log, stderr=log)
            )

    def ask(self, *command: str) -> Any:
        for port in self.sentinel_ports:
            client = redis.Redis(port=port, socket_timeout=2)
            try:
                return client.execute_command(*command)  # type: ignore[no-untyped-call]
            except (redis.RedisError, OSError):
                continue
            finally:
                client.close()
        raise RuntimeError("no Sentinel answers")

    def primary(self) -> int:
        reply = self.ask("SENTINEL", "GET-MASTER-ADDR-BY-NAME", SERVICE)
        return int(reply[1])

    def healthy(self) -> bool:
        try:
            primary = self.primary()
            info = redis.Redis(port=primary, socket_timeout=1).info("replication")
            if info["role"] != "master":
                return False
            online = [v for k, v in info.items() if k.startswith("slave") and isinstance(v, dict)
                      and v.get("state") == "online"]  # fmt: skip
            return len(online) >= 1
        except (redis.RedisError, OSError, ValueError, TypeError, RuntimeError):
            return False

    async def until_healthy(self, timeout_s: float = 60.0) -> bool:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if await asyncio.to_thread(self.healthy):
                return True
            await asyncio.sleep(0.2)
        return False

    def kill_primary(self) -> int:
        port = self.primary()
        self.servers[port].kill()
        self.killed.append(port)
        return port

    def restart_killed(self) -> list[int]:
        back = []
        while self.killed:
            port = self.killed.pop()
            try:
                primary = self.primary()
            except RuntimeError:
                primary = next(p for p in self.servers if p != port)
            self.servers[port] = self._server(port, primary).start()
            back.append(port)
        return back

    def stop(self) -> None:
        for proc in self.sentinels:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(5)
        for server in self.servers.values():
            server.stop()


# -------------------------------------------------------------- the observers


class Observed(list[bytes]):
    """A session's ``frames``: every message it receives, handed to the witness
    (nothing is kept), and the longest pause between room events in play."""

    def __init__(self, witness: Witness, member: str, session: Session, pauses: Pauses) -> None:
        super().__init__()
        self.witness = witness
        self.member = member
        self.session = session
        self.pauses = pauses
        self.last = 0.0

    def extend(self, messages: Any) -> None:
        for frame in messages:
            self.append(frame)

    def append(self, frame: bytes) -> None:
        try:
            msg = decode_server(frame)
        except ProtocolError:
            return
        table = self.session.table
        code = table.code or getattr(getattr(msg, "room", None), "code", "") or ""
        self.witness.saw(self.member, code, frame, msg)
        if getattr(msg, "seq", None) is not None:
            now = time.monotonic()
            if self.last and table.phase in ("battle", "war"):
                self.pauses.note(now - self.last, self.member)
            self.last = now


@dataclass
class Pauses:
    longest: float = 0.0
    who: str = ""

    def note(self, gap: float, member: str) -> None:
        if gap > self.longest:
            self.longest, self.who = gap, member


# --------------------------------------------------------------------- a run


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def scrape(http: str) -> tuple[int, int] | None:
    """A node's open connections and rooms served (``krig_connections``,
    ``krig_local_rooms`` at its /metrics), or None when it does not answer."""
    try:
        with urllib.request.urlopen(f"{http}/metrics", timeout=3) as reply:
            text = reply.read().decode()
    except (OSError, ValueError):
        return None
    found = {}
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        if name in ("krig_connections", "krig_local_rooms"):
            found[name] = int(float(value))
    if len(found) < 2:
        return None
    return found["krig_connections"], found["krig_local_rooms"]


@dataclass(frozen=True)
class Sample:
    """One node's memory and load at one moment of the run."""

    minute: float
    node: int
    start: int
    """Which life of the node (a node killed and started again is another process)."""
    kib: int
    conns: int
    """Open connections (-1: its /metrics did not answer)."""
    rooms: int
    """Rooms with a member connected to it (-1: its /metrics did not answer)."""


def rss_table(rss: list[Sample], warmup_min: float, every_min: float = 10.0) -> list[str]:
    """Each node life's RSS against its connections and rooms at ``every_min`` marks, and
    its growth after warm-up in all and per connection: growth from more players
    (connections) is told apart from growth with the same players."""
    lines = ["| node (life) | minute | RSS MiB | connections | rooms | KiB per connection |",
             "|---|---|---|---|---|---|"]  # fmt: skip
    for node in sorted({r.node for r in rss}):
        for start in sorted({r.start for r in rss if r.node == node}):
            life = [r for r in rss if r.node == node and r.start == start and r.conns >= 0]
            if not life:
                continue
            marks: list[Sample] = []
            for r in life:
                if not marks or r.minute >= marks[-1].minute + every_min - 0.25 or r is life[-1]:
                    marks.append(r)
            for r in marks:
                per = f"{r.kib / r.conns:.0f}" if r.conns else "-"
                lines.append(f"| {node} ({start}) | {r.minute:.0f} | {r.kib / 1024:.1f} | "
                             f"{r.conns} | {r.rooms} | {per} |")  # fmt: skip
    return lines


def conserved(port: int) -> tuple[int, list[str]]:
    """Every room's cards are its deck, on the primary: (rooms checked, violations)."""
    client = redis.Redis(port=port)
    checked, bad = 0, []
    try:
        for key in client.scan_iter("krig:*:room", count=500):
            code = key.decode().split("{", 1)[1].split("}", 1)[0]
            rec = room_in_redis(client, code)
            if rec is None:
                continue
            checked += 1
            if rec.state is not None and census(rec.state) != sorted(rec.state.rules.deck()):
                bad.append(rec.code)
    finally:
        client.close()
    return checked, bad


def log_findings(paths: list[Path]) -> Counter[str]:
    """Tracebacks and error-level lines in the nodes' logs, by event name."""
    found: Counter[str] = Counter()
    for path in paths:
        if not path.exists():
            continue
        for line in path.read_text(errors="replace").splitlines():
            if "Traceback" in line:
                found["traceback"] += 1
            if '"level": "error"' in line or '"level":"error"' in line:
                event = re.search(r'"event":\s*"([^"]+)"', line)
                found[f"error {event.group(1) if event else '?'}"] += 1
    return found


async def keep_playing(room: LoadRoom, until: float, failures: Counter[str]) -> None:
    """One room: games back to back; a room that fails is counted and plays on."""
    while time.perf_counter() < until:
        try:
            await room.run(until)
        except Exception as exc:
            failures[f"{type(exc).__name__}: {str(exc)[:60]}"] += 1
            await asyncio.sleep(1.0)


async def soak(args: argparse.Namespace, work: Path) -> int:
    store = Store(work, find_server((7, 0)))
    store.start()
    if not await store.until_healthy():
        raise SystemExit("chaos: the Sentinel deployment did not come up")
    settings = {
        "redis_min_replicas": 1, "grace_s": 5.0, "dead_node_s": 5.0,
        "max_conns_per_addr": 0, "rooms_per_min": 0,
    }  # fmt: skip
    nodes = [ServerProc(store.url, f"chaos{i}", work, **settings).start() for i in range(3)]
    urls = [n.url for n in nodes]
    witness, pauses = Witness(), Pauses()
    stats, failures = Stats(), Counter[str]()
    pacer = Pacer(args.rooms * 2 / args.pace_s)
    rooms = [
        LoadRoom(urls, 2, args.preset, i, stats, pacer, stall_s=120) for i in range(args.rooms)
    ]
    for room in rooms:
        for s in room.sessions:
            s.frames = Observed(witness, s.name, s, pauses)
    say = print
    say(f"chaos: {len(nodes)} nodes on {store.url}; opening {args.rooms} rooms", flush=True)
    opened = 0
    for chunk in range(0, len(rooms), 25):
        done = await asyncio.gather(*(r.setup() for r in rooms[chunk : chunk + 25]),
                                    return_exceptions=True)  # fmt: skip
        opened += sum(1 for d in done if d is True)
    began = time.perf_counter()
    until = began + args.minutes * 60
    stats.measure_from = began + 30
    fuzz_out = work / "fuzz.json"
    fuzzer = subprocess.Popen(
        [sys.executable, "-m", "tools.chaos.fuzz", "--urls", *urls,
         "--frames", str(args.fuzz_frames), "--seconds", str(args.minutes * 60 - 20),
         "--out", str(fuzz_out)],
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    say(f"chaos: {opened} rooms open; playing for {args.minutes:g} min", flush=True)
    players = asyncio.gather(*(keep_playing(r, until, failures) for r in rooms))
    faults: Counter[str] = Counter()
    rss: list[Sample] = []
    killed_nodes: list[ServerProc] = []
    n = 0
    next_fault = began + args.every
    next_rss = began

    async def sample() -> None:
        for i, node in enumerate(nodes):
            if node.proc is not None and node.proc.poll() is None:
                seen = await asyncio.to_thread(scrape, node.http)
                conns, served = seen if seen is not None else (-1, -1)
                rss.append(Sample((time.perf_counter() - began) / 60, i, node.starts,
                                  rss_kib(node.proc.pid), conns, served))  # fmt: skip

    next_tick = began + args.tick_s if args.tick_s else until
    while time.perf_counter() < until - 5:
        now = time.perf_counter()
        if now >= next_tick:
            next_tick += args.tick_s
            say(
                f"{now - began:6.0f}s  flips {stats.flips:>8}  games {stats.games:>6}  "
                f"errors {sum(stats.errors.values())}",
                flush=True,
            )
        if now >= next_rss:
            await sample()
            next_rss += 30
            if args.report is not None and int((now - began) // 30) % 10 == 0:
                partial = report(args, opened, witness, stats, failures, 0, [], pauses, faults,
                                 rss, _read_json(fuzz_out), Counter())  # fmt: skip
                minute = (now - began) / 60
                head = f"(partial: {minute:.0f} of {args.minutes:g} min; cards and logs at the end)"
                args.report.write_text(head + "\n\n" + partial)
        if now < next_fault or now + 25 > until:
            await asyncio.sleep(min(1.0, max(0.0, min(next_fault, next_rss, next_tick) - now)))
            continue
        next_fault += args.every
        kind = args.faults[n % len(args.faults)]
        n += 1
        what = ""
        try:
            if kind == "kill_node":
                node = nodes[(n // len(FAULTS)) % 2]  # node 2 is never killed: its RSS is the run's
                node.kill()
                killed_nodes.append(node)
                what = node.node_id
            elif kind == "sentinel_failover":
                old = await asyncio.to_thread(store.primary)
                await asyncio.to_thread(store.ask, "SENTINEL", "FAILOVER", SERVICE)
                what = f"primary was {old}"
            elif kind == "kill_primary":
                what = f"primary {await asyncio.to_thread(store.kill_primary)}"
            elif kind == "sigstop_node":
                node = nodes[1 - (n // len(FAULTS)) % 2]
                if node.proc is not None and node.proc.poll() is None:
                    node.signal(signal.SIGSTOP)
                    await asyncio.sleep(20)
                    node.signal(signal.SIGCONT)
                what = node.node_id
            else:
                back = await asyncio.to_thread(store.restart_killed)
                for node in killed_nodes:
                    await asyncio.to_thread(node.start)
                what = f"redis {back}, nodes {[x.node_id for x in killed_nodes]}"
                killed_nodes.clear()
        except Exception as exc:  # a fault that could not be made is said, and the run goes on
            what = f"failed: {exc!r}"
        faults[kind] += 1
        elapsed = time.perf_counter() - began
        say(
            f"{elapsed:6.0f}s  {kind:<18} {what:<40} games {stats.games:>6}  "
            f"flips {stats.flips:>8}  contradicted {witness.violations}",
            flush=True,
        )
    # A seat waiting on a stalled table gives up only after its stall bound: the run
    # ends a minute after its time at most (a room still waiting is left as it is).
    await asyncio.wait([players], timeout=60)
    if not players.done():
        players.cancel()
        with contextlib.suppress(BaseException):
            await players
    await asyncio.sleep(2)
    await sample()
    # The end: nothing here may lose the table. Redis first (a primary without a
    # replica refuses writes, and a node that cannot register exits), then the nodes.
    checked, bad = 0, ["(not checked: the store did not come back)"]
    try:
        await asyncio.to_thread(store.restart_killed)
        await store.until_healthy(30)
        checked, bad = await asyncio.to_thread(conserved, await asyncio.to_thread(store.primary))
    except Exception as exc:
        say(f"chaos: the end's conservation check failed: {exc!r}", flush=True)
    with contextlib.suppress(subprocess.TimeoutExpired):
        fuzzer.wait(60)
    if fuzzer.poll() is None:
        fuzzer.terminate()
    fuzz: dict[str, Any] = json.loads(fuzz_out.read_text()) if fuzz_out.exists() else {}
    for room in rooms:
        with contextlib.suppress(Exception):
            await room.close()
    findings = log_findings([node.log_path for node in nodes])
    table = report(args, opened, witness, stats, failures, checked, bad, pauses, faults, rss,
                   fuzz, findings)  # fmt: skip
    print(table, flush=True)
    if args.report is not None:
        args.report.write_text(table)
    for node in nodes:
        with contextlib.suppress(Exception):
            node.stop()
    store.stop()
    ok = witness.violations == 0 and not bad and not fuzz.get("unexpected")
    return 0 if ok else 1


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return data


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(
    args: argparse.Namespace,
    opened: int,
    witness: Witness,
    stats: Stats,
    failures: Counter[str],
    checked: int,
    bad: list[str],
    pauses: Pauses,
    faults: Counter[str],
    rss: list[Sample],
    fuzz: dict[str, Any],
    findings: Counter[str],
) -> str:
    lat = [x * 1000 for x in stats.latencies]
    errors = Counter(stats.errors) + Counter(stats.moved_on)
    growth = []
    for node in sorted({r.node for r in rss}):
        for start in sorted({r.start for r in rss if r.node == node}):
            life = [r for r in rss if r.node == node and r.start == start]
            warm = [r for r in life if r.minute >= life[0].minute + args.warmup_min]
            if len(warm) < 2:
                continue
            a, b = warm[0], warm[-1]
            hours = (b.minute - a.minute) / 60
            pct = (b.kib - a.kib) / a.kib * 100 if a.kib else 0.0
            said = (
                f"node {node} (start {start}): {a.kib / 1024:.1f} MiB at {a.minute:.0f} min -> "
                f"{b.kib / 1024:.1f} MiB at {b.minute:.0f} min ({pct:+.1f}%, "
                f"{pct / hours if hours else 0:+.1f}%/h)"
            )
            if a.conns > 0 and b.conns > 0:
                pa, pb = a.kib / a.conns, b.kib / b.conns
                said += (f", {a.conns} -> {b.conns} connections, {pa:.0f} -> {pb:.0f} KiB "
                         f"per connection ({(pb - pa) / pa * 100:+.1f}%)")  # fmt: skip
            growth.append(said)
    every = ", ".join(f"{k} {v}" for k, v in sorted(faults.items()))
    fuzz_codes = ", ".join(f"{k} {v:,}" for k, v in sorted(fuzz.get("replies", {}).items(),
                                                          key=lambda kv: -kv[1]))  # fmt: skip
    rows = [
        ("run", f"{args.minutes:g} min; {opened} rooms of 2 bots ({args.preset}, a flip every "
                f"{args.pace_s:g} s a seat); 3 nodes, Sentinel (primary + 2 replicas, 3 "
                "Sentinels), --redis-min-replicas 1"),
        ("faults", every or "none"),
        ("events delivered (per member)", f"{witness.events:,}"),
        ("events sent and later contradicted", f"{witness.violations}"
         + (f" ({', '.join(f'{k} {v}' for k, v in witness.by_kind.items())})"
            if witness.violations else "")),
        ("games finished", f"{stats.games:,}"),
        ("flips", f"{stats.flips:,}"),
        ("cards conserved", f"{checked - len(bad)} of {checked} rooms in Redis at the end"),
        ("reveal latency", f"p50 {_pct(lat, 0.5):.0f} ms, p99 {_pct(lat, 0.99):.0f} ms, "
                           f"max {max(lat) if lat else 0:.0f} ms ({len(lat):,} reveals)"),
        ("longest pause a player saw", f"{pauses.longest:.1f} s (between two room events in play)"),
        ("errors by code", ", ".join(f"{k} {v}" for k, v in errors.most_common()) or "none"),
        ("rooms that stopped and started again",
         ", ".join(f"{k} ({v})" for k, v in failures.most_common(5)) or "none"),
        ("server RSS after warm-up", "; ".join(growth) or "not enough samples"),
        ("fuzzer", f"{fuzz.get('frames', 0):,} hostile frames; answers: {fuzz_codes or 'none'}; "
                   f"undocumented: {fuzz.get('unexpected') or 'none'}"),
        ("logs", ", ".join(f"{k} {v}" for k, v in findings.most_common()) or
         "no traceback, no error-level line"),
    ]  # fmt: skip
    lines = ["| measure | result |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in rows]
    if rss:
        lines += ["", "Each node's RSS against its players (every 10 min, and the last sample):",
                  "", *rss_table(rss, args.warmup_min)]  # fmt: skip
    if witness.first:
        lines += ["", "First contradictions:", *(f"- {x}" for x in witness.first[:10])]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--rooms", type=int, default=500)
    parser.add_argument("--pace-s", type=float, default=3.0,
                        help="seconds between one seat's flips (human pace)")  # fmt: skip
    parser.add_argument("--every", type=float, default=60, help="seconds between faults")
    parser.add_argument("--preset", default="quick")
    parser.add_argument(
        "--fuzz-frames", type=int, default=None,
        help="hostile frames over the run (default: 1,000,000 an hour)",
    )  # fmt: skip
    parser.add_argument("--warmup-min", type=float, default=5.0,
                        help="minutes of a node's life left out of its RSS growth")  # fmt: skip
    parser.add_argument(
        "--faults", type=lambda v: tuple(v.split(",")), default=FAULTS,
        help=f"the faults, in turn (default: {','.join(FAULTS)})",
    )  # fmt: skip
    parser.add_argument(
        "--tick-s", type=float, default=0.0,
        help="print flips so far every this many seconds (0: at faults only)",
    )  # fmt: skip
    parser.add_argument("--report", type=Path, help="write the final table here too")
    parser.add_argument("--logs", type=Path, help="keep the nodes' and Redis' files here")
    args = parser.parse_args()
    if unknown := set(args.faults) - set(FAULTS):
        parser.error(f"unknown faults: {', '.join(sorted(unknown))}")
    if args.fuzz_frames is None:
        args.fuzz_frames = int(1_000_000 * args.minutes / 60)
    if args.logs is not None:
        args.logs.mkdir(parents=True, exist_ok=True)
        return asyncio.run(soak(args, args.logs))
    with tempfile.TemporaryDirectory(prefix="krig-chaos-") as tmp:
        return asyncio.run(soak(args, Path(tmp)))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
