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

from server.redis_process import RedisProcess, free_port  # noqa: E402


@pytest.fixture(scope="session")
def redis_proc() -> object:
    """A real redis-server for the whole test session, on a free port."""
    proc = RedisProcess(port=free_port(), appendonly=True).start()
    yield proc
    proc.cleanup()


@pytest.fixture()
def redis_url(redis_proc: RedisProcess) -> str:
    return redis_proc.url
