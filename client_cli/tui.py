"""The interactive table in a terminal: draws :func:`client_cli.screen.render`, reads keys.

Plain ANSI (clear, home) and cbreak input, no curses: it redraws on every
change and on resize, and restores the terminal on exit.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
import termios
import tty
from collections.abc import Iterator

from client_cli.render import describe
from client_cli.screen import render
from client_cli.session import ServerError, Session, SessionClosed

CLEAR = "\x1b[H\x1b[2J"


@contextlib.contextmanager
def cbreak(fd: int) -> Iterator[None]:
    old = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        sys.stdout.write("\x1b[?25l")  # hide the cursor
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        sys.stdout.write("\x1b[?25h\n")
        sys.stdout.flush()


class Tui:
    def __init__(self, session: Session, unicode: bool) -> None:
        self.s = session
        self.unicode = unicode
        self.messages: list[str] = []
        self.keys: asyncio.Queue[str] = asyncio.Queue()
        self.done = False
        self.seen_reconnects = 0

    def on_message(self, msg: object) -> None:
        room = self.s.table.room
        names = [x.name or "" for x in room.seats] if room is not None else []
        line = describe(msg, names, self.unicode)
        if line:
            self.messages.append(line)
            del self.messages[:-50]
        self.draw()

    def status(self) -> str:
        if not self.s.connected:
            return "reconnecting…"
        if self.s.reconnects != self.seen_reconnects:
            return "reconnected"
        return ""

    def draw(self) -> None:
        size = shutil.get_terminal_size((80, 24))
        lines = render(
            self.s.table, size.columns, size.lines, self.unicode, self.status(), self.messages
        )
        sys.stdout.write(CLEAR + "\r\n".join(lines))
        sys.stdout.flush()

    async def act(self, key: str) -> None:
        t = self.s.table
        try:
            if key == "r" and t.phase == "over":
                await self.s.rematch()
            elif t.my_turn and t.hand_game and key.isdigit():
                index = int(key) - 1
                if 0 <= index < len(t.hand):
                    await self.s.choose(t.step, t.hand[index])
            elif t.my_turn and not t.hand_game and key in (" ", "\n", "\r", "f"):
                await self.s.flip(t.step)
        except ServerError as exc:
            self.messages.append(f"server says: {exc.message}")
        self.draw()

    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        fd = sys.stdin.fileno()
        self.s.on_message = self.on_message
        loop.add_reader(fd, lambda: self.keys.put_nowait(os.read(fd, 32).decode(errors="ignore")))
        loop.add_signal_handler(signal.SIGWINCH, self.draw)
        ticker = loop.create_task(self._tick())
        try:
            with cbreak(fd):
                self.draw()
                while True:
                    chunk = await self.keys.get()
                    for key in chunk:
                        if key == "q":
                            return 0
                        await self.act(key)
        except SessionClosed as exc:
            print(f"\r\nkrig: the server closed the session: {exc}")
            return 1
        finally:
            ticker.cancel()
            loop.remove_reader(fd)
            loop.remove_signal_handler(signal.SIGWINCH)

    async def _tick(self) -> None:
        """Redraw once a second (clocks, connection status)."""
        while True:
            await asyncio.sleep(1)
            self.draw()
