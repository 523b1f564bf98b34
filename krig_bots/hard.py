"""The "hard" player: counts cards, weighs the pot, and models what the others hold.

For each card it could play it estimates the cards it wins or loses now, plus
what the hand it keeps is worth for the wars to come:

- **what the others can still hold**: a trick's cards go under its winner's
  pile together and hands refill from the top, so even with shuffled gathering
  an opponent's hand card is one of a few known cards, or a card never seen
  (``View.hand_groups``, krig_bots.holdings); its hands are drawn by lot from
  those;
- **card counting**: a card seen face up is followed to the pile that took it
  (``View.held``); only cards nobody is known to hold fill the places of cards
  never seen;
- **how they choose**: as most players and the server do (their lowest card in
  a battle, their highest in a war);
- **the pot at stake**: a battle is worth the others' cards on the table, a war
  also their face-down cards; a tie is valued by who is likelier to hold the
  stronger card for the war that follows, and by whether the war would find
  someone too short of cards to fight it.

Deterministic for a given view (its lots are drawn from ``View.rng_seed``), so
the server can play it and replay it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from krig_bots.view import View, rank

SAMPLES = 24
"""Opponent hands drawn per decision (one when every opponent's hand is known)."""
TYPICAL = 1.0
"""How often an opponent is taken to play its lowest card in a battle, highest in a war
(as the server plays a seat out of time, and most players do)."""
KEEP = 1.0
"""What the hand kept is worth, in cards, per unit of its chance to win a later war."""


def _deck(view: View) -> list[int]:
    low = int(view.rules.get("min_rank", 2))
    jokers = int(view.rules.get("jokers", 0))
    deck = [r * 4 + s for r in range(low, 15) for s in range(4)]
    deck.extend((60, 61)[:jokers])
    return deck


def _unseen(view: View) -> list[int]:
    """Cards no seat is known to hold, and not on the table or in this hand."""
    known: set[int] = set(view.hand)
    for cards in view.held:
        known |= cards
    if view.held:
        known |= {c for row in view.table for c in row if c is not None}
    elif view.hands:  # (followed hands without counting: a card seen face up is placed)
        known |= view.seen
    else:
        known |= {c for row in view.table for c in row if c is not None}
    return [c for c in _deck(view) if c not in known]


def _hand_sampler(view: View, seat: int, unseen: list[int]) -> Callable[[random.Random], list[int]]:
    """A function drawing the ranks ``seat`` may hold in its hand, as far as this seat knows."""
    hand_size = int(view.rules.get("hand_size", 3)) or 3
    if view.hand_groups and seat < len(view.hand_groups):
        groups = [
            (list(g.cards) + [-1] * max(g.size - len(g.cards), 0), g.count)
            for g in view.hand_groups[seat]
        ]

        def from_groups(rng: random.Random) -> list[int]:
            out = []
            for members, count in groups:
                for c in rng.sample(members, min(count, len(members))):
                    out.append(rank(c) if c >= 0 else rank(unseen[rng.randrange(len(unseen))]))
            return sorted(out)

        return from_groups
    held = view.hands[seat] if seat < len(view.hands) else ()
    known = [rank(c) for c in held if c is not None]
    size = len(held) if held else min(hand_size, view.counts[seat])
    slots = max(size - len(known), 0)

    def from_known(rng: random.Random) -> list[int]:
        return sorted(known + [rank(unseen[rng.randrange(len(unseen))]) for _ in range(slots)])

    return from_known


def counter(view: View) -> int:
    """The card with the best expected gain now plus the worth of the hand it keeps."""
    hand = list(view.hand)
    if len(hand) <= 1:
        return hand[0]
    rng = random.Random(view.rng_seed)
    war_down = int(view.rules.get("war_down", 3))
    war = view.phase == "war"
    unseen = _unseen(view) or [32]
    samplers = [_hand_sampler(view, o, unseen) for o in view.contenders]
    drawn = [[draw(rng) for _ in range(SAMPLES)] for draw in samplers]
    plays: list[tuple[int, int, float]] = []  # (their best play, their best left, weight)
    if len(drawn) > 1:
        plays = _against_all(drawn, rng, war)
    elif drawn:
        for ranks in drawn[0]:
            for played, w in _choices(ranks, war):
                rest = list(ranks)
                rest.remove(played)
                plays.append((played, max(rest, default=0), w))
    total_w = sum(w for _, _, w in plays) or 1.0
    mine_on_table = len(view.table[view.seat]) if view.seat < len(view.table) else 0
    others = view.pot - mine_on_table
    stake = others + len(view.contenders)
    war_stake = float(stake + len(view.contenders) * (war_down + 1))
    their_high = [max(ranks) for hands in drawn for ranks in hands[:8] if ranks] or [8]

    refills = [rank(c) for c in unseen[:: max(1, len(unseen) // 6)]]  # (what may refill the hand)

    def later_worth(top: int) -> float:
        return sum(1.0 if top > h else 0.5 if top == h else 0.0 for h in their_high) / len(
            their_high
        )

    # A tie that one side cannot back with a war ends the game for it (short_war "lose").
    need = war_down + 1
    mine_short = view.counts[view.seat] - 1 < need
    theirs_short = all(view.counts[o] - 1 < need for o in view.contenders)
    if view.rules.get("short_war", "lose") == "lose" and mine_short != theirs_short:
        ends = sum(view.counts[o] for o in view.contenders) if theirs_short else 0
        war_stake = float(ends) if theirs_short else war_stake
        tie_loss = float(view.counts[view.seat]) if mine_short else 0.0
    else:
        tie_loss = 0.0
    scores: list[tuple[float, int, int]] = []
    for i, card in enumerate(hand):
        r = rank(card)
        rest = [rank(c) for j, c in enumerate(hand) if j != i]
        my_left = max(rest) if rest else 0
        gain = 0.0
        for best, best_left, w in plays:
            if r > best:
                gain += w * stake
            elif r < best:
                gain -= w * (mine_on_table + 1)
            elif tie_loss:
                gain -= w * tie_loss
            elif my_left > best_left or (theirs_short and not mine_short):
                gain += w * war_stake
            elif my_left < best_left:
                gain -= w * (mine_on_table + 1 + war_down + 1)
        gain /= total_w
        keep = sum(later_worth(max(my_left, u)) for u in refills) / len(refills)
        scores.append((gain + KEEP * keep, -r, i))
    return hand[max(scores)[2]]


def _choices(ranks: list[int], war: bool) -> list[tuple[int, float]]:
    """What a hand of ``ranks`` (sorted) plays, with weights: mostly the typical card."""
    if not ranks:
        return []
    typical = ranks[-1] if war else ranks[0]
    spread = (1 - TYPICAL) / len(ranks)
    return [(typical, TYPICAL)] + [(r, spread) for r in ranks]


def _against_all(
    drawn: list[list[list[int]]], rng: random.Random, war: bool
) -> list[tuple[int, int, float]]:
    """Several contenders: sampled plays, keeping the best card against this seat."""
    out: list[tuple[int, int, float]] = []
    for i in range(SAMPLES):
        best, best_left = 0, 0
        for hands in drawn:
            ranks = hands[i]
            if not ranks:
                continue
            if rng.random() < TYPICAL:
                played = ranks[-1] if war else ranks[0]
            else:
                played = ranks[rng.randrange(len(ranks))]
            rest = list(ranks)
            rest.remove(played)
            left = rest[-1] if rest else 0
            if played > best or (played == best and left > best_left):
                best, best_left = played, left
        out.append((best, best_left, 1.0))
    return out
