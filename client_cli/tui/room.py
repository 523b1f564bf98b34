"""The room: the waiting room, the table and game over, on one screen that follows the phase.

The head (the code, the ``krig join CODE`` line and the browser link) stays
on screen in every phase. Keys are shown for what can be done now; the
host's controls appear for the host before a game. ``q`` and ``l`` in a
game ask first.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from client_cli.proof import check_record
from client_cli.rules_text import PRESETS, overrides
from client_cli.session import WAITING_FOR_STORE, Session
from client_cli.table import Table
from client_cli.tui import view
from client_cli.tui.base import FormScreen, KrigBase, keys_line, say_error
from client_cli.tui.forms import COMMON_RULES, Field, preset_field, rule_field, rule_fields, yes_no
from client_cli.tui.look import rule
from client_cli.words import error_words, refusal
from protocol import messages as m

ROOM_CSS = """
RoomScreen { layout: vertical; }
RoomScreen #head { height: 2; padding: 0 1; background: $primary-background; }
RoomScreen #rule { height: 1; padding: 0 1; }
RoomScreen #stage { height: 1fr; }
RoomScreen #body { width: 1fr; height: 100%; }
RoomScreen #side { width: 46; height: 100%; display: none;
                   border-left: vkey $primary-background-lighten-2; }
RoomScreen.ascii #side { border-left: none; }
RoomScreen.wide #side { display: block; }
RoomScreen.wide #lower { display: none; }
RoomScreen #side-log { height: 1fr; padding: 0 1; }
RoomScreen #side-chat { height: 1fr; padding: 0 1; border-top: hkey $primary-background-lighten-2; }
RoomScreen.ascii #side-chat { border-top: none; }
RoomScreen #side-chat.alone { border-top: none; }
RoomScreen #main { height: auto; padding: 0 1; }
RoomScreen #seats { height: auto; padding: 0 1; }
RoomScreen #status { height: 2; padding: 0 1; }
RoomScreen #notice { height: auto; padding: 0 1; color: $warning; }
RoomScreen #lower { height: 1fr; }
RoomScreen #log { width: 1fr; padding: 0 1; }
RoomScreen #chat { width: 1fr; padding: 0 1; border-left: vkey $primary-background-lighten-2; }
RoomScreen.ascii #chat { border-left: none; }
RoomScreen #chat.alone { border-left: none; }
RoomScreen #say { dock: bottom; margin: 0 0 1 0; width: 100%; display: none; }
RoomScreen #say.open { display: block; }
"""

TURN_STEPS = [0, 10, 15, 20, 30, 45, 60, 120, 300]

WIDE = (110, 34)
"""From this size (columns, lines) the room uses the screen: seats in panels with large
cards, the trick log and the chat in a column beside the table."""
SIDE_WIDTH = 46


class RoomScreen(Screen[None]):
    CSS = ROOM_CSS
    AUTO_FOCUS = ""  # (keys go to the table; the chat line takes them only when opened)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,enter,f", "flip", "flip", show=False),
        *(Binding(str(n), f"choose({n - 1})", f"card {n}", show=False) for n in range(1, 6)),
        Binding("c", "chat", "chat", show=False),
        Binding("r", "ready", "ready / rematch", show=False),
        Binding("s", "start", "start now", show=False),
        Binding("b", "add_bot", "add a computer player", show=False),
        Binding("x", "remove_seat", "remove a seat", show=False),
        Binding("k", "lock", "lock", show=False),
        Binding("o", "settings", "rules and room", show=False),
        Binding("v", "verify", "check the deal", show=False),
        Binding("l", "leave", "leave", show=False),
        Binding("q", "quit", "quit", show=False),
        Binding("escape", "leave", "leave", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.feed: list[Text] = []
        """The chat and the comings and goings, in order."""
        self.notice = ""
        self.last_seat: int | None = None
        self.names: list[str] = []
        """The seats' names as last drawn (a seat that left has none in the table any more)."""
        self.gone = False

    # ------------------------------------------------------------ layout

    @property
    def krig(self) -> KrigBase:
        app = self.app
        assert isinstance(app, KrigBase)
        return app

    @property
    def s(self) -> Session:
        s = self.krig.session
        assert s is not None
        return s

    @property
    def t(self) -> Table:
        return self.s.table

    def compose(self) -> ComposeResult:
        yield Static(id="head")
        yield Static(id="rule")
        with Horizontal(id="stage"):
            with Vertical(id="body"):
                yield Static(id="main")
                yield Static(id="seats")
                yield Static(id="status")
                yield Static(id="notice")
                with Horizontal(id="lower"):
                    yield Static(id="log")
                    yield Static(id="chat")
            with Vertical(id="side"):  # a large terminal: the log and the chat beside
                yield Static(id="side-log")
                yield Static(id="side-chat")
        yield Static(id="keys")
        yield Input(placeholder="say something (Enter sends, Esc closes)", id="say", max_length=200)

    def on_mount(self) -> None:
        if not self.krig.unicode:
            self.add_class("ascii")
        self.last_seat = self.t.seat
        self.feed = [view.chat_line(self.t, c) for c in self.t.chat]
        self.set_interval(0.5, self.redraw)
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()

    def seen(self) -> view.Seen:
        s = self.s
        connection = "" if s.connected else "connection lost: reconnecting…"
        now = int(time.time() * 1000) + self.krig.clock_offset_ms
        return view.Seen(self.krig.url, self.krig.unicode, now, connection)

    def redraw(self) -> None:
        if self.gone or self.krig.session is None or not self.is_mounted:
            return
        s = self.s
        if s.fatal is not None:
            self.out(f"The server ended the session: {s.fatal}.")
            return
        t = self.t
        seen = self.seen()
        wide = self.size.width >= WIDE[0] and self.size.height >= WIDE[1]
        self.set_class(wide, "wide")
        width = max(20, self.size.width - 2)
        body_width = max(20, self.size.width - SIDE_WIDTH - 2) if wide else width
        lobby = t.room is None or t.room.state == "lobby"
        over = t.phase == "over" and t.result is not None and not lobby
        playing = not lobby and not over
        self.query_one("#head", Static).update(view.head(t, seen, width))
        self.query_one("#rule", Static).update(rule(width, seen.unicode))
        main = self.query_one("#main", Static)
        if lobby:
            main.update(view.waiting(t, seen))
        elif over:
            main.update(view.game_over(t, seen))
        main.display = lobby or over
        seats = self.query_one("#seats", Static)
        seats.display = playing
        self.query_one("#status", Static).display = playing
        if playing:
            spare = self.size.height - 3 - 2 - 1 - 1 - 3
            if wide and not t.hand_game and spare + 3 >= view.seat_panels_height(t):
                # A large terminal: the seats in panels, the cards five lines high.
                seats.update(view.seat_panels(t, seen, body_width))
            else:
                # Cards three lines high when the screen has the room (4 lines for the log).
                big = spare >= view.seats_height(t, True, False)
                big_hand = big and spare >= view.seats_height(t, True, True)
                seats.update(view.seats(t, seen, body_width, big, big_hand))
            self.query_one("#status", Static).update(view.status(t, seen))
        self.query_one("#notice", Static).update(Text(self.notice))
        if wide:
            log = self.query_one("#side-log", Static)
            chat = self.query_one("#side-chat", Static)
            rows = max(3, log.size.height)
            chat.set_class(lobby, "alone")
        else:
            log = self.query_one("#log", Static)
            chat = self.query_one("#chat", Static)
            rows = max(3, self.query_one("#lower", Horizontal).size.height)
            chat.set_class(lobby, "alone")
        log.display = not lobby
        if not lobby:
            log.update(view.trick_log(t, seen, rows))
        chat_rows = max(3, chat.size.height) if wide else rows
        chat_width = max(10, chat.size.width - 3)
        chat.update(view.chat(t, chat_rows, self.feed, chat_width))
        self.query_one("#keys", Static).update(keys_line(self.keys()))

    def keys(self) -> list[tuple[str, str]]:
        t = self.t
        if self.query_one("#say", Input).has_class("open"):
            return [("enter", "send"), ("esc", "close the chat line")]
        out: list[tuple[str, str]] = []
        room = t.room
        lobby = room is None or room.state == "lobby"
        if t.my_turn:
            out.append((view.hand_keys(t), "choose a card") if t.hand_game else ("space", "flip"))
        if lobby and room is not None:
            if view.is_host(t):
                lock = "unlock" if room.locked else "lock"
                out += [("s", "start"), ("b", "+computer"), ("x", "remove"),
                        ("k", lock), ("o", "rules")]  # fmt: skip
            if t.seat is not None and room.ready_checks:
                me = room.seats[t.seat]
                out.append(("r", "not ready" if me.ready else "ready"))
        if t.phase == "over" and room is not None and room.state == "over":
            if t.seat is not None:
                asked = room.seats[t.seat].ready
                out.append(("r", "take back the rematch" if asked else "rematch"))
            out.append(("v", "check the deal"))
        out.append(("c", "chat"))
        out.append(("l", "leave" if t.seat is not None else "stop watching"))
        out.append(("q", "quit"))
        return out

    # ------------------------------------------------------------ events

    def server_message(self, msg: object) -> None:
        if self.gone:
            return
        if view.is_out_error(msg):
            assert isinstance(msg, m.Error)
            self.out(error_words(msg))
            return
        if isinstance(msg, m.Error) and msg.id is None:
            self.say(error_words(msg))
        elif isinstance(msg, m.Error) and msg.code == WAITING_FOR_STORE:
            self.say(error_words(msg))  # (the session sends the action again itself)
        elif self.notice == refusal(WAITING_FOR_STORE) and not isinstance(msg, m.Error):
            self.say("")  # the store answers again
        t = self.t
        if t.seat != self.last_seat:
            if self.last_seat is not None and t.seat is None and t.code is not None:
                self.note("The host freed your seat: you are watching now.")
            self.last_seat = t.seat
        if isinstance(msg, m.PlayerJoined | m.PlayerLeft | m.PlayerDisconnected |
                      m.PlayerReconnected):  # fmt: skip
            line = _describe_seat(t, msg, self.names)
            if line:
                self.note(line)
        if isinstance(msg, m.ChatSaid):
            self.feed.append(view.chat_line(t, msg))
            del self.feed[:-50]
        if isinstance(msg, m.GameStarted):
            self.notice = ""
        self.redraw()
        self.names = view.names(t)

    def out(self, sentence: str) -> None:
        """Out of the room (gone, removed, the session ended): say so on the start screen."""
        if self.gone:
            return
        self.gone = True
        self.krig.back_to_start(sentence)

    def note(self, text: str) -> None:
        self.feed.append(view.note_line(text))
        del self.feed[:-50]

    def say(self, text: str) -> None:
        self.notice = text
        if self.is_mounted:
            self.query_one("#notice", Static).update(Text(text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.gone or self.krig.session is None:
            return action in ("quit",)
        return True

    # ----------------------------------------------------------- actions

    def act(self, coro: Any) -> None:
        """Run an action on the session; a refusal is said in words under the table."""

        async def run() -> None:
            try:
                await coro
            except Exception as exc:
                self.say(say_error(exc))
            self.redraw()

        self.say("")
        self.run_worker(run(), exit_on_error=False)

    def action_flip(self) -> None:
        t = self.t
        if t.my_turn and not t.hand_game:
            self.act(self.s.flip(t.step))

    def action_choose(self, index: int) -> None:
        t = self.t
        if t.my_turn and t.hand_game and 0 <= index < len(t.hand):
            self.act(self.s.choose(t.step, t.hand[index]))
        elif t.my_turn and t.hand_game:
            self.say(f"Your hand has {len(t.hand)} cards: press {view.hand_keys(t)}.")

    def action_ready(self) -> None:
        t = self.t
        room = t.room
        if room is None or t.seat is None:
            return
        if room.state == "over":
            # r again takes the request back (the rematch waits for every seat).
            self.act(self.s.rematch(on=not room.seats[t.seat].ready))
        elif room.state == "lobby" and room.ready_checks:
            self.act(self.s.ready(not room.seats[t.seat].ready))

    def _host_lobby(self) -> bool:
        t = self.t
        if t.room is None or t.room.state == "playing":
            return False
        if not view.is_host(t):
            self.say("Only the host can do that.")
            return False
        return True

    def action_start(self) -> None:
        if self._host_lobby() and self.t.room is not None and self.t.room.state == "lobby":
            self.act(self.s.start())

    def action_add_bot(self) -> None:
        if self._host_lobby():
            self.act(self.s.add_bot())

    def action_lock(self) -> None:
        if self._host_lobby() and self.t.room is not None:
            self.act(self.s.configure(locked=not self.t.room.locked))

    def action_remove_seat(self) -> None:
        t = self.t
        if not self._host_lobby() or t.room is None:
            return
        seats = [(i, view.who(t, i)) for i, s in enumerate(t.room.seats)
                 if s.name and i != t.room.host]  # fmt: skip
        if not seats:
            self.say("Nobody else is seated yet.")
            return

        def chosen(seat: int | None) -> None:
            if seat is not None:
                self.act(self.s.remove_seat(seat))

        self.app.push_screen(SeatPicker(seats), chosen)

    def action_settings(self) -> None:
        if self._host_lobby() and self.t.room is not None:
            self.app.push_screen(RoomSettings(self.t.room))

    def action_chat(self) -> None:
        say = self.query_one("#say", Input)
        say.add_class("open")
        say.focus()
        self.redraw()

    @on(Input.Submitted, "#say")
    def _send(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        say = self.query_one("#say", Input)
        if not text:
            self._close_chat()
            return

        async def send() -> None:
            try:
                await self.s.chat(text)
            except Exception as exc:
                self.say(say_error(exc))
            else:
                say.value = ""
                self.say("")
            self.redraw()

        self.run_worker(send(), exit_on_error=False)

    def _close_chat(self) -> None:
        say = self.query_one("#say", Input)
        say.remove_class("open")
        self.set_focus(None)
        self.redraw()

    def on_key(self, event: Any) -> None:
        if event.key == "escape" and self.query_one("#say", Input).has_class("open"):
            event.stop()
            event.prevent_default()
            self._close_chat()

    def action_verify(self) -> None:
        t = self.t
        if t.phase == "over" and t.room is not None:
            self.app.push_screen(VerifyScreen(t.room.code, t.room.game))

    def in_game(self) -> bool:
        t = self.t
        return (
            t.seat is not None
            and t.phase in ("battle", "war")
            and t.room is not None
            and (t.room.state == "playing")
        )

    def action_leave(self) -> None:
        if self.query_one("#say", Input).has_class("open"):
            self._close_chat()
            return
        if self.in_game():
            self.app.push_screen(ConfirmLeave(), self._left)
        else:
            self._left("leave")

    def action_quit(self) -> None:
        if self.in_game():
            self.app.push_screen(ConfirmLeave(), self._left)
        else:
            self._left("quit")

    def _left(self, choice: str | None) -> None:
        if choice == "leave":

            async def leave() -> None:
                with contextlib.suppress(Exception):
                    await self.s.leave()
                self.out("")

            self.run_worker(leave(), exit_on_error=False)
        elif choice == "quit":
            self.run_worker(self.krig.quit_krig(0), exit_on_error=False)


def _describe_seat(t: Table, msg: object, names: list[str]) -> str:
    if isinstance(msg, m.PlayerJoined):
        return f"{msg.name} sat down{' (computer)' if msg.bot else ''}"
    if isinstance(msg, m.PlayerLeft):
        name = names[msg.seat] if msg.seat < len(names) and names[msg.seat] else None
        return f"{name or view.who(t, msg.seat)} left"
    if isinstance(msg, m.PlayerDisconnected):
        return f"{view.who(t, msg.seat)} lost the connection"
    if isinstance(msg, m.PlayerReconnected):
        return f"{view.who(t, msg.seat)} is back"
    return ""


# ---------------------------------------------------------------- dialogs

DIALOG_CSS = """
ConfirmLeave, SeatPicker, VerifyScreen { align: center middle; }
#box { width: 76; height: auto; max-height: 23; border: round $accent; padding: 0 1;
       background: $surface; }
.ascii #box { border: ascii $accent; }
"""


class ConfirmLeave(ModalScreen[str]):
    """Mid-game: leave (to the start screen) or quit krig, or stay."""

    CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "pick('leave')", "leave", show=False),
        Binding("q", "pick('quit')", "quit", show=False),
        Binding("escape,s,n", "pick('stay')", "stay", show=False),
    ]

    def compose(self) -> ComposeResult:
        text = Text()
        text.append("Leave this game?\n\n", style="bold")
        text.append("The game goes on without you: the server plays your seat.\n\n")
        for key, what in (("l", "leave the room, back to the start screen"),
                          ("q", "quit krig"), ("esc", "stay and play on")):  # fmt: skip
            text.append(f" {key} ", style="bold reverse")
            text.append(f"  {what}\n")
        yield Static(text, id="box")

    def action_pick(self, choice: str) -> None:
        self.dismiss(choice)


class SeatPicker(ModalScreen[int | None]):
    CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel", show=False)]

    def __init__(self, seats: list[tuple[int, str]]) -> None:
        super().__init__()
        self.seats = seats

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text("Remove which seat? (Enter removes, Esc keeps them)", style="bold"))
            yield OptionList(
                *(Option(Text(f"seat {i + 1}: {name}"), id=str(i)) for i, name in self.seats),
                id="seat-list",
            )

    def on_mount(self) -> None:
        self.query_one("#seat-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#seat-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option_id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class VerifyScreen(ModalScreen[None]):
    """`krig verify` for this room's last game, in the app: fetch the record, check its proof."""

    CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,v,q", "close", "close", show=False)
    ]

    def __init__(self, code: str, game: int) -> None:
        super().__init__()
        self.code = code
        self.game = game

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Checking the deal of game {self.game}…"), id="box")

    def on_mount(self) -> None:
        self.check()

    @work(exclusive=True)
    async def check(self) -> None:
        app = self.app
        assert isinstance(app, KrigBase) and app.session is not None
        text = Text()
        try:
            reply = await app.session.request(
                lambda i: m.GetRecord(id=i, code=self.code, game=self.game)
            )
        except Exception as exc:
            text.append(say_error(exc))
        else:
            assert isinstance(reply, m.Record)
            found = check_record(reply.record)
            if found.problems:
                text.append("The record does not hold up:\n", style="bold red")
                for p in found.problems:
                    text.append(f" - {p}\n")
            else:
                text.append("Checked, and it holds:\n", style="bold green")
                for c in found.checked:
                    text.append(f" - {c}\n")
                text.append(f"\nNot checked here: {found.not_checked}.\n", style="grey62")
            text.append("\n")
        text.append("From a shell: ", style="grey62")
        text.append(f"krig verify {self.code} --game {self.game}", style="bold")
        text.append("\n\nEsc closes.", style="grey62")
        self.query_one("#box", Static).update(text)

    def action_close(self) -> None:
        self.dismiss(None)


class RoomSettings(FormScreen):
    """The host's settings before a game: the rules, turn timer, lock, watchers, chat."""

    TITLE_TEXT = "Rules and room settings (for the next game)"
    ACTION = "apply"
    NOT_RULES = ("turn_s", "public", "spectating", "locked", "chat", "ready_checks")

    def __init__(self, room: m.RoomInfo) -> None:
        self.room = room
        super().__init__()

    def fields(self) -> list[Field | str]:
        r = self.room
        preset = r.preset if r.preset in PRESETS else "classic"
        turn = sorted({*TURN_STEPS, r.turn_s})
        rules = dict(r.rules)
        return [
            "The game",
            preset_field(preset),
            *(rule_field(name, rules) for name in COMMON_RULES),
            "The room",
            Field("turn_s", "Turn timer", list(turn), r.turn_s,
                  lambda v: f"{v} s" if v else "off",
                  "a player who has not flipped in time is played for"),
            Field("public", "Listed in the open rooms", [False, True], r.public,
                  yes_no("yes", "no: only with the code")),
            Field("spectating", "Watchers", [True, False], r.spectating,
                  yes_no("allowed", "not allowed")),
            Field("locked", "Locked", [False, True], r.locked,
                  yes_no("yes: no new players", "no: anyone with the code may sit")),
            Field("chat", "Chat", [True, False], r.chat, yes_no("on", "off")),
            Field("ready_checks", "Ready checks", [False, True], r.ready_checks,
                  yes_no("every player says ready", "taking a seat means ready")),
            *rule_fields(rules, skip=COMMON_RULES),
        ]  # fmt: skip

    @work(exclusive=True, group="submit")
    async def submit(self) -> None:
        app = self.app
        assert isinstance(app, KrigBase) and app.session is not None
        rows = self.rows
        preset = str(rows["preset"].value)
        try:
            await app.session.configure(
                preset=preset,
                options=overrides(preset, self.rules()),
                turn_s=int(rows["turn_s"].value),
                public=bool(rows["public"].value),
                spectating=bool(rows["spectating"].value),
                locked=bool(rows["locked"].value),
                chat=bool(rows["chat"].value),
                ready_checks=bool(rows["ready_checks"].value),
            )
        except Exception as exc:
            self.say(say_error(exc))
            return
        app.pop_screen()
