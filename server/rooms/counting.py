"""Card counting for a computer seat: what it could have followed from the events.

A client's bot counts cards from the events it was sent (client_cli/tracking.py
feeds :class:`krig_bots.holdings.Holdings`). A computer seat on the server
must know no more, so it is fed the same events: the game is played again
from its deal and inputs (``rec.proof``, ``rec.inputs``), as a record is
replayed, with the seat's own hand after each step. A per-process cache keeps
the replay of each computer seat, so each decision plays only the inputs
since the last one; a miss (another node, a restart) replays from the deal.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from krig_bots.holdings import Holdings
from server.engine import Choose, Flip, GameState, RuleViolation, from_deal, submit, time_up
from server.engine.events import PlayerOut, Revealed, Shuffled, TrickWon
from server.engine.rules import RulesError
from server.rooms.state import RoomRecord

KEPT = 512
"""Computer seats whose replay is kept (least recently used go first)."""
TIME_UP_SEAT = 255
ABANDONED_SEAT = 254


@dataclass(slots=True)
class _Followed:
    state: GameState
    holdings: Holdings
    fed: int
    """Bytes of ``rec.inputs`` played so far."""


_CACHE: OrderedDict[tuple[str, int, int], _Followed] = OrderedDict()


def counting(rec: RoomRecord, seat: int) -> Holdings | None:
    """What ``seat`` can know of who holds which card (None: no deal to follow)."""
    try:
        return _counting(rec, seat)
    except (RuleViolation, RulesError, IndexError, ValueError):
        _CACHE.pop((rec.code, rec.game, seat), None)
        return None  # (a record it cannot follow: the bot plays without counting)


def _counting(rec: RoomRecord, seat: int) -> Holdings | None:
    proof = rec.proof
    if proof is None or rec.state is None:
        return None
    key = (rec.code, rec.game, seat)
    got = _CACHE.pop(key, None)
    inputs = rec.inputs
    if got is None or got.fed > len(inputs):
        rules = rec.state.rules
        state = from_deal(rules, proof.piles, proof.seed, proof.set_aside)
        holdings = Holdings()
        holdings.start(
            [state.held(s) for s in range(state.players)],
            rules.hand_size,
            rules.gather_order,
            seat,
        )
        holdings.own_hand(state.hands[seat])
        got = _Followed(state, holdings, 0)
    state, holdings = got.state, got.holdings
    for i in range(got.fed, len(inputs) - 1, 2):
        who, card = inputs[i], inputs[i + 1]
        if who == TIME_UP_SEAT:
            events = time_up(state)
        elif who == ABANDONED_SEAT:
            events = time_up(state, "abandoned")
        else:
            events = submit(state, who, Choose(card) if card else Flip())
        for e in events:
            t = type(e)
            if t is Revealed:
                assert isinstance(e, Revealed)
                holdings.revealed(e.up, e.down)
            elif t is TrickWon:
                assert isinstance(e, TrickWon)
                holdings.trick_won(e.winner, e.returned, e.returned_to, e.stolen_from)
            elif t is PlayerOut:
                assert isinstance(e, PlayerOut)
                holdings.player_out(e.seat)
            elif t is Shuffled:
                assert isinstance(e, Shuffled)
                holdings.shuffled_pile(e.seat)
        holdings.own_hand(state.hands[seat])
    got.fed = len(inputs) - len(inputs) % 2
    _CACHE[key] = got
    while len(_CACHE) > KEPT:
        _CACHE.popitem(last=False)
    return holdings
