"""Benchmarks that print figures (never run as tests).

``krig-server bench engine``: classic 2-player games on one core, through the
same ``submit`` path the server uses. ``krig-server bench transition``: the
same games through the room transition a step of play runs on the server
(``rooms.play_input``: the engine, the events, their hash chain, the action
ids), so the part of a flip's cost that is the game's own is measured apart
from the I/O around it.
"""

from __future__ import annotations

import time
from typing import Any

from server import rooms
from server.engine import PRESETS, census, new_game, submit
from server.engine.game import FLIP
from server.engine.state import NO_CARD
from server.rooms.state import PlayInput, RoomRecord


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


def _dealt_room(seed: int) -> RoomRecord:
    """A 2-seat classic room with its game started from the engine's seeded deal."""
    out = rooms.Outcome()
    rec = rooms.new_room(
        "BENCH", "pa", "A", "classic", {}, 2, False, "t:a", 0, out, ready_checks=True
    )
    rooms.join(rec, out, "pb", "B", "t:b", None)
    rooms.set_ready(rec, out, "pa", True)
    rooms.set_ready(rec, out, "pb", True, seed)
    return rec


def transition_bench(games: int = 500, seed: int = 1, repeats: int = 3) -> dict[str, Any]:
    """``engine_bench``'s games (same seeds) played flip by flip through
    ``rooms.play_input``, each flip under its own action id, as on the server."""
    best = float("inf")
    steps = flips = 0
    for _ in range(repeats):
        tables = [_dealt_room(seed + i) for i in range(games)]  # (dealing is not timed)
        steps = flips = 0
        action = 0
        began = time.perf_counter()
        for rec in tables:
            state = rec.state
            assert state is not None
            while rec.status == "playing":
                step = state.steps
                for seat in state.awaiting[:]:
                    if state.pending[seat] == NO_CARD:
                        action += 1
                        play = PlayInput(rec.seats[seat].player, action, step, None)
                        rooms.play_input(rec, rooms.Outcome(), play)
                        flips += 1
            steps += state.steps
        best = min(best, time.perf_counter() - began)
        for rec in tables:
            assert rec.state is not None and len(census(rec.state)) == 52
    return {
        "benchmark": "transition",
        "preset": "classic",
        "players": 2,
        "games": games,
        "steps": steps,
        "flips": flips,
        "best_seconds": best,
        "steps_per_s": steps / best,
        "us_per_flip": best / flips * 1e6,
    }
