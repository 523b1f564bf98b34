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
HARD_CAP_TRICKS = 10_000
"""The round cap of a game whose ``max_tricks`` is 0: no game runs forever, whatever
its options (docs/RULES.md, "How every game ends")."""


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
    gather_order: GatherOrder = "shuffled"
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
        per_seat = self.deck_size // self.players
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
        """Cards in play: the chosen ranks and jokers, less those stripped to fit."""
        size = (15 - self.min_rank) * 4 + self.jokers
        return size - self.stripped

    @property
    def stripped(self) -> int:
        """Cards taken out so that a Latvian deck divides evenly (LV).

        A deck with jokers or without its low ranks (the LV text's decks) must
        divide evenly by the number of players: its lowest cards in the fixed
        deck order (2C, 2D, 2H of the lowest rank) leave the game before the
        shuffle.  The full 52-card deck keeps PL's and SE's rule instead: the
        spare cards are set aside unseen at the deal.
        """
        if not self.jokers and self.min_rank == 2:
            return 0
        return ((15 - self.min_rank) * 4 + self.jokers) % self.players

    def deck(self) -> list[int]:
        """The cards in play, in the fixed order of :func:`protocol.cards.build_deck`."""
        return build_deck(self.min_rank, self.jokers)[self.stripped :]

    @property
    def trick_cap(self) -> int:
        """The round cap in force (0: none).

        ``max_tricks`` when set; else the hard cap, but for a timed game, which
        its clock ends (the server's, at most ``MAX_TIME_LIMIT_S`` away).
        """
        if self.max_tricks:
            return self.max_tricks
        return 0 if self.time_limit_s else HARD_CAP_TRICKS

    @property
    def deterministic(self) -> bool:
        """True when no seeded shuffle and no player choice happens after the deal."""
        return self.shuffle_free and self.hand_size == 0

    @property
    def shuffle_free(self) -> bool:
        """True when nothing is shuffled after the deal (player choices aside)."""
        return self.gather_order != "shuffled" and self.winnings == "under_pile"

    def checks_cycles(self, auto: bool) -> bool:
        """Whether a game ends a repeated position as a draw (``cycle``).

        Only where a position decides all that follows: nothing shuffled after the
        deal, and no hand, or every choice made by :func:`auto_action` (``auto``: the
        simulator; a person may choose differently the second time round).  Never in
        a timed game: the clock ends it, most cards winning (NO, SE).
        """
        return (
            self.detect_cycles
            and not self.time_limit_s
            and self.shuffle_free
            and (auto or not self.hand_size)
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
    "polish": Rules(war_down=1, war_players="all_in_battle"),
    "latvian": Rules(jokers=2, war_down=0, winnings="separate"),
    "croatian": Rules(war_repeat="face_up_only"),
    "swedish": Rules(short_war="last_card"),
    # The project's own.
    "classic": _CLASSIC,
    "quick": Rules(min_rank=6),
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
    "quick": "LV (36 cards: a shorter game)",
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
