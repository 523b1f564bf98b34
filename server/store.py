"""Redis: the source of truth for rooms, their event logs, players and timers.

Keys (one room's keys share the hash tag ``{CODE}``, so a Redis Cluster
keeps them on one shard and the commit script touches one slot):

- ``krig:{CODE}:room``  hash ``v`` version, ``s`` last sequence number, ``b`` record blob
- ``krig:{CODE}:log``   list of the room's last events, as encoded frames
- ``krig:{CODE}:tail``  list of the steps of play committed since ``b`` was
  written (encoded StepEntry); the room's record is ``b`` with them replayed
- ``krig:{CODE}:ev``    pub/sub channel: one :class:`RoomUpdate` per commit (when
  a node other than the committing one listens)
- ``krig:player:ID``    hash ``tok`` (sha256 of the secret), ``name``, ``room``
- ``krig:nodes``        zset of server nodes by last heartbeat (ms)
- ``krig:formats``      hash node -> the :data:`STORE_FORMAT` it reads and writes
- ``krig:node:ID:rooms`` set of rooms with a seat connected through that node
- ``krig:due``          zset of rooms by when they need an automatic move (ms)
- ``krig:lobby``        hash code -> encoded RoomSummary of public rooms

- ``krig:{CODE}:record:N`` a finished game's record (its events are rebuilt
  from the deal and the inputs when it is read: see server.replay)

Every room transition is one ``EVALSHA`` of :data:`COMMIT`: compare the
version, write the record, append the events to the resync log, publish,
refresh expiry; at game over it also stores the game's record. The update
is published only when another node listens to the room (see COMMIT). A
step of play is the same script with no record: it appends the step's
plays to the tail rather than rewrite the record
(encoding and writing the ~2 KiB record cost a third of a step's throughput:
docs/PERFORMANCE.md). Every ``node.STEPS_PER_RECORD`` steps, and on any other
transition, the whole record is written again and the tail emptied.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field

import redis.asyncio as aioredis
from redis.exceptions import NoScriptError

from protocol.records import GameRecord
from server.records import RoomUpdate, decode_game_record, encode_update
from server.redis_pipe import RedisPipe

COMMIT = """
local cur = redis.call('HGET', KEYS[1], 'v') or '0'
if cur ~= ARGV[1] then return 0 end
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[1], 'v', ARGV[2], 's', ARGV[3], 'b', ARGV[4])
  redis.call('DEL', KEYS[4])
else
  redis.call('HSET', KEYS[1], 'v', ARGV[2], 's', ARGV[3])
  redis.call('RPUSH', KEYS[4], ARGV[12])
  redis.call('EXPIRE', KEYS[4], ARGV[5])
end
redis.call('EXPIRE', KEYS[1], ARGV[5])
local n = #ARGV - 12
if n > 0 then
  redis.call('RPUSH', KEYS[2], unpack(ARGV, 13, 12 + n))
  redis.call('LTRIM', KEYS[2], -tonumber(ARGV[6]), -1)
end
redis.call('EXPIRE', KEYS[2], ARGV[5])
if ARGV[9] ~= '' then redis.call('SET', KEYS[3], ARGV[9], 'EX', ARGV[10]) end
if ARGV[11] ~= '' and redis.call('PUBSUB', 'NUMSUB', ARGV[7])[2] <= 1
    and redis.call('PUBSUB', 'NUMSUB', ARGV[11])[2] >= 1 then
  return 2
end
redis.call('PUBLISH', ARGV[7], ARGV[8])
return 1
"""
"""ARGV[4]: the whole record, written as the room's record; the tail (KEYS[4])
is emptied. Empty for a step of play: the record is left as it is and the
step (ARGV[12], a StepEntry) is appended to the tail instead.

ARGV[11]: the committing node's control channel when the node is subscribed
to the room's channel (Redis confirmed it), else empty. The update is then
published only if someone else listens too: the node delivers its own commits
itself, and if its subscription is gone (control channel without subscriber)
it cannot vouch for who the one subscriber is, so the script publishes.
Returns 0 (version moved on), 1 (published) or 2 (no other listener)."""

STORE_FORMAT = 2
"""How this build keeps rooms in Redis; nodes of different formats must not
serve one Redis at once (one would misread the other's rooms and overwrite
them). 1: the record alone (builds before 2026-11-30 19:30 UTC); 2: the
record and its tail of steps (``krig:{CODE}:tail``). Raise it with any change
a node of the previous format would misread."""

JOIN = """
local live = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[4], '+inf')
local silent = {}
for _, node in ipairs(live) do
  if node ~= ARGV[1] then
    local format = redis.call('HGET', KEYS[2], node)
    if not format then
      table.insert(silent, node)
    elseif format ~= ARGV[2] then
      return {'differs', node, format}
    end
  end
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
return {'joined', unpack(silent)}
"""
"""A node joins the nodes sharing this Redis only if every live one (beating
since ARGV[4]) keeps rooms as it does (ARGV[2]); at once, so two nodes of
different formats starting together cannot both pass. Returns
``{'differs', node, format}``, or ``{'joined', node...}`` with the live nodes
that said no format (builds from before the check)."""

ROTATE = """
local tok = redis.call('HGET', KEYS[1], 'tok')
if not tok or tok ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'tok', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""

CLAIM_DUE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for i, code in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], code)
end
return due
"""


def room_key(code: str) -> str:
    return f"krig:{{{code}}}:room"


def log_key(code: str) -> str:
    return f"krig:{{{code}}}:log"


def tail_key(code: str) -> str:
    return f"krig:{{{code}}}:tail"


def channel(code: str) -> str:
    return f"krig:{{{code}}}:ev"


def record_key(code: str, game: int) -> str:
    return f"krig:{{{code}}}:record:{game}"


def player_key(player: str) -> str:
    return f"krig:player:{player}"


NODES = "krig:nodes"
FORMATS = "krig:formats"
DUE = "krig:due"
LOBBY = "krig:lobby"
LOBBY_CHANNEL = "krig:lobby:ev"


def node_rooms_key(node: str) -> str:
    return f"krig:node:{node}:rooms"


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


class StoreFormatMismatch(Exception):
    """A live node keeps rooms in another format (:data:`STORE_FORMAT`)."""

    def __init__(self, node: str, format_: str) -> None:
        super().__init__(
            f"node {node} keeps rooms in store format {format_} and is live on this Redis; "
            f"this build keeps them in format {STORE_FORMAT}, and the two would overwrite "
            "each other's games. Stop every node of the other build first (Redis keeps "
            "the games; docs/OPERATIONS.md, rolling deploys)"
        )
        self.node = node
        self.format = format_


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
        self,
        update: RoomUpdate,
        expected: int,
        finished: bool,
        due_ms: int | None,
        lobby: bytes | None,
        public: bool,
        game: int = 0,
        record: bytes = b"",
        lobby_frame: bytes = b"",
        mine: bytes = b"",
    ) -> bool:
        """Write ``update`` if the room is still at version ``expected``; one round trip.

        An update without a record (``update.record`` empty) is a step of play:
        ``update.step`` is appended to the room's tail instead (see COMMIT).

        ``record`` (at game over): also store it as game ``game``'s record.
        ``mine``: see ARGV[11] of :data:`COMMIT` (empty: always publish).
        """
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
        """The stored record, without events (server.replay.with_events rebuilds them)."""
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
        """Frames of every kept event with seq > ``after``, or None if some are gone."""
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
        return await self.count(f"krig:guess:{who}", window_s)

    async def count_create(self, who: str, window_s: int) -> int:
        return await self.count(f"krig:creates:{who}", window_s)

    async def count(self, key: str, window_s: int) -> int:
        """Increment a fixed-window counter and return it."""
        async with self.r.pipeline(transaction=False) as pipe:
            pipe.set(key, 0, ex=window_s, nx=True)
            pipe.incr(key)
            _, count = await pipe.execute()
        return int(count)
