"""The node's pub/sub subscription: every commit's update, handed over as it arrives.

Every node receives every update of the rooms it serves, its own commits
included, so this is as hot as the commit itself. redis-py reads each
message through its generic command path (a retry wrapper, a health check,
push-message handlers): about a third of the server's CPU at peak. The raw
subscription reads the socket with hiredis and calls the handler straight
from ``data_received``. redis-py's PubSub stays for Sentinel and TLS URLs.
"""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable
from typing import Any, Protocol, cast

import hiredis
import redis.asyncio as aioredis
import structlog
from redis.asyncio.connection import parse_url
from redis.exceptions import ConnectionError as RedisConnectionError

from server.store.pipe import pipe_supported

log = structlog.get_logger("krig.redis")

Handler = Callable[[bytes, bytes], None]
"""Called with (channel, data) for every message, in the order Redis sent them."""

SILENT_S = 10.0
"""No byte from Redis this long (it answers a ping every heartbeat): the link is dead."""


class Subscription(Protocol):
    confirms: bool
    """Whether ``subscribe`` returns only once Redis has confirmed every channel."""

    async def subscribe(self, *channels: str) -> None: ...
    async def unsubscribe(self, *channels: str) -> None: ...
    async def run(self) -> None:
        """Deliver messages until the connection is lost (then raise)."""

    def ping(self) -> None: ...
    async def close(self) -> None: ...


class _SubProtocol(asyncio.Protocol):
    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.reader = hiredis.Reader()
        self.transport: asyncio.Transport | None = None
        self.replies: list[asyncio.Future[Any]] = []
        """Futures of the commands sent before subscribing (AUTH, CLIENT SETNAME)."""
        self.confirming: dict[bytes, list[asyncio.Future[None]]] = {}
        """Channels asked for, until Redis confirms each subscription."""
        self.lost: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.last_data = time.monotonic()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # (cast, not isinstance: uvloop's transports are not asyncio.Transport subclasses)
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        self.last_data = time.monotonic()
        self.reader.feed(data)
        try:
            while (reply := self.reader.gets()) is not False:
                if isinstance(reply, list) and len(reply) == 3 and reply[0] == b"message":
                    try:
                        self.handler(reply[1], reply[2])
                    except Exception as exc:  # one bad message must not end the subscription
                        log.error("pubsub_message_failed", channel=reply[1], error=repr(exc))
                elif isinstance(reply, list) and len(reply) == 3 and reply[0] == b"subscribe":
                    for fut in self.confirming.pop(reply[1], ()):
                        if not fut.done():
                            fut.set_result(None)
                elif self.replies:
                    fut = self.replies.pop(0)
                    if not fut.done():
                        if isinstance(reply, hiredis.ReplyError):
                            fut.set_exception(RedisConnectionError(str(reply)))
                        else:
                            fut.set_result(reply)
                # else: an unsubscribe confirmation or a pong
        except hiredis.ProtocolError as exc:
            self._lose(RedisConnectionError(f"bad reply from Redis: {exc}"))

    def connection_lost(self, exc: Exception | None) -> None:
        self._lose(RedisConnectionError(f"subscription lost: {exc or 'closed by Redis'}"))

    def _lose(self, error: Exception) -> None:
        waiting = [*self.replies, *(f for futs in self.confirming.values() for f in futs)]
        for fut in waiting:
            if not fut.done():
                fut.set_exception(error)
        self.replies.clear()
        self.confirming.clear()
        if not self.lost.done():
            self.lost.set_exception(error)
            self.lost.exception()  # run() raises it; after a shutdown nobody waits: no warning
        if self.transport is not None:
            self.transport.abort()

    def write(self, *command: str | bytes | int) -> None:
        if self.transport is None or self.transport.is_closing():
            raise RedisConnectionError("subscription not connected")
        self.transport.write(hiredis.pack_command(command))  # type: ignore[arg-type]


class RawSubscription:
    """One connection in subscribe mode, read by hiredis."""

    confirms = True

    def __init__(self, proto: _SubProtocol) -> None:
        self._proto = proto

    @classmethod
    async def open(cls, url: str, name: str, handler: Handler) -> RawSubscription:
        opts = parse_url(url)
        loop = asyncio.get_running_loop()
        proto: _SubProtocol
        if "path" in opts:
            _, proto = await loop.create_unix_connection(
                lambda: _SubProtocol(handler), opts["path"]
            )
        else:
            transport, proto = await loop.create_connection(
                lambda: _SubProtocol(handler), opts.get("host", "localhost"), opts.get("port", 6379)
            )
            sock = transport.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        commands: list[tuple[str | bytes | int, ...]] = []
        if opts.get("password"):
            user = opts.get("username")
            commands.append(
                ("AUTH", user, opts["password"]) if user else ("AUTH", opts["password"])
            )
        commands.append(("CLIENT", "SETNAME", name))
        try:
            for command in commands:
                fut: asyncio.Future[Any] = loop.create_future()
                proto.replies.append(fut)
                proto.write(*command)
                await fut
        except BaseException:
            if proto.transport is not None:
                proto.transport.abort()
            raise
        return cls(proto)

    async def subscribe(self, *channels: str) -> None:
        """Subscribe, and return once Redis has confirmed every channel."""
        if not channels:
            return
        self._proto.write("SUBSCRIBE", *channels)  # (the confirmations come in a later turn)
        loop = asyncio.get_running_loop()
        futures: list[asyncio.Future[None]] = []
        for name in channels:
            fut: asyncio.Future[None] = loop.create_future()
            self._proto.confirming.setdefault(name.encode(), []).append(fut)
            futures.append(fut)
        for fut in futures:
            await fut

    async def unsubscribe(self, *channels: str) -> None:
        if channels:
            self._proto.write("UNSUBSCRIBE", *channels)

    def ping(self) -> None:
        """Ask Redis for a pong; a link silent for SILENT_S is cut (run() then raises)."""
        proto = self._proto
        if time.monotonic() - proto.last_data > SILENT_S:
            proto._lose(RedisConnectionError(f"no answer from Redis for {SILENT_S:.0f} s"))
            return
        if proto.transport is not None and not proto.transport.is_closing():
            proto.write("PING")

    async def run(self) -> None:
        await asyncio.shield(self._proto.lost)

    async def close(self) -> None:
        if self._proto.transport is not None:
            self._proto.transport.close()


class PyPubSub:
    """redis-py's PubSub behind the same interface (Sentinel and TLS URLs)."""

    confirms = False

    def __init__(self, client: aioredis.Redis, handler: Handler) -> None:
        self._pubsub = client.pubsub()
        self._handler = handler

    async def subscribe(self, *channels: str) -> None:
        if channels:
            await self._pubsub.subscribe(*channels)

    async def unsubscribe(self, *channels: str) -> None:
        if channels:
            await self._pubsub.unsubscribe(*channels)

    def ping(self) -> None:
        """redis-py checks the connection's health by itself."""

    async def run(self) -> None:
        while True:
            msg = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=None)
            if msg is not None and msg["type"] == "message":
                self._handler(msg["channel"], msg["data"])

    async def close(self) -> None:
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]


async def open_subscription(
    url: str, client: aioredis.Redis, name: str, handler: Handler
) -> Subscription:
    if pipe_supported(url):
        return await RawSubscription.open(url, name, handler)
    return PyPubSub(client, handler)
