"""The example bots of docs/BOTS.md play whole games against a real server.

The JavaScript one speaks only the protocol (npm's ``ws`` and ``@msgpack/msgpack``,
installed by ``python3 dev.py test``); the Python one uses krig's client as a library.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import Iterator

import pytest
from server_support import ROOT, ServerProc

from client_cli.bot import play_game
from client_cli.session import Session
from server.store.embedded import RedisProcess

JS = ROOT / "examples" / "bots" / "js"
PY = ROOT / "examples" / "bots" / "python" / "mybot.py"


@pytest.fixture(scope="module")
def server(
    redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProc]:
    proc = ServerProc(redis_proc.url, "examples", tmp_path_factory.mktemp("logs")).start()
    yield proc
    proc.stop()


async def _against(server: ServerProc, *command: str) -> str:
    """A host opens a short Arneson room, the example bot joins it by code, both play it out."""
    host = Session(server.url, "host")
    await host.connect()
    try:
        joined = await host.create("arneson", 2, options={"max_tricks": 60})
        proc = await asyncio.create_subprocess_exec(
            *command, server.url, joined.code, cwd=ROOT,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        await host.wait(lambda t: t.phase in ("battle", "war"), 60)
        await play_game(host, timeout=180)
        out, err = await asyncio.wait_for(proc.communicate(), 60)
        assert proc.returncode == 0, err.decode()
        assert not err.strip(), err.decode()  # (no refusal from the server)
        result = host.table.result
        assert result is not None
        return out.decode()
    finally:
        await host.close()


async def test_the_python_example_bot_plays_a_whole_game(server: ServerProc) -> None:
    out = await _against(server, sys.executable, str(PY))
    assert out.startswith("game over: ") and "I sat at 1" in out


async def test_the_javascript_example_bot_plays_a_whole_game(server: ServerProc) -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not installed (the JavaScript example needs Node 18 or later)")
    assert (JS / "node_modules" / "ws").is_dir(), "run python3 dev.py test: it runs npm ci"
    out = await _against(server, "node", str(JS / "bot.js"))
    assert out.startswith("game over: ") and "I sat at 1" in out
