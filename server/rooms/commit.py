"""What a commit needs from a transition, settled once the transition is done.

The room service commits a transition's result without looking into the
record again: :func:`settle` reads the record once and fills in the
outcome's ``commit`` with the deadline, the lobby row, the finished game's
record and which private messages the events call for.
"""

from __future__ import annotations

from protocol import messages as m
from protocol.records import GameRecord
from server.rooms.state import RoomRecord
from server.rooms.timers import next_due_ms
from server.rooms.transition import Commit, Outcome, Private
from server.rooms.views import summary


def settle(rec: RoomRecord, out: Outcome, grace_ms: int, step: bool) -> Commit:
    """Fill ``out.commit`` for committing ``rec`` (``step``: as a tail entry of plays)."""
    hand_game = rec.state is not None and rec.state.rules.hand_size > 0
    private = Private.SNAPSHOTS if out.started or out.resnapshot else Private.NONE
    for e in out.events:  # (one pass: this runs on every commit)
        if isinstance(e, m.Revealed):
            private |= Private.REVEALED
            if hand_game:
                private |= Private.HANDS
        elif isinstance(e, m.GameStarted):
            if hand_game:
                private |= Private.HANDS
        elif isinstance(e, m.PlayerReconnected):
            private |= Private.REBOUND
    commit = Commit(
        due_ms=next_due_ms(rec, grace_ms),
        finished=rec.status == "over",
        private=private,
        record=game_record(rec) if out.finished else None,
    )
    if rec.public and not step:  # (a step changes nothing the lobby shows)
        row = summary(rec)
        commit.lobby = row
        commit.listed = rec.status != "over" and any(s.player for s in rec.seats)
    out.commit = commit
    return commit


def game_record(rec: RoomRecord) -> GameRecord:
    """The record of the game that just ended in ``rec``."""
    state, proof = rec.state, rec.proof
    assert state is not None and proof is not None
    return GameRecord(
        code=rec.code,
        game=rec.game,
        preset=rec.preset,
        rules=state.rules.to_dict(),
        names=[s.name for s in rec.seats],
        started_ms=rec.game_started_ms,
        ended_ms=rec.updated_ms,
        commitment=rec.commitment,
        proof=proof,
        inputs=rec.inputs,
        result=state.result,
        winners=list(state.winners),
        reason=state.reason,
        events_digest="sha256:" + rec.events_link.hex(),
    )
