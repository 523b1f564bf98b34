"""One simulated run: the real nodes on a simulated store, clients, pub/sub and clock.

Everything comes from one seed (:func:`run_seed`): how many nodes, rooms and
seats, the replicas and ``--redis-min-replicas``, every latency, every
fault and when. The server code is krig's own: each node is a
:class:`server.service.node.Node` (the room service, batching, local
delivery, the relay's ``on_message``, the jobs' reconcile, sweep, heartbeat
and reaping), whose store (``server.store.store.Store``) speaks to a
:class:`SimPipe` instead of Redis. What stands in for the transport is
:class:`SimConn`: it answers a client's messages the way
``server.transport.connection`` does (a flip through the batcher, one
reply per action; a resync; a resume binding the seat). A client
(:class:`SimClient`) plays its seat, applies events in sequence order, asks
for a resync on a gap, reconnects after a disconnect and sends its
unanswered actions again with their ids.

Every frame a client receives goes to the :class:`~tools.faults.observe.Witness`;
the other invariants are checked as they happen or at the end (every game
ends, every action has exactly one reply, cards conserved).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import importlib
import itertools
import logging
import random
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import structlog

from client_cli import session as session_module
from client_cli.session import TABLE_MOVED_ON
from client_cli.table import Table
from protocol import messages as m
from protocol.codec import ProtocolError, decode_server
from protocol.errors import ErrorCode
from server import rooms
from server.config import Settings
from server.engine import census
from server.errors import Refused
from server.rooms.state import PlayInput, RoomRecord
from server.service import entry as entry_module
from server.service import jobs as jobs_module
from server.service import service as service_module
from server.service.node import Node
from server.service.sink import send_msg
from server.store import pipe as pipe_module
from server.store.pipe import RETRY_FOR_S, WAIT_MS, NotDurable
from server.store.sentinel import FAILOVER_S
from server.store.store import Player
from server.transport.member import resync_answer
from tools.faults import clock
from tools.faults.observe import Witness
from tools.faults.simredis import SCRIPT_NAMES, Deployment, Server, SimPipeBase

WAITING_AGAIN_S: float = getattr(session_module, "STORE_RETRY_S", 0.75)
"""After ``waiting_for_store``, the same action again this much later (the session's)."""

CALM_S = 30.0
"""After the faults, how long every game has to end (its seats play every 10-300 ms)."""

DURABLE_RETRY_S: float = getattr(pipe_module, "DURABLE_RETRY_S", RETRY_FOR_S)
"""How long a durable call goes again before NotDurable (builds before issue 30's fix:
as long as any call, so the simulator runs on them too, to show what they did)."""

EPOCH_MS = 1_800_000_000_000
"""The simulated wall clock at virtual time 0 (2027)."""


class RedisDown(ConnectionError):
    """As redis-py's ConnectionError: no primary answered in RETRY_FOR_S."""


# ------------------------------------------------------------ determinism


class _Secrets:
    """``secrets`` as the room code and the deal use it, drawn from the run's seed."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def SystemRandom(self) -> random.Random:
        return self.rng

    def randbits(self, k: int) -> int:
        return self.rng.getrandbits(k)

    def token_hex(self, n: int = 32) -> str:
        return self.rng.randbytes(n).hex()

    def token_urlsafe(self, n: int = 32) -> str:
        return self.rng.randbytes(n).hex()  # (any text does for a token's secret)

    def choice(self, seq: Any) -> Any:
        return self.rng.choice(seq)


def _patch(world: World) -> Callable[[], None]:
    """The server's clock and randomness from the run (undone by the returned call)."""
    codes = importlib.import_module("server.rooms.codes")
    fairness = importlib.import_module("server.rooms.fairness")
    play = importlib.import_module("server.rooms.play")

    now = world.now_ms
    saved: list[tuple[Any, str, Any]] = []
    for module, name, value in (
        (service_module, "now_ms", now),
        (jobs_module, "now_ms", now),
        (entry_module, "now_ms", now),
        (fairness, "secrets", _Secrets(world.rng_deal)),
        (play, "secrets", _Secrets(world.rng_deal)),
        (codes, "secrets", _Secrets(world.rng_deal)),
    ):
        saved.append((module, name, getattr(module, name)))
        setattr(module, name, value)

    def undo() -> None:
        for module, name, value in saved:
            setattr(module, name, value)

    return undo


# ------------------------------------------------------------------- config


@dataclass
class Plan:
    """What a seed draws before the run starts."""

    nodes: int
    replicas: int
    min_replicas: int
    rooms: int
    seats: int
    min_rank: int
    games: int
    fault_rate: float
    """Faults a virtual second, on average."""
    faults: list[str]
    play_s: float
    """Virtual seconds with faults; then a calm until every game has ended."""
    wan: bool
    """Slower links (latencies up to 20 ms)."""

    @classmethod
    def draw(cls, rng: random.Random) -> Plan:
        replicas = rng.choice((1, 1, 2))
        min_replicas = rng.choice((0, 1, 1, 1))
        faults = list(FAULTS)
        if min_replicas == 0:
            faults.append("back_in_time")
        return cls(
            nodes=rng.choice((2, 2, 3)),
            replicas=replicas,
            min_replicas=min_replicas,
            rooms=rng.choice((1, 1, 2)),
            seats=rng.choice((2, 2, 3)),
            min_rank=rng.choice((11, 12, 12)),
            games=rng.choice((1, 1, 2)),
            fault_rate=rng.choice((1.0, 2.0, 4.0)),
            faults=faults,
            play_s=rng.uniform(2.5, 5.5),
            wan=rng.random() < 0.3,
        )


FAULTS = (
    "lost_reply",
    "timeout_before",
    "failover",
    "manual_failover",
    "lagging_failover",
    "replica_lag",
    "pubsub_loss",
    "pubsub_dup",
    "pubsub_late",
    "node_pause",
    "node_kill",
    "disconnect",
    "retry_action",
    "past_step",
    "subscription_cut",
)


# ------------------------------------------------------------------ the store


class SimPipe(SimPipeBase):
    """``server.store.pipe.RedisPipe`` for one node, on the simulated deployment.

    As the real pipe: a call's commands run at once on the primary; a reply
    lost (or a primary gone) sends the commands again, for up to
    RETRY_FOR_S; with ``min_replicas`` a durable call then waits (``WAIT``,
    WAIT_MS) for that many replicas to hold its writes, else NotDurable.
    """

    def __init__(self, world: World, node: SimNode) -> None:
        super().__init__()
        self.world = world
        self.node = node
        self.replicas_online = 0
        """As ``RedisPipe.replicas_online``: what the primary last said (read_replicas)."""
        self._rereading: asyncio.Task[int] | None = None
        self._replicas_read = False
        self.suspect_until = 0.0
        """As ``RedisPipe``'s Sentinels' failover mark: a Sentinel said ``+try-failover``;
        until it names the new primary (or FAILOVER_S), no durable call is confirmed."""

    def failing_over(self) -> None:
        """``Sentinels.failing_over``: this node heard ``+try-failover``."""
        if self.min_replicas > 0 and not self.node.dead:
            self.suspect_until = self.world.now() + FAILOVER_S
            self.world.note(f"{self.node.name}: heard +try-failover")

    def switched(self) -> None:
        """``Sentinels``' ``+switch-master``: this node heard it."""
        self.suspect_until = 0.0
        self.replicas_online = 0
        self._replicas_read = False
        self._reread_replicas()
        for callback in self.on_switch:
            callback()

    def replicas_to_wait(self) -> int:
        """``RedisPipe.replicas_to_wait``: every replica online, at least min_replicas."""
        return max(self.min_replicas, self.replicas_online)

    async def read_replicas(self) -> int:
        """``RedisPipe.read_replicas``: the primary says which replicas follow it."""
        await self.execute_many([("PING",)])
        dep = self.world.dep
        self.replicas_online = sum(1 for r in dep.replicas() if r.up and r.link)
        self._replicas_read = True
        return self.replicas_online

    def _reread_replicas(self) -> None:
        if self.node.dead or (self._rereading is not None and not self._rereading.done()):
            return
        self._rereading = self.world.loop.create_task(self.read_replicas())
        self._rereading.add_done_callback(lambda t: t.cancelled() or t.exception())

    async def execute_many(self, commands: list[Any], durable: bool = False) -> list[Any]:
        world, node = self.world, self.node
        waits = durable and self.min_replicas > 0
        if waits and not self._replicas_read:
            with contextlib.suppress(Exception):  # (RedisPipe: read first, as it does)
                await self.read_replicas()
        give_up = world.now() + (DURABLE_RETRY_S if waits else RETRY_FOR_S)
        delay = 0.02
        while True:
            await node.alive()
            await asyncio.sleep(world.latency())
            fault = world.call_fault()
            dep = world.dep
            server = dep.primary
            if server is None or not server.up or fault == "timeout_before":
                if fault == "timeout_before":
                    world.note(f"{node.name}: a call timed out before it ran")
                if world.now() + delay > give_up:
                    if waits:
                        raise NotDurable("cannot reach Redis")
                    raise RedisDown("cannot reach Redis")
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
                continue
            epoch = dep.epoch
            results = [self._one(server, c) for c in commands]
            if world.trace:
                self._trace(commands, results)
            offset = len(dep.stream)
            role = sum(1 for r in dep.replicas() if r.up and r.link)  # (ROLE, before WAIT)
            world.replicate_soon()
            if fault == "lost_reply":
                world.note(f"{node.name}: a reply was lost after its commands ran")
                await asyncio.sleep(delay)
                continue  # (sent again, as the real pipe does on a lost connection)
            short = False
            if durable and self.min_replicas > 0:
                need = self.replicas_to_wait()
                if dep.acked(offset) < need:
                    done = world.loop.create_future()
                    dep.waiters.append((offset, need, epoch, done))
                    timer = world.loop.call_later(WAIT_MS / 1000, _answer, done)
                    await done
                    timer.cancel()
                # (RedisPipe._confirmed: the ROLE before the WAIT and the one after it
                # may name one more, and each replica the one after names must hold
                # the primary's offset of the one before)
                after = [r for r in dep.replicas() if r.up and r.link]
                self.replicas_online = max(self.replicas_online, role, len(after))
                behind = sum(1 for r in after if r.offset < offset)
                short = dep.acked(offset) < self.replicas_to_wait() or behind > 0
                if short:
                    self._reread_replicas()  # (RedisPipe._confirmed: one may have gone)
            await asyncio.sleep(world.latency())
            await node.alive()
            if waits and self.suspect_until > world.now():
                short = True  # (RedisPipe: a WAIT answered while a failover is under way)
            if dep.epoch != epoch:
                await asyncio.sleep(delay)
                continue  # the primary went away with the reply: sent again
            failed = next((r for r in results if isinstance(r, BaseException)), None)
            if failed is not None:
                raise failed
            if short:
                raise NotDurable(f"fewer than {self.min_replicas} replica(s) confirmed the write")
            return results

    def _trace(self, commands: list[Any], results: list[Any]) -> None:
        for command, result in zip(commands, results, strict=True):
            if command[0] == "RPUSHX":
                room = str(command[1]).split("{")[1].split("}")[0]
                self.world.note(f"{self.node.name}: step of room {room} appended to "
                                f"{str(command[1]).split('}')[1]}: length {result}, stream at "
                                f"{len(self.world.dep.stream)}")  # fmt: skip
                continue
            if command[0] != "EVALSHA":
                continue
            name = _SCRIPT_OF.get(str(command[1]))
            if name in ("COMMIT", "STEP"):
                room = str(command[3]).split("{")[1].split("}")[0]
                expected = command[4] if name == "STEP" else command[3 + int(command[2])]
                sent = name == "STEP" or command[-5] != b""
                published = "published" if sent else "not published"
                won = "written" if result == 1 else "refused (version moved on)"
                what = "length" if name == "STEP" else "version"
                self.world.note(f"{self.node.name}: {name.lower()} of room {room} on {what} "
                                f"{expected}: {won}, {published}, stream at "
                                f"{len(self.world.dep.stream)}")  # fmt: skip

    def post(self, commands: list[Any]) -> None:
        """``RedisPipe.post``: sent now, no reply awaited (dropped without a primary)."""
        if self.node.dead:
            return
        self.world.loop.call_later(self.world.latency(), self._post_now, commands)

    def _post_now(self, commands: list[Any]) -> None:
        server = self.world.dep.primary
        if server is None or not server.up:
            return
        results = [self._one(server, c) for c in commands]
        if self.world.trace:
            self.world.note(f"{self.node.name}: posted {[str(c[0]) for c in commands]}")
        if any(not isinstance(r, BaseException) for r in results):
            self.world.replicate_soon()

    @staticmethod
    def _one(server: Server, command: tuple[Any, ...]) -> Any:
        try:
            return server.data.run(command)
        except Exception as exc:
            return exc


_SCRIPT_OF = {hashlib.sha1(body.encode()).hexdigest(): name for name, body in SCRIPT_NAMES.items()}


def _answer(done: asyncio.Future[None]) -> None:
    if not done.done():
        done.set_result(None)


class SimSubscription:
    """The node's pub/sub subscription (``Relay._sub``)."""

    def __init__(self, node: SimNode) -> None:
        self.node = node
        self.channels: set[bytes] = set()

    async def subscribe(self, *channels: str) -> None:
        self.channels.update(c.encode() for c in channels)

    async def unsubscribe(self, *channels: str) -> None:
        self.channels.difference_update(c.encode() for c in channels)

    def ping(self) -> None:
        return None

    async def close(self) -> None:
        return None


# -------------------------------------------------------------------- nodes


class SimNode:
    def __init__(self, world: World, name: str) -> None:
        self.world = world
        self.name = name
        self.dead = False
        self.paused_until = 0.0
        self.sub_up = True
        self.pipe = SimPipe(world, self)
        self.node = Node(world.settings, name, self.pipe)  # type: ignore[arg-type]
        self.sub = SimSubscription(self)
        self.node.relay._sub = self.sub  # type: ignore[assignment]
        self.node.relay.ok = True
        self.conns = itertools.count(1)
        self.tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        jobs = self.node.jobs
        for every, job in (
            (1.0, jobs._reconcile),
            (1.0, jobs._probe),  # (with min_replicas: the replicas online, read_replicas)
            (2.0, jobs.sweep.once),
            (2.0, jobs._heartbeat),
            (2.0, jobs._reap_nodes),
        ):
            self.tasks.append(self.world.spawn(self._every(every, job)))

    async def _every(self, seconds: float, job: Callable[[], Coroutine[Any, Any, None]]) -> None:
        await asyncio.sleep(self.world.rng.uniform(0, seconds))
        while True:
            await self.alive()
            try:
                await job()
            except Exception as exc:  # as Jobs._every: logged, and again next time
                self.world.note(f"{self.name}: job {job.__name__} failed: {exc!r}")
            await asyncio.sleep(seconds)

    async def alive(self) -> None:
        """Returns while the process runs: never once it is killed; later while paused."""
        if self.dead:
            await asyncio.get_running_loop().create_future()  # (never)
        while self.world.now() < self.paused_until:
            await asyncio.sleep(self.paused_until - self.world.now())
        if self.dead:
            await asyncio.get_running_loop().create_future()

    def hear(self, chan: bytes, data: bytes) -> None:
        """A pub/sub message reaches the node (it is held while the node is paused)."""
        if self.dead or not self.sub_up or chan not in self.sub.channels:
            return
        wait = self.paused_until - self.world.now()
        if wait > 0:
            self.world.loop.call_later(wait, self.hear, chan, data)
            return
        self.node.relay.on_message(chan, data)

    async def resubscribed(self) -> None:
        """The subscription came back: every local room is caught up (``Relay.listen``)."""
        self.sub_up = True
        self.node.relay.opens += 1  # (as Relay.listen counts an opening)
        for code in list(self.node.delivery.rooms):
            await self.alive()
            try:
                await self.node.delivery.catch_up(code)
            except Exception as exc:
                self.world.note(f"{self.name}: catch-up failed: {exc!r}")


class SimSink:
    """A member's connection as the service sees it (``server.service.sink.Sink``):
    frames go to the client over the simulated link, in order."""

    bundling = True

    def __init__(self, conn: SimConn) -> None:
        self.conn = conn

    def put(self, frames: list[bytes], wire: list[bytes] | None = None) -> None:
        self.conn.to_client(list(frames))

    def shut(self, code: int, reason: str) -> None:
        self.conn.world.note(f"{self.conn.id}: closed by the server ({code} {reason})")
        self.conn.drop()


class SimConn:
    """The transport's connection for one client, as far as the simulation needs:
    messages answered in order, one reply per action (``Connection``'s paths)."""

    def __init__(self, world: World, node: SimNode, client: SimClient) -> None:
        self.world = world
        self.node = node
        self.client = client
        self.id = f"{node.name}:{next(node.conns)}"
        self.sink = SimSink(self)
        self.open = True
        self.welcomed = False
        """The hello is answered: the client sends its messages from now on."""
        self.room: str | None = None
        self.seat: int | None = None
        self.resumed = False
        """As ``Member.resumed``."""
        self.inbox: asyncio.Queue[m.ClientMessage] = asyncio.Queue()
        self.last_at = 0.0
        self.task = world.spawn(self._run())

    # --------------------------------------------------- the link, both ways

    def to_client(self, frames: list[bytes]) -> None:
        if not self.open or self.node.dead:
            return
        at = max(self.last_at, self.world.now() + self.world.latency())
        at = max(at, self.node.paused_until)
        self.last_at = at
        self.world.loop.call_at(at, self._arrive, frames)

    def _arrive(self, frames: list[bytes]) -> None:
        if self.open and self.client.conn is self:
            for frame in frames:
                self.client.receive(frame)

    def from_client(self, msg: m.ClientMessage) -> None:
        at = self.world.now() + self.world.latency()
        self.world.loop.call_at(at, self._take, msg)

    def _take(self, msg: m.ClientMessage) -> None:
        if self.open:
            self.inbox.put_nowait(msg)

    def drop(self) -> None:
        """The connection is lost (either side); the server notices (``_gone``)."""
        if not self.open:
            return
        self.open = False
        if self.client.conn is self:
            self.client.lost()
        if not self.node.dead:
            self.world.spawn(self._gone())

    async def _gone(self) -> None:
        await self.node.alive()
        code, pid = self.room, self.client.pid
        if code is None:
            return
        self.node.node.step_out(code, self.id)
        try:
            await self.node.node.service.apply(
                code, lambda r, o: rooms.disconnect(r, o, pid, self.id, self.world.now_ms())
            )
        except Exception as exc:  # (as Member.gone: suppressed)
            self.world.note(f"{self.id}: disconnect not recorded: {exc!r}")

    # ------------------------------------------------------------ answering

    def _error(self, action_id: int | None, code: str, message: str) -> None:
        send_msg(self.sink, m.Error(id=action_id, code=code, message=message))

    async def hello(self) -> None:
        """A resume: the seat bound to this connection, then joined and a snapshot."""
        node = self.node.node
        code, pid = self.client.code, self.client.pid
        assert code is not None
        await self.node.alive()
        try:
            rec, _, _ = await node.service.apply(code, lambda r, o: rooms.bind(r, o, pid, self.id))
        except Refused as exc:
            self._error(None, exc.code.value, exc.message)
            return
        except Exception as exc:
            self.world.note(f"{self.id}: resume failed: {exc!r}")
            self.drop()
            return
        if not self.open:
            return
        self.room, self.seat = code, rec.seat_of(pid)
        self.resumed = True
        try:
            await node.enter(self.sink, self.id, pid, rec, self.seat, None, self._out)
        except Exception as exc:  # (the transport's handler fails: the connection closes)
            self.world.note(f"{self.id}: entering failed: {exc!r}")
            self.drop()
            return
        self.welcomed = True

    def _out(self) -> None:
        self.room = None

    async def _run(self) -> None:
        while self.open:
            msg = await self.inbox.get()
            await self.node.alive()
            if not self.open:
                return
            action_id = getattr(msg, "id", None)
            try:
                await self._dispatch(msg)
            except Refused as exc:
                if exc.code == ErrorCode.UNKNOWN_ROOM:
                    self._error(action_id, ErrorCode.ROOM_GONE.value, exc.message)
                else:
                    self._error(action_id, exc.code.value, exc.message)
            except Exception as exc:
                self.world.note(f"{self.id}: {type(msg).__name__} failed: {exc!r}")
                self._error(action_id, ErrorCode.INTERNAL.value, "the server failed")

    async def _dispatch(self, msg: m.ClientMessage) -> None:
        node = self.node.node
        pid = self.client.pid
        if self.room is None:
            raise Refused(ErrorCode.NOT_IN_ROOM, "join or create a room first")
        code = self.room
        match msg:
            case m.FlipCard(id=action_id, step=step):
                landed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

                def acked(answer: int) -> None:
                    send_msg(self.sink, m.Ack(id=action_id, step=answer))
                    if not landed.done():
                        landed.set_result(None)

                def refused(exc: BaseException) -> None:
                    if isinstance(exc, Refused):
                        c = ErrorCode.ROOM_GONE if exc.code == ErrorCode.UNKNOWN_ROOM else exc.code
                        self._error(action_id, c.value, exc.message)
                    else:
                        self.world.note(f"{self.id}: flip {action_id} failed: {exc!r}")
                        self._error(action_id, ErrorCode.INTERNAL.value, "the server failed")
                    if not landed.done():
                        landed.set_result(None)

                node.batcher.play_soon(
                    code, PlayInput(pid, action_id, step, None), self.world.now_ms(), acked,
                    refused,
                )  # fmt: skip
                await landed
            case m.Rematch(id=action_id):
                answer: dict[str, int] = {}

                def run(rec: RoomRecord, out: rooms.Outcome) -> None:
                    answer["step"] = rooms.once(
                        rec, out, pid, action_id, lambda r, o: rooms.rematch(r, o, pid)
                    )

                await node.service.apply(code, run, acted_ms=self.world.now_ms())
                send_msg(self.sink, m.Ack(id=action_id, step=answer.get("step", 0)))
            case m.Resync(id=action_id, after=after):
                await self._resync(action_id, after)
            case _:
                raise Refused(ErrorCode.BAD_MESSAGE, "not simulated")

    async def _resync(self, action_id: int, after: int) -> None:
        """``Member.resync``: its answer, as it is."""
        code = self.room
        assert code is not None
        resumed, self.resumed = self.resumed, False
        held = await resync_answer(self.node.node, self.sink, code, self.client.pid, after, resumed)
        if held is not None:
            if held.seq < after:
                self.world.note(f"{self.id}: resync after {after}: a snapshot at {held.seq}")
            self.seat = held.seat_of(self.client.pid)
        send_msg(self.sink, m.Ack(id=action_id, step=0))


# ------------------------------------------------------------------ clients


@dataclass
class Asked:
    """An action a client sent and the replies it got for it."""

    msg: m.ClientMessage
    conn: str
    sent: int = 1
    """Times sent on ``conn`` (a retry of the same id is sent again)."""
    replies: int = 0
    """Replies to it on ``conn``."""


class SimClient:
    def __init__(self, world: World, pid: str, name: str) -> None:
        self.world = world
        self.pid = pid
        self.name = name
        self.code: str | None = None
        self.conn: SimConn | None = None
        self.table = Table()
        self.ahead: dict[int, m.ServerMessage] = {}
        self.ids = itertools.count(1)
        self.asked: dict[int, Asked] = {}
        """Every action this client sent, by id (resent ones keep theirs)."""
        self.unanswered: set[int] = set()
        self.games_done = 0
        self.stopped = False
        self.resync_at = -1

    # ------------------------------------------------------------- the link

    def connect(self, node: SimNode) -> SimConn:
        conn = SimConn(self.world, node, self)
        self.conn = conn
        return conn

    def lost(self) -> None:
        """The connection dropped: replies not yet in will not come on it."""
        self.conn = None
        if not self.stopped:
            self.world.spawn(self._reconnect())

    async def _reconnect(self) -> None:
        await asyncio.sleep(self.world.rng.uniform(0.05, 0.5))
        while self.conn is None and not self.stopped:
            live = [n for n in self.world.nodes if not n.dead]
            if not live:
                await asyncio.sleep(0.5)
                continue
            node = self.world.rng.choice(live)
            conn = self.connect(node)
            self.world.note(f"{self.name}: reconnects to {node.name}")
            await conn.hello()
            if self.conn is conn and conn.open:
                self.world.witness.member_reset(self.name)
                self._ask_resync()
                waiting, self.unanswered = sorted(self.unanswered), set()
                for action_id in waiting:
                    if self.world.rng.random() < 0.7:  # (a client resends some, not all)
                        self.send(self.asked[action_id].msg, action_id)
            else:
                await asyncio.sleep(0.3)

    def send(self, msg: m.ClientMessage, resend: int | None = None) -> None:
        conn = self.conn
        if conn is None or not conn.open or not conn.welcomed or self.stopped:
            return  # (stopped: the run is over, and a reconnect that ends now sends nothing)
        action_id = getattr(msg, "id", None)
        if action_id is not None:
            asked = self.asked.get(action_id)
            if asked is not None and asked.conn == conn.id:
                asked.sent += 1
            else:
                self.asked[action_id] = Asked(msg, conn.id)
            self.unanswered.add(action_id)
        if self.world.trace:
            self.world.note(f"{self.name} -> {conn.node.name}: {_brief(msg)} id {action_id}")
        conn.from_client(msg)

    def new_id(self) -> int:
        return next(self.ids)

    # ------------------------------------------------------------ receiving

    def receive(self, frame: bytes) -> None:
        try:
            msg = decode_server(frame)
        except ProtocolError:
            self.world.bad("bad_frame", f"{self.name} got a frame it cannot decode")
            return
        self.world.witness.saw(self.name, self.code or "", frame, msg)
        if self.world.trace and (m.is_room_event(msg) or isinstance(msg, m.Snapshot)):
            via = self.conn.node.name if self.conn else "?"
            self.world.note(f"{self.name} <- {via}: seq {getattr(msg, 'seq', '-')} "
                            f"{_brief(msg)}")  # fmt: skip
        self.world.check_hidden(self, msg)
        t = self.table
        if isinstance(msg, m.Ack | m.Error) and msg.id is not None:
            self._reply(msg.id, msg)
        if isinstance(msg, m.Error) and msg.id is None and msg.code == ErrorCode.ROOM_GONE:
            self.world.bad("room_gone", f"{self.name}: told its room is gone")
        if m.is_room_event(msg):
            if msg.seq <= t.seq:
                return
            if msg.seq > t.seq + 1:
                self.ahead[msg.seq] = msg
                self._ask_resync()
                return
            self._apply(msg)
            self._catch_up()
        elif isinstance(msg, m.Snapshot):
            if msg.seq >= t.seq:
                t.apply_snapshot(msg)
                if t.result is not None and t.ended_game > self.games_done:
                    self.games_done = t.ended_game
                self._catch_up()
        elif isinstance(msg, m.Joined):
            t.code, t.seat = msg.code, msg.seat

    def _apply(self, event: m.ServerMessage) -> None:
        t = self.table
        t.apply_event(event)  # type: ignore[arg-type]
        if isinstance(event, m.GameOver):
            self.games_done = max(self.games_done, t.room.game if t.room else self.games_done + 1)

    def _catch_up(self) -> None:
        t = self.table
        while (event := self.ahead.pop(t.seq + 1, None)) is not None:
            self._apply(event)
        for seq in [s for s in self.ahead if s <= t.seq]:
            del self.ahead[seq]

    def _reply(self, action_id: int, msg: m.Ack | m.Error) -> None:
        asked = self.asked.get(action_id)
        if self.world.trace:
            said = msg.code if isinstance(msg, m.Error) else f"ack step {msg.step}"
            self.world.note(f"{self.name}: reply to {action_id}: {said}")
        if asked is None:
            self.world.bad("stray_reply", f"{self.name}: a reply to {action_id}, never asked")
            return
        if asked.conn != (self.conn.id if self.conn else ""):
            return  # (a reply on a connection since lost cannot arrive: see _arrive)
        asked.replies += 1
        if asked.replies >= asked.sent:
            self.unanswered.discard(action_id)
        if asked.replies > asked.sent:
            self.world.bad("two_replies", f"{self.name}: action {action_id} sent {asked.sent} "
                           f"time(s), answered {asked.replies} times")  # fmt: skip
        if isinstance(msg, m.Error) and msg.code not in ANSWERS_OK:
            self.world.bad("bad_answer", f"{self.name}: action {action_id} got {msg.code}")
        if isinstance(msg, m.Error) and msg.code == ErrorCode.INTERNAL:
            self.world.internal += 1
        if isinstance(msg, m.Error) and msg.code in TABLE_MOVED_ON:
            self._ask_resync()  # (as client_cli.session does: the table moved on)
        if isinstance(msg, m.Error) and msg.code == WAITING_FOR_STORE:
            # As client_cli.session: the same action again, with its id, a moment later.
            self.world.waited += 1
            again = asked.msg
            self.world.loop.call_later(WAITING_AGAIN_S, self._again, action_id, again)

    def _again(self, action_id: int, msg: m.ClientMessage) -> None:
        asked = self.asked.get(action_id)
        if asked is not None and asked.msg is msg and action_id not in self.unanswered:
            self.send(msg)

    def _ask_resync(self) -> None:
        t = self.table
        if self.resync_at == t.seq and self.world.rng.random() < 0.8:
            return
        self.resync_at = t.seq
        self.send(m.Resync(id=self.new_id(), after=t.seq))

    # -------------------------------------------------------------- playing

    async def play(self) -> None:
        world = self.world
        while not self.stopped:
            await asyncio.sleep(world.rng.uniform(0.01, 0.3))
            t = self.table
            if self.conn is None or not self.conn.welcomed:
                continue
            if self.ahead and world.rng.random() < 0.05:
                self._ask_resync()
            if t.phase == "over" and t.room is not None and t.room.game < world.plan.games:
                if not any(isinstance(self.asked[i].msg, m.Rematch) for i in self.unanswered):
                    self.send(m.Rematch(id=self.new_id()))
                continue
            if not t.my_turn:
                continue
            flying = any(isinstance(self.asked[i].msg, m.FlipCard) for i in self.unanswered)
            if flying and world.rng.random() < 0.97:
                continue
            step = t.step
            if world.faulty("past_step") and step > 1:
                world.note(f"{self.name}: flips for past step {step - 1}")
                step -= 1
            self.send(m.FlipCard(id=self.new_id(), step=step))
            if world.faulty("retry_action"):
                last = max(self.asked)
                world.note(f"{self.name}: sends action {last} again")
                self.send(self.asked[last].msg)


def _brief(msg: object) -> str:
    if isinstance(msg, m.Snapshot):
        v = msg.view
        where = f"step {v.step} {v.phase} acted {v.acted}" if v is not None else "no game"
        return f"snapshot: game {msg.room.game}, {where}"
    fields = {k: getattr(msg, k) for k in ("seat", "step", "winner", "game") if hasattr(msg, k)}
    return f"{type(msg).__name__} {fields}"


WAITING_FOR_STORE = "waiting_for_store"
"""(A string: builds before issue 30's fix have no such code, and the simulator runs on them.)"""

ANSWERS_OK: set[str] = {
    WAITING_FOR_STORE,
    ErrorCode.STALE_STEP, ErrorCode.ALREADY_ACTED, ErrorCode.NOT_AWAITING,
    ErrorCode.GAME_OVER, ErrorCode.NOT_STARTED, ErrorCode.ALREADY_STARTED,
    ErrorCode.WRONG_ACTION, ErrorCode.INTERNAL, ErrorCode.SEAT_OUT,
}  # fmt: skip
"""Answers an action of a well-behaved client may get under faults. ``internal`` is
counted (a store that stayed unreachable for RETRY_FOR_S), not a violation."""


# -------------------------------------------------------------------- world


@dataclass
class Result:
    seed: int
    plan: Plan
    violations: list[str] = field(default_factory=list)
    schedule: list[str] = field(default_factory=list)
    events: int = 0
    games: int = 0
    virtual_s: float = 0.0
    internal: int = 0
    dropped: int = 0
    witnessed: int = 0
    task_errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations


class World:
    def __init__(self, seed: int, trace: bool = False, min_replicas: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.rng_deal = random.Random(seed * 7919 + 1)
        self.plan = Plan.draw(self.rng)
        self.rng_faults = random.Random(seed * 31 + 7)
        self.rng_sentinel = random.Random(seed * 131 + 3)
        """Which replica a Sentinel promotes (``_sentinel_choice``)."""
        self.rng_slow = random.Random(seed * 137 + 5)
        """When a replica falls behind (``slow_replicas``)."""
        """When each fault comes, and which: its own stream, so a seed's faults are the
        same on every build (latencies and clients draw from ``rng``)."""
        if min_replicas is not None:  # (the same schedule, with another --redis-min-replicas)
            self.plan.min_replicas = min_replicas
        self.trace = trace
        self.schedule: list[str] = []
        self.violations: list[str] = []
        self.internal = 0
        self.waited = 0
        """Actions answered ``waiting_for_store`` (and sent again)."""
        self.witness = Witness()
        self.loop: asyncio.AbstractEventLoop = asyncio.get_event_loop()
        self.dep = Deployment(self.plan.replicas, self._publish)
        self.settings = Settings(
            redis_min_replicas=self.plan.min_replicas, grace_s=2.0, dead_node_s=3.0,
            rooms_per_min=0,
        )  # fmt: skip
        self.nodes: list[SimNode] = []
        self.clients: list[SimClient] = []
        self.codes: list[str] = []
        self.calm = False
        self.active: dict[str, float] = {}
        """A fault kind that is on (pub/sub loss, duplication, lateness) until when."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.node_seq = itertools.count(1)
        self.dropped = 0
        """Writes a failover took back."""
        self._replicating: set[str] = set()
        self.task_errors: list[str] = []
        """Exceptions of the server's own tasks that nothing retrieved (asyncio's handler)."""

    # -------------------------------------------------------------- helpers

    def now(self) -> float:
        return self.loop.time()

    def now_ms(self) -> int:
        return EPOCH_MS + int(self.loop.time() * 1000)

    def latency(self) -> float:
        high = 0.02 if self.plan.wan else 0.002
        return self.rng.uniform(0.0002, high)

    def note(self, text: str) -> None:
        if self.trace:
            self.schedule.append(f"{self.now():9.4f}  {text}")

    def bad(self, kind: str, text: str) -> None:
        if kind == "room_gone" and self.plan.min_replicas == 0:
            return  # (a store back in time may lose a room: said, not a violation)
        self.violations.append(f"{self.now():.4f} {kind}: {text}")

    def loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        where = context.get("future") or context.get("task") or context.get("handle")
        name = getattr(getattr(where, "get_coro", lambda: None)(), "__qualname__", "")
        text = f"{name or context.get('message', '?')}: {exc!r}"
        self.task_errors.append(text)
        self.note(f"unretrieved task error: {text}")

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = self.loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            name = getattr(task.get_coro(), "__qualname__", task.get_name())
            self.bad("crash", f"task {name} failed: {exc!r}")

    def faulty(self, kind: str) -> bool:
        """Whether a per-action fault happens now."""
        if self.calm or kind not in self.plan.faults:
            return False
        return self.rng.random() < 0.02 * self.plan.fault_rate

    def call_fault(self) -> str | None:
        if self.calm:
            return None
        roll = self.rng.random()
        p = 0.01 * self.plan.fault_rate
        if roll < p and "lost_reply" in self.plan.faults:
            return "lost_reply"
        if roll < 2 * p and "timeout_before" in self.plan.faults:
            return "timeout_before"
        return None

    def check_hidden(self, client: SimClient, msg: object) -> None:
        if isinstance(msg, m.Snapshot) and msg.view is not None:
            seat = client.table.seat
            if msg.view.seat is not None and msg.view.seat != seat and seat is not None:
                self.bad("hidden_card", f"{client.name} got the view of seat {msg.view.seat}")
        if isinstance(msg, m.Hand) and client.table.seat is None:
            self.bad("hidden_card", f"{client.name} (no seat) got a hand")

    # ----------------------------------------------------------- replication

    def _publish(self, chan: bytes, data: bytes) -> int:
        heard = 0
        for node in self.nodes:
            if node.dead or chan not in node.sub.channels:
                continue
            heard += 1
            copies = 1
            if self.active.get("pubsub_loss", 0) > self.now() and self.rng.random() < 0.3:
                self.note(f"pub/sub: a message to {node.name} is lost")
                continue
            if self.active.get("pubsub_dup", 0) > self.now() and self.rng.random() < 0.3:
                copies = 2
            for _ in range(copies):
                delay = self.latency()
                if self.active.get("pubsub_late", 0) > self.now() and self.rng.random() < 0.3:
                    delay += self.rng.uniform(0.05, 0.6)
                self.loop.call_later(delay, node.hear, chan, data)
        return heard

    def replicate_soon(self) -> None:
        """Each replica applies the stream a lag after the write (one timer a replica at
        a time: a replica streams, and applies what came meanwhile with it)."""
        for replica in self.dep.replicas():
            if replica.name in self._replicating or replica.offset >= len(self.dep.stream):
                continue
            self._replicating.add(replica.name)
            lag = self.rng.uniform(0.0005, 0.004 if not self.plan.wan else 0.03)
            if replica.slow_until > self.now():
                lag += replica.slow_s
            self.loop.call_later(lag, self._replicate, replica)

    def _replicate(self, replica: Server) -> None:
        self._replicating.discard(replica.name)
        self.dep.replicate(replica)

    # -------------------------------------------------------------- faults

    async def faults(self) -> None:
        plan = self.plan
        end = self.now() + plan.play_s
        while self.now() < end:
            await asyncio.sleep(self.rng_faults.expovariate(plan.fault_rate))
            if self.now() >= end:
                break
            kind = self.rng_faults.choice(plan.faults)
            await self.fault(kind)
        self.calm = True
        self.note("calm: no more faults")
        await self.heal()

    async def slow_replicas(self) -> None:
        """Now and then a replica falls behind, its link up (a loaded machine): a WAIT
        for fewer than every replica is met by another, and a failover to this one
        takes back what only that one held. Its own random stream, so that each
        seed's faults (``rng_faults``) are the ones it drew before this was added."""
        rng, dep, plan = self.rng_slow, self.dep, self.plan
        if plan.replicas < 2:
            return
        end = self.now() + plan.play_s
        while True:
            await asyncio.sleep(rng.expovariate(plan.fault_rate / 2))
            if self.now() >= end:
                return
            replica = rng.choice(dep.replicas())
            replica.slow_s = rng.uniform(0.05, 0.4)
            replica.slow_until = self.now() + rng.uniform(0.5, 3.0)
            self.note(f"replica {replica.name}: {replica.slow_s * 1000:.0f} ms behind "
                      f"until {replica.slow_until:.3f}")  # fmt: skip

    def _sentinel_choice(self, rng: random.Random) -> Server:
        """The replica a Sentinel promotes. It chooses on the offsets it last read
        (``INFO``, every 1 to 10 s), so among the replicas following the primary, a
        few milliseconds of writes apart, any one; a replica whose link was cut
        (a second fault) only when none follows, then the one that holds the most."""
        replicas = self.dep.replicas()
        linked = [r for r in replicas if r.up and r.link]
        if linked:
            return rng.choice(linked)
        return max([r for r in replicas if r.up] or replicas, key=lambda r: r.offset)

    async def fault(self, kind: str) -> None:
        rng, dep = self.rng_faults, self.dep
        if kind == "lagging_failover":
            # The case: the replicas fall behind, then the primary dies.
            for replica in dep.replicas():
                replica.link = False
                self.loop.call_later(rng.uniform(2.5, 4.0), self._relink, replica)
            self.note("every replica's link cut; the primary dies soon")
            await asyncio.sleep(rng.uniform(0.3, 2.4))
            await self.fault("failover")
        elif kind == "manual_failover":
            # SENTINEL FAILOVER: the chosen replica stops following the primary and is
            # promoted; until the nodes and the other replicas switch, the old primary
            # takes writes and the other replicas still acknowledge them.
            if any(not s.up for s in dep.servers) or dep.primary is None:
                return
            chosen = self._sentinel_choice(self.rng_sentinel)
            # The Sentinel asked says +try-failover at once (every node follows every
            # Sentinel, RedisPipe._follow_sentinels), and sends SLAVEOF NO ONE to the
            # chosen replica two or three of its ticks later (10-19 a second).
            for node in self.nodes:
                self.loop.call_later(self.latency(), node.pipe.failing_over)
            await asyncio.sleep(rng.uniform(0.1, 0.3))
            chosen.link = False
            window = rng.uniform(0.02, 0.4)
            self.note(f"manual failover to {chosen.name}: the old primary serves "
                      f"{window * 1000:.0f} ms more")  # fmt: skip
            await asyncio.sleep(window)
            chosen.link = True
            had = len(dep.stream)
            dep.failover(to=chosen)
            for node in self.nodes:  # (+switch-master: the nodes follow the new primary)
                node.pipe.switched()
            self.dropped += had - len(dep.stream)
            self.note(f"failover: -> {chosen.name} (writes lost: {had - len(dep.stream)})")
            for node in self.nodes:
                self.spawn(self._cut_subscription(node, rng.uniform(0.05, 0.5)))
            self.loop.call_later(rng.uniform(1.0, 12.0), self._rejoin_all)
        elif kind == "failover":
            down = [s for s in dep.servers if not s.up]
            if down or dep.primary is None:
                return  # (one failover at a time: the last one's server is not back)
            old = dep.primary.name
            await asyncio.sleep(rng.uniform(0.0, 0.01))
            had = len(dep.stream)
            best = dep.failover(to=self._sentinel_choice(self.rng_sentinel))
            self.dropped += had - len(dep.stream)
            self.note(f"failover: {old} -> {best.name if best else None} "
                      f"(writes lost: {had - len(dep.stream)})")  # fmt: skip
            if best is not None:  # (a Sentinel says +switch-master; each node hears it)
                for node in self.nodes:
                    self.loop.call_later(self.latency(), node.pipe.switched)
            for node in self.nodes:
                self.spawn(self._cut_subscription(node, rng.uniform(0.05, 0.5)))
            self.loop.call_later(rng.uniform(1.0, 12.0), self._rejoin_all)
        elif kind == "back_in_time":
            dep.save()
            self.loop.call_later(rng.uniform(0.1, 2.0), self._back_in_time)
        elif kind == "replica_lag":
            replica = rng.choice(dep.replicas())
            replica.link = False
            self.note(f"replica {replica.name}: link cut")
            self.loop.call_later(rng.uniform(0.2, 3.0), self._relink, replica)
        elif kind in ("pubsub_loss", "pubsub_dup", "pubsub_late"):
            self.active[kind] = self.now() + rng.uniform(0.2, 2.0)
            self.note(f"{kind} until {self.active[kind]:.3f}")
        elif kind == "node_pause":
            node = rng.choice([n for n in self.nodes if not n.dead] or self.nodes)
            node.paused_until = self.now() + rng.uniform(0.2, 5.0)
            self.note(f"{node.name}: paused until {node.paused_until:.3f}")
        elif kind == "node_kill":
            live = [n for n in self.nodes if not n.dead]
            if len(live) < 2:
                return
            node = rng.choice(live)
            self.kill(node)
            self.loop.call_later(rng.uniform(0.5, 4.0), self._restart)
        elif kind == "disconnect":
            client = rng.choice(self.clients)
            if client.conn is not None:
                self.note(f"{client.name}: disconnected from {client.conn.node.name}")
                client.conn.drop()
        elif kind == "subscription_cut":
            node = rng.choice(self.nodes)
            self.spawn(self._cut_subscription(node, rng.uniform(0.05, 1.0)))
        # (lost_reply, timeout_before, retry_action, past_step: drawn per call, faulty())

    def kill(self, node: SimNode) -> None:
        self.note(f"{node.name}: killed")
        node.dead = True
        for task in node.tasks:
            task.cancel()
        for client in self.clients:
            if client.conn is not None and client.conn.node is node:
                conn = client.conn
                self.loop.call_later(self.rng.uniform(0.001, 0.05), conn.drop)

    def _restart(self) -> None:
        if self.calm and all(not n.dead for n in self.nodes):
            return
        node = SimNode(self, f"n{next(self.node_seq)}")
        self.nodes.append(node)
        node.start()
        self.note(f"{node.name}: started")

    def _rejoin_all(self) -> None:
        for server in self.dep.servers:
            if not server.up:
                self.dep.rejoin(server)
                self.note(f"{server.name}: back as a replica")

    def _relink(self, replica: Server) -> None:
        replica.link = True
        self.dep.replicate(replica)
        self.note(f"replica {replica.name}: link back")

    def _back_in_time(self) -> None:
        if self.calm:
            return  # (drawn before the calm, due after it: no fault comes in the calm)
        if self.dep.back_in_time():
            self.note(
                f"the primary restarted from its dump (stream back to {len(self.dep.stream)})"
            )
            for node in self.nodes:
                self.spawn(self._cut_subscription(node, self.rng.uniform(0.05, 0.5)))

    async def _cut_subscription(self, node: SimNode, seconds: float) -> None:
        node.sub_up = False
        await asyncio.sleep(seconds)
        await node.resubscribed()

    async def heal(self) -> None:
        """After the faults: every server back, every link, every node running."""
        self.active.clear()
        self._rejoin_all()
        for replica in self.dep.replicas():
            if not replica.link:
                self._relink(replica)
        for node in self.nodes:
            node.paused_until = min(node.paused_until, self.now())
        if all(n.dead for n in self.nodes) or sum(not n.dead for n in self.nodes) < 1:
            self._restart()

    # -------------------------------------------------------------- the run

    async def main(self) -> None:
        plan = self.plan
        for _ in range(plan.nodes):
            node = SimNode(self, f"n{next(self.node_seq)}")
            self.nodes.append(node)
            node.start()
        for r in range(plan.rooms):
            await self._open_room(r)
        players = [self.spawn(c.play()) for c in self.clients]
        self.spawn(self.faults())
        self.spawn(self.slow_replicas())
        deadline = self.now() + plan.play_s + CALM_S
        while self.now() < deadline:
            await asyncio.sleep(0.5)
            if self.calm and self._all_done() and await self._store_done():
                break
        for c in self.clients:
            c.stopped = True
        await asyncio.sleep(1.0)  # (the last replies and events arrive)
        del players
        await self._final_checks()

    async def _open_room(self, index: int) -> None:
        plan = self.plan
        host_node = self.nodes[index % len(self.nodes)].node
        clients = [SimClient(self, f"p{index}x{s}", f"r{index}s{s}") for s in range(plan.seats)]
        self.clients += clients
        host = clients[0]
        conn = host.connect(self.nodes[index % len(self.nodes)])
        rec = await host_node.entry._open(
            Player(host.pid, host.name, ""), conn.id, "classic",
            {"min_rank": plan.min_rank}, plan.seats, False, 0, False, 0,
        )  # fmt: skip
        code = rec.code
        self.codes.append(code)
        conn.room = code
        conn.seat = 0
        conn.welcomed = True
        host.code = code
        host.table.code, host.table.seat = code, 0
        await host_node.enter(conn.sink, conn.id, host.pid, rec, 0, None, conn._out)
        for s, client in enumerate(clients[1:], start=1):
            node = self.nodes[(index + s) % len(self.nodes)]
            c = client.connect(node)
            client.code = code
            rec, taken = await node.node.entry.join(
                Player(client.pid, client.name, ""), c.id, "sim", code, None, False
            )
            c.room, c.seat = code, taken
            c.welcomed = True
            client.table.code, client.table.seat = code, taken
            await node.node.enter(c.sink, c.id, client.pid, rec, taken, None, c._out)
        self.note(f"room {code}: {plan.seats} seats, min_rank {plan.min_rank}")

    def _all_done(self) -> bool:
        return all(
            c.table.phase == "over" and c.table.room is not None
            and c.table.room.game >= self.plan.games and not c.unanswered
            for c in self.clients
        )  # fmt: skip

    async def _store_done(self) -> bool:
        """Whether the store agrees that every game ended, at the seq its clients hold
        (a failover in the last moment may have taken the end back: play goes on)."""
        live = [n for n in self.nodes if not n.dead]
        if not live or self.dep.primary is None:
            return False
        for code in self.codes:
            try:
                loaded = await live[0].node.store.load(code)
            except NotDurable:  # (a replica back since its node last read them: later)
                return False
            if loaded is None:
                return True  # (a room lost: the final checks say so)
            rec = rooms.rebuild(loaded.blob, loaded.tail)
            if rec.status != "over" or rec.game < self.plan.games:
                return False
            if any(c.code == code and c.table.seq != rec.seq for c in self.clients):
                return False
        return True

    async def _final_checks(self) -> None:
        dep = self.dep
        assert dep.primary is not None
        live = next(n for n in self.nodes if not n.dead)
        for code in self.codes:
            loaded = await live.node.store.load(code)
            if loaded is None:
                self.bad("room_gone", f"room {code} is not in the store at the end")
                continue
            rec = rooms.rebuild(loaded.blob, loaded.tail)
            state = rec.state
            if state is not None and census(state) != sorted(state.rules.deck()):
                self.bad("cards", f"room {code}: cards not conserved")
            if rec.status != "over" or rec.game < self.plan.games:
                self.bad("game_never_ended", f"room {code}: game {rec.game} {rec.status} at the "
                         f"end (step {state.steps if state else '-'})")  # fmt: skip
        for c in self.clients:
            t = c.table
            self.note(f"end: {c.name} on {c.conn.id if c.conn else None} seq {t.seq} phase "
                      f"{t.phase} game {t.room.game if t.room else None} step {t.step} "
                      f"unanswered {sorted(c.unanswered)} ahead {sorted(c.ahead)}")  # fmt: skip
            if t.phase != "over" or t.room is None or t.room.game < self.plan.games:
                self.bad("client_stuck", f"{c.name}: at seq {t.seq}, {t.phase}, game "
                         f"{t.room.game if t.room else None} at the end")  # fmt: skip
            left = [i for i in c.unanswered if c.conn is not None
                    and c.asked[i].conn == c.conn.id]  # fmt: skip
            if left:
                kinds = sorted({type(c.asked[i].msg).__name__ for i in left})
                self.bad("no_reply", f"{c.name}: actions {sorted(left)} ({kinds}) never answered")
        if self.witness.violations and self.plan.min_replicas >= 1:
            for line in self.witness.first:
                self.violations.append(f"witness {line}")


def run_seed(seed: int, trace: bool = False, min_replicas: int | None = None) -> Result:
    """One seeded schedule on a fresh virtual loop (``min_replicas``: instead of the drawn)."""
    clk = clock.VirtualClock()
    loop = clock.VirtualLoop(clk)
    asyncio.set_event_loop(loop)
    world = World(seed, trace, min_replicas)
    world.loop = loop
    loop.set_exception_handler(world.loop_error)
    undo = _patch(world)
    gc.disable()  # (a run makes much short-lived garbage; collected once, after it)
    logging_was = structlog.get_config()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.CRITICAL))
    try:
        try:
            loop.run_until_complete(world.main())
        except clock.Stuck as exc:
            world.bad("stuck", str(exc))
        return Result(
            seed, world.plan, world.violations, world.schedule, world.witness.events,
            sum(c.games_done for c in world.clients), clk.now, world.internal, world.dropped,
            world.witness.violations, world.task_errors,
        )  # fmt: skip
    finally:
        undo()
        gc.enable()
        structlog.configure(**logging_was)
        for task in asyncio.all_tasks(loop):
            task.cancel()
        with contextlib.suppress(Exception):
            loop.run_until_complete(asyncio.sleep(0))
        asyncio.set_event_loop(None)
        loop.close()
