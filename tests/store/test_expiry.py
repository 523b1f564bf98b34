"""A room's keys keep at least its time to live, and a record write sets it again only
when it must (server.store.store.EXPIRY_SLACK): real redis-server, real node."""

from __future__ import annotations

import time

import redis
import redis.asyncio as aioredis
from node_support import play_steps, started_room

from server.config import Settings
from server.service.node import Node
from server.service.service import STEPS_PER_RECORD
from server.store.keys import journal_key
from server.store.pipe import RedisPipe
from server.store.store import EXPIRY_SLACK


def _journal(admin: redis.Redis, code: str) -> str:
    """The journal of the room's current record (``krig:{CODE}:j:V``)."""
    return journal_key(code, int(admin.hget(f"krig:{{{code}}}:room", "v") or 0))


def _ttls(admin: redis.Redis, code: str) -> tuple[int, int]:
    return (
        int(admin.ttl(f"krig:{{{code}}}:room")),
        int(admin.ttl(_journal(admin, code))),
    )


async def test_a_record_write_sets_the_expiry_only_when_a_quarter_of_it_has_passed(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    url, _client, pipe = db
    settings = Settings(redis_url=url, room_ttl_s=400)
    node = Node(settings, "exp-a", pipe)
    admin = redis.Redis.from_url(url)
    code = "EXPR1"
    full = 400 + 400 // EXPIRY_SLACK
    try:
        await started_room(node, code)  # a new room: set, and more than its time to live
        room_ttl, journal_ttl = _ttls(admin, code)
        assert full - 5 <= room_ttl <= full and full - 5 <= journal_ttl <= full
        admin.expire(f"krig:{{{code}}}:room", 420)  # (to see whether it is set again)
        admin.expire(_journal(admin, code), 420)
        await play_steps(node, code, STEPS_PER_RECORD)  # a record write among them
        assert node.store._expiry[code][0] == 400
        assert max(_ttls(admin, code)) <= 420  # left as it was
        # A quarter of its time to live later, the next record write sets it again.
        ttl, at = node.store._expiry[code]
        node.store._expiry[code] = (ttl, at - 400 / EXPIRY_SLACK - 1)
        before = time.monotonic()
        await play_steps(node, code, STEPS_PER_RECORD)
        assert min(_ttls(admin, code)) >= full - 5
        assert node.store._expiry[code][1] >= before
    finally:
        admin.close()


async def test_a_new_room_under_a_code_seen_before_gets_its_expiry(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """The node remembers having set the code's expiry a moment ago; the room expired
    (or was deleted) and a new one took the code: its keys still get a time to live."""
    url, _client, pipe = db
    node = Node(Settings(redis_url=url, room_ttl_s=400), "exp-b", pipe)
    admin = redis.Redis.from_url(url)
    code = "EXPR2"
    try:
        await started_room(node, code)
        assert code in node.store._expiry
        node.service.forget(code)
        await started_room(node, code)  # (deletes the keys, then creates the room again)
        assert min(_ttls(admin, code)) > 400
    finally:
        admin.close()
