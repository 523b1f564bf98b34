"""Every rule option and preset in words, with the source text each comes from.

The client speaks only the protocol, so it carries its own copy of what
docs/RULES.md says (and what ``krig-server presets --json`` prints): a test
(tests/client/test_rules_text.py) keeps this table in step with both. It is used by
the host's form, the waiting room's rule list, argument checks and the game
over screen's reasons.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Value = bool | int | str


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    label: str
    """What the option is, in a few words (the form's row label)."""
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
    words: dict[str, str] = field(default_factory=dict)
    """A value (as text) in words."""

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
        if key in self.words:
            return self.words[key]
        return key

    def line(self, value: Value) -> str:
        """'Face-down cards in a war: 3 (NO/HR/SE 3; ...)': the rule, its value, its source."""
        return f"{self.label}: {self.say(value)} ({self.source})"

    def parse(self, text: str) -> Value:
        """A value typed on the command line; ValueError with a sentence when it is not one."""
        if self.kind == "choice":
            if text in self.choices:
                return text
            raise ValueError(f"{self.name} is one of {', '.join(self.choices)}, not {text!r}")
        if self.kind == "bool":
            lowered = text.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise ValueError(f"{self.name} is true or false, not {text!r}")
        try:
            number = int(text)
        except ValueError:
            raise ValueError(f"{self.name} is a whole number, not {text!r}") from None
        if not self.low <= number <= self.high:
            raise ValueError(f"{self.name} is from {self.low} to {self.high}, not {number}")
        return number


def _key(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _minutes(seconds: int) -> str:
    if seconds % 60:
        return f"{seconds} s"
    return f"{seconds // 60} min"


OPTIONS: tuple[Option, ...] = (
    Option(
        "players", "Players", 2, "NO/HR: 2; PL/SE: 2\u20134; LV: 2+", low=2, high=4,
        words={"2": "2 players", "3": "3 players", "4": "4 players"},
    ),
    Option(
        "jokers", "Jokers in the deck", 0, "LV", low=0, high=2,
        words={"0": "none", "1": "1, above the ace", "2": "2, above the ace"},
    ),
    Option(
        "min_rank", "Lowest card kept", 2, "LV", low=2, high=14,
        words={
            "2": "2 (the full deck)", "6": "6 (36 cards)", "9": "9 (24 cards)",
            "11": "jack", "12": "queen", "13": "king", "14": "ace",
        },
    ),
    Option(
        "war_down", "Face-down cards in a war", 3,
        'NO/HR/SE 3; PL 1; LV 0; SE "more or fewer"', low=0, high=10,
    ),
    Option(
        "war_repeat", "A tie within a war", "same", "NO/PL/SE/LV; HR",
        choices=("same", "face_up_only"),
        words={"same": "another war, face-down cards again",
               "face_up_only": "broken with single face-up cards"},
    ),
    Option(
        "short_war", "Too few cards for a war", "lose", "NO, PL, SE",
        choices=("lose", "last_card"),
        words={"lose": "that player loses at once",
               "last_card": "plays what they have, the last card face up"},
    ),
    Option(
        "war_players", "Who fights a war (3-4 players)", "tied_highest", "SE, PL, LV",
        choices=("tied_highest", "all_in_battle", "any_tied"),
        words={"tied_highest": "the players tied for the highest card",
               "all_in_battle": "everyone in the battle",
               "any_tied": "any players whose cards tie, even low ones"},
    ),
    Option(
        "war_winner", "Who can win a war", "participants", "LV",
        choices=("participants", "highest_card"),
        words={"participants": "the war's players",
               "highest_card": "the highest card on the table, anyone's"},
    ),
    Option(
        "winnings", "Won cards go", "under_pile", "NO/HR/SE; LV, NO alt.",
        choices=("under_pile", "separate"),
        words={"under_pile": "under your pile",
               "separate": "to a winnings pile, shuffled in when the pile runs out"},
    ),
    Option(
        "gather_order", "Order of the won cards", "winner_first", "project",
        choices=("winner_first", "seat_order", "shuffled"),
        words={"winner_first": "the winner's cards first", "seat_order": "in seat order",
               "shuffled": "shuffled"},
    ),
    Option(
        "steal", "Steal War", False, "SE",
        words={"false": "off", "true": "the war's winner also takes a card from each loser"},
    ),
    Option(
        "hand_size", "Hand of cards to choose from (Arneson)", 0, "HR", low=0, high=5,
        words={"0": "none: flip the top card"},
    ),
    Option(
        "loser_takes_tied", "The war's loser takes back the tied cards", False, "HR",
        words={"false": "no", "true": "yes"},
    ),
    Option(
        "time_limit_s", "Time limit", 0, "NO, SE", low=0, high=86400,
        steps=(0, 60, 180, 300, 600, 900, 1800, 3600),
        words={"0": "none", **{str(s): _minutes(s) for s in (60, 180, 300, 600, 900, 1800, 3600)}},
    ),
    Option(
        "wars_to_win", "Wars won to win the game", 0, "HR: 3", low=0, high=1000,
        steps=(0, 1, 2, 3, 4, 5, 7, 10), words={"0": "off"},
    ),
    Option(
        "max_tricks", "Trick limit", 0, "project", low=0, high=1_000_000,
        steps=(0, 10, 25, 50, 100, 200, 500, 1000), words={"0": "none"},
    ),
    Option(
        "detect_cycles", "A game that repeats forever", True, "project (PL notes games can repeat)",
        words={"true": "ends as a draw", "false": "goes on"},
    ),
)  # fmt: skip

BY_NAME: dict[str, Option] = {o.name: o for o in OPTIONS}
DEFAULTS: dict[str, Value] = {o.name: o.default for o in OPTIONS}


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    source: str
    """As ``krig-server presets --json`` prints it."""
    changes: dict[str, Value]
    summary: str

    def rules(self) -> dict[str, Value]:
        return {**DEFAULTS, **self.changes}


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("classic", "NO/HR/SE common core", {}, "3 face down in a war; short of cards loses"),
        Preset(
            "quick", "LV (36 cards: a shorter game)", {"min_rank": 6},
            "the 36-card deck, 6 to ace: shorter games",
        ),
        Preset("norwegian", "NO", {}, "3 down, lose when short, won cards under the pile"),
        Preset(
            "polish", "PL", {"war_down": 1, "war_players": "all_in_battle"},
            "1 down; everyone in the battle fights the war",
        ),
        Preset(
            "latvian", "LV", {"jokers": 2, "war_down": 0, "winnings": "separate"},
            "2 jokers; wars face up; a winnings pile",
        ),
        Preset("croatian", "HR", {"war_repeat": "face_up_only"}, "later ties with face-up cards"),
        Preset("swedish", "SE", {"short_war": "last_card"}, "short of cards: play what you have"),
        Preset(
            "arneson", "HR (Erik Arneson's variant)", {"hand_size": 3, "loser_takes_tied": True},
            "choose from a hand of 3",
        ),
        Preset("steal", "SE (Steal War)", {"steal": True}, "the war's winner steals a card"),
        Preset(
            "timed", "NO, SE (time-limit house rule)", {"time_limit_s": 900},
            "15 minutes, then most cards wins",
        ),
    )
}  # fmt: skip


def preset_line(name: str) -> str:
    p = PRESETS.get(name)
    if p is None:
        return name
    return f"{p.name}: {p.summary} ({p.source})"


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


REASONS = {
    "all_cards": "{winner} took all {cards} cards",
    "short_war": "{loser} had too few cards to finish a war",
    "exhausted_tie": "everyone ran out of cards in a war",
    "time_limit": "time ran out, and most cards wins",
    "wars_won": "{winner} won {wars} wars",
    "round_cap": "the trick limit ({tricks}) was reached, and most cards wins",
    "cycle": "the game was repeating itself forever",
    "abandoned": "every player left, and most cards wins",
}


def reason_words(
    reason: str,
    winner: str,
    rules: dict[str, bool | int | str],
    loser: str = "a player",
    cards: int | str = "the",
) -> str:
    """Why a game ended, as a sentence without its full stop (never the raw code); names
    are kept as they are written."""
    text = REASONS.get(reason)
    if text is None:
        return reason.replace("_", " ").capitalize()
    return (text[:1].upper() + text[1:]).format(
        winner=winner,
        loser=loser,
        cards=cards,
        wars=rules.get("wars_to_win", "enough"),
        tricks=rules.get("max_tricks", ""),
    )
