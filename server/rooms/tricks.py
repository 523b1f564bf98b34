"""The room's trick log and score: its latest finished tricks as everyone saw them,
and the games each seat has won across rematches.

A snapshot carries both (``views.snapshot``), so a member who reloads mid-game
finds the trick log it had. A trick's table is public: every face-up card as
laid, and a nil for each face-down card (never which card it was).
"""

from __future__ import annotations

from server.engine import GameState
from server.engine import events as ev
from server.rooms.state import RoomRecord, SeenTrick

TRICKS_KEPT = 10
"""How many finished tricks a room keeps for its snapshot."""

NO_CARD = -1


def resolves(state: GameState, seat: int) -> bool:
    """Whether ``seat``'s play completes its step (every other awaited seat has acted)."""
    pending = state.pending
    return seat in state.awaiting and all(
        pending[w] != NO_CARD for w in state.awaiting if w != seat
    )


def public_table(state: GameState) -> list[list[int | None]]:
    """The cards on the table per seat, in order, nil for each face-down one."""
    return [
        [c if up else None for c, up in zip(cards, face, strict=True)]
        for cards, face in zip(state.table, state.face_up, strict=True)
    ]


def note(rec: RoomRecord, before: list[list[int | None]] | None, produced: list[ev.Event]) -> None:
    """Keep the trick a step finished (``before``: the public table as the step began)."""
    table = [list(cards) for cards in before] if before is not None else None
    for e in produced:
        if isinstance(e, ev.Revealed) and table is not None:
            for s, (up, down) in enumerate(zip(e.up, e.down, strict=True)):
                table[s].extend([None] * down)
                if up is not None:
                    table[s].append(up)
        elif isinstance(e, ev.PlayerOut) and table is not None and e.to_pot:
            table[e.seat].extend([None] * e.to_pot)
        elif isinstance(e, ev.TrickWon):
            seen = SeenTrick(e.trick, e.winner, e.total, e.wars, table or [])
            rec.tricks = [*rec.tricks[-(TRICKS_KEPT - 1) :], seen]
        elif isinstance(e, ev.GameOver):
            scored(rec, e)


def scored(rec: RoomRecord, over: ev.GameOver) -> None:
    """A finished game counts for its winner in the room's running score."""
    if over.result != "win":
        return
    wins = list(rec.wins) + [0] * (len(rec.seats) - len(rec.wins))
    for w in over.winners:
        wins[w] += 1
    rec.wins = wins


def seat_changed(rec: RoomRecord, seat: int) -> None:
    """A seat has a new player (or none): its score starts again from 0."""
    if seat < len(rec.wins) and rec.wins[seat]:
        rec.wins = [0 if i == seat else w for i, w in enumerate(rec.wins)]
