"""Cards as small integers, and their text form.

A card is ``rank * 4 + suit``: rank 2..14 (2 low, ace 14), 15 for a joker;
suit 0..3 for clubs, diamonds, hearts, spades.  Jokers are ``15*4 + 0``
(red) and ``15*4 + 1`` (black).  Suits never decide anything: compare
``card >> 2``.  Integers keep the hot path and the stored state small.
"""

from __future__ import annotations

RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
SUITS = "CDHS"
JOKER_RANK = 15
RED_JOKER = JOKER_RANK * 4
BLACK_JOKER = JOKER_RANK * 4 + 1
MIN_CARD = 2 * 4
MAX_CARD = BLACK_JOKER


class CardError(ValueError):
    """A card text or code that is not a card."""


def rank(card: int) -> int:
    return card >> 2


def card_text(card: int) -> str:
    """``AS``, ``10H``, ``RJ`` (red joker), ``BJ`` (black joker)."""
    if card == RED_JOKER:
        return "RJ"
    if card == BLACK_JOKER:
        return "BJ"
    if not is_card(card):
        raise CardError(f"{card!r} is not a card code")
    r = card >> 2
    return RANK_NAMES.get(r, str(r)) + SUITS[card & 3]


def is_card(code: object) -> bool:
    if type(code) is not int:
        return False
    if code in (RED_JOKER, BLACK_JOKER):
        return True
    return MIN_CARD <= code < JOKER_RANK * 4


_RANK_BY_NAME = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10}


def parse_card(text: str) -> int:
    """Parse ``AS``, ``10h``, ``TD`` or ``RJ``/``BJ`` into a card code."""
    t = text.strip().upper()
    if t == "RJ":
        return RED_JOKER
    if t == "BJ":
        return BLACK_JOKER
    if len(t) < 2 or t[-1] not in SUITS:
        raise CardError(f"{text!r} is not a card: write rank then suit, e.g. AS, 10H, 7C")
    name, suit = t[:-1], SUITS.index(t[-1])
    if name in _RANK_BY_NAME:
        r = _RANK_BY_NAME[name]
    elif name.isdigit() and 2 <= int(name) <= 10:
        r = int(name)
    else:
        raise CardError(f"{text!r} has no rank: ranks are 2-10, J, Q, K, A")
    return r * 4 + suit


def build_deck(min_rank: int = 2, jokers: int = 0) -> list[int]:
    """The deck in a fixed order: ranks ``min_rank``..ace in every suit, then jokers."""
    deck = [r * 4 + s for r in range(min_rank, 15) for s in range(4)]
    deck.extend((RED_JOKER, BLACK_JOKER)[:jokers])
    return deck
