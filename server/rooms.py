"""Room transitions: what each action does to a room record.

Pure functions on a decoded :class:`RoomRecord` (no Redis, no sockets): the
room service loads a record, calls one of these, and commits the result with
a compare-and-set.  Each appends room events (with fresh sequence numbers)
to ``out.events`` and may set a private ``out.reply``; a refusal raises
:class:`Refused` and leaves the record unchanged for the caller to discard.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

from protocol import messages as m
from protocol.codec import encode
from protocol.errors import ErrorCode
from protocol.limits import MAX_NAME
from protocol.records import events_chain_start, events_chain_step
from server.engine import (
    Action,
    Choose,
    Flip,
    FlipsRevealed,
    GameOver,
    PlayerOut,
    RulesError,
    RuleViolation,
    SeatActed,
    TrickWon,
    WarStarted,
    WinningsShuffled,
    auto_action,
    from_deal,
    make_rules,
    new_game,
    submit,
    time_up,
    view,
)
from server.engine import Event as EngineEvent
from server.fairness import DealProof, commitment, secure_proof
from server.records import (
    PlayInput,
    Recent,
    RoomRecord,
    SeatRecord,
    StepEntry,
    decode_record,
    decode_step,
)

RECENT_ACTIONS = 16
TransitionFn = Callable[["RoomRecord", "Outcome"], object]


class Refused(Exception):
    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(slots=True)
class Outcome:
    events: list[m.RoomEvent] = field(default_factory=list)
    reply_step: int = 0
    started: bool = False
    finished: bool = False
    from_cache: bool = False
    """The record came from the node's cache, which may be behind Redis: a
    refusal is judged again on the current record (see Node._apply)."""
    removed: list[str] = field(default_factory=list)
    """Connections the host put out of the room (``remove_seat`` where spectators
    are not allowed): whichever node holds one tells it and stops sending it
    the room's events."""


REMOVED_KEPT = 8
"""How many put-out connections a room record remembers (RoomRecord.removed)."""

PLAY_EVENTS = (m.Acted, m.Revealed, m.War, m.TrickWon, m.Shuffled, m.PlayerOut, m.GameOver)
"""The events the rules engine decides (protocol.records.PLAY_EVENT_TAGS)."""


def _emit(rec: RoomRecord, out: Outcome, event: m.RoomEvent) -> None:
    if isinstance(event, PLAY_EVENTS) and rec.events_link:
        # Chained as encoded with seq 0, so a replay of the inputs gives the same bytes.
        rec.events_link = events_chain_step(rec.events_link, encode(event))
    rec.seq += 1
    event.seq = rec.seq
    out.events.append(event)


def _event(rec: RoomRecord, out: Outcome, cls: type[m.RoomEvent], **fields: object) -> None:
    _emit(rec, out, cls(seq=0, **fields))  # type: ignore[arg-type]


# ------------------------------------------------------------------ idempotency


def remembered(rec: RoomRecord, player: str, action_id: int) -> Recent | None:
    for item in rec.recent.get(player, ()):
        if item.id == action_id:
            return item
    return None


def remember(rec: RoomRecord, player: str, action_id: int, step: int, code: str) -> None:
    items = rec.recent.setdefault(player, [])
    items.append(Recent(action_id, step, code))
    del items[:-RECENT_ACTIONS]


def once(
    rec: RoomRecord, out: Outcome, player: str, action_id: int, transition: TransitionFn
) -> int:
    """Apply ``transition`` as ``player``'s action ``action_id``, unless that id was
    applied already; the step to answer with (a retry gets the first answer)."""
    seen = remembered(rec, player, action_id)
    if seen is not None:
        return seen.step
    transition(rec, out)
    remember(rec, player, action_id, out.reply_step, "")
    return out.reply_step


def play_input(rec: RoomRecord, out: Outcome, p: PlayInput) -> int:
    """A seat's play under its action id (``once``): what a step's tail entry replays."""

    def apply(r: RoomRecord, o: Outcome) -> None:
        play(r, o, p.player, p.step, p.card)

    return once(rec, out, p.player, p.action_id, apply)


# ------------------------------------------------------------------------ replay


def replay_step(rec: RoomRecord, entry: StepEntry) -> None:
    """Apply a tail entry to the record it follows: the record its commit made.

    Every play is applied as the committing node applied it; one it refused
    is refused again and changes nothing (the engine is deterministic and the
    record is the same).
    """
    rec.updated_ms = entry.updated_ms
    out = Outcome()
    for p in entry.plays:
        with contextlib.suppress(Refused):
            play_input(rec, out, p)
    rec.version += 1


def rebuild(blob: bytes, tail: list[bytes]) -> RoomRecord:
    """The room's record: the stored one with its tail of steps replayed on it."""
    rec = decode_record(blob)
    for raw in tail:
        replay_step(rec, decode_step(raw))
    return rec


# ------------------------------------------------------------------------ rooms


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
        make_rules(preset, {**options, "players": seats})
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
    _event(rec, out, m.PlayerJoined, seat=0, name=name, bot=False)
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


def rules_of(rec: RoomRecord) -> dict[str, bool | int | str]:
    return make_rules(rec.preset, {**rec.options, "players": len(rec.seats)}).to_dict()


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
    _event(rec, out, m.PlayerJoined, seat=chosen, name=name, bot=False)
    if ready or not rec.ready_checks:
        set_ready(rec, out, player, True)
    return chosen


def spectate(rec: RoomRecord, player: str, conn: str) -> None:
    if rec.seat_of(player) is not None:
        raise Refused(ErrorCode.ALREADY_IN_ROOM, "you have a seat in this room")
    if not rec.spectating:
        raise Refused(ErrorCode.SPECTATING_OFF, "the host turned spectating off")
    rec.spectators[player] = conn


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
        _event(rec, out, m.PlayerReconnected, seat=seat)


def disconnect(rec: RoomRecord, out: Outcome, player: str, conn: str, now_ms: int) -> None:
    """The connection ``conn`` dropped; only if it still holds the seat."""
    if rec.spectators.get(player) == conn:
        del rec.spectators[player]
        return
    seat = rec.seat_of(player)
    if seat is None or rec.seats[seat].conn != conn:
        return
    if rec.status == "lobby":
        _free_seat(rec, out, seat)
        return
    rec.seats[seat].conn = ""
    rec.seats[seat].since_ms = now_ms
    _event(rec, out, m.PlayerDisconnected, seat=seat)


def node_lost(rec: RoomRecord, out: Outcome, node: str, now_ms: int) -> None:
    """Every connection of a dead server node counts as dropped."""
    prefix = node + ":"
    for player, conn in list(rec.spectators.items()):
        if conn.startswith(prefix):
            del rec.spectators[player]
    for seat in list(rec.seats):
        if seat.conn.startswith(prefix):
            disconnect(rec, out, seat.player, seat.conn, now_ms)


def rebind(rec: RoomRecord, out: Outcome, members: list[tuple[str, str]]) -> None:
    """Live connections take back places a reaper freed (their node had only paused).

    A seat now held by another connection is left alone: that one is newer.
    """
    for player, conn in members:
        seat = rec.seat_of(player)
        if seat is None:
            if rec.spectating and player not in rec.spectators:
                rec.spectators[player] = conn
        elif not rec.seats[seat].conn and not rec.seats[seat].left:
            bind(rec, out, player, conn)


def _free_seat(rec: RoomRecord, out: Outcome, seat: int) -> None:
    rec.seats[seat] = SeatRecord()
    if seat == rec.host:
        taken = [i for i, s in enumerate(rec.seats) if s.player]
        rec.host = taken[0] if taken else 0
    _event(rec, out, m.PlayerLeft, seat=seat, host=rec.host)


def leave(rec: RoomRecord, out: Outcome, player: str, now_ms: int) -> None:
    if rec.spectators.pop(player, None) is not None:
        return
    seat = rec.seat_of(player)
    if seat is None:
        raise Refused(ErrorCode.NOT_IN_ROOM, "you are not in this room")
    if rec.status == "playing":
        s = rec.seats[seat]
        s.left = True
        s.conn = ""
        s.since_ms = now_ms
        _event(rec, out, m.PlayerLeft, seat=seat, host=rec.host)
        return
    _free_seat(rec, out, seat)


def set_ready(
    rec: RoomRecord, out: Outcome, player: str, ready: bool, seed: int | None = None
) -> None:
    """Mark a seat (not) ready; the game starts when every seat is taken and ready.

    ``ready`` true during a game changes nothing and is not refused: in a room
    without ready checks a seat is ready from the moment it is taken, so a
    client that says so anyway (or late) is simply right.
    """
    seat = _seat(rec, player)
    if rec.status == "playing":
        if ready:
            return
        raise Refused(ErrorCode.ALREADY_STARTED, "the game has already started")
    rec.seats[seat].ready = ready
    _event(rec, out, m.PlayerReady, seat=seat, ready=ready)
    if all(s.player and (s.ready or s.bot) for s in rec.seats):
        _start_game(rec, out, seed)


def start(rec: RoomRecord, out: Outcome, player: str, seed: int | None = None) -> None:
    """The host starts now: computer players take the empty seats, then the game begins.

    Refused, changing nothing, while a player who was asked to be ready is not
    (ready checks), and during a game. (A room whose seats are all taken and
    ready has started by itself: ``start`` then gets ``already_started``.)
    """
    seat = _seat(rec, player)
    if seat != rec.host:
        raise Refused(ErrorCode.NOT_HOST, "only the host can start the game")
    if rec.status == "playing":
        raise Refused(ErrorCode.ALREADY_STARTED, "the game has already started")
    if not all(s.ready for s in rec.seats if s.player and not s.bot):
        raise Refused(ErrorCode.NOT_READY, "every player must be ready before the game starts")
    for i, s in enumerate(rec.seats):
        if not s.player:
            _seat_bot(rec, out, i)
    _start_game(rec, out, seed)


def rematch(rec: RoomRecord, out: Outcome, player: str, seed: int | None = None) -> None:
    if rec.status != "over":
        raise Refused(
            ErrorCode.NOT_STARTED if rec.status == "lobby" else ErrorCode.ALREADY_STARTED,
            "a rematch can be asked for after a game is over",
        )
    set_ready(rec, out, player, True, seed)


def _start_game(rec: RoomRecord, out: Outcome, seed: int | None) -> None:
    """Deal from the OS's secure random source and publish only the commitment.

    ``seed`` (tests and benchmarks only) replaces the secure deal with the engine's seeded one.
    """
    rules = make_rules(rec.preset, {**rec.options, "players": len(rec.seats)})
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
    _event(
        rec,
        out,
        m.GameStarted,
        game=rec.game,
        players=state.players,
        counts=counts,
        step=0,
        commitment=rec.commitment,
    )
    _clock(rec, out)


def _seat(rec: RoomRecord, player: str) -> int:
    seat = rec.seat_of(player)
    if seat is None:
        if player in rec.spectators:
            raise Refused(ErrorCode.NOT_A_PLAYER, "spectators cannot do that")
        raise Refused(ErrorCode.NOT_IN_ROOM, "you are not in this room")
    return seat


# ------------------------------------------------------------------------- play

_VIOLATIONS = {
    "game_over": ErrorCode.GAME_OVER,
    "bad_seat": ErrorCode.NOT_A_PLAYER,
    "seat_out": ErrorCode.SEAT_OUT,
    "not_awaiting": ErrorCode.NOT_AWAITING,
    "already_acted": ErrorCode.ALREADY_ACTED,
    "wrong_action": ErrorCode.WRONG_ACTION,
    "card_not_in_hand": ErrorCode.CARD_NOT_IN_HAND,
}


def play(rec: RoomRecord, out: Outcome, player: str, step: int, card: int | None) -> None:
    """A seat's flip (``card`` None) or Arneson choice for engine step ``step``."""
    seat = _seat(rec, player)
    state = rec.state
    if rec.status == "lobby" or state is None:
        raise Refused(ErrorCode.NOT_STARTED, "the game has not started")
    if rec.status == "over":
        raise Refused(ErrorCode.GAME_OVER, "the game is over")
    if step != state.steps:
        raise Refused(ErrorCode.STALE_STEP, f"the table is at step {state.steps}, not {step}")
    action: Action = Flip() if card is None else Choose(card)
    _submit(rec, out, seat, action)
    out.reply_step = step


def _submit(rec: RoomRecord, out: Outcome, seat: int, action: Action) -> None:
    state = rec.state
    assert state is not None
    step = state.steps
    try:
        produced = submit(state, seat, action)
    except RuleViolation as exc:
        raise Refused(_VIOLATIONS.get(exc.code, ErrorCode.WRONG_ACTION), exc.message) from None
    rec.inputs += bytes((seat, action.card if isinstance(action, Choose) else 0))
    _play_events(rec, out, produced, step)


TIME_UP_INPUT = b"\xff\x00"
ABANDONED_INPUT = b"\xfe\x00"


def _play_events(rec: RoomRecord, out: Outcome, produced: list[EngineEvent], step: int) -> None:
    """Emit what the engine said; on game over also reveal the deal; restart the clock."""
    state = rec.state
    assert state is not None
    for event in wire_events(produced, step):
        _emit(rec, out, event)
        if isinstance(event, m.GameOver):
            rec.status = "over"
            out.finished = True
            proof = rec.proof
            assert proof is not None
            _emit(rec, out, deal_revealed(rec.game, rec.commitment, proof))
    if state.steps != step and state.phase != "over":
        rec.step_started_ms = rec.updated_ms
        _clock(rec, out)


def deal_revealed(game: int, commitment_: str, proof: DealProof) -> m.DealRevealed:
    """The event after game over that opens the commitment (also rebuilt in records)."""
    return m.DealRevealed(
        seq=0,
        game=game,
        commitment=commitment_,
        piles=proof.piles,
        set_aside=proof.set_aside,
        seed=proof.seed,
        nonce=proof.nonce,
    )


def _clock(rec: RoomRecord, out: Outcome) -> None:
    if rec.turn_ms or rec.game_ends_ms:
        state = rec.state
        assert state is not None
        deadline = rec.step_started_ms + rec.turn_ms if rec.turn_ms else 0
        _event(
            rec, out, m.Clock, step=state.steps, deadline_ms=deadline, game_ends_ms=rec.game_ends_ms
        )


def wire_events(produced: list[EngineEvent], step: int) -> list[m.RoomEvent]:
    """The engine's events of one input as protocol room events (``seq`` still 0).

    Shared by the server and the verifier, so a replay is compared like for like.
    """
    out: list[m.RoomEvent] = []
    for e in produced:
        if isinstance(e, SeatActed):
            out.append(m.Acted(seq=0, seat=e.seat, step=step))
        elif isinstance(e, FlipsRevealed):
            out.append(m.Revealed(seq=0, step=step, trick=e.trick, war=e.war, up=e.up, down=e.down))
        elif isinstance(e, WarStarted):
            out.append(
                m.War(seq=0, trick=e.trick, war=e.war, seats=e.seats, down=e.down, stuck=e.stuck)
            )
        elif isinstance(e, TrickWon):
            out.append(
                m.TrickWon(
                    seq=0,
                    trick=e.trick,
                    winner=e.winner,
                    total=e.total,
                    face_up=e.face_up,
                    wars=e.wars,
                    returned_to=e.returned_to,
                    returned=e.returned,
                    stolen_from=e.stolen_from,
                )
            )
        elif isinstance(e, WinningsShuffled):
            out.append(m.Shuffled(seq=0, seat=e.seat, count=e.count))
        elif isinstance(e, PlayerOut):
            out.append(m.PlayerOut(seq=0, seat=e.seat, reason=e.reason, to_pot=e.to_pot))
        elif isinstance(e, GameOver):
            out.append(
                m.GameOver(
                    seq=0,
                    result=e.result,  # type: ignore[arg-type]
                    winners=e.winners,
                    reason=e.reason,
                    counts=e.counts,
                    set_aside=e.set_aside,
                )
            )
    return out


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
                _seat_bot(rec, out, seat)
        if all(s.player and (s.ready or s.bot) for s in rec.seats):
            _start_game(rec, out, None)
        return
    state = rec.state
    if rec.status != "playing" or state is None:
        return
    if rec.game_ends_ms and now_ms >= rec.game_ends_ms and not state.time_up:
        step = state.steps
        rec.inputs += TIME_UP_INPUT
        _play_events(rec, out, time_up(state), step)
        if state.phase == "over":
            return
    humans = [s for s in rec.seats if not s.bot]
    if humans and all(s.left for s in humans) and not state.time_up:
        # Everyone left: end at the end of this trick, most cards wins.
        step = state.steps
        rec.inputs += ABANDONED_INPUT
        _play_events(rec, out, time_up(state, "abandoned"), step)
        if state.phase == "over":
            return
    for s in list(state.awaiting):
        if state.phase == "over" or s not in state.awaiting or state.pending[s] != -1:
            continue
        due = seat_due_ms(rec, s, grace_ms)
        if due is not None and now_ms >= due:
            _submit(rec, out, s, auto_action(state, s))


# ------------------------------------------------------------------- host


def _host(rec: RoomRecord, player: str) -> None:
    if _seat(rec, player) != rec.host:
        raise Refused(ErrorCode.NOT_HOST, "only the host can do that")
    if rec.status == "playing":
        raise Refused(ErrorCode.ALREADY_STARTED, "not while a game is being played")


def configure(rec: RoomRecord, out: Outcome, player: str, msg: m.Configure) -> None:
    _host(rec, player)
    if msg.preset is not None or msg.options is not None:
        preset = msg.preset if msg.preset is not None else rec.preset
        options = dict(msg.options) if msg.options is not None else rec.options
        if "players" in options and options["players"] != len(rec.seats):
            raise Refused(ErrorCode.BAD_RULES, "players is set by the number of seats")
        try:
            make_rules(preset, {**options, "players": len(rec.seats)})
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
    _event(rec, out, m.RoomChanged, room=room_info(rec))
    if rec.status == "lobby" and all(s.player and s.ready for s in rec.seats):
        _start_game(rec, out, None)


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
    _event(rec, out, m.ChatSaid, seat=seat, name=said_by, text=clean)


def _seat_bot(rec: RoomRecord, out: Outcome, seat: int) -> None:
    rec.seats[seat] = SeatRecord(
        player=f"cpu:{rec.code}:{seat}", name=f"CPU {seat + 1}", ready=True, bot=True
    )
    _event(rec, out, m.PlayerJoined, seat=seat, name=rec.seats[seat].name, bot=True)


def add_bot(rec: RoomRecord, out: Outcome, player: str, seat: int | None) -> None:
    _host(rec, player)
    free = [i for i, s in enumerate(rec.seats) if not s.player]
    if not free:
        raise Refused(ErrorCode.ROOM_FULL, "every seat is taken")
    if seat is not None and seat not in free:
        raise Refused(ErrorCode.SEAT_TAKEN, f"seat {seat} is taken or does not exist")
    _seat_bot(rec, out, free[0] if seat is None else seat)
    if all(s.player and s.ready for s in rec.seats):
        _start_game(rec, out, None)


def remove_seat(rec: RoomRecord, out: Outcome, player: str, seat: int) -> None:
    _host(rec, player)
    if seat >= len(rec.seats) or not rec.seats[seat].player:
        raise Refused(ErrorCode.SEAT_TAKEN, f"seat {seat} is empty")
    if seat == rec.host:
        raise Refused(ErrorCode.NOT_HOST, "the host cannot remove their own seat; leave instead")
    gone = rec.seats[seat]
    _free_seat(rec, out, seat)
    if gone.conn and not gone.bot:
        if rec.spectating:
            # Off the seat, onto the rail: it keeps watching, as any spectator.
            rec.spectators[gone.player] = gone.conn
        else:
            out.removed.append(gone.conn)
            rec.removed = [*rec.removed, gone.conn][-REMOVED_KEPT:]


# -------------------------------------------------------------------- snapshots


def room_info(rec: RoomRecord) -> m.RoomInfo:
    return m.RoomInfo(
        code=rec.code,
        state=rec.status,  # type: ignore[arg-type]
        host=rec.host,
        seats=[
            m.SeatInfo(
                name=s.name or None,
                ready=s.ready,
                connected=bool(s.conn) or s.bot,
                bot=s.bot,
            )
            for s in rec.seats
        ],
        preset=rec.preset,
        rules=rules_of(rec),
        public=rec.public,
        spectators=len(rec.spectators),
        spectating=rec.spectating,
        locked=rec.locked,
        game=rec.game,
        turn_s=rec.turn_ms // 1000,
        game_ends_ms=rec.game_ends_ms,
        chat=rec.chat,
        ready_checks=rec.ready_checks,
    )


def table_view(rec: RoomRecord, seat: int | None) -> m.TableView | None:
    if rec.state is None:
        return None
    v = view(rec.state, seat)
    return m.TableView(**{name: getattr(v, name) for name in m.TableView.__struct_fields__})


def snapshot(rec: RoomRecord, seat: int | None) -> m.Snapshot:
    return m.Snapshot(seq=rec.seq, room=room_info(rec), view=table_view(rec, seat))


def summary(rec: RoomRecord) -> m.RoomSummary:
    return m.RoomSummary(
        code=rec.code,
        preset=rec.preset,
        players=len(rec.seats),
        taken=sum(1 for s in rec.seats if s.player),
        state=rec.status,
        spectators=len(rec.spectators),
        rules=rules_of(rec),
    )
