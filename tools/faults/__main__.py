"""``python -m tools.faults``: seeded fault schedules on the real room service.

    python -m tools.faults --seeds 100000            # seeds 0..99999, a progress bar
    python -m tools.faults --seeds 2000 --first 5000 --jobs 2
    python -m tools.faults --seed 1234               # one seed again, with its schedule

A seed that breaks an invariant is printed with its first violations; ``--seed``
replays it exactly (virtual time, seeded randomness; hash randomization off)
and prints its schedule: every fault, when, and what each client saw last.
Exit status 1 if any seed failed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

from tqdm import tqdm

from tools.faults.world import run_seed


def _one(seed: int) -> tuple[int, list[str], int, int, int, list[str]]:
    r = run_seed(seed)
    return seed, r.violations, r.events, r.games, r.dropped, r.task_errors


def _kind(violation: str) -> str:
    """``taken_back``, ``game_never_ended``...: the name a violation starts with."""
    words = violation.split()
    head = words[1] if words[0] == "witness" else words[1] if len(words) > 1 else words[0]
    return head.rstrip(":")


def replay(seed: int) -> int:
    r = run_seed(seed, trace=True)
    p = r.plan
    print(
        f"seed {seed}: {p.nodes} nodes, {p.replicas} replica(s), --redis-min-replicas "
        f"{p.min_replicas}, {p.rooms} room(s) of {p.seats} seats (min_rank {p.min_rank}), "
        f"{p.games} game(s), {p.fault_rate:g} faults/s for {p.play_s:.1f} s"
    )
    print("schedule (virtual seconds):")
    for line in r.schedule:
        print("  " + line)
    print(
        f"{r.events} events delivered, {r.games} games seen ended, {r.dropped} writes a "
        f"failover took back, {r.virtual_s:.1f} virtual s"
    )
    for line in r.task_errors:
        print(f"unretrieved task error: {line}")
    if r.violations:
        print(f"FAILED: {len(r.violations)} violation(s):")
        for line in r.violations[:30]:
            print("  " + line)
        return 1
    print("ok: every invariant held")
    return 0


def many(first: int, count: int, jobs: int) -> int:
    failed: dict[int, list[str]] = {}
    task_errors: Counter[str] = Counter()
    events = games = dropped = 0
    began = time.perf_counter()
    seeds = range(first, first + count)
    bar = tqdm(total=count, unit="seed", smoothing=0.05)
    with contextlib.ExitStack() as stack:
        results: Iterator[tuple[int, list[str], int, int, int, list[str]]] = map(_one, seeds)
        if jobs > 1:
            pool = stack.enter_context(ProcessPoolExecutor(jobs))
            results = pool.map(_one, seeds, chunksize=16)
        for seed, violations, e, g, d, te in results:
            events, games, dropped = events + e, games + g, dropped + d
            task_errors.update(x.split(":")[0] for x in te)
            if violations:
                failed[seed] = violations
                bar.write(f"seed {seed}: {violations[0]}")
            bar.update()
    bar.close()
    took = time.perf_counter() - began
    print(
        f"{count} seeds ({first}..{first + count - 1}) in {took:.1f} s on {jobs} process(es): "
        f"{len(failed)} failed; {events:,} events delivered, {games:,} games ended, "
        f"{dropped:,} writes taken back by failovers"
    )
    for name, n in task_errors.most_common():
        print(f"  unretrieved task errors in the server: {name} x{n}")
    kinds: Counter[str] = Counter()
    for violations in failed.values():
        kinds.update({_kind(v) for v in violations})
    for name, n in kinds.most_common():
        print(f"  seeds with {name}: {n}")
    if failed:
        print("failed seeds (replay with --seed N):", " ".join(map(str, sorted(failed)[:50])))
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=1000, help="how many seeds to run")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--seed", type=int, help="replay this one seed and print its schedule")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if args.seed is not None:
        return replay(args.seed)
    return many(args.first, args.seeds, args.jobs)


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Sets of strings iterate in an order fixed by the hash seed: fixed, a seed
        # replays the same in every process.
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable, "-m", "tools.faults", *sys.argv[1:]])
    sys.exit(main())
