"""What every screen of the full-screen krig stands on: the app as screens see it,
the keys line, an action's failure in words, and the settings form.

The app itself (client_cli.tui.app) and the room (client_cli.tui.room) both
import this module, and neither imports the other's screens back.
"""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from client_cli.session import ServerError, Session, SessionClosed
from client_cli.tui.forms import Field, Row, Section, apply_preset
from client_cli.words import error_words
from protocol import messages as m


class FromServer(Message):
    """A message from the server, for the screens."""

    def __init__(self, msg: object) -> None:
        super().__init__()
        self.msg = msg


def keys_line(pairs: list[tuple[str, str]]) -> Text:
    out = Text(no_wrap=True, overflow="ellipsis")
    for i, (key, what) in enumerate(pairs):
        if i:
            out.append("  ")
        out.append(key, style="bold reverse")
        out.append(" " + what)
    return out


class KrigBase(App[int]):
    """The app as its screens use it: the session, the player, the terminal's glyphs
    (client_cli.tui.app.KrigApp adds the screens themselves)."""

    def __init__(
        self,
        url: str,
        name: str,
        unicode: bool = True,
        session: Session | None = None,
        first: str = "start",
    ) -> None:
        super().__init__()
        self.url = url
        self.player_name = name
        self.unicode = unicode
        self.session = session
        self.first = first
        self.clock_offset_ms = 0
        """The server's clock minus this machine's (clock events are in server time)."""
        self.exit_code = 0
        if session is not None:
            session.on_message = self._from_session

    # ----------------------------------------------------------- session

    def _from_session(self, msg: object) -> None:
        self.post_message(FromServer(msg))

    def on_from_server(self, event: FromServer) -> None:
        for screen in list(self.screen_stack):
            handler = getattr(screen, "server_message", None)
            if handler is not None:
                handler(event.msg)

    async def connected(self) -> Session:
        """The session, connected (again, under a new name, if the name was changed)."""
        s = self.session
        if s is not None and not s.closed and s.name == self.player_name:
            return s
        if s is not None:
            with contextlib.suppress(Exception):
                await s.close()
        s = Session(self.url, self.player_name)
        s.on_message = self._from_session
        await s.connect()
        self.session = s
        await self.sync_clock()
        return s

    async def sync_clock(self) -> None:
        if self.session is not None:
            with contextlib.suppress(Exception):
                self.clock_offset_ms = await self.session.ping()

    def arrows(self, which: str) -> str:
        """The arrow keys' label (``--ascii``: in words)."""
        if self.unicode:
            return {"updown": "↑↓", "leftright": "←→"}[which]
        return {"updown": "up/down", "leftright": "left/right"}[which]

    def back_to_start(self, notice: str = "") -> None:
        """Every screen closed down to the start screen, which shows ``notice``."""
        raise NotImplementedError

    async def quit_krig(self, code: int = 0) -> None:
        s = self.session
        if s is not None and s.table.code is not None:
            with contextlib.suppress(Exception):
                await s.leave()
        self.exit(code)


def say_error(exc: BaseException) -> str:
    """Any failure of an action, as a sentence."""
    if isinstance(exc, ServerError):
        return error_words(m.Error(id=None, code=exc.code, message=exc.message))
    if isinstance(exc, SessionClosed):
        return f"The server ended the session ({exc})."
    if isinstance(exc, TimeoutError):
        return "The server did not answer in time."
    if isinstance(exc, OSError):
        return f"Cannot reach the server ({exc.strerror or exc})."
    return f"Something went wrong: {exc}"


class FormScreen(Screen[None]):
    """Rows of settings; Enter does the screen's action, Esc goes back."""

    TITLE_TEXT = ""
    ACTION = "go"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "go", show=False),
        Binding("escape", "back", "back", show=False),
    ]

    def fields(self) -> list[Field | str]:
        """The form's rows in order; a string is the heading of the rows after it."""
        return []

    def compose(self) -> ComposeResult:
        app = self.app
        assert isinstance(app, KrigBase)
        yield Static(Text(self.TITLE_TEXT), id="title")
        with VerticalScroll(id="form"):
            for f in self.fields():
                if isinstance(f, str):
                    yield Section(f, app.unicode)
                else:
                    yield Row(f, app.unicode)
        yield Static(id="notice", classes="error")
        yield Static(
            keys_line([(app.arrows("updown"), "choose a setting"),
                       (app.arrows("leftright"), "change it"), ("enter", self.ACTION),
                       ("esc", "back")]),
            id="keys",
        )  # fmt: skip

    def on_mount(self) -> None:
        rows = list(self.query(Row))
        if rows:
            rows[0].focus()

    @property
    def rows(self) -> dict[str, Row]:
        return {r.field.key: r for r in self.query(Row)}

    def say(self, text: str) -> None:
        self.query_one("#notice", Static).update(Text(text))

    def on_row_changed(self, event: Row.Changed) -> None:
        if event.row.field.key == "preset":
            apply_preset(self.rows, str(event.row.value))

    def action_back(self) -> None:
        self.app.pop_screen()

    def rules(self) -> dict[str, Any]:
        return {k: r.value for k, r in self.rows.items() if k not in ("preset", *self.NOT_RULES)}

    NOT_RULES: tuple[str, ...] = ()

    def action_submit(self) -> None:
        self.say("")
        self.submit()

    @work(exclusive=True, group="submit")
    async def submit(self) -> None:
        pass
