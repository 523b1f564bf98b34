"""One pipelined Redis connection for the hot path (the commit script).

redis-py checks a connection out of its pool and back in for every command:
a lock, a timeout handle and observability hooks each time, and under load
the pool's lock makes commands queue behind each other (the reveal latency
tail of issue 8). Here every command is written at once on one connection
and replies are matched to callers in order, as Redis answers in order. The
replies are parsed by hiredis, the same C parser redis-py uses.

Only plain ``redis://`` and ``unix://`` URLs are served this way; the server
keeps redis-py for everything else (and for Sentinel and TLS URLs entirely).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections import deque
from typing import Any, cast

import hiredis
from redis.asyncio.connection import parse_url
from redis.exceptions import BusyLoadingError, NoScriptError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError

Arg = bytes | str | int

RETRY_FOR_S = 10.0
"""How long one call keeps reconnecting (backoff 20 ms doubling to 1 s): a Redis
restart, AOF loading included. redis-py's pool waited as long for a connection."""


def pipe_supported(url: str) -> bool:
    return url.split("://", 1)[0].lower() in ("redis", "unix")


def _error(message: str) -> Exception:
    """The exception for an error reply; LOADING (a restarted Redis reading its
    data back) is a connection error, so the call waits and goes again."""
    if message.startswith("NOSCRIPT"):
        return NoScriptError(message)
    if message.startswith("LOADING"):
        return BusyLoadingError(message)
    return ResponseError(message)


class _Resp(asyncio.Protocol):
    """Replies in order to the futures of the commands written, in order."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()  # (made by the loop's create_connection)
        self.reader = hiredis.Reader()
        self.waiting: deque[asyncio.Future[Any]] = deque()
        self.transport: asyncio.Transport | None = None
        self.closed = False
        self._out: list[bytes] = []
        """Commands packed this loop turn, written together at its end."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # (cast, not isinstance: uvloop's transports are not asyncio.Transport subclasses)
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        try:
            while (reply := self.reader.gets()) is not False:
                fut = self.waiting.popleft()
                if fut.done():
                    continue
                if isinstance(reply, hiredis.ReplyError):
                    fut.set_exception(_error(str(reply)))
                else:
                    fut.set_result(reply)
        except (hiredis.ProtocolError, IndexError) as exc:
            self._fail(RedisConnectionError(f"bad reply from Redis: {exc}"))
            if self.transport is not None:
                self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(RedisConnectionError(f"connection to Redis lost: {exc or 'closed'}"))

    def _fail(self, error: Exception) -> None:
        self.closed = True
        while self.waiting:
            fut = self.waiting.popleft()
            if not fut.done():
                fut.set_exception(error)

    def send(self, commands: list[tuple[Arg, ...]]) -> list[asyncio.Future[Any]]:
        """Queue ``commands``; what every caller queued in this loop turn goes in one write.

        Under load many rooms commit in the same turn (one ready socket each):
        one write and one wake-up of Redis for all of them instead of one each.
        """
        if self.closed or self.transport is None:
            raise RedisConnectionError("not connected to Redis")
        # Packed first: a command that cannot be packed raises before any reply is awaited.
        # (hiredis' stub types the argument as a one-element tuple)
        packed = [hiredis.pack_command(c) for c in commands]  # type: ignore[arg-type]
        loop = self.loop
        futures = [loop.create_future() for _ in commands]
        self.waiting.extend(futures)
        if not self._out:
            loop.call_soon(self._flush)
        self._out.extend(packed)
        return futures

    def _flush(self) -> None:
        out, self._out = self._out, []
        if self.closed or self.transport is None:
            return  # connection_lost failed the futures already
        self.transport.write(b"".join(out))


async def _settled(futures: list[asyncio.Future[Any]]) -> list[Any]:
    """Each future's result or exception (``gather(return_exceptions=True)``
    without a gathering future: the replies come in order, so await in order)."""
    results: list[Any] = []
    for fut in futures:
        try:
            results.append(await fut)
        except Exception as exc:
            results.append(exc)
    return results


class RedisPipe:
    """``execute`` and ``evalsha`` over one connection, reconnecting by itself."""

    def __init__(self, url: str, name: str) -> None:
        self.options = parse_url(url)
        self.name = name
        self._proto: _Resp | None = None
        self._connecting = asyncio.Lock()

    async def _connection(self) -> _Resp:
        proto = self._proto
        if proto is not None and not proto.closed:
            return proto
        async with self._connecting:
            if self._proto is not None and not self._proto.closed:
                return self._proto
            loop = asyncio.get_running_loop()
            opts = self.options
            if "path" in opts:
                _, proto = await loop.create_unix_connection(_Resp, opts["path"])
            else:
                transport, proto = await loop.create_connection(
                    _Resp, opts.get("host", "localhost"), opts.get("port", 6379)
                )
                sock = transport.get_extra_info("socket")
                if sock is not None:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
            hello: list[tuple[Arg, ...]] = []
            if opts.get("password"):
                user = opts.get("username")
                hello.append(
                    ("AUTH", user, opts["password"]) if user else ("AUTH", opts["password"])
                )
            if opts.get("db"):
                hello.append(("SELECT", opts["db"]))
            hello.append(("CLIENT", "SETNAME", self.name))
            try:
                for fut in proto.send(hello):
                    await fut
            except BaseException:
                if proto.transport is not None:
                    proto.transport.abort()
                raise
            self._proto = proto
            return proto

    async def execute_many(self, commands: list[tuple[Arg, ...]]) -> list[Any]:
        """Send ``commands`` in one write; their replies (an error reply raises).

        A lost connection is retried on a new one, so the commands must be safe
        to run twice (the commit script is: its compare-and-set refuses a
        second run). Redis still unreachable after the retries: ConnectionError.
        """
        give_up = time.monotonic() + RETRY_FOR_S
        delay = 0.02
        while True:
            try:
                proto = self._proto
                if proto is None or proto.closed:
                    proto = await self._connection()
                futures = proto.send(commands)
                results = await _settled(futures)
            except (RedisConnectionError, OSError) as exc:
                if time.monotonic() + delay > give_up:
                    raise RedisConnectionError(f"cannot reach Redis: {exc}") from exc
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
                continue
            lost: RedisConnectionError | None = None
            failed: BaseException | None = None
            for r in results:
                if isinstance(r, BaseException):
                    if isinstance(r, RedisConnectionError):
                        lost = lost or r
                    elif failed is None:
                        failed = r
            if lost is not None:
                # Sent but perhaps not run: the caller's compare-and-set makes a
                # second run harmless (it finds the version already moved on).
                if time.monotonic() + delay > give_up:
                    raise lost
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
                continue
            if failed is not None:
                raise failed
            return results

    async def close(self) -> None:
        proto, self._proto = self._proto, None
        if proto is not None and proto.transport is not None:
            proto.transport.close()
        with contextlib.suppress(Exception):
            await asyncio.sleep(0)
