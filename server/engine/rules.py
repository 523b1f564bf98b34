"""The rules of one room: every option as a field of one frozen value.

Variants are data, not subclasses: the engine reads these fields and nothing
else.  Building a ``Rules`` validates it, and an impossible combination raises
:class:`RulesError` naming the field.  ``PRESETS`` holds one value per source
text plus the project's own; docs/RULES.md says where every field comes from.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal, get_args

from protocol.cards import build_deck

WarRepeat = Literal["same", "face_up_only"]
ShortWar = Literal["lose", "last_card"]
WarPlayers = Literal["tied_highest", "all_in_battle", "any_tied"]
WarWinner = Literal["participants", "highest_card"]
Winnings = Literal["under_pile", "separate"]
GatherOrder = Literal["seat_order", "winner_first", "shuffled"]

MAX_WAR_DOWN = 10
MAX_HAND = 5
MAX_TIME_LIMIT_S = 24 * 3600
MAX_TRICKS_CAP = 1_000_000


class RulesError(ValueError):
    """An option value or combination that cannot be played."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True, slots=True)
class Rules:
    """One room's rules.  Field docs are in docs/RULES.md (option table)."""

    players: int = 2
    jokers: int = 0
    min_rank: int = 2
    war_down: int = 3
    war_repeat: WarRepeat = "same"
    short_war: ShortWar = "lose"
    war_players: WarPlayers = "tied_highest"
    war_winner: WarWinner = "participants"
    winnings: Winnings = "under_pile"
    gather_order: GatherOrder = "winner_first"
    steal: bool = False
    hand_size: int = 0
    loser_takes_tied: bool = False
    time_limit_s: int = 0
    wars_to_win: int = 0
    max_tricks: int = 0
    detect_cycles: bool = True

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            choices = _CHOICES.get(f.name)
            if choices is not None:
                if value not in choices:
                    raise RulesError(f.name, f"must be one of {', '.join(choices)}, not {value!r}")
            elif f.type == "bool":
                if type(value) is not bool:
                    raise RulesError(f.name, f"must be true or false, not {value!r}")
            elif type(value) is not int:
                raise RulesError(f.name, f"must be a whole number, not {value!r}")
        _check_range("players", self.players, 2, 4)
        _check_range("jokers", self.jokers, 0, 2)
        _check_range("min_rank", self.min_rank, 2, 14)
        _check_range("war_down", self.war_down, 0, MAX_WAR_DOWN)
        _check_range("hand_size", self.hand_size, 0, MAX_HAND)
        _check_range("time_limit_s", self.time_limit_s, 0, MAX_TIME_LIMIT_S)
        _check_range("wars_to_win", self.wars_to_win, 0, 1000)
        _check_range("max_tricks", self.max_tricks, 0, MAX_TRICKS_CAP)
        size = self.deck_size
        if self.min_rank > 2 and size % self.players:
            raise RulesError(
                "min_rank",
                f"a stripped deck of {size} cards does not divide evenly among "
                f"{self.players} players",
            )
        per_seat = size // self.players
        if self.hand_size > per_seat:
            raise RulesError(
                "hand_size", f"a hand of {self.hand_size} is more than the {per_seat} cards dealt"
            )
        if self.loser_takes_tied and self.war_players == "all_in_battle":
            raise RulesError(
                "loser_takes_tied",
                "needs tied cards to give back, but all_in_battle wars also follow untied battles",
            )

    @property
    def deck_size(self) -> int:
        return (15 - self.min_rank) * 4 + self.jokers

    def deck(self) -> list[int]:
        return build_deck(self.min_rank, self.jokers)

    @property
    def deterministic(self) -> bool:
        """True when no seeded shuffle and no player choice happens after the deal."""
        return (
            self.gather_order != "shuffled"
            and self.winnings == "under_pile"
            and self.hand_size == 0
        )

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def replace(self, **changes: Any) -> Rules:
        unknown = sorted(set(changes) - set(OPTION_NAMES))
        if unknown:
            raise RulesError(
                unknown[0], f"is not a rule option (options: {', '.join(OPTION_NAMES)})"
            )
        return dataclasses.replace(self, **changes)


def _check_range(field: str, value: int, lo: int, hi: int) -> None:
    if not lo <= value <= hi:
        raise RulesError(field, f"must be from {lo} to {hi}, not {value}")


_CHOICES: dict[str, tuple[str, ...]] = {
    "war_repeat": get_args(WarRepeat),
    "short_war": get_args(ShortWar),
    "war_players": get_args(WarPlayers),
    "war_winner": get_args(WarWinner),
    "winnings": get_args(Winnings),
    "gather_order": get_args(GatherOrder),
}

OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules))

_CLASSIC = Rules()

PRESETS: dict[str, Rules] = {
    # Sources (docs/RULES.md has the reasoning for every value).
    "norwegian": Rules(),
    "polish": Rules(
        war_down=1, war_players="all_in_battle", gather_order="seat_order", detect_cycles=False
    ),
    "latvian": Rules(jokers=2, war_down=0, winnings="separate"),
    "croatian": Rules(war_repeat="face_up_only"),
    "swedish": Rules(short_war="last_card"),
    # The project's own.
    "classic": _CLASSIC,
    "quick": Rules(war_down=1),
    "arneson": Rules(hand_size=3, loser_takes_tied=True),
    "steal": Rules(steal=True),
    "timed": Rules(time_limit_s=15 * 60),
}

PRESET_SOURCES: dict[str, str] = {
    "norwegian": "NO",
    "polish": "PL",
    "latvian": "LV",
    "croatian": "HR",
    "swedish": "SE",
    "classic": "NO/HR/SE common core",
    "quick": "PL; house rule in NO and SE",
    "arneson": "HR (Erik Arneson's variant)",
    "steal": "SE (Steal War)",
    "timed": "NO, SE (time-limit house rule)",
}


def parse_option(name: str, text: str) -> Any:
    """Turn ``name=text`` from a command line into a typed option value."""
    if name not in OPTION_NAMES:
        raise RulesError(name, f"is not a rule option (options: {', '.join(OPTION_NAMES)})")
    if name in _CHOICES:
        return text
    kind = next(f.type for f in dataclasses.fields(Rules) if f.name == name)
    if kind == "bool":
        lowered = text.strip().lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise RulesError(name, f"must be true or false, not {text!r}")
    try:
        return int(text)
    except ValueError:
        raise RulesError(name, f"must be a whole number, not {text!r}") from None


def make_rules(preset: str = "classic", overrides: dict[str, Any] | None = None) -> Rules:
    """A preset with option overrides, validated as a whole."""
    if preset not in PRESETS:
        raise RulesError("preset", f"unknown preset {preset!r} (presets: {', '.join(PRESETS)})")
    return PRESETS[preset].replace(**(overrides or {}))
