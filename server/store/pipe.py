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
from server.store.connection import Command, Links, Waited, settled
from server.store.replicas import online_replicas, role_behind, role_replicas
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
    """How a call goes again: 20 ms doubling to 1 s, until its time is up (made only
    when a call must go again: the hot path makes no object it does not need)."""

    def __init__(self, durable: bool, started: float) -> None:
        self.durable = durable
        self.give_up = started + (DURABLE_RETRY_S if durable else RETRY_FOR_S)
        self.delay = 0.02

    def check(self, why: object, cause: BaseException | None = None) -> None:
        """Raise if waiting once more would go past the call's time."""
        if time.monotonic() + self.delay > self.give_up:
            error = NotDurable if self.durable else RedisConnectionError
            raise error(f"cannot reach Redis: {why}") from cause

    async def sleep(self) -> None:
        await asyncio.sleep(self.delay)
        self.delay = min(self.delay * 2, 1.0)


_Sent = tuple[Address, list[int], list[asyncio.Future[Any]], asyncio.Future[Any] | None]
"""One server's share of a round: its address, which commands, their replies to come,
and the ``WAIT``'s."""


@dataclass(slots=True)
class _Round:
    """What one round of sending came back with, when anything is to be done about it
    (None: every reply is in, and confirmed)."""

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
    unconfirmed: bool = False
    """Replies kept from a connection lost before its ``WAIT`` answered."""


def _redirected(
    slot_map: SlotMap, reply: ResponseError, i: int, address: Address, turn: _Round
) -> None:
    """An error reply that sends command ``i`` again: where, and after what."""
    message = str(reply)
    if message.startswith("ASK "):
        turn.asking[i] = redirect(message, address)[1]
    elif message.startswith("MOVED "):
        slot_map.moved(*redirect(message, address))
    elif message.startswith(("READONLY", "NOREPLICAS")):
        # A demoted primary, or one that lost its replicas
        # (min-replicas-to-write): find the primary again.
        turn.lost = turn.lost or reply
    else:
        turn.pause = True  # TRYAGAIN, CLUSTERDOWN: a migration or a failover


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
            self.sentinels = Sentinels(
                self.target, name, self._switched, lambda: self.min_replicas > 0
            )
        self.min_replicas = min_replicas
        self.on_switch: list[Callable[[], object]] = []
        """Called when Sentinel names a new primary (e.g. to reset other clients' pools)."""
        self.switches = 0
        self._rereading: asyncio.Task[None] | None = None
        self._replicas_read = False
        """replicas_online was read from the current primary (not since a switch)."""
        self.replicas_online = 0
        """Replicas the primary last said were online (:meth:`read_replicas`), every
        one of which a durable call waits for: see :meth:`replicas_to_wait`."""

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
        self.replicas_online = 0  # (the new primary's are read again: see read_replicas)
        self._replicas_read = False
        self._reread_replicas()
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
        min_replicas = self.min_replicas
        if durable and min_replicas > 0 and not self.cluster and not self._replicas_read:
            await self._reread()  # (first: how many replicas this primary has)
        waits = durable and min_replicas > 0
        quick = not durable and min_replicas > 0  # (its own connection: Links.quick)
        started = time.monotonic()
        results: list[Any] = [None] * len(commands)
        pending = list(range(len(commands)))
        asking: dict[int, Address] = {}
        backoff: _Backoff | None = None
        unconfirmed = False
        while True:
            # (the replicas as now known: a call that goes again after a failover
            # waits for the new primary's, not the old one's)
            wait = (self.replicas_to_wait(), WAIT_MS) if waits else None
            try:
                sent = await self._send(commands, pending, asking, wait, quick)
            except (RedisConnectionError, OSError, TimeoutError) as exc:
                backoff = backoff or _Backoff(waits, started)
                backoff.check(exc, exc)
                await backoff.sleep()
                await self._after_loss()
                continue
            turn = await self._answers(commands, results, sent, waits, quick)
            unconfirmed = unconfirmed or (turn is not None and turn.unconfirmed)
            if turn is None or not turn.again:
                if unconfirmed:  # (no WAIT covered them: the primary may have changed)
                    raise NotDurable("the connection was lost before its replicas confirmed")
                return self._finish(results, turn)
            backoff = backoff or _Backoff(waits, started)
            backoff.check(turn.lost or "redirected")
            if turn.lost is not None or turn.pause:
                await backoff.sleep()
            if turn.lost is not None:
                await self._after_loss()
            pending, asking = turn.again, turn.asking

    async def _send(
        self,
        commands: list[Command],
        pending: list[int],
        asking: dict[int, Address],
        wait: tuple[int, int] | None,
        quick: bool,
    ) -> list[_Sent]:
        """Write the ``pending`` commands, one write per server they go to (``wait``:
        the ``WAIT`` to follow them, replicas and ms)."""
        groups: dict[Address, list[int]] = {}
        for i in pending:
            address = asking.get(i) or await self._address_for(commands[i])
            groups.setdefault(address, []).append(i)
        sent: list[_Sent] = []
        for address, indices in groups.items():
            proto = await self.links.get(address, quick).connection()
            batch: list[Command] = []
            for i in indices:
                if i in asking:
                    batch.append(("ASKING",))
                batch.append(commands[i])
            futures, waited = proto.send(batch, wait)
            if asking and any(i in asking for i in indices):  # (the ASKING replies left out)
                futures = [f for f, c in zip(futures, batch, strict=True) if c != ("ASKING",)]
            sent.append((address, indices, futures, waited))
        return sent

    async def _answers(
        self,
        commands: list[Command],
        results: list[Any],
        sent: list[_Sent],
        waits: bool,
        quick: bool,
    ) -> _Round | None:
        """Every reply of a round: kept in ``results``, or its command to go again."""
        turn: _Round | None = None
        for address, indices, futures, waited in sent:
            replies = await settled(futures)
            acked: Any = None
            if waited is not None:
                try:
                    acked = await waited
                except Exception as exc:
                    acked = exc
            link_lost = kept = False
            for i, reply in zip(indices, replies, strict=True):
                if not isinstance(reply, Exception):
                    results[i], kept = reply, True
                    continue
                turn = turn or _Round()
                if isinstance(reply, RedisConnectionError | OSError):
                    turn.lost = turn.lost or reply
                    link_lost = True
                    turn.again.append(i)
                elif isinstance(reply, NoScriptError) and self._known(commands[i]):
                    await self._load_scripts(address)
                    turn.again.append(i)
                elif isinstance(reply, ResponseError) and str(reply).startswith(GO_AGAIN):
                    _redirected(self.slot_map, reply, i, address, turn)
                    turn.again.append(i)
                else:
                    results[i] = reply
            if link_lost:
                self.links.get(address, quick).drop()
                if waits and kept and turn is not None:
                    turn.unconfirmed = True
            elif waits and not self._confirmed(acked):
                turn = turn or _Round()
                turn.short = True
        return turn

    def replicas_to_wait(self) -> int:
        """A durable call's ``WAIT``: every replica online, at least ``min_replicas``
        (Sentinel promotes one chosen on offsets read seconds before, so a write only
        some hold may be taken back; a cluster shard elects the one that holds most)."""
        if self.cluster:
            return self.min_replicas
        return max(self.min_replicas, self.replicas_online)

    async def read_replicas(self) -> int:
        """Read how many replicas the primary has online (``INFO replication``)."""
        (info,) = await self.execute_many([("INFO", "replication")])
        online = online_replicas(info)
        if online != self.replicas_online:
            log.info("redis_replicas_online", before=self.replicas_online, now=online)
        self.replicas_online = online
        self._replicas_read = True
        return online

    def _confirmed(self, answer: Waited | BaseException | None) -> bool:
        """A ``WAIT``'s answer: every replica online, and no failover under way. Each
        replica the ``ROLE`` before or after it names must hold the write, as Sentinel
        may promote it (the simulator's seeds 9049: one the probe had not read yet;
        26976: one back during the WAIT met it, not the lagging one)."""
        if not isinstance(answer, Waited):
            return False
        behind = 0
        if not self.cluster:
            online = max(role_replicas(answer.role) or 0, role_replicas(answer.after) or 0)
            if online > self.replicas_online:
                log.info("redis_replicas_online", before=self.replicas_online, now=online)
                self.replicas_online = online
            behind = role_behind(answer.role, answer.after)
        if answer.acked < self.replicas_to_wait() or behind:
            if not self.cluster:
                self._reread_replicas()
            return False
        return self.sentinels is None or not self.sentinels.suspect()

    def _reread_replicas(self) -> None:
        if self._rereading is None or self._rereading.done():
            self._rereading = asyncio.get_running_loop().create_task(self._reread())

    async def _reread(self) -> None:
        with contextlib.suppress(Exception):  # (the readiness probe reads them again)
            await self.read_replicas()

    def _finish(self, results: list[Any], turn: _Round | None) -> list[Any]:
        """The replies, or the first error reply (or NotDurable: too few replicas)."""
        failed = next((r for r in results if isinstance(r, BaseException)), None)
        if failed is not None:
            raise failed
        if turn is not None and turn.short:
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
