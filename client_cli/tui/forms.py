"""The host's forms: a room's preset and every rule option, each a row in words.

Rows come in groups under headings, the common choices first. A row is
focused with ↑/↓ (or Tab) and changed with ←/→ (or Space); the focused row
is marked ``▶ Label: ◀ [ value ] ▶`` and shows its note (for a rule, the
source text it comes from: client_cli.rules_text, in step with docs/RULES.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget

from client_cli.i18n import t
from client_cli.rules_text import BY_NAME, PRESETS, Value, source_quotes

Say = Callable[[Value], str]


@dataclass
class Field:
    key: str
    label: str
    values: list[Value]
    value: Value
    say: Say
    note: str = ""
    """A second, dim line: the source of a rule, or what a setting does."""


class Row(Widget, can_focus=True):
    """One setting on one line; the focused row is marked so that a plain copy of the
    screen shows it too (``▶`` and brackets, not only a tint), with its note under it."""

    DEFAULT_CSS = """
    Row { height: auto; padding: 0 1; }
    Row:focus { background: $accent 25%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,l", "step(1)", "next value", show=False),
        Binding("left,h", "step(-1)", "previous value", show=False),
        Binding("down,j", "app.focus_next", "next", show=False),
        Binding("up,k", "app.focus_previous", "previous", show=False),
    ]

    class Changed(Message):
        def __init__(self, row: Row) -> None:
            super().__init__()
            self.row = row

    def __init__(self, f: Field, unicode: bool = True) -> None:
        super().__init__(id=f"row-{f.key}")
        self.field = f
        self.unicode = unicode

    @property
    def value(self) -> Value:
        return self.field.value

    def set_value(self, value: Value, values: list[Value] | None = None) -> None:
        if values is not None:
            self.field.values = values
        if value not in self.field.values:
            self.field.values = [*self.field.values, value]
        self.field.value = value
        self.refresh(layout=True)

    def action_step(self, delta: int) -> None:
        values = self.field.values
        if len(values) < 2:
            return
        i = values.index(self.field.value) if self.field.value in values else 0
        self.field.value = values[(i + delta) % len(values)]
        self.refresh(layout=True)
        self.post_message(self.Changed(self))

    def on_focus(self) -> None:
        self.refresh(layout=True)
        self.scroll_visible()

    def on_blur(self) -> None:
        self.refresh(layout=True)

    def render(self) -> Text:
        f = self.field
        line = Text(no_wrap=False)
        if self.has_focus:
            marker, left, right = ("▶ ", "◀ [ ", " ] ▶") if self.unicode else ("> ", "< [ ", " ] >")
            line.append(marker, style="bold")
            line.append(f"{f.label}: ", style="bold")
            line.append(left, style="bold")
            line.append(f.say(f.value), style="bold cyan")
            line.append(right, style="bold")
            note = _rule_note(f.key, f.value) if f.key in BY_NAME else f.note
            if note:
                line.append("\n    " + note, style="grey62")
        else:
            line.append(f"  {f.label}: ")
            line.append(f.say(f.value), style="cyan")
        return line


class Section(Widget):
    """A group's heading in a form, ruled to the form's width: ``── Wars ──────``."""

    DEFAULT_CSS = """
    Section { height: 1; margin: 1 0 0 0; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, title: str, unicode: bool = True) -> None:
        super().__init__()
        self.title = title
        self.unicode = unicode

    def render(self) -> Text:
        bar = "─" if self.unicode else "-"
        head = f"{bar * 2} {self.title} "
        return Text(head + bar * max(2, self.content_size.width - len(head)), style="bold")


COMMON_RULES = ("max_tricks", "time_limit_s", "war_down")
"""The rules most hosts change, shown first (with the table's own settings)."""

RULE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "tui-group-wars",
        ("war_repeat", "short_war", "war_players", "war_winner", "steal", "wars_to_win"),
    ),
    ("tui-group-deck", ("jokers", "min_rank")),
    ("tui-group-won", ("winnings", "gather_order")),
    ("tui-group-arneson", ("hand_size", "loser_takes_tied")),
    ("tui-group-repeats", ("detect_cycles",)),
)
"""Every other rule, by what it is about (each option once; ``players`` is the seats);
each group's heading is a catalogue key."""


def rule_field(name: str, rules: dict[str, Value]) -> Field:
    o = BY_NAME[name]
    value = rules.get(name, o.default)
    return Field(o.name, o.label, o.values(value), value, o.say, _rule_note(name, value))


QUOTE_MAX = 140
"""The longest source sentence the form shows whole (about two lines of 80 columns)."""


def _rule_note(name: str, value: Value) -> str:
    """Where a rule comes from, in the client's language, and the source's own sentence for
    this value (in its language, quoted) when there is one."""
    note = t("tui-form-source", source=BY_NAME[name].source_words)
    quotes = source_quotes(name, value)
    if quotes:
        q = quotes[0]
        text = q.text if len(q.text) <= QUOTE_MAX else q.text[: QUOTE_MAX - 1].rstrip() + "…"
        note += "\n    " + t("tui-form-quote", source=q.source_name, text=text)
    return note


def rule_fields(rules: dict[str, Value], skip: tuple[str, ...] = ()) -> list[Field | str]:
    """Every rule option but ``players`` (the seats decide it) and ``skip``, grouped: a
    heading (a string) before each group's rows."""
    out: list[Field | str] = []
    for title, names in RULE_GROUPS:
        shown = [n for n in names if n not in skip]
        if shown:
            out.append(t(title))
            out += [rule_field(n, rules) for n in shown]
    return out


def preset_field(preset: str) -> Field:
    def say(name: Value) -> str:
        p = PRESETS.get(str(name))
        return f"{p.title} ({p.summary})" if p is not None else str(name)

    return Field("preset", t("tui-form-rules"), list(PRESETS), preset, say, _preset_note(preset))


def _preset_note(preset: str) -> str:
    p = PRESETS.get(preset)
    return t("tui-form-source", source=p.source_words) if p is not None else ""


def yes_no(on: str, off: str) -> Say:
    return lambda v: on if v else off


def apply_preset(rows: dict[str, Row], preset: str) -> None:
    """Set every rule row to ``preset``'s value (the preset row changed)."""
    rules = PRESETS[preset].rules()
    for name, row in rows.items():
        if name in BY_NAME:
            row.set_value(rules[name], BY_NAME[name].values(rules[name]))
    if "preset" in rows:
        rows["preset"].field.note = _preset_note(preset)
        rows["preset"].refresh(layout=True)
