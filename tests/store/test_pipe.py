"""The hot path's own Redis connections (commit pipe, raw subscription), on a real Redis."""

from __future__ import annotations

import asyncio

import pytest
import redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, ResponseError

from server.store import pipe as redis_pipe
from server.store.embedded import RedisProcess, free_port
from server.store.pipe import RedisPipe, pipe_supported
from server.store.subscription import SILENT_S, RawSubscription


def test_which_urls_use_the_pipe() -> None:
    assert pipe_supported("redis://127.0.0.1:6379/0")
    assert pipe_supported("unix:///run/redis.sock?db=1")
    assert not pipe_supported("rediss://host:6380/0")
    assert not pipe_supported("redis+sentinel://s:26379/krig")


async def test_concurrent_callers_each_get_their_own_reply(redis_proc: RedisProcess) -> None:
    url = redis_proc.url.rsplit("/", 1)[0] + "/3"
    pipe = RedisPipe(url, "pipe-test")
    try:
        # Hundreds of callers at once on one connection: replies matched in order.
        keys = [f"pipe:{i}" for i in range(300)]
        await asyncio.gather(*(pipe.execute_many([("SET", k, k.upper())]) for k in keys))
        got = await asyncio.gather(*(pipe.execute_many([("GET", k), ("STRLEN", k)]) for k in keys))
        assert got == [[k.upper().encode(), len(k)] for k in keys]
        # An error reply fails that call only; the connection goes on.
        with pytest.raises(ResponseError):
            await pipe.execute_many([("INCR", "pipe:0")])
        with pytest.raises(NoScriptError):
            await pipe.execute_many([("EVALSHA", "0" * 40, 0)])
        assert await pipe.execute_many([("GET", "pipe:1")]) == [b"PIPE:1"]
        # SELECT from the URL, and the connection's name for CLIENT LIST.
        admin = redis.Redis.from_url(url)
        assert admin.get("pipe:2") == b"PIPE:2"
        assert redis.Redis.from_url(redis_proc.url).get("pipe:2") is None  # not db 0
        names = [c["name"] for c in admin.client_list()]
        assert "pipe-test" in names
        # Killed from the outside: the next call reconnects by itself.
        killed = admin.client_kill_filter(_type="normal", skipme=True)
        assert killed >= 1
        assert await pipe.execute_many([("GET", "pipe:3")]) == [b"PIPE:3"]
        admin.delete(*keys)
        admin.close()
    finally:
        await pipe.close()


async def test_a_restarted_redis_is_reconnected_and_a_dead_one_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(redis_pipe, "RETRY_FOR_S", 3.0)  # (10 s in the server)
    proc = RedisProcess(port=free_port()).start()
    pipe = RedisPipe(proc.url, "pipe-restart")
    try:
        assert await pipe.execute_many([("PING",)]) == [b"PONG"]
        proc.stop()
        restarted = asyncio.ensure_future(asyncio.to_thread(proc.start))
        # Waits (bounded backoff) through the restart instead of failing.
        assert await pipe.execute_many([("PING",)]) == [b"PONG"]
        await restarted
        proc.stop()
        with pytest.raises(RedisConnectionError):
            await pipe.execute_many([("PING",)])  # gone for good: an error, not a hang
    finally:
        await pipe.close()
        proc.cleanup()


async def test_raw_subscription_delivers_in_order_and_notices_silence(
    redis_proc: RedisProcess,
) -> None:
    got: list[tuple[bytes, bytes]] = []

    def handler(chan: bytes, data: bytes) -> None:
        if data == b"boom":
            raise ValueError("a bad message")  # logged; the subscription goes on
        got.append((chan, data))

    sub = await RawSubscription.open(redis_proc.url, "sub-test", handler)
    runner = asyncio.ensure_future(sub.run())
    admin = redis.Redis.from_url(redis_proc.url)
    try:
        await sub.subscribe("t:a", "t:b")
        await asyncio.sleep(0.1)
        sent = []
        for i in range(500):
            chan = "t:a" if i % 3 else "t:b"
            admin.publish(chan, b"boom" if i == 250 else str(i).encode())
            if i != 250:
                sent.append((chan.encode(), str(i).encode()))
        for _ in range(100):
            if len(got) >= len(sent):
                break
            await asyncio.sleep(0.02)
        assert got == sent
        await sub.unsubscribe("t:b")
        await asyncio.sleep(0.1)
        admin.publish("t:b", b"gone")
        admin.publish("t:a", b"last")
        await asyncio.sleep(0.2)
        assert got[-1] == (b"t:a", b"last") and (b"t:b", b"gone") not in got
        assert "sub-test" in [c["name"] for c in admin.client_list()]
        # Redis answers each heartbeat's ping; a link silent for long is cut.
        sub.ping()
        await asyncio.sleep(0.1)
        assert not runner.done()
        sub._proto.last_data -= SILENT_S + 1
        sub.ping()
        with pytest.raises(RedisConnectionError, match="no answer"):
            await asyncio.wait_for(runner, 5)
    finally:
        admin.close()
        await sub.close()
