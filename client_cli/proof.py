"""Check a game record's fair-deal proof on the client, with the protocol alone.

Checks that the revealed deal hashes to the commitment announced at the
start of the game, that it is exactly the rules' deck, that the first
reveal shows the tops of the committed piles, and that the record's play
events hash to the digest of the events the server sent.  (A full replay of every
trick needs the rules engine: ``krig-server verify`` does that.)
"""

from __future__ import annotations

from protocol import messages as m
from protocol.cards import build_deck
from protocol.codec import decode_server
from protocol.records import PLAY_EVENT_TAGS, GameRecord, commitment, events_digest


def check_proof(record: GameRecord) -> list[str]:
    problems: list[str] = []
    proof = record.proof
    if commitment(proof) != record.commitment:
        problems.append("the revealed deal does not match the commitment")
    events = [decode_server(f) for f in record.events]
    started = next((e for e in events if isinstance(e, m.GameStarted)), None)
    if started is None or started.commitment != record.commitment:
        problems.append("the game did not start with this commitment")
    rules = record.rules
    deck = build_deck(int(rules.get("min_rank", 2)), int(rules.get("jokers", 0)))
    dealt = [c for pile in proof.piles for c in pile] + proof.set_aside
    if sorted(dealt) != sorted(deck):
        problems.append("the revealed deal is not exactly the rules' deck")
    first = next((e for e in events if isinstance(e, m.Revealed)), None)
    if first is not None and not rules.get("hand_size"):
        tops = [pile[0] if pile else None for pile in proof.piles]
        if first.up != tops:
            problems.append("the first cards shown are not the tops of the committed piles")
    if record.events_digest:
        play = [f for f, e in zip(record.events, events, strict=True) if _is_play(e)]
        if events_digest(record.commitment, play) != record.events_digest:
            problems.append("the record's events are not the events sent during the game")
    return problems


def _is_play(event: object) -> bool:
    config = getattr(type(event), "__struct_config__", None)
    return config is not None and config.tag in PLAY_EVENT_TAGS
