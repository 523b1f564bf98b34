"""The node's pub/sub subscription: every commit's update, handed over as it arrives.

Every node receives the updates of the rooms it serves that another node
committed, so this is as hot as the commit itself. redis-py reads each
message through its generic command path (a retry wrapper, a health check,
push-message handlers): about a third of the server's CPU at peak. The raw
subscription reads the socket with hiredis and calls the handler straight
from ``data_received``.

It goes where the hot path's pipe (:mod:`server.store.pipe`) goes, for every
URL kind: the one server, the primary Sentinel names (and a new one as soon
as Sentinel switches), or in a cluster one connection per primary, each
channel with ``SSUBSCRIBE`` on the primary serving its slot. When a slot
moves, Redis ends the subscriptions of its channels (a ``sunsubscribe`` we
did not ask for): they are made again on the slot's new primary. Any lost
connection loses the whole subscription: the relay opens it again and
catches every room up (updates published meanwhile are gone).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any, cast

import hiredis
import structlog
from redis.exceptions import ConnectionError as RedisConnectionError

from server.store.connection import hello_commands, open_connection
from server.store.pipe import RedisPipe
from server.store.target import Address

log = structlog.get_logger("krig.redis")

Handler = Callable[[bytes, bytes], None]
"""Called with (channel, data) for every message, in the order Redis sent them."""

SILENT_S = 10.0
"""No byte from Redis this long (it answers a ping every heartbeat): the link is dead."""

MESSAGES = (b"message", b"smessage")
CONFIRMS = (b"subscribe", b"ssubscribe")


class _SubProtocol(asyncio.Protocol):
    def __init__(self, owner: RawSubscription) -> None:
        self.owner = owner
        self.handler = owner.handler
        self.reader = hiredis.Reader()
        self.transport: asyncio.Transport | None = None
        self.replies: list[asyncio.Future[Any]] = []
        """Futures of the commands sent before subscribing (AUTH, CLIENT SETNAME)."""
        self.confirming: dict[bytes, list[asyncio.Future[None]]] = {}
        """Channels asked for, until Redis confirms each subscription."""
        self.leaving: set[bytes] = set()
        """Channels we unsubscribed from (their confirmation is ours, not a moved slot's)."""
        self.last_data = time.monotonic()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # (cast, not isinstance: uvloop's transports are not asyncio.Transport subclasses)
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        self.last_data = time.monotonic()
        self.reader.feed(data)
        try:
            while (reply := self.reader.gets()) is not False:
                if isinstance(reply, list) and len(reply) == 3 and reply[0] in MESSAGES:
                    try:
                        self.handler(reply[1], reply[2])
                    except Exception as exc:  # one bad message must not end the subscription
                        log.error("pubsub_message_failed", channel=reply[1], error=repr(exc))
                elif isinstance(reply, list) and len(reply) == 3 and reply[0] in CONFIRMS:
                    for fut in self.confirming.pop(reply[1], ()):
                        if not fut.done():
                            fut.set_result(None)
                elif isinstance(reply, list) and len(reply) == 3 and reply[0] == b"sunsubscribe":
                    if reply[1] in self.leaving:
                        self.leaving.discard(reply[1])
                    else:  # its slot moved to another primary
                        self.owner.moved(reply[1])
                elif self.replies:
                    fut = self.replies.pop(0)
                    if not fut.done():
                        if isinstance(reply, hiredis.ReplyError):
                            fut.set_exception(RedisConnectionError(str(reply)))
                        else:
                            fut.set_result(reply)
                elif isinstance(reply, hiredis.ReplyError):
                    # A refused SSUBSCRIBE (MOVED during a migration): subscribe again.
                    self.owner.refused(self)
                # else: an unsubscribe confirmation or a pong
        except hiredis.ProtocolError as exc:
            self.lose(RedisConnectionError(f"bad reply from Redis: {exc}"))

    def connection_lost(self, exc: Exception | None) -> None:
        self.lose(RedisConnectionError(f"subscription lost: {exc or 'closed by Redis'}"))

    def lose(self, error: Exception) -> None:
        waiting = [*self.replies, *(f for futs in self.confirming.values() for f in futs)]
        for fut in waiting:
            if not fut.done():
                fut.set_exception(error)
                fut.exception()
        self.replies.clear()
        self.confirming.clear()
        self.owner.lose(error)
        if self.transport is not None:
            self.transport.abort()

    def write(self, *command: str | bytes | int) -> None:
        if self.transport is None or self.transport.is_closing():
            raise RedisConnectionError("subscription not connected")
        self.transport.write(hiredis.pack_command(command))  # type: ignore[arg-type]


class RawSubscription:
    """Connections in subscribe mode, read by hiredis: one (one server, Sentinel),
    or one per primary of a cluster (sharded channels)."""

    confirms = True

    def __init__(self, pipe: RedisPipe, name: str, handler: Handler) -> None:
        self.pipe = pipe
        self.name = name
        self.handler = handler
        self.sharded = pipe.cluster
        self._conns: dict[Address, _SubProtocol] = {}
        self._where: dict[str, Address] = {}
        """Each channel's connection."""
        self._opening = asyncio.Lock()
        self.lost: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._tasks: set[asyncio.Task[None]] = set()
        pipe.on_switch.append(self._switched)

    @classmethod
    async def open(cls, pipe: RedisPipe, name: str, handler: Handler) -> RawSubscription:
        sub = cls(pipe, name, handler)
        if pipe.cluster:
            await pipe.refresh_slots()  # (lost: perhaps a primary is gone)
        for address in await pipe.addresses():
            await sub._conn(address)
        return sub

    async def _conn(self, address: Address) -> _SubProtocol:
        proto = self._conns.get(address)
        if proto is not None:
            return proto
        async with self._opening:
            proto = self._conns.get(address)
            if proto is not None:
                return proto
            if self.lost.done():
                raise RedisConnectionError("subscription lost")
            _, made = await open_connection(
                address, self.pipe.target.options, lambda: _SubProtocol(self)
            )
            proto = cast(_SubProtocol, made)
            loop = asyncio.get_running_loop()
            try:
                for command in hello_commands(self.pipe.target.options, self.name, select=False):
                    fut: asyncio.Future[Any] = loop.create_future()
                    proto.replies.append(fut)
                    proto.write(*command)
                    await fut
            except BaseException:
                if proto.transport is not None:
                    proto.transport.abort()
                raise
            self._conns[address] = proto
            return proto

    async def _address(self, chan: str) -> Address:
        if not self.sharded:
            return await self.pipe.primary()
        address = self.pipe.slot_address(chan)
        if address is None:
            await self.pipe.refresh_slots()
            address = self.pipe.slot_address(chan)
            if address is None:
                raise RedisConnectionError(f"no primary serves {chan}'s slot")
        return address

    async def subscribe(self, *channels: str) -> None:
        """Subscribe, and return once Redis has confirmed every channel."""
        if not channels:
            return
        loop = asyncio.get_running_loop()
        futures: list[asyncio.Future[None]] = []
        for chan in channels:
            address = await self._address(chan)
            proto = await self._conn(address)
            # (one channel per SSUBSCRIBE: channels of different slots cannot share one)
            proto.write("SSUBSCRIBE" if self.sharded else "SUBSCRIBE", chan)
            self._where[chan] = address
            fut: asyncio.Future[None] = loop.create_future()
            proto.confirming.setdefault(chan.encode(), []).append(fut)
            futures.append(fut)
        for fut in futures:
            await fut

    async def unsubscribe(self, *channels: str) -> None:
        for chan in channels:
            address = self._where.pop(chan, None)
            proto = self._conns.get(address) if address is not None else None
            if proto is not None:
                proto.leaving.add(chan.encode())
                proto.write("SUNSUBSCRIBE" if self.sharded else "UNSUBSCRIBE", chan)

    def moved(self, chan: bytes) -> None:
        """Redis ended a sharded channel's subscription: its slot moved. Make it again."""
        name = chan.decode()
        if name not in self._where:
            return
        self._spawn(self._again(name))

    def refused(self, proto: _SubProtocol) -> None:
        """An SSUBSCRIBE refused (MOVED or TRYAGAIN mid-migration): every channel of
        that connection not yet confirmed is asked for again on its slot's primary."""
        for chan in list(proto.confirming):
            self._spawn(self._again(chan.decode(), proto.confirming.pop(chan)))

    async def _again(self, name: str, waiters: list[asyncio.Future[None]] | None = None) -> None:
        try:
            await asyncio.sleep(0.05)
            await self.pipe.refresh_slots()
            self._where.pop(name, None)
            await self.subscribe(name)
            log.info("pubsub_channel_moved", channel=name, to=str(self._where.get(name)))
            for fut in waiters or ():
                if not fut.done():
                    fut.set_result(None)
        except Exception as exc:
            self.lose(RedisConnectionError(f"could not follow {name} to its new slot: {exc}"))

    def _spawn(self, job: Any) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _switched(self) -> None:
        self.lose(RedisConnectionError("Sentinel switched the primary"))

    def lose(self, error: Exception) -> None:
        if not self.lost.done():
            self.lost.set_exception(error)
            self.lost.exception()  # run() raises it; after a shutdown nobody waits: no warning
        for proto in list(self._conns.values()):
            if proto.transport is not None:
                proto.transport.abort()

    def ping(self) -> None:
        """Ask Redis for a pong; a link silent for SILENT_S is cut (run() then raises)."""
        now = time.monotonic()
        for proto in list(self._conns.values()):
            if now - proto.last_data > SILENT_S:
                proto.lose(RedisConnectionError(f"no answer from Redis for {SILENT_S:.0f} s"))
                return
            if proto.transport is not None and not proto.transport.is_closing():
                proto.write("PING")

    async def run(self) -> None:
        await asyncio.shield(self.lost)

    async def close(self) -> None:
        with contextlib.suppress(ValueError):
            self.pipe.on_switch.remove(self._switched)
        for task in list(self._tasks):
            task.cancel()
        for proto in list(self._conns.values()):
            if proto.transport is not None:
                proto.transport.close()


async def open_subscription(pipe: RedisPipe, name: str, handler: Handler) -> RawSubscription:
    return await RawSubscription.open(pipe, name, handler)
