"""The host's controls, before a game: rules and settings, computer players, seats, start."""

from __future__ import annotations

from protocol import messages as m
from protocol.errors import ErrorCode
from server.engine import RulesError
from server.errors import Refused
from server.rooms.play import start_game
from server.rooms.seats import free_seat
from server.rooms.state import RoomRecord, SeatRecord, rules_for
from server.rooms.transition import REMOVED_KEPT, Outcome, add_event, player_seat
from server.rooms.views import room_info


def require_host(rec: RoomRecord, player: str) -> None:
    if player_seat(rec, player) != rec.host:
        raise Refused(ErrorCode.NOT_HOST, "only the host can do that")
    if rec.status == "playing":
        raise Refused(ErrorCode.ALREADY_STARTED, "not while a game is being played")


def configure(rec: RoomRecord, out: Outcome, player: str, msg: m.Configure) -> None:
    require_host(rec, player)
    if msg.preset is not None or msg.options is not None:
        preset = msg.preset if msg.preset is not None else rec.preset
        options = dict(msg.options) if msg.options is not None else rec.options
        if "players" in options and options["players"] != len(rec.seats):
            raise Refused(ErrorCode.BAD_RULES, "players is set by the number of seats")
        try:
            rules_for(preset, options, len(rec.seats))
        except RulesError as exc:
            raise Refused(ErrorCode.BAD_RULES, str(exc)) from None
        rec.preset, rec.options = preset, options
    if msg.turn_s is not None:
        rec.turn_ms = msg.turn_s * 1000
    if msg.spectating is not None:
        rec.spectating = msg.spectating
    if msg.locked is not None:
        rec.locked = msg.locked
    if msg.public is not None:
        rec.public = msg.public
    if msg.chat is not None:
        rec.chat = msg.chat
    if msg.ready_checks is not None and msg.ready_checks != rec.ready_checks:
        rec.ready_checks = msg.ready_checks
        for s in rec.seats:
            if s.player and not s.bot:
                s.ready = not msg.ready_checks
    add_event(rec, out, m.RoomChanged, room=room_info(rec))
    if rec.status == "lobby" and all(s.player and s.ready for s in rec.seats):
        start_game(rec, out, None)


def seat_bot(rec: RoomRecord, out: Outcome, seat: int) -> None:
    rec.seats[seat] = SeatRecord(
        player=f"cpu:{rec.code}:{seat}", name=f"CPU {seat + 1}", ready=True, bot=True
    )
    add_event(rec, out, m.PlayerJoined, seat=seat, name=rec.seats[seat].name, bot=True)


def add_bot(rec: RoomRecord, out: Outcome, player: str, seat: int | None) -> None:
    require_host(rec, player)
    free = [i for i, s in enumerate(rec.seats) if not s.player]
    if not free:
        raise Refused(ErrorCode.ROOM_FULL, "every seat is taken")
    if seat is not None and seat not in free:
        raise Refused(ErrorCode.SEAT_TAKEN, f"seat {seat} is taken or does not exist")
    seat_bot(rec, out, free[0] if seat is None else seat)
    if all(s.player and s.ready for s in rec.seats):
        start_game(rec, out, None)


def remove_seat(rec: RoomRecord, out: Outcome, player: str, seat: int) -> None:
    require_host(rec, player)
    if seat >= len(rec.seats) or not rec.seats[seat].player:
        raise Refused(ErrorCode.SEAT_TAKEN, f"seat {seat} is empty")
    if seat == rec.host:
        raise Refused(ErrorCode.NOT_HOST, "the host cannot remove their own seat; leave instead")
    gone = rec.seats[seat]
    free_seat(rec, out, seat)
    if gone.conn and not gone.bot:
        if rec.spectating:
            # Off the seat, onto the rail: it keeps watching, as any spectator.
            rec.spectators[gone.player] = gone.conn
        else:
            out.removed.append(gone.conn)
            rec.removed = [*rec.removed, gone.conn][-REMOVED_KEPT:]


def start(rec: RoomRecord, out: Outcome, player: str, seed: int | None = None) -> None:
    """The host starts now: computer players take the empty seats, then the game begins.

    Refused, changing nothing, while a player who was asked to be ready is not
    (ready checks), and during a game. (A room whose seats are all taken and
    ready has started by itself: ``start`` then gets ``already_started``.)
    """
    seat = player_seat(rec, player)
    if seat != rec.host:
        raise Refused(ErrorCode.NOT_HOST, "only the host can start the game")
    if rec.status == "playing":
        raise Refused(ErrorCode.ALREADY_STARTED, "the game has already started")
    if not all(s.ready for s in rec.seats if s.player and not s.bot):
        raise Refused(ErrorCode.NOT_READY, "every player must be ready before the game starts")
    for i, s in enumerate(rec.seats):
        if not s.player:
            seat_bot(rec, out, i)
    start_game(rec, out, seed)
