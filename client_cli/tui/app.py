"""The full-screen krig: a Textual app beside the WebSocket session, on one asyncio loop.

Screens: the start screen (host, join, quick game, open rooms, watch), the
host's form, the code prompts, the lobby, and the room (waiting room, table
and game over; client_cli.tui.room). The session's messages are posted to
the app as ``FromServer`` and handed to every screen on the stack that
listens, so a room screen under a dialog stays current.
"""

from __future__ import annotations

import contextlib
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from client_cli.rules_text import PRESETS, overrides, preset_line
from client_cli.tui.base import FormScreen, KrigBase, keys_line, say_error
from client_cli.tui.forms import (
    COMMON_RULES,
    Field,
    Row,
    preset_field,
    rule_field,
    rule_fields,
    yes_no,
)
from client_cli.tui.look import big_cards
from client_cli.tui.room import RoomScreen
from protocol import messages as m

CSS = """
#title { height: 1; padding: 0 1; background: $primary-background; text-style: bold; }
.hint { color: $text-muted; padding: 0 1; height: auto; }
.notice { color: $warning; padding: 0 1; height: auto; }
.error { color: $error; padding: 0 1; height: auto; }
#keys { dock: bottom; height: 1; padding: 0 1; background: $primary-background; }
#banner { height: 3; margin: 1 0 0 0; }
#menu { height: auto; max-height: 12; margin: 1 2; border: none; }
#form { height: 1fr; }
Input { margin: 0 1; width: 40; }
.-ascii Input { border: ascii $accent; }
.-ascii #box { border: ascii $accent; }
"""


class KrigApp(KrigBase):
    """``krig`` on a terminal."""

    CSS = CSS
    ENABLE_COMMAND_PALETTE = False
    TITLE = "krig"

    # ------------------------------------------------------------ screens

    def on_mount(self) -> None:
        if not self.unicode:
            self.add_class("-ascii")
        self.push_screen(StartScreen())
        if self.first == "room":
            self.push_screen(RoomScreen())
            self.run_worker(self.sync_clock())
        elif self.first == "lobby":
            self.push_screen(LobbyScreen())

    def enter_room(self) -> None:
        """Joined a room: its screen goes over the start screen (and nothing else)."""
        self.back_to_start()
        self.push_screen(RoomScreen())

    def back_to_start(self, notice: str = "") -> None:
        while not isinstance(self.screen, StartScreen) and len(self.screen_stack) > 1:
            self.pop_screen()
        if isinstance(self.screen, StartScreen):
            self.screen.say(notice)


# ------------------------------------------------------------------ start


class StartScreen(Screen[None]):
    """What to do: host, join, quick game, open rooms, watch."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "pick('computer')", "play the computer", show=False),
        Binding("h", "pick('host')", "host", show=False),
        Binding("j", "pick('join')", "join", show=False),
        Binding("g", "pick('quick')", "quick game", show=False),
        Binding("o", "pick('lobby')", "open rooms", show=False),
        Binding("w", "pick('watch')", "watch", show=False),
        Binding("n", "pick('name')", "name", show=False),
        Binding("q,escape", "pick('quit')", "quit", show=False),
    ]

    ITEMS = (
        ("computer", "p", "Play the computer now: classic War, one computer player, no wait"),
        ("host", "h", "Host a game: choose the rules, invite friends or computer players"),
        ("join", "j", "Join a game by its code"),
        ("quick", "g", "Quick game: a seat in the next public game"),
        ("lobby", "o", "Open rooms: the public games, to join or watch"),
        ("watch", "w", "Watch a game by its code"),
        ("name", "n", "Change your name"),
        ("quit", "q", "Quit krig"),
    )

    def compose(self) -> ComposeResult:
        app = self.app
        assert isinstance(app, KrigApp)
        yield Static(Text("krig · War, the card game, with friends"), id="title")
        banner = Text()
        for i, line in enumerate(big_cards([59, 54, 49, 44], app.unicode, 40)):
            if i:
                banner.append("\n")
            banner.append("  ")
            banner.append_text(line)
        yield Static(banner, id="banner")
        yield Static(id="who", classes="hint")
        menu = OptionList(
            *(Option(Text.assemble((f" {key} ", "bold reverse"), f"  {label}"), id=item)
              for item, key, label in self.ITEMS),
            id="menu",
        )  # fmt: skip
        yield menu
        yield Static(id="notice", classes="notice")
        yield Static(
            Text("Friends without krig can play in a browser: the waiting room shows the link."),
            classes="hint",
        )
        yield Static(
            keys_line([(app.arrows("updown"), "choose"), ("enter", "go"),
                       ("p h j g o w", "shortcuts"), ("q", "quit")]),
            id="keys",
        )  # fmt: skip

    def on_mount(self) -> None:
        self._who()
        self.query_one("#menu", OptionList).focus()

    def on_screen_resume(self) -> None:
        self._who()
        self.query_one("#menu", OptionList).focus()

    def _who(self) -> None:
        app = self.app
        assert isinstance(app, KrigApp)
        self.query_one("#who", Static).update(
            Text(f"You are {app.player_name}, playing on {app.url}.")
        )

    def say(self, text: str) -> None:
        self.query_one("#notice", Static).update(Text(text))

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option_id or "")

    def action_pick(self, item: str) -> None:
        self.say("")
        if item == "host":
            self.app.push_screen(HostScreen())
        elif item == "join":
            self.app.push_screen(CodeScreen("join"))
        elif item == "watch":
            self.app.push_screen(CodeScreen("watch"))
        elif item == "quick":
            self.app.push_screen(QuickScreen())
        elif item == "lobby":
            self.app.push_screen(LobbyScreen())
        elif item == "name":
            self.app.push_screen(NameScreen())
        elif item == "quit":
            self.app.exit(0)
        elif item == "computer":
            self.play_computer()

    @work(exclusive=True, group="computer")
    async def play_computer(self) -> None:
        """A private two-seat room with a computer player: the game starts at once."""
        app = self.app
        assert isinstance(app, KrigApp)
        try:
            s = await app.connected()
            await s.create("classic", 2, False)
            await s.add_bot()
        except Exception as exc:
            self.say(say_error(exc))
            return
        app.enter_room()


# ------------------------------------------------------------------- forms


def seat_count(v: object) -> str:
    return f"{v} seats"


class HostScreen(FormScreen):
    TITLE_TEXT = "Host a game: the table and its rules"
    ACTION = "create the room"
    NOT_RULES = ("seats", "bots", "level", "public", "ready_checks")

    def fields(self) -> list[Field | str]:
        rules = PRESETS["classic"].rules()
        return [
            "The game",
            preset_field("classic"),
            Field("seats", "Seats at the table", [2, 3, 4], 2, seat_count,
                  "you and up to 3 others; computer players can fill them"),
            Field("bots", "Computer players to seat now", [0, 1, 2, 3], 0,
                  lambda v: "none" if v == 0 else str(v),
                  "a computer in every other seat starts the game at once; more can be "
                  "added, or the empty seats filled, from the waiting room"),
            Field("level", "Computer players' level", ["easy", "normal", "hard"], "normal",
                  str, "easy plays by lot; normal low in a battle, high in a war; "
                  "hard counts the cards (hand games)"),
            *(rule_field(name, rules) for name in COMMON_RULES),
            "The room",
            Field("public", "Listed in the open rooms", [False, True], False,
                  yes_no("yes: anyone may join", "no: only with the code")),
            Field("ready_checks", "Ready checks", [False, True], False,
                  yes_no("every player says ready", "taking a seat means ready")),
            *rule_fields(rules, skip=COMMON_RULES),
        ]  # fmt: skip

    @work(exclusive=True, group="submit")
    async def submit(self) -> None:
        app = self.app
        assert isinstance(app, KrigApp)
        rows = self.rows
        preset = str(rows["preset"].value)
        seats = int(rows["seats"].value)
        bots = int(rows["bots"].value)
        if bots >= seats:
            self.say(f"With {seats} seats there is room for at most {seats - 1} computer players.")
            return
        try:
            s = await app.connected()
            await s.create(
                preset, seats, bool(rows["public"].value), overrides(preset, self.rules()),
                bool(rows["ready_checks"].value),
            )  # fmt: skip
            for _ in range(bots):
                await s.add_bot(level=str(rows["level"].value))
        except Exception as exc:
            self.say(say_error(exc))
            return
        app.enter_room()


class QuickScreen(FormScreen):
    TITLE_TEXT = "Quick game: a seat in the next public game of these rules"
    ACTION = "find a game"
    NOT_RULES = ("players",)

    def fields(self) -> list[Field | str]:
        f = preset_field("classic")
        f.values = list(PRESETS)
        note = "computer players fill a table that does not fill up in time"
        return [Field("players", "Players", [2, 3, 4], 2, lambda v: f"{v} players", note), f]

    def on_row_changed(self, event: Row.Changed) -> None:
        if event.row.field.key == "preset":
            event.row.field.note = preset_line(str(event.row.value))

    @work(exclusive=True, group="submit")
    async def submit(self) -> None:
        app = self.app
        assert isinstance(app, KrigApp)
        rows = self.rows
        try:
            s = await app.connected()
            await s.quick(int(rows["players"].value), str(rows["preset"].value))
        except Exception as exc:
            self.say(say_error(exc))
            return
        app.enter_room()


class CodeScreen(Screen[None]):
    """Type a room's code, to join it or to watch it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "back", show=False)]

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode

    def compose(self) -> ComposeResult:
        what = "Join a game" if self.mode == "join" else "Watch a game"
        yield Static(Text(what), id="title")
        with Vertical():
            yield Static(Text("The room's code, as the host got it (like K7P-Q3X):"),
                         classes="hint")  # fmt: skip
            yield Input(placeholder="code", id="code", max_length=16)
            yield Static(id="notice", classes="error")
        yield Static(keys_line([("enter", self.mode), ("esc", "back")]), id="keys")

    def on_mount(self) -> None:
        self.query_one("#code", Input).focus()

    def action_back(self) -> None:
        self.app.pop_screen()

    def say(self, text: str) -> None:
        self.query_one("#notice", Static).update(Text(text))

    @on(Input.Submitted, "#code")
    def _submitted(self, event: Input.Submitted) -> None:
        self.go(event.value.strip())

    @work(exclusive=True)
    async def go(self, code: str) -> None:
        app = self.app
        assert isinstance(app, KrigApp)
        if not code:
            self.say("Type the room's code first.")
            return
        self.say("")
        try:
            s = await app.connected()
            if self.mode == "join":
                await s.join(code)  # (ready: by taking the seat, or with r if the host asks)
            else:
                await s.spectate(code)
        except Exception as exc:
            self.say(say_error(exc))
            return
        app.enter_room()


class NameScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "back", show=False)]

    def compose(self) -> ComposeResult:
        app = self.app
        assert isinstance(app, KrigApp)
        yield Static(Text("Your name at the table"), id="title")
        yield Static(Text("1 to 32 characters; others at the table see it."), classes="hint")
        yield Input(value=app.player_name, id="name", max_length=32)
        yield Static(id="notice", classes="error")
        yield Static(keys_line([("enter", "keep it"), ("esc", "back")]), id="keys")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def action_back(self) -> None:
        self.app.pop_screen()

    @on(Input.Submitted, "#name")
    def _submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            self.query_one("#notice", Static).update(Text("A name needs at least one character."))
            return
        app = self.app
        assert isinstance(app, KrigApp)
        app.player_name = name[:32]
        app.pop_screen()


# ------------------------------------------------------------------- lobby


class LobbyScreen(Screen[None]):
    """The public rooms, kept current (watch_lobby); join or watch one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back", show=False),
        Binding("w", "watch", "watch", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.rooms: dict[str, m.RoomSummary] = {}

    def compose(self) -> ComposeResult:
        yield Static(Text("Open rooms"), id="title")
        yield Static(id="empty", classes="hint")
        yield Static(
            Text(f"  {'code':<9}{'rules':<11}{'seats':<12}{'state':<10}watching", style="bold"),
            id="columns",
        )
        yield OptionList(id="rooms")
        yield Static(id="notice", classes="error")
        app = self.app
        assert isinstance(app, KrigApp)
        yield Static(
            keys_line([(app.arrows("updown"), "choose"), ("enter", "join"), ("w", "watch"),
                       ("esc", "back")]),
            id="keys",
        )  # fmt: skip

    def on_mount(self) -> None:
        self.query_one("#rooms", OptionList).focus()
        self.load()

    def say(self, text: str) -> None:
        self.query_one("#notice", Static).update(Text(text))

    @work(exclusive=True, group="lobby")
    async def load(self) -> None:
        app = self.app
        assert isinstance(app, KrigApp)
        try:
            s = await app.connected()
            reply = await s.watch_lobby(True)
        except Exception as exc:
            self.say(say_error(exc))
            return
        if isinstance(reply, m.Lobby):
            self.rooms = {r.code: r for r in reply.rooms}
        self.show()

    def server_message(self, msg: object) -> None:
        if isinstance(msg, m.LobbyRoom):
            if msg.gone:
                self.rooms.pop(msg.room.code, None)
            else:
                self.rooms[msg.room.code] = msg.room
            self.show()

    def show(self) -> None:
        menu = self.query_one("#rooms", OptionList)
        keep = menu.highlighted
        menu.clear_options()
        for r in sorted(self.rooms.values(), key=lambda r: (r.state != "lobby", r.code)):
            state = {"lobby": "waiting", "playing": "playing", "over": "over"}.get(r.state, r.state)
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(f"{r.code:<9}", style="bold")
            line.append(f"{r.preset:<11}{f'{r.taken} of {r.players}':<12}{state:<10}")
            line.append(str(r.spectators), style="grey62")
            menu.add_option(Option(line, id=r.code))
        if self.rooms and keep is not None:
            menu.highlighted = min(keep, len(self.rooms) - 1)
        elif self.rooms:
            menu.highlighted = 0
        self.query_one("#empty", Static).update(
            Text("" if self.rooms else "No open rooms right now: host one, or start a quick game.")
        )

    def _chosen(self) -> str | None:
        menu = self.query_one("#rooms", OptionList)
        if menu.highlighted is None or not self.rooms:
            return None
        return menu.get_option_at_index(menu.highlighted).id

    @on(OptionList.OptionSelected, "#rooms")
    def action_join(self) -> None:
        code = self._chosen()
        if code is not None:
            self.enter(code, watch=False)

    def action_watch(self) -> None:
        code = self._chosen()
        if code is not None:
            self.enter(code, watch=True)

    @work(exclusive=True, group="enter")
    async def enter(self, code: str, watch: bool) -> None:
        app = self.app
        assert isinstance(app, KrigApp)
        try:
            s = await app.connected()
            if watch:
                await s.spectate(code)
            else:
                await s.join(code)
            with contextlib.suppress(Exception):
                await s.watch_lobby(False)
        except Exception as exc:
            self.say(say_error(exc))
            return
        app.enter_room()

    def action_back(self) -> None:
        app = self.app
        assert isinstance(app, KrigApp)
        if app.session is not None:
            self.run_worker(app.session.watch_lobby(False), exit_on_error=False)
        app.pop_screen()
