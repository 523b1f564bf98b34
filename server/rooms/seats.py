"""Seats: creating a room, taking, holding, leaving and freeing seats, readiness."""

from __future__ import annotations

from protocol import messages as m
from protocol.errors import ErrorCode
from protocol.limits import MAX_NAME
from server.engine import RulesError
from server.errors import Refused
from server.rooms.play import start_game
from server.rooms.state import RoomRecord, SeatRecord, rules_for
from server.rooms.transition import Outcome, add_event, player_seat
from server.rooms.tricks import seat_changed
from server.rooms.views import room_info


def new_room(
    code: str,
    player: str,
    name: str,
    preset: str,
    options: dict[str, bool | int | str],
    seats: int,
    public: bool,
    conn: str,
    now_ms: int,
    out: Outcome,
    ready_checks: bool = False,
) -> RoomRecord:
    if "players" in options and options["players"] != seats:
        raise Refused(ErrorCode.BAD_RULES, "players is set by seats; leave it out of options")
    try:
        rules_for(preset, options, seats)
    except RulesError as exc:
        raise Refused(ErrorCode.BAD_RULES, str(exc)) from None
    rec = RoomRecord(
        code=code,
        version=0,
        seq=0,
        created_ms=now_ms,
        updated_ms=now_ms,
        host=0,
        preset=preset,
        options=dict(options),
        public=public,
        seats=[SeatRecord() for _ in range(seats)],
        ready_checks=ready_checks,
    )
    rec.seats[0] = SeatRecord(player=player, name=name, conn=conn, ready=not ready_checks)
    add_event(rec, out, m.PlayerJoined, seat=0, name=name, bot=False)
    return rec


def distinct_name(rec: RoomRecord, name: str, seat: int) -> str:
    """``name``, or ``name 2``, ``name 3``... when another seat already has it."""
    taken = {s.name.casefold() for i, s in enumerate(rec.seats) if s.player and i != seat}
    if name.casefold() not in taken:
        return name
    for n in range(2, 10):
        suffix = f" {n}"
        candidate = name[: MAX_NAME - len(suffix)] + suffix
        if candidate.casefold() not in taken:
            return candidate
    return name  # (four seats: never reached)


def join(
    rec: RoomRecord,
    out: Outcome,
    player: str,
    name: str,
    conn: str,
    seat: int | None,
    ready: bool = False,
) -> int:
    mine = rec.seat_of(player)
    if mine is not None:
        bind(rec, out, player, conn)
        return mine
    if rec.status == "playing":
        raise Refused(ErrorCode.ALREADY_STARTED, "the game has started; you can watch instead")
    if rec.locked:
        raise Refused(ErrorCode.ROOM_LOCKED, "the host locked this room")
    free = [i for i, s in enumerate(rec.seats) if not s.player]
    if not free:
        raise Refused(ErrorCode.ROOM_FULL, "every seat in this room is taken")
    if seat is not None:
        if seat >= len(rec.seats):
            raise Refused(ErrorCode.SEAT_TAKEN, f"this room has seats 0 to {len(rec.seats) - 1}")
        if seat not in free:
            raise Refused(ErrorCode.SEAT_TAKEN, f"seat {seat} is taken")
        chosen = seat
    else:
        chosen = free[0]
    rec.spectators.pop(player, None)
    name = distinct_name(rec, name, chosen)
    rec.seats[chosen] = SeatRecord(player=player, name=name, conn=conn)
    add_event(rec, out, m.PlayerJoined, seat=chosen, name=name, bot=False)
    if ready or not rec.ready_checks:
        set_ready(rec, out, player, True)
    return chosen


def spectate(rec: RoomRecord, out: Outcome, player: str, conn: str) -> None:
    if rec.seat_of(player) is not None:
        raise Refused(ErrorCode.ALREADY_IN_ROOM, "you have a seat in this room")
    if not rec.spectating:
        raise Refused(ErrorCode.SPECTATING_OFF, "the host turned spectating off")
    new = player not in rec.spectators
    rec.spectators[player] = conn
    if new:
        _watchers_changed(rec, out)


def _watchers_changed(rec: RoomRecord, out: Outcome) -> None:
    """Everyone sees the number of spectators change (``room_changed``)."""
    add_event(rec, out, m.RoomChanged, room=room_info(rec))


def bind(rec: RoomRecord, out: Outcome, player: str, conn: str) -> None:
    """A player's (new) connection takes over its seat or spectator place."""
    seat = rec.seat_of(player)
    if seat is None:
        if player in rec.spectators:
            rec.spectators[player] = conn
        return
    s = rec.seats[seat]
    moved = s.conn != conn
    s.conn = conn
    s.since_ms = 0
    s.left = False
    if moved:
        # Also when another connection still held it: that one is now stale.
        add_event(rec, out, m.PlayerReconnected, seat=seat)


def disconnect(rec: RoomRecord, out: Outcome, player: str, conn: str, now_ms: int) -> None:
    """The connection ``conn`` dropped; only if it still holds the seat."""
    if rec.spectators.get(player) == conn:
        del rec.spectators[player]
        _watchers_changed(rec, out)
        return
    seat = rec.seat_of(player)
    if seat is None or rec.seats[seat].conn != conn:
        return
    if rec.status == "lobby":
        free_seat(rec, out, seat)
        return
    rec.seats[seat].conn = ""
    rec.seats[seat].since_ms = now_ms
    add_event(rec, out, m.PlayerDisconnected, seat=seat)


def node_lost(rec: RoomRecord, out: Outcome, node: str, now_ms: int) -> None:
    """Every connection of a dead server node counts as dropped."""
    prefix = node + ":"
    for player, conn in list(rec.spectators.items()):
        if conn.startswith(prefix):
            del rec.spectators[player]
    for seat in list(rec.seats):
        if seat.conn.startswith(prefix):
            disconnect(rec, out, seat.player, seat.conn, now_ms)


def rebind(
    rec: RoomRecord, out: Outcome, members: list[tuple[str, str]], taken_back: bool = False
) -> None:
    """Live connections take back places a reaper freed (their node had only paused).

    A seat now held by another connection is left alone: that one is newer.
    Unless ``taken_back``: the store went back in time and lost these
    connections' own binds (a resume, a disconnect of the one before), so the
    connection it names is an older one (closed, or shut by the rebind).
    """
    for player, conn in members:
        seat = rec.seat_of(player)
        if seat is None:
            if rec.spectating and (taken_back or player not in rec.spectators):
                rec.spectators[player] = conn
        elif not rec.seats[seat].left and (taken_back or not rec.seats[seat].conn):
            bind(rec, out, player, conn)


def free_seat(rec: RoomRecord, out: Outcome, seat: int) -> None:
    rec.seats[seat] = SeatRecord()
    seat_changed(rec, seat)
    if seat == rec.host:
        taken = [i for i, s in enumerate(rec.seats) if s.player]
        rec.host = taken[0] if taken else 0
    add_event(rec, out, m.PlayerLeft, seat=seat, host=rec.host)


def leave(rec: RoomRecord, out: Outcome, player: str, now_ms: int) -> None:
    if rec.spectators.pop(player, None) is not None:
        _watchers_changed(rec, out)
        return
    seat = rec.seat_of(player)
    if seat is None:
        raise Refused(ErrorCode.NOT_IN_ROOM, "you are not in this room")
    if rec.status == "playing":
        s = rec.seats[seat]
        s.left = True
        s.conn = ""
        s.since_ms = now_ms
        add_event(rec, out, m.PlayerLeft, seat=seat, host=rec.host)
        return
    free_seat(rec, out, seat)


def set_ready(
    rec: RoomRecord, out: Outcome, player: str, ready: bool, seed: int | None = None
) -> None:
    """Mark a seat (not) ready; the game starts when every seat is taken and ready.

    ``ready`` true during a game changes nothing and is not refused: in a room
    without ready checks a seat is ready from the moment it is taken, so a
    client that says so anyway (or late) is simply right.
    """
    seat = player_seat(rec, player)
    if rec.status == "playing":
        if ready:
            return
        raise Refused(ErrorCode.ALREADY_STARTED, "the game has already started")
    rec.seats[seat].ready = ready
    add_event(rec, out, m.PlayerReady, seat=seat, ready=ready)
    if all(s.player and (s.ready or s.bot) for s in rec.seats):
        start_game(rec, out, seed)


def rematch(
    rec: RoomRecord, out: Outcome, player: str, seed: int | None = None, on: bool = True
) -> None:
    """Ask for a rematch after game over (``on`` false: take the request back).

    The next game starts when every seat has asked; RoomInfo's ``rematch`` names
    the seats still awaited.
    """
    if rec.status != "over":
        raise Refused(
            ErrorCode.NOT_STARTED if rec.status == "lobby" else ErrorCode.ALREADY_STARTED,
            "a rematch can be asked for after a game is over",
        )
    set_ready(rec, out, player, on, seed)
