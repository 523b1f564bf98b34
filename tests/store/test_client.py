"""Redis URLs: one Redis, a primary found through Sentinel, and Cluster refused clearly."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest
import redis
import redis.asyncio as aioredis
from server_support import KRIG_SERVER, ROOT, ServerProc, close_all, play_all, seat_players

from server.errors import RedisUrlError
from server.store.embedded import RedisProcess, find_redis_server, free_port
from tools.redis_client import redis_client, sentinel_parts


def test_sentinel_url_parts() -> None:
    assert sentinel_parts("redis+sentinel://:s3cret@a:26379,b:26380/krig/2") == (
        [("a", 26379), ("b", 26380)], "krig", 2, "s3cret",
    )  # fmt: skip
    assert sentinel_parts("redis+sentinel://sentinel/krig") == (
        [("sentinel", 26379)],
        "krig",
        0,
        None,
    )
    with pytest.raises(RedisUrlError, match="names no service"):
        sentinel_parts("redis+sentinel://a:26379")
    assert isinstance(redis_client("redis+cluster://a:7000"), aioredis.RedisCluster)


def test_a_bad_url_is_refused_with_a_reason() -> None:
    done = subprocess.run(
        [KRIG_SERVER, "serve", "--port", str(free_port()),
         "--redis-url", "memcached://127.0.0.1:7000"],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode == 2
    assert "the URL must start with one of redis://" in done.stderr


async def test_a_game_through_sentinel(tmp_path: Path) -> None:
    primary = RedisProcess(port=free_port(), workdir=str(tmp_path / "primary")).start()
    port = free_port()
    conf = tmp_path / "sentinel.conf"
    conf.write_text(
        f"port {port}\nbind 127.0.0.1\ndir {tmp_path}\n"
        f"sentinel monitor krig 127.0.0.1 {primary.port} 1\n"
    )
    sentinel = subprocess.Popen(
        [find_redis_server(), str(conf), "--sentinel"], stdout=subprocess.DEVNULL
    )
    srv: ServerProc | None = None
    try:
        probe = redis.Redis(port=port)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if probe.sentinel_get_master_addr_by_name("krig"):
                    break
            except redis.ConnectionError:
                pass
            time.sleep(0.1)
        probe.close()
        srv = ServerProc(f"redis+sentinel://127.0.0.1:{port}/krig", "sent", tmp_path).start()
        sessions = await seat_players(srv.url, 2, "quick", {"max_tricks": 20})
        await play_all(sessions)
        assert all(s.table.result is not None for s in sessions)
        await close_all(sessions)
        assert primary.port is not None
        keys = redis.Redis(port=primary.port).keys("krig:{*}:room")
        assert keys  # the game lives on the primary Sentinel named
    finally:
        if srv is not None:
            srv.stop()
        sentinel.terminate()
        sentinel.wait()
        primary.cleanup()
