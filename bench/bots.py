"""Duplicate games between the server's computer levels, on the rules engine alone.

    python bench/bots.py --a hard --b normal --deals 1000 [--players 2] [--processes 2]

Every deal (engine seed) is played once per rotation of the seats, each seat
choosing exactly as the server's computer seat of its level does
(``server.rooms.views.bot_view`` and ``krig_bots.LEVELS``): the same code path
as ``krig arena`` against a server, without the network, so many more games
fit in a minute. Prints games, wins, draws and the first level's win rate
with its 95% (Wilson) interval, as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from krig_bots import LEVELS
from protocol.records import DealProof
from server.engine import Choose, make_rules, new_game, submit
from server.rooms.state import RoomRecord, SeatRecord
from server.rooms.views import bot_view


def play(seed: int, levels: list[str], options: dict[str, int]) -> tuple[list[int], int, str]:
    """One game: the winners' seats, its steps, its reason."""
    rules = make_rules("arneson", {"players": len(levels), **options})
    state = new_game(rules, seed)
    rec = RoomRecord(
        code="B", version=0, seq=0, created_ms=0, updated_ms=0, host=0, preset="arneson",
        options=dict(options), public=False,
        seats=[SeatRecord(bot=True, level=lv) for lv in levels], state=state,
        proof=DealProof(piles=[h + p for h, p in zip(state.hands, state.piles, strict=True)],
                        set_aside=list(state.set_aside), seed=seed, nonce=""),
    )  # fmt: skip
    while state.phase != "over":
        for seat in list(state.awaiting):
            if state.over or seat not in state.awaiting:
                continue
            card = LEVELS[levels[seat]](bot_view(rec, seat, count=levels[seat] == "hard"))
            assert isinstance(card, int)
            rec.inputs += bytes((seat, card))
            submit(state, seat, Choose(card))
    return (list(state.winners) if state.result == "win" else []), state.steps, state.reason


def deals(
    first: int, count: int, a: str, b: str, players: int, options: dict[str, int]
) -> dict[str, int]:
    out = {"games": 0, "wins": 0, "losses": 0, "draws": 0, "steps": 0, "capped": 0}
    for seed in range(first, first + count):
        for rot in range(players):
            levels = [b] * players
            levels[rot] = a  # (the first level takes each seat once per deal)
            winners, steps, reason = play(seed, levels, options)
            out["games"] += 1
            out["steps"] += steps
            out["capped"] += reason == "round_cap"
            if not winners:
                out["draws"] += 1
            elif rot in winners:
                out["wins"] += 1
            else:
                out["losses"] += 1
    return out


def wilson(wins: int, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = wins / games
    d = 1 + z * z / games
    c = (p + z * z / (2 * games)) / d
    h = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return c - h, c + h


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", default="hard", choices=list(LEVELS))
    ap.add_argument("--b", default="normal", choices=list(LEVELS))
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--max-tricks", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args()
    options = {"max_tricks": args.max_tricks}
    chunk = 10
    firsts = list(range(args.seed, args.seed + args.deals, chunk))
    t0 = time.perf_counter()
    total: dict[str, int] = {}
    fixed = (args.a, args.b, args.players, options)
    with ProcessPoolExecutor(args.processes) as pool:
        jobs = [
            pool.submit(deals, f, min(chunk, args.seed + args.deals - f), *fixed) for f in firsts
        ]
        for job in jobs:  # (in order: a line after each chunk, the last one is the total)
            part = job.result()
            total = {k: total.get(k, 0) + v for k, v in part.items()}
            low, high = wilson(total["wins"], total["games"])
            line = {
                **total, "a": args.a, "b": args.b, "players": args.players,
                "max_tricks": args.max_tricks, "rate": round(total["wins"] / total["games"], 4),
                "low95": round(low, 4), "high95": round(high, 4),
                "even": round(1 / args.players, 4),
                "seconds": round(time.perf_counter() - t0, 1),
            }  # fmt: skip
            print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
