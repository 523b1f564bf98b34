"""Redis, the source of truth: rooms, their journals, the lobby, deadlines and limits.

One :class:`Store` per server process speaks to Redis through the keys of
:mod:`server.store.keys` and the scripts of :mod:`server.store.scripts`;
nothing else in the server names a key. Every call goes through the one
pipelined path (:mod:`server.store.pipe`: one Redis, Sentinel or a Cluster);
the server builds no other Redis client. Every multi-key call touches one slot.
Players' sessions and the node registry are the store's too, each in a module of
its own (``Store.players``, ``Store.nodes``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from protocol import messages as m
from protocol.codec import encode
from protocol.records import GameRecord
from server.errors import StoreFormatMismatch
from server.rooms.transition import Commit
from server.store.connection import Command
from server.store.journals import Journals
from server.store.keys import (
    DUE_KEYS,
    LOBBY_CHANNELS,
    LOBBY_KEYS,
    channel,
    creates_key,
    due_key_of,
    guess_key,
    journal_key,
    journal_prefix,
    lobby_shard_of,
    old_journal_key,
    old_log_key,
    old_tail_key,
    quick_key,
    quick_lock_key,
    record_key,
    room_key,
)
from server.store.nodes import Nodes
from server.store.pipe import NotDurable, RedisPipe
from server.store.players import Player, Players
from server.store.replies import as_bytes, as_text, script_sha
from server.store.scripts import (
    CLAIM_DUE,
    COMMIT,
    HEARTBEAT,
    JOIN,
    JOURNAL,
    LOAD,
    ROTATE,
    STEP,
)
from server.store.update import (
    JournalEntry,
    RoomUpdate,
    decode_entry,
    encode_entry,
    encode_update,
    last_frame,
    standing,
)

__all__ = ["LoadedRoom", "NotDurable", "Player", "Store", "StoreFormatMismatch"]


_game_record_encoder = msgspec.msgpack.Encoder()
_game_record_decoder = msgspec.msgpack.Decoder(GameRecord)


def encode_game_record(record: GameRecord) -> bytes:
    return _game_record_encoder.encode(record)


def decode_game_record(blob: bytes) -> GameRecord:
    return _game_record_decoder.decode(blob)


EXPIRY_SLACK = 4
"""A room's keys are given ``ttl + ttl / EXPIRY_SLACK`` seconds, and this node sets
that again at a record write only once ``ttl / EXPIRY_SLACK`` have passed since
it last did (or when the time to live changes, or for a new room): a room idle for
its time to live is never gone early, and nearly every record write leaves the
expiry as it was (two ``EXPIRE`` a write before)."""


@dataclass(slots=True)
class LoadedRoom:
    version: int
    seq: int
    blob: bytes
    """The stored record (its version is ``version - len(tail)``)."""
    tail: list[bytes] = field(default_factory=list)
    """The steps committed since, as encoded StepEntry: ``rooms.rebuild`` replays them."""
    old: bool = False
    """Written by a node of store format 2: its next commit writes the record whole."""
    head: int = 0
    """How many entries the record's journal starts with (its steps follow them)."""
    stray: int = 0
    """Entries after the steps: appends that were refused (``server.store.update.
    standing``). A room with strays is not stepped on: its next commit writes the
    record, which cuts them off."""
    last_frame: bytes | None = None
    """The frame of the event numbered ``seq``, as the store holds it (None: not
    known). A commit of no event writes it in its journal entry (``JournalEntry.
    last``), so the room's last event is still there to compare once its own
    entry is trimmed off."""

    @property
    def base(self) -> int:
        """The version of the stored record."""
        return self.version - len(self.tail)

    def heard(self, update: RoomUpdate) -> LoadedRoom | None:
        """The room once ``update``, a step of play that follows this, is appended
        (None: it does not follow, or strays are in the way: read the room again)."""
        if not update.step or update.version != self.version + 1 or self.stray:
            return None
        tail = [*self.tail, update.step]
        frame = self.frame_after(update.frames, update.last_seq)
        return LoadedRoom(
            update.version, update.last_seq, self.blob, tail, head=self.head, last_frame=frame
        )

    def frame_after(self, frames: list[bytes], last_seq: int) -> bytes | None:
        """The room's last event frame once a commit of ``frames`` (its events,
        numbered up to ``last_seq``) follows this."""
        return last_frame(self.last_frame, self.seq, frames, last_seq)


def recorded(update: RoomUpdate, before: LoadedRoom | None) -> LoadedRoom:
    """The room as ``update``, a commit that wrote the record, left it (``before``: the
    room as this node held it, its last event's frame carried on if it came just before)."""
    if before is not None and before.version == update.version - 1:
        frame = before.frame_after(update.frames, update.last_seq)
    else:
        frame = last_frame(None, -1, update.frames, update.last_seq)
    return LoadedRoom(
        update.version, update.last_seq, update.record, head=update.head, last_frame=frame
    )


def loaded_from(reply: list[Any] | None) -> LoadedRoom | None:
    """A room from the LOAD script's reply: ``{v, s, b, h, journal entry...}``, the
    record's own entry first (when ``h`` > 0), then those appended since."""
    if not reply:
        return None
    if reply[0] == b"format 2":  # (its hash says the room's version; its tail is steps)
        _, v, s, b, *steps = reply
        return LoadedRoom(int(v), int(s), as_bytes(b), [as_bytes(t) for t in steps], old=True)
    v, s, b, h, *entries = reply
    after = [decode_entry(as_bytes(e)) for e in entries]
    seq = int(s)
    frame: bytes | None = None
    if int(h) > 0 and after:
        own = after.pop(0)
        if own.version == int(v) and own.last_seq == seq:
            frame = last_frame(None, -1, own.frames, own.last_seq, own.last)
    steps = after[: standing(int(v), after)]
    for entry in steps:
        frame = last_frame(frame, seq, entry.frames, entry.last_seq, entry.last)
        seq = entry.last_seq
    return LoadedRoom(
        int(v) + len(steps),
        seq,
        as_bytes(b),
        [e.step for e in steps],
        head=int(h),
        stray=len(after) - len(steps),
        last_frame=frame,
    )


class Store:
    """Async access to the keys above; one instance per server process."""

    def __init__(
        self,
        pipe: RedisPipe,
        *,
        log_keep: int,
        room_ttl_s: int,
        record_ttl_s: int,
        session_ttl_s: int,
        min_replicas: int = 0,
    ) -> None:
        self.pipe = pipe
        """The pipelined connections every call goes through, for every URL kind."""
        self.log_keep = log_keep
        self.keep = max(2, -(-log_keep // 8))
        """Journal entries kept when a record is written: a step's commit carries 3 to
        5 events, so about ``log_keep`` events, and every commit since is kept too."""
        self.room_ttl_s = room_ttl_s
        self.record_ttl_s = record_ttl_s
        self._expiry: dict[str, tuple[int, float]] = {}
        """Per room: the time to live this node last gave its keys, and when (monotonic)."""
        self._expiry_prune = 1024
        self._due: dict[str, tuple[int, int]] = {}
        """Per room: the version this node last committed and the deadline it wrote with
        it; the next commit on that version leaves an unchanged deadline as it is."""
        self.on_due: Callable[[int], None] = lambda due_ms: None
        """Called with every deadline this node writes (the sweep wakes for it)."""
        self.session_ttl_s = session_ttl_s
        self.scripts = {
            script_sha(body): body
            for body in (COMMIT, STEP, LOAD, JOURNAL, HEARTBEAT, CLAIM_DUE, ROTATE, JOIN)
        }
        pipe.min_replicas = min_replicas
        for body in self.scripts.values():
            pipe.register(body)
        self.cluster = pipe.cluster
        self.publish = "SPUBLISH" if self.cluster else "PUBLISH"
        """Room and lobby updates go over sharded pub/sub on a cluster."""
        self._commit_sha = script_sha(COMMIT)
        self._step_sha = script_sha(STEP)
        self._load_sha = script_sha(LOAD)
        self._claim_sha = script_sha(CLAIM_DUE)
        self.players = Players(self.run, session_ttl_s)
        """Players' sessions (server.store.players)."""
        self.nodes = Nodes(self.run, self.quick, self.cluster)
        """The node registry (server.store.nodes)."""
        self.journals = Journals(self.run, self.quick)
        """The rooms' journals read for their events (server.store.journals)."""

    async def run(self, commands: list[Command], durable: bool = True) -> list[Any]:
        """Commands at once on the pipe (each to its slot's primary).

        With ``--redis-min-replicas`` every call is durable: its answer counts only
        once the replicas hold every write before it on its connection (a read
        too: what it saw may be a write of ours the replicas do not have yet).
        """
        return await self.pipe.execute_many(commands, durable)

    async def quick(self, commands: list[Command]) -> list[Any]:
        """Commands whose loss to a failover costs nothing a client was told (the
        nodes' registry, leases, counters, the lobby's reads): never waited for."""
        return await self.run(commands, durable=False)

    # ---------------------------------------------------------------- rooms

    async def load(self, code: str) -> LoadedRoom | None:
        """The record and its tail (the journal's entries since), read at once."""
        keys = (room_key(code), old_journal_key(code), old_tail_key(code))
        (reply,) = await self.run([("EVALSHA", self._load_sha, 3, *keys, journal_prefix(code))])
        return loaded_from(reply)

    async def commit(
        self,
        update: RoomUpdate,
        loaded: LoadedRoom,
        commit: Commit,
        publish: bool = True,
    ) -> LoadedRoom | None:
        """Write ``update`` if the room is still as ``loaded`` read it; one round trip.

        An update without a record (``update.record`` empty) is a step of play:
        only its journal entry is appended, one ``RPUSHX`` to the record's journal
        whose reply says whether it landed where ``loaded`` expects (else it stays
        as a stray: see LoadedRoom.stray). ``commit`` says the rest: the room's
        next deadline, its lobby row, and at game over the game's record, stored
        beside the room. ``publish``: another node serves the room (its update
        goes out on the room's channel). With ``--redis-min-replicas`` the call
        returns only once the replicas hold it (else NotDurable), and the update
        (and a lobby change) is published only then, from the node: no other
        node hears of a commit before the replicas hold it.

        Returns the room as it now stands in Redis (``None``: it had moved on).
        """
        finished, due_ms = commit.finished, commit.due_ms
        game_record = commit.record
        record = b"" if game_record is None else encode_game_record(game_record)
        game = 0 if game_record is None else game_record.game
        code = update.code
        expected = loaded.version
        last, frames = update.last_seq, update.frames
        # (the frames are the events numbered up to last: a new room's first events
        # are numbered before its commit's first_seq)
        # (a commit of no event keeps the last one's frame: Journals.lasts compares it)
        kept = loaded.last_frame if not frames and last == loaded.seq else None
        entry = encode_entry(
            JournalEntry(
                update.version, last - len(frames) + 1, last, frames, update.step, kept or b""
            )
        )
        # With --redis-min-replicas the commit publishes nothing itself: the node
        # publishes once WAIT says the replicas hold it (durable before delivered).
        after = self.pipe is not None and self.pipe.min_replicas > 0
        inline = publish and not after
        commands: list[Command]
        expire = 0
        standing_end = loaded.head + len(loaded.tail)
        step = not update.record and game_record is None
        if step:
            if loaded.old or loaded.stray or expected == 0:
                raise ValueError("a step of play on a room its next commit must write whole")
            journal = journal_key(code, loaded.base)
            if inline:
                commands = [
                    ("EVALSHA", self._step_sha, 1, journal, standing_end + 1, entry,
                     channel(code), encode_update(update), self.publish)
                ]  # fmt: skip
            else:
                commands = [("RPUSHX", journal, entry)]
            stored = LoadedRoom(
                update.version, last, loaded.blob, [*loaded.tail, update.step],
                head=loaded.head, last_frame=loaded.frame_after(frames, last),
            )  # fmt: skip
        else:
            ttl = self.record_ttl_s if finished else self.room_ttl_s
            expire = self._expire_for(code, ttl, expected)
            keys = [
                room_key(code),
                journal_key(code, loaded.base),
                journal_key(code, update.version),
                record_key(code, game),
            ]
            if loaded.old:  # (a room of store format 2, written whole: its old tail and log go)
                keys += [old_tail_key(code), old_log_key(code)]
                length = -1
            else:
                length = 0 if expected == 0 else standing_end + loaded.stray
            update.head = min(self.keep, 1 if length <= 0 else standing_end + 1)
            commands = [
                ("EVALSHA", self._commit_sha, len(keys), *keys,
                 expected, update.last_seq, update.record, expire,
                 self.keep, entry, record, self.record_ttl_s,
                 channel(code) if inline else b"", encode_update(update) if inline else b"",
                 self.publish, length, standing_end),
            ]  # fmt: skip
            stored = LoadedRoom(
                update.version, last, update.record, head=update.head,
                last_frame=loaded.frame_after(frames, last),
            )  # fmt: skip
        wrote_due = due_ms is not None and self._due.get(code) != (expected, due_ms)
        if wrote_due and due_ms is not None:
            commands.append(("ZADD", due_key_of(code), due_ms, code))
        lobby_change: Command | None = None
        if commit.lobby is not None:
            shard = lobby_shard_of(code)
            if commit.listed:
                commands.append(("HSET", LOBBY_KEYS[shard], code, encode(commit.lobby)))
            else:
                commands.append(("HDEL", LOBBY_KEYS[shard], code))
            frame = encode(m.LobbyRoom(room=commit.lobby, gone=not commit.listed))
            lobby_change = (self.publish, LOBBY_CHANNELS[shard], frame)
            if not after:
                commands.append(lobby_change)
        results = await self.run(commands)
        if step and not inline:
            done = int(results[0] or 0) == standing_end + 1
        else:
            done = bool(int(results[0] or 0))
        if done and expire:
            self._expired_set(code, ttl)
        if done:
            self._due_written(code, update.version, due_ms)
            if wrote_due and due_ms is not None:
                self.on_due(due_ms)
        if after and self.pipe is not None:
            # Confirmed by the replicas (else NotDurable was raised): now other nodes
            # may hear it. Sent with this turn's next write; no reply is awaited.
            posts: list[Command] = []
            if done and publish:
                posts.append((self.publish, channel(code), encode_update(update)))
            if lobby_change is not None:
                posts.append(lobby_change)
            if posts:
                self.pipe.post(posts)
        return stored if done else None

    def _expire_for(self, code: str, ttl: int, expected: int) -> int:
        """The seconds a record write gives the room's keys (0: it leaves their expiry)."""
        known = self._expiry.get(code)
        if (
            expected == 0  # (a new room: a code used before may be remembered here)
            or known is None
            or known[0] != ttl
            or time.monotonic() - known[1] > ttl / EXPIRY_SLACK
        ):
            return ttl + ttl // EXPIRY_SLACK
        return 0

    def _expired_set(self, code: str, ttl: int) -> None:
        now = time.monotonic()
        self._expiry[code] = (ttl, now)
        if len(self._expiry) > self._expiry_prune:  # (what is older is of no use)
            self._expiry = {
                c: (t, at) for c, (t, at) in self._expiry.items() if now - at <= t / EXPIRY_SLACK
            }
            self._expiry_prune = max(1024, 2 * len(self._expiry))

    def _due_written(self, code: str, version: int, due_ms: int | None) -> None:
        if due_ms is None:
            self._due.pop(code, None)
            return
        if len(self._due) > self._expiry_prune:  # (only an optimisation: start again)
            self._due.clear()
        self._due[code] = (version, due_ms)

    async def load_record(self, code: str, game: int) -> GameRecord | None:
        """The stored record, without events (server.rooms.replay.with_events rebuilds them)."""
        (blob,) = await self.run([("GET", record_key(code, game))])
        return None if blob is None else decode_game_record(as_bytes(blob))

    async def lobby(self, limit: int = 100) -> list[bytes]:
        shards = await self.quick([("HVALS", key) for key in LOBBY_KEYS])
        return [as_bytes(r) for rows in shards for r in rows][:limit]

    async def drop_from_lobby(self, code: str) -> None:
        await self.run([("HDEL", LOBBY_KEYS[lobby_shard_of(code)], code)])

    # ----------------------------------------------------- nodes and timers

    async def ping(self) -> None:
        """Raise unless Redis answers (the readiness probe; with ``min_replicas``,
        ``RedisPipe.read_replicas``: how many replicas a durable write waits for)."""
        if self.pipe.min_replicas > 0 and not self.cluster:
            await self.pipe.read_replicas()
            return
        await self.quick([("PING",)])

    async def claim_due(self, now_ms: int, lease_ms: int, limit: int = 50) -> list[str]:
        """Rooms due now, from every shard of the deadline set in one round trip; each
        is pushed back by ``lease_ms`` so one node handles it."""
        shards = await self.quick(
            [("EVALSHA", self._claim_sha, 1, key, now_ms, now_ms + lease_ms, limit)
             for key in DUE_KEYS]
        )  # fmt: skip
        codes = [as_text(c) for due in shards for c in due]
        for code in codes:  # (pushed back by the lease: no longer what this node wrote)
            self._due.pop(code, None)
        return codes

    async def set_due(self, code: str, due_ms: int | None) -> None:
        self._due.pop(code, None)  # (the next commit writes its deadline whatever it is)
        if due_ms is None:
            await self.run([("ZREM", due_key_of(code), code)])
        else:
            await self.run([("ZADD", due_key_of(code), due_ms, code)])
            self.on_due(due_ms)

    async def count_guess(self, who: str, window_s: int) -> int:
        return await self.count(guess_key(who), window_s)

    async def count_create(self, who: str, window_s: int) -> int:
        return await self.count(creates_key(who), window_s)

    async def count(self, key: str, window_s: int) -> int:
        """Increment a fixed-window counter and return it."""
        _, count = await self.quick([("SET", key, 0, "EX", window_s, "NX"), ("INCR", key)])
        return int(count)

    # ------------------------------------------------------------ quick-join

    async def quick_room(self, preset: str, players: int) -> str | None:
        """The public room being filled for quick games of this preset and size."""
        (code,) = await self.quick([("GET", quick_key(preset, players))])
        return None if code is None else as_text(code)

    async def set_quick_room(self, preset: str, players: int, code: str) -> None:
        await self.quick([("SET", quick_key(preset, players), code, "EX", 3600)])

    async def lock_quick(self, preset: str, players: int, holder: str) -> bool:
        """Take the short lock that lets one connection at a time open the next quick room."""
        key = quick_lock_key(preset, players)
        (taken,) = await self.quick([("SET", key, holder, "NX", "PX", 3000)])
        return taken is not None and taken is not False

    async def unlock_quick(self, preset: str, players: int) -> None:
        await self.quick([("DEL", quick_lock_key(preset, players))])
