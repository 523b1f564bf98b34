"""A self-hosted server (no --redis-url) keeps its games in a data directory across restarts.

Real ``krig-server serve`` processes with their own redis-server (append-only
file), stopped with SIGTERM and killed with SIGKILL, and real clients that
resume their seats with their session tokens. Every data directory here is a
temporary one; the suite's default one is set by conftest.py.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from pathlib import Path

import pytest
import redis
from checks import settled_after
from conftest import SUITE_DATA_HOME
from server_support import (
    KRIG_SERVER,
    ROOT,
    ServerProc,
    close_all,
    play_all,
    seat_players,
)

from client_cli.session import Session
from server.store.embedded import (
    PID_NAME,
    UNIX_PATH_MAX,
    URL_NAME,
    DataDir,
    DataDirError,
    RedisProcess,
    default_data_dir,
    server_store,
)

SLOW_GRACE = {"grace_s": 600.0}
"""Seats are held while their players are away: nothing moves the game but its players."""


def _krig_server(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [KRIG_SERVER, *args],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**os.environ, **(env or {})},
    )  # fmt: skip


async def _seated(url: str, names: list[str]) -> list[Session]:
    """Players in a new 2-seat classic room, game started; they do not reconnect by
    themselves (a resume below is done by hand, with the token)."""
    sessions = [Session(url, n, reconnect=False) for n in names]
    for s in sessions:
        await s.connect()
    joined = await sessions[0].create("classic", len(sessions))
    for s in sessions[1:]:
        await s.join(joined.code)
    for s in sessions:
        await s.ready()
    await asyncio.gather(*(s.wait(lambda t: t.phase in ("battle", "war")) for s in sessions))
    return sessions


async def _play_steps(sessions: list[Session], steps: int) -> None:
    for _ in range(steps):
        step = sessions[0].table.step
        await asyncio.gather(*(s.flip(step) for s in sessions if s.table.my_turn))
        await asyncio.gather(*(s.wait(settled_after(step)) for s in sessions))


async def _resume(url: str, before: list[Session]) -> list[Session]:
    """Each player back with its (last) token: same room, same seat, same step."""
    code, step = before[0].table.code, before[0].table.step
    again = [Session(url, s.name, token=s.token, reconnect=False) for s in before]
    for old, new in zip(before, again, strict=True):
        # A client that resumes goes on counting its action ids: the room remembers
        # the ids it has answered, and would take a reused one for a retry.
        new._ids = old._ids
        welcome = await new.connect()
        assert welcome.resumed, "the session was not found after the restart"
        assert (welcome.room, welcome.seat) == (code, old.table.seat)
    for new in again:
        await new.wait(lambda t: t.code == code and t.phase in ("battle", "war"))
        assert new.table.step == step, "the room went back in time across the restart"
    return again


async def test_a_self_hosted_server_keeps_its_games_across_sigterm_and_sigkill(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    srv = ServerProc("", "selfhost", tmp_path, data_dir=str(data), **SLOW_GRACE).start()
    sessions: list[Session] = []
    try:
        sessions = await _seated(srv.url, ["ann", "bo"])
        await _play_steps(sessions, 4)
        assert sessions[0].table.step >= 4
        for s in sessions:
            await s.close()
        assert srv.stop() == 0, srv.log_tail()  # SIGTERM: a clean stop
        assert (data / "appendonly.aof").exists() or (data / "appendonlydir").is_dir()
        assert not (data / URL_NAME).exists(), "a stopped server still names its Redis"

        srv.start()  # the same port and data directory
        sessions = await _resume(srv.url, sessions)
        await _play_steps(sessions, 3)  # and the game goes on
        for s in sessions:
            await s.close()

        srv.kill()  # SIGKILL: no clean-up at all
        assert srv.proc is not None and srv.proc.returncode == -9
        srv.start()
        sessions = await _resume(srv.url, sessions)
        await _play_steps(sessions, 2)
        # The redis-server of the killed server is gone: one per data directory.
        pid = int((data / PID_NAME).read_text())
        assert srv.proc is not None
        assert _redis_servers_on(data) == [pid]
    finally:
        await close_all(sessions)
        srv.stop()
    assert "Traceback" not in srv.log_path.read_text()


def _redis_servers_on(data: Path) -> list[int]:
    """Live redis-server processes whose unix socket is in ``data``."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state != "Z" and b"redis-server" in cmdline and str(data).encode() in cmdline:
            found.append(int(proc.name))
    return found


async def test_two_servers_cannot_share_a_data_directory(tmp_path: Path) -> None:
    data = tmp_path / "data"
    srv = ServerProc("", "first", tmp_path, data_dir=str(data)).start()
    try:
        assert srv.proc is not None
        done = _krig_server("serve", "--data-dir", str(data), "--port", "1")
        assert done.returncode == 2, done.stderr
        assert done.stderr == (
            f"krig-server: the data directory {data} is in use by krig-server serve "
            f"(pid {srv.proc.pid}): one directory serves one server at a time (stop that "
            "one, or give this one another --data-dir)\n"
        )
        # The same directory through the environment.
        again = _krig_server("serve", "--port", "1", env={"KRIG_DATA_DIR": str(data)})
        assert again.returncode == 2 and "is in use by krig-server serve" in again.stderr
    finally:
        srv.stop()
    # Once the first has stopped, the directory is free again.
    later = ServerProc("", "second", tmp_path, data_dir=str(data)).start()
    assert later.stop() == 0


async def test_record_finds_the_embedded_servers_store_by_itself(tmp_path: Path) -> None:
    """No --redis-url, no socket path: `krig-server record` looks in the default data
    directory (here $XDG_DATA_HOME/krig), or the one given, running server or not."""
    home = tmp_path / "xdg"
    env = {"XDG_DATA_HOME": str(home)}
    empty = _krig_server("record", "AAA-AAA", env=env)
    assert empty.returncode == 2
    assert empty.stderr.startswith(f"krig-server: no server store in {home / 'krig'}: ")
    assert not (home / "krig").exists(), "looking made a directory"

    srv = ServerProc("", "rec", tmp_path)
    srv.env = env  # neither --data-dir nor KRIG_DATA_DIR: the default directory
    srv.start()
    assert (home / "krig" / URL_NAME).exists()
    try:
        sessions = await seat_players(srv.url, 2, "classic", {"max_tricks": 8})
        await play_all(sessions)
        code = sessions[0].table.code or ""
        await close_all(sessions)
        out = tmp_path / "game.json"
        done = _krig_server("record", code, "--json", "-o", str(out), env=env)
        assert done.returncode == 0, done.stderr
        assert json.loads(out.read_text())["code"] == code
        checked = _krig_server("verify", str(out))
        assert checked.returncode == 0 and checked.stdout.startswith("match"), checked.stdout
        missing = _krig_server("record", code, "--game", "9", env=env)
        assert missing.returncode == 1 and "no record of game 9" in missing.stderr
    finally:
        assert srv.stop() == 0
    # The server is stopped: record reads its files with a redis-server of its own.
    again = tmp_path / "again.json"
    flag = _krig_server(
        "record", code, "--data-dir", str(home / "krig"), "--json", "-o", str(again)
    )
    assert flag.returncode == 0, flag.stderr
    assert json.loads(again.read_text()) == json.loads(out.read_text())
    # ...which it stopped: the directory is free and names no Redis.
    assert not (home / "krig" / URL_NAME).exists() and not (home / "krig" / PID_NAME).exists()
    assert _redis_servers_on(home / "krig") == []
    elsewhere = _krig_server("record", code, "--data-dir", str(tmp_path / "nowhere"))
    assert elsewhere.returncode == 2 and "no server store in" in elsewhere.stderr


def test_a_redis_server_left_by_a_killed_server_is_stopped_before_the_next_starts(
    tmp_path: Path,
) -> None:
    """Without this, two redis-servers would write one append-only file."""
    data = tmp_path / "data"
    first = RedisProcess(data_dir=DataDir.claim(data, "test"))
    first.start()
    client = redis.Redis.from_url(first.url)
    client.set("krig:test", b"kept")
    client.close()
    assert first.proc is not None
    orphan = first.proc.pid
    assert first.data is not None
    first.data.release()  # its krig-server "died": the lock is gone, the redis-server is not
    second = RedisProcess(data_dir=DataDir.claim(data, "test"))
    try:
        second.start()
        assert second.leftover == orphan
        assert first.proc.wait(10) == 0  # (it was told to stop: a clean exit)
        client = redis.Redis.from_url(second.url)
        assert client.get("krig:test") == b"kept"
        client.close()
    finally:
        second.cleanup()
        first.kill()


def test_a_long_data_directory_puts_the_socket_somewhere_short(tmp_path: Path) -> None:
    data = tmp_path / ("d" * 60) / ("e" * 60)
    assert len(str(data / "redis.sock")) > UNIX_PATH_MAX
    proc = RedisProcess(data_dir=DataDir.claim(data, "test"))
    try:
        proc.start()
        assert len(str(proc.socket_path)) <= UNIX_PATH_MAX
        assert (data / URL_NAME).read_text().strip() == proc.url
        with server_store(str(data), "test record") as url:  # a server holds it: its URL
            assert url == proc.url
            assert redis.Redis.from_url(url).ping()
        socket_dir = proc.socket_path.parent
    finally:
        proc.cleanup()
    assert not socket_dir.exists()
    assert (data / "appendonly.aof").exists() or (data / "appendonlydir").is_dir()


async def test_ephemeral_keeps_nothing(tmp_path: Path) -> None:
    home = Path(SUITE_DATA_HOME) / "krig"
    existed = home.exists()
    srv = ServerProc("", "eph", tmp_path, ephemeral=True).start()
    try:
        sessions = await seat_players(srv.url, 2, "classic", {"max_tricks": 3})
        await close_all(sessions)
    finally:
        assert srv.stop() == 0
    listening = next(
        json.loads(line) for line in srv.log_path.read_text().splitlines() if '"listening"' in line
    )
    where = Path(listening["redis"].removeprefix("unix://").split("?")[0]).parent
    assert where.name.startswith("krig-redis-") and not where.exists()  # removed on exit
    assert home.exists() == existed, "--ephemeral touched the data directory"


def test_the_suite_keeps_out_of_the_users_data_directory() -> None:
    assert default_data_dir() == Path(SUITE_DATA_HOME) / "krig"
    assert default_data_dir({"HOME": "/home/ann"}) == Path("/home/ann/.local/share/krig")
    assert default_data_dir({"XDG_DATA_HOME": "/x", "HOME": "/h"}) == Path("/x/krig")
    assert default_data_dir({"XDG_DATA_HOME": "rel", "HOME": "/h"}) == Path(
        "/h/.local/share/krig"
    )  # (the XDG spec: a relative path is ignored)
    # (the suite's own: KRIG_LANG=en, so its clients speak English on any machine)
    kept = {"KRIG_VENV", "KRIG_LANG"}
    assert not any(name.startswith("KRIG_") and name not in kept for name in os.environ)


def test_a_data_directory_that_cannot_be_made_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(DataDirError, match=r"cannot keep rooms in .*file/krig: "):
        DataDir.claim(blocker / "krig", "test")
    done = _krig_server("serve", "--data-dir", str(blocker / "krig"), "--port", "1")
    assert done.returncode == 2 and "cannot keep rooms in" in done.stderr, done.stderr


def test_a_stale_pid_file_naming_another_process_is_left_alone(
    tmp_path: Path, redis_proc: RedisProcess
) -> None:
    """A pid reused by another process, even another redis-server, is not stopped."""
    data = tmp_path / "data"
    data.mkdir()
    for other in (os.getpid(), redis_proc.proc.pid if redis_proc.proc else os.getpid()):
        (data / PID_NAME).write_text(f"{other}\n")
        proc = RedisProcess(data_dir=DataDir.claim(data, "test"))
        try:
            proc.start()
            assert proc.leftover is None
        finally:
            proc.cleanup()
    assert redis.Redis.from_url(redis_proc.url).ping()  # the suite's Redis still runs
