"""The krig command line against a real server: line mode, bots, load, errors."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator

import pytest
from server_support import KRIG, ServerProc

from client_cli.bot import play_game
from client_cli.session import Session
from server.store.embedded import RedisProcess


@pytest.fixture(scope="module")
def server(
    redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProc]:
    proc = ServerProc(redis_proc.url, "cli", tmp_path_factory.mktemp("logs")).start()
    yield proc
    proc.stop()


def krig(server: ServerProc, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [KRIG, "--url", server.url, *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def test_host_with_a_computer_in_line_mode(server: ServerProc) -> None:
    done = krig(
        server, "--name", "ada", "host", "--bots", "1", "--auto", "--set", "max_tricks=8", "--ascii"
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert re.match(r"room code: [2-9A-Z]{3}-[2-9A-Z]{3}", lines[0])
    assert any(line.startswith("game 1 starts: 2 players") for line in lines)
    assert any(line.startswith("game over:") for line in lines)
    assert not any("♠" in line or "♥" in line for line in lines)  # --ascii


async def test_bots_join_by_code_and_play_a_hand_game(server: ServerProc) -> None:
    host = Session(server.url, "host")
    await host.connect()
    try:
        joined = await host.create("arneson", 3, options={"max_tricks": 15})
        procs = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "client_cli.cli",
                "--url",
                server.url,
                "--name",
                f"bot{i}",
                "bot",
                joined.code,
                "--strategy",
                strategy,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            for i, strategy in enumerate(("smart", "random"))
        ]
        await host.wait(lambda t: t.room is not None and all(s.name for s in t.room.seats), 20)
        await host.ready()
        await play_game(host, timeout=120)
        for p in procs:
            _, err = await asyncio.wait_for(p.communicate(), 60)
            assert p.returncode == 0, err.decode()
        assert host.table.result is not None
    finally:
        await host.close()


def test_errors_are_sentences(server: ServerProc) -> None:
    done = krig(server, "join", "ZZZ-ZZ2")
    assert done.returncode == 1
    assert "no room has the code" in done.stderr and "Traceback" not in done.stderr
    said = done.stdout + done.stderr
    assert said.count("no room has the code") == 1, said  # said once, not echoed as well
    gone = subprocess.run(
        [KRIG, "--url", "ws://127.0.0.1:9/ws", "rooms"],
        check=False, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert gone.returncode == 1 and "cannot reach the server" in gone.stderr
    assert "Traceback" not in gone.stderr


def _metric(server: ServerProc, name: str) -> float:
    with urllib.request.urlopen(server.http + "/metrics", timeout=5) as resp:
        text = resp.read().decode()
    return sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith(name + " "))


def test_load_report_agrees_with_the_server_metrics(
    redis_proc: RedisProcess, tmp_path: pytest.TempPathFactory
) -> None:
    # A Redis database of its own: on the shared one this node's sweeper also
    # finishes other tests' abandoned games, and counts them in its metrics.
    url = redis_proc.url.rsplit("/", 1)[0] + "/9"
    srv = ServerProc(url, "load", tmp_path).start()  # type: ignore[arg-type]
    try:
        flips0, games0 = _metric(srv, "krig_flips_total"), _metric(srv, "krig_games_finished_total")
        done = krig(srv, "load", "--rooms", "6", "--players", "2", "--duration", "3", "--json")
        assert done.returncode == 0, done.stderr
        report = json.loads(done.stdout)
        assert report["connections"] == 12 and report["flips"] > 100
        assert report["flips"] == _metric(srv, "krig_flips_total") - flips0
        assert report["games_finished"] == _metric(srv, "krig_games_finished_total") - games0
        lat = report["reveal_latency_ms"]
        assert 0 < lat["p50"] <= lat["p95"] <= lat["p99"] <= lat["max"]
        assert report["errors"] == {} and report["reconnects"] == 0
        assert set(report["moved_on"]) <= {"game_over", "stale_step", "already_acted"}
    finally:
        srv.stop()
