"""Where a krig Redis URL points, and how to speak to it there.

    redis://, rediss:// (TLS), unix://           one server
    redis+sentinel://H:P[,H:P]/SERVICE[/db]      the primary the Sentinels name
    redis+cluster://H:P[,H:P]                    a Redis Cluster (any node to start)

Nothing here opens a connection: :func:`parse_target` reads the URL once, and
the pipe (:mod:`server.store.pipe`) and the tools' redis-py client
(tools/redis_client.py) both go where it says.
"""

from __future__ import annotations

import ssl
from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

from server.errors import RedisUrlError

Address = tuple[str, int] | str
"""(host, port), or a unix socket's path."""

SCHEMES = (
    "redis", "rediss", "unix", "redis+sentinel", "rediss+sentinel", "redis+cluster",
    "rediss+cluster",
)  # fmt: skip


@dataclass(slots=True)
class Options:
    """What a URL says beyond where: credentials, database, TLS."""

    password: str | None = None
    username: str | None = None
    db: int = 0
    tls: ssl.SSLContext | None = None


@dataclass(slots=True)
class Target:
    kind: str
    """direct, sentinel or cluster."""
    addresses: list[Address]
    options: Options
    service: str = ""
    sentinel_password: str | None = None


def _tls_context(query: dict[str, list[str]]) -> ssl.SSLContext:
    ctx = ssl.create_default_context(cafile=query.get("ssl_ca_certs", [None])[0])
    certfile = query.get("ssl_certfile", [None])[0]
    if certfile:
        ctx.load_cert_chain(certfile, query.get("ssl_keyfile", [None])[0])
    if query.get("ssl_cert_reqs", ["required"])[0].lower() in ("none", "optional"):
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    elif query.get("ssl_check_hostname", ["true"])[0].lower() in ("false", "0", "no"):
        ctx.check_hostname = False
    return ctx


def _host_port(item: str, default_port: int, url: str) -> tuple[str, int]:
    if item.startswith("[") and "]" in item:
        host, _, rest = item[1:].partition("]")
        port = rest.lstrip(":") or str(default_port)
    elif item.count(":") == 1:
        host, _, port = item.partition(":")
    else:
        host, port = item, str(default_port)
    try:
        return host or "localhost", int(port)
    except ValueError:
        raise RedisUrlError(f"bad address {item!r} in {url!r}") from None


def parse_target(url: str) -> Target:
    """Where a krig Redis URL points, and how to speak to it."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES:
        raise RedisUrlError(
            f"{url!r}: the URL must start with one of {', '.join(s + '://' for s in SCHEMES)}"
        )
    query = parse_qs(parts.query)
    netloc = parts.netloc
    creds, _, hosts = netloc.rpartition("@")
    user, _, password = creds.partition(":") if creds else ("", "", "")
    options = Options(
        password=unquote(password) if password else None,
        username=unquote(user) if user else None,
        tls=_tls_context(query) if scheme.startswith("rediss") else None,
    )
    path = [p for p in parts.path.split("/") if p]
    if scheme == "unix":
        options.db = int(query.get("db", ["0"])[0])
        return Target("direct", [parts.path], options)
    if scheme in ("redis", "rediss"):
        options.db = int(path[0]) if path and path[0].isdigit() else int(query.get("db", ["0"])[0])
        return Target("direct", [_host_port(hosts, 6379, url)], options)
    addresses: list[Address] = [
        _host_port(h, 26379 if "sentinel" in scheme else 6379, url) for h in hosts.split(",") if h
    ]
    if not addresses:
        raise RedisUrlError(f"{url!r} names no host")
    if "sentinel" in scheme:
        if not path:
            raise RedisUrlError(f"{url!r} names no service: redis+sentinel://HOST:PORT/SERVICE")
        options.db = int(path[1]) if len(path) > 1 and path[1].isdigit() else 0
        return Target("sentinel", addresses, options, path[0], options.password)
    if path and path[0] not in ("0",):
        raise RedisUrlError(f"{url!r}: a Redis Cluster has only database 0")
    return Target("cluster", addresses, options)
