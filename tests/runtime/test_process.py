"""How the programs run: the allocator's thresholds and the event loop (krig_runtime.process)."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import platform
import subprocess
import weakref
from pathlib import Path

from server_support import (
    KRIG,
    KRIG_SERVER,
    ROOT,
    ServerProc,
    close_all,
    play_all,
    seat_players,
)

from client_cli.session import Session
from krig_runtime import process
from krig_runtime.process import collect_now_and_then, steady_malloc
from server.store.embedded import RedisProcess


def test_malloc_thresholds_are_taken_on_glibc() -> None:
    assert steady_malloc() == (platform.libc_ver()[0] == "glibc")


class _Cycle:
    def __init__(self) -> None:
        self.me = self


async def test_a_full_collection_comes_now_and_then() -> None:
    """What dies in a reference cycle is freed by the collection a server runs every few
    minutes (its thresholds alone would leave it for the life of the process)."""
    gc.disable()  # (no automatic collection: only the task's)
    try:
        cycle = _Cycle()
        gc.collect()
        gc.freeze()  # (in the oldest generation, as a server's long-lived objects are)
        gc.unfreeze()
        gone = weakref.ref(cycle)
        del cycle
        task = asyncio.get_running_loop().create_task(collect_now_and_then(0.01))
        try:
            for _ in range(500):
                if gone() is None:
                    break
                await asyncio.sleep(0.01)
        finally:
            task.cancel()
        assert gone() is None
    finally:
        gc.enable()


async def test_the_server_runs_on_uvloop_and_refuses_an_unknown_loop(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "uv", tmp_path, loop="uvloop").start()
    sessions: list[Session] = []
    try:
        # Capped: an uncapped 3-player classic game is sometimes very long (in
        # 3,000 simulated games the median was 823 tricks, the longest 1.6
        # million), and once it outlasted the 120 s the test gives a game.
        sessions = await seat_players(srv.url, 3, "classic", {"max_tricks": 400})
        await play_all(sessions)
        assert all(s.table.phase == "over" for s in sessions)
        assert len({s.table.seq for s in sessions}) == 1
    finally:
        await close_all(sessions)
        assert srv.stop() == 0, srv.log_tail()
    wrong = subprocess.run(
        [KRIG_SERVER, "serve", "--loop", "tokio", "--port", "1"],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert wrong.returncode == 2 and "unknown event loop 'tokio'" in wrong.stderr


def _started_on(srv: ServerProc) -> list[str]:
    """The loops the server's startup log says it runs on (one "listening" line a start)."""
    events = [json.loads(line) for line in srv.log_path.read_text().splitlines() if line[:1] == "{"]
    return [e.get("loop", "?") for e in events if e.get("event") == "listening"]


def _no_uvloop(tmp_path: Path) -> dict[str, str]:
    """An environment in which ``import uvloop`` fails (a module of that name, found
    first on PYTHONPATH, that raises ImportError): as on a machine without it."""
    shim = tmp_path / "no-uvloop"
    shim.mkdir(exist_ok=True)
    (shim / "uvloop.py").write_text("raise ImportError('uvloop hidden by the test')\n")
    return {"PYTHONPATH": str(shim)}


async def test_the_server_runs_on_uvloop_by_default_and_on_asyncio_when_told(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    chosen = process.choose_loop("auto")[0]
    assert chosen == "uvloop"  # (a dependency of krig on this platform)
    auto = ServerProc(redis_proc.url, "auto", tmp_path).start()  # no --loop: the default
    told = ServerProc(redis_proc.url, "told", tmp_path, loop="asyncio").start()
    try:
        for srv in (auto, told):  # each serves a game on its loop
            sessions = await seat_players(srv.url, 2, "classic", {"max_tricks": 40})
            try:
                await play_all(sessions)
                assert all(s.table.phase == "over" for s in sessions)
            finally:
                await close_all(sessions)
    finally:
        assert auto.stop() == 0, auto.log_tail()
        assert told.stop() == 0, told.log_tail()
    assert _started_on(auto) == ["uvloop"], auto.log_tail()
    assert _started_on(told) == ["asyncio"], told.log_tail()


async def test_without_uvloop_auto_falls_back_to_asyncio_and_uvloop_is_refused(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    env = _no_uvloop(tmp_path)
    srv = ServerProc(redis_proc.url, "fallback", tmp_path)
    srv.env = env
    srv.start()
    try:
        sessions = await seat_players(srv.url, 2, "classic", {"max_tricks": 40})
        try:
            await play_all(sessions)
        finally:
            await close_all(sessions)
    finally:
        assert srv.stop() == 0, srv.log_tail()
    assert _started_on(srv) == ["asyncio"], srv.log_tail()
    insisted = subprocess.run(
        [KRIG_SERVER, "serve", "--loop", "uvloop", "--redis-url", redis_proc.url, "--port", "1"],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**os.environ, **env},
    )  # fmt: skip
    assert insisted.returncode == 2, insisted.stderr
    assert "uvloop is not installed" in insisted.stderr
    # The load generator and the bench's floor take the same words.
    load = subprocess.run(
        [KRIG, "--url", "ws://127.0.0.1:1/ws", "load", "--loop", "uvloop", "--duration", "1"],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**os.environ, **env},
    )  # fmt: skip
    assert load.returncode == 2 and "uvloop is not installed" in load.stderr, load.stderr
