"""Shared test settings: Hypothesis profiles (CI runs fewer examples, no deadline)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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

from server.store.embedded import RedisProcess, free_port  # noqa: E402


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
