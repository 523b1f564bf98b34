"""The wire mapping: the engine's events and refusals as protocol room events and codes.

Shared by the live room and by the record replay (``server.rooms.replay``),
so a replay is compared with what was sent like for like.
"""

from __future__ import annotations

from protocol import messages as m
from protocol.errors import ErrorCode
from server.engine import events as ev
from server.rooms.fairness import DealProof

VIOLATIONS = {
    "game_over": ErrorCode.GAME_OVER,
    "bad_seat": ErrorCode.NOT_A_PLAYER,
    "seat_out": ErrorCode.SEAT_OUT,
    "not_awaiting": ErrorCode.NOT_AWAITING,
    "already_acted": ErrorCode.ALREADY_ACTED,
    "wrong_action": ErrorCode.WRONG_ACTION,
    "card_not_in_hand": ErrorCode.CARD_NOT_IN_HAND,
}


def deal_revealed(game: int, commitment_: str, proof: DealProof) -> m.DealRevealed:
    """The event after game over that opens the commitment (also rebuilt in records)."""
    return m.DealRevealed(
        seq=0,
        game=game,
        commitment=commitment_,
        piles=proof.piles,
        set_aside=proof.set_aside,
        seed=proof.seed,
        nonce=proof.nonce,
    )


def wire_events(produced: list[ev.Event], step: int) -> list[m.RoomEvent]:
    """The engine's events of one input as protocol room events (``seq`` still 0).

    Shared by the server and the verifier, so a replay is compared like for like.
    """
    out: list[m.RoomEvent] = []
    for e in produced:
        if isinstance(e, ev.Acted):
            out.append(m.Acted(seq=0, seat=e.seat, step=step))
        elif isinstance(e, ev.Revealed):
            out.append(m.Revealed(seq=0, step=step, trick=e.trick, war=e.war, up=e.up, down=e.down))
        elif isinstance(e, ev.War):
            out.append(
                m.War(seq=0, trick=e.trick, war=e.war, seats=e.seats, down=e.down, stuck=e.stuck)
            )
        elif isinstance(e, ev.TrickWon):
            out.append(
                m.TrickWon(
                    seq=0,
                    trick=e.trick,
                    winner=e.winner,
                    total=e.total,
                    face_up=e.face_up,
                    wars=e.wars,
                    returned_to=e.returned_to,
                    returned=e.returned,
                    stolen_from=e.stolen_from,
                )
            )
        elif isinstance(e, ev.Shuffled):
            out.append(m.Shuffled(seq=0, seat=e.seat, count=e.count))
        elif isinstance(e, ev.PlayerOut):
            out.append(m.PlayerOut(seq=0, seat=e.seat, reason=e.reason, to_pot=e.to_pot))
        elif isinstance(e, ev.GameOver):
            out.append(
                m.GameOver(
                    seq=0,
                    result=e.result,
                    winners=e.winners,
                    reason=e.reason,
                    counts=e.counts,
                    set_aside=e.set_aside,
                )
            )
    return out
