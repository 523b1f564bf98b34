"""The interactive table: the screen as a pure function, then the real program in a
pseudo-terminal (pexpect drives the keys, pyte renders the screen a person sees)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pexpect
import pyte
import pytest
from server_support import KRIG, ServerProc

from client_cli.screen import render
from client_cli.table import Table
from protocol import messages as m
from server.store.embedded import RedisProcess
from tools import examples


def _war_table() -> Table:
    t = Table(code="KX7P-Q3", seat=0)
    snap = next(x for x in examples.SERVER_EXAMPLES if isinstance(x, m.Snapshot))
    t.apply_snapshot(snap)
    t.apply_event(m.Revealed(seq=28, step=7, trick=7, war=1, up=[45, 39], down=[3, 3]))
    t.apply_event(m.War(seq=29, trick=7, war=2, seats=[0, 1], down=3, stuck=[]))
    return t


def test_screen_fits_80x24_and_shows_the_war() -> None:
    lines = render(_war_table(), 80, 24, unicode=True, status="", messages=["WAR between ada, bo"])
    assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
    text = "\n".join(lines)
    assert "room KX7P-Q3" in text and "WAR!" in text
    assert "ada (you)" in text and "bo" in text
    assert "▒▒ ▒▒ ▒▒" in text  # face-down cards as backs
    assert "J♦" in text and "9♠" in text
    assert "SPACE flip" in text  # seat 0 is awaited
    ascii_lines = render(_war_table(), 40, 12, unicode=False)
    assert len(ascii_lines) == 12 and all(len(line) <= 40 for line in ascii_lines)
    assert "## ## ##" in "\n".join(ascii_lines)


@pytest.fixture()
def server(redis_proc: RedisProcess, tmp_path: object) -> Iterator[ServerProc]:
    proc = ServerProc(redis_proc.url, "tui", tmp_path).start()  # type: ignore[arg-type]
    yield proc
    proc.stop()


class Terminal:
    def __init__(self, server: ServerProc, *args: str) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(
            KRIG,
            ["--url", server.url, "--name", "ada", *args],
            dimensions=(24, 80),
            env={"TERM": "xterm", "PYTHONUNBUFFERED": "1", "PATH": "/usr/bin:/bin"},
        )

    def pump(self, seconds: float = 0.2) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.05))
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                break
        return "\n".join(self.screen.display)

    def until(self, text: str, seconds: float = 20.0, key: str | None = None) -> str:
        deadline = time.monotonic() + seconds
        screen = ""
        while time.monotonic() < deadline:
            if key is not None:
                self.child.send(key)
            screen = self.pump(0.15)
            if text in screen:
                return screen
        raise AssertionError(f"{text!r} never appeared on:\n{screen}")


def _trick(screen: str) -> int:
    found = re.search(r"trick (\d+)", screen.splitlines()[0])
    return int(found.group(1)) if found else 0


def test_play_a_war_and_survive_a_server_restart(server: ServerProc) -> None:
    term = Terminal(server, "host", "--bots", "1", "--set", "war_down=1", "--ascii")
    try:
        screen = term.until("SPACE flip")
        assert "room " in screen and "CPU 2" in screen
        term.until("WAR!", seconds=60, key=" ")  # flip until there is a war
        screen = term.until("##", seconds=10, key=" ")  # the war's face-down card, as a back
        assert "##" in screen
        before = _trick(screen)
        server.kill()
        term.until("reconnecting", seconds=10)
        server.start()
        term.until("[reconnected]", seconds=30)
        deadline = time.monotonic() + 30
        while _trick(term.pump(0.2)) <= before:  # play goes on after the restart
            assert time.monotonic() < deadline, "no trick after the restart"
            term.child.send(" ")
        term.child.send("q")
        term.child.expect(pexpect.EOF, timeout=10)
    finally:
        term.child.terminate(force=True)
