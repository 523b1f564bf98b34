"""The room's chat: players and spectators say plain text to the room."""

from __future__ import annotations

from protocol import messages as m
from protocol.errors import ErrorCode
from server.errors import Refused
from server.rooms.state import RoomRecord
from server.rooms.transition import Outcome, add_event


def chat(rec: RoomRecord, out: Outcome, player: str, name: str, text: str) -> None:
    """``player`` (a seat, or a spectator called ``name``) says ``text`` to the room.

    The text is kept as plain text with its control characters taken out;
    showing it escaped is the client's part.
    """
    seat = rec.seat_of(player)
    if seat is None and player not in rec.spectators:
        raise Refused(ErrorCode.NOT_IN_ROOM, "you are not in this room")
    if not rec.chat:
        raise Refused(ErrorCode.CHAT_OFF, "the host turned the chat off")
    clean = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    if not clean:
        raise Refused(ErrorCode.BAD_MESSAGE, "say something: the text is empty")
    said_by = rec.seats[seat].name if seat is not None else name
    add_event(rec, out, m.ChatSaid, seat=seat, name=said_by, text=clean)
