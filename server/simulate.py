"""The simulator: one game from a deal file, or statistics over many seeded games.

Runs the same engine as the server, driving every seat with
:func:`server.engine.auto_action` (a flip, or the documented hand policy).
Statistics runs use the engine's fast path (:mod:`server.engine.fast`) where
it covers the rules, and the full engine elsewhere (or with ``full``).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from protocol.cards import CardError, parse_card
from server.engine import (
    Event,
    GameState,
    Rules,
    RulesError,
    auto_action,
    fast,
    from_deal,
    new_game,
    submit,
    time_up,
)
from server.engine.record import event_json, result_json
from server.engine.rng import MASK64
from server.engine.state import NO_CARD


class DealError(ValueError):
    """A deal file that cannot be read as a deal."""


def load_deal(path: Path) -> list[list[int]]:
    """Read ``{"seats": [["AD", "KC"], ["KH", "QS"]]}`` (top of each pile first)."""
    try:
        data = json.loads(path.read_text())
    except OSError as exc:
        raise DealError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise DealError(f"{path} is not JSON: {exc}") from None
    seats = data.get("seats") if isinstance(data, dict) else None
    if not isinstance(seats, list) or not all(isinstance(p, list) for p in seats):
        raise DealError(f'{path}: expected {{"seats": [[card, ...], ...]}}')
    try:
        return [[parse_card(str(c)) for c in pile] for pile in seats]
    except CardError as exc:
        raise DealError(f"{path}: {exc}") from None


STEP_S = 1.0
"""The simulated clock of a timed game: seconds per step (about the server's computer
players, which take 0.5 to 1.3 s).  The simulator has no real clock."""

LONG_RUN_S = 1.0
"""A run still going after this long shows a progress bar (on a terminal only)."""


def play(state: GameState, events: list[Event] | None = None, step_s: float = STEP_S) -> GameState:
    """Drive every seat with the automatic policy until the game is over.

    A timed game runs on a simulated clock of ``step_s`` seconds per step: "time
    is up" goes in before the first step at or past the limit.
    """
    limit = state.rules.time_limit_s
    while state.phase != "over":
        if limit and not state.time_up and state.steps * step_s >= limit:
            produced = time_up(state)
            if events is not None:
                events.extend(produced)
            if state.over:
                break
        for seat in state.awaiting[:]:
            if state.pending[seat] != NO_CARD:
                continue  # (it acted before this call)
            produced = submit(state, seat, auto_action(state, seat))
            if events is not None:
                events.extend(produced)
    return state


def play_fast(state: GameState, step_s: float = STEP_S) -> GameState:
    """:func:`play` without events: the engine's fast path where it covers the rules."""
    if fast.covers(state.rules):
        return fast.play(state, step_s)
    return play(state, None, step_s)


def play_deal(
    rules: Rules, seats: list[list[int]], seed: int, with_events: bool, step_s: float = STEP_S
) -> dict[str, Any]:
    if len(seats) != rules.players:
        rules = rules.replace(players=len(seats))
    events: list[Event] | None = [] if with_events else None
    state = play(from_deal(rules, seats, seed, auto=True), events, step_s)
    out = result_json(state)
    if events is not None:
        out["events"] = [event_json(e) for e in events]
    return out


@dataclass(slots=True)
class Tally:
    """Per-game figures gathered from a batch of random games."""

    tricks: list[int] = field(default_factory=list)
    wars: int = 0
    longest_war: int = 0
    draws: int = 0
    cycles: int = 0
    capped: int = 0
    wins: list[int] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)

    def add(self, state: GameState) -> None:
        if len(self.wins) < state.players:
            self.wins.extend([0] * (state.players - len(self.wins)))
        self.tricks.append(state.tricks)
        self.wars += state.wars
        self.longest_war = max(self.longest_war, state.longest_war)
        if state.result == "draw":
            self.draws += 1
        else:
            self.wins[state.winners[0]] += 1
        if state.reason == "cycle":
            self.cycles += 1
        if state.reason == "round_cap":
            self.capped += 1
        self.reasons[state.reason] = self.reasons.get(state.reason, 0) + 1

    def merge(self, other: Tally) -> None:
        self.tricks.extend(other.tricks)
        self.wars += other.wars
        self.longest_war = max(self.longest_war, other.longest_war)
        self.draws += other.draws
        self.cycles += other.cycles
        self.capped += other.capped
        if len(self.wins) < len(other.wins):
            self.wins.extend([0] * (len(other.wins) - len(self.wins)))
        for i, w in enumerate(other.wins):
            self.wins[i] += w
        for k, v in other.reasons.items():
            self.reasons[k] = self.reasons.get(k, 0) + v


def _play_range(
    rules: Rules, seed: int, start: int, count: int, full: bool, step_s: float
) -> Tally:
    tally = Tally()
    use_fast = not full and fast.covers(rules)
    for i in range(start, start + count):
        state = new_game(rules, (seed + i) & MASK64, auto=True)
        tally.add(fast.play(state, step_s) if use_fast else play(state, None, step_s))
    return tally


def _chunks(total: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, total, size):
        yield start, min(size, total - start)


def run_many(
    rules: Rules,
    games: int,
    seed: int,
    jobs: int,
    progress: bool,
    *,
    full: bool = False,
    step_s: float = STEP_S,
) -> dict[str, Any]:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) and summarise them.

    ``full``: play every game through the full engine, events and all, even where
    the fast path covers the rules.  ``progress``: show a progress bar (tqdm) if the
    run goes on for more than ``LONG_RUN_S``.
    """
    began = time.perf_counter()
    tally = Tally()
    # Chunks small enough to share out evenly and to move the bar, large enough that
    # handing one to a worker costs little beside playing it.
    chunk = max(1, min(2000, games // (jobs * 16) or 1))
    bar = tqdm(
        total=games,
        unit="game",
        disable=not progress,
        delay=LONG_RUN_S,
        file=sys.stderr,
        leave=False,
        dynamic_ncols=True,
    )
    with bar:
        if jobs <= 1:
            for start, count in _chunks(games, chunk):
                tally.merge(_play_range(rules, seed, start, count, full, step_s))
                bar.update(count)
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = [
                    pool.submit(_play_range, rules, seed, start, count, full, step_s)
                    for start, count in _chunks(games, chunk)
                ]
                for fut in as_completed(futures):
                    part = fut.result()
                    tally.merge(part)
                    bar.update(len(part.tricks))
    elapsed = time.perf_counter() - began
    tally.tricks.sort()  # (chunks come back in any order: the figures do not depend on it)
    tricks = tally.tricks
    total_tricks = sum(tricks)
    return {
        "games": games,
        "seed": seed,
        "rules": rules.to_dict(),
        "engine": "full" if full or not fast.covers(rules) else "fast",
        "tricks": {
            "mean": statistics.fmean(tricks),
            "median": statistics.median(tricks),
            "p95": percentile(tricks, 0.95),
            "p99": percentile(tricks, 0.99),
            "max": tricks[-1],
        },
        "wars_per_trick": tally.wars / total_tricks if total_tricks else 0.0,
        "longest_war": tally.longest_war,
        "draw_share": tally.draws / games,
        "cycle_share": tally.cycles / games,
        "capped_share": tally.capped / games,
        "wins_per_seat": tally.wins,
        "reasons": dict(sorted(tally.reasons.items())),
        "seconds": elapsed,
        "games_per_s": games / elapsed if elapsed else 0.0,
        "jobs": jobs,
    }


def percentile(ordered: list[int], share: float) -> int:
    """The value below which ``share`` of the sorted values lie (nearest rank)."""
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def format_stats(stats: dict[str, Any]) -> str:
    t = stats["tricks"]
    lines = [
        f"games            {stats['games']} "
        f"(seeds {stats['seed']}..{stats['seed'] + stats['games'] - 1})",
        f"tricks           mean {t['mean']:.1f}  median {t['median']:g}  "
        f"p95 {t['p95']}  p99 {t['p99']}  max {t['max']}",
        f"wars per trick   {stats['wars_per_trick']:.4f}  (longest war {stats['longest_war']})",
        f"draws            {stats['draw_share']:.2%}  (cycles {stats['cycle_share']:.2%}, "
        f"capped {stats['capped_share']:.2%})",
        f"wins per seat    {stats['wins_per_seat']}",
        f"end reasons      {stats['reasons']}",
        f"speed            {stats['games_per_s']:.0f} games/s on {stats['jobs']} process(es), "
        f"{stats['engine']} engine",
    ]
    return "\n".join(lines)


def default_jobs() -> int:
    """One process per core this process may run on (its affinity, not the machine's)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


__all__ = [
    "DealError",
    "RulesError",
    "format_stats",
    "load_deal",
    "percentile",
    "play",
    "play_deal",
    "play_fast",
    "run_many",
]
