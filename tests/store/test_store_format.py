"""A room written by a node of the previous store format is read and written whole."""

from __future__ import annotations

import redis
import redis.asyncio as aioredis
from node_support import play_steps, started_room
from server_support import (
    journal_of,
    room_in_redis,
)

from server import rooms
from server.config import Settings
from server.rooms.state import encode_record
from server.service.node import Node
from server.store.keys import LOBBY_KEYS, due_key_of, journal_key, lobby_shard_of, old_journal_key
from server.store.pipe import RedisPipe

CODE = "HOTP1"


async def test_a_room_a_node_of_store_format_2_wrote_is_read_and_written_whole(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """After a rolling update from store format 2 (its tail in krig:{CODE}:tail, the
    hash's version the room's), a room is read with its last steps, and its next
    commit writes it whole in this format; the old deadline set and lobby move
    into their shards."""
    url, _client, pipe = db
    node = Node(Settings(redis_url=url), "fmt2-a", pipe)
    admin = redis.Redis.from_url(url)
    code = "OLDF2"
    try:
        await started_room(node, code)
        await play_steps(node, code, 3)
        held = node.service.decoded[code]
        steps = [e.step for e in journal_of(admin, code) if e.step]
        assert len(steps) == 3
        # The same room as a node of store format 2 kept it.
        record_version = int(admin.hget(f"krig:{{{code}}}:room", "v") or 0)
        admin.hdel(f"krig:{{{code}}}:room", "h")
        admin.hset(f"krig:{{{code}}}:room", mapping={"v": held.version, "s": held.seq})
        admin.delete(journal_key(code, record_version))
        admin.rpush(f"krig:{{{code}}}:tail", *steps)
        admin.zadd("krig:due", {code: 12345})
        admin.hset("krig:lobby", code, b"row")
        node.service.forget(code)
        loaded = await node.store.load(code)
        assert loaded is not None and loaded.old and loaded.version == held.version
        assert encode_record(rooms.rebuild(loaded.blob, loaded.tail)) == encode_record(held)
        await play_steps(node, code, 1, at=held.state.steps if held.state else 0)
        now = node.service.decoded[code]
        assert now.version == held.version + 1
        assert admin.hget(f"krig:{{{code}}}:room", "h") == b"1"  # written whole
        assert not admin.exists(f"krig:{{{code}}}:tail")
        in_redis = room_in_redis(admin, code)
        assert in_redis is not None and encode_record(in_redis) == encode_record(now)
        assert await node.store.nodes.adopt_old_keys() == 2
        assert admin.zscore(due_key_of(code), code) == 12345
        assert admin.hget(LOBBY_KEYS[lobby_shard_of(code)], code) == b"row"
        assert not admin.exists("krig:due") and not admin.exists("krig:lobby")
    finally:
        admin.close()


async def test_a_room_a_node_of_store_format_3_wrote_is_moved_to_format_4_when_read(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """After a rolling update from store format 3 (one journal a room,
    ``krig:{CODE}:journal``, its length at the record in the hash's ``j``), the first
    read renames the journal to its record's and the room plays on by steps: its
    steps, events and resync log are all there."""
    url, _client, pipe = db
    node = Node(Settings(redis_url=url), "fmt3-a", pipe)
    admin = redis.Redis.from_url(url)
    code = "OLDF3"
    room = f"krig:{{{code}}}:room"
    try:
        await started_room(node, code)
        await play_steps(node, code, 3)
        held = node.service.decoded[code]
        entries = journal_of(admin, code)
        # The same room as a node of store format 3 kept it.
        record_version = int(admin.hget(room, "v") or 0)
        admin.rename(journal_key(code, record_version), old_journal_key(code))
        admin.hset(room, "j", admin.hget(room, "h") or b"0")
        admin.hdel(room, "h")
        node.service.forget(code)
        assert (await node.store.journals.lasts([code]))[0] is not None  # (read, and moved)
        assert not admin.exists(old_journal_key(code))
        assert admin.hget(room, "j") is None and admin.hget(room, "h") is not None
        assert journal_of(admin, code) == entries
        loaded = await node.store.load(code)
        assert loaded is not None and not loaded.old and len(loaded.tail) == 3
        assert encode_record(rooms.rebuild(loaded.blob, loaded.tail)) == encode_record(held)
        await play_steps(node, code, 1, at=held.state.steps if held.state else 0)
        now = node.service.decoded[code]
        assert now.version == held.version + 1
        assert len(journal_of(admin, code)) == len(entries) + 1  # a step: appended
        in_redis = room_in_redis(admin, code)
        assert in_redis is not None and encode_record(in_redis) == encode_record(now)
    finally:
        admin.close()
