"""War bots as plain functions: a typed view of the table in, a card out.

Shared by the client (``krig bot``, ``krig arena``: :mod:`client_cli.bots`
re-exports it) and the server (its computer seats play the ``LEVELS``), so
that neither imports the other. Pure: no I/O, no clock, no global randomness
(``random_card`` draws from the view's own seeded generator).
"""

from krig_bots.basic import highest_first, lowest_first, random_card, war_saver, wild
from krig_bots.hard import counter
from krig_bots.view import Choice, Strategy, View, rank

BUILT_IN: dict[str, Strategy] = {
    "lowest": lowest_first,
    "highest": highest_first,
    "random": random_card,
    "smart": war_saver,
    "hard": counter,
}
"""The strategies krig ships, by the name ``--strategy`` and ``--bots`` take."""

LEVELS: dict[str, Strategy] = {"easy": wild, "normal": war_saver, "hard": counter}
"""The server's computer players, by the level a host chooses."""

__all__ = [
    "BUILT_IN",
    "LEVELS",
    "Choice",
    "Strategy",
    "View",
    "counter",
    "highest_first",
    "lowest_first",
    "random_card",
    "rank",
    "war_saver",
    "wild",
]
