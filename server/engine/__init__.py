"""The pure rules engine: no I/O, no clock, no global randomness."""

from server.engine import fast
from server.engine.deal import from_deal, new_game
from server.engine.events import (
    EVENT_TYPES,
    Acted,
    Event,
    GameOver,
    PlayerOut,
    Revealed,
    Shuffled,
    TrickWon,
    War,
)
from server.engine.game import (
    Action,
    Choose,
    Flip,
    RuleViolation,
    auto_action,
    submit,
    time_up,
)
from server.engine.kinds import EndReason, OutReason, Phase, Result, TimeUpReason
from server.engine.rules import (
    HARD_CAP_TRICKS,
    PRESETS,
    Rules,
    RulesError,
    make_rules,
    parse_option,
)
from server.engine.state import GameState, census, copy_state, from_plain, to_plain
from server.engine.view import view

__all__ = [
    "EVENT_TYPES",
    "HARD_CAP_TRICKS",
    "PRESETS",
    "Acted",
    "Action",
    "Choose",
    "EndReason",
    "Event",
    "Flip",
    "GameOver",
    "GameState",
    "OutReason",
    "Phase",
    "PlayerOut",
    "Result",
    "Revealed",
    "RuleViolation",
    "Rules",
    "RulesError",
    "Shuffled",
    "TimeUpReason",
    "TrickWon",
    "War",
    "auto_action",
    "census",
    "copy_state",
    "fast",
    "from_deal",
    "from_plain",
    "make_rules",
    "new_game",
    "parse_option",
    "submit",
    "time_up",
    "to_plain",
    "view",
]
