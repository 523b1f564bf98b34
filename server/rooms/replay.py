"""Rebuild a finished game's events from its deal and its inputs.

A record stores the deal, every input and a digest of the events sent, not
the events themselves (a live room would otherwise carry every frame of its
game in Redis). The rules engine is deterministic, so the events are rebuilt
here when a record is handed out, and :mod:`server.verify` checks the
rebuilt events against the digest of what was really sent.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec

from protocol import messages as m
from protocol.codec import encode
from protocol.records import GameRecord
from server.engine import Choose, Flip, GameState, RuleViolation, from_deal, submit, time_up
from server.engine.rules import Rules, RulesError
from server.rooms.wire import deal_revealed, wire_events

TIME_UP_SEAT = 255
ABANDONED_SEAT = 254


@dataclass(slots=True)
class Replay:
    """What replaying a record gave: the final state, the play events, the first problem."""

    state: GameState | None = None
    started: m.GameStarted | None = None
    events: list[m.RoomEvent] = field(default_factory=list)
    problem: str = ""


def replay(record: GameRecord) -> Replay:
    """Play the record's inputs through the engine from its revealed deal."""
    out = Replay()
    proof = record.proof
    try:
        rules = msgspec.convert(record.rules, Rules)
    except (RulesError, msgspec.ValidationError) as exc:
        out.problem = f"the record's rules are invalid: {exc}"
        return out
    try:
        state = from_deal(rules, proof.piles, proof.seed, proof.set_aside)
    except RulesError as exc:
        out.problem = f"the deal cannot be played: {exc}"
        return out
    out.state = state
    out.started = m.GameStarted(
        seq=0,
        game=record.game,
        players=state.players,
        counts=[state.held(i) for i in range(state.players)],
        step=0,
        commitment=record.commitment,
    )
    inputs = record.inputs
    if len(inputs) % 2:
        out.problem = "the inputs are cut short"
        return out
    for i in range(0, len(inputs), 2):
        seat, card = inputs[i], inputs[i + 1]
        step = state.steps
        try:
            if seat == TIME_UP_SEAT:
                produced = time_up(state)  # the server's clock: "time is up"
            elif seat == ABANDONED_SEAT:
                produced = time_up(state, "abandoned")  # every player left
            else:
                produced = submit(state, seat, Choose(card) if card else Flip())
        except RuleViolation as exc:
            out.problem = f"input {i // 2} (seat {seat}) breaks the rules: {exc.message}"
            return out
        out.events.extend(wire_events(produced, step))
    return out


def with_events(record: GameRecord) -> GameRecord:
    """The record with its events rebuilt (seq 0): game_started, play events, deal_revealed."""
    done = replay(record)
    if done.started is None:
        return record  # unplayable: verify says why
    revealed = deal_revealed(record.game, record.commitment, record.proof)
    record.events = [encode(e) for e in (done.started, *done.events, revealed)]
    return record
