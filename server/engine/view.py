"""What one seat, or a spectator, may know about a game.

Built only from public facts plus the viewer's own hand: counts, the face-up
cards on the table, and *how many* cards lie face down (``None`` in their
place), never which.  Who has acted in the current step is public; what they
chose is not (a seat sees only its own choice). The view is the protocol's own
:class:`~protocol.messages.TableView`: what the engine shows a seat is what the
wire carries, under one name.
"""

from __future__ import annotations

from protocol.messages import TableView
from server.engine.game import down_count
from server.engine.state import FLIPPED, NO_CARD, GameState


def view(state: GameState, seat: int | None) -> TableView:
    """The view for ``seat`` (0-based), or for a spectator when ``seat`` is None."""
    n = len(state.piles)
    own = seat is not None and 0 <= seat < n
    chosen: int | None = None
    war = state.phase == "war"
    war_down = [0] * n
    if war:
        down_n = down_count(state.rules, state.trick_wars)
        for s in state.awaiting:
            war_down[s] = min(down_n, state.held(s) - 1)
    if own and seat is not None and state.pending[seat] not in (NO_CARD, FLIPPED):
        chosen = state.pending[seat]
    return TableView(
        seat=seat if own else None,
        players=n,
        phase=state.phase,
        step=state.steps,
        trick=state.tricks + (0 if state.phase == "over" else 1),
        war=state.trick_wars,
        awaiting=list(state.awaiting),
        acted=[state.pending[s] != NO_CARD for s in range(n)],
        counts=[state.held(s) for s in range(n)],
        pile_counts=[len(p) for p in state.piles],
        winnings_counts=[len(w) for w in state.winnings],
        hand_counts=[len(h) for h in state.hands],
        active=list(state.active),
        table=[
            [c if up else None for c, up in zip(cards, face, strict=True)]
            for cards, face in zip(state.table, state.face_up, strict=True)
        ],
        hand=list(state.hands[seat]) if own and seat is not None else [],
        chosen=chosen,
        wars_won=list(state.wars_won),
        tricks=state.tricks,
        wars=state.wars,
        result=state.result,
        winners=list(state.winners),
        reason=state.reason,
        set_aside=list(state.set_aside) if state.phase == "over" else [],
        longest_war=state.longest_war,
        war_seats=list(state.war_seats) if war else [],
        war_down=war_down,
    )
