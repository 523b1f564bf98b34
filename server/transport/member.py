"""Where one connection's player is: its room and seat, and every way in and out.

A connection is a member of at most one room. It becomes one by creating,
quick-joining or joining a room, or by resuming a session that was in one; it
stops being one by leaving, by being freed from its seat, by the room going,
or by closing (a disconnect the room's clock then counts). What it missed is
sent again on ``resync``.
"""

from __future__ import annotations

import asyncio
import contextlib

import structlog

from protocol import messages as m
from protocol.errors import ErrorCode
from server import rooms
from server.errors import Refused
from server.rooms.codes import normalize
from server.rooms.state import RoomRecord
from server.service.delivery import gone_error
from server.service.node import Node
from server.service.service import now_ms
from server.service.sink import Sink, send_msg
from server.store.store import Player
from server.transport.inbox import OfferingConnection


class Member:
    """One connection's place in the rooms (``room`` None: in none)."""

    def __init__(
        self, node: Node, ws: OfferingConnection, conn: str, peer: str, log: structlog.BoundLogger
    ) -> None:
        self.node = node
        self.ws = ws
        self.conn = conn
        self.peer = peer
        self.log = log
        """The connection's log, bound to its player, room and seat as they change."""
        self.player: Player | None = None
        self.room: str | None = None
        self.seat: int | None = None
        self.resumed = False
        """Resumed into a room, and no resync answered since: the next one ends with a
        snapshot (``resync``)."""
        self._tasks: set[asyncio.Task[None]] = set()
        """Fire-and-forget store writes (kept referenced until done)."""

    @property
    def pid(self) -> str:
        assert self.player is not None
        return self.player.id

    def become(self, player: Player) -> None:
        """The session's player (from the hello)."""
        self.player = player
        self.log = self.log.bind(player=player.id)

    async def rejoin(self) -> tuple[RoomRecord | None, str]:
        """A resumed session's room, bound to this connection: (its record, or None;
        the code of a room that is gone, or "")."""
        assert self.player is not None
        code = self.player.room
        if not code:
            return None, ""
        pid = self.pid
        try:
            rec: RoomRecord | None
            rec, _, _ = await self.node.service.apply(
                code, lambda r, o: rooms.bind(r, o, pid, self.conn)
            )
        except Refused as exc:
            if exc.code == ErrorCode.WAITING_FOR_STORE:
                raise  # (the hello is answered so: the room is there, its store will be)
            return None, code if exc.code == ErrorCode.UNKNOWN_ROOM else ""
        if rec is not None and rec.seat_of(pid) is None and pid not in rec.spectators:
            rec = None
        self.resumed = rec is not None
        return rec, ""

    async def enter(self, rec: RoomRecord, seat: int | None, action_id: int | None) -> None:
        """Become a local member of ``rec``: joined, snapshot, then live events."""
        self.room = rec.code
        self.seat = seat
        self.log = self.log.bind(room=rec.code, seat=seat)
        await self.node.enter(self.ws, self.conn, self.pid, rec, seat, action_id, self.out)

    def out(self) -> None:
        """Out of the room: the host freed this seat where spectators are not allowed,
        or the room is gone. The player's session now resumes into no room."""
        code, pid = self.room, self.pid
        self.room = None
        self.seat = None
        self.log = self.log.bind(room=None, seat=None)
        self.log.info("out_of_room", room=code)
        task = asyncio.get_running_loop().create_task(self.node.left(pid))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def lost_room(self, exc: Refused) -> Refused:
        """An action on this connection's room found no room: it is gone, and so is the
        connection from it. Any other refusal is returned as it is."""
        code = self.room
        if exc.code != ErrorCode.UNKNOWN_ROOM or code is None:
            return exc
        self.node.step_out(code, self.conn)
        self.out()
        gone = gone_error(code, None)
        return Refused(ErrorCode.ROOM_GONE, gone.message)

    async def gone(self) -> None:
        """The connection closed: a disconnect for the room it was in."""
        self.node.watch_lobby(self.conn, None)
        if self.room is None or self.player is None:
            return
        code, pid = self.room, self.player.id
        self.node.step_out(code, self.conn)
        with contextlib.suppress(Refused, Exception):
            await self.node.service.apply(
                code, lambda r, o: rooms.disconnect(r, o, pid, self.conn, now_ms())
            )
        self.log.info("disconnected", room=code, seat=self.seat)

    # ---------------------------------------------------------- requests

    async def create(self, msg: m.CreateRoom) -> None:
        if self.room is not None:
            rec = await self.node.current(self.room)
            if rec is not None and rooms.remembered(rec, self.pid, msg.id) is not None:
                # The seat from the record: the host may have moved it to the rail since.
                seat = rec.seat_of(self.pid)
                send_msg(self.ws, m.Joined(id=msg.id, code=rec.code, seat=seat, seq=rec.seq))
                return
            raise Refused(ErrorCode.ALREADY_IN_ROOM, "leave your room before creating another")
        assert self.player is not None
        rec = await self.node.entry.create(self.player, self.conn, self.peer, msg)
        await self.enter(rec, 0, msg.id)
        self.log.info("room_created", preset=msg.preset, seats=msg.seats, public=msg.public)

    async def quick(self, msg: m.QuickJoin) -> None:
        if self.room is not None:
            raise Refused(ErrorCode.ALREADY_IN_ROOM, "leave your room before quick-joining")
        assert self.player is not None
        rec, seat = await self.node.entry.quick(self.player, self.conn, self.peer, msg)
        await self.enter(rec, seat, msg.id)

    async def join(self, action_id: int, text: str, seat: int | None, spectate: bool) -> None:
        code = normalize(text)
        if self.room is not None and self.room != code:
            raise Refused(ErrorCode.ALREADY_IN_ROOM, "leave your room before joining another")
        assert self.player is not None
        rec, taken = await self.node.entry.join(
            self.player, self.conn, self.peer, text, seat, spectate
        )
        if self.room is not None:
            self.node.step_out(rec.code, self.conn)
        await self.enter(rec, taken, action_id)

    async def leave(self, action_id: int) -> None:
        if self.room is None:
            raise Refused(ErrorCode.NOT_IN_ROOM, "you are not in a room")
        code, pid = self.room, self.pid
        try:
            await self.node.service.apply(code, lambda r, o: rooms.leave(r, o, pid, now_ms()))
        except Refused as exc:
            if exc.code != ErrorCode.UNKNOWN_ROOM:
                raise
            # (Gone already: leaving it is done.)
        self.node.step_out(code, self.conn)
        await self.node.left(pid)
        self.room = None
        self.seat = None
        send_msg(self.ws, m.Ack(id=action_id, step=0))

    async def resync(self, action_id: int, after: int) -> None:
        """Every kept event after ``after`` again (or a snapshot), then the reply: ``ack``.

        The first resync after a resume also ends with a snapshot of the room as it
        is now. A store that went back in time (``--redis-min-replicas 0``) may have
        numbered other events as the last ones the client was shown, by a node that
        never sent them (its resume snapshot is then older than what the client
        holds, and dropped): only the client knows its events, and this snapshot, at
        a number it holds, sets it right (the fault simulator's seed 27625)."""
        if self.room is None:
            raise Refused(ErrorCode.NOT_IN_ROOM, "join or create a room first")
        resumed, self.resumed = self.resumed, False
        answer = await resync_answer(self.node, self.ws, self.room, self.pid, after, resumed)
        if answer is not None:
            self.seat = answer.seat_of(self.pid)
        send_msg(self.ws, m.Ack(id=action_id, step=0))


async def resync_answer(
    node: Node, sink: Sink, code: str, pid: str, after: int, resumed: bool
) -> RoomRecord | None:
    """Sends ``sink`` what a resync after ``after`` asks of room ``code`` (all but the
    ``ack``): every kept event after it, then the member's hand (a reveal among them
    may have changed it: the room's broadcast sent the new hand only to members it
    reached at the time); or a snapshot. Returns the record a snapshot was made of.
    After a resume (``resumed``) the events are followed by a snapshot."""
    kept = await node.resync(code, after)
    rec: RoomRecord | None = None
    if isinstance(kept, RoomRecord):
        rec = kept
    else:
        _, frames = kept
        sink.put(frames)
        if resumed:
            rec = await node.current(code)
        elif frames:
            held = await node.current(code)
            own = rooms.hand(held, held.seat_of(pid)) if held is not None else None
            if own is not None:
                send_msg(sink, own)
    if rec is not None:
        send_msg(sink, rooms.snapshot(rec, rec.seat_of(pid)))
    return rec
