"""Check a game record: the deal matches its commitment, and the game followed the rules.

Replays the rules engine from the revealed deal and the recorded inputs
(:mod:`server.rooms.replay`) and checks the replay's play events against the
digest of the events the server sent during the game, and against the
events the record carries, if any.  Used by ``krig-server verify`` and by
anyone who wants to audit a game.
"""

from __future__ import annotations

from typing import Any

import msgspec

from protocol.codec import decode_server, encode
from protocol.record_json import load, to_json
from protocol.records import GameRecord, commitment, events_digest
from server.engine import census
from server.engine.rules import Rules, RulesError
from server.rooms import PLAY_EVENTS
from server.rooms.replay import replay


def _plain(event: msgspec.Struct) -> Any:
    value = msgspec.to_builtins(event)
    value.pop("seq", None)
    return value


def verify(record: GameRecord) -> list[str]:
    """Problems found; an empty list means the record is honest."""
    problems: list[str] = []
    proof = record.proof
    if commitment(proof) != record.commitment:
        problems.append("the revealed deal does not match the commitment published at the deal")
    try:
        rules = msgspec.convert(record.rules, Rules)
    except (RulesError, msgspec.ValidationError) as exc:
        return [*problems, f"the record's rules are invalid: {exc}"]
    dealt = [c for pile in proof.piles for c in pile] + proof.set_aside
    if sorted(dealt) != sorted(rules.deck()):
        problems.append("the deal is not exactly the rules' deck")
    done = replay(record)
    if done.problem or done.state is None:
        return [*problems, done.problem]
    state = done.state
    if census(state) != sorted(rules.deck()):
        problems.append("cards were not conserved in the replay")
    if record.events_digest:
        if events_digest(record.commitment, [encode(e) for e in done.events]) != (
            record.events_digest
        ):
            problems.append("the events sent differ from a replay of the inputs (digest)")
    elif not record.events:
        problems.append("the record has neither the events sent nor their digest")
    replayed = [_plain(e) for e in done.events]
    if record.events:
        carried = [
            _plain(e)
            for e in (decode_server(f) for f in record.events)
            if isinstance(e, PLAY_EVENTS)
        ]
        if carried != replayed:
            first = next(
                (k for k, (a, b) in enumerate(zip(carried, replayed, strict=False)) if a != b),
                None,
            )
            where = (
                f"event {first}"
                if first is not None
                else f"{len(carried)} in the record, {len(replayed)} replayed"
            )
            problems.append(f"the record's events differ from a replay of the inputs ({where})")
    if (state.result, state.winners, state.reason) != (
        record.result,
        record.winners,
        record.reason,
    ):
        problems.append("the recorded result is not the replay's result")
    return problems


__all__ = ["load", "to_json", "verify"]
