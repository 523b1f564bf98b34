"""``python -m bench WHAT``: print benchmark figures, from a source checkout.

``krig-server bench ARGS`` runs this in the checkout it was installed from (the
benchmarks are not part of the installed packages).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from krig_runtime.process import LOOPS


def build_parser() -> argparse.ArgumentParser:
    bench = argparse.ArgumentParser(prog="python -m bench", description="print benchmark figures")
    bench.add_argument(
        "what", choices=["engine", "transition", "codec", "stack"], help="what to measure"
    )
    bench.add_argument("--seconds", type=float, default=5.0, help="stack: seconds per load run")
    bench.add_argument("--rooms", type=int, default=50, help="stack: 2-player rooms at peak")
    bench.add_argument(
        "--idle", type=int, default=10_000, help="stack: idle connections to hold (0: skip)"
    )
    bench.add_argument(
        "--loop", choices=LOOPS, default="auto",
        help="stack: event loop of every process measured (echo, krig-server, load client; "
        "auto: uvloop where installed, as krig-server)",
    )  # fmt: skip
    bench.add_argument(
        "--min-replicas", type=int, default=0,
        help="stack: replicas of the Redis, and krig's --redis-min-replicas (every commit waits)",
    )  # fmt: skip
    bench.add_argument(
        "--redis-client", choices=["pipe", "coredis"], default="pipe",
        help="stack: what the floors call Redis through (coredis: pip install coredis first)",
    )  # fmt: skip
    bench.add_argument(
        "--paced-rooms", type=int, default=500,
        help="stack: rooms at a person's pace, beside the flat-out figures (0: skip; needs Node)",
    )  # fmt: skip
    bench.add_argument(
        "--paced-seconds", type=float, default=40.0, help="stack: seconds of the paced run"
    )
    bench.add_argument("--games", type=int, default=2000, help="engine, transition: games per run")
    bench.add_argument("--count", type=int, default=500_000, help="codec: frames per run")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    return bench


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from bench.codec import codec_bench
    from bench.engine import engine_bench, transition_bench

    if args.what == "stack":
        from bench.stack import format_report, run

        report = run(
            args.seconds, args.rooms, args.idle, args.loop, args.min_replicas,
            args.redis_client, args.paced_rooms, args.paced_seconds,
        )  # fmt: skip
        print(json.dumps(report) if args.json else format_report(report))
        return 0
    lines: dict[str, tuple[Callable[[], dict[str, Any]], Callable[[dict[str, Any]], str]]] = {
        "codec": (
            lambda: codec_bench(args.count),
            lambda r: (
                f"codec: flip frame ({r['frame_bytes']} bytes) on one core: "
                f"{r['decodes_per_s']:,.0f} decodes+validations/s, "
                f"{r['encodes_per_s']:,.0f} encodes/s (best of 3)"
            ),
        ),
        "transition": (
            lambda: transition_bench(args.games),
            lambda r: (
                f"transition: classic 2-player, {r['games']} games through "
                f"rooms.play_input on one core: {r['us_per_flip']:.2f} us/flip, "
                f"{1e6 / r['steps_per_s']:.2f} us/reveal (best of 3)"
            ),
        ),
        "engine": (
            lambda: engine_bench(args.games),
            lambda r: (
                f"engine: classic 2-player, {r['games']} games on one core: "
                f"{r['games_per_s']:.0f} games/s, {r['tricks_per_s']:.0f} tricks/s "
                f"(mean {r['mean_tricks']:.1f} tricks/game, best of 3)"
            ),
        ),
    }
    measure, line = lines[args.what]
    result = measure()
    print(json.dumps(result) if args.json else line(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
