"""The host's forms: a room's preset and every rule option, each a row in words.

A row is focused with ↑/↓ (or Tab) and changed with ←/→ (or Space). Each
rule row says its value in words and the source text it comes from
(client_cli.rules_text, in step with docs/RULES.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget

from client_cli.rules_text import BY_NAME, OPTIONS, PRESETS, Value

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
    """One setting: its label and value on one line, a note on the next."""

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

    def render(self) -> Text:
        f = self.field
        arrows = ("◀ ", " ▶") if self.unicode else ("< ", " >")
        line = Text(no_wrap=False)
        line.append(f"{f.label}: ", style="bold")
        line.append(arrows[0], style="grey50")
        line.append(f.say(f.value), style="bold cyan")
        line.append(arrows[1], style="grey50")
        if f.note:
            line.append("\n  " + f.note, style="grey62")
        return line


def rule_fields(rules: dict[str, Value]) -> list[Field]:
    """A row for every rule option but ``players`` (the seats decide it)."""
    out = []
    for o in OPTIONS:
        if o.name == "players":
            continue
        value = rules.get(o.name, o.default)
        out.append(Field(o.name, o.label, o.values(value), value, o.say, f"source: {o.source}"))
    return out


def preset_field(preset: str) -> Field:
    def say(name: Value) -> str:
        p = PRESETS.get(str(name))
        return f"{name} ({p.summary})" if p is not None else str(name)

    return Field("preset", "Rules", list(PRESETS), preset, say, _preset_note(preset))


def _preset_note(preset: str) -> str:
    p = PRESETS.get(preset)
    return f"source: {p.source}" if p is not None else ""


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
