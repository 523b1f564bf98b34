"""The full-screen krig: its parts as pure functions, every screen and control driven
headless with Textual's Pilot against a real krig-server and Redis, and the real
program in a pseudo-terminal at 80x24 (pexpect types, pyte shows what a person sees)."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
import io
import re
import time
from collections.abc import AsyncIterator, Iterator

import pexpect
import pyte
import pytest
import redis
from server_support import KRIG, ServerProc
from textual.pilot import Pilot
from tui_support import screen_text, session, shows, type_text, until

from client_cli.bot import play_game
from client_cli.session import Session
from client_cli.table import Table
from client_cli.tui import view
from client_cli.tui.app import CodeScreen, HostScreen, KrigApp, LobbyScreen, StartScreen
from client_cli.tui.room import ConfirmLeave, RoomScreen, RoomSettings, SeatPicker, VerifyScreen
from protocol import messages as m
from server.store.embedded import RedisProcess
from tools import examples

# ------------------------------------------------------------ pure parts


def _war_table() -> Table:
    t = Table(code="KX7P-Q3", seat=0)
    snap = next(x for x in examples.SERVER_EXAMPLES if isinstance(x, m.Snapshot))
    t.apply_snapshot(copy.deepcopy(snap))  # (a test may change its table: not the example)
    t.apply_event(m.Revealed(seq=28, step=7, trick=7, war=1, up=[45, 39], down=[3, 3]))
    t.apply_event(m.War(seq=29, trick=7, war=2, seats=[0, 1], down=3, stuck=[]))
    return t


def test_the_table_parts_show_a_war_in_colour_and_in_ascii() -> None:
    t = _war_table()
    seen = view.Seen("ws://127.0.0.1:8765/ws")
    head = view.head(t, seen, 78).plain
    assert "room KX7P-Q3" in head and "WAR!" in head
    assert "krig join KX7P-Q3" in head and "http://127.0.0.1:8765/r/KX7P-Q3" in head
    seats = view.seats(t, seen, 78, big=True)
    text = seats.plain
    assert "ada (you)" in text and "bo" in text and "… to flip" in text
    assert "│J ♦│" in text and "│9 ♠│" in text and "│▒▒▒│" in text
    # Hearts and diamonds are red, clubs and spades black.
    styles = {text[span.start : span.end]: str(span.style) for span in seats.spans}
    assert any("red" in style for piece, style in styles.items() if "♦" in piece)
    assert all("red" not in style for piece, style in styles.items() if "♠" in piece)
    status = view.status(t, seen).plain
    assert "WAR! You and bo tied with" in status and "Your turn: press Space" in status
    ascii_text = view.seats(t, view.Seen("ws://h:1/ws", unicode=False), 78, big=True).plain
    assert "|J D|" in ascii_text and "|###|" in ascii_text and "♦" not in ascii_text
    one_line = view.seats(t, seen, 40).plain.splitlines()
    assert len(one_line) == 2 and all(len(line) <= 40 for line in one_line)


def test_an_arneson_hand_shows_its_real_keys() -> None:
    t = _war_table()
    assert t.room is not None
    t.room.rules["hand_size"] = 3
    t.apply_hand(m.Hand(seq=29, cards=[50, 22, 9]))
    t.reveal_seq = 29
    seen = view.Seen("ws://127.0.0.1:8765/ws")
    assert "choose a card (1-3)" in view.status(t, seen).plain
    t.apply_hand(m.Hand(seq=30, cards=[50, 22]))
    assert "choose a card (1-2)" in view.status(t, seen).plain
    assert " 1 " in view.seats(t, seen, 78).plain and " 3 " not in view.seats(t, seen, 78).plain


def test_game_over_in_words_from_each_side() -> None:
    t = _war_table()
    t.apply_event(m.TrickWon(seq=30, trick=7, winner=0, total=12, face_up=[], wars=2,
                             returned_to=None, returned=[], stolen_from=[]))  # fmt: skip
    t.apply_event(m.GameOver(seq=31, result="win", winners=[0], reason="round_cap",
                             counts=[32, 20], set_aside=[]))  # fmt: skip
    seen = view.Seen("ws://127.0.0.1:8765/ws")
    text = view.game_over(t, seen).plain
    assert text.startswith("You win! The trick limit")
    assert "round_cap" not in text and "1. ada (you)" in text and "2. bo" in text
    assert "the longest went 2 rounds" in text and "krig verify KX7P-Q3 --game 1" in text
    t.seat = 1
    assert view.game_over(t, seen).plain.startswith("You lose.")
    t.seat = None
    assert view.game_over(t, seen).plain.startswith("ada wins.")


def test_the_clock_counts_down_in_server_time() -> None:
    t = _war_table()
    now = 1_796_012_345_678
    t.deadline_ms = now + 9_500
    t.game_ends_ms = now + 15 * 60_000
    status = view.status(t, view.Seen("ws://h:1/ws", now_ms=now)).plain
    assert "clock: turn 0:10  game 15:00 left" in status
    later = view.status(t, view.Seen("ws://h:1/ws", now_ms=now + 60_000)).plain
    assert "turn 0:00  game 14:00 left" in later


async def test_ascii_draws_plain_characters() -> None:
    app = KrigApp("ws://127.0.0.1:9/ws", "ada", unicode=False)  # (never connects here)
    async with app.run_test(size=(80, 24)) as pilot:
        text = screen_text(app)
        assert "|A S|" in text and "up/down choose" in text
        await pilot.press("j")
        text = await shows(pilot, "+---")  # the code's input, framed in ascii
        assert not any(ch in text for ch in "▊▔▁♠♥╭│")


# ------------------------------------------------------ against a server


@pytest.fixture(scope="module")
def server(
    redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProc]:
    proc = ServerProc(redis_proc.url, "tui", tmp_path_factory.mktemp("tui")).start()
    yield proc
    proc.stop()


@contextlib.asynccontextmanager
async def krig(
    server: ServerProc, size: tuple[int, int] = (80, 24)
) -> AsyncIterator[tuple[KrigApp, Pilot[int]]]:
    app = KrigApp(server.url, "ada")
    async with app.run_test(size=size) as pilot:
        try:
            yield app, pilot
        finally:
            if app.session is not None:
                await app.session.close()


@contextlib.asynccontextmanager
async def player(server: ServerProc, name: str) -> AsyncIterator[Session]:
    s = Session(server.url, name)
    await s.connect()
    try:
        yield s
    finally:
        await s.close()


def room(app: KrigApp) -> m.RoomInfo:
    r = session(app).table.room
    assert r is not None
    return r


async def test_host_the_waiting_room_and_every_host_control(server: ServerProc) -> None:
    async with krig(server) as (app, pilot):
        text = await shows(pilot, "Host a game")
        for item in ("Join a game by its code", "Quick game", "Open rooms", "Watch a game"):
            assert item in text
        await pilot.press("h")
        text = await shows(pilot, "Host a game: the table and its rules")
        assert isinstance(app.screen, HostScreen)
        assert "▶ Rules: ◀ [ classic" in text and "source: NO/HR/SE common core" in text
        assert "  Face-down cards in a war: 3" in text  # (not focused: no marker, no note)
        await pilot.press("right")  # the preset: quick
        text = await shows(pilot, "source: LV (36 cards: a shorter game)")
        assert app.screen.rows["min_rank"].value == 6  # (its row is further down the form)
        await pilot.press("down", "right", "enter")  # 3 seats; create
        await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the waiting room")
        code = session(app).table.code
        assert code is not None
        text = await shows(pilot, "1 of 3 seats taken")
        assert f"room {code}" in text and f"krig join {code}" in text
        assert f"http://127.0.0.1:{server.port}/r/{code}" in text
        assert "Rules: quick: the 36-card deck, 6 to ace: shorter games" in text

        await pilot.press("b")  # a computer player
        await until(pilot, lambda: room(app).seats[1].bot, "a computer player at seat 2")
        await shows(pilot, "2 of 3 seats taken")
        await pilot.press("x")  # remove a seat: pick it
        await until(pilot, lambda: isinstance(app.screen, SeatPicker), "the seat picker")
        await pilot.press("enter")
        await until(pilot, lambda: room(app).seats[1].name is None, "seat 2 freed")
        async with player(server, "cy") as cy:  # a player's seat, too
            await cy.join(code)
            await shows(pilot, "cy sat down")
            await pilot.press("x")
            await until(pilot, lambda: isinstance(app.screen, SeatPicker), "the seat picker")
            assert "seat 2: cy" in screen_text(app)
            await pilot.press("enter")
            await cy.wait(lambda t: t.seat is None, 10)  # watching now (spectators allowed)
            await shows(pilot, "cy left")
        await pilot.press("k")
        await until(pilot, lambda: room(app).locked, "locked")
        assert "locked" in await shows(pilot, "k unlock")
        await pilot.press("k")
        await until(pilot, lambda: not room(app).locked, "unlocked")

        await pilot.press("o")  # the rules and the room's settings
        await until(pilot, lambda: isinstance(app.screen, RoomSettings), "the settings")
        await pilot.press("down", "down", "down", "right")  # face-down cards: 4
        await pilot.press("down", "right")  # turn timer: 10 s
        await pilot.press("down", "down", "right")  # watchers: not allowed
        await pilot.press("down", "down", "right")  # chat: off
        await pilot.press("down", "right")  # ready checks
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RoomScreen), "back in the room")
        r = room(app)
        assert (r.turn_s, r.spectating, r.chat, r.ready_checks) == (10, False, False, True)
        assert r.rules["war_down"] == 4 and r.preset == "quick"
        text = await shows(pilot, "no watchers")
        assert "chat off" in text and "turn timer 10 s" in text
        assert "Face-down cards in a war: 4 (NO/HR/SE 3" in text

        await pilot.press("s")  # start now, but the host is not ready: said in words
        await shows(pilot, "Every player must be ready before the game starts.")
        await pilot.press("r")
        await until(pilot, lambda: room(app).seats[0].ready, "the host ready")
        await pilot.press("s")  # computer players take the empty seats
        await until(pilot, lambda: session(app).table.phase == "battle", "the game")
        text = await shows(pilot, "CPU 3")
        assert "clock: turn" in text
        await pilot.press("c")
        await type_text(pilot, "hello")
        await pilot.press("enter")
        await shows(pilot, "The host turned the chat off.")
        await pilot.press("escape")

        await pilot.press("q")  # mid-game: asks first
        await until(pilot, lambda: isinstance(app.screen, ConfirmLeave), "the question")
        text = screen_text(app)
        assert "Leave this game?" in text and "quit krig" in text
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, RoomScreen), "stayed")
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, ConfirmLeave), "asked again")
        await pilot.press("l")  # leave: back to the start screen, krig still running
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        assert session(app).table.code is None


async def _play_until_over(pilot: Pilot[int], app: KrigApp, games_before: int) -> bool:
    """Flip until this game is over; whether a war was on the screen, and then in the log."""
    t = session(app).table
    saw_war = marked = False
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while t.games_over == games_before:
        assert loop.time() < deadline, screen_text(app)
        text = screen_text(app)
        if t.phase == "war" and "WAR! " in text and " tied with " in text:
            saw_war = True
        if saw_war and "WAR\u00d71 " in text:  # the war's trick, marked in the trick log
            marked = True
        if t.my_turn:
            await pilot.press("space")
        await pilot.pause(0.02)
    return saw_war and marked


async def test_join_by_code_chat_a_war_game_over_rematch_and_verify(server: ServerProc) -> None:
    async with player(server, "bo") as bo, krig(server) as (app, pilot):
        joined = await bo.create(
            "classic", 2, options={"min_rank": 13, "war_down": 1, "max_tricks": 40}
        )
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, CodeScreen), "the code prompt")
        await type_text(pilot, joined.code.lower())  # (typed as a person would)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the table")
        await until(pilot, lambda: session(app).table.phase == "battle", "the game")

        await bo.chat("good luck, ada!")
        await shows(pilot, "bo: good luck, ada!")
        await pilot.press("c")
        await type_text(pilot, "you too [b]bo[/b]")  # markup is shown as typed
        await pilot.press("enter")
        await bo.wait(lambda t: any(c.text == "you too [b]bo[/b]" for c in t.chat), 10)
        assert bo.table.chat[-1].name == "ada" and bo.table.chat[-1].seat == 1
        await shows(pilot, "ada: you too [b]bo[/b]")
        await pilot.press("escape")

        saw_war = False
        for game in range(1, 21):  # a tiny deck: a war comes within a game or two
            bo_plays = asyncio.create_task(play_game(bo, timeout=60))
            saw_war = await _play_until_over(pilot, app, game - 1) or saw_war
            await bo_plays
            t = session(app).table
            assert t.result is not None
            text = await shows(pilot, "Rematch:")
            me = 1
            expected = ("Draw" if t.result.result == "draw"
                        else "You win!" if me in t.result.winners else "You lose.")  # fmt: skip
            assert expected in text, text
            assert re.search(r"1\. (ada|bo)", text) and " tricks and " in text
            for raw in ("all_cards", "round_cap", "short_war", "exhausted_tie", "(cycle)"):
                assert raw not in text
            if saw_war:
                break
            await bo.rematch()
            await pilot.press("r")

            table = session(app).table

            def started(t: Table = table, n: int = game) -> bool:
                return t.games_over == n and t.phase == "battle"

            await until(pilot, started, "the next game")
        assert saw_war, "twenty games without a war"
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, VerifyScreen), "the check")
        text = await shows(pilot, "Checked, and it holds:")
        assert "the deal is exactly the rules' deck" in text and "Not checked here" in text
        await pilot.press("escape")

        await bo.rematch()  # who is in
        text = await shows(pilot, "bo wants one (1 of 2). Press r to join in.")
        await pilot.press("r")
        await until(pilot, lambda: session(app).table.phase == "battle", "a new game")
        text = await shows(pilot, "none yet")  # no trick of the last game
        assert f"Game {room(app).game}: everyone flips" in text
        assert "4 cards" in text and "╭───╮" not in text  # (no card on the table)


async def test_an_arneson_hand_is_played_with_its_keys(server: ServerProc) -> None:
    async with player(server, "bo") as bo, krig(server, size=(100, 30)) as (app, pilot):
        joined = await bo.create("arneson", 2, options={"hand_size": 2, "max_tricks": 3})
        await pilot.press("j")
        await type_text(pilot, joined.code)
        await pilot.press("enter")
        await until(pilot, lambda: session(app).table.my_turn, "a hand to play")
        text = await shows(pilot, "choose a card (1-2)")
        assert "1-2 choose a card" in text and "Your hand" in text
        assert "╭───╮" in text.split("Your hand")[1]  # room for the hand as cards
        await pilot.resize_terminal(80, 20)  # less room: the hand on one line, keys on it
        text = await shows(pilot, "Your hand:   1 ")
        assert " 2 " in text.split("Your hand:")[1].splitlines()[0]
        await pilot.press("3")  # not a key of this hand
        await shows(pilot, "Your hand has 2 cards: press 1-2.")
        t = session(app).table
        step = t.step
        await pilot.press("1")
        await until(pilot, lambda: t.seat in t.acted or t.step != step, "the card played")


async def test_the_lobby_watching_and_a_wrong_code(server: ServerProc) -> None:
    async with player(server, "bo") as bo, krig(server) as (app, pilot):
        await pilot.press("j")
        await type_text(pilot, "ZZZ-ZZ2")
        await pilot.press("enter")
        await shows(pilot, "No room has the code")
        await pilot.press("escape")
        joined = await bo.create("croatian", 2, public=True, ready_checks=True)
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        text = await shows(pilot, joined.code)
        assert "croatian" in text and "1 of 2" in text and "waiting" in text
        await pilot.press("w")  # watch it
        await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the room")
        text = await shows(pilot, "watching")
        assert "l stop watching" in text and f"krig join {joined.code}" in text
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        await pilot.press("w")  # watch by code
        await type_text(pilot, joined.code)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RoomScreen), "watching again")
        assert session(app).table.seat is None
        await bo.ready()
        await bo.start()  # the host starts: a computer plays the free seat
        await until(pilot, lambda: session(app).table.phase == "battle", "the game")
        await shows(pilot, "Watching.")


async def test_a_quick_game(server: ServerProc) -> None:
    async with krig(server, size=(120, 40)) as (app, pilot):
        await pilot.press("g")
        await shows(pilot, "Quick game: a seat in the next public game")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the room")
        r = room(app)
        assert r.public and r.preset == "classic"
        await shows(pilot, f"krig join {r.code}")


async def test_the_room_gone_is_said_and_krig_goes_back_to_the_start(
    server: ServerProc,
) -> None:
    """The store lost the room (its keys deleted, as an expiry or an empty Redis would):
    the next flip is answered room_gone; the table says so and goes back to the start."""
    async with player(server, "bo") as bo, krig(server) as (app, pilot):
        joined = await bo.create("classic", 2)
        await pilot.press("j")
        await type_text(pilot, joined.code)
        await pilot.press("enter")
        await until(pilot, lambda: session(app).table.my_turn, "a turn")
        admin = redis.Redis.from_url(server.redis_url)
        try:
            for key in admin.scan_iter(f"krig:{{{joined.code}}}:*"):
                admin.delete(key)
        finally:
            admin.close()
        await pilot.press("space")
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        text = await shows(pilot, f"Room {joined.code} is gone: it expired, or the server lost")
        assert "host or join another" in text
        assert session(app).table.code is None and session(app).room_gone == joined.code
        await bo.wait(lambda t: t.code is None, 10)  # (told too)


async def test_a_seat_taken_away_where_no_one_may_watch(server: ServerProc) -> None:
    """Out of the room (``removed``, the same path as ``room_gone``), for real: the host takes
    the seat in a room without watchers; the table says so and goes back to the start."""
    async with player(server, "bo") as bo, krig(server) as (app, pilot):
        joined = await bo.create("classic", 2, ready_checks=True)
        await bo.configure(spectating=False)
        await pilot.press("j")
        await type_text(pilot, joined.code)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the waiting room")
        await shows(pilot, "ada (you)")
        await bo.remove_seat(1)
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        await shows(pilot, f"The host removed you from room {joined.code}.")
        assert session(app).table.code is None
        await pilot.press("j")  # and it may join another room at once
        await bo.leave()
        other = await bo.create("quick", 2, ready_checks=True)
        await type_text(pilot, other.code)
        await pilot.press("enter")
        await until(pilot, lambda: session(app).table.code == other.code, "in the other room")


# ------------------------------------------------------ a real terminal


class Terminal:
    def __init__(
        self,
        server: ServerProc,
        *args: str,
        env: dict[str, str] | None = None,
        size: tuple[int, int] = (80, 24),
    ) -> None:
        columns, lines = size
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.child = pexpect.spawn(
            KRIG,
            ["--url", server.url, "--name", "ada", *args],
            dimensions=(lines, columns),
            env={"TERM": "xterm-256color", "PYTHONUNBUFFERED": "1", "PATH": "/usr/bin:/bin",
                 **(env or {})},
        )  # fmt: skip

    def pump(self, seconds: float = 0.2) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.05)
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                break
            self.raw += data
            self.stream.feed(data)
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
        screen = term.until("space flip")
        assert "room " in screen and "CPU 2" in screen and "krig join" in screen
        term.until("WAR!", seconds=90, key=" ")  # flip until there is a war
        screen = term.until("|###|", seconds=10, key=" ")  # its face-down card
        assert "♠" not in screen  # --ascii
        before = _trick(screen)
        server.kill()
        term.until("reconnecting", seconds=10)
        server.start()
        deadline = time.monotonic() + 30
        while _trick(term.pump(0.2)) <= before:  # play goes on after the restart
            assert time.monotonic() < deadline, "no trick after the restart"
            term.child.send(" ")
        deadline = time.monotonic() + 5  # (the head is redrawn twice a second: a bound)
        while "reconnecting" in term.pump(0.25):
            assert time.monotonic() < deadline, "still reconnecting after play went on"
        # No flicker: the screen is never cleared to be drawn again (only changed cells are).
        assert b"\x1b[2J" not in term.raw and term.raw.count(b"\x1b[?1049h") == 1
        term.child.send("q")
        term.until("Leave this game?")
        term.child.send("q")
        term.child.expect(pexpect.EOF, timeout=10)
    finally:
        term.child.terminate(force=True)


def _hues(raw: bytes) -> set[tuple[int, int, int]]:
    """The colours (not greys) of the escape sequences in ``raw``, as rgb."""
    out = set()
    for params in re.findall(rb"\x1b\[([0-9;]*)m", raw):
        codes = [int(x) for x in params.split(b";") if x]
        i = 0
        while i < len(codes):
            if codes[i] in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
                n = codes[i + 2]
                if 16 <= n <= 231:
                    rgb = ((n - 16) // 36, (n - 16) // 6 % 6, (n - 16) % 6)
                    if len(set(rgb)) > 1:
                        out.add(rgb)
                elif n < 16 and n not in (0, 7, 8, 15):
                    out.add((n, n, n + 1))
                i += 3
            elif codes[i] in (38, 48) and i + 4 < len(codes) and codes[i + 1] == 2:
                rgb = (codes[i + 2], codes[i + 3], codes[i + 4])
                if max(rgb) - min(rgb) > 8:
                    out.add(rgb)
                i += 5
            else:
                if 31 <= codes[i] <= 36 or 41 <= codes[i] <= 46:
                    out.add((codes[i], 0, 0))
                i += 1
    return out


def _red_suit_colour(term: Terminal) -> str:
    """Flip until a heart or a diamond is on the screen; the colour it is drawn in."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        term.child.send(" ")
        term.pump(0.3)
        for row in term.screen.buffer.values():
            for cell in row.values():
                if cell.data in ("♥", "♦"):
                    return str(cell.fg)
    raise AssertionError("no red suit in 60 s")


def _is_red(colour: str) -> bool:
    if colour == "red":
        return True
    if not re.fullmatch(r"[0-9a-fA-F]{6}", colour):
        return False
    r, g, b = (int(colour[i : i + 2], 16) for i in (0, 2, 4))
    return r > 2 * max(g, b, 1)


def test_colour_and_no_colour(server: ServerProc) -> None:
    """Hearts and diamonds in red; with NO_COLOR, greys only (Textual's monochrome)."""
    for env, coloured in (({}, True), ({"NO_COLOR": "1"}, False)):
        term = Terminal(server, "host", "--bots", "1", env=env)
        try:
            term.until("space flip")
            assert _is_red(_red_suit_colour(term)) == coloured
            assert "cards" in term.pump(0.1)
            if not coloured:
                assert not _hues(term.raw), _hues(term.raw)
        finally:
            term.child.terminate(force=True)


# ------------------------------------- a large terminal, the form, the laid war cards


def test_a_laid_war_card_is_drawn_before_the_reveal() -> None:
    """Your face-down war cards (and the one you will turn up) lie on the table as soon
    as you lay them, as backs, in both sizes; your count no longer counts them."""
    t = _war_table()
    seen = view.Seen("ws://127.0.0.1:8765/ws")
    before = view.seats(t, seen, 78, big=True).plain
    wide_before = _plain(view.seat_panels(t, seen, 100))
    t.apply_event(m.Acted(seq=30, seat=0, step=8))
    after = view.seats(t, seen, 78, big=True).plain
    assert after.count("│▒▒▒│") == before.count("│▒▒▒│") + 4  # 3 down, 1 to turn up
    assert "✓ laid" in after and "12 cards" in after  # (16 held, 4 of them laid now)
    wide = _plain(view.seat_panels(t, seen, 100))
    assert wide.count("│▒▒▒▒▒│") == wide_before.count("│▒▒▒▒▒│") + 4 * 3
    assert "╭─ ▶ ada (you)" in wide and "sits this war out" not in wide
    t.apply_event(m.Revealed(seq=31, step=8, trick=7, war=2, up=[50, 40], down=[3, 3]))
    shown = view.seats(t, seen, 78, big=True).plain
    assert "│Q ♥│" in shown  # the reveal replaces the backs laid with what was laid


def _plain(renderable: object) -> str:
    """A Rich renderable as plain text, 120 columns."""
    from rich.console import Console

    console = Console(width=120, file=io.StringIO(), color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def test_the_host_form_groups_every_rule_once_and_puts_common_choices_first() -> None:
    from client_cli.rules_text import OPTIONS
    from client_cli.tui.forms import COMMON_RULES, RULE_GROUPS

    grouped = [n for _, names in RULE_GROUPS for n in names]
    assert sorted([*COMMON_RULES, *grouped]) == sorted(
        o.name for o in OPTIONS if o.name != "players"
    )
    assert len(set(grouped)) == len(grouped)
    assert "max_tricks" in COMMON_RULES  # (it was some 20 presses down)


async def test_a_large_terminal_uses_the_room(server: ServerProc) -> None:
    async with player(server, "bo") as bo, krig(server, size=(120, 40)) as (app, pilot):
        joined = await bo.create("classic", 2, options={"max_tricks": 20})
        await pilot.press("j")
        await type_text(pilot, joined.code)
        await pilot.press("enter")
        await until(pilot, lambda: session(app).table.phase == "battle", "the game")
        text = await shows(pilot, "╭─ ▶ ada (you)")
        lines = text.splitlines()
        top = next(line for line in lines if "Tricks" in line)
        assert "╭─ bo" in top  # the trick log beside the table (bo's panel first), not under it
        assert any("Chat" in line and line.index("Chat") > 70 for line in lines)
        await pilot.press("space")
        await bo.flip(bo.table.step)
        await until(  # the deal is random: the first trick is won, or is a war
            pilot, lambda: any(s in screen_text(app) for s in (" took 2 cards", "WAR! ")), "a trick"
        )
        text = screen_text(app)
        assert "│" in text and "╭─────╮" in text  # large cards: seven cells wide
        await pilot.resize_terminal(80, 24)  # a small terminal: as it was
        text = await shows(pilot, "Tricks")
        assert "╭─ ▶ ada" not in text and "▶ ada (you)" in text


async def test_play_the_computer_with_one_key(server: ServerProc) -> None:
    async with krig(server) as (app, pilot):
        await shows(pilot, "Play the computer now")
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, RoomScreen), "the table")
        await until(pilot, lambda: session(app).table.phase == "battle", "the game, at once", 5)
        assert [s.bot for s in room(app).seats] == [False, True] and not room(app).public
        await shows(pilot, "space flip")


def _focused_rows(screen: str) -> list[str]:
    return [line.strip() for line in screen.splitlines() if line.strip().startswith("▶ ")]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_the_host_form_cursor_shows_in_a_plain_capture(
    server: ServerProc, size: tuple[int, int]
) -> None:
    term = Terminal(server, size=size)
    try:
        term.until("Host a game")
        term.child.send("h")
        term.until("▶ Rules: ◀ [ classic")
        screen = term.until("── The room ──")
        assert _focused_rows(screen) == [
            "▶ Rules: ◀ [ classic (3 face down in a war; short of cards loses) ] ▶"
        ]
        assert "── The game ──" in screen and "── The room ──" in screen
        assert "Trick limit: none: play to the end (10,000 tricks at most)" in screen
        assert "(0:" not in screen
        term.child.send("\x1b[B")  # down
        screen = term.until("▶ Seats at the table: ◀ [ 2 seats ] ▶")
        assert _focused_rows(screen) == ["▶ Seats at the table: ◀ [ 2 seats ] ▶"]
        assert "  Rules: classic" in screen  # the row left behind: no marker, no brackets
        for _ in range(3):  # (computer players, their level)
            term.child.send("\x1b[B")
        screen = term.until("▶ Trick limit: ◀ [ none")  # the common choices come first
        term.child.send("\x1b[C")  # right: 10 tricks
        screen = term.until("▶ Trick limit: ◀ [ 10 ] ▶")
        term.child.send("\x1b")  # back
        term.until("Play the computer now")
    finally:
        term.child.terminate(force=True)


def _seat_block(screen: str, name: str) -> list[str]:
    """The lines of a seat on the table: its 3 lines, or its framed panel."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if name in line)
    if "╭─" in lines[top]:
        end = next(i for i in range(top + 1, len(lines)) if "╰──" in lines[i] and "╯" in lines[i])
        return lines[top : end + 1]
    return lines[top : top + 3]


def _next_game(t: Table, games: int) -> bool:
    return t.games_over == games and t.phase == "battle"


def _laid(t: Table, step: int) -> bool:
    """Seat 1 (ada) has acted in ``step``, or the table is past it."""
    return 1 in t.acted or t.step != step


def _backs(block: list[str]) -> int:
    joined = "\n".join(block)
    return joined.count("│▒▒▒▒▒│") // 3 + joined.count("│▒▒▒│")


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_laid_face_down_war_card_is_drawn_in_a_real_terminal(
    server: ServerProc, size: tuple[int, int]
) -> None:
    """In a real pseudo-terminal: in a war, ada lays her cards and they are on her side of
    the table, face down, while bo has not laid his (no reveal yet)."""
    async with player(server, "bo") as bo:
        joined = await bo.create(
            "classic", 2, options={"min_rank": 10, "war_down": 1, "max_tricks": 300}
        )
        term = Terminal(server, "join", joined.code, size=size)
        try:
            await bo.wait(lambda t: t.phase == "battle", 20)
            deadline = time.monotonic() + 90
            checked = False
            while not checked:
                assert time.monotonic() < deadline, "no war in 90 s\n" + term.pump(0.1)
                t = bo.table
                if t.phase == "over":  # no war ada could lay in (a short war ended it): again
                    games = t.games_over
                    await bo.rematch()
                    term.until("r rematch", 10)
                    term.child.send("r")
                    await bo.wait(functools.partial(_next_game, games=games), 10)
                    continue
                ada_to_lay = 1 in t.awaiting and 1 not in t.acted
                if t.phase == "war" and ada_to_lay:
                    screen = term.until("WAR!", 10)
                    before = _backs(_seat_block(screen, "ada (you)"))
                    step = t.step
                    term.child.send(" ")
                    await bo.wait(functools.partial(_laid, step=step), 10)
                    assert t.step == step, "the war step went by without bo"
                    screen = term.until("✓ laid", 10)
                    block = _seat_block(screen, "ada (you)")
                    assert _backs(block) == before + 2, "\n".join(block)  # 1 down, 1 to turn up
                    await bo.flip(step)
                    checked = True
                elif t.my_turn:
                    await bo.flip(t.step)
                elif ada_to_lay:
                    term.child.send(" ")
                    step = t.step
                    with contextlib.suppress(TimeoutError):
                        await bo.wait(functools.partial(_laid, step=step), 2)
                else:
                    await asyncio.sleep(0.05)
                term.pump(0.05)
        finally:
            term.child.terminate(force=True)


def test_game_over_keeps_the_score_and_a_rematch_can_be_taken_back() -> None:
    t = _war_table()
    t.apply_event(m.TrickWon(seq=30, trick=7, winner=0, total=12, face_up=[], wars=2,
                             returned_to=None, returned=[], stolen_from=[]))  # fmt: skip
    t.apply_event(m.GameOver(seq=31, result="win", winners=[0], reason="round_cap",
                             counts=[32, 20], set_aside=[]))  # fmt: skip
    assert t.room is not None and t.room.wins == [3, 1]  # the example's 2-1, and this win
    t.apply_event(m.PlayerReady(seq=32, seat=0, ready=True))  # ada asked for a rematch
    t.apply_event(m.PlayerReady(seq=33, seat=1, ready=False))  # bo has not (yet)
    seen = view.Seen("ws://127.0.0.1:8765/ws")
    text = view.game_over(t, seen).plain
    assert "Games won in this room: ada (you) 3, bo 1" in text
    assert "Waiting for bo. Press r to take yours back." in text
    assert t.rematch_waits == [1]
