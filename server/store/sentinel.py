"""Where a ``redis+sentinel://`` URL's primary is, followed as it moves.

The Sentinels are asked which server is the primary of the URL's service
(``SENTINEL GET-MASTER-ADDR-BY-NAME``), and asked again after a lost connection
or a ``READONLY`` answer (a demoted primary). One subscription to a Sentinel
follows ``+switch-master`` at once, so that commits stop going to a primary
that Sentinel has replaced before it is told it is a replica; ``+try-failover``
marks the time in which no durable call is confirmed (see
:meth:`Sentinels.failing_over`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Callable
from typing import Any, cast

import hiredis
import structlog
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from server.store.connection import Listener, hello_commands, one_off, open_connection
from server.store.target import Address, Options, Target

log = structlog.get_logger("krig.redis")

FAILOVER_S = 5.0
"""With ``min_replicas`` on Sentinel: how long after a ``+try-failover`` no durable
call is confirmed, unless ``+switch-master`` comes first (a failover that Sentinel
gave up: play goes on after this)."""


class Sentinels:
    """The primary the Sentinels name for one service, and the watch on its moves."""

    def __init__(
        self,
        target: Target,
        name: str,
        switched: Callable[[Address | None, Address], None],
    ) -> None:
        self.target = target
        self.name = name
        self.guard_failover = False
        """With ``min_replicas``: a ``+try-failover`` holds back durable confirmations."""
        self.switched = switched
        """Told (old, new) whenever the primary is found elsewhere."""
        self.current: Address | None = None
        """The primary as last named (None: ask again)."""
        self._suspect_until = 0.0
        """A failover is under way until then (monotonic): see failing_over."""
        self._follower: asyncio.Task[None] | None = None
        self._backoff: dict[Address, float] = {}

    def suspect(self) -> bool:
        """A failover is under way: what the old primary confirms may be lost."""
        return bool(self._suspect_until) and time.monotonic() < self._suspect_until

    async def primary(self) -> Address:
        if self.current is None:
            self.current = await self._ask()
            if self._follower is None or self._follower.done():
                self._follower = asyncio.get_running_loop().create_task(
                    self._follow(), name="follow_sentinels"
                )
        return self.current

    async def lost(self) -> None:
        """The primary is gone or demoted: ask again where it is."""
        old, self.current = self.current, None
        new = await self.primary()
        self.switched(old, new)

    def _options(self) -> Options:
        return Options(password=self.target.sentinel_password, tls=self.target.options.tls)

    async def _ask(self) -> Address:
        target = self.target
        last: Exception | None = None
        for address in target.addresses:
            try:
                reply = await one_off(
                    address,
                    self._options(),
                    self.name,
                    ("SENTINEL", "GET-MASTER-ADDR-BY-NAME", target.service),
                    select=False,
                )
            except (OSError, RedisConnectionError, ResponseError, TimeoutError) as exc:
                last = exc
                continue
            if reply:
                host, port = reply
                return (host.decode(), int(port))
        raise RedisConnectionError(f"no Sentinel names a primary for {target.service!r}: {last}")

    async def _follow(self) -> None:
        """Follow ``+switch-master`` at once: commits stop going to a primary that
        Sentinel has replaced, before it is told it is a replica. Every Sentinel is
        followed: only the one a ``SENTINEL FAILOVER`` is sent to says ``+try-failover``."""
        await asyncio.gather(*(self._follow_one(a) for a in self.target.addresses))

    async def _follow_one(self, address: Address) -> None:
        while True:
            try:
                await self._listen(address)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.debug("sentinel_follow_lost", sentinel=str(address), error=str(exc))
            backoff = self._backoff.get(address, 0.1)
            await asyncio.sleep(backoff)
            self._backoff[address] = min(backoff * 2, 2.0)

    async def _listen(self, address: Address) -> None:
        """One subscription to one Sentinel, until its connection is lost."""
        options = self._options()
        heard: asyncio.Queue[tuple[bytes, bytes]] = asyncio.Queue()
        transport, made = await open_connection(
            address, options, functools.partial(Listener, heard.put_nowait)
        )
        try:
            for command in hello_commands(options, self.name, select=False):
                transport.write(hiredis.pack_command(command))  # type: ignore[arg-type]
            transport.write(
                hiredis.pack_command(("SUBSCRIBE", "+switch-master", "+try-failover"))  # type: ignore[arg-type]
            )
            listener = cast(Listener, made)
            self._backoff[address] = 0.1  # (subscribed: a loss after this waits from 0.1 s again)
            while True:
                get: asyncio.Future[Any] = asyncio.ensure_future(heard.get())
                lost: asyncio.Future[Any] = listener.lost
                done, _ = await asyncio.wait([get, lost], return_when=asyncio.FIRST_COMPLETED)
                if get not in done:
                    get.cancel()
                    return
                self._heard(*get.result())
        finally:
            transport.close()

    def _heard(self, channel: bytes, data: bytes) -> None:
        words = data.decode().split(" ")
        if channel == b"+try-failover":  # "master NAME IP PORT"
            if len(words) > 1 and words[1] == self.target.service:
                self.failing_over()
        elif len(words) == 5 and words[0] == self.target.service:
            old, self.current = self.current, (words[3], int(words[4]))
            self._suspect_until = 0.0
            self.switched(old, self.current)

    def failing_over(self) -> None:
        """A Sentinel starts a failover of our primary: until it names the new one
        (``+switch-master``), or FAILOVER_S passes, no durable call is confirmed.

        The old primary takes writes until it is told it is a replica, and a
        second replica still following it would confirm them (``WAIT``), though
        the promoted one never gets them: a manual ``SENTINEL FAILOVER`` with two
        replicas and ``--redis-min-replicas 1``. A Sentinel says ``+try-failover``
        a few of its timer ticks (100 ms each) before it promotes the replica, so
        what was confirmed before is on the replicas by then.
        """
        if self.guard_failover:
            log.warning("redis_failover_started", primary=str(self.current))
            self._suspect_until = time.monotonic() + FAILOVER_S

    async def close(self) -> None:
        if self._follower is not None:
            self._follower.cancel()
            with contextlib.suppress(BaseException):
                await self._follower
