"""The full-screen krig in each language, in a real pseudo-terminal at 80x24 against a real
server: the waiting room, a war and game over say no English sentence (beyond names, room
codes and card codes) and no line is cut at the right edge."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import re
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pexpect
import pyte
import pytest
from server_support import KRIG, ServerProc

from client_cli import i18n
from client_cli.session import Session
from client_cli.table import Table
from krig_locales import LANGUAGES, catalogues
from server.store.embedded import RedisProcess

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
WORD = re.compile(r"[^\W\d_]{3,}")
ALLOWED = {"ada", "krig", "verify", "join", "game", "http", "localhost", "esc", "enter"}
"""Names, the program and its commands (``krig verify CODE --game N``), the link's host,
and key names as the keyboard says them."""
CAPTURES = Path(os.environ.get("KRIG_TUI_CAPTURES", "/tmp/krig-tui-captures"))


@pytest.fixture(scope="module")
def server(
    redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProc]:
    proc = ServerProc(redis_proc.url, "tui-i18n", tmp_path_factory.mktemp("logs")).start()
    yield proc
    proc.stop()


def english_only(lang: str) -> set[str]:
    """Words of the English catalogue the language's catalogue never uses (every variant;
    keys, comments and placeholders left out): seeing one means English leaked."""
    return _words("en") - _words(lang) - ALLOWED


def _words(lang: str) -> set[str]:
    found: set[str] = set()
    for path in catalogues(lang):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                continue
            line = re.sub(r"^[\w-]+ =|\{[^{}]*\}|\*?\[\w+\]|\w+_\w+", " ", line.strip())
            found |= {w.lower() for w in WORD.findall(line)}
    return found


class Terminal:
    """``krig`` in a pseudo-terminal; pyte shows the screen a person sees."""

    def __init__(self, server: ServerProc, lang: str, *args: str) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(
            KRIG,
            ["--lang", lang, "--url", server.url, "--name", "ada", *args],
            dimensions=(24, 80),
            env={"TERM": "xterm-256color", "PYTHONUNBUFFERED": "1", "PATH": "/usr/bin:/bin"},
        )

    def pump(self, seconds: float = 0.1) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.05))
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                break
        return "\n".join(self.screen.display)

    def until(self, text: str, seconds: float = 20.0) -> str:
        deadline = time.monotonic() + seconds
        screen = ""
        while time.monotonic() < deadline:
            screen = self.pump(0.15)
            if text in screen:
                return screen
        raise AssertionError(f"{text!r} never appeared on:\n{screen}")


@contextlib.asynccontextmanager
async def player(server: ServerProc, name: str) -> AsyncIterator[Session]:
    s = Session(server.url, name)
    await s.connect()
    try:
        yield s
    finally:
        await s.close()


def _next_game(t: Table, games: int) -> bool:
    return t.games_over == games and t.phase == "battle"


def cut(screen: str) -> list[str]:
    """Lines that end in an ellipsis at (or near) the right edge: text Rich cut short."""
    revealing = i18n.say_in("en", "tui-revealing")
    return [
        line for line in screen.splitlines()
        if line.rstrip().endswith(("…", "...")) and len(line.rstrip()) >= 70
        and not line.rstrip().endswith(revealing)
    ]  # fmt: skip


def leaked(screen: str, english: set[str]) -> set[str]:
    said = re.sub(r"ws://\S+|https?://\S+|--\w+|\w+_\w+", " ", screen)
    return {w.lower() for w in WORD.findall(said)} & english


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_terminal_plays_a_war_to_game_over_in_each_language(
    server: ServerProc, lang: str
) -> None:
    def say(key: str, **args: object) -> str:
        return i18n.say_in(lang, key, **args)

    english = english_only(lang) if lang != "en" else set()
    CAPTURES.mkdir(parents=True, exist_ok=True)
    shots: dict[str, str] = {}
    async with player(server, "bo") as bo:
        joined = await bo.create(
            "classic", 2, options={"min_rank": 13, "war_down": 1, "max_tricks": 40}
        )
        term = Terminal(server, lang, "join", joined.code)
        try:
            await bo.wait(lambda t: t.phase == "battle", 20)
            deadline = time.monotonic() + 120
            war_word = say("tui-war-bang")
            while "war" not in shots or "over" not in shots:
                assert time.monotonic() < deadline, "no war and game over in 120 s"
                t = bo.table
                screen = term.pump(0.05)
                war_line = any(line.strip().startswith(war_word + " ")
                               for line in screen.splitlines()[1:])  # fmt: skip
                if t.phase == "war" and war_line and "war" not in shots:
                    shots["war"] = screen
                if t.phase == "over":
                    screen = term.until(say("tui-rematch"), 10)
                    shots.setdefault("over", screen)
                    if "war" in shots:
                        break
                    games = t.games_over
                    await bo.rematch()
                    term.child.send("r")
                    await bo.wait(functools.partial(_next_game, games=games), 15)
                    continue
                if t.my_turn:
                    await bo.flip(t.step)
                elif 1 in t.awaiting and 1 not in t.acted:
                    term.child.send(" ")
                    await asyncio.sleep(0.05)
                else:
                    await asyncio.sleep(0.03)
        finally:
            term.child.terminate(force=True)
    for moment, screen in shots.items():
        (CAPTURES / f"{lang}-{moment}.txt").write_text(screen, encoding="utf-8")
        assert not cut(screen), (lang, moment, cut(screen), screen)
        assert not leaked(screen, english), (lang, moment, leaked(screen, english), screen)
    assert say("tui-rematch") in shots["over"]
    assert say("tui-log-title") in shots["war"]
