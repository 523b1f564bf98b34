"""The engine's closed sets of words: phases, results and reasons, as ``Literal`` types.

The state stays msgpack-plain (these are strings on the wire and in Redis);
the types let mypy check every comparison and assignment, and msgspec checks
the values when a stored state is decoded.  ``""`` is "not yet" (a game that
is not over has no result and no reason; a seat that is in has no out reason).
"""

from __future__ import annotations

from typing import Literal

Phase = Literal["battle", "war", "over"]
"""``battle``: every seat still in acts; ``war``: only the war's seats act; ``over``."""

Result = Literal["win", "draw"]

EndReason = Literal[
    "all_cards",
    "short_war",
    "exhausted_tie",
    "time_limit",
    "wars_won",
    "round_cap",
    "cycle",
    "abandoned",
]
"""Why a game ended (docs/RULES.md, "Game end reasons")."""

TimeUpReason = Literal["time_limit", "abandoned"]
"""Why the server's clock ended a game: its time limit, or every player left."""

OutReason = Literal["short_war", "no_cards"]
"""Why a seat left the game: it could not finish a war, or it ran out of cards."""

NoResult = Literal[""]
"""A game that is not over (yet) has neither result nor reason."""
