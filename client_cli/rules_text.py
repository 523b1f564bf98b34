"""Every rule option and preset in words, with the source text each comes from.

The client speaks only the protocol, so it carries its own copy of what
docs/RULES.md says (and what ``krig-server presets --json`` prints): a test
(tests/client/test_rules_text.py) keeps this table in step with both. It is used by
the host's form, the waiting room's rule list, argument checks and the game
over screen's reasons.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from client_cli.i18n import has, keys, number, t
from krig_locales import QUOTES

Value = bool | int | str


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    default: Value
    source: str
    """The source column of docs/RULES.md's option table, word for word."""
    choices: tuple[str, ...] = ()
    """For a choice option: its values, default first."""
    low: int = 0
    high: int = 0
    """For a whole-number option: its range."""
    steps: tuple[int, ...] = ()
    """For a wide range: the values the form steps through (any value in range is allowed)."""

    @property
    def label(self) -> str:
        """What the option is, in a few words (the form's row label), in the client's language."""
        return t(f"rule-{self.name}")

    @property
    def source_words(self) -> str:
        """Where it comes from, in the client's language (``source`` in English)."""
        return t(f"rule-{self.name}-source")

    @property
    def words(self) -> dict[str, str]:
        """The values (as text) the catalogue says in words of their own."""
        prefix = f"rule-{self.name}-"
        return {
            key[len(prefix) :]: t(key)
            for key in keys()
            if key.startswith(prefix) and key[len(prefix) :] not in _NOT_VALUES
        }

    @property
    def kind(self) -> str:
        if self.choices:
            return "choice"
        return "bool" if isinstance(self.default, bool) else "int"

    def values(self, current: Value | None = None) -> list[Value]:
        """The values a form steps through, in order (``current`` among them)."""
        if self.kind == "choice":
            return list(self.choices)
        if self.kind == "bool":
            return [False, True] if self.default is False else [True, False]
        out: list[Value] = list(self.steps or range(self.low, self.high + 1))
        if isinstance(current, int) and not isinstance(current, bool) and current not in out:
            out = sorted([*out, current])
        return out

    def say(self, value: Value) -> str:
        """``value`` in words."""
        key = _key(value)
        own = f"rule-{self.name}-{key}"
        if has(own):
            return t(own)
        if isinstance(value, int) and not isinstance(value, bool):
            if self.name == "time_limit_s":
                if value % 60:
                    return t("rule-time_limit_s-seconds", seconds=value)
                return t("rule-time_limit_s-minutes", minutes=value // 60)
            if has(f"rule-{self.name}-n"):
                return t(f"rule-{self.name}-n", n=value)
            return number(value)
        return key

    def line(self, value: Value) -> str:
        """'Face-down cards in a war: 3 (NO/HR/SE 3; ...)': the rule, its value, its source."""
        return t("rule-line", label=self.label, value=self.say(value), source=self.source_words)

    def parse(self, text: str) -> Value:
        """A value typed on the command line; ValueError with a sentence when it is not one."""
        if self.kind == "choice":
            if text in self.choices:
                return text
            raise ValueError(
                t("rule-not-one-of", name=self.name, choices=", ".join(self.choices),
                  value=repr(text))
            )  # fmt: skip
        if self.kind == "bool":
            lowered = text.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise ValueError(t("rule-not-bool", name=self.name, value=repr(text)))
        try:
            number = int(text)
        except ValueError:
            raise ValueError(t("rule-not-number", name=self.name, value=repr(text))) from None
        if not self.low <= number <= self.high:
            raise ValueError(
                t("rule-not-in-range", name=self.name, low=str(self.low), high=str(self.high),
                  value=str(number))
            )  # fmt: skip
        return number


_NOT_VALUES = ("source", "n", "minutes", "seconds")
"""Entries of an option that are not one value's words."""


def _key(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


OPTIONS: tuple[Option, ...] = (
    Option("players", 2, "NO/HR: 2; PL/SE: 2\u20134; LV: 2+", low=2, high=4),
    Option("jokers", 0, "LV", low=0, high=2),
    Option("min_rank", 2, "LV", low=2, high=14),
    Option("war_down", 3, 'NO/HR/SE 3; PL 1; LV 0; SE "more or fewer"', low=0, high=10),
    Option("war_repeat", "same", "NO/PL/SE/LV; HR", choices=("same", "face_up_only")),
    Option("short_war", "lose", "NO, PL, SE", choices=("lose", "last_card")),
    Option(
        "war_players", "tied_highest", "SE, PL, LV",
        choices=("tied_highest", "all_in_battle", "any_tied"),
    ),
    Option("war_winner", "participants", "LV", choices=("participants", "highest_card")),
    Option("winnings", "under_pile", "NO/HR/SE; LV, NO alt.", choices=("under_pile", "separate")),
    Option(
        "gather_order", "shuffled", "project",
        choices=("shuffled", "winner_first", "seat_order"),
    ),
    Option("steal", False, "SE"),
    Option("hand_size", 0, "HR", low=0, high=5),
    Option("loser_takes_tied", False, "HR"),
    Option(
        "time_limit_s", 0, "NO, SE", low=0, high=86400,
        steps=(0, 60, 180, 300, 600, 900, 1800, 3600),
    ),
    Option("wars_to_win", 0, "HR: 3", low=0, high=1000, steps=(0, 1, 2, 3, 4, 5, 7, 10)),
    Option(
        "max_tricks", 0, "project", low=0, high=1_000_000,
        steps=(0, 10, 25, 50, 100, 200, 500, 1000),
    ),
    Option("detect_cycles", True, "project (PL notes games can repeat)"),
)  # fmt: skip

BY_NAME: dict[str, Option] = {o.name: o for o in OPTIONS}
DEFAULTS: dict[str, Value] = {o.name: o.default for o in OPTIONS}


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    source: str
    """As ``krig-server presets --json`` prints it."""
    changes: dict[str, Value]

    @property
    def title(self) -> str:
        """Its name as shown, in the client's language (what ``--preset`` takes is ``name``)."""
        return t(f"preset-{self.name}-title")

    @property
    def summary(self) -> str:
        """What it plays like, in a few words, in the client's language."""
        return t(f"preset-{self.name}")

    @property
    def source_words(self) -> str:
        return t(f"preset-{self.name}-source")

    def rules(self) -> dict[str, Value]:
        return {**DEFAULTS, **self.changes}


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("classic", "NO/HR/SE common core", {}),
        Preset("quick", "LV (36 cards: a shorter game)", {"min_rank": 6}),
        Preset("norwegian", "NO", {}),
        Preset("polish", "PL", {"war_down": 1, "war_players": "all_in_battle"}),
        Preset("latvian", "LV", {"jokers": 2, "war_down": 0, "winnings": "separate"}),
        Preset("croatian", "HR", {"war_repeat": "face_up_only"}),
        Preset("swedish", "SE", {"short_war": "last_card"}),
        Preset(
            "arneson", "HR (Erik Arneson's variant)", {"hand_size": 3, "loser_takes_tied": True}
        ),
        Preset("steal", "SE (Steal War)", {"steal": True}),
        Preset("timed", "NO, SE (time-limit house rule)", {"time_limit_s": 900}),
    )
}  # fmt: skip


def preset_line(name: str) -> str:
    p = PRESETS.get(name)
    if p is None:
        return name
    return t("preset-line", title=p.title, summary=p.summary, source=p.source_words)


def overrides(preset: str, rules: dict[str, Value]) -> dict[str, Value]:
    """The options of ``rules`` that differ from ``preset``'s (``players`` excluded)."""
    base = PRESETS[preset].rules() if preset in PRESETS else DEFAULTS
    return {k: v for k, v in rules.items() if k != "players" and k in BY_NAME and base.get(k) != v}


def changed_lines(preset: str, rules: dict[str, bool | int | str]) -> list[str]:
    """The room's rules that differ from its preset's, each in words with its source."""
    base = PRESETS[preset].rules() if preset in PRESETS else DEFAULTS
    return [
        o.line(rules[o.name])
        for o in OPTIONS
        if o.name != "players" and o.name in rules and rules[o.name] != base[o.name]
    ]


REASONS = (
    "all_cards", "short_war", "exhausted_tie", "time_limit", "wars_won", "round_cap", "cycle",
    "abandoned",
)  # fmt: skip
"""The ends of a game (``game_over.reason``) said in words: ``reason-<code>`` in the catalogue."""


def reason_words(
    reason: str,
    winner: str,
    rules: dict[str, bool | int | str],
    loser: str | None = None,
    cards: int | None = None,
) -> str:
    """Why a game ended, as a sentence without its full stop (never the raw code); names
    are kept as they are written."""
    if reason not in REASONS:
        return reason.replace("_", " ").capitalize()
    key = f"reason-{reason}"
    args: dict[str, Any] = {"winner": winner}
    if reason == "all_cards":
        if cards is None:
            key += "-any"
        else:
            args["cards"] = cards
    elif reason == "short_war":
        args["loser"] = loser if loser is not None else t("reason-a-player")
    elif reason == "wars_won":
        wars = rules.get("wars_to_win")
        if isinstance(wars, int) and not isinstance(wars, bool) and wars > 0:
            args["wars"] = wars
        else:
            key += "-any"
    elif reason == "round_cap":
        tricks = rules.get("max_tricks")
        if isinstance(tricks, int) and not isinstance(tricks, bool) and tricks > 0:
            args["tricks"] = tricks
        else:
            key += "-any"
    return t(key, **args)


@dataclass(frozen=True, slots=True)
class Quote:
    """A source text's own sentence behind a rule, in the source's language."""

    source: str
    """NO, PL, LV, HR or SE (docs/RULES.md's seed keys)."""
    lang: str
    """The language it is written in (nb, pl, lv, hr, sv)."""
    text: str

    @property
    def source_name(self) -> str:
        """The source named by its language, in the client's language ("Norwegian")."""
        return t(f"source-{self.source}")


@cache
def _quotes() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(QUOTES.read_text(encoding="utf-8"))
    return loaded


def source_quotes(name: str, value: Value) -> list[Quote]:
    """The sentences of the source texts behind option ``name`` set to ``value``, verbatim
    (krig_locales/quotes.json): for the host's form, beside the translated option."""
    data = _quotes()
    option = BY_NAME.get(name)
    out = []
    for q in data["quotes"]:
        if q["option"] != name:
            continue
        values = q["values"]
        matches = value in values if values is not None else option is not None and (
            value != option.default
        )  # fmt: skip
        if matches:
            out.append(Quote(q["source"], data["sources"][q["source"]]["lang"], q["text"]))
    return out
