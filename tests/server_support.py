"""Real processes for server tests: a redis-server and krig-server subprocesses."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from pathlib import Path

import redis

from client_cli.bot import play_game
from client_cli.session import Session
from server import rooms
from server.rooms.state import RoomRecord
from server.store.embedded import free_port
from server.store.keys import journal_key, journal_prefix, old_journal_key, old_tail_key, room_key
from server.store.scripts import LOAD
from server.store.store import LoadedRoom, loaded_from
from server.store.update import JournalEntry, decode_entry

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
KRIG_SERVER = str(BIN / "krig-server")
"""The installed console scripts: they work from any folder (``python -m server...``
would import whatever ``server`` or ``protocol`` the current folder holds)."""
KRIG = str(BIN / "krig")


class ServerProc:
    """One ``krig-server serve`` child process on a fixed port (restartable).

    With ``redis_url`` empty it keeps rooms as a self-hoster's server does: give
    ``data_dir=`` (a temporary directory) or ``ephemeral=True``; the suite's
    default data directory (``XDG_DATA_HOME``, set by conftest.py) is never a
    user's own.
    """

    def __init__(self, redis_url: str, node_id: str, log_dir: Path, **settings: object) -> None:
        self.redis_url = redis_url
        self.node_id = node_id
        self.port = free_port()
        self.settings = {
            "grace_s": 2.0,
            "dead_node_s": 3.0,
            "msg_rate": 2000,
            "msg_burst": 4000,
            "max_conns_per_addr": 0,
            "rooms_per_min": 0,
            "drain_s": 0,  # (a test that drains says so: a stop here is at once)
            **settings,
        }
        self.log_path = log_dir / f"{node_id}.log"
        self.env: dict[str, str] = {}
        """Environment variables for the child, over the suite's."""
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProc:
        self.starts += 1
        args = [
            KRIG_SERVER, "serve",
            "--port", str(self.port),
            "--node-id", f"{self.node_id}-{self.starts}",
            "--log-format", "json",
        ]  # fmt: skip
        if self.redis_url:
            args += ["--redis-url", self.redis_url]
        for key, value in self.settings.items():
            flag = f"--{key.replace('_', '-')}"
            if value is True:
                args.append(flag)
            elif value is not False and value is not None:
                args += [flag, str(value)]
        log = open(self.log_path, "ab")  # noqa: SIM115 - the child keeps it
        self.proc = subprocess.Popen(
            args, cwd=ROOT, stdout=subprocess.PIPE, stderr=log, env={**os.environ, **self.env}
        )
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if b"listening" in line:
                return self
            if not line and self.proc.poll() is not None:
                break
        raise RuntimeError(f"krig-server did not start: {self.log_path.read_text()[-2000:]}")

    def signal(self, sig: int) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, sig)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self, timeout: float = 20) -> int | None:
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                # It will not stop: have it log its tasks (SIGUSR1) and its
                # threads' stacks (SIGABRT, faulthandler) before it is killed.
                for sig, wait_s in ((signal.SIGUSR1, 1.0), (signal.SIGABRT, 2.0)):
                    with contextlib.suppress(ProcessLookupError):
                        self.proc.send_signal(sig)
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        self.proc.wait(wait_s)
                if self.proc.poll() is None:
                    self.proc.kill()
                    self.proc.wait()
        return self.proc.returncode

    def log_tail(self, chars: int = 6000) -> str:
        """The end of this server's log (for a failure message)."""
        return f"{self.log_path}:\n{self.log_path.read_text(errors='replace')[-chars:]}"


async def seat_players(
    urls: list[str] | str,
    count: int,
    preset: str = "classic",
    options: dict[str, object] | None = None,
    record: bool = False,
) -> list[Session]:
    """Open ``count`` sessions (round-robin over ``urls``), create a room, join, ready up."""
    url_list = [urls] if isinstance(urls, str) else urls
    sessions = [
        Session(
            url_list[i % len(url_list)] if len(url_list) == 1 else _rotate(url_list, i),
            f"p{i}",
            record=record,
        )
        for i in range(count)
    ]
    for s in sessions:
        await s.connect()
    joined = await sessions[0].create(preset, count, options=dict(options or {}))  # type: ignore[arg-type]
    for s in sessions[1:]:
        await s.join(joined.code)
    for s in sessions:
        await s.ready()
    await asyncio.gather(
        *(s.wait(lambda t: t.phase in ("battle", "war", "over")) for s in sessions)
    )
    return sessions


def load_in_redis(client: redis.Redis | redis.RedisCluster, code: str) -> LoadedRoom | None:
    """Room ``code`` as Redis holds it, read as a node reads it (the LOAD script)."""
    keys = (room_key(code), old_journal_key(code), old_tail_key(code))
    return loaded_from(client.eval(LOAD, 3, *keys, journal_prefix(code)))


def room_in_redis(client: redis.Redis | redis.RedisCluster, code: str) -> RoomRecord | None:
    """Room ``code``'s record as Redis holds it: the stored one with its tail replayed."""
    loaded = load_in_redis(client, code)
    return None if loaded is None else rooms.rebuild(loaded.blob, loaded.tail)


def journal_of(client: redis.Redis, code: str) -> list[JournalEntry]:
    """Room ``code``'s journal: one entry per commit kept (its events and its step)."""
    key = journal_key(code, int(client.hget(room_key(code), "v") or 0))
    return [decode_entry(stored(e)) for e in client.lrange(key, 0, -1)]


def tail_length(client: redis.Redis, code: str) -> int:
    """How many steps of play room ``code`` holds since its record was last written."""
    loaded = load_in_redis(client, code)
    return 0 if loaded is None else len(loaded.tail)


def room_version(client: redis.Redis, code: str) -> int:
    """Room ``code``'s version: its record's and a step more for each entry of its tail."""
    loaded = load_in_redis(client, code)
    return 0 if loaded is None else loaded.version


def log_frames(client: redis.Redis, code: str) -> list[bytes]:
    """The event frames room ``code``'s journal keeps (its resync log), oldest first."""
    return [f for entry in journal_of(client, code) for f in entry.frames]


def stored(value: object) -> bytes:
    """A value read from Redis by redis-py, which types it ``bytes | str``: krig stores bytes."""
    assert isinstance(value, bytes), value
    return value


def _rotate(urls: list[str], i: int) -> list[str]:
    start = i % len(urls)
    return urls[start:] + urls[:start]


async def play_all(sessions: Iterable[Session], timeout: float = 120) -> None:
    await asyncio.gather(*(play_game(s, timeout=timeout) for s in sessions))


async def close_all(sessions: Iterable[Session]) -> None:
    await asyncio.gather(*(s.close() for s in sessions), return_exceptions=True)


def readyz(http: str) -> int:
    """The HTTP status of a server's /readyz."""
    try:
        with urllib.request.urlopen(f"{http}/readyz", timeout=2) as reply:
            return int(reply.status)
    except urllib.error.HTTPError as exc:
        return exc.code


async def until(check: Callable[[], bool], seconds: float) -> bool:
    """Whether ``check()`` came true within ``seconds`` (polled every 0.1 s)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        await asyncio.sleep(0.1)
    return False
