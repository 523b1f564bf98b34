"""Seats, readiness, the host's start-now and the room's chat, as pure room transitions."""

from __future__ import annotations

import pytest
from room_support import status

from protocol import messages as m
from protocol.errors import ErrorCode
from server import rooms
from server.rooms import Outcome, Refused
from server.rooms.state import RoomRecord, encode_record

T0 = 1_000_000


def _room(seats: int = 2, ready_checks: bool = False) -> tuple[RoomRecord, Outcome]:
    out = Outcome()
    rec = rooms.new_room(
        "ABC-DEF", "pa", "ada", "classic", {}, seats, False, "n:1", T0, out, ready_checks
    )
    return rec, out


def _kinds(out: Outcome) -> list[type[m.RoomEvent]]:
    return [type(e) for e in out.events]


def test_taking_a_seat_means_ready_and_a_full_room_starts_by_itself() -> None:
    rec, _ = _room()
    assert rec.seats[0].ready
    out = Outcome()
    rooms.join(rec, out, "pb", "bo", "n:2", None)
    assert rec.status == "playing"
    assert _kinds(out)[:3] == [m.PlayerJoined, m.PlayerReady, m.GameStarted]


def test_with_ready_checks_every_player_says_ready() -> None:
    rec, _ = _room(ready_checks=True)
    assert not rec.seats[0].ready
    rooms.join(rec, Outcome(), "pb", "bo", "n:2", None)
    assert rec.status == "lobby"
    rooms.set_ready(rec, Outcome(), "pa", True)
    assert rec.status == "lobby"
    out = Outcome()
    rooms.set_ready(rec, out, "pb", True)
    assert status(rec) == "playing"
    assert m.GameStarted in _kinds(out)


def test_ready_during_a_game_changes_nothing_but_not_ready_is_refused() -> None:
    rec, _ = _room()
    rooms.join(rec, Outcome(), "pb", "bo", "n:2", None)
    before = encode_record(rec)
    out = Outcome()
    rooms.set_ready(rec, out, "pb", True)
    assert out.events == [] and encode_record(rec) == before
    with pytest.raises(Refused) as refused:
        rooms.set_ready(rec, Outcome(), "pb", False)
    assert refused.value.code == ErrorCode.ALREADY_STARTED


def test_a_rebind_takes_a_seat_another_connection_holds_only_when_taken_back() -> None:
    """The reaper's rebind leaves a seat another connection holds (that one is newer);
    after a store that went back in time (``taken_back``), the record's connection is
    the older one: the live member takes the seat, and the other is told (REBOUND)."""
    rec, _ = _room()
    rooms.join(rec, Outcome(), "pb", "bo", "n:2", None)
    out = Outcome()
    rooms.rebind(rec, out, [("pa", "m:7")])
    assert rec.seats[0].conn == "n:1" and out.events == []
    rooms.rebind(rec, out, [("pa", "m:7"), ("pb", "n:2")], taken_back=True)
    assert rec.seats[0].conn == "m:7" and rec.seats[1].conn == "n:2"
    assert _kinds(out) == [m.PlayerReconnected]


def test_start_now_seats_computer_players_in_the_empty_seats() -> None:
    rec, _ = _room(seats=4)
    rooms.join(rec, Outcome(), "pb", "bo", "n:2", None)
    assert rec.status == "lobby"
    out = Outcome()
    rooms.start(rec, out, "pa")
    assert status(rec) == "playing"
    assert [s.bot for s in rec.seats] == [False, False, True, True]
    joined = [e for e in out.events if isinstance(e, m.PlayerJoined)]
    assert [(e.seat, e.bot) for e in joined] == [(2, True), (3, True)]
    assert rec.state is not None and rec.state.players == 4


def test_start_now_waits_for_players_asked_to_be_ready_and_changes_nothing() -> None:
    rec, _ = _room(seats=3, ready_checks=True)
    rooms.join(rec, Outcome(), "pb", "bo", "n:2", None)
    rooms.set_ready(rec, Outcome(), "pa", True)
    before = encode_record(rec)
    with pytest.raises(Refused) as refused:
        rooms.start(rec, Outcome(), "pa")
    assert refused.value.code == ErrorCode.NOT_READY
    assert encode_record(rec) == before  # a refusal leaves the record as it was
    rooms.set_ready(rec, Outcome(), "pb", True)
    rooms.start(rec, Outcome(), "pa")
    assert rec.status == "playing" and rec.seats[2].bot


def test_only_the_host_starts() -> None:
    rec, _ = _room(seats=3)
    rooms.join(rec, Outcome(), "pb", "bo", "n:2", None)
    with pytest.raises(Refused) as refused:
        rooms.start(rec, Outcome(), "pb")
    assert refused.value.code == ErrorCode.NOT_HOST


def test_turning_ready_checks_on_and_off() -> None:
    rec, _ = _room(seats=2)
    assert rec.seats[0].ready
    on = m.Configure(
        id=1, preset=None, options=None, turn_s=None, spectating=None, locked=None,
        public=None, ready_checks=True,
    )  # fmt: skip
    rooms.configure(rec, Outcome(), "pa", on)
    assert not rec.seats[0].ready and rec.ready_checks
    rooms.join(rec, Outcome(), "pb", "bo", "n:2", None)
    assert rec.status == "lobby"
    off = m.Configure(
        id=2, preset=None, options=None, turn_s=None, spectating=None, locked=None,
        public=None, ready_checks=False,
    )  # fmt: skip
    out = Outcome()
    rooms.configure(rec, out, "pa", off)
    assert rec.status == "playing"  # every seat taken, and now every seat ready
    changed = [e for e in out.events if isinstance(e, m.RoomChanged)]
    assert changed and changed[0].room.ready_checks is False


def test_names_at_a_table_are_told_apart() -> None:
    rec, _ = _room(seats=4, ready_checks=True)
    out = Outcome()
    rooms.join(rec, out, "pb", "Ada", "n:2", None)
    rooms.join(rec, out, "pc", "ada", "n:3", None)
    rooms.join(rec, out, "pd", "bo", "n:4", None)
    assert [s.name for s in rec.seats] == ["ada", "Ada 2", "ada 3", "bo"]
    assert [e.name for e in out.events if isinstance(e, m.PlayerJoined)] == [
        "Ada 2",
        "ada 3",
        "bo",
    ]


def test_a_told_apart_name_stays_within_the_name_limit() -> None:
    long = "x" * 32
    out = Outcome()
    rec = rooms.new_room("ABC-DEF", "pa", long, "classic", {}, 2, False, "n:1", T0, out, True)
    rooms.join(rec, out, "pb", long, "n:2", None)
    assert rec.seats[1].name == "x" * 30 + " 2"


def test_players_and_spectators_chat() -> None:
    rec, _ = _room(seats=2, ready_checks=True)
    rooms.join(rec, Outcome(), "pb", "bo", "n:2", None)
    rooms.spectate(rec, Outcome(), "pw", "n:3")
    out = Outcome()
    rooms.chat(rec, out, "pb", "ignored", "hello\x1b[31m  there\n")
    rooms.chat(rec, out, "pw", "wanda", "<b>hi</b>")
    said = [e for e in out.events if isinstance(e, m.ChatSaid)]
    assert [(e.seat, e.name, e.text) for e in said] == [
        (1, "bo", "hello [31m there"),  # the escape character is gone; the seat's own name
        (None, "wanda", "<b>hi</b>"),  # plain text, kept as typed: the client escapes it
    ]
    assert [e.seq for e in said] == [rec.seq - 1, rec.seq]


def test_chat_refusals_change_nothing() -> None:
    rec, _ = _room(seats=2, ready_checks=True)
    before = encode_record(rec)
    for player, text, code in [
        ("stranger", "hi", ErrorCode.NOT_IN_ROOM),
        ("pa", " \t\x07 ", ErrorCode.BAD_MESSAGE),
    ]:
        with pytest.raises(Refused) as refused:
            rooms.chat(rec, Outcome(), player, "x", text)
        assert refused.value.code == code
        assert encode_record(rec) == before
    off = m.Configure(
        id=1, preset=None, options=None, turn_s=None, spectating=None, locked=None,
        public=None, chat=False,
    )  # fmt: skip
    rooms.configure(rec, Outcome(), "pa", off)
    assert rooms.room_info(rec).chat is False
    with pytest.raises(Refused) as refused:
        rooms.chat(rec, Outcome(), "pa", "ada", "hello?")
    assert refused.value.code == ErrorCode.CHAT_OFF


def test_everyone_sees_the_spectators_come_and_go() -> None:
    rec, _ = _room(seats=2, ready_checks=True)
    came, again, went = Outcome(), Outcome(), Outcome()
    rooms.spectate(rec, came, "pw", "n:3")
    rooms.spectate(rec, again, "pw", "n:4")  # (the same watcher, on a new connection)
    rooms.leave(rec, went, "pw", T0)
    counts = [
        [e.room.spectators for e in out.events if isinstance(e, m.RoomChanged)]
        for out in (came, again, went)
    ]
    assert counts == [[1], [], [0]]
    dropped = Outcome()
    rooms.spectate(rec, Outcome(), "pv", "n:5")
    rooms.disconnect(rec, dropped, "pv", "n:5", T0)
    assert [e.room.spectators for e in dropped.events if isinstance(e, m.RoomChanged)] == [0]


def test_the_room_names_the_deal_commitment_a_late_joiner_never_saw_announced() -> None:
    rec, _ = _room(seats=2)
    assert rooms.room_info(rec).commitment == ""
    rooms.join(rec, Outcome(), "pb", "bo", "n:2", None)  # this join starts the game
    info = rooms.snapshot(rec, 1).room
    assert rec.status == "playing" and info.commitment == rec.commitment != ""
