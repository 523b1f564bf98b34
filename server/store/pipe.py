"""The hot path's pipelined Redis connections: one per Redis server, for every kind of URL.

redis-py checks a connection out of its pool and back in for every command:
a lock, a timeout handle and observability hooks each time, and under load
the pool's lock makes commands queue behind each other (the reveal latency
tail of issue 8). Here every command is written at once on one connection
per Redis server and replies are matched to callers in order, as Redis
answers in order. The replies are parsed by hiredis, the same C parser
redis-py uses.

Every URL kind takes this path, so the faults tested on one are the faults
of all:

- ``redis://``, ``rediss://`` (TLS), ``unix://``: one server;
- ``redis+sentinel://`` (``rediss+sentinel://``): the primary the Sentinels name,
  asked again after a lost connection or a ``READONLY`` answer (a demoted
  primary), and followed at once when a Sentinel announces ``+switch-master``;
- ``redis+cluster://`` (``rediss+cluster://``): every command goes to the
  primary that serves its key's slot (``CLUSTER SLOTS``); ``MOVED`` updates the
  map and goes again, ``ASK`` goes once to the importing node (``ASKING``),
  ``TRYAGAIN`` (a script's keys split by a migration) and ``CLUSTERDOWN`` wait
  and go again, and a lost primary is looked up again until its replica has
  taken over.

With ``min_replicas`` (``--redis-min-replicas``), a durable call's commands are
followed in the same write by one ``WAIT`` for every caller of that loop turn
on that connection: the call returns only once that many replicas hold its
writes, else it raises :class:`NotDurable`. Without it nothing is added.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import random
import socket
import ssl
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast
from urllib.parse import parse_qs, unquote, urlsplit

import hiredis
import structlog
from redis.crc import key_slot
from redis.exceptions import BusyLoadingError, NoScriptError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError

from server.errors import RedisUrlError

log = structlog.get_logger("krig.redis")

Arg = bytes | str | int
Command = tuple[Arg, ...]
Address = tuple[str, int] | str
"""(host, port), or a unix socket's path."""

RETRY_FOR_S = 15.0
"""How long one call keeps going again (backoff 20 ms doubling to 1 s): a Redis
restart (AOF loading included), a Sentinel failover, or a cluster's replica
taking over a lost primary (``cluster-node-timeout`` plus its election)."""

WAIT_MS = 1000
"""How long a durable call waits for its replicas (``WAIT``) before NotDurable."""

FAILOVER_S = 5.0
"""With ``min_replicas`` on Sentinel: how long after a ``+try-failover`` no durable
call is confirmed, unless ``+switch-master`` comes first (a failover that Sentinel
gave up: play goes on after this)."""

DURABLE_RETRY_S = 2.0
"""With ``min_replicas``: how long a durable call keeps going again (a lost
connection, a failover, ``NOREPLICAS``) before it gives up with NotDurable, so
that its action is answered (``waiting_for_store``) rather than left waiting
for RETRY_FOR_S."""

SCHEMES = (
    "redis", "rediss", "unix", "redis+sentinel", "rediss+sentinel", "redis+cluster",
    "rediss+cluster",
)  # fmt: skip


class NotDurable(RedisConnectionError):
    """The commands ran, but fewer replicas than asked for confirmed them in time:
    a failover now could lose them, so they are not acknowledged."""


@dataclass(slots=True)
class Options:
    """What a URL says beyond where: credentials, database, TLS."""

    password: str | None = None
    username: str | None = None
    db: int = 0
    tls: ssl.SSLContext | None = None


@dataclass(slots=True)
class Target:
    kind: str
    """direct, sentinel or cluster."""
    addresses: list[Address]
    options: Options
    service: str = ""
    sentinel_password: str | None = None


def _tls_context(query: dict[str, list[str]]) -> ssl.SSLContext:
    ctx = ssl.create_default_context(cafile=query.get("ssl_ca_certs", [None])[0])
    certfile = query.get("ssl_certfile", [None])[0]
    if certfile:
        ctx.load_cert_chain(certfile, query.get("ssl_keyfile", [None])[0])
    if query.get("ssl_cert_reqs", ["required"])[0].lower() in ("none", "optional"):
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    elif query.get("ssl_check_hostname", ["true"])[0].lower() in ("false", "0", "no"):
        ctx.check_hostname = False
    return ctx


def _host_port(item: str, default_port: int, url: str) -> tuple[str, int]:
    if item.startswith("[") and "]" in item:
        host, _, rest = item[1:].partition("]")
        port = rest.lstrip(":") or str(default_port)
    elif item.count(":") == 1:
        host, _, port = item.partition(":")
    else:
        host, port = item, str(default_port)
    try:
        return host or "localhost", int(port)
    except ValueError:
        raise RedisUrlError(f"bad address {item!r} in {url!r}") from None


def parse_target(url: str) -> Target:
    """Where a krig Redis URL points, and how to speak to it."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES:
        raise RedisUrlError(
            f"{url!r}: the URL must start with one of {', '.join(s + '://' for s in SCHEMES)}"
        )
    query = parse_qs(parts.query)
    netloc = parts.netloc
    creds, _, hosts = netloc.rpartition("@")
    user, _, password = creds.partition(":") if creds else ("", "", "")
    options = Options(
        password=unquote(password) if password else None,
        username=unquote(user) if user else None,
        tls=_tls_context(query) if scheme.startswith("rediss") else None,
    )
    path = [p for p in parts.path.split("/") if p]
    if scheme == "unix":
        options.db = int(query.get("db", ["0"])[0])
        return Target("direct", [parts.path], options)
    if scheme in ("redis", "rediss"):
        options.db = int(path[0]) if path and path[0].isdigit() else int(query.get("db", ["0"])[0])
        return Target("direct", [_host_port(hosts, 6379, url)], options)
    addresses: list[Address] = [
        _host_port(h, 26379 if "sentinel" in scheme else 6379, url) for h in hosts.split(",") if h
    ]
    if not addresses:
        raise RedisUrlError(f"{url!r} names no host")
    if "sentinel" in scheme:
        if not path:
            raise RedisUrlError(f"{url!r} names no service: redis+sentinel://HOST:PORT/SERVICE")
        options.db = int(path[1]) if len(path) > 1 and path[1].isdigit() else 0
        return Target("sentinel", addresses, options, path[0], options.password)
    if path and path[0] not in ("0",):
        raise RedisUrlError(f"{url!r}: a Redis Cluster has only database 0")
    return Target("cluster", addresses, options)


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
        self._wait: asyncio.Future[Any] | None = None
        self._wait_command = b""

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
                self._wait_command = hiredis.pack_command(("WAIT", *wait))  # type: ignore[arg-type]
            waited = self._wait
        return futures, waited

    def _flush(self) -> None:
        out, self._out = self._out, []
        wait, self._wait = self._wait, None
        if self.closed or self.transport is None:
            return  # connection_lost failed the futures already
        if wait is not None:
            out.append(self._wait_command)
            self.waiting.append(wait)
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


class _Link:
    """One pipelined connection to one Redis server, made again when lost."""

    def __init__(self, address: Address, options: Options, name: str) -> None:
        self.address = address
        self.options = options
        self.name = name
        self.proto: _Resp | None = None
        self._connecting = asyncio.Lock()

    async def connection(self) -> _Resp:
        proto = self.proto
        if proto is not None and not proto.closed:
            return proto
        async with self._connecting:
            if self.proto is not None and not self.proto.closed:
                return self.proto
            _, made = await open_connection(self.address, self.options, _Resp)
            proto = cast(_Resp, made)
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


def command_key(command: Command) -> bytes | None:
    """The key that routes ``command`` in a cluster (None: any node will do)."""
    name = str(command[0]).upper() if not isinstance(command[0], bytes) else command[0].decode()
    name = name.upper()
    if name in ("EVALSHA", "EVAL", "EVALSHA_RO", "EVAL_RO", "FCALL"):
        if int(command[2]) == 0:
            return None
        key = command[3]
    elif name in ("SCRIPT", "WAIT", "PING", "CLIENT", "PUBLISH", "INFO", "CLUSTER", "ROLE"):
        return None
    elif len(command) > 1:
        key = command[1]
    else:
        return None
    return key if isinstance(key, bytes) else str(key).encode()


def _redirect(message: str, current: Address) -> tuple[int, Address]:
    """(slot, address) of a MOVED or ASK answer to a command sent to ``current``:
    ``MOVED 3999 127.0.0.1:6381``. An empty endpoint (``MOVED 3999 :6381``) means
    the host the command was sent to (the cluster spec: the node does not know
    its own address as the client reaches it)."""
    _, slot, where = message.split(" ", 2)
    host, _, port = where.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]  # an IPv6 address, as a cluster may write it
    if not host:
        if not isinstance(current, tuple):
            return int(slot), current  # (a unix socket: the same one)
        host = current[0]
    return int(slot), (host, int(port))


class RedisPipe:
    """``execute_many`` over one pipelined connection per Redis server, for any URL kind."""

    def __init__(self, url: str, name: str, min_replicas: int = 0) -> None:
        self.target = parse_target(url)
        self.name = name
        self.min_replicas = min_replicas
        """Replicas that must hold a durable call's writes (0: none asked for)."""
        self.cluster = self.target.kind == "cluster"
        self.scripts: dict[str, str] = {}
        """sha -> body of every script registered: loaded wherever NOSCRIPT comes back."""
        self._links: dict[Address, _Link] = {}
        self._quick_links: dict[Address, _Link] = {}
        """With ``min_replicas``: a second connection per server for the calls that are
        not durable (heartbeats, the probe, leases), so that they never queue behind
        a ``WAIT`` (Redis answers a connection's commands in order, and a ``WAIT``
        that cannot be met holds that connection for WAIT_MS)."""
        self._primary: Address | None = (
            self.target.addresses[0] if self.target.kind == "direct" else None
        )
        self._slots: list[Address | None] = [None] * 16384
        self._refreshing: asyncio.Task[None] | None = None
        self._follower: asyncio.Task[None] | None = None
        self._suspect_until = 0.0
        """A Sentinel failover is under way until then (monotonic): see _failing_over."""
        self.on_switch: list[Callable[[], object]] = []
        """Called when Sentinel names a new primary (e.g. to reset other clients' pools)."""
        self.switches = 0

    # ----------------------------------------------------------- scripts

    def register(self, body: str) -> str:
        sha = hashlib.sha1(body.encode()).hexdigest()
        self.scripts[sha] = body
        return sha

    # ------------------------------------------------------------ where

    def _link(self, address: Address, quick: bool = False) -> _Link:
        links = self._quick_links if quick else self._links
        link = links.get(address)
        if link is None:
            link = links[address] = _Link(address, self.target.options, self.name)
        return link

    async def primary(self) -> Address:
        """The one server's address (direct, Sentinel)."""
        if self._primary is None:
            self._primary = await self._ask_sentinels()
            if self._follower is None or self._follower.done():
                self._follower = asyncio.get_running_loop().create_task(
                    self._follow_sentinels(), name="follow_sentinels"
                )
        return self._primary

    async def _ask_sentinels(self) -> Address:
        target = self.target
        last: Exception | None = None
        for address in target.addresses:
            try:
                reply = await self._one_off(
                    address, ("SENTINEL", "GET-MASTER-ADDR-BY-NAME", target.service), sentinel=True
                )
            except (OSError, RedisConnectionError, ResponseError, TimeoutError) as exc:
                last = exc
                continue
            if reply:
                host, port = reply
                return (host.decode(), int(port))
        raise RedisConnectionError(f"no Sentinel names a primary for {target.service!r}: {last}")

    async def _one_off(self, address: Address, command: Command, sentinel: bool = False) -> Any:
        """One command on a connection of its own (Sentinel queries, cluster maps)."""
        options = self.target.options
        if sentinel:
            options = Options(password=self.target.sentinel_password, tls=options.tls)
        _, made = await open_connection(address, options, _Resp)
        proto = cast(_Resp, made)
        try:
            hello = hello_commands(options, self.name, select=not sentinel)
            futures, _ = proto.send([*hello, command])
            results = await asyncio.wait_for(_settled(futures), 5.0)
        finally:
            if proto.transport is not None:
                proto.transport.close()
        for r in results:
            if isinstance(r, BaseException):
                raise r
        return results[-1]

    async def _follow_sentinels(self) -> None:
        """Follow ``+switch-master`` at once: commits stop going to a primary that
        Sentinel has replaced, before it is told it is a replica. Every Sentinel is
        followed: only the one a ``SENTINEL FAILOVER`` is sent to says ``+try-failover``."""
        await asyncio.gather(*(self._follow_sentinel(a) for a in self.target.addresses))

    async def _follow_sentinel(self, address: Address) -> None:
        target = self.target
        backoff = 0.1
        while True:
            try:
                options = Options(password=target.sentinel_password, tls=target.options.tls)
                heard: asyncio.Queue[tuple[bytes, bytes]] = asyncio.Queue()
                transport, made = await open_connection(
                    address, options, functools.partial(_Listener, heard.put_nowait)
                )
                try:
                    for command in hello_commands(options, self.name, select=False):
                        transport.write(hiredis.pack_command(command))  # type: ignore[arg-type]
                    transport.write(
                        hiredis.pack_command(("SUBSCRIBE", "+switch-master", "+try-failover"))  # type: ignore[arg-type]
                    )
                    listener = cast(_Listener, made)
                    backoff = 0.1
                    while True:
                        get: asyncio.Future[Any] = asyncio.ensure_future(heard.get())
                        lost: asyncio.Future[Any] = listener.lost
                        done, _ = await asyncio.wait(
                            [get, lost], return_when=asyncio.FIRST_COMPLETED
                        )
                        if get not in done:
                            get.cancel()
                            break
                        chan, data = get.result()
                        words = data.decode().split(" ")
                        if chan == b"+try-failover":  # "master NAME IP PORT"
                            if len(words) > 1 and words[1] == target.service:
                                self._failing_over()
                        elif len(words) == 5 and words[0] == target.service:
                            self._switch((words[3], int(words[4])))
                finally:
                    transport.close()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.debug("sentinel_follow_lost", sentinel=str(address), error=str(exc))
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, 2.0)

    def _failing_over(self) -> None:
        """A Sentinel starts a failover of our primary: until it names the new one
        (``+switch-master``), or FAILOVER_S passes, no durable call is confirmed.

        The old primary takes writes until it is told it is a replica, and a
        second replica still following it would confirm them (``WAIT``), though
        the promoted one never gets them: a manual ``SENTINEL FAILOVER`` with two
        replicas and ``--redis-min-replicas 1``. A Sentinel says ``+try-failover``
        a few of its timer ticks (100 ms each) before it promotes the replica, so
        what was confirmed before is on the replicas by then.
        """
        if self.min_replicas > 0:
            log.warning("redis_failover_started", primary=str(self._primary))
            self._suspect_until = time.monotonic() + FAILOVER_S

    def _switch(self, address: Address) -> None:
        old, self._primary = self._primary, address
        self._suspect_until = 0.0
        self._switched(old, address)

    def _switched(self, old: Address | None, new: Address) -> None:
        if old is None or old == new:
            return
        self.switches += 1
        log.warning("redis_primary_switched", old=str(old), new=str(new))
        for links in (self._links, self._quick_links):
            if old in links:
                links.pop(old).drop()
        for callback in self.on_switch:
            with contextlib.suppress(Exception):
                callback()

    async def _lost_primary(self) -> None:
        """The primary is gone or demoted: ask again where it is."""
        if self.target.kind == "sentinel":
            old, self._primary = self._primary, None
            new = await self.primary()
            self._switched(old, new)
        elif self.cluster:
            await self.refresh_slots()

    async def refresh_slots(self) -> None:
        """Read the cluster's slot map (``CLUSTER SLOTS``) from any node that answers."""
        task = self._refreshing
        if task is None or task.done():
            task = self._refreshing = asyncio.get_running_loop().create_task(self._read_slots())
        await asyncio.shield(task)

    async def _read_slots(self) -> None:
        known = [
            *self.target.addresses,
            *(a for a in self._links if a not in self.target.addresses),
        ]
        random.shuffle(known)
        last: Exception | None = None
        for address in known:
            try:
                reply = await self._one_off(address, ("CLUSTER", "SLOTS"))
            except (OSError, RedisConnectionError, ResponseError, TimeoutError) as exc:
                last = exc
                continue
            slots: list[Address | None] = [None] * 16384
            for start, end, primary, *_ in reply:
                # An empty or NULL endpoint (``cluster-preferred-endpoint-type
                # unknown-endpoint``): the host this answer came from.
                host = (primary[0] or b"").decode() or (
                    address[0] if isinstance(address, tuple) else ""
                )
                where = (host, int(primary[1]))
                for slot in range(int(start), int(end) + 1):
                    slots[slot] = where
            self._slots = slots
            for links in (self._links, self._quick_links):
                for gone in [a for a in links if a not in set(slots)]:
                    links.pop(gone).close()
            return
        raise RedisConnectionError(f"no node of the cluster answers: {last}")

    async def _address_for(self, command: Command) -> Address:
        if not self.cluster:
            return await self.primary()
        key = command_key(command)
        if key is None:
            for address in self._slots:
                if address is not None:
                    return address
            await self.refresh_slots()
            return next(a for a in self._slots if a is not None)
        slot = key_slot(key)
        address = self._slots[slot]
        if address is None:
            await self.refresh_slots()
            address = self._slots[slot]
            if address is None:
                raise RedisConnectionError(f"no node of the cluster serves slot {slot}")
        return address

    async def addresses(self) -> list[Address]:
        """Every primary (one for a single server or Sentinel)."""
        if not self.cluster:
            return [await self.primary()]
        if all(a is None for a in self._slots):
            await self.refresh_slots()
        return list(dict.fromkeys(a for a in self._slots if a is not None))

    def slot_address(self, key: str) -> Address | None:
        """The primary serving ``key``'s slot, as last known (cluster)."""
        return self._slots[key_slot(key.encode())]

    # -------------------------------------------------------------- calls

    async def execute_many(self, commands: list[Command], durable: bool = False) -> list[Any]:
        """Send ``commands`` at once (one write per server); their replies in order.

        An error reply raises (after every other command was answered). A lost
        connection, a redirect or a failover sends the commands still unanswered
        again, so they must be safe to run twice (the commit script is: its
        compare-and-set refuses a second run). Redis still unreachable after
        RETRY_FOR_S: ConnectionError. ``durable`` with ``min_replicas``: see
        :class:`NotDurable` (also raised once such a call has gone again for
        DURABLE_RETRY_S).
        """
        results: list[Any] = [None] * len(commands)
        pending = list(range(len(commands)))
        asking: dict[int, Address] = {}
        wait = (self.min_replicas, WAIT_MS) if durable and self.min_replicas > 0 else None
        quick = not durable and self.min_replicas > 0  # (its own connection: _quick_links)
        give_up = time.monotonic() + (RETRY_FOR_S if wait is None else DURABLE_RETRY_S)
        delay = 0.02
        unconfirmed = False
        while True:
            groups: dict[Address, list[int]] = {}
            try:
                for i in pending:
                    address = asking.get(i) or await self._address_for(commands[i])
                    groups.setdefault(address, []).append(i)
                sent: list[tuple[Address, list[int], list[asyncio.Future[Any]], Any]] = []
                for address, indices in groups.items():
                    proto = await self._link(address, quick).connection()
                    batch: list[Command] = []
                    for i in indices:
                        if i in asking:
                            batch.append(("ASKING",))
                        batch.append(commands[i])
                    futures, waited = proto.send(batch, wait)
                    if any(i in asking for i in indices):  # (the ASKING replies left out)
                        futures = [
                            f for f, c in zip(futures, batch, strict=True) if c != ("ASKING",)
                        ]
                    sent.append((address, indices, futures, waited))
            except (RedisConnectionError, OSError, TimeoutError) as exc:
                if time.monotonic() + delay > give_up:
                    if wait is not None:
                        raise NotDurable(f"cannot reach Redis: {exc}") from exc
                    raise RedisConnectionError(f"cannot reach Redis: {exc}") from exc
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
                await self._after_loss(None)
                continue
            asking = {}
            again: list[int] = []
            lost: Exception | None = None
            pause = False
            short = False
            for address, indices, futures, waited in sent:
                replies = await _settled(futures)
                acked: Any = None
                if waited is not None:
                    try:
                        acked = await waited
                    except Exception as exc:
                        acked = exc
                link_lost = answered = False
                for i, reply in zip(indices, replies, strict=True):
                    if isinstance(reply, RedisConnectionError | OSError):
                        lost = lost or reply
                        link_lost = True
                        again.append(i)
                    elif isinstance(reply, NoScriptError) and self._known(commands[i]):
                        await self._load_scripts(address)  # a restarted, flushed or new node
                        again.append(i)
                    elif isinstance(reply, ResponseError) and self._retryable(str(reply)):
                        message = str(reply)
                        if message.startswith("ASK "):
                            asking[i] = _redirect(message, address)[1]
                        elif message.startswith("MOVED "):
                            slot, where = _redirect(message, address)
                            self._slots[slot] = where
                            self._refresh_soon()
                        elif message.startswith(("READONLY", "NOREPLICAS")):
                            # A demoted primary, or one that lost its replicas
                            # (min-replicas-to-write): find the primary again.
                            lost = lost or reply
                        else:
                            pause = True  # TRYAGAIN, CLUSTERDOWN: a migration or a failover
                        again.append(i)
                    else:
                        results[i] = reply
                        answered = True
                if link_lost:
                    self._link(address, quick).drop()
                    # Replies that came before the loss were never covered by a WAIT.
                    unconfirmed = unconfirmed or (wait is not None and answered)
                elif wait is not None and (
                    isinstance(acked, BaseException)
                    or int(acked or 0) < self.min_replicas
                    or (self._suspect_until and time.monotonic() < self._suspect_until)
                ):
                    short = True
            if again:
                if time.monotonic() + delay > give_up:
                    if wait is not None:
                        raise NotDurable(f"cannot reach Redis: {lost or 'redirected'}")
                    raise RedisConnectionError(f"cannot reach Redis: {lost or 'redirected'}")
                if lost is not None or pause:
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 1.0)
                if lost is not None:
                    await self._after_loss(lost)
                pending = again
                continue
            failed = next((r for r in results if isinstance(r, BaseException)), None)
            if failed is not None:
                raise failed
            if short or unconfirmed:
                raise NotDurable(
                    f"fewer than {self.min_replicas} replica(s) confirmed the write in {WAIT_MS} ms"
                )
            return results

    def post(self, commands: list[Command]) -> None:
        """Send ``commands`` now, on the connections as they are, and await no reply
        (the publishes of a commit the replicas confirmed). A command whose server
        has no open connection is dropped: a subscriber that misses a publish
        catches up from the room's journal (server.service.delivery)."""
        for command in commands:
            address: Address | None
            if not self.cluster:
                address = self._primary
            else:
                key = command_key(command)
                address = (
                    self._slots[key_slot(key)]
                    if key is not None
                    else next((a for a in self._slots if a is not None), None)
                )
            link = self._links.get(address) if address is not None else None
            proto = link.proto if link is not None else None
            if proto is None or proto.closed:
                log.debug("post_dropped", command=str(command[0]))
                continue
            try:
                proto.send([command])  # (an error reply is retrieved by _Resp itself)
            except (RedisConnectionError, OSError) as exc:
                log.debug("post_dropped", command=str(command[0]), error=str(exc))

    def _known(self, command: Command) -> bool:
        sha = command[1]
        return (sha.decode() if isinstance(sha, bytes) else str(sha)) in self.scripts

    @staticmethod
    def _retryable(message: str) -> bool:
        return message.startswith(
            ("MOVED ", "ASK ", "TRYAGAIN", "CLUSTERDOWN", "READONLY", "NOREPLICAS")
        )

    def _refresh_soon(self) -> None:
        if self._refreshing is None or self._refreshing.done():
            self._refreshing = asyncio.get_running_loop().create_task(self._read_slots())
            self._refreshing.add_done_callback(lambda t: t.cancelled() or t.exception())

    async def _after_loss(self, error: Exception | None) -> None:
        with contextlib.suppress(RedisConnectionError, OSError, TimeoutError):
            await self._lost_primary()

    async def _load_scripts(self, address: Address) -> None:
        link = self._link(address)
        proto = await link.connection()
        futures, _ = proto.send([("SCRIPT", "LOAD", body) for body in self.scripts.values()])
        await _settled(futures)

    async def close(self) -> None:
        if self._follower is not None:
            self._follower.cancel()
            with contextlib.suppress(BaseException):
                await self._follower
        for link in [*self._links.values(), *self._quick_links.values()]:
            link.close()
        self._links.clear()
        self._quick_links.clear()
        with contextlib.suppress(Exception):
            await asyncio.sleep(0)


class _Listener(asyncio.Protocol):
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
