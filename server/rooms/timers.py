"""Timers: when the server plays a seat, fills a quick room or ends a timed game."""

from __future__ import annotations

from krig_bots import LEVELS
from server.engine import (
    Action,
    Choose,
    auto_action,
    time_up,
)
from server.rooms.host import seat_bot
from server.rooms.play import ABANDONED_INPUT, TIME_UP_INPUT, play_events, start_game, submit_play
from server.rooms.state import RoomRecord, SeatRecord
from server.rooms.transition import Outcome
from server.rooms.views import bot_view


def offline_since(seat: SeatRecord) -> int | None:
    """When a seat stopped being played by a person (None: it is connected)."""
    if seat.conn or seat.bot:
        return None
    return 0 if seat.left else seat.since_ms


BOT_DELAY_MS = (500, 1300)
"""Computer seats act this long after a step starts (spread per seat and step)."""


def bot_delay_ms(step: int, seat: int) -> int:
    lo, hi = BOT_DELAY_MS
    return lo + (step * 7919 + seat * 104729) % (hi - lo)


def seat_due_ms(rec: RoomRecord, seat: int, grace_ms: int) -> int | None:
    """When the server plays an awaited seat: computer delay, offline grace or turn timer."""
    s = rec.seats[seat]
    state = rec.state
    assert state is not None
    due: list[int] = []
    if s.bot:
        due.append(rec.step_started_ms + bot_delay_ms(state.steps, seat))
    since = offline_since(s)
    if since is not None:
        due.append(since + grace_ms if since else 0)
    if rec.turn_ms:
        due.append(rec.step_started_ms + rec.turn_ms)
    return min(due) if due else None


def next_due_ms(rec: RoomRecord, grace_ms: int) -> int | None:
    """When the room next needs the server to act (a seat, the game clock, a quick fill)."""
    state = rec.state
    due: list[int] = []
    if rec.status == "lobby" and rec.fill_at_ms:
        due.append(rec.fill_at_ms)
    if rec.status != "playing" or state is None:
        return min(due) if due else None
    if rec.game_ends_ms and not state.time_up:
        due.append(rec.game_ends_ms)
    for s in state.awaiting:
        if state.pending[s] == -1:
            when = seat_due_ms(rec, s, grace_ms)
            if when is not None:
                due.append(when)
    return min(due) if due else None


def tick(rec: RoomRecord, out: Outcome, now_ms: int, grace_ms: int) -> None:
    """Do whatever is due at ``now_ms``: fill a quick room, end a timed game, play seats.

    Idempotent: a second tick at the same time finds nothing due, so a
    deadline acts once however many nodes run it.
    """
    if rec.status == "lobby" and rec.fill_at_ms and now_ms >= rec.fill_at_ms:
        rec.fill_at_ms = 0
        for seat in range(len(rec.seats)):
            if not rec.seats[seat].player:
                seat_bot(rec, out, seat)
        if all(s.player and (s.ready or s.bot) for s in rec.seats):
            start_game(rec, out, None)
        return
    state = rec.state
    if rec.status != "playing" or state is None:
        return
    if rec.game_ends_ms and now_ms >= rec.game_ends_ms and not state.time_up:
        step = state.steps
        rec.inputs += TIME_UP_INPUT
        play_events(rec, out, time_up(state), step)
        if state.phase == "over":
            return
    humans = [s for s in rec.seats if not s.bot]
    if humans and all(s.left for s in humans) and not state.time_up:
        # Everyone left: end at the end of this trick, most cards wins.
        step = state.steps
        rec.inputs += ABANDONED_INPUT
        play_events(rec, out, time_up(state, "abandoned"), step)
        if state.phase == "over":
            return
    for s in list(state.awaiting):
        if state.phase == "over" or s not in state.awaiting or state.pending[s] != -1:
            continue
        due = seat_due_ms(rec, s, grace_ms)
        if due is not None and now_ms >= due:
            submit_play(rec, out, s, seat_action(rec, s))


def seat_action(rec: RoomRecord, seat: int) -> Action:
    """What the server plays for a seat: a computer's choice at its level, else the
    automatic one (a person who is away or out of time)."""
    state = rec.state
    assert state is not None
    s = rec.seats[seat]
    if not (s.bot and state.rules.hand_size and s.level in ("easy", "hard")):
        return auto_action(state, seat)
    return Choose(LEVELS[s.level](bot_view(rec, seat, count=s.level == "hard")))  # type: ignore[arg-type]
