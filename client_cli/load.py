"""``krig load``: R rooms of P bots each from one process, against a real server.

Reveal latency is measured per room and step: from the moment the last flip
of the step is sent to the moment the reveal has arrived at every seat.
``--warmup S`` leaves the first S seconds out of the latency figures: every
room starts its game in the same instant, a burst no steady load has.
"""

from __future__ import annotations

import asyncio
import functools
import json
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import websockets
from websockets.exceptions import InvalidStatus

from client_cli.bot import MOVED_ON_WAIT_S, RETRYABLE
from client_cli.session import ServerError, Session, SessionClosed
from client_cli.table import Table
from protocol import messages as m


def _smart(t: Table) -> int:
    """The built-in ``smart`` choice, straight from the table (the load bots' hot path)."""
    if t.phase == "war":
        return max(t.hand, key=lambda c: c >> 2)
    return min(t.hand, key=lambda c: c >> 2)


@dataclass(slots=True)
class Stats:
    games: int = 0
    tricks: int = 0
    flips: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    moved_on: Counter[str] = field(default_factory=Counter)
    measure_from: float = 0.0
    """perf_counter() from which reveal latencies count (after the warm-up)."""
    throttled: Counter[str] = field(default_factory=Counter)
    """Refusals by the server's limits (THROTTLES): rate_limited answers to messages,
    rooms it would not open, connections it refused with HTTP 429."""
    throttle_said: dict[str, str] = field(default_factory=dict)
    """The server's own words for each limit that refused something (the first time)."""


THROTTLES = {
    "messages": (
        "message rate",
        "message answered rate_limited",
        "a connection may send msg_rate messages a second (burst msg_burst); a refused "
        "bot pauses and sends again, so flips/s and latency measure this limit",
        "--msg-rate and --msg-burst",
    ),
    "rooms": (
        "room creation",
        "room refused",
        "an address may open rooms_per_min rooms a minute; the refused rooms were left out",
        "--rooms-per-min (0: no limit)",
    ),
    "connections": (
        "connection",
        "connection refused with HTTP 429",
        "an address may hold max_conns_per_addr connections; their rooms were left out",
        "--max-conns-per-addr (0: no limit)",
    ),
}
"""The server's limits a load run can meet: (name, what was counted, what it means, the
flags a load-test server raises)."""


class Pacer:
    """Spreads flips evenly at ``rate`` per second across every room (open loop)."""

    def __init__(self, rate: float) -> None:
        self.interval = 1.0 / rate
        self.next = time.perf_counter()

    async def wait(self) -> None:
        now = time.perf_counter()
        self.next = max(self.next + self.interval, now - 0.05)
        if self.next > now:
            await asyncio.sleep(self.next - now)


STALL_S = 60.0
"""A seat waiting for its turn gives up after this long without a single new event.

Not a bound on the wait itself: a seat knocked out of a 3- or 4-player game
waits for the others to finish it, and a long game (up to the cycle cap of
8,099 tricks) runs for over a minute at full speed."""


async def wait_turn(s: Session, until: float, stall_s: float = STALL_S) -> None:
    """Wait until this seat may act, its game is over or ``until`` has passed.

    Raises TimeoutError only when the table has not moved for ``stall_s``.
    """
    t = s.table
    while True:
        seen = t.seq
        try:
            await s.wait(
                lambda tb: tb.my_turn or tb.phase == "over" or time.perf_counter() > until,
                timeout=stall_s,
            )
            return
        except TimeoutError:
            if t.seq == seen:
                raise TimeoutError(f"no event for {stall_s:g} s while waiting for a turn") from None


class LoadRoom:
    def __init__(
        self,
        url: str | list[str],
        players: int,
        preset: str,
        index: int,
        stats: Stats,
        pacer: Pacer | None = None,
        stall_s: float = STALL_S,
    ) -> None:
        urls = [url] if isinstance(url, str) else url
        self.sessions = [
            # Seats spread over the servers; each fails over to the others in turn.
            Session(
                urls[(index + i) % len(urls) :] + urls[: (index + i) % len(urls)],
                f"load{index}-{i}",
                client_label="krig-load",
            )
            for i in range(players)
        ]
        self.preset = preset
        self.stats = stats
        self.last_send: dict[int, float] = {}
        self.arrivals: dict[int, int] = {}
        self.players = players
        self.pacer = pacer
        self.stall_s = stall_s
        self.games_seen = 0
        self.last_error: dict[int, str] = {}
        """Each seat's latest refusal, for a report when a room gets stuck."""
        self.opening = False
        """The room is being created: a rate_limited answer now is the room limit's."""
        for i, s in enumerate(self.sessions):
            s.on_message = functools.partial(self._on_message, seat=i)

    def _on_message(self, msg: object, seat: int = 0) -> None:
        ended = self.sessions[seat].table.games_over
        if seat == 0 and ended != self.games_seen:
            # Counted as it arrives (a game may end just as the run's time is
            # up), from the table: an end learned from a snapshot counts too.
            self.stats.games += ended - self.games_seen
            self.games_seen = ended
        if isinstance(msg, m.Revealed):
            seen = self.arrivals.get(msg.step, 0) + 1
            self.arrivals[msg.step] = seen
            if seen == self.players and msg.step in self.last_send:
                now = time.perf_counter()
                sent = self.last_send.pop(msg.step)
                if now >= self.stats.measure_from:
                    self.stats.latencies.append(now - sent)
                del self.arrivals[msg.step]
        elif isinstance(msg, m.TrickWon):
            self.stats.tricks += 1  # counted once per seat: divided below
        elif isinstance(msg, m.Error):
            self.last_error[seat] = f"{msg.code}: {msg.message}"
            if msg.code == "rate_limited" and not self.opening:
                self.stats.throttled["messages"] += 1
                self.stats.throttle_said.setdefault("messages", msg.message)
            if msg.code in RETRYABLE:
                # "The table moved on": a bot acted on a step the server had just
                # closed (e.g. between a trick's frames and the game's end).
                self.stats.moved_on[msg.code] += 1
            else:
                self.stats.errors[msg.code] += 1

    async def _connect(self, sessions: list[Session]) -> bool:
        """Connect ``sessions``; False when the server refused one (HTTP 429: counted, and
        the room's seats closed); another failure closes them and is raised."""
        tried = await asyncio.gather(*(s.connect() for s in sessions), return_exceptions=True)
        refused = [e for e in tried if isinstance(e, InvalidStatus) and _status(e) == 429]
        failed = [e for e in tried if isinstance(e, BaseException) and e not in refused]
        if failed:
            await self.close()
            raise failed[0]
        if refused:
            self.stats.throttled["connections"] += len(refused)
            self.stats.throttle_said.setdefault("connections", _said(refused[0]))
            await self.close()
            return False
        return True

    async def setup(self) -> bool:
        """Connect every seat and open the room. False when the server's limits refused a
        connection (HTTP 429) or the room (rate_limited): counted in ``stats.throttled``,
        and the room's seats are closed again."""
        # The host first; the others once the room has its code, which they name when
        # they connect (a server of several workers then serves the room on one).
        if not await self._connect(self.sessions[:1]):
            return False
        self.opening = True
        try:
            joined = await self.sessions[0].create(self.preset, self.players)
            for s in self.sessions[1:]:
                s.room_hint = joined.code
            if not await self._connect(self.sessions[1:]):
                return False
        except ServerError as exc:
            if exc.code != "rate_limited":
                raise
            self.stats.throttled["rooms"] += 1
            self.stats.throttle_said.setdefault("rooms", exc.message)
            await self.close()
            return False
        finally:
            self.opening = False
        for s in self.sessions[1:]:
            await s.join(joined.code)
        return True

    async def _seat(self, s: Session, until: float) -> None:
        t = s.table
        strategy = _smart
        while True:
            # Stop at the deadline even while waiting: another seat may already have
            # stopped, and then this seat's next turn never comes.
            await wait_turn(s, until, self.stall_s)
            if t.phase == "over" or time.perf_counter() > until:
                return
            if self.pacer is not None:
                await self.pacer.wait()
                if t.phase == "over" or not t.my_turn:
                    continue
            step = t.step
            try:
                self.last_send[step] = time.perf_counter()
                if t.hand_game:
                    await s.choose(step, strategy(t))
                else:
                    await s.flip(step)
                self.stats.flips += 1
            except ServerError as exc:  # counted as it arrived (_on_message)
                if exc.code not in RETRYABLE:
                    raise
                # The table moved on without this seat: wait to hear of it
                # instead of asking again at once.
                await s.wait(functools.partial(_moved, step=step), MOVED_ON_WAIT_S)

    async def run(self, until: float) -> None:
        while time.perf_counter() < until:
            # Steps count from 1 again each game: a flip of an earlier game that was
            # never revealed (its game cut short by a fault) must not be timed
            # against a later game's reveal of the same step.
            self.last_send.clear()
            self.arrivals.clear()
            for s in self.sessions:
                if s.table.phase in ("battle", "war"):
                    continue  # a game is on (e.g. resumed after a fault): play it
                try:
                    await (s.ready() if s.table.phase == "lobby" else s.rematch())
                except ServerError as exc:
                    if exc.code != "already_started":  # another seat's ask started it
                        raise
            await asyncio.gather(
                *(s.wait(lambda t: t.phase in ("battle", "war"), 30) for s in self.sessions)
            )
            await asyncio.gather(*(self._seat(s, until) for s in self.sessions))
            if self.sessions[0].table.phase != "over":
                return

    async def close(self) -> None:
        await asyncio.gather(*(s.close() for s in self.sessions), return_exceptions=True)


def _status(exc: InvalidStatus) -> int:
    return int(exc.response.status_code)


def _said(exc: InvalidStatus) -> str:
    """The server's reason for refusing a handshake, from its response body."""
    body = exc.response.body or b""
    text = body.decode("utf-8", "replace").strip().removeprefix("krig: ")
    return text or f"HTTP {_status(exc)}"


def _moved(table: Table, step: int) -> bool:
    return table.step != step or not table.my_turn


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run_load(
    url: str | list[str],
    rooms: int,
    players: int,
    duration: float,
    preset: str,
    progress: bool,
    rate: float = 0.0,
    warmup: float = 0.0,
    *,
    first: int = 0,
    ready: Callable[[], Awaitable[None]] | None = None,
    raw: bool = False,
) -> dict[str, Any]:
    """Play ``rooms`` rooms of ``players`` bots for ``duration`` seconds; the report.

    ``first`` numbers the rooms (one process of several: ``run_processes``);
    ``ready`` is awaited once every room is open, before the measured time
    (the processes start it together); ``raw`` puts every reveal latency in
    the report (``latencies_ms``), for a merged report's percentiles.
    """
    stats = Stats()
    pacer = Pacer(rate) if rate > 0 else None
    loads = [LoadRoom(url, players, preset, first + i, stats, pacer) for i in range(rooms)]
    elapsed = cpu_used = 0.0
    began = time.perf_counter()
    try:

        async def setup(lr: LoadRoom) -> bool:
            try:
                return await lr.setup()
            except (TimeoutError, OSError, websockets.WebSocketException) as exc:
                if not raw:
                    raise
                # One of several processes (a large run): a room it could not open
                # is counted and left out, not the end of the run.
                stats.errors[f"room_not_opened: {type(exc).__name__}"] += 1
                await lr.close()
                return False

        opened: list[bool] = []
        for chunk in range(0, rooms, 50):
            opened += await asyncio.gather(*(setup(lr) for lr in loads[chunk : chunk + 50]))
        playing = [lr for lr, ok in zip(loads, opened, strict=True) if ok]
        setup_s = time.perf_counter() - began
        if ready is not None:
            await ready()
        began = time.perf_counter()
        cpu_began = time.process_time()
        until = began + duration
        stats.measure_from = began + warmup
        ticker: asyncio.Task[None] | None = None
        if progress:

            async def tick() -> None:
                while True:
                    await asyncio.sleep(1)
                    elapsed = time.perf_counter() - began
                    sys.stderr.write(
                        f"\r{elapsed:5.1f}s  games {stats.games}  flips {stats.flips} "
                        f"({stats.flips / max(elapsed, 1e-9):,.0f}/s)  "
                        f"errors {sum(stats.errors.values())}  "
                        f"throttled {sum(stats.throttled.values())}"
                    )
                    sys.stderr.flush()

            ticker = asyncio.get_running_loop().create_task(tick())
        if playing:
            await asyncio.gather(*(lr.run(until) for lr in playing), return_exceptions=False)
            elapsed = time.perf_counter() - began
            cpu_used = time.process_time() - cpu_began
            await asyncio.sleep(0.3)  # the last acks' events (a game's end) are still arriving
        if ticker is not None:
            ticker.cancel()
            sys.stderr.write("\n")
    except SessionClosed as exc:
        raise SystemExit(f"krig load: {exc}") from None
    finally:
        await asyncio.gather(*(lr.close() for lr in loads), return_exceptions=True)
    lat = [x * 1000 for x in stats.latencies]
    tricks = stats.tricks // players if players else 0
    report = {
        "rooms": rooms,
        "rooms_played": len(playing),
        "players": players,
        "connections": len(playing) * players,
        "preset": preset,
        "seconds": round(elapsed, 3),
        "games_finished": stats.games,
        "tricks": tricks,
        "flips": stats.flips,
        "rounds_per_s": tricks / elapsed if elapsed else 0.0,
        "flips_per_s": stats.flips / elapsed if elapsed else 0.0,
        "reveals_measured": len(lat),
        "warmup_s": warmup,
        "reveal_latency_ms": {
            "p50": _percentile(lat, 0.50),
            "p95": _percentile(lat, 0.95),
            "p99": _percentile(lat, 0.99),
            "max": max(lat) if lat else 0.0,
        },
        "errors": dict(stats.errors),
        "moved_on": dict(stats.moved_on),
        "reconnects": sum(s.reconnects for lr in loads for s in lr.sessions),
        "throttled": {key: stats.throttled[key] for key in THROTTLES},
        "throttled_said": dict(stats.throttle_said),
        "processes": 1,
        "setup_s": round(setup_s, 3),
        "client_cpu_s": round(cpu_used, 3),
    }
    if raw:
        report["latencies_ms"] = lat
    return report


def merge_reports(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One report from those of several load processes (each with ``latencies_ms``)."""
    lat = sorted(x for p in parts for x in p["latencies_ms"])
    seconds = max(p["seconds"] for p in parts)
    tricks = sum(p["tricks"] for p in parts)
    flips = sum(p["flips"] for p in parts)

    def summed(key: str) -> dict[str, int]:
        total: Counter[str] = Counter()
        for p in parts:
            total.update(p[key])
        return dict(total)

    said: dict[str, str] = {}
    for p in parts:
        said.update(p["throttled_said"])
    first = parts[0]
    return {
        "rooms": sum(p["rooms"] for p in parts),
        "rooms_played": sum(p["rooms_played"] for p in parts),
        "players": first["players"],
        "connections": sum(p["connections"] for p in parts),
        "preset": first["preset"],
        "seconds": seconds,
        "games_finished": sum(p["games_finished"] for p in parts),
        "tricks": tricks,
        "flips": flips,
        "rounds_per_s": tricks / seconds if seconds else 0.0,
        "flips_per_s": flips / seconds if seconds else 0.0,
        "reveals_measured": len(lat),
        "warmup_s": first["warmup_s"],
        "reveal_latency_ms": {
            "p50": _percentile(lat, 0.50),
            "p95": _percentile(lat, 0.95),
            "p99": _percentile(lat, 0.99),
            "max": lat[-1] if lat else 0.0,
        },
        "errors": summed("errors"),
        "moved_on": summed("moved_on"),
        "reconnects": sum(p["reconnects"] for p in parts),
        "throttled": {key: sum(p["throttled"][key] for p in parts) for key in THROTTLES},
        "throttled_said": said,
        "processes": len(parts),
        "setup_s": max(p["setup_s"] for p in parts),
        "client_cpu_s": round(sum(p["client_cpu_s"] for p in parts), 3),
    }


PART_CODE = "from client_cli.cli import main; raise SystemExit(main())"


async def run_processes(
    url: str,
    rooms: int,
    players: int,
    duration: float,
    preset: str,
    rate: float,
    warmup: float,
    processes: int,
    loop: str = "auto",
) -> dict[str, Any]:
    """``krig load --processes K``: K load processes, each with its share of the rooms and
    of the rate, measuring over the same seconds (each opens its rooms, says so, and all
    start when every one has); one merged report.

    One process's CPU is the limit of a large run: a Python bot costs about as much CPU
    per flip as the server does.
    """
    shares = [rooms // processes + (i < rooms % processes) for i in range(processes)]
    procs: list[asyncio.subprocess.Process] = []
    first = 0
    for share in shares:
        args = [
            "--url", url, "load", "--rooms", str(share), "--players", str(players),
            "--duration", str(duration), "--preset", preset, "--warmup", str(warmup),
            "--rate", str(rate * share / rooms if rate > 0 else 0), "--loop", loop,
            "--part-of", str(first),
        ]  # fmt: skip
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-P", "-c", PART_CODE, *args,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        procs.append(proc)
        first += share
    try:
        for p in procs:
            assert p.stdout is not None
            line = await p.stdout.readline()
            if line.strip() != b"ready":
                raise SystemExit(f"krig load: a load process did not start ({line!r})")
        for p in procs:
            assert p.stdin is not None
            p.stdin.write(b"go\n")
            await p.stdin.drain()
        outs = await asyncio.gather(*(p.communicate() for p in procs))
    finally:
        for p in procs:
            if p.returncode is None:
                p.kill()
                await p.wait()
    failed = [p.returncode for p in procs if p.returncode]
    if failed:
        raise SystemExit(f"krig load: {len(failed)} of {processes} load processes failed")
    return merge_reports([json.loads(out) for out, _ in outs])


async def part_ready() -> None:
    """One of ``--processes K``: every room is open; wait for the word to start."""
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    await asyncio.to_thread(sys.stdin.readline)


def throttle_lines(r: dict[str, Any]) -> list[str]:
    """The report's "throttled by the server" line, and one line per limit that refused."""
    counts: dict[str, int] = r.get("throttled") or {}
    said: dict[str, str] = r.get("throttled_said") or {}
    hit = [key for key in THROTTLES if counts.get(key)]
    if not hit:
        return ["throttled by the server: no"]
    names = " and ".join(THROTTLES[key][0] for key in hit)
    plural = "s" if len(hit) > 1 else ""
    lines = [f"throttled by the server: yes, by its {names} limit{plural}"]
    for key in hit:
        name, counted, meaning, flags = THROTTLES[key]
        n = counts[key]
        noun, _, rest = counted.partition(" ")
        what = f"{n} {noun}{'s' if n != 1 else ''} {rest}"
        if key == "rooms":
            what = f"{n} of {r['rooms']} rooms {rest}"
        words = f' ("{said[key]}")' if key in said else ""
        lines.append(f"  {name} limit: {what}{words}: {meaning}; a load test raises {flags}")
    return lines


def format_report(r: dict[str, Any]) -> str:
    lat = r["reveal_latency_ms"]
    played = r.get("rooms_played", r["rooms"])
    rooms = f"{r['rooms']} rooms" if played == r["rooms"] else f"{played} of {r['rooms']} rooms"
    return "\n".join(
        [
            f"load: {rooms} x {r['players']} bots ({r['connections']} connections), "
            f"{r['preset']}, {r['seconds']:.1f} s",
            f"games finished  {r['games_finished']}",
            f"rounds/s        {r['rounds_per_s']:,.1f}  ({r['tricks']} tricks)",
            f"flips/s         {r['flips_per_s']:,.1f}  ({r['flips']} flips)",
            f"reveal latency  p50 {lat['p50']:.2f} ms  p95 {lat['p95']:.2f} ms  "
            f"p99 {lat['p99']:.2f} ms  max {lat['max']:.2f} ms  ({r['reveals_measured']} reveals"
            + (f" after {r['warmup_s']:g} s warm-up)" if r.get("warmup_s") else ")"),
            f"errors          {r['errors'] or 'none'}",
            f"moved on        {r['moved_on'] or 'none'}  (acted on a step the server had closed)",
            f"reconnects      {r['reconnects']}",
            f"load client     {r.get('processes', 1)} process(es), "
            f"{r.get('client_cpu_s', 0.0):.1f} CPU s over the run, "
            f"rooms opened in {r.get('setup_s', 0.0):.1f} s",
            *throttle_lines(r),
        ]
    )
