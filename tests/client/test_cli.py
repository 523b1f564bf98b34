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
from server_support import KRIG, ServerProc, close_all

from client_cli import cli
from client_cli.bot import play_game
from client_cli.lines import play_lines, printer
from client_cli.session import LeftRoom, RoomGone, Session
from protocol import messages as m
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
    assert "No room has the code 'ZZZ-ZZ2'." in done.stderr and "Traceback" not in done.stderr
    said = done.stdout + done.stderr
    assert said.count("room has the code") == 1, said  # said once, not echoed as well
    gone = subprocess.run(
        [KRIG, "--url", "ws://127.0.0.1:9/ws", "rooms"],
        check=False, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert gone.returncode == 1 and "cannot reach the server" in gone.stderr
    assert "Traceback" not in gone.stderr


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["host", "--seats", "5"], "krig host: --seats: the number of seats is 2, 3 or 4, not 5."),
        (["host", "--seats", "two"], "--seats: the number of seats is a number, not 'two'."),
        (["host", "--bots", "2"], "with 2 seats there is room for at most 1 computer players"),
        (["host", "--set", "war_down=11"], "--set: war_down is from 0 to 10, not 11."),
        (["host", "--set", "steal=maybe"], "--set: steal is true or false, not 'maybe'."),
        (["host", "--set", "wars"], "--set: write an option as name=value, not 'wars'."),
        (["host", "--set", "players=3"], "the seats set the players: --seats"),
        (["host", "--preset", "dutch"], "there is no preset 'dutch'; the presets are classic,"),
        (["quick", "--players", "1"], "--players: the number of players is 2, 3 or 4, not 1."),
        (["join"], "krig join: say the code too, as in: krig join CODE."),
        (["--name", "", "rooms"], "--name: a name has 1 to 32 characters, not 0."),
        (["--url", "ftp://x", "rooms"], "--url: 'ftp://x' is not a server address"),
        ([], "the start screen needs a terminal"),
    ],
)
def test_bad_arguments_are_sentences(server: ServerProc, args: list[str], sentence: str) -> None:
    done = subprocess.run(
        [KRIG, "--url", server.url, *args] if "--url" not in args else [KRIG, *args],
        check=False, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 2, done
    assert sentence in done.stderr, done.stderr
    assert "Expected" not in done.stderr and "$." not in done.stderr and "usage:" not in done.stderr


def test_help_is_plain_text() -> None:
    done = subprocess.run([KRIG, "--help"], check=True, capture_output=True, text=True)
    assert "``" not in done.stdout and ":func:" not in done.stdout
    for command in ("host", "join", "watch", "rooms", "lobby", "quick", "verify"):
        assert command in done.stdout
    assert "krig host --bots 1" in done.stdout  # examples
    host = subprocess.run([KRIG, "host", "--help"], check=True, capture_output=True, text=True)
    assert "``" not in host.stdout and "--ready-checks" in host.stdout


def test_http_address_of_the_browser_page_works_as_url(server: ServerProc) -> None:
    done = subprocess.run(
        [KRIG, "--url", server.http + "/", "rooms"],
        check=False, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


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


async def test_line_mode_out_of_the_room_says_why_and_ends(
    server: ServerProc, capsys: pytest.CaptureFixture[str]
) -> None:
    """The host takes the seat in a room without watchers: line mode says so, once, and
    ends with status 1 (room_gone, the same path: tests/system/test_lost_rooms.py)."""
    host, ada = Session(server.url, "host"), Session(server.url, "ada")
    ada.on_message = printer(ada, True)
    for s in (host, ada):
        await s.connect()
    try:
        joined = await host.create("classic", 2, ready_checks=True)  # (stays in the lobby)
        await host.configure(spectating=False)
        await ada.join(joined.code)
        playing = asyncio.create_task(play_lines(ada, False, "smart", True))
        await host.remove_seat(1)
        assert await asyncio.wait_for(playing, 10) == 1
        said = capsys.readouterr().out
        assert said.count("removed you") == 1, said
        assert f"The host removed you from room {joined.code}; you are in no room now" in said
        assert ada.table.code is None
    finally:
        await close_all([host, ada])


def test_out_of_the_room_is_said_and_krig_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for out, said in (
        (LeftRoom(m.Error(id=None, code="removed", message="the host removed you from room X")),
         "krig: The host removed you from room X.\n"),
        (RoomGone("K7P-Q3X"),
         "krig: room K7P-Q3X is gone: it expired, or the server lost it; you are in no room now\n"),
    ):  # fmt: skip

        async def stop(args: object, out: Exception = out) -> int:
            raise out

        monkeypatch.setattr(cli, "run", stop)
        assert cli.main(["rooms"]) == 1
        assert capsys.readouterr().err == said
