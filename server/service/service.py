"""The room service: load a room, run one transition, compare-and-set, retry.

``RoomService.apply`` is the only way a room changes. It loads the record
(from the node's cache when that is current), runs a transition from
:mod:`server.rooms` on it, and commits the result with one compare-and-set
round trip through the :class:`RoomStore`; on a conflict it reloads and
tries again. A commit is handed to the :class:`Delivery` at once, so this
node's members see their own commits without waiting for pub/sub. The
service never holds a socket (boardgame.io's ``Master`` is the model).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol, TypeVar

import structlog

from protocol.codec import encode
from protocol.errors import ErrorCode
from server import metrics, rooms
from server.errors import Refused
from server.rooms import Commit, Outcome, Private
from server.rooms.state import (
    PlayInput,
    RoomRecord,
    StepEntry,
    encode_record,
    encode_step,
)
from server.store.pipe import NotDurable
from server.store.store import LoadedRoom, recorded
from server.store.update import RoomUpdate

T = TypeVar("T")
log = structlog.get_logger("krig.service")

STEPS_PER_RECORD = 12
"""A room's whole record is written at least every this many steps of play; the
steps in between are appended to its tail (store.scripts.COMMIT), which a load
applies (at most 11 steps, about 5 us each in the engine). 12, not 16 as
before the journal: a journal entry carries the step's events too (about
240 bytes in Redis), and a live room stays under 4 KiB (docs/PERFORMANCE.md)."""

MAX_ATTEMPTS = 50
"""Compare-and-set attempts before an action is answered "too busy"."""

ANSWER_WITHIN_S = 3.0
"""With --redis-min-replicas: an action whose commit the store cannot confirm within
this long (a failover under way, no replica to hold it) is answered
``waiting_for_store``; its client sends it again with the same id. (A WAIT gives
up after 1 s, so a slow replica is tried about twice first.)"""


def waiting_for_store() -> Refused:
    return Refused(
        ErrorCode.WAITING_FOR_STORE,
        "the table is waiting for its store (a failover, or no replica to hold the action); "
        "send it again with the same id",
    )


def now_ms() -> int:
    return int(time.time() * 1000)


class RoomStore(Protocol):
    """What the service needs of the store."""

    async def load(self, code: str) -> LoadedRoom | None: ...

    async def commit(
        self,
        update: RoomUpdate,
        loaded: LoadedRoom,
        commit: Commit,
        publish: bool = True,
    ) -> LoadedRoom | None: ...


class Delivery(Protocol):
    """Where a commit goes once it is in Redis: this node's members of the room."""

    def deliver(self, update: RoomUpdate, rec: RoomRecord | None) -> None:
        """``rec``: the committed record when the caller has it (else None)."""

    def catch_up_soon(self, code: str) -> None:
        """The room may hold commits this node never delivered (one whose confirmation
        was not awaited to its end): read them from the store and deliver them."""

    def shown(self, code: str) -> int:
        """The last event of room ``code`` this node sent its members (0: none here)."""


def steppable(rec: RoomRecord, out: Outcome, loaded: LoadedRoom) -> bool:
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
        and not (out.started or out.finished or out.removed or out.resnapshot)
        and rec.status == "playing"
        and state is not None
        and state.rules.hand_size == 0
        and len(loaded.tail) < STEPS_PER_RECORD - 1
        and not loaded.old  # (a room of store format 2 is written whole once)
        and not loaded.stray  # (a step refused left its entry: a record cuts it off)
    )


class RoomService:
    def __init__(
        self,
        store: RoomStore,
        delivery: Delivery,
        grace_ms: int,
        node_id: str = "",
        answer_within_s: float = 0.0,
    ) -> None:
        self.store = store
        self.delivery = delivery
        self.grace_ms = grace_ms
        self.answer_within_s = answer_within_s
        """With --redis-min-replicas (ANSWER_WITHIN_S): how long an action may wait for
        the store to confirm it before it is answered ``waiting_for_store`` (0: as long
        as the store's own retries take)."""
        self._unsure: set[str] = set()
        """Rooms with a commit that may have landed unconfirmed, or landed after its
        action was answered ``waiting_for_store``: caught up on the next success."""
        self.prefix = f"{node_id}:" if node_id else ""
        """A connection of this node is named ``node_id:N``: a commit is published
        only when the room has a connection of another node (empty: always)."""
        self.cache: dict[str, LoadedRoom] = {}
        self.decoded: dict[str, RoomRecord] = {}
        """The last record this node committed per room, so the next action skips a decode."""
        self._locks: dict[str, asyncio.Lock] = {}
        """One per room acted on; unused ones are dropped by ``forget_idle``."""

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
        ``rooms.play_input`` (a batch of ``server.service.batching``); such a
        step may be committed as a tail entry instead of a whole record.

        Actions on one room are applied one at a time on this node: two seats
        flipping at once would otherwise both start from the same cached
        version, and the second would lose the compare-and-set and pay a
        reload and a second commit (two extra round trips).
        """
        lock = self._locks.get(code)
        if lock is None:
            lock = self._locks[code] = asyncio.Lock()
        if not self.answer_within_s:
            async with lock:
                return await self._apply(code, transition, acted_ms, create, plays)
        give_up = time.monotonic() + self.answer_within_s
        async with lock:
            try:
                done = await self._apply(code, transition, acted_ms, create, plays, give_up)
            except Refused as exc:
                if exc.code == ErrorCode.WAITING_FOR_STORE:
                    # The commit may still land (it was sent): the retry with the same
                    # action id is applied once, and the room caught up on its next success.
                    log.warning("waiting_for_store", room=code, seconds=self.answer_within_s)
                raise
        if self._unsure and code in self._unsure:
            self._unsure.discard(code)
            self.delivery.catch_up_soon(code)
        return done

    async def _apply(
        self,
        code: str,
        transition: Callable[[RoomRecord, Outcome], T],
        acted_ms: int,
        create: RoomRecord | None,
        plays: list[PlayInput] | None,
        give_up: float = 0.0,
    ) -> tuple[RoomRecord, Outcome, T]:
        """``give_up`` (monotonic; with --redis-min-replicas): past it, a call the store
        could not confirm is answered ``waiting_for_store`` rather than tried again."""
        cached: LoadedRoom | None = None
        for attempt in range(MAX_ATTEMPTS):
            shown = 0
            if create is not None:
                loaded = LoadedRoom(0, 0, b"")
                rec = create
            else:
                cached = self.cache.get(code)
                # What this node had sent before it read: a commit delivered while the
                # read is on the way is not in what it returns (and is no rewind).
                sent = self.delivery.shown(code)
                try:
                    loaded_or_none = cached if cached is not None else await self.store.load(code)
                except NotDurable as exc:
                    # With --redis-min-replicas a read is trusted only once the
                    # replicas hold what it saw (a write of ours not yet on them
                    # must not be taken for done): after a failover, go again
                    # (until ANSWER_WITHIN_S: then waiting_for_store).
                    log.warning("load_not_durable", room=code, error=str(exc))
                    self._unsure.add(code)
                    if give_up and time.monotonic() + 0.1 > give_up:
                        raise waiting_for_store() from None
                    await asyncio.sleep(0.1)
                    continue
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
                if sent > rec.seq:
                    shown = sent
                    if cached is not None:
                        self.forget(code)  # (behind what this node delivered: read again)
                        continue
                    # The store holds less than this node sent its members: it went
                    # back in time, and its next numbers are ones they were shown
                    # with other events. The room is rewound first (rooms.history:
                    # its numbers past them, a snapshot to every member), then the
                    # action is run on that.
                    log.warning(
                        "room_rewound", room=code, local=shown, redis=rec.seq, held=loaded.seq
                    )
                else:
                    shown = 0
            elsewhere = self._elsewhere(rec)
            out = Outcome(from_cache=create is None and cached is not None)
            stored_ms = rec.updated_ms
            rec.updated_ms = now_ms()
            try:
                if shown:
                    rooms.rewound(rec, out, seen_seq=shown)
                else:
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
                    if cached is not None:
                        # Nothing to commit, so nothing checks that the cache is
                        # current: the answer (a resume's record) comes from the store.
                        self.forget(code)
                        continue
                    return rec, out, result
                rec.updated_ms = now
            rec.version = loaded.version + 1
            first_seq = rec.seq + 1 - len(out.events)  # (a rewind jumps: rooms.history)
            step = plays if plays is not None and steppable(rec, out, loaded) else None
            publish = elsewhere or self._elsewhere(rec, out.removed)
            try:
                if await self._commit(code, rec, out, loaded, first_seq, acted_ms, step, publish):
                    if shown:
                        continue  # (rewound: now the action)
                    return rec, out, result
            except NotDurable as exc:
                # Written, but not confirmed by the replicas: not acknowledged, not
                # delivered, not published. Read the room again (from the new primary,
                # after a failover) and go again (until ANSWER_WITHIN_S).
                log.warning("commit_not_durable", room=code, error=str(exc))
                self._unsure.add(code)
                self.forget(code)
                if give_up and time.monotonic() + 0.1 > give_up:
                    raise waiting_for_store() from None
                await asyncio.sleep(0.1)
                continue
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
        publish: bool = True,
    ) -> bool:
        """Commit ``rec`` if the room is still at ``loaded``'s version; deliver it then.

        ``step``: the plays of a step to append to the room's tail (see
        steppable); else the whole record is written and the tail emptied.
        """
        if step is None:
            blob, entry = encode_record(rec), b""
        else:
            blob, entry = b"", encode_step(StepEntry(rec.updated_ms, step))
        commit = rooms.settle(rec, out, self.grace_ms, step is not None)
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
            private=commit.private,
        )
        stored = await self.store.commit(update, loaded, commit, publish)
        if stored is None:
            return False
        self.cache[code] = stored
        self.decoded[code] = rec
        if commit.private & Private.REVEALED and acted_ms:
            # Counted once, where the step was committed (not on every node that delivers it).
            metrics.HOT.reveal(max(0.0, time.time() - acted_ms / 1000))
        self.delivery.deliver(update, rec)
        if out.finished:
            _game_summary(rec)
        return True

    def _elsewhere(self, rec: RoomRecord, removed: list[str] | None = None) -> bool:
        """Whether a connection of another node is in the room (or was just put out).

        Every member of a room is in its record (a seat's ``conn`` or a
        spectator's), so this decides who needs the commit published without
        asking Redis; the record before the transition counts too (a seat
        resumed on this node, a member put out, leave others to be told).
        """
        prefix = self.prefix
        if not prefix:
            return True
        for seat in rec.seats:
            if seat.conn and not seat.conn.startswith(prefix):
                return True
        for conn in rec.spectators.values():
            if conn and not conn.startswith(prefix):
                return True
        return any(not conn.startswith(prefix) for conn in removed or ())

    # ------------------------------------------------------------ the cache

    def heard(self, update: RoomUpdate) -> None:
        """Another node's commit (or this one's, heard back): keep the cache current."""
        code = update.code
        cached = self.cache.get(code)
        if cached is not None and (
            update.version < cached.version
            or (update.version == cached.version and update.last_seq != cached.seq)
        ):
            # An older version, or the same number with other events: the store went
            # back in time (server.rooms.history). What this node holds is from a
            # future that did not happen: never commit on it.
            self.forget(code)
            cached = None
        after = None if cached is None else cached.heard(update)
        if update.record and (cached is None or cached.version < update.version):
            self.cache[code] = recorded(update, cached)
        elif after is not None:
            self.cache[code] = after
        elif cached is not None and cached.version < update.version:
            del self.cache[code]  # a step this node cannot place: load when needed

    def remember(self, code: str, loaded: LoadedRoom) -> None:
        """A record just read from Redis is the cache's from now on."""
        self.cache[code] = loaded

    def forget(self, code: str) -> None:
        self.cache.pop(code, None)
        self.decoded.pop(code, None)

    def forget_all(self) -> None:
        """Redis's primary changed (a failover): a record cached from before may hold
        writes the new primary never got, under version numbers it will give again,
        so a compare-and-set on it could pass. Every room is read again when needed."""
        self.cache.clear()
        self.decoded.clear()

    def forget_idle(self, keep: Callable[[str], bool]) -> None:
        """Drop what this node keeps of rooms it no longer serves (``keep``: still served)."""
        for code in [c for c in self.cache if not keep(c)]:
            del self.cache[code]
        for code in [c for c in self.decoded if not keep(c)]:
            del self.decoded[code]
        for code in [c for c, lk in self._locks.items() if not keep(c) and not lk.locked()]:
            del self._locks[code]


def _game_summary(rec: RoomRecord) -> None:
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
