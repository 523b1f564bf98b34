"""Benchmarks that print figures (never run as tests).

``krig-server bench engine``: classic 2-player games on one core, through the
same ``submit`` path the server uses.
"""

from __future__ import annotations

import time
from typing import Any

from server.engine import PRESETS, new_game, submit
from server.engine.game import FLIP


def engine_bench(games: int = 2000, seed: int = 1, repeats: int = 3) -> dict[str, Any]:
    rules = PRESETS["classic"]
    best = float("inf")
    tricks = steps = 0
    for _ in range(repeats):
        tricks = steps = 0
        began = time.perf_counter()
        for i in range(games):
            state = new_game(rules, seed + i)
            while state.phase != "over":
                for seat in state.awaiting[:]:
                    submit(state, seat, FLIP)
            tricks += state.tricks
            steps += state.steps
        best = min(best, time.perf_counter() - began)
    return {
        "benchmark": "engine",
        "preset": "classic",
        "players": 2,
        "games": games,
        "tricks": tricks,
        "best_seconds": best,
        "games_per_s": games / best,
        "tricks_per_s": tricks / best,
        "steps_per_s": steps / best,
        "mean_tricks": tricks / games,
    }
