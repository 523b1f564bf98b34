"""The node's background jobs: heartbeat, catching up, dead nodes, due timers (the
sweep: :mod:`server.service.sweep`).

Each job runs every few seconds for the node's lifetime (``Jobs.start``);
a job that fails is logged and runs again next time. None of them is needed
for a step of play: they are how a node notices what no client tells it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Callable
from dataclasses import dataclass

import structlog
from redis.exceptions import RedisError

from server import rooms
from server.config import Settings
from server.errors import Refused, StoreFormatMismatch
from server.rooms import Outcome
from server.rooms.state import RoomRecord
from server.service.delivery import LocalDelivery
from server.service.pubsub import Relay
from server.service.service import RoomService, now_ms
from server.service.sweep import Sweep
from server.store.scripts import STORE_FORMAT
from server.store.store import Store

log = structlog.get_logger("krig.jobs")

RECONCILE_S = 1.0
HEARTBEAT_S = 2.0
PROBE_S = 1.0
"""How often, and how long at most, the readiness probe waits for Redis to answer."""
QUIET_AFTER = 2
"""Runs of the reconcile job without an event after which a room counts as quiet (a
person flips within 1.5 s of being allowed to: a room in play is never quiet)."""
QUIET_CHECK_MAX = 16
"""The reconcile job reads a quiet room (nothing delivered in it since it was
last looked at) 2, 4, 8, 16 and then every 16 of its runs after its last event;
a room something happens in is not read at all (see ``Jobs._reconcile``)."""


@dataclass(slots=True)
class _Watch:
    """What the reconcile job knows of one local room."""

    seq: int
    """The room's local seq when the job last saw it."""
    due: int
    """The job's run at which the room is read from Redis next (if still quiet)."""
    every: int
    """Runs between two reads while the room stays quiet (doubles up to QUIET_CHECK_MAX)."""


def _lose_node(rec: RoomRecord, out: Outcome, node: str) -> None:
    rooms.node_lost(rec, out, node, now_ms())


async def _behind_durably(store: Store, code: str, shown: int) -> bool:
    """With --redis-min-replicas: whether the store really holds less of a room than
    this node sent its members (``shown``).

    Every event was confirmed by the replicas before it was sent to anyone
    (durable before delivered), so a single failover cannot take one back: a
    quick read below ``shown`` is one from a server that is no longer (or not
    yet) the primary. The room is read again, through WAIT (NotDurable: this
    job fails and looks again next second); still behind means more than one
    fault at once (every replica that held it lost too), logged as such.
    """
    loaded = await store.load(code)
    if loaded is None or loaded.seq >= shown:
        return False
    log.error("room_rewound_beyond_promise", room=code, local=shown, redis=loaded.seq)
    return True


class Jobs:
    def __init__(
        self,
        settings: Settings,
        node_id: str,
        store: Store,
        service: RoomService,
        delivery: LocalDelivery,
        relay: Relay,
    ) -> None:
        self.settings = settings
        self.node_id = node_id
        self.store = store
        self.service = service
        self.delivery = delivery
        self.relay = relay
        self.grace_ms = int(settings.grace_s * 1000)
        self._tasks: list[asyncio.Task[None]] = []
        self._beats = 0
        self._behind: dict[str, int] = {}
        self._watch: dict[str, _Watch] = {}
        """Per local room: when the reconcile job reads it next (``_reconcile``)."""
        self._runs = 0
        """Runs of the reconcile job so far."""
        self.sweep = Sweep(store, service, self.grace_ms)
        """The due timers (server.service.sweep)."""
        self._opens = 0
        """The relay's subscription openings the reconcile job has seen."""
        self.store_ok = False
        """Redis answered the last readiness probe (within PROBE_S)."""
        self._beating_since: float | None = None
        """Since when (monotonic) this node's heartbeats have been written without a
        failure (None: the last one failed, or none was written yet)."""
        self._probed = False
        self._paused = False
        """This node's beats stopped once (the store paused) since it started."""
        self._pauses = 0
        """Pauses of the store the readiness probe saw (a beat across one is no steady beat)."""

    async def join_nodes(self) -> None:
        """Join the nodes serving this Redis; refuses (StoreFormatMismatch) while a
        live node keeps rooms in another format (store.scripts.JOIN)."""
        now = now_ms()
        verdict, rest = await self.store.nodes.join_nodes(
            self.node_id, now, now - int(self.settings.dead_node_s * 1000)
        )
        if verdict == "differs":
            node, format_ = rest
            log.error(
                "store_format_mismatch", other_node=node, its_format=format_, ours=STORE_FORMAT
            )
            raise StoreFormatMismatch(node, format_, STORE_FORMAT)
        if rest:
            # Builds from before the check say no format. The last of them keeps
            # rooms as this one does; one from before 2026-11-30 19:30 UTC does not.
            log.warning("nodes_without_store_format", nodes=rest, ours=STORE_FORMAT)

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [  # (named: a task dump says which job waits where)
            loop.create_task(self.relay.listen(), name="listen"),
            loop.create_task(self._every(HEARTBEAT_S, self._heartbeat), name="heartbeat"),
            loop.create_task(
                self._every(max(1.0, self.settings.dead_node_s / 3), self._reap_nodes),
                name="reap_nodes",
            ),
            loop.create_task(self.sweep.run(), name="sweep"),
            loop.create_task(self._every(RECONCILE_S, self._reconcile), name="reconcile"),
            loop.create_task(self._every(PROBE_S, self._probe), name="probe"),
        ]

    async def stop(self, seconds: float) -> None:
        """Cancel the background jobs; wait at most ``seconds`` for them, then go on."""
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            _, left = await asyncio.wait(self._tasks, timeout=seconds)
            if left:
                log.warning(
                    "background_jobs_still_running",
                    jobs=len(left),
                    names=sorted(t.get_name() for t in left),
                )
        await self.relay.close(seconds)

    async def _every(self, seconds: float, job: Callable[[], object]) -> None:
        task = asyncio.current_task()
        while True:
            try:
                result = job()
                if asyncio.iscoroutine(result):
                    await result
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning(
                    "background_job_failed", job=getattr(job, "__name__", "?"), error=str(exc)
                )
            if task is not None and task.cancelling():
                # Cancelled, but the job returned: Python 3.11's asyncio.wait_for
                # (round a store call's bound) can swallow a cancellation that
                # lands as the call completes. Without this the job went on
                # and a stop waited out its bound (background_jobs_still_running).
                raise asyncio.CancelledError
            await asyncio.sleep(seconds)

    async def _probe(self) -> None:
        """Is Redis answering? (``/readyz``: a node whose store is unreachable is not ready.)"""
        try:
            await asyncio.wait_for(self.store.ping(), PROBE_S)
        except (TimeoutError, OSError, RedisError) as exc:
            if self.store_ok:
                log.warning("redis_unreachable", error=repr(exc))
            self.store_ok = False
            self._store_paused()
        else:
            if not self.store_ok and self._probed:
                log.info("redis_reachable")
            self.store_ok = True
        self._probed = True

    def _store_paused(self) -> None:
        """The store did not answer: this node's beating starts again with its next
        beat, and the reaper waits two beats more from then (``_reap_nodes``)."""
        self._paused = True
        self._pauses += 1
        self._beating_since = None

    async def _heartbeat(self) -> None:
        # Rooms this node only touched (a sweep, a quick-join probe) leave the cache.
        self.service.forget_idle(lambda code: code in self.delivery.rooms)
        self.relay.ping()
        # A beat on its way (perhaps going again and again, while the store takes
        # no writes) does not count as beating.
        since, self._beating_since = self._beating_since, None
        began, pauses = time.monotonic(), self._pauses
        known = await self.store.nodes.heartbeat(self.node_id, now_ms())
        landed = time.monotonic()
        # A beat that took longer than a beat went again and again through a pause of
        # the store: beating starts again now (so the reaper waits, _reap_nodes).
        steady = since is not None and landed - began < HEARTBEAT_S and pauses == self._pauses
        if not steady and self._beats:
            self._paused = True  # (the reaper waits two beats more from now: _reap_nodes)
        self._beating_since = since if steady else landed
        if not known and self._beats:
            # This process was paused (SIGSTOP, a long GC, a VM freeze) for
            # longer than dead_node_s and another node reaped it. Its
            # connections are still open: take their seats back.
            log.warning("node_was_reaped", rooms=len(self.delivery.rooms))
            for code in list(self.delivery.rooms):
                members = [(mb.player, mb.conn) for mb in self.delivery.members(code)]
                await self.store.nodes.add_node_room(self.node_id, code)
                with contextlib.suppress(Refused):
                    await self.service.apply(code, functools.partial(rooms.rebind, members=members))
        self._beats += 1

    async def _reconcile(self) -> None:
        """Catch up rooms whose events this node missed and has no later event to notice by,
        and tell the members of a room the store no longer has.

        A subscription can lose messages (a failover, a reconnect); if the missed
        event was the last one, every client may be waiting on it. A room is read
        from Redis (its journal's last entry, all of them in one pipelined round
        trip) only when that can find something: when this node first sees it,
        when it stayed quiet (nothing delivered in it since the job last looked:
        a missed last event leaves a room quiet) QUIET_AFTER, twice that... then
        every QUIET_CHECK_MAX runs after its last event, while it seemed behind,
        and every room once after the subscription was (re)opened. A room in play
        is never read: each of this node's commits compared its version with
        Redis (and would have failed on a room gone or moved on), and each update
        heard moved it on. So the job costs Redis commands in proportion to what
        changed and to the quiet rooms, not to rooms times seconds.
        """
        self._runs += 1
        runs = self._runs
        local = self.delivery.rooms
        opens = getattr(self.relay, "opens", 0)
        everything = opens != self._opens
        behind = self._behind
        watch = self._watch
        if len(watch) > len(local):
            for code in [c for c in watch if c not in local]:
                del watch[code]
        codes: list[str] = []
        for code, local_room in local.items():
            w = watch.get(code)
            # (A room whose rewind failed is read every run until one succeeds.)
            wanted = everything or code in behind or local_room.diverged
            if w is None:
                watch[code] = _Watch(local_room.seq, runs + QUIET_AFTER, QUIET_AFTER)
                codes.append(code)  # (first seen: read it once)
            elif w.seq != local_room.seq:  # something happened in it since: quiet from now
                w.seq, w.due, w.every = local_room.seq, runs + QUIET_AFTER, QUIET_AFTER
                if wanted:
                    codes.append(code)
            elif wanted or runs >= w.due:
                codes.append(code)
        if not codes:
            self._opens = opens
            return
        # What this node had delivered before it asked: commits that land while the
        # read is on the way move a room's local seq past the seq read (no rewind).
        before = [local[code].seq for code in codes]
        lasts = await self.store.journals.lasts(codes)
        # (Read: what asked for it is done. A read that failed leaves it for next time.)
        self._opens, self._behind = opens, {}
        for code, last, seen in zip(codes, lasts, before, strict=True):
            room = self.delivery.rooms.get(code)
            if room is None:
                continue
            seq = None if last is None else last[0]
            w = watch.get(code)
            if w is not None and w.seq == seen:  # (still quiet: read again later)
                w.due = runs + w.every
                w.every = min(w.every * 2, QUIET_CHECK_MAX)
            if room.diverged and seq is not None:
                await self.rewind_diverged(code)  # (the last try failed)
            elif seq is None:  # expired, or a Redis that came back without it
                self.service.forget(code)
                self.delivery.gone(code)
            elif seq < room.seq and seq >= seen:
                continue  # committed (here) while the read was on the way
            elif seq < room.seq:
                if self.settings.redis_min_replicas > 0 and not await _behind_durably(
                    self.store, code, room.seq
                ):
                    continue
                # This node delivered events the store no longer holds: it went
                # back in time. Play goes on from what it holds (rooms.history).
                log.warning("room_rewound", room=code, local=room.seq, redis=seq)
                self.service.forget(code)
                with contextlib.suppress(Refused):
                    await self.service.apply(
                        code, functools.partial(rooms.rewound, seen_seq=room.seq)
                    )
            elif seq == room.seq:
                if last is not None and self.delivery.last_differs(code, seq, last[1]):
                    # The same number, another event (its update never reached this
                    # node): the store went back in time and numbered a new event as
                    # the lost one this node sent. Rewound, not left stuck.
                    self.delivery.diverge(code, seq)
                elif last is not None and last[1] is None and room.last_frame is not None:
                    # (no event, no kept frame: an earlier build's commit; a catch-up compares)
                    await self.delivery.catch_up(code)
                continue
            elif behind.get(code) == room.seq:  # behind, and no progress for a second
                log.info("room_behind", room=code, local=room.seq, redis=seq)
                await self.delivery.catch_up(code)
            else:  # perhaps just in flight: look again next time
                self._behind[code] = room.seq

    async def rewind_diverged(self, code: str) -> None:
        """The store numbered events as ones this node sent its members with other
        events (``LocalDelivery.deliver``): the room is rewound, its numbers past
        both, and every member gets a snapshot (``rooms.history``). A failure is
        logged; the reconcile job tries again."""
        room = self.delivery.rooms.get(code)
        if room is None or not room.diverged:
            return
        seen = room.seq

        def rewind(rec: RoomRecord, out: Outcome) -> None:
            if room.diverged:  # (else a rewind before it did it: RoomService._apply)
                rooms.rewound(rec, out, seen_seq=seen, diverged=True)

        self.service.forget(code)
        try:
            await self.service.apply(code, rewind)
        except Exception as exc:
            log.warning("rewind_failed", room=code, error=str(exc))

    async def _reap_nodes(self) -> None:
        """Seats held through a node that stopped beating count as disconnected.

        Only once this node has beaten without a failure for ``dead_node_s`` (and
        two beats more after a pause): a store that took no writes for a while (a
        failover, a primary without the replicas it needs) stopped every node's
        heartbeat, and a node that could not beat then is not dead (reaped, its
        seats would be played by their timers while its players wait for the
        store). The two beats: the first beat of another node to land after such
        a pause carries the time it was first sent, before the pause (the pipe
        sends a call again until the store answers), so it looks as old as the
        pause; its next beat, a beat later, carries the time again. (Without
        them both nodes of the Sentinel kill -9 test reaped each other after the
        failover, and a seat's timer played it before its player's own flip:
        stale_step.)
        """
        since = self._beating_since
        settle = self.settings.dead_node_s + (2 * HEARTBEAT_S if self._paused else 0.0)
        if since is None or time.monotonic() - since < settle:
            return
        dead = await self.store.nodes.dead_nodes(now_ms() - int(self.settings.dead_node_s * 1000))
        for node in dead:
            if node == self.node_id:
                continue
            for code in await self.store.nodes.node_rooms(node):
                with contextlib.suppress(Refused):
                    await self.service.apply(code, functools.partial(_lose_node, node=node))
            await self.store.nodes.forget_node(node)
            log.info("node_reaped", dead_node=node)
