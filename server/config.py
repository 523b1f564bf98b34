"""Server settings: defaults, overridden by ``KRIG_*`` environment variables, then flags."""

from __future__ import annotations

import argparse
import math
import os
from dataclasses import dataclass, fields

from server.errors import SetupError


@dataclass(slots=True)
class Settings:
    host: str = "127.0.0.1"
    """Address to listen on (0.0.0.0 for every interface)."""
    port: int = 8765
    """Port for /ws and the HTTP endpoints."""
    workers: int = 1
    """Worker processes sharing the port (SO_REUSEPORT) and one Redis, each a node of its own;
    a worker that dies is restarted (0: one per core; 1: a single process, no supervisor)."""
    public_url: str = ""
    """The address friends use to reach this server, e.g. https://krig.example.org (a proxy
    or a forwarded port); invite links use it. Empty: the machine's network address when
    listening on every interface, else the address the page was opened at."""
    tls_cert: str = ""
    """A PEM certificate (chain) file: serve https and wss on the port (with --tls-key)."""
    tls_key: str = ""
    """The PEM private key of --tls-cert."""
    redis_url: str = ""
    """Where rooms are kept: redis://, rediss://, unix://, redis+sentinel:// or
    redis+cluster:// (empty: start a private redis-server that keeps them in the data
    directory)."""
    redis_min_replicas: int = 0
    """Send an event to anyone (and acknowledge an action) only once this many Redis
    replicas hold it (WAIT), so a failover takes back nothing a player was sent; while
    they cannot, actions are answered waiting_for_store (0: do not wait; see
    docs/RELIABILITY.md)."""
    data_dir: str = ""
    """Without --redis-url: the directory the private redis-server keeps rooms in, with an
    append-only file, so a restart loses no game (empty: $XDG_DATA_HOME/krig, or
    ~/.local/share/krig). One server at a time may use it."""
    ephemeral: bool = False
    """Without --redis-url: keep rooms in a temporary directory, removed on exit (a restart
    loses every game)."""
    grace_s: float = 30.0
    """How long a disconnected seat is held before the server plays it."""
    room_ttl_s: int = 3600
    """A room idle this long expires (at most a quarter longer: its expiry is set again
    once a quarter of it has passed)."""
    record_ttl_s: int = 86400
    """A finished game's record is kept this long."""
    session_ttl_s: int = 86400
    """A session token unused this long stops working."""
    log_keep: int = 16
    """Room events kept for resync, about (a few tricks: the room's journal keeps log_keep/8
    commits, at least 2, and those since its record); a longer gap gets a snapshot."""
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
    drain_s: float = 5.0
    """On SIGTERM, /readyz answers 503 and the node goes on serving this long (so a load
    balancer stops sending players to it) before it closes its clients with 1012, which
    resume on another node. SIGINT (Ctrl-C) and a second SIGTERM stop at once."""
    node_id: str = ""
    """This process's name among the nodes (default: host-pid-random)."""
    loop: str = "auto"
    """Event loop: auto (uvloop where it is installed, as it is with krig everywhere but
    Windows, else asyncio; the startup log says which), asyncio, or uvloop (an error
    where it is missing). uvloop took 6-13% less server CPU a flip."""
    log_format: str = "auto"
    """auto (readable on a terminal, JSON otherwise), json or console."""
    log_level: str = "info"
    """debug, info, warning or error."""


class SettingsError(SetupError, ValueError):
    """A setting's value is out of its range or not of its kind; the message is one sentence
    naming the flag (or environment variable) and what it allows."""


@dataclass(frozen=True, slots=True)
class Range:
    """The values a numeric setting allows: ``low`` to ``high`` (None: no upper bound);
    with ``above``, ``low`` itself is not allowed."""

    low: float
    high: float | None = None
    above: bool = False

    def allows(self, value: float) -> bool:
        if not math.isfinite(value):
            return False
        if value < self.low or (self.above and value == self.low):
            return False
        return self.high is None or value <= self.high

    def text(self) -> str:
        low = f"{self.low:g}"
        if self.high is not None:
            return f"from {low} to {self.high:g}"
        return f"more than {low}" if self.above else f"{low} or more"


RANGES: dict[str, Range] = {
    "port": Range(1, 65535),
    "workers": Range(0, 256),
    "grace_s": Range(0),
    "room_ttl_s": Range(1),
    "record_ttl_s": Range(1),
    "session_ttl_s": Range(1),
    "log_keep": Range(1),
    "redis_min_replicas": Range(0),
    "hello_timeout_s": Range(0, above=True),
    "heartbeat_s": Range(1),
    "msg_rate": Range(0, above=True),
    "msg_burst": Range(1),
    "guess_limit": Range(1),
    "rooms_per_min": Range(0),
    "max_conns_per_addr": Range(0),
    "open_timeout_s": Range(0, above=True),
    "quick_fill_s": Range(0),
    "dead_node_s": Range(0, above=True),
    "drain_s": Range(0, 3600),
}
"""Every numeric setting's allowed values: ports 1-65535 (not 0, "any free port": the
server prints the address it was given), rates above 0, durations 0 or more (timeouts
and the dead-node time above 0, expiry times at least 1 s), counts at least 1 where 0
would refuse everything, and 0 or more where 0 means "no limit"."""

CHOICES: dict[str, tuple[str, ...]] = {
    "log_format": ("auto", "json", "console"),
    "log_level": ("debug", "info", "warning", "error"),
}
"""Settings that take one of a few words (``loop`` is checked where the loop is made)."""

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off", "")


def _env_name(name: str) -> str:
    return f"KRIG_{name.upper()}"


def _flag(name: str) -> str:
    return f"--{name.replace('_', '-')}"


def describe() -> list[tuple[str, str, str]]:
    """(flag, environment variable, default) of every setting, for docs/OPERATIONS.md."""
    return [(_flag(f.name), _env_name(f.name), repr(f.default)) for f in fields(Settings)]


_DEFAULTS = Settings()


def _kind(name: str) -> type:
    return type(getattr(_DEFAULTS, name))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    docs = field_docs()
    for f in fields(Settings):
        meaning = docs.get(f.name, "").replace("%", "%%")  # (argparse formats help with %)
        limits = f"; allowed: {allowed(f.name)}" if f.name in RANGES or f.name in CHOICES else ""
        shown = f"{meaning} (env {_env_name(f.name)}, default {f.default!r}{limits})".lstrip()
        if _kind(f.name) is bool:
            parser.add_argument(
                _flag(f.name), dest=f.name, default=None, action="store_true", help=shown
            )
            continue
        parser.add_argument(
            _flag(f.name), dest=f.name, default=None, type=_kind(f.name), help=shown
        )


_KIND_WORDS = {int: "a whole number", float: "a number", bool: "true or false", str: "text"}


def _from_env(name: str, raw: str) -> object:
    kind = _kind(name)
    if kind is bool:
        word = raw.strip().lower()
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        raise SettingsError(f"{_env_name(name)}={raw!r} is not {_KIND_WORDS[bool]} (1 or 0)")
    try:
        return kind(raw)
    except ValueError:
        raise SettingsError(
            f"{_env_name(name)}={raw!r} is not {_KIND_WORDS.get(kind, kind.__name__)}"
        ) from None


def load(args: argparse.Namespace | None = None, environ: dict[str, str] | None = None) -> Settings:
    """The settings: defaults, then ``KRIG_*`` variables, then flags; each one checked.

    Raises :class:`SettingsError` naming the flag or variable a bad value came from.
    """
    env = os.environ if environ is None else environ
    settings = Settings()
    source: dict[str, str] = {}
    for f in fields(Settings):
        raw = env.get(_env_name(f.name))
        if raw is not None and raw != "":
            setattr(settings, f.name, _from_env(f.name, raw))
            source[f.name] = _env_name(f.name)
        if args is not None and getattr(args, f.name, None) is not None:
            setattr(settings, f.name, getattr(args, f.name))
            source[f.name] = _flag(f.name)
    _flag_wins(settings, source, "data_dir", "ephemeral")
    check(settings, source)
    return settings


def _flag_wins(settings: Settings, source: dict[str, str], one: str, other: str) -> None:
    """Of two settings that exclude each other, one given as a flag beats one from the
    environment (``KRIG_DATA_DIR`` set, ``--ephemeral`` given: a throwaway store)."""
    if not (getattr(settings, one) and getattr(settings, other)):
        return
    by_flag = {name for name in (one, other) if source.get(name, "").startswith("--")}
    if len(by_flag) == 1:
        loser = other if one in by_flag else one
        setattr(settings, loser, getattr(_DEFAULTS, loser))
        source.pop(loser, None)


def check(settings: Settings, source: dict[str, str] | None = None) -> None:
    """Raise :class:`SettingsError` for the first setting out of its range or choices.

    ``source`` names where each value came from (a flag or a variable; default: the flag).
    """
    named = source or {}
    for f in fields(Settings):
        value = getattr(settings, f.name)
        where = named.get(f.name, _flag(f.name))
        allowed = RANGES.get(f.name)
        if allowed is not None and not allowed.allows(value):
            raise SettingsError(f"{where} must be {allowed.text()}, not {value:g}")
        words = CHOICES.get(f.name)
        if words is not None and value not in words:
            raise SettingsError(f"{where} must be one of {', '.join(words)}, not {value!r}")
    if settings.ephemeral and settings.data_dir:
        raise SettingsError(
            f"{named.get('data_dir', '--data-dir')} and {named.get('ephemeral', '--ephemeral')} "
            "exclude each other: keep rooms in a directory, or in a temporary one"
        )


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


def allowed(name: str) -> str:
    """What a setting allows, in words (empty: any text)."""
    if name in RANGES:
        return RANGES[name].text()
    if name in CHOICES:
        return ", ".join(CHOICES[name])
    return "a flag (variable: 1 or 0)" if _kind(name) is bool else ""


def markdown_table() -> str:
    """OPERATIONS.md's configuration table, from the field docstrings above."""
    docs = field_docs()
    rows = [
        "| flag | environment | default | allowed | meaning |",
        "|---|---|---|---|---|",
    ]
    for (flag, env, default), f in zip(describe(), fields(Settings), strict=True):
        rows.append(
            f"| `{flag}` | `{env}` | `{default}` | {allowed(f.name)} | {docs.get(f.name, '')} |"
        )
    return "\n".join(rows)
