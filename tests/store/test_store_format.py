"""A room written by a node of the previous store format is read and written whole."""

from __future__ import annotations

import asyncio

import redis
import redis.asyncio as aioredis
from node_support import flip, started_room
from server_support import (
    journal_of,
    room_in_redis,
)

from server import rooms
from server.config import Settings
from server.rooms.state import encode_record
from server.service.node import Node
from server.store.keys import LOBBY_KEYS, due_key_of, lobby_shard_of
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
        for _ in range(3):
            rec = node.service.decoded[code]
            assert rec.state is not None
            step = rec.state.steps
            await asyncio.gather(
                node.batcher.play_together(code, flip("pa", step), 0, lambda _: None),
                node.batcher.play_together(code, flip("pb", step), 0, lambda _: None),
            )
        held = node.service.decoded[code]
        steps = [e.step for e in journal_of(admin, code) if e.step]
        assert len(steps) == 3
        # The same room as a node of store format 2 kept it.
        admin.hdel(f"krig:{{{code}}}:room", "j")
        admin.hset(f"krig:{{{code}}}:room", mapping={"v": held.version, "s": held.seq})
        admin.delete(f"krig:{{{code}}}:journal")
        admin.rpush(f"krig:{{{code}}}:tail", *steps)
        admin.zadd("krig:due", {code: 12345})
        admin.hset("krig:lobby", code, b"row")
        node.service.forget(code)
        loaded = await node.store.load(code)
        assert loaded is not None and loaded.old and loaded.version == held.version
        assert encode_record(rooms.rebuild(loaded.blob, loaded.tail)) == encode_record(held)
        step = held.state.steps if held.state is not None else 0
        await asyncio.gather(
            node.batcher.play_together(code, flip("pa", step), 0, lambda _: None),
            node.batcher.play_together(code, flip("pb", step), 0, lambda _: None),
        )
        now = node.service.decoded[code]
        assert now.version == held.version + 1
        assert admin.hget(f"krig:{{{code}}}:room", "j") is not None  # written whole
        assert not admin.exists(f"krig:{{{code}}}:tail")
        in_redis = room_in_redis(admin, code)
        assert in_redis is not None and encode_record(in_redis) == encode_record(now)
        assert await node.store.nodes.adopt_old_keys() == 2
        assert admin.zscore(due_key_of(code), code) == 12345
        assert admin.hget(LOBBY_KEYS[lobby_shard_of(code)], code) == b"row"
        assert not admin.exists("krig:due") and not admin.exists("krig:lobby")
    finally:
        admin.close()
