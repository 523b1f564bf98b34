"""Check a game record: the deal matches its commitment, and the game followed the rules.

Replays the rules engine from the revealed deal and the recorded inputs,
and compares every play event with the events the server sent during the
game.  Used by ``krig-server verify`` and by anyone who wants to audit a game.
"""

from __future__ import annotations

from typing import Any

import msgspec

from protocol import messages as m
from protocol.codec import decode_server
from protocol.record_json import load, to_json
from protocol.records import GameRecord, commitment
from server.engine import Choose, Flip, RuleViolation, census, from_deal, submit, time_up
from server.engine.rules import Rules, RulesError
from server.rooms import wire_events

TIME_UP_SEAT = 255
ABANDONED_SEAT = 254
PLAY_EVENTS = (m.Acted, m.Revealed, m.War, m.TrickWon, m.Shuffled, m.PlayerOut, m.GameOver)


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
    try:
        state = from_deal(rules, proof.piles, proof.seed, proof.set_aside)
    except RulesError as exc:
        return [*problems, f"the deal cannot be played: {exc}"]
    replayed: list[Any] = []
    inputs = record.inputs
    if len(inputs) % 2:
        return [*problems, "the inputs are cut short"]
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
            problems.append(f"input {i // 2} (seat {seat}) breaks the rules: {exc.message}")
            return problems
        replayed.extend(_plain(e) for e in wire_events(produced, step))
    if census(state) != sorted(rules.deck()):
        problems.append("cards were not conserved in the replay")
    sent = [
        _plain(e) for e in (decode_server(f) for f in record.events) if isinstance(e, PLAY_EVENTS)
    ]
    if sent != replayed:
        first = next(
            (k for k, (a, b) in enumerate(zip(sent, replayed, strict=False)) if a != b), None
        )
        where = (
            f"event {first}" if first is not None else f"{len(sent)} sent, {len(replayed)} replayed"
        )
        problems.append(f"the events sent differ from a replay of the inputs ({where})")
    if (state.result, state.winners, state.reason) != (
        record.result,
        record.winners,
        record.reason,
    ):
        problems.append("the recorded result is not the replay's result")
    return problems


__all__ = ["load", "to_json", "verify"]
