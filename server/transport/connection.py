"""One client connection: hello, then one reply per action, until it closes.

The handler never trusts the client: every frame goes through the protocol
codec, every action through a room transition (``server.rooms``, applied by
the room service), and the seat is the one the session holds (a message
never names a seat to act for). Room events reach the client through the
node's local delivery; replies are queued on the same socket in order.
Dispatch is one ``match`` on the decoded message.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from dataclasses import dataclass

import structlog
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from protocol import messages as m
from protocol.codec import ProtocolError, decode_client
from protocol.errors import CloseCode, ErrorCode
from server import metrics, rooms
from server.errors import Refused
from server.rooms import Outcome
from server.rooms.state import PlayInput, RoomRecord
from server.service.delivery import gone_error
from server.service.node import Node
from server.service.service import now_ms
from server.service.sink import Held, send_msg
from server.transport.handshake import BadHello, player_of, read_hello, welcome
from server.transport.inbox import OfferingConnection
from server.transport.member import Member

log = structlog.get_logger("krig.conn")
IN_ROOM = (
    m.FlipCard | m.ChooseCard | m.Ready | m.Start | m.Rematch | m.Configure | m.AddBot
    | m.RemoveSeat | m.Chat | m.Resync
)  # fmt: skip
"""Actions on the connection's room: one that finds no room finds it gone."""
_conn_ids = itertools.count(1)
MAX_STRIKES = 20
CHAT_RATE = 0.5
"""Chat lines a connection may send per second, sustained..."""
CHAT_BURST = 5
"""...after a burst of this many."""

STORE_UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)
"""What a store that did not answer raises (not an error reply: that is a bug)."""


def peer_address(ws: ServerConnection, header: str = "") -> str:
    """The client's address: from the proxy's ``header`` when configured, else the socket's."""
    if header and ws.request is not None:
        forwarded = ws.request.headers.get(header)
        if forwarded:
            return forwarded.rsplit(",", 1)[-1].strip()
    addr = ws.remote_address
    return str(addr[0]) if isinstance(addr, tuple) else "local"


@dataclass(slots=True)
class Bucket:
    """Token bucket limiting how fast one connection may send messages."""

    rate: float
    burst: float
    tokens: float
    stamp: float

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class _Flight:
    """A flip or choice on its way to the room's batch (``Connection._fly``): answered
    by the commit of its batch, an ``ack`` or an error, here and nowhere else. The
    connection reads its next message once the flight has landed. A future to wait
    on is made only if something waits (``landed``), which is rare."""

    __slots__ = ("action_id", "conn", "kind", "waiter")

    def __init__(self, conn: Connection, action_id: int, kind: str) -> None:
        self.conn = conn
        self.action_id = action_id
        self.kind = kind
        self.waiter: asyncio.Future[None] | None = None

    async def landed(self) -> None:
        """Return once the flip is answered."""
        if self.waiter is None:
            self.waiter = asyncio.get_running_loop().create_future()
        await self.waiter

    def acked(self, step: int) -> None:
        self._land()
        send_msg(self.conn.ws, m.Ack(id=self.action_id, step=step))

    def refused(self, exc: BaseException) -> None:
        self._land()
        conn = self.conn
        if isinstance(exc, Refused):
            exc = conn.member.lost_room(exc)
            conn._error(self.action_id, exc.code, exc.message)
        elif isinstance(exc, STORE_UNREACHABLE):
            conn._store_unreachable(self.action_id, self.kind, exc)
        else:
            conn.log.error("action_failed", type=self.kind, error=repr(exc))
            conn._error(
                self.action_id, ErrorCode.INTERNAL, "the server failed; nothing was changed"
            )

    def _land(self) -> None:
        if self.conn._flight is self:
            self.conn._flight = None
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)


class Connection:
    def __init__(self, node: Node, ws: OfferingConnection) -> None:
        self.node = node
        self.ws = ws
        self.conn = f"{node.id}:{next(_conn_ids)}"
        self.strikes = 0
        s = node.settings
        self.bucket = Bucket(s.msg_rate, s.msg_burst, s.msg_burst, time.monotonic())
        self.chat_bucket = Bucket(CHAT_RATE, CHAT_BURST, CHAT_BURST, time.monotonic())
        self._busy = True
        """A message taken with ``recv`` is being handled (or the hello is): offers wait."""
        self._flight: _Flight | None = None
        """The flip or choice sent to its batch (``_fly``) and not yet answered."""
        ws.offer = self._offer
        peer = peer_address(ws, s.client_ip_header)
        self.member = Member(node, ws, self.conn, peer, log.bind(conn=self.conn, peer=peer))
        """The player, and the room it is in (server.transport.member)."""

    @property
    def log(self) -> structlog.BoundLogger:
        return self.member.log

    # ------------------------------------------------------------- lifetime

    async def run(self) -> None:
        metrics.CONNECTIONS.inc()
        try:
            try:
                ok = await self._hello()
            except Refused as exc:  # waiting_for_store: the client connects again soon
                self.log.warning("hello_failed", error=exc.message)
                await self._close_with(None, exc.code, exc.message, CloseCode.TRY_AGAIN_LATER)
                return
            except STORE_UNREACHABLE as exc:  # (NotDurable too: no replica confirmed it)
                self.log.warning("hello_failed", error=str(exc))
                await self._close_with(
                    None, ErrorCode.WAITING_FOR_STORE,
                    "the server cannot confirm with its store yet; say hello again in a moment",
                    CloseCode.TRY_AGAIN_LATER,
                )  # fmt: skip
                return
            except RedisError as exc:
                self.log.error("hello_failed", error=str(exc))
                await self._close_with(
                    None, ErrorCode.INTERNAL, "the server failed; say hello again",
                    CloseCode.TRY_AGAIN_LATER,
                )  # fmt: skip
                return
            if ok:
                self._busy = False
                async for frame in self.ws:
                    self._busy = True  # (no await since recv: nothing overtook this frame)
                    if self._flight is not None:
                        await self._flight.landed()
                    await self._frame(frame)
                    self._busy = False
        except ConnectionClosed:
            pass
        finally:
            self._busy = True
            if self._flight is not None:  # the client's last flip is answered before it is gone
                await self._flight.landed()
            metrics.CONNECTIONS.dec()
            await self.member.gone()

    async def _hello(self) -> bool:
        """Read and answer the hello (server.transport.handshake); False: closed."""
        try:
            hello = await read_hello(self.ws, self.node.settings.hello_timeout_s)
            player, token, resumed = await player_of(self.node, hello)
        except BadHello as bad:
            await self._close_with(bad.action_id, bad.code, bad.message, bad.close)
            return False
        member = self.member
        member.become(player)
        rec, vanished = await member.rejoin() if resumed else (None, "")
        seat = rec.seat_of(member.pid) if rec is not None else None
        bundling = self.ws if hello.bundle else None
        room = rec.code if rec is not None else None
        send_msg(
            self.ws,
            welcome(self.node, token, member.pid, resumed, room, seat, bundling is not None),
        )
        if bundling is not None:
            bundling.bundle = []  # (after the welcome: it goes alone, as a client expects it)
        if rec is not None:
            await member.enter(rec, seat, None)
        elif vanished:
            # The session's room is gone (expired, or the store lost it): say so,
            # rather than leave the client waiting for a room that will not come.
            send_msg(self.ws, gone_error(vanished, None))
            await self.node.left(member.pid)
        self.log.info("hello", resumed=resumed, room=member.room, seat=member.seat, gone=vanished)
        return True

    async def _close_with(
        self, action_id: int | None, code: ErrorCode, message: str, close: int
    ) -> None:
        metrics.ERRORS.labels(code.value).inc()
        send_msg(self.ws, m.Error(id=action_id, code=code.value, message=message))
        with contextlib.suppress(ConnectionClosed):
            await self.ws.close(close, message[:120])  # after the error (transport.outbox)

    def _error(self, action_id: int | None, code: ErrorCode, message: str) -> None:
        metrics.ERRORS.labels(code.value).inc()
        send_msg(self.ws, m.Error(id=action_id, code=code.value, message=message))

    # ------------------------------------------------------------ messages

    async def _frame(self, frame: str | bytes) -> None:
        arrived = now_ms()
        try:
            msg = decode_client(frame)
        except ProtocolError as exc:
            await self._strike(exc.action_id, exc.code, exc.message, CloseCode.POLICY_VIOLATION)
            return
        if not self.bucket.take():
            await self._strike(
                getattr(msg, "id", None), ErrorCode.RATE_LIMITED, "too many messages; slow down",
                CloseCode.RATE_LIMITED,
            )  # fmt: skip
            return
        self.strikes = 0
        try:
            await self._dispatch(msg, arrived)
        except Refused as exc:
            if isinstance(msg, IN_ROOM):
                exc = self.member.lost_room(exc)
            self._error(getattr(msg, "id", None), exc.code, exc.message)
        except ConnectionClosed:
            raise
        except STORE_UNREACHABLE as exc:
            self._store_unreachable(getattr(msg, "id", None), type(msg).__name__, exc)
        except Exception:
            self.log.exception("action_failed", type=type(msg).__name__)
            self._error(
                getattr(msg, "id", None),
                ErrorCode.INTERNAL,
                "the server failed; nothing was changed",
            )

    def _store_unreachable(self, action_id: int | None, kind: str, exc: BaseException) -> None:
        """The store did not answer within RETRY_FOR_S (a failover, a restart): the
        action may or may not have landed, so it is answered as one the store could
        not confirm (send it again with the same id), not ``internal``."""
        self.log.warning("store_unreachable", type=kind, error=str(exc))
        self._error(
            action_id,
            ErrorCode.WAITING_FOR_STORE,
            "the server cannot reach its store; send it again with the same id in a moment",
        )

    async def _strike(
        self, action_id: int | None, code: ErrorCode, message: str, close: int
    ) -> None:
        """A refused frame; too many in a row and the connection is closed."""
        self.strikes += 1
        self._error(action_id, code, message)
        if self.strikes > MAX_STRIKES:
            await self.ws.close(close, "too many refused frames")

    async def _dispatch(self, msg: m.ClientMessage, arrived: int) -> None:
        pid, member = self.member.pid, self.member
        match msg:
            case m.FlipCard(id=action_id, step=step):
                self._play(PlayInput(pid, action_id, step, None), arrived, "FlipCard")
            case m.ChooseCard(id=action_id, step=step, card=card):
                self._play(PlayInput(pid, action_id, step, card), arrived, "ChooseCard")
            case m.Ping(id=action_id):
                send_msg(self.ws, m.Pong(id=action_id, now_ms=now_ms()))
            case m.Ready(id=action_id, ready=ready):
                await self._room_action(action_id, lambda r, o: rooms.set_ready(r, o, pid, ready))
            case m.Start(id=action_id):
                await self._room_action(action_id, lambda r, o: rooms.start(r, o, pid))
            case m.Rematch(id=action_id, on=on):
                await self._room_action(action_id, lambda r, o: rooms.rematch(r, o, pid, None, on))
            case m.Configure(id=action_id):
                await self._room_action(action_id, lambda r, o: rooms.configure(r, o, pid, msg))
            case m.AddBot(id=action_id, seat=free, level=level):
                await self._room_action(
                    action_id, lambda r, o: rooms.add_bot(r, o, pid, free, level)
                )
            case m.RemoveSeat(id=action_id, seat=taken):
                await self._room_action(action_id, lambda r, o: rooms.remove_seat(r, o, pid, taken))
            case m.Chat(id=action_id, text=text):
                await self._chat(action_id, text)
            case m.QuickJoin():
                await member.quick(msg)
            case m.WatchLobby(id=action_id, on=True):
                held = Held()  # (changes while the list is read come after it)
                self.node.watch_lobby(self.conn, held)
                try:
                    send_msg(self.ws, m.Lobby(id=action_id, rooms=await self.node.lobby()))
                finally:
                    held.release(self.ws)
                    self.node.watch_lobby(self.conn, self.ws, instead_of=held)
            case m.WatchLobby(id=action_id, on=False):
                self.node.watch_lobby(self.conn, None)
                send_msg(self.ws, m.Ack(id=action_id, step=0))
            case m.ListRooms(id=action_id):
                send_msg(self.ws, m.Lobby(id=action_id, rooms=await self.node.lobby()))
            case m.Leave(id=action_id):
                await member.leave(action_id)
            case m.CreateRoom():
                await member.create(msg)
            case m.JoinRoom(id=action_id, code=code, seat=seat):
                await member.join(action_id, code, seat, spectate=False)
            case m.Spectate(id=action_id, code=code):
                await member.join(action_id, code, None, spectate=True)
            case m.Resync(id=action_id, after=after):
                await member.resync(action_id, after)
            case m.GetRecord(id=action_id, code=code, game=game):
                record = await self.node.record(code, game)
                if record is None:
                    raise Refused(
                        ErrorCode.UNKNOWN_ROOM, f"no record of game {game} in room {code}"
                    )
                send_msg(self.ws, m.Record(id=action_id, record=record))
            case m.Hello():
                raise Refused(ErrorCode.BAD_MESSAGE, "hello is only the first message")

    async def _room_action(
        self, action_id: int, transition: rooms.TransitionFn, arrived: int = 0
    ) -> None:
        """Apply a room action once: a retried id gets the first answer again."""
        room = self.member.room
        if room is None:
            raise Refused(ErrorCode.NOT_IN_ROOM, "join or create a room first")
        pid = self.member.pid
        answer: dict[str, int] = {}

        def run(rec: RoomRecord, out: Outcome) -> None:
            answer.clear()
            answer["step"] = rooms.once(rec, out, pid, action_id, transition)

        await self.node.service.apply(room, run, acted_ms=arrived)
        send_msg(self.ws, m.Ack(id=action_id, step=answer.get("step", 0)))

    async def _chat(self, action_id: int, text: str) -> None:
        if not self.chat_bucket.take():
            raise Refused(ErrorCode.RATE_LIMITED, "you are chatting too fast; wait a moment")
        player = self.member.player
        assert player is not None
        pid, name = player.id, player.name
        await self._room_action(action_id, lambda r, o: rooms.chat(r, o, pid, name, text))

    def _play(self, play: PlayInput, arrived: int, kind: str) -> None:
        """A flip or choice read the ordinary way (``_frame``): it flies as an offered
        one does (``_fly``); the next message is read once it has landed (``run``)."""
        room = self.member.room
        if room is None:
            raise Refused(ErrorCode.NOT_IN_ROOM, "join or create a room first")
        self._fly(room, play, arrived, kind)

    def _fly(self, room: str, play: PlayInput, arrived: int, kind: str) -> None:
        """A flip or choice, once (as ``_room_action``), committed with the other
        seats' plays that arrived in the same loop turn (server.service.batching);
        answered by its ``_Flight`` when committed (``ack``, with the step's events)
        or refused (its error code), the one path for both ways in."""
        flight = self._flight = _Flight(self, play.action_id, kind)
        self.node.batcher.play_soon(room, play, arrived, flight.acked, flight.refused)

    def _offer(self, frame: bytes) -> bool:
        """Take a flip straight from the socket (server.transport.inbox), when nothing
        is ahead of it.

        Anything else, and a flip that would be refused before it reaches the
        room (a bad frame, the rate limit), is declined: ``_frame`` handles
        it in turn, with the same answers as always.
        """
        room = self.member.room
        if self._busy or self._flight is not None or room is None:
            return False
        arrived = now_ms()
        try:
            msg = decode_client(frame)
        except ProtocolError:
            return False
        if not isinstance(msg, m.FlipCard | m.ChooseCard) or not self.bucket.take():
            return False
        self.strikes = 0
        card = msg.card if isinstance(msg, m.ChooseCard) else None
        self._fly(
            room, PlayInput(self.member.pid, msg.id, msg.step, card), arrived, type(msg).__name__
        )
        return True
