"""Line mode: one line per event, and simple prompts to play (scripts, tests, pipes).

Used when stdout is not a terminal, or with ``--lines``.  Enter flips; in a
hand game, a number chooses that card of the hand.  ``--auto`` plays by
itself (like a bot that prints).
"""

from __future__ import annotations

import asyncio
import sys
import threading
from typing import Any

from client_cli.bot import Bot, play_game
from client_cli.i18n import t
from client_cli.render import cards, describe
from client_cli.session import (
    OUT_OF_ROOM,
    WAITING_FOR_STORE,
    LeftRoom,
    RoomGone,
    ServerError,
    Session,
    SessionClosed,
)
from client_cli.words import error_words, gone_words, refusal
from protocol import messages as m


def _names(session: Session) -> list[str]:
    room = session.table.room
    return [s.name or "" for s in room.seats] if room is not None else []


def printer(session: Session, unicode: bool) -> Any:
    """An ``on_message`` callback printing each event as a line."""
    reconnects = [0]
    waiting = [False]

    def show(msg: object) -> None:
        if session.reconnects != reconnects[0]:
            reconnects[0] = session.reconnects
            print(t("lines-reconnected"), flush=True)
        if isinstance(msg, m.Error) and msg.code == WAITING_FOR_STORE:
            if not waiting[0]:  # (said once; the session sends the action again itself)
                waiting[0] = True
                print(f"({error_words(msg).rstrip('.')})", flush=True)
            return
        waiting[0] = False
        if isinstance(msg, m.Error):
            # An answer to an action (it has the action's id) is the asker's to
            # report, or a retry's to hide; only a message of the server's own
            # (no id: a frame it could not read, being put out) is printed here.
            if msg.id is None and msg.code not in OUT_OF_ROOM:  # (those end the command: cli)
                print(t("lines-server-says", sentence=error_words(msg)), flush=True)
            return
        line = describe(msg, _names(session), unicode)
        if line is not None:
            print(line, flush=True)

    return show


def _out(session: Session) -> int:
    """Out of the room (it is gone, or the host took the seat): say why; exit status 1."""
    out = session.out_of_room()
    why = error_words(out.error) if isinstance(out, LeftRoom) else gone_words(out)
    print(t("lines-in-no-room", why=why.rstrip(".")), flush=True)
    return 1


class _Stdin:
    """stdin's lines, read by a daemon thread: waiting for one can be given up (the room
    went meanwhile) without a thread left blocked that exit would wait for."""

    def __init__(self) -> None:
        self._lines: asyncio.Queue[str | None] = asyncio.Queue()
        loop = asyncio.get_running_loop()

        def read() -> None:
            while True:
                try:
                    line = sys.stdin.readline()
                except (OSError, ValueError):  # (no stdin to read, or it is closed)
                    line = ""
                try:
                    loop.call_soon_threadsafe(self._lines.put_nowait, line or None)
                except RuntimeError:  # (the loop is closed: the program is ending)
                    return
                if not line:
                    return

        threading.Thread(target=read, name="krig-stdin", daemon=True).start()

    async def line(self, session: Session) -> str | None:
        """The next line (None: stdin closed); returns at once, with None too, if the
        room goes first (``session.table.code`` None)."""
        read = asyncio.ensure_future(self._lines.get())
        gone = asyncio.ensure_future(session.wait(lambda tb: tb.code is None, timeout=1e9))
        try:
            await asyncio.wait({read, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            if not read.done():
                read.cancel()
        if read.done() and not read.cancelled():
            return read.result()
        if gone.done() and not gone.cancelled():
            gone.result()  # (raises SessionClosed if the session ended)
        return None


async def play_lines(session: Session, auto: bool, strategy: Bot | str, unicode: bool) -> int:
    """Play this seat game after game until stdin closes (or one game with ``auto``)."""
    table = session.table
    if auto:
        try:
            await play_game(session, strategy, timeout=3600)
        except (RoomGone, LeftRoom):
            return _out(session)
        return 0
    stdin = _Stdin()
    while True:
        await session.wait(
            lambda tb: tb.my_turn or tb.phase == "over" or tb.code is None, timeout=3600
        )
        if table.code is None:
            return _out(session)
        if table.phase == "over":
            return 0
        if table.hand_game:
            hand = cards(table.hand, unicode)
            print(t("lines-your-hand", cards=hand, count=len(table.hand)), flush=True)
        else:
            print(t("lines-your-turn"), flush=True)
        line = await stdin.line(session)
        if table.code is None:  # (the server said so meanwhile, and the printer showed it)
            return _out(session)
        if line is None:
            return 0
        try:
            if table.hand_game:
                index = int(line.strip() or "1") - 1
                if not 0 <= index < len(table.hand):
                    print(t("lines-choose-number", count=len(table.hand)), flush=True)
                    continue
                await session.choose(table.step, table.hand[index])
            else:
                await session.flip(table.step)
        except ValueError:
            print(t("lines-type-number"), flush=True)
        except ServerError as exc:
            print(t("lines-server-says", sentence=refusal(exc.code, exc.message)), flush=True)
        except SessionClosed as exc:
            print(t("lines-session-ended", why=str(exc)), flush=True)
            return 1
