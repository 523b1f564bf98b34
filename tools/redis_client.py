"""redis-py's client from a krig Redis URL (every kind :mod:`server.store.pipe` serves).

    redis://[:password@]host:port/db           one Redis (TLS: rediss://)
    unix:///path/to/redis.sock?db=0             one Redis on a unix socket
    redis+sentinel://[:password@]h1:26379,h2:26379/SERVICE[/db]
                                                the primary Sentinel names SERVICE;
                                                after a failover the client follows it
    redis+cluster://[:password@]h1:6379,h2:6379 a Redis Cluster (or Valkey in cluster
                                                mode); any of its nodes will do to start

The server builds no redis-py client (every call of its goes through
:mod:`server.store.pipe`); this one is for the tests and tools that look at
the same Redis from outside.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote, urlsplit

import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel, SentinelConnectionPool
from redis.backoff import ExponentialBackoff

from server.errors import RedisUrlError
from server.store.target import parse_target

REDIS_POOL = 64
"""Redis connections per process; callers queue for one instead of failing."""


def _common(name: str) -> dict[str, Any]:
    return {
        "retry": Retry(ExponentialBackoff(cap=1.0, base=0.02), retries=8),
        "retry_on_error": [ConnectionError, TimeoutError, OSError],
        "health_check_interval": 10,
        "client_name": name,
    }


def sentinel_parts(url: str) -> tuple[list[tuple[str, int]], str, int, str | None]:
    """(sentinels, service, db, password) of a ``redis+sentinel://`` URL."""
    parts = urlsplit(url)
    hosts = []
    for item in parts.netloc.rsplit("@", 1)[-1].split(","):
        host, _, port = item.rpartition(":")
        if not host:
            host, port = port, "26379"
        try:
            hosts.append((host.strip("[]"), int(port)))
        except ValueError:
            raise RedisUrlError(f"bad sentinel address {item!r} in {url!r}") from None
    path = [p for p in parts.path.split("/") if p]
    if not path:
        raise RedisUrlError(f"{url!r} names no service: redis+sentinel://HOST:PORT/SERVICE")
    db = int(path[1]) if len(path) > 1 and path[1].isdigit() else 0
    password = unquote(parts.password) if parts.password else None
    return hosts, path[0], db, password


def redis_client(url: str, name: str = "krig") -> aioredis.Redis | aioredis.RedisCluster:
    """A client that reconnects by itself with bounded backoff, on a bounded pool.

    Every connection is named ``name`` (CLIENT LIST shows which node holds it).
    """
    scheme = url.split("://", 1)[0].lower()
    target = parse_target(url)  # (a URL of no kind krig knows: RedisUrlError)
    if scheme in ("redis+cluster", "rediss+cluster"):
        return aioredis.RedisCluster(
            startup_nodes=[
                ClusterNode(a[0], a[1]) for a in target.addresses if isinstance(a, tuple)
            ],
            password=target.options.password,
            username=target.options.username,
            ssl=target.options.tls is not None,
            ssl_cert_reqs="none"
            if target.options.tls is not None and target.options.tls.verify_mode == 0
            else "required",
            client_name=name,
            max_connections=REDIS_POOL,
        )
    if scheme in ("redis+sentinel", "rediss+sentinel"):
        hosts, service, db, password = sentinel_parts(url)
        sentinel = Sentinel(  # type: ignore[no-untyped-call, unused-ignore]
            hosts,
            sentinel_kwargs={"password": password} if password else None,
            password=password,
            db=db,
            ssl=scheme.startswith("rediss"),
            socket_keepalive=True,
            max_connections=REDIS_POOL,
            **_common(name),
        )
        client: aioredis.Redis = sentinel.master_for(
            service, redis_class=aioredis.Redis, connection_pool_class=SentinelConnectionPool
        )
        return client
    extra: dict[str, bool] = {} if scheme == "unix" else {"socket_keepalive": True}
    pool = aioredis.BlockingConnectionPool.from_url(
        url, max_connections=REDIS_POOL, timeout=10, **_common(name), **extra
    )
    return aioredis.Redis(connection_pool=pool)
