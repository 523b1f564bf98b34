"""The deal: a rules' deck shuffled and dealt from a seed, or a deal given card by card.

Either way the game's generator is left where dealing the rules' deck with
the seed leaves it, so a game from its deal plays exactly as the dealt one
(:func:`from_deal`). What follows the deal is :mod:`server.engine.game`'s.
"""

from __future__ import annotations

from itertools import chain

from protocol.cards import BLACK_JOKER, is_card
from server.engine import rng as _rng
from server.engine.rules import Rules, RulesError
from server.engine.state import NO_CARD, GameState


def new_game(rules: Rules, seed: int, *, auto: bool = False) -> GameState:
    """Shuffle the rules' deck with ``seed`` and deal it evenly.

    The last ``deck_size % players`` cards of the shuffled deck are set aside
    unseen (a Latvian deck was stripped to fit: none); the rest go round the
    table one at a time, seat 0 first, and the first card a seat receives is
    the top of its pile.  ``auto``: every seat will be played by
    :func:`server.engine.game.auto_action` (the simulator), so hand games are
    cycle-checked too.
    """
    if not 0 <= seed < 1 << 64:
        raise RulesError("seed", "must be from 0 to 2**64-1")
    deck = rules.deck()
    state = _rng.shuffle(seed, deck)
    n = rules.players
    spare = len(deck) % n
    set_aside = deck[len(deck) - spare :]
    dealt = deck[: len(deck) - spare]
    piles = [dealt[s::n] for s in range(n)]
    return _start(rules, seed, state, piles, set_aside, auto)


def from_deal(
    rules: Rules,
    seats: list[list[int]],
    seed: int = 0,
    set_aside: list[int] | None = None,
    *,
    auto: bool = False,
) -> GameState:
    """Start from an explicit deal (top of each pile first); partial decks are fine.

    ``seed`` still drives any later shuffle (``shuffled`` order, winnings piles), as in
    :func:`new_game`;
    ``set_aside`` are cards kept out of play (shown at game over); ``auto`` as
    for :func:`new_game`.
    """
    if len(seats) != rules.players:
        raise RulesError(
            "players", f"the deal has {len(seats)} seats but the rules say {rules.players}"
        )
    if not _plainly_good(seats, set_aside or []):
        _check_deal(seats, set_aside or [])
    if not 0 <= seed < 1 << 64:
        raise RulesError("seed", "must be from 0 to 2**64-1")
    # Later shuffles draw on from where dealing this rules' deck with ``seed`` would
    # leave the generator (a shuffle's draws depend on the deck's size alone), so a
    # game from its deal plays exactly as ``new_game(rules, seed)`` does.
    state = _rng.shuffle(seed, rules.deck())
    return _start(rules, seed, state, [list(p) for p in seats], list(set_aside or []), auto)


def _plainly_good(seats: list[list[int]], set_aside: list[int]) -> bool:
    """The common case of :func:`_check_deal` at C speed: no seat empty, every card an
    int that ``is_card`` accepts, each once."""
    try:
        cards = list(chain.from_iterable(seats))
        cards += set_aside
        unique = set(cards)
    except TypeError:  # not lists, or an unhashable "card": the slow check says which
        return False
    return (
        all(seats)
        and len(unique) == len(cards)
        and unique <= _CARDS
        and set(map(type, unique)) == {int}  # (8.0 == 8, True == 1)
    )


_CARDS = frozenset(c for c in range(BLACK_JOKER + 1) if is_card(c))


def _check_deal(seats: list[list[int]], set_aside: list[int]) -> None:
    """Find what is wrong with a deal and say it."""
    seen: set[int] = set()
    for i, pile in enumerate(seats):
        if not pile:
            raise RulesError("deal", f"seat {i} has no cards")
        for card in pile:
            if not is_card(card):
                raise RulesError("deal", f"seat {i} has {card!r}, which is not a card")
            if card in seen:
                raise RulesError("deal", f"card {card} is dealt twice")
            seen.add(card)
    for card in set_aside:
        if not is_card(card) or card in seen:
            raise RulesError("deal", f"set-aside card {card!r} is not a card or is dealt twice")
        seen.add(card)


def _start(
    rules: Rules, seed: int, rng: int, piles: list[list[int]], set_aside: list[int], auto: bool
) -> GameState:
    n = len(piles)
    hands: list[list[int]] = [[] for _ in range(n)]
    if rules.hand_size:
        for s in range(n):
            hands[s] = piles[s][: rules.hand_size]
            del piles[s][: rules.hand_size]
    seats = list(range(n))
    return GameState(
        rules=rules,
        seed=seed,
        rng=rng,
        piles=piles,
        winnings=[[] for _ in range(n)],
        hands=hands,
        table=[[] for _ in range(n)],
        face_up=[[] for _ in range(n)],
        set_aside=set_aside,
        active=[True] * n,
        awaiting=list(seats),
        pending=[NO_CARD] * n,
        in_trick=list(seats),
        war_seats=list(seats),
        latest=[NO_CARD] * n,
        wars_won=[0] * n,
        out_reason=[""] * n,
        cycle_power=1 if rules.checks_cycles(auto) else 0,
    )
