"""What the system tests check about a room: its cards are conserved, and no client
was sent a card before the rules revealed it."""

from __future__ import annotations

from collections.abc import Callable

import redis
from server_support import room_in_redis

from client_cli.table import Table
from protocol import messages as m
from protocol.codec import decode_server
from server.engine import census
from server.rooms.state import RoomRecord


def load_room(redis_url: str, code: str) -> RoomRecord:
    client = redis.Redis.from_url(redis_url)
    rec = room_in_redis(client, code)
    client.close()
    assert rec is not None, f"room {code} is not in Redis"
    return rec


def assert_conserved(redis_url: str, code: str) -> RoomRecord:
    rec = load_room(redis_url, code)
    assert rec.state is not None
    assert census(rec.state) == sorted(rec.state.rules.deck())
    return rec


def _cards_in(msg: object) -> set[int]:
    """Every card a server message carries (its card-bearing fields)."""
    if isinstance(msg, m.Revealed):
        return {c for c in msg.up if c is not None}
    if isinstance(msg, m.TrickWon):
        return set(msg.face_up) | set(msg.returned)
    if isinstance(msg, m.GameOver):
        return set(msg.set_aside)
    if isinstance(msg, m.Hand):
        return set(msg.cards)
    if isinstance(msg, m.Snapshot) and msg.view is not None:
        v = msg.view
        cards = (
            {c for row in v.table for c in row if c is not None} | set(v.hand) | set(v.set_aside)
        )
        if v.chosen is not None:
            cards.add(v.chosen)
        return cards
    return set()


def assert_no_leak(frames: list[bytes], seat: int | None) -> int:
    """Replay what one client received: no frame names a card it may not know yet."""
    known: set[int] = set()  # face-up cards seen this trick, plus own hand
    over = False
    checked = 0
    for frame in frames:
        msg = decode_server(frame)
        cards = _cards_in(msg)
        if isinstance(msg, m.GameStarted):
            over = False
        if isinstance(msg, m.Revealed):
            known |= cards  # the reveal itself is where they become public
        elif isinstance(msg, m.Hand):
            assert seat is not None, "a spectator received a hand"
            known |= cards
        elif isinstance(msg, m.Snapshot) and msg.view is not None:
            assert msg.view.seat == seat
            if seat is None:
                assert msg.view.hand == [] and msg.view.chosen is None
            known |= cards
        elif isinstance(msg, m.GameOver):
            known |= cards
            over = True
        elif isinstance(msg, m.DealRevealed):
            assert over, "the deal was revealed before the game was over"
            known |= {c for pile in msg.piles for c in pile} | set(msg.set_aside)
        else:
            assert cards <= known, f"{type(msg).__name__} names unrevealed cards {cards - known}"
        checked += 1
    return checked


def settled_after(step: int) -> Callable[[Table], bool]:
    """The table has moved past ``step`` and knows who acts next (or the game is over)."""

    def check(t: Table) -> bool:
        return t.phase == "over" or (t.step > step and bool(t.awaiting))

    return check
