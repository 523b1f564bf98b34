"""Server settings: defaults, overridden by ``KRIG_*`` environment variables, then flags."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, fields


@dataclass(slots=True)
class Settings:
    host: str = "127.0.0.1"
    """Address to listen on (0.0.0.0 for every interface)."""
    port: int = 8765
    """Port for /ws and the HTTP endpoints."""
    public_url: str = ""
    """The address friends use to reach this server, e.g. https://krig.example.org (a proxy
    or a forwarded port); invite links use it. Empty: the machine's network address when
    listening on every interface, else the address the page was opened at."""
    tls_cert: str = ""
    """A PEM certificate (chain) file: serve https and wss on the port (with --tls-key)."""
    tls_key: str = ""
    """The PEM private key of --tls-cert."""
    redis_url: str = ""
    """Where rooms are kept: redis://, rediss://, unix:// or redis+sentinel:// (empty: start a
    private redis-server on a unix socket)."""
    grace_s: float = 30.0
    """How long a disconnected seat is held before the server plays it."""
    room_ttl_s: int = 3600
    """A room idle this long expires."""
    record_ttl_s: int = 86400
    """A finished game's record is kept this long."""
    session_ttl_s: int = 86400
    """A session token unused this long stops working."""
    log_keep: int = 16
    """Room events kept for resync (a few tricks); a longer gap gets a snapshot."""
    hello_timeout_s: float = 10.0
    """A connection must send hello within this time."""
    heartbeat_s: int = 20
    """WebSocket ping interval; a peer silent for as long again is dropped."""
    msg_rate: float = 50.0
    """Sustained client messages per second per connection."""
    msg_burst: int = 100
    """Messages a connection may send at once before the rate applies."""
    guess_limit: int = 20
    """Unknown room codes one address may try per minute."""
    rooms_per_min: int = 120
    """Rooms (hosted or quick-joined) one address may open per minute (0: no limit)."""
    max_conns_per_addr: int = 1000
    """Open connections one address may hold (0: no limit; behind a load balancer every
    client shares its address, so limit there instead)."""
    client_ip_header: str = ""
    """Take the client's address from this request header (e.g. X-Forwarded-For, last entry)
    for the per-address limits; set it only behind a proxy that sets the header."""
    open_timeout_s: float = 10.0
    """The opening handshake must finish within this time (slow handshakes are cut)."""
    allowed_origins: str = ""
    """Comma-separated Origin values a browser may connect from (empty: any). Clients that
    send no Origin, like the CLI, are always let in."""
    quick_fill_s: float = 20.0
    """Quick-join: a room still not full after this long gets computer players (0: never)."""
    dead_node_s: float = 10.0
    """A node silent this long is taken for dead; its seats count as disconnected."""
    node_id: str = ""
    """This process's name among the nodes (default: host-pid-random)."""
    loop: str = "asyncio"
    """Event loop: asyncio, or uvloop (pip install 'krig[uvloop]'; it speeds the bare
    stack more than krig, see docs/PERFORMANCE.md)."""
    log_format: str = "auto"
    """auto (readable on a terminal, JSON otherwise), json or console."""
    log_level: str = "info"
    """debug, info, warning or error."""


def _env_name(name: str) -> str:
    return f"KRIG_{name.upper()}"


def describe() -> list[tuple[str, str, str]]:
    """(flag, environment variable, default) of every setting, for the README."""
    return [
        (f"--{f.name.replace('_', '-')}", _env_name(f.name), repr(f.default))
        for f in fields(Settings)
    ]


_DEFAULTS = Settings()


def _kind(name: str) -> type:
    return type(getattr(_DEFAULTS, name))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    docs = field_docs()
    for f in fields(Settings):
        meaning = docs.get(f.name, "").replace("%", "%%")  # (argparse formats help with %)
        parser.add_argument(
            f"--{f.name.replace('_', '-')}",
            dest=f.name,
            default=None,
            type=_kind(f.name),
            help=f"{meaning} (env {_env_name(f.name)}, default {f.default!r})".lstrip(),
        )


def load(args: argparse.Namespace | None = None, environ: dict[str, str] | None = None) -> Settings:
    env = os.environ if environ is None else environ
    settings = Settings()
    for f in fields(Settings):
        kind = _kind(f.name)
        raw = env.get(_env_name(f.name))
        if raw is not None and raw != "":
            try:
                setattr(settings, f.name, kind(raw))
            except ValueError:
                raise SystemExit(
                    f"krig-server: {_env_name(f.name)}={raw!r} is not a {kind.__name__}"
                ) from None
        if args is not None and getattr(args, f.name, None) is not None:
            setattr(settings, f.name, getattr(args, f.name))
    return settings


def field_docs() -> dict[str, str]:
    """Each setting's docstring (above), on one line: for ``--help`` and the docs' table.
    Empty if the source cannot be read."""
    import ast
    import inspect

    try:
        source = inspect.getsource(Settings)
    except (OSError, TypeError):
        return {}
    docs: dict[str, str] = {}
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    for node, nxt in zip(body.body, body.body[1:], strict=False):
        documented = isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant)
        if documented and isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            assert isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant)
            docs[node.target.id] = " ".join(str(nxt.value.value).split())
    return docs


def markdown_table() -> str:
    """The README's configuration table, from the field docstrings above."""
    docs = field_docs()
    rows = ["| flag | environment | default | meaning |", "|---|---|---|---|"]
    for (flag, env, default), f in zip(describe(), fields(Settings), strict=True):
        rows.append(f"| `{flag}` | `{env}` | `{default}` | {docs.get(f.name, '')} |")
    return "\n".join(rows)
