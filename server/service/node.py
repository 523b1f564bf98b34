"""One server process's parts, put together: the store, the room service, batching,
local delivery, pub/sub, ways in, and the background jobs.

The transport (``server.transport``) speaks to a connection's room only
through the :class:`Node`: it never names a Redis key or runs a transition
outside the room service.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any

import msgspec
import structlog

from protocol import messages as m
from protocol.errors import ErrorCode
from protocol.records import GameRecord
from server import metrics, rooms
from server.config import Settings
from server.errors import Refused
from server.rooms.codes import normalize
from server.rooms.history import REWIND_MARGIN
from server.rooms.replay import with_events
from server.rooms.state import RoomRecord
from server.service.batching import Batcher
from server.service.delivery import LocalDelivery, Member
from server.service.entry import Entry
from server.service.jobs import Jobs
from server.service.pubsub import Relay
from server.service.service import ANSWER_WITHIN_S, RoomService, waiting_for_store
from server.service.sink import Framer, Sink, send_msg
from server.store.pipe import NotDurable, RedisPipe
from server.store.store import LoadedRoom, Player, Store

log = structlog.get_logger("krig.node")

LOST_EVENTS_MAX = 1000
"""With --redis-min-replicas 0: the events of a room one loss of the store takes back
(a failover takes back the last moments: never this many)."""
LOST_REWINDS_MAX = 100
"""With --redis-min-replicas 0: the rewinds of a room a store may have lost in a row.
Each loss of the store is a rewind, and each rewind's numbers jump REWIND_MARGIN past
what its node saw: a store that loses a rewind too (restarted from the same dump
again, a failover after a failover) leaves its members that much further ahead of it
(--seed 7583: three restarts from one dump and a failover, 4,056 numbers ahead)."""
REWIND_CLAIM_MAX = LOST_EVENTS_MAX + LOST_REWINDS_MAX * REWIND_MARGIN
"""With --redis-min-replicas 0: how far past what the store holds a member's word
rewinds its room: a claim past it gets a snapshot alone (a client cannot push the room's
numbers anywhere: 2**53 is some 10**11 claims away)."""


class Node:
    def __init__(
        self,
        settings: Settings,
        node_id: str,
        pipe: RedisPipe | None = None,
        redis_url: str = "",
        frame: Framer | None = None,
    ) -> None:
        """``frame``: the transport's framing of a message (``LocalDelivery``)."""
        self.settings = settings
        self.id = node_id
        if pipe is None:
            pipe = RedisPipe(redis_url or settings.redis_url, f"krig-{node_id}-commit")
        self.pipe = pipe
        self.store = Store(
            pipe,
            min_replicas=settings.redis_min_replicas,
            log_keep=settings.log_keep,
            room_ttl_s=settings.room_ttl_s,
            record_ttl_s=settings.record_ttl_s,
            session_ttl_s=settings.session_ttl_s,
        )
        self.delivery = LocalDelivery(self.store, frame)
        grace_ms = int(settings.grace_s * 1000)
        within = ANSWER_WITHIN_S if settings.redis_min_replicas > 0 else 0.0
        self.service = RoomService(self.store, self.delivery, grace_ms, node_id, within)
        self.relay = Relay(pipe, node_id, self.service, self.delivery)
        self.batcher = Batcher(self.service)
        self.entry = Entry(settings, self.store, self.service)
        self.jobs = Jobs(settings, node_id, self.store, self.service, self.delivery, self.relay)
        self.delivery.on_first = self._first_member
        self.delivery.on_last = self._last_member
        self.delivery.on_loaded = self.service.remember
        self.delivery.on_diverged = lambda code: self._spawn(self.jobs.rewind_diverged(code))
        self.delivery.on_unbound = lambda code: self._spawn(self._rebind(code))
        pipe.on_switch.append(self.service.forget_all)
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def ready(self) -> bool:
        """Redis answers (the last probe) and the node's subscription is open."""
        return self.jobs.store_ok and self.relay.ok

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _first_member(self, code: str) -> None:
        metrics.ROOMS.set(len(self.delivery.rooms))
        self._spawn(self.relay.subscribe(code))

    def _last_member(self, code: str) -> None:
        metrics.ROOMS.set(len(self.delivery.rooms))
        self.service.forget(code)
        self._spawn(self.relay.unsubscribe(code))

    async def _rebind(self, code: str) -> None:
        """Local members a snapshot of room ``code`` found the record does not hold
        (the store went back in time past their binds) take their places again
        (``LocalDelivery.on_unbound``): the ones still here when the transition runs."""

        def rebind(rec: RoomRecord, out: rooms.Outcome) -> None:
            members = [(mb.player, mb.conn) for mb in self.delivery.members(code)]
            rooms.rebind(rec, out, members, taken_back=True)

        try:
            await self.service.apply(code, rebind)
        except Exception as exc:  # (the next snapshot that finds them out tries again)
            log.warning("rebind_failed", room=code, error=str(exc))

    # --------------------------------------------------- what a connection asks

    async def new_player(self, name: str) -> tuple[Player, str]:
        """(Refused ``waiting_for_store``: the replicas do not hold the session yet.)"""
        try:
            return await self.store.players.new_player(name)
        except NotDurable:
            raise waiting_for_store() from None

    async def resume(self, token: str) -> tuple[Player, str] | None:
        """(Refused ``waiting_for_store``: the replicas do not hold what it read yet.)"""
        try:
            return await self.store.players.resume(token)
        except NotDurable:
            raise waiting_for_store() from None

    async def enter(
        self,
        sink: Sink,
        conn: str,
        player: str,
        rec: RoomRecord,
        seat: int | None,
        action_id: int | None,
        on_out: Callable[[], None] | None = None,
    ) -> None:
        """``conn`` becomes a local member of ``rec``: joined, snapshot, then live events."""
        for message in rooms.entry(rec, seat, action_id):
            send_msg(sink, message)
        self.delivery.join(rec.code, Member(sink, conn, player, seat, rec.seq, on_out))
        await self.store.nodes.add_node_room(self.id, rec.code)
        await self.store.players.set_player_room(player, rec.code)

    def step_out(self, code: str, conn: str) -> None:
        """``conn`` no longer follows room ``code`` here (it left, or moves on)."""
        self.delivery.leave(code, conn)

    async def left(self, player: str) -> None:
        """``player`` is in no room now (its session resumes into none)."""
        await self.store.players.set_player_room(player, "")

    async def current(self, code: str) -> RoomRecord | None:
        """The room as Redis holds it now (None: it is gone)."""
        loaded = await self.loaded(code)
        return None if loaded is None else rooms.rebuild(loaded.blob, loaded.tail)

    async def events_after(self, code: str, after: int) -> tuple[int, list[bytes]] | None:
        """(Refused ``waiting_for_store``: the replicas do not hold what it read yet.)"""
        try:
            return await self.store.journals.events_after(code, after)
        except NotDurable:
            raise waiting_for_store() from None

    async def resync(self, code: str, after: int) -> tuple[int, list[bytes]] | RoomRecord:
        """What a member that holds room ``code`` up to event ``after`` is sent again:
        the kept events after it, or the room's record (for a snapshot) when the log
        no longer holds them. Refused ``unknown_room``: the room is gone.

        A member that says it was shown more than the store holds saw events the
        store lost (it went back in time): the room is rewound past them
        (``rooms.history``: a snapshot to every member), but only on a word that
        can be true. This node sent that far, or, with ``--redis-min-replicas 0``
        (which may lose what was shown), the claim is within REWIND_CLAIM_MAX of
        the store. Any other claim gets its snapshot alone: a client cannot make
        every member of its room get one, nor push the room's numbers anywhere.
        """
        kept = await self.events_after(code, after)
        if kept is not None and kept[0] > self.delivery.shown(code):
            # The store holds more than this node sent: every member is sent it,
            # in order, by local delivery first, so that what this node sent is
            # what it knows it sent (a rewind goes past it).
            try:
                await self.delivery.catch_up(code)
            except NotDurable:
                raise waiting_for_store() from None
        if kept is not None and kept[0] < after:
            shown, held = self.delivery.shown(code), kept[0]
            lossy = self.settings.redis_min_replicas == 0
            if after <= shown or (lossy and after <= held + REWIND_CLAIM_MAX):
                log.warning("room_rewound", room=code, seen=after, redis=held)
                await self.service.apply(code, functools.partial(rooms.rewound, seen_seq=after))
            else:
                log.warning("resync_claim_refused", room=code, seen=after, redis=held)
            kept = None
        if kept is not None:
            return kept
        rec = await self.current(code)
        if rec is None:
            raise Refused(ErrorCode.UNKNOWN_ROOM, "the room is gone")
        return rec

    async def loaded(self, code: str) -> LoadedRoom | None:
        """(Refused ``waiting_for_store``: the replicas do not hold what it read yet.)"""
        try:
            return await self.store.load(code)
        except NotDurable:
            raise waiting_for_store() from None

    async def lobby(self) -> list[m.RoomSummary]:
        rows = await self.store.lobby()
        return [msgspec.msgpack.decode(r, type=m.RoomSummary) for r in rows]

    def watch_lobby(self, conn: str, sink: Sink | None, instead_of: Sink | None = None) -> None:
        """``sink`` gets every lobby change from now on (None: no longer); with
        ``instead_of``, only if that is still the connection's watcher."""
        watchers = self.delivery.lobby_watchers
        if instead_of is not None and watchers.get(conn) is not instead_of:
            return
        if sink is None:
            watchers.pop(conn, None)
        else:
            watchers[conn] = sink

    async def record(self, text: str, game: int) -> GameRecord | None:
        """A finished game's record with its events rebuilt (None: not kept)."""
        record = await self.store.load_record(normalize(text) or text, game)
        return None if record is None else with_events(record)

    # -------------------------------------------------------------- lifetime

    async def start(self) -> None:
        await self.jobs.join_nodes()
        await self.store.nodes.adopt_old_keys()  # (a Redis that nodes of store format 2 served)
        self.jobs.start()

    async def stop(self, seconds: float) -> None:
        await self.jobs.stop(seconds)

    async def forget_me(self) -> None:
        await self.store.nodes.forget_node(self.id)
