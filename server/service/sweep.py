"""The due timers: seats whose grace period ran out are played, once across nodes.

Every room with a deadline is in the deadline set (``Store.claim_due`` leases
each one due to one node). The sweep wakes for the deadlines this node writes
(within SWEEP_S of each) and reads the set every SWEEP_IDLE_S otherwise, for
the deadlines other nodes wrote: Redis is read in proportion to the deadlines.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq

import structlog

from server import rooms
from server.errors import Refused
from server.service.service import RoomService, now_ms
from server.store.store import Store

log = structlog.get_logger("krig.jobs")

SWEEP_S = 0.2
"""The sweep runs at most this often (deadlines this close together are met together)."""
SWEEP_IDLE_S = 1.0
"""How often the sweep reads the deadline set when no deadline this node wrote is near:
for the deadlines other nodes wrote (one that stopped, a room shared with one). One
this node wrote is met within SWEEP_S of it (``Sweep.run``)."""


class Sweep:
    def __init__(self, store: Store, service: RoomService, grace_ms: int) -> None:
        self.store = store
        self.service = service
        self.grace_ms = grace_ms
        self._dues: list[int] = []
        """Deadlines this node wrote that are still ahead (a heap, ms): the sweep wakes
        for the first."""
        self._due_soon: asyncio.Event | None = None
        store.on_due = self.due_written

    def due_written(self, due_ms: int) -> None:
        """This node wrote a deadline: the sweep wakes for it (if it is the first ahead)."""
        first = self._dues[0] if self._dues else None
        heapq.heappush(self._dues, due_ms)
        if (first is None or due_ms < first) and self._due_soon is not None:
            self._due_soon.set()

    async def run(self) -> None:
        """Run the sweep when a deadline this node wrote comes (SWEEP_S apart at least),
        and every SWEEP_IDLE_S for the others: Redis is read in proportion to the
        deadlines, not five times a second whatever happens."""
        self._due_soon = soon = asyncio.Event()
        dues = self._dues
        last = 0.0
        while True:
            soon.clear()
            now = now_ms()
            wait = SWEEP_IDLE_S * 1000 - (now - last)
            if dues:
                wait = min(wait, dues[0] + 2 - now)  # (+2: a timer may fire a little early)
            wait = max(wait, SWEEP_S * 1000 - (now - last))
            if wait > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(soon.wait(), wait / 1000)
                if soon.is_set():
                    continue  # (an earlier deadline: wait for it instead)
            last = now = now_ms()
            while dues and dues[0] <= now:
                heapq.heappop(dues)
            try:
                await self.once()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("background_job_failed", job="_sweep", error=str(exc))

    async def once(self) -> None:
        """Play awaited seats whose grace period ran out (exactly once across nodes)."""
        for code in await self.store.claim_due(now_ms(), lease_ms=5000):
            try:
                rec, _, _ = await self.service.apply(
                    code,
                    lambda rec, out: rooms.tick(rec, out, now_ms(), self.grace_ms),
                    acted_ms=now_ms(),
                )
            except Refused:
                await self.store.set_due(code, None)
                continue
            await self.store.set_due(code, rooms.next_due_ms(rec, self.grace_ms))
