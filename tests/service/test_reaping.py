"""A node is reaped only once its heartbeat really stopped, on a real Redis.

After a pause of the store (a Sentinel failover, a primary without its replicas)
the first beat of every node lands carrying the time it was first sent, before
the pause: the pipe sends a call again until the store answers. The Sentinel
kill -9 test's two nodes reaped each other then, and a seat's timer played it
before its player's own flip, which got ``stale_step``.
"""

from __future__ import annotations

import time

import redis.asyncio as aioredis

from server.config import Settings
from server.service.jobs import HEARTBEAT_S
from server.service.node import Node
from server.service.service import now_ms
from server.store.embedded import free_port
from server.store.pipe import RedisPipe


async def test_a_beat_that_waited_out_the_store_does_not_get_its_node_reaped(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    url, _, pipe = db
    settings = Settings(redis_url=url, dead_node_s=3.0)
    reaper = Node(settings, "reap-a", pipe)
    # reap-b's last beat landed just now, stamped when it was first sent, 5 s ago.
    await reaper.store.nodes.heartbeat("reap-b", now_ms() - 5000)
    before = now_ms() - int(settings.dead_node_s * 1000)
    assert "reap-b" in await reaper.store.nodes.dead_nodes(before)
    # The reaper's own beats have gone through for dead_node_s since a pause of the
    # store: reap-b's next beat (a beat later) has not come yet. Not reaped.
    reaper.jobs._paused = True
    reaper.jobs._beating_since = time.monotonic() - settings.dead_node_s - 0.5
    await reaper.jobs._reap_nodes()
    assert "reap-b" in await reaper.store.nodes.dead_nodes(before)
    # Two beats more and still nothing from reap-b: it is dead, and reaped.
    reaper.jobs._beating_since = time.monotonic() - settings.dead_node_s - 2 * HEARTBEAT_S - 0.1
    await reaper.jobs._reap_nodes()
    assert "reap-b" not in await reaper.store.nodes.dead_nodes(now_ms())


async def test_without_a_pause_a_silent_node_is_reaped_after_dead_node_s(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """No pause of the store: a node silent for dead_node_s is reaped as before (the
    SIGSTOP test's node is reaped within its 4.5 s)."""
    url, _, pipe = db
    settings = Settings(redis_url=url, dead_node_s=3.0)
    reaper = Node(settings, "reap-c", pipe)
    await reaper.store.nodes.heartbeat("reap-d", now_ms() - 5000)
    reaper.jobs._beating_since = time.monotonic() - settings.dead_node_s - 0.5
    await reaper.jobs._reap_nodes()
    assert "reap-d" not in await reaper.store.nodes.dead_nodes(now_ms())


async def test_a_store_that_does_not_answer_the_probe_restarts_the_reapers_wait() -> None:
    """A failover quick enough that no beat of this node took long still stopped the
    others' beats: the readiness probe saw the store silent, so beating starts again
    with the next beat, and the reaper waits two beats more from then."""
    nowhere = Node(Settings(redis_url=f"redis://127.0.0.1:{free_port()}"), "reap-e")
    nowhere.jobs._beating_since = time.monotonic() - 60.0
    try:
        await nowhere.jobs._probe()
        assert not nowhere.jobs.store_ok
        assert nowhere.jobs._beating_since is None and nowhere.jobs._paused
    finally:
        await nowhere.pipe.close()
