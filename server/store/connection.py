"""One pipelined connection per Redis server: commands written together, replies in order.

redis-py checks a connection out of its pool and back in for every command:
a lock, a timeout handle and observability hooks each time, and under load
the pool's lock makes commands queue behind each other (the reveal latency
tail of issue 8). Here every command is written at once on one connection
per Redis server and replies are matched to callers in order, as Redis
answers in order. The replies are parsed by hiredis, the same C parser
redis-py uses.

- :class:`Resp`   the protocol: this loop turn's commands in one write, replies to futures
- :class:`Link`   one server's connection, made again when lost
- :class:`Links`  the pipe's links by address (and, with ``min_replicas``, a quick one each)
- :func:`one_off` one command on a connection of its own (Sentinel queries, slot maps)
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import socket
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, cast

import hiredis
from redis.exceptions import BusyLoadingError, NoScriptError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError

from server.store.target import Address, Options

Arg = bytes | str | int
Command = tuple[Arg, ...]


def _error(message: str) -> Exception:
    """The exception for an error reply; LOADING (a restarted Redis reading its
    data back) is a connection error, so the call waits and goes again."""
    if message.startswith("NOSCRIPT"):
        return NoScriptError(message)
    if message.startswith("LOADING"):
        return BusyLoadingError(message)
    return ResponseError(message)


_ROLE = hiredis.pack_command(("ROLE",))


class Waited(NamedTuple):
    """A ``WAIT``'s answer, with the ``ROLE`` written just before it and just after."""

    acked: int
    """The replicas that hold every write before it on its connection."""
    role: Any
    """``ROLE``'s reply before the ``WAIT`` (None if it failed): a primary's names its
    replication offset once the writes were in, and its replicas online."""
    after: Any = None
    """``ROLE``'s reply after it: the replicas online then, each with the offset it
    last acknowledged."""


def _reply(future: asyncio.Future[Any]) -> Any:
    return None if future.exception() is not None else future.result()


def _waited(
    role: asyncio.Future[Any],
    acked: asyncio.Future[Any],
    wait: asyncio.Future[Any],
    after: asyncio.Future[Any],
) -> None:
    """``WAIT`` and the ``ROLE`` after it were answered (or the connection lost):
    its callers' future is."""
    if wait.done():
        return
    error = acked.exception()
    if error is not None:
        wait.set_exception(error)
        wait.exception()  # (retrieved: a caller may have gone)
        return
    wait.set_result(Waited(int(acked.result()), _reply(role), _reply(after)))


class Resp(asyncio.Protocol):
    """Replies in order to the futures of the commands written, in order."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()  # (made by the loop's create_connection)
        self.reader = hiredis.Reader()
        self.waiting: deque[asyncio.Future[Any]] = deque()
        self.transport: asyncio.Transport | None = None
        self.closed = False
        self._out: list[bytes] = []
        """Commands packed this loop turn, written together at its end."""
        self._wait: asyncio.Future[Any] | None = None
        """This turn's ``WAIT`` (its callers share it), not yet written."""
        self._wait_for = (0, 0)
        """Its replicas and ms: the most any caller sharing it asked for."""
        self._in_flight: asyncio.Future[Any] | None = None
        """The ``WAIT`` written and not yet answered: what comes next is held until it
        is (see :meth:`_flush`)."""

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
                    fut.exception()  # (retrieved: a caller that gave up is not told)
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
                fut.exception()  # (retrieved: a caller may have gone)
        if self._wait is not None and not self._wait.done():
            self._wait.set_exception(error)
            self._wait.exception()

    def send(
        self, commands: list[Command], wait: tuple[int, int] | None = None
    ) -> tuple[list[asyncio.Future[Any]], asyncio.Future[Any] | None]:
        """Queue ``commands``; what every caller queued in this loop turn goes in one write.

        Under load many rooms commit in the same turn (one ready socket each):
        one write and one wake-up of Redis for all of them instead of one each.
        ``wait`` (replicas, ms): one ``WAIT`` follows this turn's commands; its
        future is returned too.
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
        waited: asyncio.Future[Any] | None = None
        if wait is not None:
            if self._wait is None:
                self._wait = loop.create_future()
                self._wait_for = wait
            elif wait[0] > self._wait_for[0]:
                self._wait_for = wait
            waited = self._wait
        return futures, waited

    def _flush(self) -> None:
        """Write what this turn queued, with one ``WAIT`` for its durable callers.

        While an earlier ``WAIT`` is unanswered, what comes next is held and goes
        with the next one when it is answered. Redis answers a connection in order
        and holds the rest of it behind a ``WAIT``, so a ``WAIT`` a turn could only
        queue behind the others, each up to its ``ms``: replicas that cannot confirm
        (a primary that just took over, a replica lost) would hold a connection for
        as many seconds as turns went by. Held, every turn in the meantime shares
        one ``WAIT``: one timeout, not one each.
        """
        if self.closed or self.transport is None:
            self._out, self._wait = [], None
            return  # connection_lost failed the futures already
        in_flight = self._in_flight
        if in_flight is not None and not in_flight.done() and self._wait is not None:
            return  # (sent when it is answered: see _answered)
        out, self._out = self._out, []
        wait, self._wait = self._wait, None
        if wait is not None:
            # ROLE before: the primary's offset once this turn's writes are in, and
            # its replicas online; ROLE after: the replicas online once WAIT was met,
            # each with its offset, for the durable callers (RedisPipe._confirmed).
            role, acked, after = (self.loop.create_future() for _ in range(3))
            out += (_ROLE, hiredis.pack_command(("WAIT", *self._wait_for)), _ROLE)  # type: ignore[arg-type]
            self.waiting += (role, acked, after)
            after.add_done_callback(functools.partial(_waited, role, acked, wait))
            self._in_flight = wait
            wait.add_done_callback(self._answered)
        self.transport.write(b"".join(out))

    def _answered(self, _wait: asyncio.Future[Any]) -> None:
        """A ``WAIT`` was answered: what was held behind it goes now."""
        if self._out:
            self._flush()


async def settled(futures: list[asyncio.Future[Any]]) -> list[Any]:
    """Each future's result or exception (``gather(return_exceptions=True)``
    without a gathering future: the replies come in order, so await in order)."""
    results: list[Any] = []
    for fut in futures:
        try:
            results.append(await fut)
        except Exception as exc:
            results.append(exc)
    return results


async def open_connection(
    address: Address, options: Options, factory: Callable[[], asyncio.Protocol]
) -> tuple[asyncio.Transport, asyncio.Protocol]:
    """A connection to one Redis server (TLS when the URL says so), with keepalive."""
    loop = asyncio.get_running_loop()
    if isinstance(address, str):
        transport, proto = await loop.create_unix_connection(factory, address)
        return transport, proto
    host, port = address
    transport, proto = await asyncio.wait_for(
        loop.create_connection(
            factory, host, port, ssl=options.tls, server_hostname=host if options.tls else None
        ),
        5.0,
    )
    sock = transport.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    return transport, proto


def hello_commands(options: Options, name: str, select: bool = True) -> list[Command]:
    hello: list[Command] = []
    if options.password:
        user = options.username
        hello.append(("AUTH", user, options.password) if user else ("AUTH", options.password))
    if select and options.db:
        hello.append(("SELECT", options.db))
    hello.append(("CLIENT", "SETNAME", name))
    return hello


class Link:
    """One pipelined connection to one Redis server, made again when lost."""

    def __init__(self, address: Address, options: Options, name: str) -> None:
        self.address = address
        self.options = options
        self.name = name
        self.proto: Resp | None = None
        self._connecting = asyncio.Lock()

    async def connection(self) -> Resp:
        proto = self.proto
        if proto is not None and not proto.closed:
            return proto
        async with self._connecting:
            if self.proto is not None and not self.proto.closed:
                return self.proto
            _, made = await open_connection(self.address, self.options, Resp)
            proto = cast(Resp, made)
            try:
                futures, _ = proto.send(hello_commands(self.options, self.name))
                for fut in futures:
                    await fut
            except BaseException:
                if proto.transport is not None:
                    proto.transport.abort()
                raise
            self.proto = proto
            return proto

    def drop(self) -> None:
        """Cut the connection (its callers go again elsewhere)."""
        proto, self.proto = self.proto, None
        if proto is not None and proto.transport is not None:
            proto.transport.abort()

    def close(self) -> None:
        proto, self.proto = self.proto, None
        if proto is not None and proto.transport is not None:
            proto.transport.close()


class Links:
    """The pipe's connections, one per server; with ``min_replicas`` a second one per
    server for the calls that are not durable (heartbeats, the probe, leases), so
    that they never queue behind a ``WAIT`` (Redis answers a connection's commands
    in order, and a ``WAIT`` that cannot be met holds that connection for WAIT_MS)."""

    def __init__(self, options: Options, name: str) -> None:
        self.options = options
        self.name = name
        self.main: dict[Address, Link] = {}
        self.quick: dict[Address, Link] = {}

    def get(self, address: Address, quick: bool = False) -> Link:
        links = self.quick if quick else self.main
        link = links.get(address)
        if link is None:
            link = links[address] = Link(address, self.options, self.name)
        return link

    def open(self, address: Address | None) -> Resp | None:
        """The main connection to ``address`` if it is up now (no waiting for one)."""
        link = self.main.get(address) if address is not None else None
        proto = link.proto if link is not None else None
        return None if proto is None or proto.closed else proto

    def drop(self, address: Address) -> None:
        """Cut both connections to ``address`` (a server no longer the primary)."""
        for links in (self.main, self.quick):
            if address in links:
                links.pop(address).drop()

    def keep_only(self, addresses: Iterable[Address | None]) -> None:
        """Close the connections to every server not among ``addresses``."""
        keep = set(addresses)
        for links in (self.main, self.quick):
            for gone in [a for a in links if a not in keep]:
                links.pop(gone).close()

    def close(self) -> None:
        for link in [*self.main.values(), *self.quick.values()]:
            link.close()
        self.main.clear()
        self.quick.clear()


async def one_off(
    address: Address, options: Options, name: str, command: Command, select: bool = True
) -> Any:
    """One command on a connection of its own (Sentinel queries, cluster maps)."""
    _, made = await open_connection(address, options, Resp)
    proto = cast(Resp, made)
    try:
        futures, _ = proto.send([*hello_commands(options, name, select=select), command])
        results = await asyncio.wait_for(settled(futures), 5.0)
    finally:
        if proto.transport is not None:
            proto.transport.close()
    for r in results:
        if isinstance(r, BaseException):
            raise r
    return results[-1]


class Listener(asyncio.Protocol):
    """A Sentinel subscription: hands each message's (channel, data) on."""

    def __init__(self, on_message: Callable[[tuple[bytes, bytes]], None]) -> None:
        self.reader = hiredis.Reader()
        self.on_message = on_message
        self.lost: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        with contextlib.suppress(hiredis.ProtocolError):
            while (reply := self.reader.gets()) is not False:
                if isinstance(reply, list) and len(reply) == 3 and reply[0] == b"message":
                    self.on_message((reply[1], reply[2]))

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.lost.done():
            self.lost.set_result(None)
