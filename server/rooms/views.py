"""Everything a room shows, per seat: the one module that builds per-seat data.

Room info, lobby rows, snapshots, table views and hands are all built here,
from the record, for one viewer (a seat, or ``None`` for a spectator). No
other module reads a hand: a seat's hand goes only to that seat, and only
through :func:`hand` and :func:`snapshot`.
"""

from __future__ import annotations

from protocol import messages as m
from server.engine import view
from server.rooms.state import RoomRecord


def rules_of(rec: RoomRecord) -> dict[str, bool | int | str]:
    return rec.rules().to_dict()


def room_info(rec: RoomRecord) -> m.RoomInfo:
    return m.RoomInfo(
        code=rec.code,
        state=rec.status,
        host=rec.host,
        seats=[
            m.SeatInfo(
                name=s.name or None,
                ready=s.ready,
                connected=bool(s.conn) or s.bot,
                bot=s.bot,
            )
            for s in rec.seats
        ],
        preset=rec.preset,
        rules=rules_of(rec),
        public=rec.public,
        spectators=len(rec.spectators),
        spectating=rec.spectating,
        locked=rec.locked,
        game=rec.game,
        turn_s=rec.turn_ms // 1000,
        game_ends_ms=rec.game_ends_ms,
        chat=rec.chat,
        ready_checks=rec.ready_checks,
        commitment=rec.commitment,
    )


def table_view(rec: RoomRecord, seat: int | None) -> m.TableView | None:
    if rec.state is None:
        return None
    return view(rec.state, seat)


def snapshot(rec: RoomRecord, seat: int | None) -> m.Snapshot:
    return m.Snapshot(seq=rec.seq, room=room_info(rec), view=table_view(rec, seat))


def summary(rec: RoomRecord) -> m.RoomSummary:
    return m.RoomSummary(
        code=rec.code,
        preset=rec.preset,
        players=len(rec.seats),
        taken=sum(1 for s in rec.seats if s.player),
        state=rec.status,
        spectators=len(rec.spectators),
        rules=rules_of(rec),
    )


def hand(rec: RoomRecord, seat: int | None) -> m.Hand | None:
    """Seat ``seat``'s hand as a private message, in a hand game (else None)."""
    state = rec.state
    if seat is None or state is None or not state.rules.hand_size:
        return None
    return m.Hand(seq=rec.seq, cards=list(state.hands[seat]))


def entry(rec: RoomRecord, seat: int | None, action_id: int | None) -> list[m.ServerMessage]:
    """What a connection that enters the room gets: ``joined``, its snapshot, its hand."""
    sent: list[m.ServerMessage] = [
        m.Joined(id=action_id, code=rec.code, seat=seat, seq=rec.seq),
        snapshot(rec, seat),
    ]
    own = hand(rec, seat)
    if own is not None:
        sent.append(own)
    return sent
