"""The rules engine: take each seat's input, resolve steps, end games (the deal:
:mod:`server.engine.deal`).

Sans-I/O: plain data in, plain data and events out.  No clock, no asyncio, no
logging, no global random state; randomness comes from ``state.rng``.  Every
function mutates the ``GameState`` it is given and returns the events the
change produced, so the same seed (or deal) and the same inputs give the same
game, event for event.

A game is a series of tricks.  A trick starts with a *battle* step (every
seat still in the game flips) and may go on with *war* steps (only the war's
seats act).  A step resolves only when every seat in ``awaiting`` has acted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import compress

from server.engine import rng as _rng
from server.engine.events import (
    Acted,
    Event,
    GameOver,
    PlayerOut,
    Revealed,
    Shuffled,
    TrickWon,
    War,
)
from server.engine.kinds import EndReason, OutReason, Result, TimeUpReason
from server.engine.rules import Rules
from server.engine.state import FLIPPED, NO_CARD, GameState


class RuleViolation(Exception):
    """An input the rules do not allow now; ``code`` is a stable identifier."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn over the top card of your pile."""


@dataclass(frozen=True, slots=True)
class Choose:
    """Play ``card`` from your hand (Arneson)."""

    card: int


Action = Flip | Choose
FLIP = Flip()


# ------------------------------------------------------------------- inputs


def submit(state: GameState, seat: int, action: Action) -> list[Event]:
    """Lock in one seat's flip or choice; resolve the step once all have acted."""
    if state.phase == "over":
        raise RuleViolation("game_over", "the game is over")
    if type(seat) is not int or not 0 <= seat < len(state.piles):
        raise RuleViolation("bad_seat", f"there is no seat {seat!r} in this game")
    if seat not in state.awaiting:
        if not state.active[seat]:
            raise RuleViolation("seat_out", f"seat {seat} is out of the game")
        raise RuleViolation("not_awaiting", f"seat {seat} does not take part in this step")
    if state.pending[seat] != NO_CARD:
        raise RuleViolation("already_acted", f"seat {seat} has already acted in this step")
    if state.rules.hand_size:
        if type(action) is not Choose:
            raise RuleViolation("wrong_action", "this game is played from a hand: choose a card")
        if action.card not in state.hands[seat]:
            raise RuleViolation("card_not_in_hand", "that card is not in your hand")
        if state.cycle_power and action.card != _auto_card(state, seat):
            # Not the automatic policy's choice: a repeated position no longer proves
            # that the game repeats (the round cap ends it instead).
            state.cycle_power = 0
            state.cycle_mark = b""
        state.pending[seat] = action.card
    else:
        if type(action) is not Flip:
            raise RuleViolation(
                "wrong_action", "in this game you flip your top card; there is no hand"
            )
        state.pending[seat] = FLIPPED
    events: list[Event] = [Acted(seat)]
    pending = state.pending
    for w in state.awaiting:
        if pending[w] == NO_CARD:
            return events
    _resolve_step(state, events)
    return events


def time_up(state: GameState, reason: TimeUpReason = "time_limit") -> list[Event]:
    """The room's clock ran out: end now between tricks, or after the current trick.

    ``reason`` names why in the result (``abandoned`` when every player left).
    """
    if state.phase == "over":
        raise RuleViolation("game_over", "the game is over")
    events: list[Event] = []
    if state.phase == "battle":
        # A battle step never leaves cards on the table: nothing is in play.
        state.pending = [NO_CARD] * len(state.piles)
        _end_by_count(state, events, reason)
    else:
        state.time_up = True
        state.time_up_reason = reason
    return events


def auto_action(state: GameState, seat: int) -> Action:
    """The documented automatic input for a seat that did not act in time.

    Flip when there is no hand.  From a hand: the lowest card in a battle
    (keep strength for wars) and the highest card in a war (win the pot).
    Ties between equal ranks go to the card held longest.
    """
    if not state.rules.hand_size:
        return FLIP
    return Choose(_auto_card(state, seat))


def _auto_card(state: GameState, seat: int) -> int:
    hand = state.hands[seat]
    if state.phase == "war":
        return max(hand, key=lambda c: c >> 2)
    return min(hand, key=lambda c: c >> 2)


# -------------------------------------------------------------- resolution


def down_count(rules: Rules, war: int) -> int:
    """How many cards each war seat lays face down in war step ``war`` (0: the battle)."""
    if war == 0:
        return 0
    if war == 1 or rules.war_repeat == "same":
        return rules.war_down
    return 0


def _draw(state: GameState, seat: int, events: list[Event]) -> int:
    """Take the top card of a seat's pile, turning its winnings into the pile if needed."""
    pile = state.piles[seat]
    if not pile:
        pile = state.winnings[seat]
        state.rng = _rng.shuffle(state.rng, pile)
        state.piles[seat] = pile
        state.winnings[seat] = []
        events.append(Shuffled(seat, len(pile)))
    return pile.pop(0)


def _take_hidden(state: GameState, seat: int, keep: int, events: list[Event]) -> int:
    """A face-down war card: from the pile, else the oldest hand card that is not ``keep``."""
    if state.piles[seat] or state.winnings[seat]:
        return _draw(state, seat, events)
    hand = state.hands[seat]
    for i, card in enumerate(hand):
        if card != keep:
            return hand.pop(i)
    raise AssertionError("a seat laid more face-down cards than it held")  # pragma: no cover


def _refill(state: GameState, seat: int, events: list[Event]) -> None:
    hand = state.hands[seat]
    size = state.rules.hand_size
    while len(hand) < size and (state.piles[seat] or state.winnings[seat]):
        hand.append(_draw(state, seat, events))


def _resolve_step(state: GameState, events: list[Event]) -> None:
    rules = state.rules
    n = len(state.piles)
    war = state.trick_wars
    down_n = down_count(rules, war)
    up: list[int | None] = [None] * n
    down = [0] * n
    hand_mode = rules.hand_size > 0
    piles = state.piles
    pending = state.pending
    tables = state.table
    faces = state.face_up
    latest = state.latest
    for seat in state.awaiting:
        choice = pending[seat]
        pending[seat] = NO_CARD
        table = tables[seat]
        face = faces[seat]
        if down_n:
            k = min(down_n, state.held(seat) - 1)
            for _ in range(k):
                table.append(_take_hidden(state, seat, choice, events))
                face.append(False)
            down[seat] = k
        if hand_mode:
            state.hands[seat].remove(choice)
            card = choice
        else:
            pile = piles[seat]
            card = pile.pop(0) if pile else _draw(state, seat, events)
        table.append(card)
        face.append(True)
        latest[seat] = card
        up[seat] = card
    if hand_mode:
        for seat in state.awaiting:
            _refill(state, seat, events)
    state.steps += 1
    events.append(Revealed(state.tricks + 1, war, up, down))
    _compare(state, events)


def _compare(state: GameState, events: list[Event]) -> None:
    rules = state.rules
    latest = state.latest
    contenders = state.war_seats if rules.war_winner == "participants" else state.in_trick
    best = -1
    top: list[int] = []
    for c in contenders:
        r = latest[c] >> 2
        if r > best:
            best = r
            top = [c]
        elif r == best:
            top.append(c)
    if rules.war_players == "any_tied":
        ranks = Counter(latest[c] >> 2 for c in contenders)
        tied = [c for c in contenders if ranks[latest[c] >> 2] > 1]
        if not tied:
            _win_trick(state, events, top[0])
        else:
            _start_war(state, events, tied)
        return
    if len(top) == 1:
        _win_trick(state, events, top[0])
    elif rules.war_players == "tied_highest":
        _start_war(state, events, top)
    else:
        _start_war(state, events, list(state.in_trick))


def _start_war(state: GameState, events: list[Event], seats: list[int]) -> None:
    rules = state.rules
    state.trick_wars += 1
    state.wars += 1
    state.longest_war = max(state.longest_war, state.trick_wars)
    if state.trick_wars == 1:
        state.first_war = list(seats)
    for s in seats:
        if s not in state.fighters:
            state.fighters.append(s)
    down_n = down_count(rules, state.trick_wars)
    need = down_n + 1
    alive: list[int] = []
    stuck: list[int] = []
    short: list[int] = []
    for s in seats:
        held = state.held(s)
        if held >= need:
            alive.append(s)
        elif rules.short_war == "lose":
            short.append(s)
        elif held == 0:
            stuck.append(s)
        else:
            alive.append(s)
    events.append(War(state.tricks + 1, state.trick_wars, list(seats), down_n, stuck))
    for s in short:
        _eliminate(state, events, s, "short_war")
    state.war_seats = sorted(alive + stuck)
    if not alive:
        _exhausted(state, events, sorted(stuck or seats))
    elif len(alive) + len(stuck) == 1:
        _win_trick(state, events, alive[0])
    else:
        state.phase = "war"
        state.awaiting = alive


def _eliminate(state: GameState, events: list[Event], seat: int, reason: OutReason) -> None:
    """A seat that cannot finish a war is out; its cards join the pot face down."""
    cards = state.piles[seat] + state.winnings[seat] + state.hands[seat]
    state.piles[seat] = []
    state.winnings[seat] = []
    state.hands[seat] = []
    state.table[seat].extend(cards)
    state.face_up[seat].extend([False] * len(cards))
    state.active[seat] = False
    state.out_reason[seat] = reason
    state.last_out = seat
    if seat in state.in_trick:
        state.in_trick.remove(seat)
    events.append(PlayerOut(seat, reason, len(cards)))


def _exhausted(state: GameState, events: list[Event], seats: list[int]) -> None:
    """Every war seat is out of cards while still tied.

    The pot goes to the seat that still holds cards and showed the highest
    card in this trick (lowest seat on equal ranks).  With no such seat the
    game is a draw between the war's seats (SE: both run out on a tie).
    """
    candidates = [c for c in state.in_trick if c not in seats and state.held(c) > 0]
    if candidates:
        winner = max(candidates, key=lambda c: (state.latest[c] >> 2, -c))
        _win_trick(state, events, winner)
        return
    for s in seats:
        if state.active[s] and state.held(s) == 0:
            state.active[s] = False
            state.out_reason[s] = "no_cards"
    reason: EndReason = "short_war" if state.rules.short_war == "lose" else "exhausted_tie"
    _end(state, events, "draw", seats, reason)


def _win_trick(state: GameState, events: list[Event], winner: int) -> None:
    rules = state.rules
    n = len(state.piles)
    table = state.table
    face_up = state.face_up
    wars = state.trick_wars
    returned: list[int] = []
    returned_to: int | None = None
    if wars and rules.loser_takes_tied:
        losers = [w for w in state.first_war if w != winner and state.active[w]]
        if losers:
            returned_to = min(losers, key=lambda w: (state.latest[w] >> 2, w))
            for w in state.first_war:
                returned.append(table[w].pop(0))
                face_up[w].pop(0)
    gather = rules.gather_order
    order: Iterable[int]
    if gather == "winner_first":
        order = [winner, *range(winner), *range(winner + 1, n)]
    else:
        order = range(n)
    cards: list[int] = []
    for s in order:
        cards += table[s]
    # Without a war every card on the table is face up (and ``cards`` is not changed
    # again unless it is shuffled below).
    if wars:
        shown = [c for s in order for c in compress(table[s], face_up[s])]
    else:
        shown = cards[:] if gather == "shuffled" else cards
    for s in range(n):
        table[s].clear()
        face_up[s].clear()
    if gather == "shuffled":
        state.rng = _rng.shuffle(state.rng, cards)
    separate = rules.winnings == "separate"
    dest = state.winnings[winner] if separate else state.piles[winner]
    dest += cards
    stolen_from: list[int] = []
    if wars:
        if returned_to is not None:
            (state.winnings if separate else state.piles)[returned_to].extend(returned)
        if rules.steal:
            for s in sorted(state.fighters):
                if s != winner and state.active[s] and (state.piles[s] or state.winnings[s]):
                    dest.append(_draw(state, s, events))
                    stolen_from.append(s)
        state.wars_won[winner] += 1
        state.trick_wars = 0
        state.first_war = []
        state.fighters = []
    events.append(
        TrickWon(
            state.tricks + 1,
            winner,
            len(cards) + len(stolen_from),
            shown,
            wars,
            returned_to,
            returned,
            stolen_from,
        )
    )
    state.tricks += 1
    if rules.hand_size:
        for s in range(n):
            if state.active[s]:
                _refill(state, s, events)
    active = state.active
    piles, winnings, hands = state.piles, state.winnings, state.hands
    settled = not wars
    for s in range(n):
        if active[s] and not piles[s] and not winnings[s] and not hands[s]:
            active[s] = False
            state.out_reason[s] = "no_cards"
            state.last_out = s
            events.append(PlayerOut(s, "no_cards", 0))
            settled = False
    _after_trick(state, events, winner, settled)


def _after_trick(state: GameState, events: list[Event], winner: int, settled: bool) -> None:
    """End the game, or set up the next battle.

    ``settled``: no war and nobody out this trick, so the seat lists are still
    those of the battle that started it (the common case: nothing to rebuild).
    """
    rules = state.rules
    active = state.active
    alive = state.in_trick if settled else [s for s in state.in_trick if active[s]]
    if len(alive) <= 1:
        reason: EndReason = "all_cards"
        if state.last_out >= 0 and state.out_reason[state.last_out] == "short_war":
            reason = "short_war"
        _end(state, events, "win", alive, reason)
    elif rules.wars_to_win and state.wars_won[winner] >= rules.wars_to_win:
        _end(state, events, "win", [winner], "wars_won")
    elif state.time_up:
        _end_by_count(state, events, state.time_up_reason or "time_limit")
    elif (cap := rules.trick_cap) and state.tricks >= cap:
        _end_by_count(state, events, "round_cap")
    elif state.cycle_power and _cycled(state):
        _end(state, events, "draw", alive, "cycle")
    elif not settled:
        state.phase = "battle"
        state.in_trick = alive
        state.war_seats = alive[:]
        state.awaiting = alive[:]


def _cycled(state: GameState) -> bool:
    """Brent's cycle detection over positions between tricks, in O(1) memory.

    The position is every pile in order (plus every hand in order in a hand
    game, and wars won when they can end the game).  ``cycle_mark`` holds a
    position saved at power-of-two intervals; meeting it again proves the
    game repeats forever.
    """
    key = b"\xff".join(map(bytes, state.piles))
    if state.rules.hand_size:
        key += b"\xfd" + b"\xff".join(map(bytes, state.hands))
    if state.rules.wars_to_win:
        key += b"\xfe" + b"".join(w.to_bytes(2, "big") for w in state.wars_won)
    if key == state.cycle_mark:
        return True
    state.cycle_lam += 1
    if state.cycle_lam == state.cycle_power:
        state.cycle_mark = key
        state.cycle_power *= 2
        state.cycle_lam = 0
    return False


def _end_by_count(state: GameState, events: list[Event], reason: EndReason) -> None:
    """Most cards wins; equal counts at the top are a draw between those seats."""
    counts = [state.held(s) if state.active[s] else 0 for s in range(len(state.piles))]
    best = max(counts)
    top = [s for s, c in enumerate(counts) if c == best]
    _end(state, events, "win" if len(top) == 1 else "draw", top, reason)


def _end(
    state: GameState, events: list[Event], result: Result, winners: list[int], reason: EndReason
) -> None:
    state.phase = "over"
    state.awaiting = []
    state.result = result
    state.winners = list(winners)
    state.reason = reason
    counts = [state.held(s) for s in range(len(state.piles))]
    events.append(GameOver(result, list(winners), reason, counts, list(state.set_aside)))
