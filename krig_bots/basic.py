"""The simple strategies: one rule each."""

from __future__ import annotations

import random

from krig_bots.view import View, rank


def lowest_first(view: View) -> int:
    """The lowest card (the first held of equal ranks)."""
    return min(view.hand, key=rank)


def highest_first(view: View) -> int:
    """The highest card."""
    return max(view.hand, key=rank)


def random_card(view: View) -> int:
    """Any card, drawn from the process's random generator."""
    return random.choice(view.hand)


def wild(view: View) -> int:
    """Any card, drawn by lot from ``rng_seed`` (the server's "easy" player: repeatable)."""
    return view.hand[random.Random(view.rng_seed).randrange(len(view.hand))]


def war_saver(view: View) -> int:
    """Spend strength where the stakes are: lowest card in a battle, highest in a war.

    A battle puts 2 cards (one per seat) at stake, a war at least 8 with three
    face-down cards each, so a high card is worth about four times more in a
    war. This is also what the server plays for a seat that did not act in time
    (server/engine/game.py ``auto_action``).
    """
    if view.phase == "war":
        return highest_first(view)
    return lowest_first(view)
