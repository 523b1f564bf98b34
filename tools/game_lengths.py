"""How long games run, and how they end: every preset with 2, 3 and 4 players.

    python tools/game_lengths.py                      # 1,000 seeded games a row, a Markdown table
    python tools/game_lengths.py --games 300 --set gather_order=winner_first
    python tools/game_lengths.py --presets polish norwegian --players 3 --jobs 2

Each row plays seeds ``seed`` … ``seed + games - 1`` with the simulator
(``server.simulate.run_many``: every seat driven by the automatic policy, a
timed game on its simulated clock of a second a step) and prints the median,
95th and 99th percentile and longest game in tricks, and the share of games
that ended as a cycle draw or at the round cap. ``--check`` exits 1 when a row
breaks the goal of docs/RULES.md ("How long a game runs"): at most 1% of games
end as a cycle draw or at a cap, and the 99th percentile stays under 3,000 tricks.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):  # run as a script: python tools/game_lengths.py
    sys.path.insert(0, str(ROOT))

from server.engine.rules import PRESETS, RulesError, make_rules, parse_option  # noqa: E402
from server.simulate import run_many  # noqa: E402

MAX_STUCK_SHARE = 0.01
"""At most this share of games may end as a cycle draw or at the round cap."""
MAX_P99_TRICKS = 3000
"""The 99th percentile of a game's length stays under this many tricks."""

HEADER = (
    "| preset | players | median | p95 | p99 | longest | cycle | cap | ends (most common first) |"
)


def row(stats: dict[str, Any], preset: str, players: int) -> str:
    t = stats["tricks"]
    ends = ", ".join(
        f"{reason} {count / stats['games']:.1%}"
        for reason, count in sorted(stats["reasons"].items(), key=lambda kv: -kv[1])
    )
    return (
        f"| {preset} | {players} | {t['median']:g} | {t['p95']} | {t['p99']} | {t['max']} | "
        f"{stats['cycle_share']:.1%} | {stats['capped_share']:.1%} | {ends} |"
    )


def meets_goal(stats: dict[str, Any]) -> bool:
    stuck = float(stats["cycle_share"]) + float(stats["capped_share"])
    return stuck <= MAX_STUCK_SHARE and int(stats["tricks"]["p99"]) < MAX_P99_TRICKS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per row (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS), help="default: all")
    parser.add_argument("--players", nargs="+", type=int, default=[2, 3, 4], help="default: 2 3 4")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        dest="sets",
        metavar="OPTION=VALUE",
        help="a rule option for every row (repeatable), e.g. gather_order=winner_first",
    )
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if a row misses the goal (marked ✗)"
    )
    args = parser.parse_args(argv)
    overrides: dict[str, Any] = {}
    try:
        for item in args.sets:
            name, sep, text = item.partition("=")
            if not sep:
                raise RulesError(item, "expected OPTION=VALUE")
            overrides[name] = parse_option(name, text)
        for preset in args.presets:
            make_rules(preset, overrides)
    except RulesError as exc:
        print(f"game_lengths: {exc}", file=sys.stderr)
        return 2
    began = time.perf_counter()
    print(
        f"{args.games} seeded games a row (seeds {args.seed}..{args.seed + args.games - 1})"
        + (f", with {', '.join(args.sets)}" if args.sets else "")
        + "; lengths in tricks."
    )
    print()
    print(HEADER + (" goal |" if args.check else ""))
    print("|" + "---|" * (HEADER.count("|") - 1 + (1 if args.check else 0)))
    missed = 0
    for preset in args.presets:
        for players in args.players:
            rules = make_rules(preset, {**overrides, "players": players})
            stats = run_many(rules, args.games, args.seed, args.jobs, False)
            line = row(stats, preset, players)
            if args.check:
                ok = meets_goal(stats)
                missed += not ok
                line += " ✓ |" if ok else " ✗ |"
            print(line, flush=True)
    print()
    print(f"({time.perf_counter() - began:.0f} s on {args.jobs} process(es))", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
