"""A deterministic asyncio event loop on virtual time.

The loop never waits: when nothing is ready, its clock jumps to the next
timer. Everything the simulation runs (the real room service, delivery, the
jobs) sleeps and times out on this clock, so a run of many virtual minutes
takes the CPU time of its callbacks only, and one seed runs the same way
every time (callbacks in the order they were scheduled; no real I/O).
"""

from __future__ import annotations

import asyncio
import selectors
from typing import Any


class Stuck(RuntimeError):
    """Nothing is ready and no timer is set: every task waits on something that never comes."""


class _VirtualSelector(selectors.SelectSelector):
    """Polls nothing: a wait of ``timeout`` seconds moves the clock on by as much."""

    def __init__(self, clock: VirtualClock) -> None:
        super().__init__()
        self.clock = clock

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        if timeout is None:
            raise Stuck("nothing to run and no timer: the simulation is stuck")
        if timeout > 0:
            self.clock.now += timeout
        return []


class VirtualClock:
    def __init__(self, start: float = 0.0) -> None:
        self.now = start


class VirtualLoop(asyncio.SelectorEventLoop):
    def __init__(self, clock: VirtualClock | None = None) -> None:
        self.clock = clock or VirtualClock()
        super().__init__(_VirtualSelector(self.clock))

    def time(self) -> float:
        return self.clock.now


def run(main: Any, clock: VirtualClock | None = None) -> Any:
    """Run coroutine ``main`` to its end on a fresh virtual loop; its result."""
    loop = VirtualLoop(clock)
    try:
        asyncio.set_event_loop(loop)
        return loop.run_until_complete(main)
    finally:
        try:
            for task in asyncio.all_tasks(loop):
                task.cancel()
            loop.run_until_complete(asyncio.sleep(0))
        except Exception:
            pass
        asyncio.set_event_loop(None)
        loop.close()
