"""The sweep meets a deadline this node wrote within SWEEP_S of it, and reads the deadline
set only about once a second otherwise (it read it five times a second, every shard).
A real node on a real redis-server, its background jobs running."""

from __future__ import annotations

import asyncio
import time

import redis
import redis.asyncio as aioredis

from server import rooms
from server.config import Settings
from server.rooms import Outcome
from server.rooms.host import seat_bot
from server.service.node import Node
from server.service.sweep import SWEEP_IDLE_S, SWEEP_S
from server.store.keys import DUE_SHARDS
from server.store.pipe import RedisPipe


def _claims(admin: redis.Redis) -> int:
    stats = admin.info("commandstats")
    return int(stats.get("cmdstat_zrangebyscore", {}).get("calls", 0))


async def test_a_computer_seat_is_played_when_due_and_an_idle_sweep_reads_little(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    url, _client, pipe = db
    node = Node(Settings(redis_url=url), "sweep-a", pipe)
    admin = redis.Redis.from_url(url)
    code = "SWEP1"
    try:
        await node.store.run([("DEL", f"krig:{{{code}}}:room")])
        node.jobs.start()
        await asyncio.sleep(0.3)  # (its first sweep)
        before, began = _claims(admin), time.monotonic()
        await asyncio.sleep(3.0)
        idle = (_claims(admin) - before) / (time.monotonic() - began)
        # One read of every shard a second (five a second before).
        assert idle <= DUE_SHARDS * (1 / SWEEP_IDLE_S + 0.5), idle
        now = int(time.time() * 1000)
        rec = rooms.new_room(
            code, "pa", "A", "classic", {}, 2, False, "t:a", now, Outcome(), ready_checks=True
        )
        await node.service.apply(code, lambda r, o: None, create=rec)
        await node.service.apply(code, lambda r, o: seat_bot(r, o, 1))
        rec, _, _ = await node.service.apply(code, lambda r, o: rooms.set_ready(r, o, "pa", True))
        assert rec.state is not None and rec.status == "playing"
        # The computer flips 0.5-1.3 s after the step started: its deadline, written by
        # this node, wakes the sweep (not the next once-a-second read).
        due = rooms.next_due_ms(rec, 60_000)
        assert due is not None
        deadline = time.monotonic() + 5
        flipped = False
        while time.monotonic() < deadline and not flipped:
            loaded = await node.store.load(code)
            assert loaded is not None
            state = rooms.rebuild(loaded.blob, loaded.tail).state
            assert state is not None
            flipped = state.pending[1] != -1
            if not flipped:
                await asyncio.sleep(0.02)
        late_ms = time.time() * 1000 - due
        assert flipped, "the computer never flipped"
        print(f"idle {idle:.1f} reads/s, the computer {late_ms:.0f} ms after its deadline")
        assert late_ms < SWEEP_S * 1000 + 150, late_ms
    finally:
        await node.jobs.stop(2)
        admin.close()
