"""Everything a room shows, per seat: the one module that builds per-seat data.

Room info, lobby rows, snapshots, table views and hands are all built here,
from the record, for one viewer (a seat, or ``None`` for a spectator). No
other module reads a hand: a seat's hand goes only to that seat, and only
through :func:`hand` and :func:`snapshot`.
"""

from __future__ import annotations

from krig_bots import View
from protocol import messages as m
from server.engine import view
from server.rooms.counting import counting
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
                level=(s.level or "normal") if s.bot else "",
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
        wins=list(rec.wins) + [0] * (len(rec.seats) - len(rec.wins)),
        rematch=[i for i, s in enumerate(rec.seats) if s.player and not s.ready]
        if rec.status == "over"
        else [],
        seeded=rec.deal_seed >= 0,
    )


def table_view(rec: RoomRecord, seat: int | None) -> m.TableView | None:
    if rec.state is None:
        return None
    return view(rec.state, seat)


def tricks(rec: RoomRecord) -> list[m.TrickSeen]:
    """The room's trick log: public, the same for every viewer (face-down cards nil)."""
    return [
        m.TrickSeen(trick=t.trick, winner=t.winner, total=t.total, wars=t.wars, table=t.table)
        for t in rec.tricks
    ]


def snapshot(rec: RoomRecord, seat: int | None) -> m.Snapshot:
    return m.Snapshot(
        seq=rec.seq, room=room_info(rec), view=table_view(rec, seat), tricks=tricks(rec)
    )


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


def bot_view(rec: RoomRecord, seat: int, count: bool = False) -> View:
    """What a computer seat may know, as the view a strategy takes (krig_bots).

    Only what the seat itself could have seen: its hand, the table, and the cards
    played face up this game (in a hand game every face-up card is a choice, and
    ``rec.inputs`` holds every choice). A card once face up is followed into the
    pile its trick went to and back into a hand (client_cli/tracking.py does it
    from the events), so an opponent's hand card is shown when it was seen face up
    before, and hidden (None) when it never was, as long as won cards are not
    shuffled. ``count``: with card counting (``View.held``, ``View.hand_groups``), as
    a client's tracker follows it from the events (server.rooms.counting).
    """
    state = rec.state
    assert state is not None
    tv = view(state, seat)
    pending = {c for c in state.pending if c > 0}  # (chosen this step, not yet shown)
    inputs = rec.inputs
    seen = {inputs[i + 1] for i in range(0, len(inputs), 2) if inputs[i] < 0xFE} - pending
    seen.update(tv.hand)
    rules = state.rules
    holdings = counting(rec, seat) if count else None
    followed = rules.winnings == "under_pile" and rules.gather_order != "shuffled"
    # Shuffled gathering (the default) loses a card's place in its pile: an opponent's
    # hand is then known only as so many cards.
    hands = tuple(
        tuple(c if (s == seat or (followed and c in seen)) else None for c in state.hands[s])
        for s in range(state.players)
    )
    return View(
        seat=seat,
        players=state.players,
        phase="war" if state.phase == "war" else "battle",
        hand=tuple(tv.hand),
        counts=tuple(tv.counts),
        active=tuple(tv.active),
        table=tuple(tuple(row) for row in tv.table),
        war_seats=tuple(state.war_seats) if state.phase == "war" else (),
        seen=frozenset(seen),
        hands=hands,
        held=holdings.held() if holdings is not None else (),
        hand_groups=holdings.hand_groups() if holdings is not None else (),
        rules=rules.to_dict(),
        step=state.steps,
        rng_seed=(state.seed * 1_000_003 + state.steps * 31 + seat) & 0xFFFFFFFF,
    )
