"""Local delivery: each commit's events to this node's members of the room, in order.

A node keeps a :class:`LocalRoom` for every room one of its connections is
in (a seat or a spectator). Every commit of such a room reaches
:meth:`LocalDelivery.deliver`: this node's own at once (from the room
service), other nodes' through pub/sub. Events go out strictly in sequence
order; an update that arrives ahead of a missing one waits, and a gap that
stays is filled from the room's log in Redis (or, if the log no longer
holds it, with a snapshot). The private messages an update calls for
(snapshots, hands) are built by ``server.rooms.views`` for each member's
own seat. A member is a :class:`~server.service.sink.Sink`: the delivery
never holds a socket (the transport implements the sink).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

import structlog

from protocol import messages as m
from protocol.codec import ProtocolError, decode_server
from protocol.errors import CloseCode, ErrorCode
from server import rooms
from server.rooms import Private
from server.rooms.state import RoomRecord, decode_record
from server.service.sink import Framer, Sink, send_msg
from server.store.store import LoadedRoom, Store
from server.store.update import RoomUpdate

log = structlog.get_logger("krig.delivery")

GAP_WAIT_S = 0.2
"""How long an update that arrived ahead of a missing one waits before the gap is
filled from Redis (the missing one is nearly always a moment behind)."""

MEMBER_PRIVATE = Private.SNAPSHOTS | Private.HANDS | Private.REBOUND


@dataclass(slots=True, eq=False)
class Member:
    """A local connection that sees a room (a seat or a spectator)."""

    sink: Sink
    conn: str
    player: str
    seat: int | None
    last_seq: int
    on_out: Callable[[], None] | None = None
    """Called when this connection is put out of the room, or the room is gone
    (the connection forgets the room)."""


@dataclass(slots=True)
class LocalRoom:
    seq: int
    """The last event delivered to the room's members."""
    members: dict[str, Member] = field(default_factory=dict)
    pending: dict[int, RoomUpdate] = field(default_factory=dict)
    """Updates that arrived ahead of a missing one, by their first sequence number."""
    gap_task: asyncio.Task[None] | None = None
    last_frame: bytes | None = None
    """The event numbered ``seq`` as it was sent (None: not known, after a snapshot)."""
    version: int = 0
    """The room's version with the event numbered ``seq`` (0: not known)."""
    diverged: bool = False
    """An update is of another history than what this node sent (the store went back in
    time): nothing more is sent until the room's rewind (``Jobs.rewind_diverged``)
    sends every member a snapshot."""


def gone_error(code: str, action_id: int | None) -> m.Error:
    return m.Error(
        id=action_id,
        code=ErrorCode.ROOM_GONE.value,
        message=(
            f"room {code} is gone: it expired, or the server lost it. "
            "You are in no room now; host or join another"
        ),
    )


def private_of(frames: list[bytes]) -> int:
    """The private messages a run of event frames from the room's log calls for.

    (Updates say it themselves; this is for the rare catch-up from the log.)
    """
    private = Private.NONE
    for frame in frames:
        try:
            event = decode_server(frame)
        except ProtocolError:
            continue
        if isinstance(event, m.GameStarted | m.RoomChanged):
            # (A room rewound says RoomChanged, and its members need the snapshot
            # that came with it; any other change is one snapshot more.)
            private |= Private.SNAPSHOTS | Private.HANDS
        elif isinstance(event, m.Revealed):
            private |= Private.HANDS
        elif isinstance(event, m.PlayerReconnected):
            private |= Private.REBOUND
    return private


def send_private(room: LocalRoom, rec: RoomRecord, private: int) -> bool:
    """The private messages an update calls for, each built for its member's own seat
    (``server.rooms.views``); a member whose seat was resumed elsewhere is closed.

    True if a snapshot found a member the record does not hold: the store went back
    in time past its own bind (``LocalDelivery.on_unbound``)."""
    unbound = False
    for mb in list(room.members.values()):
        # The seat comes from the record, never from what the member joined
        # as: a host may have removed it and another player taken it since.
        seat = rec.seat_of(mb.player)
        mb.seat = seat
        held_by = rec.seats[seat].conn if seat is not None else ""
        if private & Private.REBOUND and held_by not in ("", mb.conn):
            # This seat was resumed on another connection: this one is stale.
            room.members.pop(mb.conn, None)
            mb.sink.shut(CloseCode.SESSION_REPLACED, "your session was resumed elsewhere")
            continue
        if private & Private.SNAPSHOTS:
            send_msg(mb.sink, rooms.snapshot(rec, seat))
            unbound = unbound or not _holds(rec, seat, mb)
        elif private & Private.HANDS:
            hand = rooms.hand(rec, seat)
            if hand is not None:
                send_msg(mb.sink, hand)
    return unbound


def _holds(rec: RoomRecord, seat: int | None, mb: Member) -> bool:
    """Whether ``rec`` has member ``mb`` where it is: its seat (or its spectator place)
    held by its connection. A member joins a room here only once a commit put it in the
    record (``Node.enter``), and is shut when another connection resumes its seat
    (REBOUND): one the record does not hold lost its bind to a failover that took writes
    back (--redis-min-replicas 0), and a connection the record names instead is older."""
    if seat is None:
        return rec.spectators.get(mb.player) == mb.conn
    held = rec.seats[seat]
    return held.conn == mb.conn or held.left


def _differs(room: LocalRoom, update: RoomUpdate) -> bool:
    """Whether ``update`` is of another history than what this node sent: it
    carries another event under the number of the last one sent, or events
    after it from a version no later than the one sent (in one history a
    later event always comes with a later version)."""
    if update.first_seq > room.seq:
        return bool(update.frames) and 0 < update.version <= room.version
    at = room.seq - update.first_seq
    frames = update.frames
    return (
        room.last_frame is not None
        and 0 <= at < len(frames)
        and len(frames) == update.last_seq - update.first_seq + 1
        and frames[at] != room.last_frame
    )


class LocalDelivery:
    def __init__(self, store: Store, frame: Framer | None = None) -> None:
        self.store = store
        self.frame = frame
        """The transport's framing: a broadcast is framed once for every member (None:
        each sink frames what it is sent)."""
        self.rooms: dict[str, LocalRoom] = {}
        self.lobby_watchers: dict[str, Sink] = {}
        self.on_first: Callable[[str], None] = lambda code: None
        """Called when a room gets its first local member (subscribe to it)."""
        self.on_last: Callable[[str], None] = lambda code: None
        """Called when a room's last local member leaves (unsubscribe, forget it)."""
        self.on_loaded: Callable[[str, LoadedRoom], None] = lambda code, loaded: None
        """Called with a room just read from Redis while catching up (the cache's now)."""
        self.on_diverged: Callable[[str], None] = lambda code: None
        """Called when an update numbers events as ones already sent here with other
        events (the room is rewound: ``Jobs.rewind_diverged``)."""
        self.on_unbound: Callable[[str], None] = lambda code: None
        """Called when a room's snapshot lost some local member's bind (``Node._rebind``:
        else no other node publishes it the room's commits, ``RoomService._elsewhere``)."""
        self._catching: set[asyncio.Task[None]] = set()
        """Catch-ups started by ``catch_up_soon`` (kept referenced until done)."""

    # ------------------------------------------------------------- members

    def join(self, code: str, member: Member) -> None:
        room = self.rooms.get(code)
        if room is None:
            room = self.rooms[code] = LocalRoom(seq=member.last_seq)
            self.on_first(code)
        room.members[member.conn] = member

    def leave(self, code: str, conn: str) -> None:
        room = self.rooms.get(code)
        if room is None:
            return
        room.members.pop(conn, None)
        if not room.members:
            del self.rooms[code]
            if room.gap_task is not None:
                room.gap_task.cancel()
            self.on_last(code)

    def members(self, code: str) -> list[Member]:
        room = self.rooms.get(code)
        return [] if room is None else list(room.members.values())

    # ------------------------------------------------------------ delivery

    def shown(self, code: str) -> int:
        """The last event of room ``code`` sent to this node's members (0: none here)."""
        room = self.rooms.get(code)
        if room is None:
            return 0
        top = room.seq
        for mb in room.members.values():  # (no generator: one per flip costs ~10x)
            top = max(top, mb.last_seq)
        return top

    def deliver(self, update: RoomUpdate, rec: RoomRecord | None) -> None:
        """Send a committed update's events to the room's local members, in order."""
        room = self.rooms.get(update.code)
        if room is None:
            return
        # A snapshot for every member (a rewind, a game's start) replaces what they
        # hold: after a rewind the versions go on from the store's, below lost ones.
        resets = bool(update.private & Private.SNAPSHOTS) and update.last_seq > room.seq
        if room.diverged:
            if not resets:
                return  # (built on what the members were not shown)
            room.diverged = False
            room.pending.clear()
        if resets:
            room.version = 0
        elif _differs(room, update):
            self.diverge(update.code, update.last_seq)
            return
        if update.last_seq <= room.seq:
            return
        if update.first_seq > room.seq + 1 and not update.private & Private.SNAPSHOTS:
            # (A rewind's numbers jump, and its snapshot replaces all a member holds.)
            room.pending[update.first_seq] = update
            if room.gap_task is None or room.gap_task.done():
                room.gap_task = asyncio.get_running_loop().create_task(self._fill_gap(update.code))
            return
        self._send_update(room, update, rec, update.private)
        while room.seq + 1 in room.pending:
            nxt = room.pending.pop(room.seq + 1)
            self._send_update(room, nxt, None, nxt.private)
        for first in [f for f, u in room.pending.items() if u.last_seq <= room.seq]:
            del room.pending[first]

    def diverge(self, code: str, store_seq: int) -> None:
        """The same number, another event: the store went back in time (a failover at
        --redis-min-replicas 0) and numbered new events as lost ones this node sent.
        Nothing more of the room is sent until it is rewound and its members are given
        the room as the store holds it (``Jobs.rewind_diverged``)."""
        room = self.rooms.get(code)
        if room is None or room.diverged:
            return
        log.warning("room_diverged", room=code, local=room.seq, update=store_seq)
        room.diverged = True
        room.pending.clear()
        self.on_diverged(code)

    def last_differs(self, code: str, seq: int, frame: bytes | None) -> bool:
        """Whether the store's event ``seq`` (``frame``) is not the one this node sent
        under that number (unknown on either side: no)."""
        room = self.rooms.get(code)
        return (
            room is not None
            and room.seq == seq
            and frame is not None
            and room.last_frame is not None
            and frame != room.last_frame
        )

    def _send_update(
        self, room: LocalRoom, update: RoomUpdate, rec: RoomRecord | None, private: int
    ) -> None:
        """Broadcast the frames a room has not seen yet, then the private messages they call for."""
        skip = room.seq + 1 - update.first_seq
        frames = update.frames[skip:] if skip > 0 else update.frames
        seq = max(room.seq + 1, update.first_seq)
        if frames:
            last = seq + len(frames) - 1
            wire: list[bytes] | None = None  # framed once for every plain member
            frame = self.frame
            for mb in list(room.members.values()):
                if mb.last_seq < last:
                    # A member that joined late has seen the first ones already.
                    start = max(0, mb.last_seq + 1 - seq)
                    sink = mb.sink
                    if frame is None or sink.bundling:  # (a bundle is framed at the turn's end)
                        sink.put(frames[start:] if start else frames)
                    else:
                        if wire is None:
                            wire = [frame(f) for f in frames]
                        if start:
                            sink.put(frames[start:], wire[start:])
                        else:
                            sink.put(frames, wire)
                    mb.last_seq = last
        room.seq = update.last_seq
        room.version = max(room.version, update.version)
        consistent = len(update.frames) == update.last_seq - update.first_seq + 1
        room.last_frame = update.frames[-1] if update.frames and consistent else None
        for conn in update.removed:
            self.put_out(update.code, conn)
        private &= MEMBER_PRIVATE
        if not private:
            return
        if rec is None:
            if not update.record:  # (a step of play never calls for a private message)
                return
            rec = decode_record(update.record)
        if send_private(room, rec, private):
            self.on_unbound(update.code)

    def put_out(self, code: str, conn: str) -> None:
        """A local member the host removed from the room: told, then no more events."""
        room = self.rooms.get(code)
        mb = room.members.get(conn) if room is not None else None
        if mb is None:
            return
        self.leave(code, conn)
        send_msg(
            mb.sink,
            m.Error(
                id=None,
                code=ErrorCode.REMOVED.value,
                message=f"the host removed you from room {code}",
            ),
        )
        if mb.on_out is not None:
            mb.on_out()

    def gone(self, code: str) -> None:
        """The room no longer exists in the store: every local member is told, and is out."""
        room = self.rooms.get(code)
        if room is None:
            return
        log.info("room_gone", room=code, members=len(room.members))
        for mb in list(room.members.values()):
            self.leave(code, mb.conn)
            send_msg(mb.sink, gone_error(code, None))
            if mb.on_out is not None:
                mb.on_out()

    # ------------------------------------------------------------- catching up

    async def _fill_gap(self, code: str) -> None:
        await asyncio.sleep(GAP_WAIT_S)
        room = self.rooms.get(code)
        if room is None or not room.pending:
            return
        await self._catch_up_quietly(code)

    def catch_up_soon(self, code: str) -> None:
        """Catch a local room up from Redis in a task of its own (a commit of this node
        may have landed without being delivered: its action was answered
        ``waiting_for_store``)."""
        if code not in self.rooms:
            return
        task = asyncio.get_running_loop().create_task(self._catch_up_quietly(code))
        self._catching.add(task)
        task.add_done_callback(self._catching.discard)

    async def _catch_up_quietly(self, code: str) -> None:
        try:
            await self.catch_up(code)
        except Exception as exc:  # (the reconcile job catches it up later)
            log.warning("catch_up_failed", room=code, error=str(exc))

    async def catch_up(self, code: str) -> None:
        """Catch a local room up from Redis (after a gap or a lost subscription)."""
        room = self.rooms.get(code)
        if room is None:
            return
        loaded = await self.store.load(code)
        if loaded is None:
            return
        # One event before what was sent, when this node knows the frame it sent under
        # that number: a store that went back in time and numbered another event so
        # shows itself (``_differs``) instead of being caught up on a different past.
        overlap = 1 if room.last_frame is not None and room.seq > 0 else 0
        after = room.seq
        kept = await self.store.journals.events_after(code, after, overlap)
        room = self.rooms.get(code)
        if room is None or room.diverged:
            return  # (diverged: the room is rewound, Jobs.rewind_diverged)
        if loaded.seq <= room.seq or (kept is not None and kept[0] <= room.seq):
            # (The journal may hold less: the store went back between the two reads;
            # the reconcile job rewinds the room.) Nothing new, but perhaps another
            # event under its last number, whose update never came here.
            if overlap and kept is not None and kept[0] == after == room.seq:
                frames = kept[1]
                if len(frames) == 1 and self.last_differs(code, after, frames[0]):
                    self.diverge(code, after)
            return
        rec = rooms.rebuild(loaded.blob, loaded.tail)
        self.on_loaded(code, loaded)
        room.pending.clear()
        if kept is None:
            room.last_frame = None
            room.version = loaded.version
            for mb in room.members.values():
                mb.last_seq = rec.seq
            room.seq = rec.seq
            if send_private(room, rec, Private.SNAPSHOTS):  # (a snapshot to each)
                self.on_unbound(code)
        else:
            last_seq, frames = kept
            update = RoomUpdate(
                code,
                loaded.version,
                last_seq - len(frames) + 1,
                last_seq,
                loaded.blob,
                frames,
                0,
                private=private_of(frames),
            )
            if update.first_seq <= room.seq and _differs(room, update):
                self.diverge(code, last_seq)
                return
            self._send_update(room, update, rec, update.private)
        self._put_out_missed(code, rec)

    def _put_out_missed(self, code: str, rec: RoomRecord) -> None:
        """Members the host put out in an update this node never received.

        The log holds the events, not who was put out; the record names the
        last few. One that is back in the room since (seated or watching
        again) stays.
        """
        room = self.rooms.get(code)
        if room is None:
            return
        for conn in rec.removed:
            mb = room.members.get(conn)
            back = mb is not None and (
                rec.seat_of(mb.player) is not None or mb.player in rec.spectators
            )
            if mb is not None and not back:
                self.put_out(code, conn)

    # ------------------------------------------------------------- the lobby

    def lobby_changed(self, frame: bytes) -> None:
        """A public room changed: every lobby watcher gets the ``lobby_room`` frame."""
        if self.lobby_watchers:
            # Through the sink, as everything else: in order with a
            # bundling watcher's messages of this turn (its `lobby` reply).
            frames = [frame]
            wire = None if self.frame is None else [self.frame(frame)]
            for sink in list(self.lobby_watchers.values()):
                sink.put(frames, None if sink.bundling else wire)
