"""``krig arena``: bots play each other on a live server, and a leaderboard ranks them.

Duplicate play, as bridge does: every deal is played once per rotation of the
seats (with two players: A-B, then B-A), so a good deal is good for each bot
once. The host of an arena room picks the deals (``configure`` ``deal_seed``);
they are still committed to and revealed, so every game's record checks out.
Rooms play at once (``--rooms``); each lineup of bots and each rotation of it
has rooms of its own, which take the deals from one shared list.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import itertools
import json
import math
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from client_cli.bot import Bot, play_game
from client_cli.session import Session
from client_cli.strategies import Loaded, load_strategy

Z95 = 1.959963984540054


@dataclass(slots=True)
class GameResult:
    room: str
    game: int
    seed: int
    lineup: int
    rotation: int
    seats: list[str]
    """The bot at each seat."""
    winners: list[str]
    result: str
    reason: str
    steps: int


@dataclass(slots=True)
class Standing:
    bot: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    faults: int = 0
    rate: float = 0.0
    low: float = 0.0
    high: float = 0.0
    rating: float | None = None
    """openskill's ordinal (mu - 3 sigma) for games of 3-4 players."""
    mu: float | None = None
    sigma: float | None = None


@dataclass(slots=True)
class Report:
    players: int
    preset: str
    options: dict[str, bool | int | str]
    games: int
    seconds: float
    games_per_s: float
    steps_per_s: float
    board: list[Standing]
    results: list[GameResult] = field(default_factory=list)
    stopped: bool = False
    """Stopped before every game was played (SIGINT or SIGTERM): the board of those that were."""


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    d = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / d
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def names(specs: list[str]) -> list[str]:
    """Bot names for the board: a spec given twice is ``smart`` and ``smart#2``."""
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        out.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return out


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """Which bots sit together: every group of ``players`` of them, or, with fewer bots
    than seats, all of them in turn (A B A B)."""
    if bots <= players:
        return [tuple(i % bots for i in range(players))]
    return list(itertools.combinations(range(bots), players))


class Embedded:
    """A private krig-server for the arena (its own Redis, nothing kept)."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = ""

    def start(self) -> str:
        exe = Path(sys.executable).parent / "krig-server"
        program = str(exe) if exe.exists() else shutil.which("krig-server")
        if program is None:
            raise RuntimeError("krig-server is not installed: give --url")
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        args = [
            program, "serve", "--port", str(port), "--ephemeral",
            "--msg-rate", "1000000", "--msg-burst", "1000000", "--rooms-per-min", "0",
            "--max-conns-per-addr", "0", "--log-level", "warning", "--room-ttl-s", "600",
        ]  # fmt: skip
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if b"listening" in line:
                self.url = f"ws://127.0.0.1:{port}/ws"
                return self.url
            if not line and self.proc.poll() is not None:
                break
        self.stop()
        raise RuntimeError("the embedded krig-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Table:
    """One arena room: a lineup at one rotation of the seats, playing deal after deal."""

    def __init__(
        self,
        url: str,
        loaded: list[Loaded],
        bot_names: list[str],
        lineup: tuple[int, ...],
        lineup_no: int,
        rotation: int,
        preset: str,
        decide_s: float,
        options: dict[str, bool | int | str],
    ) -> None:
        self.options = options
        self.url = url
        self.lineup = lineup
        self.lineup_no = lineup_no
        self.rotation = rotation
        self.preset = preset
        p = len(lineup)
        # Lineup position i sits at seat (i + rotation) % p.
        self.seat_bot = [lineup[(s - rotation) % p] for s in range(p)]
        self.seat_names = [bot_names[b] for b in self.seat_bot]
        self.players = [Bot(loaded[b], decide_s=decide_s) for b in self.seat_bot]
        self.sessions: list[Session] = []
        self.code = ""

    async def open(self, seed: int) -> None:
        self.sessions = [Session(self.url, f"{n[:16]}-{i}") for i, n in enumerate(self.seat_names)]
        for s, bot in zip(self.sessions, self.players, strict=True):
            await s.connect()
            bot.follow(s)
        host = self.sessions[0]
        joined = await host.create(self.preset, len(self.sessions), options=self.options)
        self.code = joined.code
        await host.configure(deal_seed=seed)
        for seat, s in enumerate(self.sessions[1:], 1):
            await s.join(self.code, seat)

    async def play(self, seed: int, first: bool) -> GameResult:
        if first:
            await self.open(seed)
        else:
            await self.sessions[0].configure(deal_seed=seed)
            for s in self.sessions:
                await s.rematch()
        host = self.sessions[0]
        game = host.table.ended_game + 1
        await asyncio.gather(
            *(
                s.wait(lambda t: t.phase in ("battle", "war") or t.ended_game >= game, 60)
                for s in self.sessions
            )
        )
        await asyncio.gather(
            *(
                play_game(s, bot, timeout=3600)
                for s, bot in zip(self.sessions, self.players, strict=True)
            )
        )
        t = host.table
        assert t.result is not None and t.room is not None
        return GameResult(
            room=self.code,
            game=t.room.game,
            seed=seed,
            lineup=self.lineup_no,
            rotation=self.rotation,
            seats=list(self.seat_names),
            winners=[self.seat_names[w] for w in t.result.winners]
            if t.result.result == "win"
            else [],
            result=t.result.result,
            reason=t.result.reason,
            steps=t.step,
        )

    async def close(self) -> None:
        for s in self.sessions:
            with contextlib.suppress(Exception):
                await s.close()


def board(bot_names: list[str], results: list[GameResult], players: int) -> list[Standing]:
    rows = {n: Standing(n) for n in bot_names}
    for r in results:
        for n in set(r.seats):
            rows[n].games += r.seats.count(n)
        for n in r.winners:
            rows[n].wins += 1
        if r.result == "draw":
            for n in r.seats:
                rows[n].draws += 1
    for row in rows.values():
        row.rate = row.wins / row.games if row.games else 0.0
        row.low, row.high = wilson(row.wins, row.games)
    if players >= 3:
        _rate(rows, results)
    return sorted(rows.values(), key=lambda r: (-(r.rating or 0.0), -r.rate, r.bot))


def _rate(rows: dict[str, Standing], results: list[GameResult]) -> None:
    """openskill's Plackett-Luce ratings: the winner first, the others tied behind."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {n: model.rating(name=n) for n in rows}
    for r in results:
        if len(set(r.seats)) != len(r.seats):
            continue  # (a bot at two seats of one game: not a ranking between bots)
        teams = [[ratings[n]] for n in r.seats]
        ranks = [1.0 if n in r.winners else 2.0 for n in r.seats]
        for n, (new,) in zip(r.seats, model.rate(teams, ranks=ranks), strict=True):
            ratings[n] = new
    for n, row in rows.items():
        row.mu, row.sigma = ratings[n].mu, ratings[n].sigma
        row.rating = ratings[n].ordinal()


def _deals(seed: int) -> Iterator[int]:
    for i in itertools.count():
        yield (seed + i * 7919) & (2**63 - 1)


async def run_arena(
    url: str | None,
    specs: list[str],
    games: int,
    players: int = 2,
    preset: str = "arneson",
    rooms: int = 32,
    seed: int = 1,
    progress: bool = True,
    decide_s: float = 5.0,
    options: dict[str, bool | int | str] | None = None,
) -> Report:
    loaded = [load_strategy(s) for s in specs]
    bot_names = names(specs)
    groups = lineups(len(specs), players)
    embedded: Embedded | None = None
    if url is None:
        embedded = Embedded()
        url = await asyncio.to_thread(embedded.start)
    # Deals per lineup: each is played once per rotation (``players`` games a deal).
    deals_needed = max(1, math.ceil(games / (players * len(groups))))
    deals = list(itertools.islice(_deals(seed), deals_needed))
    queues: dict[tuple[int, int], asyncio.Queue[int]] = {}
    for g in range(len(groups)):
        for rot in range(players):
            q: asyncio.Queue[int] = asyncio.Queue()
            for d in deals:
                q.put_nowait(d)
            queues[(g, rot)] = q
    per_stream = max(1, rooms // len(queues))
    total = deals_needed * players * len(groups)
    results: list[GameResult] = []
    bar: Any = None
    if progress:
        from tqdm import tqdm

        tty = sys.stderr.isatty()
        bar = tqdm(
            total=total, unit="game", file=sys.stderr, dynamic_ncols=tty,
            mininterval=0.1 if tty else 10.0,
        )  # fmt: skip
    started = time.perf_counter()

    async def stream(g: int, rot: int) -> None:
        q = queues[(g, rot)]
        table = Table(url, loaded, bot_names, groups[g], g, rot, preset, decide_s, options or {})
        first = True
        try:
            while not q.empty():
                deal = q.get_nowait()
                results.append(await table.play(deal, first))
                first = False
                if bar is not None:
                    bar.update(1)
        finally:
            await table.close()
            faults: dict[str, int] = {}
            for n, b in zip(table.seat_names, table.players, strict=True):
                faults[n] = faults.get(n, 0) + b.faults
            for n, f in faults.items():
                fault_counts[n] = fault_counts.get(n, 0) + f

    fault_counts: dict[str, int] = {}
    main = asyncio.gather(*(stream(g, rot) for (g, rot) in queues for _ in range(per_stream)))
    stopped = False

    def stop() -> None:
        nonlocal stopped
        stopped = True
        main.cancel()

    loop = asyncio.get_running_loop()
    signals = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop)
            signals.append(sig)
    try:
        await main
    except asyncio.CancelledError:
        if not stopped:
            raise
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)
        if bar is not None:
            bar.close()
        if embedded is not None:
            await asyncio.to_thread(embedded.stop)
    seconds = time.perf_counter() - started
    if stopped:  # (only deals played at every rotation: duplicate play stays even)
        done: dict[tuple[int, int], int] = {}
        for r in results:
            done[(r.lineup, r.seed)] = done.get((r.lineup, r.seed), 0) + 1
        results = [r for r in results if done[(r.lineup, r.seed)] == players]
    standings = board(bot_names, results, players)
    for row in standings:
        row.faults = fault_counts.get(row.bot, 0)
    steps = sum(r.steps for r in results)
    return Report(
        players=players,
        preset=preset,
        options=dict(options or {}),
        games=len(results),
        seconds=round(seconds, 2),
        games_per_s=round(len(results) / seconds, 2) if seconds else 0.0,
        steps_per_s=round(steps / seconds, 1) if seconds else 0.0,
        board=standings,
        results=sorted(results, key=lambda r: (r.lineup, r.seed, r.rotation)),
        stopped=stopped,
    )


def format_board(report: Report) -> str:
    rated = report.players >= 3
    head = f"{'bot':24} {'games':>6} {'wins':>6} {'draws':>5} {'win rate':>9}  {'95% interval':15}"
    if rated:
        head += f" {'rating':>7} {'mu':>6} {'sigma':>6}"
    lines = [
        f"krig arena: {report.games} games, {report.players} players, {report.preset}"
        + "".join(f" {k}={v}" for k, v in report.options.items())
        + ", "
        f"{report.seconds:.1f} s ({report.games_per_s:.1f} games/s, "
        f"{report.steps_per_s:.0f} steps/s); every deal played with the seats rotated"
        + (" (stopped early: the games played so far)" if report.stopped else ""),
        head,
    ]
    for r in report.board:
        line = (
            f"{r.bot[:24]:24} {r.games:6d} {r.wins:6d} {r.draws:5d} {r.rate:9.1%}  "
            f"{r.low:6.1%} - {r.high:6.1%}"
        )
        if rated and r.rating is not None:
            line += f" {r.rating:7.2f} {r.mu or 0:6.2f} {r.sigma or 0:6.2f}"
        if r.faults:
            line += f"   ({r.faults} faults: the automatic choice played)"
        lines.append(line)
    return "\n".join(lines)


def write_json(report: Report, path: str) -> None:
    Path(path).write_text(json.dumps(asdict(report), indent=1))


def write_csv(report: Report, path: str) -> None:
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["bot", "games", "wins", "draws", "win_rate", "low95", "high95", "rating",
                    "mu", "sigma", "faults"])  # fmt: skip
        for r in report.board:
            w.writerow([r.bot, r.games, r.wins, r.draws, f"{r.rate:.4f}", f"{r.low:.4f}",
                        f"{r.high:.4f}", "" if r.rating is None else f"{r.rating:.3f}",
                        "" if r.mu is None else f"{r.mu:.3f}",
                        "" if r.sigma is None else f"{r.sigma:.3f}", r.faults])  # fmt: skip


def default_rooms() -> int:
    return int(os.environ.get("KRIG_ARENA_ROOMS", "32"))
