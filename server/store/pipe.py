"""The hot path's Redis calls: every URL kind, over one pipelined connection per server.

Every URL kind takes this path, so the faults tested on one are the faults
of all. A call's commands go at once, grouped by the server each goes to, and
what comes back decides whether some go again:

- a lost connection, ``READONLY`` (a demoted primary) or ``NOREPLICAS`` (one that
  lost its replicas): wait, ask again where the primary is, send again;
- ``MOVED`` (a cluster's slot moved): the map updated, send again at once;
  ``ASK`` (a slot migrating): once to the importing node, after ``ASKING``;
- ``TRYAGAIN`` (a script's keys split by a migration), ``CLUSTERDOWN``: wait, again;
- ``NOSCRIPT`` for a registered script (a restarted, flushed or new server):
  load every registered script there, send again.

With ``min_replicas`` (``--redis-min-replicas``), a durable call's commands are
followed in the same write by one ``WAIT`` for every caller of that loop turn
on that connection: the call returns only once that many replicas hold its
writes, else it raises :class:`NotDurable`. Without it nothing is added.

Its parts, each on its own: where a URL points (:mod:`server.store.target`),
the connections (:mod:`server.store.connection`), the primary Sentinel names
(:mod:`server.store.sentinel`), a cluster's slot map (:mod:`server.store.cluster`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import structlog
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, ResponseError

from server.store.cluster import SlotMap, redirect
from server.store.connection import Command, Links, settled
from server.store.sentinel import Sentinels
from server.store.target import Address, parse_target

log = structlog.get_logger("krig.redis")

RETRY_FOR_S = 15.0
"""How long one call keeps going again (backoff 20 ms doubling to 1 s): a Redis
restart (AOF loading included), a Sentinel failover, or a cluster's replica
taking over a lost primary (``cluster-node-timeout`` plus its election)."""

WAIT_MS = 1000
"""How long a durable call waits for its replicas (``WAIT``) before NotDurable."""

DURABLE_RETRY_S = 2.0
"""With ``min_replicas``: how long a durable call keeps going again (a lost
connection, a failover, ``NOREPLICAS``) before it gives up with NotDurable, so
that its action is answered (``waiting_for_store``) rather than left waiting
for RETRY_FOR_S."""

GO_AGAIN = ("MOVED ", "ASK ", "TRYAGAIN", "CLUSTERDOWN", "READONLY", "NOREPLICAS")
"""The error replies after which a command is sent again rather than failed."""


class NotDurable(RedisConnectionError):
    """The commands ran, but fewer replicas than asked for confirmed them in time:
    a failover now could lose them, so they are not acknowledged."""


class _Backoff:
    """How a call goes again: 20 ms doubling to 1 s, until its time is up."""

    def __init__(self, durable: bool) -> None:
        self.durable = durable
        self.give_up = time.monotonic() + (DURABLE_RETRY_S if durable else RETRY_FOR_S)
        self.delay = 0.02

    def check(self, why: object, cause: BaseException | None = None) -> None:
        """Raise if waiting once more would go past the call's time."""
        if time.monotonic() + self.delay > self.give_up:
            error = NotDurable if self.durable else RedisConnectionError
            raise error(f"cannot reach Redis: {why}") from cause

    async def sleep(self) -> None:
        await asyncio.sleep(self.delay)
        self.delay = min(self.delay * 2, 1.0)


@dataclass(slots=True)
class _Call:
    """One ``execute_many``: its commands, their replies so far, how it is sent."""

    commands: list[Command]
    wait: tuple[int, int] | None
    """(replicas, ms) of the ``WAIT`` after a durable call's commands."""
    quick: bool
    """Sent on the quick links (not durable, with ``min_replicas``)."""
    results: list[Any] = field(init=False)
    unconfirmed: bool = False
    """Replies kept from a connection lost before its ``WAIT`` answered: no WAIT
    covered them (the commands sent again go with a WAIT of their own)."""

    def __post_init__(self) -> None:
        self.results = [None] * len(self.commands)


@dataclass(slots=True)
class _Sent:
    """One server's share of a round: which commands, and their replies to come."""

    address: Address
    indices: list[int]
    futures: list[asyncio.Future[Any]]
    waited: asyncio.Future[Any] | None


@dataclass(slots=True)
class _Round:
    """What one round of sending came back with."""

    again: list[int] = field(default_factory=list)
    """The commands to send again."""
    asking: dict[int, Address] = field(default_factory=dict)
    """Of those, the ones to send once to an importing node (``ASK``)."""
    lost: Exception | None = None
    """A lost connection or a demoted primary: find the primary again first."""
    pause: bool = False
    """``TRYAGAIN``, ``CLUSTERDOWN``: wait before going again."""
    short: bool = False
    """Fewer replicas than asked for confirmed (or a failover is under way)."""


class RedisPipe:
    """``execute_many`` over one pipelined connection per Redis server, for any URL kind."""

    def __init__(self, url: str, name: str, min_replicas: int = 0) -> None:
        self.target = parse_target(url)
        self.name = name
        self.cluster = self.target.kind == "cluster"
        self.scripts: dict[str, str] = {}
        """sha -> body of every script registered: loaded wherever NOSCRIPT comes back."""
        self.links = Links(self.target.options, name)
        self.slot_map = SlotMap(self.target, name, self.links)
        self.sentinels: Sentinels | None = None
        if self.target.kind == "sentinel":
            self.sentinels = Sentinels(self.target, name, self._switched)
        self.min_replicas = min_replicas
        self.on_switch: list[Callable[[], object]] = []
        """Called when Sentinel names a new primary (e.g. to reset other clients' pools)."""
        self.switches = 0

    @property
    def min_replicas(self) -> int:
        """Replicas that must hold a durable call's writes (0: none asked for)."""
        return self._min_replicas

    @min_replicas.setter
    def min_replicas(self, count: int) -> None:
        self._min_replicas = count
        if self.sentinels is not None:
            self.sentinels.guard_failover = count > 0

    def register(self, body: str) -> str:
        sha = hashlib.sha1(body.encode()).hexdigest()
        self.scripts[sha] = body
        return sha

    # ------------------------------------------------------------ where

    async def primary(self) -> Address:
        """The one server's address (direct, Sentinel)."""
        if self.sentinels is None:
            return self.target.addresses[0]
        return await self.sentinels.primary()

    async def refresh_slots(self) -> None:
        """Read the cluster's slot map (``CLUSTER SLOTS``) from any node that answers."""
        await self.slot_map.refresh()

    async def addresses(self) -> list[Address]:
        """Every primary (one for a single server or Sentinel)."""
        if not self.cluster:
            return [await self.primary()]
        return await self.slot_map.primaries()

    def slot_address(self, key: str) -> Address | None:
        """The primary serving ``key``'s slot, as last known (cluster)."""
        return self.slot_map.slot_address(key)

    async def _address_for(self, command: Command) -> Address:
        if not self.cluster:
            return await self.primary()
        return await self.slot_map.address_for(command)

    def _switched(self, old: Address | None, new: Address) -> None:
        if old is None or old == new:
            return
        self.switches += 1
        log.warning("redis_primary_switched", old=str(old), new=str(new))
        self.links.drop(old)
        for callback in self.on_switch:
            with contextlib.suppress(Exception):
                callback()

    async def _after_loss(self) -> None:
        """The primary is gone or demoted: ask again where it is."""
        with contextlib.suppress(RedisConnectionError, OSError, TimeoutError):
            if self.sentinels is not None:
                await self.sentinels.lost()
            elif self.cluster:
                await self.slot_map.refresh()

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
        wait = (self.min_replicas, WAIT_MS) if durable and self.min_replicas > 0 else None
        call = _Call(commands, wait, quick=not durable and self.min_replicas > 0)
        backoff = _Backoff(durable=wait is not None)
        pending, asking = list(range(len(commands))), dict[int, Address]()
        while True:
            try:
                sent = await self._send(call, pending, asking)
            except (RedisConnectionError, OSError, TimeoutError) as exc:
                backoff.check(exc, exc)
                await backoff.sleep()
                await self._after_loss()
                continue
            turn = await self._answers(call, sent)
            if not turn.again:
                return self._finish(call, turn)
            backoff.check(turn.lost or "redirected")
            if turn.lost is not None or turn.pause:
                await backoff.sleep()
            if turn.lost is not None:
                await self._after_loss()
            pending, asking = turn.again, turn.asking

    async def _send(
        self, call: _Call, pending: list[int], asking: dict[int, Address]
    ) -> list[_Sent]:
        """Write the ``pending`` commands, one write per server they go to."""
        groups: dict[Address, list[int]] = {}
        for i in pending:
            address = asking.get(i) or await self._address_for(call.commands[i])
            groups.setdefault(address, []).append(i)
        sent: list[_Sent] = []
        for address, indices in groups.items():
            proto = await self.links.get(address, call.quick).connection()
            batch: list[Command] = []
            for i in indices:
                if i in asking:
                    batch.append(("ASKING",))
                batch.append(call.commands[i])
            futures, waited = proto.send(batch, call.wait)
            if any(i in asking for i in indices):  # (the ASKING replies left out)
                futures = [f for f, c in zip(futures, batch, strict=True) if c != ("ASKING",)]
            sent.append(_Sent(address, indices, futures, waited))
        return sent

    async def _answers(self, call: _Call, sent: list[_Sent]) -> _Round:
        """Every reply of a round: kept in ``call.results``, or its command sent again."""
        turn = _Round()
        for part in sent:
            replies = await settled(part.futures)
            acked: Any = None
            if part.waited is not None:
                try:
                    acked = await part.waited
                except Exception as exc:
                    acked = exc
            link_lost = answered = False
            for i, reply in zip(part.indices, replies, strict=True):
                if isinstance(reply, RedisConnectionError | OSError):
                    turn.lost = turn.lost or reply
                    link_lost = True
                    turn.again.append(i)
                elif isinstance(reply, NoScriptError) and self._known(call.commands[i]):
                    await self._load_scripts(part.address)
                    turn.again.append(i)
                elif isinstance(reply, ResponseError) and str(reply).startswith(GO_AGAIN):
                    self._redirected(reply, i, part.address, turn)
                    turn.again.append(i)
                else:
                    call.results[i] = reply
                    answered = True
            if link_lost:
                self.links.get(part.address, call.quick).drop()
                call.unconfirmed = call.unconfirmed or (call.wait is not None and answered)
            elif call.wait is not None and not self._confirmed(acked):
                turn.short = True
        return turn

    def _redirected(self, reply: ResponseError, i: int, address: Address, turn: _Round) -> None:
        """An error reply that sends command ``i`` again: where, and after what."""
        message = str(reply)
        if message.startswith("ASK "):
            turn.asking[i] = redirect(message, address)[1]
        elif message.startswith("MOVED "):
            self.slot_map.moved(*redirect(message, address))
        elif message.startswith(("READONLY", "NOREPLICAS")):
            # A demoted primary, or one that lost its replicas
            # (min-replicas-to-write): find the primary again.
            turn.lost = turn.lost or reply
        else:
            turn.pause = True  # TRYAGAIN, CLUSTERDOWN: a migration or a failover

    def _confirmed(self, acked: Any) -> bool:
        """A ``WAIT``'s answer: enough replicas, and no failover under way."""
        if isinstance(acked, BaseException) or int(acked or 0) < self.min_replicas:
            return False
        return self.sentinels is None or not self.sentinels.suspect()

    def _finish(self, call: _Call, turn: _Round) -> list[Any]:
        failed = next((r for r in call.results if isinstance(r, BaseException)), None)
        if failed is not None:
            raise failed
        if turn.short or call.unconfirmed:
            raise NotDurable(
                f"fewer than {self.min_replicas} replica(s) confirmed the write in {WAIT_MS} ms"
            )
        return call.results

    def post(self, commands: list[Command]) -> None:
        """Send ``commands`` now, on the connections as they are, and await no reply
        (the publishes of a commit the replicas confirmed). A command whose server
        has no open connection is dropped: a subscriber that misses a publish
        catches up from the room's journal (server.service.delivery)."""
        for command in commands:
            address: Address | None
            if self.cluster:
                address = self.slot_map.known_address(command)
            elif self.sentinels is not None:
                address = self.sentinels.current
            else:
                address = self.target.addresses[0]
            proto = self.links.open(address)
            if proto is None:
                log.debug("post_dropped", command=str(command[0]))
                continue
            try:
                proto.send([command])  # (an error reply is retrieved by Resp itself)
            except (RedisConnectionError, OSError) as exc:
                log.debug("post_dropped", command=str(command[0]), error=str(exc))

    # ----------------------------------------------------------- scripts

    def _known(self, command: Command) -> bool:
        sha = command[1]
        return (sha.decode() if isinstance(sha, bytes) else str(sha)) in self.scripts

    async def _load_scripts(self, address: Address) -> None:
        """A server that answered NOSCRIPT (restarted, flushed or new): every script."""
        proto = await self.links.get(address).connection()
        futures, _ = proto.send([("SCRIPT", "LOAD", body) for body in self.scripts.values()])
        await settled(futures)

    async def close(self) -> None:
        if self.sentinels is not None:
            await self.sentinels.close()
        self.links.close()
        with contextlib.suppress(Exception):
            await asyncio.sleep(0)
