"""One server process: applies actions to rooms in Redis and delivers room events.

``apply`` is the only way a room changes: load the record (from the local
cache when it is current), run a transition from :mod:`server.rooms`, and
commit with one compare-and-set round trip; on a conflict reload and retry.
Seats' plays that arrive together share one commit (``play_together``). A
node delivers its own commits to its clients at once; a commit is published
to the other nodes serving the room, if any. Every node delivers the events
of the rooms its clients are in strictly in sequence order, filling gaps
from the room's log.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import redis.asyncio as aioredis
import structlog
from msgspec import Struct
from websockets.asyncio.server import ServerConnection

from protocol import messages as m
from protocol.codec import encode
from protocol.errors import CloseCode, ErrorCode
from protocol.records import GameRecord
from server import metrics, rooms
from server.config import Settings
from server.outbox import bundles, send_frames, wire_frame
from server.records import (
    PlayInput,
    RoomRecord,
    RoomUpdate,
    StepEntry,
    decode_record,
    decode_update,
    encode_game_record,
    encode_record,
    encode_step,
)
from server.redis_pipe import RedisPipe
from server.redis_sub import Subscription, open_subscription
from server.rooms import Outcome, Refused
from server.store import (
    LOBBY_CHANNEL,
    STORE_FORMAT,
    LoadedRoom,
    Store,
    StoreFormatMismatch,
    channel,
)

T = TypeVar("T")
log = structlog.get_logger("krig.node")

LOBBY_CHANNEL_BYTES = LOBBY_CHANNEL.encode()
SNAPSHOTS = 1
HANDS = 2
REBOUND = 4

STEPS_PER_RECORD = 16
"""A room's whole record is written at least every this many steps of play; the
steps in between are appended to its tail (store.COMMIT), which a load
replays (at most 15 steps, about 5 us each in the engine)."""


def now_ms() -> int:
    return int(time.time() * 1000)


@dataclass(slots=True, eq=False)
class Member:
    """A local connection that sees a room (a seat or a spectator)."""

    ws: ServerConnection
    conn: str
    player: str
    seat: int | None
    last_seq: int
    on_removed: Callable[[], None] | None = None
    """Called when the host puts this connection out of the room (it forgets the room)."""


@dataclass(slots=True)
class LocalRoom:
    seq: int
    members: dict[str, Member] = field(default_factory=dict)
    pending: dict[int, RoomUpdate] = field(default_factory=dict)
    gap_task: asyncio.Task[None] | None = None
    hand_game: bool | None = None
    """Whether the current game deals hands (None: not known yet): a reveal in a
    game without hands needs no private message, so no decode of the record."""


def frame_flags(frames: list[bytes]) -> int:
    """Which private messages a batch of room event frames calls for (the tag comes first)."""
    flags = 0
    for frame in frames:
        head = frame[:24]
        if b"game_started" in head:
            flags |= SNAPSHOTS | HANDS
        elif b"revealed" in head:
            flags |= HANDS
        elif b"player_reconnected" in head:
            flags |= REBOUND
    return flags


@dataclass(slots=True)
class _Play:
    """A seat's play waiting for its batch's commit (Node.play_together)."""

    play: PlayInput
    acted_ms: int
    reply: Callable[[int], None]
    failed: Callable[[BaseException], None]
    """Called instead of ``reply`` when the play is refused or cannot be committed."""
    refused: Refused | None = None
    answer: int = 0
    """The step the play is answered with (``rooms.play_input``)."""


def _play_each(batch: list[_Play], rec: RoomRecord, out: Outcome) -> None:
    """Every play of a batch in turn; a refused one is noted and the rest go on."""
    for p in batch:
        p.refused = None
    for p in batch:
        try:
            p.answer = rooms.play_input(rec, out, p.play)
        except Refused as exc:
            if out.from_cache:
                raise  # judged again, all of them, on the current record
            p.refused = exc


def _fail_each(code: str, batch: list[_Play], exc: BaseException) -> None:
    for p in batch:
        try:
            p.failed(exc)
        except Exception as error:  # (as a reply: logged, the others go on)
            log.warning("reply_failed", room=code, error=repr(error))


def _lose_node(rec: RoomRecord, out: Outcome, node: str) -> None:
    rooms.node_lost(rec, out, node, now_ms())


def send(ws: ServerConnection, frame: bytes) -> None:
    """Queue a frame now, in order with room broadcasts (no await between them)."""
    send_frames(ws, [frame])


def send_msg(ws: ServerConnection, message: Struct) -> None:
    send_frames(ws, [encode(message)])


class Node:
    def __init__(
        self,
        settings: Settings,
        client: aioredis.Redis,
        node_id: str,
        pipe: RedisPipe | None = None,
        redis_url: str = "",
    ) -> None:
        self.settings = settings
        self.redis = client
        self.redis_url = redis_url or settings.redis_url
        self.id = node_id
        self.store = Store(
            client,
            pipe=pipe,
            log_keep=settings.log_keep,
            room_ttl_s=settings.room_ttl_s,
            record_ttl_s=settings.record_ttl_s,
            session_ttl_s=settings.session_ttl_s,
        )
        self.cache: dict[str, LoadedRoom] = {}
        self.decoded: dict[str, RoomRecord] = {}
        """The last record this node committed per room, so the next action skips a decode."""
        self.rooms: dict[str, LocalRoom] = {}
        self.grace_ms = int(settings.grace_s * 1000)
        self._tasks: list[asyncio.Task[None]] = []
        self._sub: Subscription | None = None
        self._subscribed: set[str] = set()
        self._confirmed: set[str] = set()
        """Rooms whose channel Redis confirmed on the live subscription: for these
        the commit publishes only if another node listens too (store.COMMIT)."""
        self._sub_lock = asyncio.Lock()
        self.redis_ok = False
        self.lobby_watchers: dict[str, ServerConnection] = {}
        self._ctl_channel = f"krig:node:{node_id}:ctl".encode()
        self._beats = 0
        self._behind: dict[str, int] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        """One per room acted on; unused ones are dropped by the heartbeat."""
        self._batches: dict[str, list[_Play]] = {}
        """Plays collected in this loop turn, per room (play_together)."""
        self._committing: dict[int, asyncio.Task[None]] = {}
        """The batches being committed, by ``id`` of the batch (a reference keeps
        each task alive; the task drops it itself when it ends)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        """The running loop, once play_together has looked it up."""

    # ------------------------------------------------------------ applying

    async def apply(
        self,
        code: str,
        transition: Callable[[RoomRecord, Outcome], T],
        *,
        acted_ms: int = 0,
        create: RoomRecord | None = None,
        plays: list[PlayInput] | None = None,
    ) -> tuple[RoomRecord, Outcome, T]:
        """Run ``transition`` on room ``code`` atomically; raises :class:`Refused`.

        ``plays``: the transition is exactly these plays, applied in order by
        ``rooms.play_input`` (a batch of Node.play_together); such a step may
        be committed as a tail entry instead of a whole record (see _steppable).

        Actions on one room are applied one at a time on this node: two seats
        flipping at once would otherwise both start from the same cached
        version, and the second would lose the compare-and-set and pay a
        reload and a second commit (two extra round trips).
        """
        lock = self._locks.get(code)
        if lock is None:
            lock = self._locks[code] = asyncio.Lock()
        async with lock:
            return await self._apply(code, transition, acted_ms, create, plays)

    def play_together(
        self,
        code: str,
        play: PlayInput,
        acted_ms: int,
        reply: Callable[[int], None],
    ) -> asyncio.Future[None]:
        """``play_soon`` as a future: done when the play is committed and
        ``reply`` called; its exception when the play is refused."""
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()

        def replied(step: int) -> None:
            try:
                reply(step)
            finally:
                if not done.done():  # (its waiter may be gone: cancelled)
                    done.set_result(None)

        def failed(exc: BaseException) -> None:
            if not done.done():
                done.set_exception(exc)

        self.play_soon(code, play, acted_ms, replied, failed)
        return done

    def play_soon(
        self,
        code: str,
        play: PlayInput,
        acted_ms: int,
        reply: Callable[[int], None],
        failed: Callable[[BaseException], None],
    ) -> None:
        """Apply a seat's play; plays on one room that arrive in the same loop turn
        share one transition and one commit.

        In War every seat flips at once, so the flips of a step tend to arrive
        together: one commit, one record write and one frame per client for
        the whole step instead of one per flip. Each play is judged on its own:
        a refused one gets its own error (``failed``, given the exception) and
        changes nothing, since a transition refuses before it changes the
        record. ``reply`` (the play's acknowledgement, given the step to answer
        with) is called as soon as the batch is committed, so it leaves in the
        same write as the step's events. Exactly one of the two is called, from
        the batch's task (neither if the server stops before the task starts):
        no future and no callback handle a play (a flip taken from the socket
        is answered this way, ``Connection._offer``). Each play
        is applied by ``rooms.play_input``, as a replay of the step's tail
        entry applies it.
        """
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        batch = self._batches.get(code)
        if batch is None:
            batch = self._batches[code] = []
            # The task's first step runs in the next turn: plays read in this one join.
            self._committing[id(batch)] = loop.create_task(self._commit_batch(code, batch))
        batch.append(_Play(play, acted_ms, reply, failed))

    async def _commit_batch(self, code: str, batch: list[_Play]) -> None:
        try:
            await self._commit_plays(code, batch)
        finally:  # (not a done callback: that would be one more callback a batch)
            self._committing.pop(id(batch), None)

    async def _commit_plays(self, code: str, batch: list[_Play]) -> None:
        if self._batches.get(code) is batch:
            del self._batches[code]  # later plays start a batch of their own
        acted_ms = 0
        plays = []
        for p in batch:
            plays.append(p.play)
            acted_ms = max(acted_ms, p.acted_ms)
        try:
            await self.apply(
                code, functools.partial(_play_each, batch), acted_ms=acted_ms, plays=plays
            )
        except Exception as exc:  # the room is gone, Redis unreachable: each play hears it
            _fail_each(code, batch, exc)
            return
        except BaseException:  # cancelled (shutdown): the plays may or may not be in
            _fail_each(code, batch, Refused(ErrorCode.INTERNAL, "the server is stopping"))
            raise
        applied = 0
        for p in batch:
            try:
                if p.refused is not None:
                    p.failed(p.refused)
                    continue
                applied += 1
                p.reply(p.answer)
            except Exception as exc:  # a closed connection: logged, the others go on
                log.warning("reply_failed", room=code, error=repr(exc))
        metrics.HOT.flips += applied

    async def _apply(
        self,
        code: str,
        transition: Callable[[RoomRecord, Outcome], T],
        acted_ms: int,
        create: RoomRecord | None,
        plays: list[PlayInput] | None = None,
    ) -> tuple[RoomRecord, Outcome, T]:
        cached: LoadedRoom | None = None
        for attempt in range(50):
            if create is not None:
                loaded = LoadedRoom(0, 0, b"")
                rec = create
            else:
                cached = self.cache.get(code)
                loaded_or_none = cached if cached is not None else await self.store.load(code)
                if loaded_or_none is None:
                    raise Refused(ErrorCode.UNKNOWN_ROOM, f"no room has the code {code}")
                loaded = loaded_or_none
                kept = self.decoded.pop(code, None)
                # The record this node committed last is reused as is (the
                # transition below may change it: it is taken out of the cache
                # and put back only after a successful commit).
                if kept is not None and kept.version == loaded.version:
                    rec = kept
                else:
                    rec = rooms.rebuild(loaded.blob, loaded.tail)
            first_seq = rec.seq + 1
            out = Outcome(from_cache=create is None and cached is not None)
            stored_ms = rec.updated_ms
            rec.updated_ms = now_ms()
            try:
                result = transition(rec, out)
            except Refused:
                if create is None and cached is not None:
                    # Judged against this node's cache, which may be behind Redis
                    # (another node's commit not yet received): refuse only on
                    # the current record.
                    self.cache.pop(code, None)
                    continue
                raise
            if create is None and not out.events:
                # No event: commit only if the record really changed (e.g. a spectator).
                rec.updated_ms, now = stored_ms, rec.updated_ms
                if encode_record(rec) == loaded.blob:
                    return rec, out, result
                rec.updated_ms = now
            rec.version = loaded.version + 1
            step = plays if plays is not None and self._steppable(rec, out, loaded) else None
            if await self._commit(code, rec, out, loaded, first_seq, acted_ms, step):
                return rec, out, result
            metrics.CONFLICTS.inc()
            self.cache.pop(code, None)
            if create is not None:
                raise Refused(ErrorCode.INTERNAL, "room code collision")
            if attempt > 3:
                await asyncio.sleep(0.001 * attempt)
        raise Refused(ErrorCode.INTERNAL, "the room is too busy; try again")

    async def _commit(
        self,
        code: str,
        rec: RoomRecord,
        out: Outcome,
        loaded: LoadedRoom,
        first_seq: int,
        acted_ms: int,
        step: list[PlayInput] | None,
    ) -> bool:
        """Commit ``rec`` if the room is still at ``loaded``'s version; deliver it then.

        ``step``: the plays of a step to append to the room's tail (see
        _steppable); else the whole record is written and the tail emptied.
        """
        if step is None:
            blob, entry = encode_record(rec), b""
        else:
            blob, entry = b"", encode_step(StepEntry(rec.updated_ms, step))
        update = RoomUpdate(
            code=code,
            version=rec.version,
            first_seq=first_seq,
            last_seq=rec.seq,
            record=blob,
            frames=[encode(e) for e in out.events],
            acted_ms=acted_ms,
            removed=out.removed,
            step=entry,
        )
        update_flags = self._flags(rec, out)
        lobby: bytes | None = None
        lobby_frame = b""
        public = rec.public and step is None  # (a step changes nothing the lobby shows)
        if public:  # private rooms never touch the lobby (and skip this work)
            listed = rec.status != "over" and any(s.player for s in rec.seats)
            summary = rooms.summary(rec)
            lobby = encode(summary) if listed else None
            lobby_frame = encode(m.LobbyRoom(room=summary, gone=not listed))
        ok = await self.store.commit(
            update,
            loaded.version,
            finished=rec.status == "over",
            due_ms=rooms.next_due_ms(rec, self.grace_ms),
            lobby=lobby,
            public=public,
            game=rec.game,
            record=self._game_record(rec, out),
            lobby_frame=lobby_frame,
            mine=self._ctl_channel if code in self._confirmed else b"",
        )
        if ok:
            if step is None:
                self.cache[code] = LoadedRoom(rec.version, rec.seq, blob)
            else:
                tail = [*loaded.tail, entry]
                self.cache[code] = LoadedRoom(rec.version, rec.seq, loaded.blob, tail)
            self.decoded[code] = rec
            self._deliver(update, rec, update_flags)
            if out.finished:
                self._game_summary(rec)
        return ok

    def _steppable(self, rec: RoomRecord, out: Outcome, loaded: LoadedRoom) -> bool:
        """Whether a batch of plays can be committed as a tail entry.

        Only a step in the middle of a game without hands: a start, an end or
        a removal writes the whole record, as does every
        ``STEPS_PER_RECORD``-th step (the tail stays short), and a hand game's
        update carries the record its hands are read from. (A public room's
        lobby entry is left as it is: a step changes nothing it shows.)
        """
        state = rec.state
        return (
            bool(out.events)
            and not (out.started or out.finished or out.removed)
            and rec.status == "playing"
            and state is not None
            and state.rules.hand_size == 0
            and len(loaded.tail) < STEPS_PER_RECORD - 1
        )

    @staticmethod
    def _game_record(rec: RoomRecord, out: Outcome) -> bytes:
        """The finished game's record when this commit ends a game (else empty)."""
        if out.finished:
            state, proof = rec.state, rec.proof
            assert state is not None and proof is not None
            record = GameRecord(
                code=rec.code,
                game=rec.game,
                preset=rec.preset,
                rules=state.rules.to_dict(),
                names=[s.name for s in rec.seats],
                started_ms=rec.game_started_ms,
                ended_ms=rec.updated_ms,
                commitment=rec.commitment,
                proof=proof,
                inputs=rec.inputs,
                result=state.result,
                winners=list(state.winners),
                reason=state.reason,
                events_digest="sha256:" + rec.events_link.hex(),
            )
            return encode_game_record(record)
        return b""

    @staticmethod
    def _flags(rec: RoomRecord, out: Outcome) -> int:
        flags = SNAPSHOTS if out.started else 0
        hand_game = rec.state is not None and rec.state.rules.hand_size > 0
        for e in out.events:  # (one pass: this runs on every commit)
            if isinstance(e, m.Revealed | m.GameStarted):
                if hand_game:
                    flags |= HANDS
            elif isinstance(e, m.PlayerReconnected):
                flags |= REBOUND
        return flags

    def _game_summary(self, rec: RoomRecord) -> None:
        state = rec.state
        assert state is not None
        metrics.GAMES.inc()
        log.info(
            "game_over",
            room=rec.code,
            game=rec.game,
            preset=rec.preset,
            players=len(rec.seats),
            result=state.result,
            winners=state.winners,
            reason=state.reason,
            tricks=state.tricks,
            wars=state.wars,
            seconds=round((rec.updated_ms - rec.game_started_ms) / 1000, 1),
        )

    # ------------------------------------------------------------ delivery

    def join_local(self, code: str, member: Member) -> None:
        room = self.rooms.get(code)
        if room is None:
            room = self.rooms[code] = LocalRoom(seq=member.last_seq)
            metrics.ROOMS.set(len(self.rooms))
            asyncio.get_running_loop().create_task(self._subscribe(code))
        room.members[member.conn] = member

    def leave_local(self, code: str, conn: str) -> None:
        room = self.rooms.get(code)
        if room is None:
            return
        room.members.pop(conn, None)
        if not room.members:
            del self.rooms[code]
            self.cache.pop(code, None)
            self.decoded.pop(code, None)
            metrics.ROOMS.set(len(self.rooms))
            if room.gap_task is not None:
                room.gap_task.cancel()
            asyncio.get_running_loop().create_task(self._unsubscribe(code))

    def _deliver(self, update: RoomUpdate, rec: RoomRecord | None, flags: int) -> None:
        room = self.rooms.get(update.code)
        if room is None or update.last_seq <= room.seq:
            return
        if update.first_seq > room.seq + 1:
            room.pending[update.first_seq] = update
            if room.gap_task is None or room.gap_task.done():
                room.gap_task = asyncio.get_running_loop().create_task(self._fill_gap(update.code))
            return
        self._send_update(room, update, rec, flags)
        while room.seq + 1 in room.pending:
            nxt = room.pending.pop(room.seq + 1)
            self._send_update(room, nxt, None, None)
        for first in [f for f, u in room.pending.items() if u.last_seq <= room.seq]:
            del room.pending[first]

    def _send_update(
        self, room: LocalRoom, update: RoomUpdate, rec: RoomRecord | None, flags: int | None
    ) -> None:
        """Broadcast the frames a room has not seen yet, then the private messages they call for."""
        skip = room.seq + 1 - update.first_seq
        frames = update.frames[skip:] if skip > 0 else update.frames
        seq = max(room.seq + 1, update.first_seq)
        if frames:
            last = seq + len(frames) - 1
            wire: list[bytes] | None = None  # framed once for every plain member
            for mb in list(room.members.values()):
                if mb.last_seq < last:
                    # A member that joined late has seen the first ones already.
                    start = max(0, mb.last_seq + 1 - seq)
                    if bundles(mb.ws):  # (its bundle is framed at the turn's end)
                        send_frames(mb.ws, frames[start:])
                    else:
                        if wire is None:
                            wire = [wire_frame(f) for f in frames]
                        send_frames(mb.ws, frames[start:], wire[start:])
                    mb.last_seq = last
        room.seq = update.last_seq
        for conn in update.removed:
            self._put_out(update.code, conn)
        if update.acted_ms and any(f[1:].startswith(b"\xa1t\xa8revealed") for f in frames):
            metrics.HOT.reveal(max(0.0, time.time() - update.acted_ms / 1000))
        if flags is None:
            flags = frame_flags(frames)
        if flags == 0:
            return
        if flags == HANDS and room.hand_game is False:
            return
        if rec is None:
            if not update.record:  # a step of play (Node._steppable): never a hand game
                room.hand_game = False
                return
            rec = decode_record(update.record)
        room.hand_game = rec.state is not None and rec.state.rules.hand_size > 0
        self._private(room, rec, flags)

    def _put_out(self, code: str, conn: str) -> None:
        """A local member the host removed from the room: told, then no more events."""
        room = self.rooms.get(code)
        mb = room.members.get(conn) if room is not None else None
        if mb is None:
            return
        self.leave_local(code, conn)
        send_msg(
            mb.ws,
            m.Error(
                id=None,
                code=ErrorCode.REMOVED.value,
                message=f"the host removed you from room {code}",
            ),
        )
        if mb.on_removed is not None:
            mb.on_removed()

    def _private(self, room: LocalRoom, rec: RoomRecord, flags: int) -> None:
        for mb in list(room.members.values()):
            # The seat comes from the record, never from what the member joined
            # as: a host may have removed it and another player taken it since.
            seat = rec.seat_of(mb.player)
            mb.seat = seat
            if flags & REBOUND and seat is not None and rec.seats[seat].conn not in ("", mb.conn):
                # This seat was resumed on another connection: this one is stale.
                room.members.pop(mb.conn, None)
                asyncio.get_running_loop().create_task(
                    mb.ws.close(CloseCode.SESSION_REPLACED, "your session was resumed elsewhere")
                )
                continue
            if flags & SNAPSHOTS:
                send_msg(mb.ws, rooms.snapshot(rec, seat))
            elif (
                flags & HANDS
                and seat is not None
                and rec.state is not None
                and rec.state.rules.hand_size
            ):
                send_msg(mb.ws, m.Hand(seq=rec.seq, cards=list(rec.state.hands[seat])))

    async def _fill_gap(self, code: str) -> None:
        await asyncio.sleep(0.2)
        room = self.rooms.get(code)
        if room is None or not room.pending:
            return
        await self.resync_room(code)

    async def resync_room(self, code: str) -> None:
        """Catch a local room up from Redis (after a gap or a lost subscription)."""
        room = self.rooms.get(code)
        if room is None:
            return
        loaded = await self.store.load(code)
        if loaded is None:
            return
        kept = await self.store.events_after(code, room.seq)
        room = self.rooms.get(code)
        if room is None or loaded.seq <= room.seq:
            return
        rec = rooms.rebuild(loaded.blob, loaded.tail)
        self.cache[code] = loaded
        room.pending.clear()
        if kept is None:
            for mb in room.members.values():
                mb.seat = rec.seat_of(mb.player)
                send_msg(mb.ws, rooms.snapshot(rec, mb.seat))
                mb.last_seq = rec.seq
            room.seq = rec.seq
        else:
            last_seq, frames = kept
            update = RoomUpdate(
                code, loaded.version, last_seq - len(frames) + 1, last_seq, loaded.blob, frames, 0
            )
            self._send_update(room, update, rec, None)
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
                self._put_out(code, conn)

    # --------------------------------------------------------------- pubsub

    async def _subscribe(self, code: str) -> None:
        async with self._sub_lock:
            if code in self.rooms and code not in self._subscribed and self._sub is not None:
                try:
                    sub = self._sub
                    await sub.subscribe(channel(code))
                    self._subscribed.add(code)
                    if sub.confirms and sub is self._sub:
                        self._confirmed.add(code)
                except (aioredis.ConnectionError, OSError):
                    pass  # the listener resubscribes everything when it reconnects
        await self.resync_room(code)

    async def _unsubscribe(self, code: str) -> None:
        async with self._sub_lock:
            if code not in self.rooms and code in self._subscribed and self._sub is not None:
                self._subscribed.discard(code)
                self._confirmed.discard(code)
                with contextlib.suppress(aioredis.ConnectionError, OSError):
                    await self._sub.unsubscribe(channel(code))

    def _on_message(self, chan: bytes, data: bytes) -> None:
        """One pub/sub message: a lobby change, or a room's update (this node's own
        too, when the commit was published for another node's sake)."""
        if chan == LOBBY_CHANNEL_BYTES:
            if self.lobby_watchers:
                # Through the outbox, as everything else: in order with a
                # bundling watcher's messages of this turn (its `lobby` reply).
                wire = [wire_frame(data)]
                for ws in list(self.lobby_watchers.values()):
                    send_frames(ws, [data], None if bundles(ws) else wire)
            return
        if chan == self._ctl_channel:
            return
        update = decode_update(data)
        cached = self.cache.get(update.code)
        if update.record and (cached is None or cached.version < update.version):
            self.cache[update.code] = LoadedRoom(update.version, update.last_seq, update.record)
        elif update.step and cached is not None and cached.version == update.version - 1:
            tail = [*cached.tail, update.step]
            self.cache[update.code] = LoadedRoom(update.version, update.last_seq, cached.blob, tail)
        elif cached is not None and cached.version < update.version:
            del self.cache[update.code]  # a step this node cannot place: load when needed
        room = self.rooms.get(update.code)
        if room is not None and update.last_seq > room.seq:  # not already delivered by apply
            self._deliver(update, None, frame_flags(update.frames))

    async def _listen(self) -> None:
        backoff = 0.05
        while True:
            sub: Subscription | None = None
            try:
                sub = await open_subscription(
                    self.redis_url, self.redis, f"krig-{self.id}", self._on_message
                )
                async with self._sub_lock:
                    self._sub = sub
                    self._confirmed = set()
                    self._subscribed = set(self.rooms)
                    await sub.subscribe(
                        self._ctl_channel.decode(),
                        LOBBY_CHANNEL,
                        *(channel(code) for code in self._subscribed),
                    )
                    if sub.confirms:
                        self._confirmed = set(self._subscribed)
                for code in list(self.rooms):
                    await self.resync_room(code)
                self.redis_ok = True
                backoff = 0.05
                await sub.run()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.redis_ok = False
                self._confirmed = set()
                log.warning("redis_subscription_lost", error=str(exc), retry_in_s=backoff)
                if sub is not None:
                    with contextlib.suppress(Exception):
                        await sub.close()
                self._sub = None
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 2.0)

    # ------------------------------------------------------ background work

    async def join_nodes(self) -> None:
        """Join the nodes serving this Redis; refuses (StoreFormatMismatch) while a
        live node keeps rooms in another format (store.JOIN)."""
        now = now_ms()
        verdict, rest = await self.store.join_nodes(
            self.id, now, now - int(self.settings.dead_node_s * 1000)
        )
        if verdict == "differs":
            node, format_ = rest
            log.error(
                "store_format_mismatch", other_node=node, its_format=format_, ours=STORE_FORMAT
            )
            raise StoreFormatMismatch(node, format_)
        if rest:
            # Builds from before the check say no format. The last of them keeps
            # rooms as this one does; one from before 2026-11-30 19:30 UTC does not.
            log.warning("nodes_without_store_format", nodes=rest, ours=STORE_FORMAT)

    def start_background(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [  # (named: a task dump says which job waits where)
            loop.create_task(self._listen(), name="listen"),
            loop.create_task(self._every(2.0, self._heartbeat), name="heartbeat"),
            loop.create_task(
                self._every(max(1.0, self.settings.dead_node_s / 3), self._reap_nodes),
                name="reap_nodes",
            ),
            loop.create_task(self._every(0.2, self._sweep), name="sweep"),
            loop.create_task(self._every(1.0, self._reconcile), name="reconcile"),
        ]

    async def stop_background(self, seconds: float) -> None:
        """Cancel the background jobs; wait at most ``seconds`` for them, then go on."""
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            _, left = await asyncio.wait(self._tasks, timeout=seconds)
            if left:
                log.warning(
                    "background_jobs_still_running",
                    jobs=len(left),
                    names=sorted(t.get_name() for t in left),
                )
        if self._sub is not None:
            closing = asyncio.ensure_future(self._sub.close())
            done, _ = await asyncio.wait([closing], timeout=seconds)
            for fut in done:
                fut.exception()  # retrieved: a close that failed changes nothing now

    async def _every(self, seconds: float, job: Callable[[], object]) -> None:
        task = asyncio.current_task()
        while True:
            try:
                result = job()
                if asyncio.iscoroutine(result):
                    await result
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning(
                    "background_job_failed", job=getattr(job, "__name__", "?"), error=str(exc)
                )
            if task is not None and task.cancelling():
                # Cancelled, but the job returned: Python 3.11's asyncio.wait_for,
                # which redis-py wraps round every send, can swallow a cancellation
                # that lands as the send completes. Without this the job went on
                # and a stop waited out its bound (background_jobs_still_running).
                raise asyncio.CancelledError
            await asyncio.sleep(seconds)

    async def _heartbeat(self) -> None:
        # Rooms this node only touched (a sweep, a quick-join probe) leave the cache.
        for code in [c for c in self.cache if c not in self.rooms]:
            del self.cache[code]
        for code in [c for c in self.decoded if c not in self.rooms]:
            del self.decoded[code]
        for code in [c for c, lk in self._locks.items() if c not in self.rooms and not lk.locked()]:
            del self._locks[code]
        if self._sub is not None:
            self._sub.ping()  # a subscription silent for long is cut and reopened
        known = await self.store.heartbeat(self.id, now_ms())
        if not known and self._beats:
            # This process was paused (SIGSTOP, a long GC, a VM freeze) for
            # longer than dead_node_s and another node reaped it. Its
            # connections are still open: take their seats back.
            log.warning("node_was_reaped", rooms=len(self.rooms))
            for code, room in list(self.rooms.items()):
                members = [(mb.player, mb.conn) for mb in room.members.values()]
                await self.store.add_node_room(self.id, code)
                with contextlib.suppress(Refused):
                    await self.apply(code, functools.partial(rooms.rebind, members=members))
        self._beats += 1

    async def _reconcile(self) -> None:
        """Catch up rooms whose events this node missed and has no later event to notice by.

        A subscription can lose messages without an error reaching us (the
        client library reconnects and resubscribes by itself); if the missed
        event was the last one, every client may be waiting on it. One
        pipelined round trip a second compares each local room with Redis.
        """
        codes = list(self.rooms)
        if not codes:
            return
        behind, self._behind = self._behind, {}
        for code, seq in zip(codes, await self.store.room_seqs(codes), strict=True):
            room = self.rooms.get(code)
            if room is None or seq is None or seq <= room.seq:
                continue
            if behind.get(code) == room.seq:  # behind, and no progress for a second
                log.info("room_behind", room=code, local=room.seq, redis=seq)
                await self.resync_room(code)
            else:  # perhaps just in flight: look again next time
                self._behind[code] = room.seq

    async def _reap_nodes(self) -> None:
        """Seats held through a node that stopped beating count as disconnected."""
        dead = await self.store.dead_nodes(now_ms() - int(self.settings.dead_node_s * 1000))
        for node in dead:
            if node == self.id:
                continue
            for code in await self.store.node_rooms(node):
                with contextlib.suppress(Refused):
                    await self.apply(code, functools.partial(_lose_node, node=node))
            await self.store.forget_node(node)
            log.info("node_reaped", dead_node=node)

    async def _sweep(self) -> None:
        """Play awaited seats whose grace period ran out (exactly once across nodes)."""
        for code in await self.store.claim_due(now_ms(), lease_ms=5000):
            try:
                rec, _, _ = await self.apply(
                    code,
                    lambda rec, out: rooms.tick(rec, out, now_ms(), self.grace_ms),
                    acted_ms=now_ms(),
                )
            except Refused:
                await self.store.set_due(code, None)
                continue
            await self.store.set_due(code, rooms.next_due_ms(rec, self.grace_ms))
