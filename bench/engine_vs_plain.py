"""krig's engine against a plain, readable War engine, on the same deals.

    python bench/engine_vs_plain.py [--games 5000] [--repeats 5] [--seed 1]

Classic War for two players (3 down, a player short of cards for a war loses,
won cards go under the pile winner's first).  Every engine plays the same
deals, dealt before the clock starts, so only play is timed:

- ``plain``: the deque loop below, the engine one would write in an afternoon
  (no events, no cycle detection, a round cap);
- ``krig fast``: krig's fast path (``server.engine.fast``), which the simulator
  uses;
- ``krig full``: krig's full engine (``submit`` per seat, with its events), which
  the server uses.

It checks that all three agree on every game (winner and tricks), then runs
the engines in turn for ``--repeats`` rounds and prints each one's best round
as games/s, and its speed against plain's in the same round (the median
round, and the spread).  Not a test: the figures depend on the machine and
on what else it is doing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.engine import PRESETS, GameState, copy_state, fast, from_deal, new_game, submit
from server.engine.game import FLIP
from server.engine.rules import HARD_CAP_TRICKS

REFERENCE = PRESETS["classic"].replace(gather_order="winner_first")
"""The rules the plain engine plays: classic, the winner's cards gathered first (the
preset's default gathering is shuffled from the seed, which the plain loop does not do)."""

Deal = list[list[int]]
Outcome = tuple[int | None, int]
"""The winner (None for a draw) and the number of tricks."""


def plain_game(deal: Deal, cap: int = HARD_CAP_TRICKS) -> Outcome:
    """Classic two-player War with two deques: a readable reference engine."""
    a, b = deque(deal[0]), deque(deal[1])
    tricks = 0
    while tricks < cap:
        table_a, table_b = [a.popleft()], [b.popleft()]
        while table_a[-1] >> 2 == table_b[-1] >> 2:  # equal ranks: war
            short_a, short_b = len(a) < 4, len(b) < 4
            if short_a or short_b:  # too few cards for 3 down and 1 up: that player loses
                tricks += 1
                return (None if short_a and short_b else 1 if short_a else 0), tricks
            for _ in range(4):
                table_a.append(a.popleft())
                table_b.append(b.popleft())
        tricks += 1
        if table_a[-1] >> 2 > table_b[-1] >> 2:
            a.extend(table_a)
            a.extend(table_b)
        else:
            b.extend(table_b)
            b.extend(table_a)
        if not a or not b:
            return (0 if a else 1), tricks
    held_a, held_b = len(a), len(b)
    return (None if held_a == held_b else 0 if held_a > held_b else 1), tricks


def krig_full(deal: Deal) -> Outcome:
    state = from_deal(REFERENCE, deal)
    while state.phase != "over":
        for seat in state.awaiting[:]:
            submit(state, seat, FLIP)
    return (state.winners[0] if state.result == "win" else None), state.tricks


def krig_fast(deal: Deal) -> Outcome:
    state = fast.play(from_deal(REFERENCE, deal))
    return (state.winners[0] if state.result == "win" else None), state.tricks


def _time_engine(engine: Callable[[Deal], Outcome], deals: list[Deal]) -> float:
    began = time.perf_counter()
    for d in deals:
        engine(d)
    return time.perf_counter() - began


def _time_fast_play(states: list[GameState]) -> float:
    began = time.perf_counter()
    for s in states:
        fast.play(s)
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000, help="deals (default 5000)")
    parser.add_argument("--repeats", type=int, default=7, help="rounds (default 7)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (1)")
    args = parser.parse_args()
    rules = REFERENCE
    deals = [new_game(rules, args.seed + i).piles for i in range(args.games)]
    engines: dict[str, Callable[[Deal], Outcome]] = {
        "plain": plain_game,
        "krig fast": krig_fast,
        "krig full": krig_full,
    }
    results = {name: [engine(d) for d in deals] for name, engine in engines.items()}
    for name in ("krig fast", "krig full"):
        differ = sum(1 for x, y in zip(results["plain"], results[name], strict=True) if x != y)
        if differ:
            print(f"{name} and plain disagree on {differ} of {args.games} games", file=sys.stderr)
            return 1
    # Rounds interleave the engines, so that each round's ratios compare runs made
    # under the same load; the figures are the best round's, the ratios the median
    # round's.
    times: dict[str, list[float]] = {name: [] for name in [*engines, "krig fast, play only"]}
    fresh = [from_deal(rules, d) for d in deals]
    for _ in range(args.repeats):
        for name, engine in engines.items():
            times[name].append(_time_engine(engine, deals))
        states = [copy_state(s) for s in fresh]  # (made before the clock starts)
        times["krig fast, play only"].append(_time_fast_play(states))
    mean_tricks = sum(t for _, t in results["plain"]) / args.games
    print(
        f"classic, 2 players, {args.games} deals (seeds {args.seed}..), "
        f"{mean_tricks:.1f} tricks a game, {args.repeats} rounds; all engines agree"
    )
    plain = times["plain"]
    for name, runs in times.items():
        ratios = sorted(p / t for p, t in zip(plain, runs, strict=True))
        spread = f"(rounds {ratios[0]:.2f}-{ratios[-1]:.2f})" if name != "plain" else ""
        print(
            f"{name:22} {args.games / min(runs):9,.0f} games/s  "
            f"{statistics.median(ratios):5.2f}x plain {spread}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
