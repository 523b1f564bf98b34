"""Play: the deal, each seat's flip or choice, and the engine's events as room events."""

from __future__ import annotations

import secrets

from protocol import messages as m
from protocol.errors import ErrorCode
from protocol.records import events_chain_start
from server.engine import (
    Action,
    Choose,
    Flip,
    RuleViolation,
    from_deal,
    new_game,
    submit,
)
from server.engine import Event as EngineEvent
from server.errors import Refused
from server.rooms.fairness import DealProof, commitment, secure_proof
from server.rooms.idempotency import once
from server.rooms.state import PlayInput, RoomRecord
from server.rooms.transition import Outcome, add_event, emit, player_seat
from server.rooms.wire import VIOLATIONS, deal_revealed, wire_events


def start_game(rec: RoomRecord, out: Outcome, seed: int | None) -> None:
    """Deal from the OS's secure random source and publish only the commitment.

    ``seed`` (tests and benchmarks only) replaces the secure deal with the engine's seeded one.
    """
    rules = rec.rules()
    if seed is None:
        proof = secure_proof(rules)
    else:
        dealt = new_game(rules, seed)
        proof = DealProof(dealt.piles, dealt.set_aside, seed, secrets.token_hex(32))
    state = from_deal(rules, proof.piles, proof.seed, proof.set_aside)
    rec.proof = proof
    rec.commitment = commitment(proof)
    rec.events_link = events_chain_start(rec.commitment)
    rec.inputs = b""
    rec.state = state
    rec.step_started_ms = rec.updated_ms
    rec.fill_at_ms = 0
    rec.game_ends_ms = rec.updated_ms + rules.time_limit_s * 1000 if rules.time_limit_s else 0
    rec.status = "playing"
    rec.game += 1
    rec.game_started_ms = rec.updated_ms
    for s in rec.seats:
        s.ready = s.bot
    out.started = True
    counts = [state.held(i) for i in range(state.players)]
    add_event(
        rec,
        out,
        m.GameStarted,
        game=rec.game,
        players=state.players,
        counts=counts,
        step=0,
        commitment=rec.commitment,
    )
    clock_event(rec, out)


def play(rec: RoomRecord, out: Outcome, player: str, step: int, card: int | None) -> None:
    """A seat's flip (``card`` None) or Arneson choice for engine step ``step``."""
    seat = player_seat(rec, player)
    state = rec.state
    if rec.status == "lobby" or state is None:
        raise Refused(ErrorCode.NOT_STARTED, "the game has not started")
    if rec.status == "over":
        raise Refused(ErrorCode.GAME_OVER, "the game is over")
    if step != state.steps:
        raise Refused(ErrorCode.STALE_STEP, f"the table is at step {state.steps}, not {step}")
    action: Action = Flip() if card is None else Choose(card)
    submit_play(rec, out, seat, action)
    out.reply_step = step


def play_input(rec: RoomRecord, out: Outcome, p: PlayInput) -> int:
    """A seat's play under its action id (``once``): what a step's tail entry replays."""

    def apply(r: RoomRecord, o: Outcome) -> None:
        play(r, o, p.player, p.step, p.card)

    return once(rec, out, p.player, p.action_id, apply)


def submit_play(rec: RoomRecord, out: Outcome, seat: int, action: Action) -> None:
    state = rec.state
    assert state is not None
    step = state.steps
    try:
        produced = submit(state, seat, action)
    except RuleViolation as exc:
        raise Refused(VIOLATIONS.get(exc.code, ErrorCode.WRONG_ACTION), exc.message) from None
    rec.inputs += bytes((seat, action.card if isinstance(action, Choose) else 0))
    play_events(rec, out, produced, step)


TIME_UP_INPUT = b"\xff\x00"

ABANDONED_INPUT = b"\xfe\x00"


def play_events(rec: RoomRecord, out: Outcome, produced: list[EngineEvent], step: int) -> None:
    """Emit what the engine said; on game over also reveal the deal; restart the clock."""
    state = rec.state
    assert state is not None
    for event in wire_events(produced, step):
        emit(rec, out, event)
        if isinstance(event, m.GameOver):
            rec.status = "over"
            out.finished = True
            proof = rec.proof
            assert proof is not None
            emit(rec, out, deal_revealed(rec.game, rec.commitment, proof))
    if state.steps != step and state.phase != "over":
        rec.step_started_ms = rec.updated_ms
        clock_event(rec, out)


def clock_event(rec: RoomRecord, out: Outcome) -> None:
    if rec.turn_ms or rec.game_ends_ms:
        state = rec.state
        assert state is not None
        deadline = rec.step_started_ms + rec.turn_ms if rec.turn_ms else 0
        add_event(
            rec, out, m.Clock, step=state.steps, deadline_ms=deadline, game_ends_ms=rec.game_ends_ms
        )
