"""krig's library surface for bots (stable: tests/client/test_bot_surface.py).

A bot is a function from a :class:`View` to the card it plays; it may be
``async``. Play one seat with it::

    from client_cli.bots import Session, play_game

    async def main() -> None:
        s = Session("ws://127.0.0.1:8765/ws", "mybot")
        await s.connect()
        await s.join("K7P-Q3X")
        await s.ready()
        await play_game(s, choose)

docs/BOTS.md walks through it, and through a bot in another language.
"""

from __future__ import annotations

from client_cli.bot import Bot, human_delay, play_game, view_of
from client_cli.session import Session
from client_cli.strategies import Loaded, StrategyError, load_strategy
from client_cli.table import Table
from client_cli.tracking import HandTracker
from krig_bots import (
    BUILT_IN,
    LEVELS,
    Strategy,
    View,
    counter,
    highest_first,
    lowest_first,
    random_card,
    rank,
    war_saver,
)
from krig_bots.holdings import HandGroup
from krig_bots.view import Phase

__all__ = [
    "BUILT_IN",
    "LEVELS",
    "Bot",
    "HandGroup",
    "HandTracker",
    "Loaded",
    "Phase",
    "Session",
    "Strategy",
    "StrategyError",
    "Table",
    "View",
    "counter",
    "highest_first",
    "human_delay",
    "load_strategy",
    "lowest_first",
    "play_game",
    "random_card",
    "rank",
    "view_of",
    "war_saver",
]
