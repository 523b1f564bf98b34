"""A protocol session: connect, hello, send actions, receive in order, resume.

Only the protocol package is used (never the server).  Room events are
handed to the :class:`Table` in sequence order: duplicates are dropped, and
events that arrive ahead of a gap wait (bounded) while ``resync`` fills it.
When the connection drops the session reconnects with backoff and its
(rotated) token, and asks for what it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

import websockets
from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus

from client_cli.table import Table
from client_cli.transport import FrameConnection
from protocol import messages as m
from protocol.codec import ProtocolError, Unknown, decode_server_frame, encode, split_frame
from protocol.errors import ErrorCode
from protocol.version import MAJOR, SUBPROTOCOL

R = TypeVar("R")
log = logging.getLogger("krig.session")

REPLIES = (m.Ack, m.Error, m.Joined, m.Lobby, m.Pong, m.Record)
TABLE_MOVED_ON = frozenset(
    {
        ErrorCode.STALE_STEP,
        ErrorCode.ALREADY_ACTED,
        ErrorCode.NOT_AWAITING,
        ErrorCode.SEAT_OUT,
        ErrorCode.GAME_OVER,
    }
)
"""Answers that say the server's table is ahead of ours: ask for what we missed."""
OUT_OF_ROOM = frozenset({ErrorCode.REMOVED, ErrorCode.ROOM_GONE})
"""Errors sent unasked (``id`` nil) that put this client out of its room (PROTOCOL.md §6)."""
RESYNC_AGAIN_S = 1.0
"""A gap still open this long after asking: ask again."""
WAITING_FOR_STORE = ErrorCode.WAITING_FOR_STORE.value
STORE_RETRY_S = 0.75
"""An action answered ``waiting_for_store`` is sent again (same id) after this long
(and up to half as long again, so the tables of a room do not retry in step)."""
AHEAD_LIMIT = 4096
"""Room events kept while waiting for a gap to be filled (beyond: a snapshot fixes it)."""
LOBBY_UPDATES = (m.LobbyRoom,)
TICK_S = 0.25
"""How often a session fails its requests past their deadline and wakes its
waiters to look at theirs: one timer a session, not one per request and per
wait (asyncio's timeouts were 7% of a 4-player load client's time). A
deadline is therefore kept to within this much."""


class ServerError(Exception):
    """The server refused an action; ``code`` is its error code."""

    def __init__(self, error: m.Error) -> None:
        super().__init__(f"{error.code}: {error.message}")
        self.code = error.code
        self.message = error.message


def with_room(url: str, code: str | None) -> str:
    """``url`` naming the room ``code`` in its query (``?room=CODE``), once."""
    if not code or "room=" in url:
        return url
    return f"{url}{'&' if '?' in url else '?'}room={code}"


class SessionClosed(Exception):
    """The session ended for good (refused hello, or closed by the user)."""


class RoomGone(SessionClosed):
    """The server says the room no longer exists (``room_gone``): it expired, or the
    server lost it. The session goes on, in no room."""

    def __init__(self, code: str | None) -> None:
        super().__init__(
            f"room {code or ''} is gone: it expired, or the server lost it".replace("  ", " ")
        )
        self.code = code


class LeftRoom(SessionClosed):
    """The host took this client's seat in a room that allows no watchers (``removed``):
    out of the room. The session goes on, in no room."""

    def __init__(self, error: m.Error) -> None:
        super().__init__(error.message)
        self.error = error


class Session:
    def __init__(
        self,
        url: str | list[str],
        name: str,
        *,
        token: str | None = None,
        reconnect: bool = True,
        on_message: Callable[[Any], None] | None = None,
        record: bool = False,
        client_label: str = "krig-cli/0.1",
        bundle: bool = True,
    ) -> None:
        self.urls = [url] if isinstance(url, str) else list(url)
        self.url = self.urls[0]
        self.name = name
        self.token = token
        self.reconnect = reconnect
        self.on_message = on_message
        self.client_label = client_label
        self.bundle = bundle
        """Ask for bundled frames (PROTOCOL.md §2a): a step's messages in one frame."""
        self.table = Table()
        self.room_hint: str | None = None
        """The room this session is going to (``krig join CODE``), put in the URL
        (``?room=CODE``) until it is in one, then its room's: a server of several worker
        processes serves a room's players on one of them (server/transport/routing.py)."""
        self.ws: FrameConnection | None = None
        self.welcome: m.Welcome | None = None
        self.frames: list[bytes] | None = [] if record else None
        self.reconnects = 0
        self.store_waits = 0
        """Actions answered ``waiting_for_store`` and sent again (the table waited)."""
        self.room_gone: str | None = None
        """The code of a room the server said is gone (room_gone), if any ("": a room this
        client had not heard of yet, such as the one a resumed session was in)."""
        self.closed = False
        self.changed = asyncio.Event()
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._deadlines: dict[int, float] = {}
        """The loop time by which each request in ``_waiting`` must be answered."""
        self._waiters = 0
        """``wait`` calls in progress (the ticker wakes them)."""
        self._reader: asyncio.Task[None] | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._connected = asyncio.Event()
        self._fatal: BaseException | None = None
        self._resync_sent_for = -1
        self._resync_sent_at = 0.0
        self._sending: set[asyncio.Task[None]] = set()
        self._resync_ids: list[int] = []
        self.handle_failures = 0
        """Messages whose handling raised (a bug; logged): 0 in a healthy run."""
        self._ahead: dict[int, m.RoomEvent | Unknown] = {}

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    @property
    def fatal(self) -> BaseException | None:
        """Why the session ended for good (a refused resume), or None while it lives."""
        return self._fatal

    # -------------------------------------------------------------- connect

    async def connect(self) -> m.Welcome:
        await self._open()
        loop = asyncio.get_running_loop()
        self._reader = loop.create_task(self._read_forever())
        if self._ticker is None:
            self._ticker = loop.create_task(self._tick_forever())
        assert self.welcome is not None
        return self.welcome

    async def _tick_forever(self) -> None:
        """Every ``TICK_S``: fail the requests past their deadline, wake the waiters."""
        loop = asyncio.get_running_loop()
        while not (self.closed and not self._waiters and not self._deadlines):
            await asyncio.sleep(TICK_S)
            now = loop.time()
            for action_id in [i for i, d in self._deadlines.items() if d <= now]:
                del self._deadlines[action_id]
                fut = self._waiting.pop(action_id, None)
                if fut is not None and not fut.done():
                    fut.set_exception(TimeoutError())
            if self._waiters:
                self.changed.set()  # each looks at its predicate and its deadline

    async def _open(self) -> None:
        ws = await websockets.connect(
            with_room(self.url, self.table.code or self.room_hint),
            subprotocols=[SUBPROTOCOL],  # type: ignore[list-item]
            compression=None,
            open_timeout=10,
            max_size=1 << 20,
            create_connection=FrameConnection,
        )
        assert isinstance(ws, FrameConnection)
        loop = asyncio.get_running_loop()
        welcome: asyncio.Future[bytes] = loop.create_future()
        early: list[bytes] = []  # what came with or right after the welcome

        def before_welcome(data: bytes) -> None:
            if welcome.done():
                early.append(data)
            else:
                welcome.set_result(data)

        ws.on_frame = before_welcome
        await ws.send(
            encode(
                m.Hello(
                    v=MAJOR,
                    name=self.name,
                    token=self.token,
                    client=self.client_label,
                    bundle=self.bundle,
                )
            )
        )
        closed = loop.create_task(ws.wait_closed())
        try:
            waiters: list[asyncio.Future[Any]] = [welcome, closed]
            await asyncio.wait(waiters, timeout=10, return_when=asyncio.FIRST_COMPLETED)
        finally:
            closed.cancel()
        if not welcome.done():
            welcome.cancel()
            await ws.close()
            raise ConnectionError("no welcome from the server")
        messages = decode_server_frame(welcome.result())
        first, rest = (messages[0] if messages else None), messages[1:]
        if isinstance(first, m.Error):
            await ws.close()
            if first.code == WAITING_FOR_STORE:  # (the server is up; its store will be)
                raise ConnectionError(f"{first.code}: {first.message}")
            raise SessionClosed(f"{first.code}: {first.message}")
        if not isinstance(first, m.Welcome):
            await ws.close()
            raise SessionClosed(f"expected welcome, got {type(first).__name__}")
        self.welcome = first
        self.token = first.session
        self.ws = ws
        ws.on_frame = self._on_frame
        for msg in rest:  # (a krig server sends its welcome alone)
            if not isinstance(msg, Unknown):
                self._message(msg)
        for data in early:
            self._on_frame(data)
        self._connected.set()

    async def close(self) -> None:
        self.closed = True
        if self.ws is not None:
            await self.ws.close()
        # (The ticker stays while a wait or a request is still in progress, to
        # time it out; it ends by itself after them.)
        idle = not self._waiters and not self._deadlines
        for task in (self._reader, self._ticker if idle else None):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _read_forever(self) -> None:
        backoff = 0.05
        while not self.closed:
            ws = self.ws
            assert ws is not None
            await ws.wait_closed()  # (frames are handled as they arrive: _on_frame)
            self._connected.clear()
            self._fail_waiting(ConnectionError("connection lost"))
            if self.closed or not self.reconnect:
                break
            tries = 0
            while not self.closed:
                await asyncio.sleep(backoff * (1 + random.random()))
                if tries and len(self.urls) > 1:
                    # Fail over to the next server of the list.
                    self.url = self.urls[(self.urls.index(self.url) + 1) % len(self.urls)]
                tries += 1
                try:
                    await self._open()
                except SessionClosed as exc:
                    self._fatal = exc
                    self.closed = True
                    self.changed.set()
                    return
                except (OSError, InvalidStatus, InvalidMessage, ConnectionClosed, TimeoutError):
                    # (InvalidMessage: a node stopped or killed mid-handshake sends no
                    # HTTP answer; before, this ended the reader and the seat for good.)
                    backoff = min(backoff * 2, 2.0)
                    continue
                self.reconnects += 1
                backoff = 0.05
                if self.table.code is not None:
                    self._ask_resync(again=True)
                break

    def _fail_waiting(self, exc: BaseException) -> None:
        for fut in self._waiting.values():
            if not fut.done():
                fut.set_exception(exc)
        self._waiting.clear()

    # ------------------------------------------------------------ receiving

    def _on_frame(self, frame: bytes) -> None:
        """Every message from the server, straight from the socket's reading."""
        try:
            self._handle(frame)
        except Exception:
            # A bug in applying one message must not stop the reading (the
            # connection would look alive while the table froze): log it, and
            # ask for a fresh picture.
            log.exception("failed to apply a message from the server")
            self.handle_failures += 1
            self._ask_resync(again=True)

    def _handle(self, frame: bytes) -> None:
        if self.frames is not None:
            try:
                self.frames.extend(split_frame(frame))  # one message each
            except ProtocolError:
                self.frames.append(frame)
        try:
            messages = decode_server_frame(frame)
        except ProtocolError:
            return
        for msg in messages:
            if not isinstance(msg, Unknown):
                self._message(msg)
            elif msg.seq is not None:
                # A room event of a newer server: it takes up its number (PROTOCOL.md §4).
                self._room_event(msg)

    def _room_event(self, msg: m.RoomEvent | Unknown) -> None:
        t = self.table
        seq = msg.seq
        assert seq is not None
        if seq <= t.seq:
            return
        if seq > t.seq + 1:
            # A frame sent straight to us (a resync answer) and a room
            # broadcast can cross: keep what came early, ask for the gap.
            if len(self._ahead) < AHEAD_LIMIT:
                self._ahead[seq] = msg
            self._ask_resync()
            return
        self._apply_event(msg)
        if self._ahead:  # (nearly always empty: events arrive in order)
            self._catch_up()

    def _message(self, msg: m.ServerMessage) -> None:
        if m.is_room_event(msg):
            self._room_event(msg)
            return
        caught_up = False
        match msg:
            case m.Snapshot():
                caught_up = self._snapshot(msg)
            case m.Joined():
                self._joined(msg)
            case m.Hand() if msg.seq >= self.table.seq:
                self.table.apply_hand(msg)
            case m.Welcome(room=str() as room):
                self.table.code = room
                self.table.seat = msg.seat
            case m.Error():
                self._error(msg)
            case _:
                pass
        if isinstance(msg, REPLIES):
            fut = self._waiting.pop(getattr(msg, "id", -1) or -1, None)
            if fut is not None and not fut.done():
                fut.set_result(msg)
        if self.on_message is not None:
            self.on_message(msg)
        self.changed.set()
        if caught_up:
            self._catch_up()

    def _snapshot(self, msg: m.Snapshot) -> bool:
        """Take a snapshot that is newer than our table, or of another room; True if taken."""
        t = self.table
        if msg.seq < t.seq and msg.room.code == t.code:
            return False
        if msg.room.code != t.code:
            self._ahead.clear()
        t.apply_snapshot(msg)
        return True

    def _joined(self, msg: m.Joined) -> None:
        t = self.table
        if msg.code != t.code:
            t.clear()  # another room (or in again): nothing of the last one carries over
            self._ahead.clear()
        t.code = msg.code
        t.seat = msg.seat
        t.left = None

    def _error(self, msg: m.Error) -> None:
        t = self.table
        if msg.code == ErrorCode.REMOVED and msg.id is None:
            # The host put us out of the room: no more events come.
            self._out_of_room(msg)
        elif msg.code == ErrorCode.ROOM_GONE:
            # The room no longer exists (told unasked, or as an action's answer).
            self.room_gone = t.code or self.room_gone or ""
            self._out_of_room(msg)
        elif msg.id in self._resync_ids:
            # The answer to a resync failed (Redis restarting?): ask again soon.
            asyncio.get_running_loop().call_later(RESYNC_AGAIN_S, self._ask_resync, True)
        elif msg.code in TABLE_MOVED_ON:
            # The server's table is ahead of ours, and perhaps no event is
            # coming to show it (the ones we missed were the last): ask.
            self._ask_resync(again=True)

    def _out_of_room(self, why: m.Error) -> None:
        """In no room now: no more of its events come (the table keeps why, in ``left``)."""
        t = self.table
        t.code = None
        t.seat = None
        t.left = why
        self._ahead.clear()

    def out_of_room(self) -> SessionClosed:
        """Why this client is in no room, as the exception a player or a bot stops with."""
        left = self.table.left
        if left is not None and left.code == ErrorCode.REMOVED:
            return LeftRoom(left)
        return RoomGone(self.room_gone)

    def _apply_event(self, event: m.RoomEvent | Unknown) -> None:
        if isinstance(event, Unknown):
            assert event.seq is not None
            self.table.seq = event.seq  # (counted, not understood)
        else:
            self.table.apply_event(event)
        if self.on_message is not None:
            self.on_message(event)
        self.changed.set()

    def _catch_up(self) -> None:
        """Apply the events that waited for the one just applied; ask again if a gap remains."""
        t = self.table
        while (event := self._ahead.pop(t.seq + 1, None)) is not None:
            self._apply_event(event)
        for seq in [s for s in self._ahead if s <= t.seq]:
            del self._ahead[seq]
        if self._ahead:
            self._ask_resync()

    def _ask_resync(self, again: bool = False) -> None:
        """Ask for the events after ``table.seq``: once per position, again if still stuck.

        An answer can fail (Redis restarting) or be lost with the connection,
        and when the gap is at the end of what the room has sent, no later
        event comes to notice it by: while a gap stays, ask every second.
        """
        t = self.table
        loop = asyncio.get_running_loop()
        now = loop.time()
        if t.code is None:
            return
        recent = now - self._resync_sent_at < RESYNC_AGAIN_S
        if self._resync_sent_for == t.seq and recent and not again:
            return
        self._resync_sent_for, self._resync_sent_at = t.seq, now
        resync_id = next(self._ids)
        self._resync_ids.append(resync_id)
        del self._resync_ids[:-8]
        task = loop.create_task(self._send_quietly(m.Resync(id=resync_id, after=t.seq)))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)
        loop.call_later(RESYNC_AGAIN_S, self._still_behind, t.seq)

    def _still_behind(self, seq: int) -> None:
        if self._ahead and self.table.seq == seq and not self.closed:
            self._ask_resync(again=True)

    async def _send_quietly(self, message: m.ClientMessage) -> None:
        """Send if connected; a reconnection asks for what was missed anyway."""
        with contextlib.suppress(ConnectionError, ConnectionClosed):
            await self._send(message)

    # -------------------------------------------------------------- sending

    async def _send(self, message: m.ClientMessage) -> None:
        ws = self.ws
        if ws is None:
            raise ConnectionError("not connected")
        # Not open: nothing is sent; a request is retried once reconnected.
        ws.send_now(encode(message))

    async def request(
        self,
        build: Callable[[int], m.ClientMessage],
        timeout: float = 10.0,
        retry_rate_limited: bool = True,
    ) -> Any:
        """Send an action and wait for its reply; retries with the same id after a reconnect.

        A ``rate_limited`` answer to a message-rate limit is retried after a pause;
        joins pass ``retry_rate_limited=False`` (a refused room-code guess must not
        be repeated)."""
        action_id = next(self._ids)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if self._fatal is not None:
                raise SessionClosed(str(self._fatal))
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"no reply to {type(build(action_id)).__name__}")
            if not self._connected.is_set():  # (no wait_for task when connected)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._connected.wait(), remaining)
                if not self._connected.is_set():
                    continue
            fut: asyncio.Future[Any] = loop.create_future()
            self._waiting[action_id] = fut
            self._deadlines[action_id] = deadline  # (the ticker fails it then)
            await self._send(build(action_id))
            try:
                reply = await fut
            except ConnectionError:
                continue  # resend the same id: the server applies it once
            except TimeoutError:
                raise TimeoutError(f"no reply to {type(build(action_id)).__name__}") from None
            finally:
                self._deadlines.pop(action_id, None)
                if self._waiting.get(action_id) is fut:
                    del self._waiting[action_id]  # (cancelled: nobody waits any more)
            if isinstance(reply, m.Error):
                if reply.code == WAITING_FOR_STORE:
                    # Not applied yet, or not confirmed: the same id again in a moment
                    # (applied once). The server answered, so the wait starts again.
                    self.store_waits += 1
                    await asyncio.sleep(STORE_RETRY_S * (1 + random.random() / 2))
                    deadline = loop.time() + timeout
                    continue
                if (
                    retry_rate_limited
                    and reply.code == "rate_limited"
                    and loop.time() + 0.5 < deadline
                ):
                    await asyncio.sleep(0.25 + random.random() / 4)
                    continue  # same id: applied at most once
                raise ServerError(reply)
            return reply

    # --------------------------------------------------------- conveniences

    async def _ask(
        self, build: Callable[[int], m.ClientMessage], kind: type[R], retry: bool = True
    ) -> R:
        reply = await self.request(build, retry_rate_limited=retry)
        if not isinstance(reply, kind):
            got = type(reply).__name__
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"expected {kind.__name__}, got {got}")
        return reply

    async def create(
        self,
        preset: str = "classic",
        seats: int = 2,
        public: bool = False,
        options: dict[str, bool | int | str] | None = None,
        ready_checks: bool = False,
    ) -> m.Joined:
        opts = dict(options or {})
        return await self._ask(
            lambda i: m.CreateRoom(
                id=i,
                preset=preset,
                options=opts,
                seats=seats,
                public=public,
                ready_checks=ready_checks,
            ),
            m.Joined,
            False,  # a per-minute room limit is not worth retrying in a quarter second
        )

    async def join(self, code: str, seat: int | None = None) -> m.Joined:
        return await self._ask(lambda i: m.JoinRoom(id=i, code=code, seat=seat), m.Joined, False)

    async def join_or_error(self, code: str) -> str:
        """Try to join; the error code, or "" when it worked."""
        try:
            await self.join(code)
        except ServerError as exc:
            return exc.code
        return ""

    async def spectate(self, code: str) -> m.Joined:
        return await self._ask(lambda i: m.Spectate(id=i, code=code), m.Joined, False)

    async def ready(self, ready: bool = True) -> m.Ack:
        return await self._ask(lambda i: m.Ready(id=i, ready=ready), m.Ack)

    async def start(self) -> m.Ack:
        return await self._ask(lambda i: m.Start(id=i), m.Ack)

    async def flip(self, step: int) -> m.Ack:
        return await self._ask(lambda i: m.FlipCard(id=i, step=step), m.Ack)

    async def choose(self, step: int, card: int) -> m.Ack:
        return await self._ask(lambda i: m.ChooseCard(id=i, step=step, card=card), m.Ack)

    async def leave(self) -> m.Ack:
        ack = await self._ask(lambda i: m.Leave(id=i), m.Ack)
        self.table.clear()
        self._ahead.clear()
        return ack

    async def rematch(self, on: bool = True) -> m.Ack:
        """Ask for a rematch after game over (``on`` false: take the request back)."""
        return await self._ask(lambda i: m.Rematch(id=i, on=on), m.Ack)

    async def ping(self) -> int:
        """The server's clock minus this machine's, in ms (from one ping's round trip)."""
        loop = asyncio.get_running_loop()
        sent = time.time() * 1000
        t0 = loop.time()
        reply = await self._ask(lambda i: m.Ping(id=i), m.Pong)
        half_rtt = (loop.time() - t0) * 500
        return int(reply.now_ms - (sent + half_rtt))

    async def lobby(self) -> m.Lobby:
        return await self._ask(lambda i: m.ListRooms(id=i), m.Lobby)

    async def configure(
        self,
        preset: str | None = None,
        options: dict[str, bool | int | str] | None = None,
        turn_s: int | None = None,
        spectating: bool | None = None,
        locked: bool | None = None,
        public: bool | None = None,
        chat: bool | None = None,
        ready_checks: bool | None = None,
        deal_seed: int | None = None,
    ) -> m.Ack:
        return await self._ask(
            lambda i: m.Configure(
                id=i,
                preset=preset,
                options=options,
                turn_s=turn_s,
                spectating=spectating,
                locked=locked,
                public=public,
                chat=chat,
                ready_checks=ready_checks,
                deal_seed=deal_seed,
            ),
            m.Ack,
        )

    async def chat(self, text: str) -> m.Ack:
        return await self._ask(lambda i: m.Chat(id=i, text=text), m.Ack)

    async def add_bot(self, seat: int | None = None, level: str = "normal") -> m.Ack:
        return await self._ask(
            lambda i: m.AddBot(id=i, seat=seat, level=level),  # type: ignore[arg-type]
            m.Ack,
        )

    async def remove_seat(self, seat: int) -> m.Ack:
        return await self._ask(lambda i: m.RemoveSeat(id=i, seat=seat), m.Ack)

    async def quick(self, players: int, preset: str = "classic") -> m.Joined:
        return await self._ask(
            lambda i: m.QuickJoin(id=i, players=players, preset=preset), m.Joined, False
        )

    async def watch_lobby(self, on: bool = True) -> m.Lobby | m.Ack:
        reply = await self.request(lambda i: m.WatchLobby(id=i, on=on))
        assert isinstance(reply, m.Lobby | m.Ack)
        return reply

    async def wait(self, predicate: Callable[[Table], bool], timeout: float = 30.0) -> None:
        """Wait until ``predicate(table)`` holds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        self._waiters += 1  # woken by every message, and by the ticker
        try:
            while not predicate(self.table):
                if self._fatal is not None:
                    raise SessionClosed(str(self._fatal))
                self.changed.clear()
                if loop.time() >= deadline:
                    raise TimeoutError("condition not reached")
                await self.changed.wait()
        finally:
            self._waiters -= 1
