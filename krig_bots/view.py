"""The view of the table a bot decides from (stable: tests/client/test_bot_surface.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from krig_bots.holdings import HandGroup

Phase = Literal["battle", "war"]


def rank(card: int) -> int:
    """A card's rank: 2..14 (ace), 15 for a joker. Suits never matter."""
    return card >> 2


@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat may know when it must choose a card (Arneson's hand games).

    Cards are protocol codes (``rank * 4 + suit``, protocol/cards.py). Nothing
    here is hidden information: it is what the protocol showed this seat.
    """

    seat: int
    """This bot's seat (0-based)."""
    players: int
    phase: Phase
    """``battle``: every active seat plays; ``war``: only ``war_seats`` do, for a bigger pot."""
    hand: tuple[int, ...]
    """The cards to choose from (the answer must be one of them)."""
    counts: tuple[int, ...]
    """Cards each seat holds (pile, winnings and hand), per seat."""
    active: tuple[bool, ...]
    """Seats still in the game."""
    table: tuple[tuple[int | None, ...], ...]
    """This trick's cards per seat in the order laid; None for a face-down card."""
    war_seats: tuple[int, ...] = ()
    """The seats fighting the war (empty in a battle)."""
    seen: frozenset[int] = frozenset()
    """Every card this seat has seen this game: face up on the table, or in its hand."""
    hands: tuple[tuple[int | None, ...], ...] = ()
    """Every seat's hand as far as this seat can know it (None: a card it cannot know).
    A card once seen face up goes under a known pile at a known place, so with the
    rules' default gathering it is known again when drawn (client_cli/bots.py tracks it;
    empty when not tracked)."""
    held: tuple[frozenset[int], ...] = ()
    """Per seat, the cards it is known to hold (hand or pile): card counting. A card
    laid face up goes with its trick to the seat that takes it, and is followed there
    whatever the gathering order (krig_bots.holdings); a card never seen face up is in
    no seat's set. Empty when not followed."""
    hand_groups: tuple[tuple[HandGroup, ...], ...] = ()
    """Per seat, what its hand cards can be: a trick's cards go under the winner's pile
    together and hands refill from the top, so even with shuffled gathering a drawn
    card is one of a known few (krig_bots.holdings). Empty when not followed."""
    rules: Mapping[str, bool | int | str] = field(default_factory=dict)
    """The room's rules (protocol ``rules``: hand_size, war_down, loser_takes_tied, ...)."""
    step: int = 0
    """The engine step this choice is for."""
    time_left_s: float | None = None
    """Seconds before the server plays this seat by itself (None: no turn timer)."""
    rng_seed: int = 0
    """A number that differs per game, seat and step, for strategies that draw lots."""

    @property
    def pot(self) -> int:
        """Cards on the table now (face up and face down): what this trick is worth so far."""
        return sum(len(row) for row in self.table)

    @property
    def contenders(self) -> tuple[int, ...]:
        """The seats this choice is played against (the war's seats, or every active seat)."""
        seats = self.war_seats or tuple(s for s, a in enumerate(self.active) if a)
        return tuple(s for s in seats if s != self.seat)


Choice = int | Awaitable[int]
Strategy = Callable[[View], int] | Callable[[View], Awaitable[int]]
"""A bot: a function from the view to the card it plays (``async def`` too)."""
