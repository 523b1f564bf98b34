"""The node's subscription: other nodes' commits of its rooms, and lobby changes.

A node subscribes to the channel of every room it has a member in and to the
lobby's channels (sharded channels on a cluster). A commit is published only
when the room has a member on another node (``RoomService._elsewhere``); the
committing node, subscribed too, hears its own after it delivered it (local
delivery skips what it sent). With ``--redis-min-replicas`` a commit is
published by its node only once the replicas confirmed it (``Store.commit``),
so nothing heard here is a write a failover could take back. Every message
is handed over as it arrives: a lobby change to the lobby watchers, a room's
update to the room service's cache and to local delivery. When the subscription is lost it is
reopened with backoff, every room is subscribed again and caught up from
Redis (updates published meanwhile are gone).
"""

from __future__ import annotations

import asyncio
import contextlib

import structlog
from redis.exceptions import ConnectionError as RedisConnectionError

from server.service.delivery import LocalDelivery
from server.service.service import RoomService
from server.store.keys import LOBBY_CHANNELS, channel
from server.store.pipe import RedisPipe
from server.store.subscription import RawSubscription, open_subscription
from server.store.update import decode_update

log = structlog.get_logger("krig.pubsub")

LOBBY_CHANNELS_BYTES = frozenset(c.encode() for c in LOBBY_CHANNELS)


class Relay:
    def __init__(
        self,
        pipe: RedisPipe,
        node_id: str,
        service: RoomService,
        delivery: LocalDelivery,
    ) -> None:
        self.pipe = pipe
        self.node_id = node_id
        self.service = service
        self.delivery = delivery
        self.ok = False
        """The subscription is open (Redis answers)."""
        self.opens = 0
        """Times the subscription was opened (the reconcile job reads every room after one:
        what was published while it was closed is gone)."""
        self._sub: RawSubscription | None = None
        self._subscribed: set[str] = set()
        self._lock = asyncio.Lock()

    def ping(self) -> None:
        """A subscription silent for long is cut and reopened (the heartbeat calls this)."""
        if self._sub is not None:
            self._sub.ping()

    async def subscribe(self, code: str) -> None:
        async with self._lock:
            if code in self.delivery.rooms and code not in self._subscribed and self._sub:
                try:
                    await self._sub.subscribe(channel(code))
                    self._subscribed.add(code)
                except (RedisConnectionError, OSError):
                    pass  # the listener resubscribes everything when it reconnects
        try:
            await self.delivery.catch_up(code)
        except Exception as exc:  # (a task of its own: the reconcile job catches it up)
            log.warning("catch_up_failed", room=code, error=str(exc))

    async def unsubscribe(self, code: str) -> None:
        async with self._lock:
            if code not in self.delivery.rooms and code in self._subscribed and self._sub:
                self._subscribed.discard(code)
                with contextlib.suppress(RedisConnectionError, OSError):
                    await self._sub.unsubscribe(channel(code))

    def on_message(self, chan: bytes, data: bytes) -> None:
        """One pub/sub message: a lobby change, or a room's update (another node's
        commit; this node's own was delivered before it was published: skipped)."""
        if chan in LOBBY_CHANNELS_BYTES:
            self.delivery.lobby_changed(data)
            return
        update = decode_update(data)
        self.service.heard(update)
        self.delivery.deliver(update, None)

    async def listen(self) -> None:
        backoff = 0.05
        while True:
            sub: RawSubscription | None = None
            try:
                sub = await open_subscription(self.pipe, f"krig-{self.node_id}", self.on_message)
                async with self._lock:
                    self._sub = sub
                    self._subscribed = set(self.delivery.rooms)
                    await sub.subscribe(
                        *LOBBY_CHANNELS, *(channel(code) for code in self._subscribed)
                    )
                self.opens += 1
                for code in list(self.delivery.rooms):
                    await self.delivery.catch_up(code)
                self.ok = True
                backoff = 0.05
                await sub.run()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.ok = False
                log.warning("redis_subscription_lost", error=str(exc), retry_in_s=backoff)
                if sub is not None:
                    with contextlib.suppress(Exception):
                        await sub.close()
                self._sub = None
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 2.0)

    async def close(self, seconds: float) -> None:
        if self._sub is not None:
            closing = asyncio.ensure_future(self._sub.close())
            done, _ = await asyncio.wait([closing], timeout=seconds)
            for fut in done:
                fut.exception()  # retrieved: a close that failed changes nothing now
