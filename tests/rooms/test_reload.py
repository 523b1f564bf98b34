"""What a (re)joining member's snapshot carries: the war as it stands, the latest
tricks, the running score and who a rematch waits for; and the host's seat
controls announced as ``room_changed``. Pure room transitions, no I/O."""

from __future__ import annotations

from collections import Counter

import pytest
from room_support import status

from protocol import messages as m
from protocol.codec import encode
from server import rooms
from server.rooms import Outcome
from server.rooms.state import RoomRecord, decode_record, encode_record
from server.rooms.tricks import TRICKS_KEPT

T0 = 1_000_000


def _game(
    seed: int, seats: int = 2, preset: str = "classic", **options: bool | int | str
) -> RoomRecord:
    """A room whose players ``p0``… are seated and playing the engine's seeded deal ``seed``."""
    out = Outcome()
    rec = rooms.new_room(
        "ABC-DEF", "p0", "ada", preset, dict(options), seats, False, "n:0", T0, out, True
    )
    for s in range(1, seats):
        rooms.join(rec, out, f"p{s}", f"n{s}", f"n:{s}", None)
    for s in range(seats):
        rooms.set_ready(rec, out, f"p{s}", True, seed)
    assert rec.status == "playing"
    return rec


def _step(rec: RoomRecord) -> list[m.RoomEvent]:
    """Every awaited seat flips once: one step of play; its events."""
    state = rec.state
    assert state is not None
    out = Outcome()
    step = state.steps
    for s in list(state.awaiting):
        rooms.play(rec, out, f"p{s}", step, None)
    return out.events


def _until(rec: RoomRecord, want: type[m.RoomEvent], limit: int = 2000) -> list[m.RoomEvent]:
    seen: list[m.RoomEvent] = []
    for _ in range(limit):
        events = _step(rec)
        seen += events
        if any(isinstance(e, want) for e in events) or rec.status == "over":
            return seen
    raise AssertionError("never happened")


def _war_seed() -> int:
    for seed in range(1, 400):
        rec = _game(seed)
        for _ in range(40):
            if any(isinstance(e, m.War) for e in _step(rec)):
                return seed
    raise AssertionError("no war in 400 deals")


def test_a_snapshot_mid_war_names_the_war_seats_and_their_face_down_cards() -> None:
    seed = _war_seed()
    rec = _game(seed)
    events = _until(rec, m.War)
    war = next(e for e in events if isinstance(e, m.War))
    for seat in (0, 1, None):
        view = rooms.snapshot(rec, seat).view
        assert view is not None and view.phase == "war"
        assert view.war_seats == war.seats
        assert view.war_down == [war.down if s in war.seats else 0 for s in range(2)]
    # Half the war laid: the seat that acted has its cards laid only at the reveal.
    state = rec.state
    assert state is not None
    out = Outcome()
    rooms.play(rec, out, "p0", state.steps, None)
    view = rooms.snapshot(rec, 1).view
    assert view is not None and view.acted == [True, False] and view.war_down == [3, 3]
    rooms.play(rec, out, "p1", state.steps, None)
    revealed = next(e for e in out.events if isinstance(e, m.Revealed))
    view = rooms.snapshot(rec, 0).view
    assert view is not None
    if view.phase == "war":  # a tie again: the face-down cards lie there, unnamed
        assert [row.count(None) for row in view.table] == revealed.down
    else:
        assert view.war_seats == [] and view.war_down == [0, 0]


def test_a_short_seat_lays_fewer_face_down_cards_and_the_view_says_so() -> None:
    for seed in range(1, 3000):
        rec = _game(seed, 2, "classic", short_war="last_card")
        for _ in range(3000):
            events = _step(rec)
            state = rec.state
            assert state is not None
            if rec.status == "over":
                break
            if state.phase == "war" and any(state.held(s) <= 3 for s in state.awaiting):
                view = rooms.snapshot(rec, None).view
                assert view is not None
                for s in state.awaiting:
                    assert view.war_down[s] == min(3, state.held(s) - 1)
                return
            del events
    pytest.fail("no war with a short seat")


def test_the_snapshot_carries_the_latest_tricks_as_they_were_won() -> None:
    seed = _war_seed()
    rec = _game(seed)
    won: list[m.TrickWon] = []
    downs: dict[int, int] = Counter()
    for _ in range(2000):
        for e in _step(rec):
            if isinstance(e, m.Revealed):
                downs[e.trick] += sum(e.down)
            if isinstance(e, m.TrickWon):
                won.append(e)
        if rec.status == "over" or (len(won) > TRICKS_KEPT and won[-1].wars):
            break
    assert won[-1].wars  # the last trick kept was won in a war
    tricks = rooms.snapshot(rec, 1).tricks
    assert len(tricks) == TRICKS_KEPT
    for seen, live in zip(tricks, won[-TRICKS_KEPT:], strict=True):
        assert (seen.trick, seen.winner, seen.total, seen.wars) == (
            live.trick,
            live.winner,
            live.total,
            live.wars,
        )
        shown = [c for row in seen.table for c in row if c is not None]
        assert Counter(shown) == Counter(live.face_up)  # every face-up card, and only those
        assert sum(row.count(None) for row in seen.table) == downs[seen.trick]
        assert sum(len(row) for row in seen.table) == seen.total
    # The same for every viewer, and the same after the record's round trip.
    assert rooms.snapshot(rec, 0).tricks == tricks == rooms.snapshot(rec, None).tricks
    assert rooms.snapshot(decode_record(encode_record(rec)), 0).tricks == tricks


def test_face_down_cards_of_a_finished_war_never_leave_in_a_snapshot() -> None:
    rec = _game(_war_seed())
    state = rec.state
    assert state is not None
    hidden: set[int] = set()
    for _ in range(200):
        view = rooms.snapshot(rec, None).view
        assert view is not None
        for seat, down in enumerate(view.war_down):  # (the classic piles: no shuffle)
            hidden |= set(state.piles[seat][:down])
        events = _step(rec)
        if any(isinstance(e, m.TrickWon) and e.wars for e in events):
            break
    assert hidden
    snap = rooms.snapshot(rec, 0)
    assert snap.tricks[-1].wars
    assert sum(row.count(None) for row in snap.tricks[-1].table) >= len(hidden)
    raw = encode(snap)
    for t in snap.tricks:
        for row in t.table:
            assert not hidden & {c for c in row if c is not None}
    assert raw == encode(m.Snapshot(seq=snap.seq, room=snap.room, view=snap.view,
                                    tricks=snap.tricks))  # fmt: skip


def test_a_new_game_starts_a_new_trick_log() -> None:
    rec = _game(7, 2, "classic", max_tricks=12)
    _until(rec, m.GameOver)
    assert rec.status == "over" and len(rooms.snapshot(rec, 0).tricks) == TRICKS_KEPT
    out = Outcome()
    rooms.rematch(rec, out, "p0", 8)
    rooms.rematch(rec, out, "p1", 8)
    assert status(rec) == "playing" and rooms.snapshot(rec, 0).tricks == []


def test_the_score_runs_across_rematches_and_a_new_player_starts_at_zero() -> None:
    rec = _game(3, 3, "classic", max_tricks=8)
    wins = [0, 0, 0]
    for game in range(3):
        events = _until(rec, m.GameOver)
        over = next(e for e in events if isinstance(e, m.GameOver))
        if over.result == "win":
            wins[over.winners[0]] += 1
        assert rooms.room_info(rec).wins == wins
        if game < 2:
            out = Outcome()
            for s in range(3):
                rooms.rematch(rec, out, f"p{s}", 100 + game)
    assert sum(wins) >= 1
    # Seat 1's player leaves after the game: whoever sits there next starts at 0.
    rooms.leave(rec, Outcome(), "p1", T0)
    assert rooms.room_info(rec).wins == [wins[0], 0, wins[2]]
    rooms.join(rec, Outcome(), "p9", "cy", "n:9", 1)
    assert rooms.room_info(rec).wins == [wins[0], 0, wins[2]]


def test_a_rematch_names_who_it_waits_for_and_can_be_taken_back() -> None:
    rec = _game(5, 3, "classic", max_tricks=4)
    assert rooms.room_info(rec).rematch == []
    _until(rec, m.GameOver)
    assert rooms.room_info(rec).rematch == [0, 1, 2]
    out = Outcome()
    rooms.rematch(rec, out, "p1", 9)
    assert rooms.room_info(rec).rematch == [0, 2]
    rooms.rematch(rec, out, "p1", 9, on=False)  # taken back
    assert rooms.room_info(rec).rematch == [0, 1, 2]
    said = [(e.seat, e.ready) for e in out.events if isinstance(e, m.PlayerReady)]
    assert said == [(1, True), (1, False)]
    rooms.rematch(rec, out, "p0", 9)
    rooms.rematch(rec, out, "p2", 9)
    assert rec.status == "over" and rooms.snapshot(rec, 2).room.rematch == [1]
    rooms.rematch(rec, out, "p1", 9)
    assert status(rec) == "playing" and rooms.room_info(rec).rematch == []


def test_add_bot_and_remove_seat_are_announced_with_room_changed() -> None:
    out = Outcome()
    rec = rooms.new_room("ABC-DEF", "p0", "ada", "classic", {}, 3, False, "n:0", T0, out, True)
    added = Outcome()
    rooms.add_bot(rec, added, "p0", None)
    assert [type(e) for e in added.events] == [m.PlayerJoined, m.RoomChanged]
    changed = added.events[-1]
    assert isinstance(changed, m.RoomChanged) and changed.room.seats[1].bot
    rooms.join(rec, Outcome(), "p2", "bo", "n:2", None)
    removed = Outcome()
    rooms.remove_seat(rec, removed, "p0", 2)
    assert [type(e) for e in removed.events] == [m.PlayerLeft, m.RoomChanged]
    changed = removed.events[-1]
    assert isinstance(changed, m.RoomChanged)
    # The removed player stays to watch (spectators allowed), counted in the new info.
    assert changed.room.seats[2].name is None and changed.room.spectators == 1
    assert [e.seq for e in removed.events] == [rec.seq - 1, rec.seq]
