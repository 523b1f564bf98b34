"""Shared test settings: Hypothesis profiles (CI runs fewer examples, no deadline), the
suite's own data directory, and a real Redis."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import AsyncIterator

from hypothesis import HealthCheck, settings

# ------------------------------------------------------- nothing of the user's

# A krig-server the suite starts without --redis-url keeps its rooms in the
# default data directory, $XDG_DATA_HOME/krig: point that at a directory of the
# suite's own, before any test or server starts, so the suite never writes into
# the user's ~/.local/share/krig. The user's own KRIG_* settings (a data
# directory, a Redis) do not reach the suite's servers and clients either.
SUITE_DATA_HOME = tempfile.mkdtemp(prefix="krig-suite-data-")
atexit.register(shutil.rmtree, SUITE_DATA_HOME, ignore_errors=True)
os.environ["XDG_DATA_HOME"] = SUITE_DATA_HOME
for _name in [n for n in os.environ if n.startswith("KRIG_") and n != "KRIG_VENV"]:
    del os.environ[_name]

settings.register_profile(
    "ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


# ----------------------------------------------------------------- real Redis

import pytest  # noqa: E402
import redis  # noqa: E402
import redis.asyncio as aioredis  # noqa: E402

from server.store.embedded import RedisProcess, free_port  # noqa: E402
from server.store.pipe import RedisPipe  # noqa: E402


@pytest.fixture(scope="session")
def redis_proc() -> object:
    """A real redis-server for the whole test session, on a free port."""
    proc = RedisProcess(port=free_port(), appendonly=True).start()
    yield proc
    proc.cleanup()


@pytest.fixture()
def redis_url(redis_proc: RedisProcess) -> str:
    return redis_proc.url


@pytest.fixture(scope="module", autouse=True)
def _fresh_redis_per_module(request: pytest.FixtureRequest) -> None:
    """Each module that uses Redis starts from an empty one.

    Rooms a module's tests leave half played (their players closed) wait for
    their grace to run out; a later module's long-lived server would claim
    and play them out with its sweeper, up to the moment it is told to stop.
    """
    module = request.module
    if not any(
        getattr(item, "module", None) is module
        and "redis_proc" in getattr(item, "fixturenames", ())
        for item in request.session.items
    ):
        return
    proc: RedisProcess = request.getfixturevalue("redis_proc")
    client = redis.Redis.from_url(proc.url)
    try:
        client.flushall()
    finally:
        client.close()


@pytest.fixture()
async def db(redis_proc: RedisProcess) -> AsyncIterator[tuple[str, aioredis.Redis, RedisPipe]]:
    """A database of its own on the session's Redis (db 4): its URL, a client and a commit pipe."""
    url = redis_proc.url.rsplit("/", 1)[0] + "/4"
    client = aioredis.Redis.from_url(url)
    pipe = RedisPipe(url, "hot-path-test")
    yield url, client, pipe
    await pipe.close()
    await client.aclose()
