"""Redis, the source of truth: rooms, their logs and tails, players, nodes and timers.

One :class:`Store` per server process speaks to Redis through the keys of
:mod:`server.store.keys` and the scripts of :mod:`server.store.scripts`;
nothing else in the server names a key.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field

import msgspec
import redis.asyncio as aioredis
from redis.exceptions import NoScriptError

from protocol import messages as m
from protocol.codec import encode
from protocol.records import GameRecord
from server.errors import StoreFormatMismatch
from server.rooms.transition import Commit
from server.store.keys import (
    DUE,
    FORMATS,
    LOBBY,
    LOBBY_CHANNEL,
    NODES,
    channel,
    creates_key,
    guess_key,
    log_key,
    node_rooms_key,
    player_key,
    quick_key,
    quick_lock_key,
    record_key,
    room_key,
    tail_key,
)
from server.store.pipe import RedisPipe
from server.store.scripts import CLAIM_DUE, COMMIT, JOIN, ROTATE, STORE_FORMAT
from server.store.update import RoomUpdate, encode_update

__all__ = ["LoadedRoom", "Player", "Store", "StoreFormatMismatch"]

_game_record_encoder = msgspec.msgpack.Encoder()
_game_record_decoder = msgspec.msgpack.Decoder(GameRecord)


class _Numbered(msgspec.Struct, forbid_unknown_fields=False):
    seq: int = -1


_numbered = msgspec.msgpack.Decoder(_Numbered)


def _seq_of(frame: object) -> int:
    """The sequence number of a room event's frame (-1: not a room event)."""
    try:
        return _numbered.decode(_bytes(frame)).seq
    except msgspec.DecodeError:
        return -1


def encode_game_record(record: GameRecord) -> bytes:
    return _game_record_encoder.encode(record)


def decode_game_record(blob: bytes) -> GameRecord:
    return _game_record_decoder.decode(blob)


def _bytes(value: object) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode()
    raise TypeError(f"unexpected Redis reply {type(value).__name__}")


def _text(value: object) -> str:
    if value is None:
        return ""
    return _bytes(value).decode()


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(slots=True)
class Player:
    id: str
    name: str
    room: str


@dataclass(slots=True)
class LoadedRoom:
    version: int
    seq: int
    blob: bytes
    """The stored record (its version is ``version - len(tail)``)."""
    tail: list[bytes] = field(default_factory=list)
    """The steps committed since, as encoded StepEntry: ``rooms.rebuild`` replays them."""


class Store:
    """Async access to the keys above; one instance per server process."""

    def __init__(
        self,
        client: aioredis.Redis,
        *,
        log_keep: int,
        room_ttl_s: int,
        record_ttl_s: int,
        session_ttl_s: int,
        pipe: RedisPipe | None = None,
    ) -> None:
        self.r = client
        self.pipe = pipe
        """The hot path's own pipelined connection (None: commits go through ``r``)."""
        self.log_keep = log_keep
        self.room_ttl_s = room_ttl_s
        self.record_ttl_s = record_ttl_s
        self.session_ttl_s = session_ttl_s
        self._commit = client.register_script(COMMIT)
        self._rotate = client.register_script(ROTATE)
        self._claim = client.register_script(CLAIM_DUE)
        self._join = client.register_script(JOIN)

    # ---------------------------------------------------------------- rooms

    async def load(self, code: str) -> LoadedRoom | None:
        async with self.r.pipeline(transaction=True) as pipe:  # the record and its tail agree
            pipe.hmget(room_key(code), ["v", "s", "b"])
            pipe.lrange(tail_key(code), 0, -1)
            (v, s, b), tail = await pipe.execute()
        if v is None or b is None or s is None:
            return None
        return LoadedRoom(int(v), int(s), _bytes(b), [_bytes(t) for t in tail])

    async def commit(
        self, update: RoomUpdate, expected: int, commit: Commit, mine: bytes = b""
    ) -> bool:
        """Write ``update`` if the room is still at version ``expected``; one round trip.

        An update without a record (``update.record`` empty) is a step of play:
        ``update.step`` is appended to the room's tail instead (see COMMIT).
        ``commit`` says the rest: the room's next deadline, its lobby row, and
        at game over the game's record, stored beside the room.
        ``mine``: see ARGV[11] of :data:`COMMIT` (empty: always publish).
        """
        finished, due_ms = commit.finished, commit.due_ms
        game_record = commit.record
        record = b"" if game_record is None else encode_game_record(game_record)
        game = 0 if game_record is None else game_record.game
        public = commit.lobby is not None
        lobby: bytes | None = None
        lobby_frame = b""
        if commit.lobby is not None:
            lobby = encode(commit.lobby) if commit.listed else None
            lobby_frame = encode(m.LobbyRoom(room=commit.lobby, gone=not commit.listed))
        ttl = self.record_ttl_s if finished else self.room_ttl_s
        args: list[bytes | str | int] = [
            expected,
            update.version,
            update.last_seq,
            update.record,
            ttl,
            self.log_keep,
            channel(update.code),
            encode_update(update),
            record,
            self.record_ttl_s,
            mine,
            update.step,
            *update.frames,
        ]
        code = update.code
        keys = [room_key(code), log_key(code), record_key(code, game), tail_key(code)]
        if self.pipe is not None:
            return await self._commit_piped(keys, args, code, due_ms, lobby, public, lobby_frame)
        if due_ms is None and not public:
            return bool(await self._commit(keys=keys, args=args))
        async with self.r.pipeline(transaction=False) as pipe:
            await self._commit(keys=keys, args=args, client=pipe)
            if due_ms is not None:
                pipe.zadd(DUE, {update.code: due_ms})
            if public:
                if lobby is None:
                    pipe.hdel(LOBBY, update.code)
                else:
                    pipe.hset(LOBBY, update.code, lobby)
                if lobby_frame:
                    pipe.publish(LOBBY_CHANNEL, lobby_frame)
            results = await pipe.execute()
        return bool(results[0])

    async def _commit_piped(
        self,
        keys: list[str],
        args: list[bytes | str | int],
        code: str,
        due_ms: int | None,
        lobby: bytes | None,
        public: bool,
        lobby_frame: bytes,
    ) -> bool:
        """The same commands as above, written at once on the pipelined connection."""
        assert self.pipe is not None
        commands: list[tuple[bytes | str | int, ...]] = [
            ("EVALSHA", self._commit.sha, len(keys), *keys, *args)
        ]
        if due_ms is not None:
            commands.append(("ZADD", DUE, due_ms, code))
        if public:
            commands.append(
                ("HDEL", LOBBY, code) if lobby is None else ("HSET", LOBBY, code, lobby)
            )
            if lobby_frame:
                commands.append(("PUBLISH", LOBBY_CHANNEL, lobby_frame))
        try:
            results = await self.pipe.execute_many(commands)
        except NoScriptError:  # a restarted or flushed Redis: load the script and go again
            await self.pipe.execute_many([("SCRIPT", "LOAD", COMMIT)])
            results = await self.pipe.execute_many(commands)
        return bool(results[0])

    async def load_record(self, code: str, game: int) -> GameRecord | None:
        """The stored record, without events (server.rooms.replay.with_events rebuilds them)."""
        blob = await self.r.get(record_key(code, game))
        return None if blob is None else decode_game_record(_bytes(blob))

    async def room_seqs(self, codes: list[str]) -> list[int | None]:
        """The latest event number of each room (None: the room is gone), in one round trip."""
        async with self.r.pipeline(transaction=False) as pipe:
            for code in codes:
                pipe.hget(room_key(code), "s")
            seqs = await pipe.execute()
        return [None if s is None else int(s) for s in seqs]

    async def events_after(self, code: str, after: int) -> tuple[int, list[bytes]] | None:
        """(The room's last seq, frames of every kept event with seq > ``after``), or None
        if some are gone. A last seq below ``after`` means the caller has seen more of
        the room than the store holds (it went back in time)."""
        async with self.r.pipeline(transaction=False) as pipe:
            pipe.hget(room_key(code), "s")
            pipe.lrange(log_key(code), 0, -1)
            last, frames = await pipe.execute()
        if last is None:
            return None
        last_seq = int(last)
        first_seq = last_seq - len(frames) + 1
        if after + 1 < first_seq:
            return None
        if frames and (_seq_of(frames[0]) != first_seq or _seq_of(frames[-1]) != last_seq):
            # Not one run of numbers: the store went back in time and the room's
            # numbers jumped (server.rooms.history). Only a snapshot is right.
            return None
        return last_seq, [_bytes(f) for f in frames[max(0, after + 1 - first_seq) :]]

    async def lobby(self, limit: int = 100) -> list[bytes]:
        rows = await self.r.hvals(LOBBY)
        return [_bytes(r) for r in rows[:limit]]

    async def drop_from_lobby(self, code: str) -> None:
        await self.r.hdel(LOBBY, code)

    # -------------------------------------------------------------- players

    async def new_player(self, name: str) -> tuple[Player, str]:
        player = "p" + secrets.token_hex(6)
        secret = secrets.token_urlsafe(24)
        await self.r.hset(
            player_key(player), mapping={"tok": _digest(secret), "name": name, "room": ""}
        )
        await self.r.expire(player_key(player), self.session_ttl_s)
        return Player(player, name, ""), f"{player}.{secret}"

    async def resume(self, token: str) -> tuple[Player, str] | None:
        """Check a token and rotate it: the old token stops working at once."""
        player, sep, secret = token.partition(".")
        if not sep or not player.startswith("p") or not secret:
            return None
        fresh = secrets.token_urlsafe(24)
        ok = await self._rotate(
            keys=[player_key(player)], args=[_digest(secret), _digest(fresh), self.session_ttl_s]
        )
        if not ok:
            return None
        name, room = await self.r.hmget(player_key(player), ["name", "room"])
        return Player(player, _text(name), _text(room)), f"{player}.{fresh}"

    async def set_player_room(self, player: str, room: str, name: str | None = None) -> None:
        mapping: dict[str | bytes, str | bytes] = {"room": room}
        if name is not None:
            mapping["name"] = name
        await self.r.hset(player_key(player), mapping=mapping)  # type: ignore[arg-type]

    # ----------------------------------------------------- nodes and timers

    async def ping(self) -> None:
        """Raise unless Redis answers (the readiness probe)."""
        await self.r.ping()

    async def join_nodes(self, node: str, now_ms: int, live_since_ms: int) -> tuple[str, list[str]]:
        """Register ``node`` (with :data:`STORE_FORMAT`) unless a live node keeps
        rooms another way: ``("differs", [that node, its format])``, else
        ``("joined", [live nodes that said no format])``. See :data:`JOIN`."""
        reply = await self._join(
            keys=[NODES, FORMATS], args=[node, STORE_FORMAT, now_ms, live_since_ms]
        )
        verdict, *rest = [_text(x) for x in reply]
        return verdict, rest

    async def heartbeat(self, node: str, now_ms: int) -> bool:
        """Record that ``node`` is alive; False when it had been reaped (or is new)."""
        async with self.r.pipeline(transaction=True) as pipe:
            pipe.zscore(NODES, node)
            pipe.zadd(NODES, {node: now_ms})
            pipe.hset(FORMATS, node, STORE_FORMAT)  # (again after a reaping removed it)
            known, _, _ = await pipe.execute()
        return known is not None

    async def dead_nodes(self, before_ms: int) -> list[str]:
        return [_text(n) for n in await self.r.zrangebyscore(NODES, "-inf", before_ms)]

    async def node_rooms(self, node: str) -> list[str]:
        return [_text(c) for c in await self.r.smembers(node_rooms_key(node))]

    async def add_node_room(self, node: str, code: str) -> None:
        await self.r.sadd(node_rooms_key(node), code)

    async def forget_node(self, node: str) -> None:
        async with self.r.pipeline(transaction=False) as pipe:
            pipe.delete(node_rooms_key(node))
            pipe.zrem(NODES, node)
            pipe.hdel(FORMATS, node)
            await pipe.execute()

    async def claim_due(self, now_ms: int, lease_ms: int, limit: int = 50) -> list[str]:
        """Rooms due now; each is pushed back by ``lease_ms`` so one node handles it."""
        due = await self._claim(keys=[DUE], args=[now_ms, now_ms + lease_ms, limit])
        return [_text(c) for c in due]

    async def set_due(self, code: str, due_ms: int | None) -> None:
        if due_ms is None:
            await self.r.zrem(DUE, code)
        else:
            await self.r.zadd(DUE, {code: due_ms})

    async def count_guess(self, who: str, window_s: int) -> int:
        return await self.count(guess_key(who), window_s)

    async def count_create(self, who: str, window_s: int) -> int:
        return await self.count(creates_key(who), window_s)

    async def count(self, key: str, window_s: int) -> int:
        """Increment a fixed-window counter and return it."""
        async with self.r.pipeline(transaction=False) as pipe:
            pipe.set(key, 0, ex=window_s, nx=True)
            pipe.incr(key)
            _, count = await pipe.execute()
        return int(count)

    # ------------------------------------------------------------ quick-join

    async def quick_room(self, preset: str, players: int) -> str | None:
        """The public room being filled for quick games of this preset and size."""
        code = await self.r.get(quick_key(preset, players))
        return None if code is None else _text(code)

    async def set_quick_room(self, preset: str, players: int, code: str) -> None:
        await self.r.set(quick_key(preset, players), code, ex=3600)

    async def lock_quick(self, preset: str, players: int, holder: str) -> bool:
        """Take the short lock that lets one connection at a time open the next quick room."""
        return bool(await self.r.set(quick_lock_key(preset, players), holder, nx=True, px=3000))

    async def unlock_quick(self, preset: str, players: int) -> None:
        await self.r.delete(quick_lock_key(preset, players))
