"""Room deadlines with a controllable clock: transitions take ``now_ms`` explicitly."""

from __future__ import annotations

from protocol import messages as m
from server import rooms
from server.rooms import Outcome
from server.rooms.state import RoomRecord

T0 = 1_000_000


def _room(
    preset: str = "classic", options: dict[str, bool | int | str] | None = None
) -> RoomRecord:
    out = Outcome()
    rec = rooms.new_room(
        "ABC-DEF", "pa", "ada", preset, options or {}, 2, False, "n:1", T0, out, ready_checks=True
    )
    rec.updated_ms = T0
    rooms.join(rec, out, "pb", "bo", "n:2", None)
    return rec


def _start(rec: RoomRecord) -> None:
    out = Outcome()
    rooms.set_ready(rec, out, "pa", True, seed=7)
    rooms.set_ready(rec, out, "pb", True, seed=7)
    assert rec.status == "playing"


def _tick(rec: RoomRecord, now: int) -> list[m.RoomEvent]:
    out = Outcome()
    rec.updated_ms = now  # the node stamps every transition with the clock
    rooms.tick(rec, out, now, grace_ms=5000)
    return out.events


def _acted(events: list[m.RoomEvent]) -> list[tuple[int, int]]:
    return [(e.seat, e.step) for e in events if isinstance(e, m.Acted)]


def test_turn_timer_plays_idle_seats_once() -> None:
    rec = _room()
    rec.turn_ms = 1000
    _start(rec)
    assert rooms.next_due_ms(rec, 5000) == T0 + 1000
    out = Outcome()
    rooms.play(rec, out, "pa", 0, None)  # seat 0 flips, seat 1 idles
    assert _tick(rec, T0 + 999) == []
    events = _tick(rec, T0 + 1000)
    assert _acted(events) == [(1, 0)]
    assert sum(isinstance(e, m.Revealed) for e in events) == 1
    assert _tick(rec, T0 + 1000) == []  # the same deadline never acts twice
    assert rooms.next_due_ms(rec, 5000) == T0 + 2000  # the next step has its own deadline
    clock = [e for e in events if isinstance(e, m.Clock)]
    assert clock and clock[-1].deadline_ms == T0 + 2000


def test_offline_seat_waits_for_the_grace_period() -> None:
    rec = _room()
    _start(rec)
    out = Outcome()
    rooms.disconnect(rec, out, "pb", "n:2", T0 + 100)
    assert rooms.next_due_ms(rec, 5000) == T0 + 5100
    assert _tick(rec, T0 + 5099) == []
    assert _acted(_tick(rec, T0 + 5100)) == [(1, 0)]


def test_computer_seats_act_after_a_short_delay() -> None:
    out = Outcome()
    rec = rooms.new_room(
        "ABC-DEF", "pa", "ada", "classic", {}, 3, False, "n:1", T0, out, ready_checks=True
    )
    rec.updated_ms = T0
    rooms.add_bot(rec, out, "pa", None)
    rooms.add_bot(rec, out, "pa", None)
    assert [s.bot for s in rec.seats] == [False, True, True]
    rooms.set_ready(rec, out, "pa", True)  # the human is ready: the game starts
    assert rec.status == "playing"
    due = rooms.next_due_ms(rec, 5000)
    lo, hi = rooms.BOT_DELAY_MS
    assert due is not None and T0 + lo <= due < T0 + hi
    events = _tick(rec, T0 + hi)
    assert sorted(_acted(events)) == [(1, 0), (2, 0)]  # the human (seat 0) is never played


def test_timed_game_ends_when_time_is_up() -> None:
    rec = _room("timed")
    _start(rec)
    assert rec.game_ends_ms == T0 + 900_000
    events = _tick(rec, T0 + 900_000)
    over = [e for e in events if isinstance(e, m.GameOver)]
    assert over and over[0].reason == "time_limit"
    assert any(isinstance(e, m.DealRevealed) for e in events)
    assert rec.inputs.endswith(rooms.TIME_UP_INPUT)


def test_quick_room_fills_with_computers() -> None:
    out = Outcome()
    rec = rooms.new_room(
        "ABC-DEF", "pa", "ada", "classic", {}, 3, True, "n:1", T0, out, ready_checks=True
    )
    rec.seats[0].ready = True
    rec.fill_at_ms = T0 + 20_000
    assert rooms.next_due_ms(rec, 5000) == T0 + 20_000
    assert _tick(rec, T0 + 19_999) == []
    events = _tick(rec, T0 + 20_000)
    assert sum(isinstance(e, m.PlayerJoined) and e.bot for e in events) == 2
    assert rec.status == "playing"


def test_a_room_everyone_left_ends_cleanly() -> None:
    rec = _room()
    _start(rec)
    out = Outcome()
    rooms.leave(rec, out, "pa", T0 + 10)
    rooms.leave(rec, out, "pb", T0 + 10)
    for now in range(T0 + 20, T0 + 20 + 50):
        _tick(rec, now)
        if rec.status == "over":
            break
    assert rec.status == "over"
    assert rec.state is not None and rec.state.reason == "abandoned"
    assert rec.inputs.count(rooms.ABANDONED_INPUT) >= 1
