"""Game records and deal proofs: part of the contract, so any client can check them.

The commitment published in ``game_started`` is :func:`commitment` of the
:class:`DealProof` revealed after ``game_over`` (PROTOCOL.md section 5a).
The events a game sent are bound by :func:`events_digest`, a hash chain the
server extends as it sends them, so a record needs no copy of them to prove
them (PROTOCOL.md section 5b).
"""

from __future__ import annotations

import hashlib

import msgspec

DOMAIN = b"krig-deal-v1\n"
EVENTS_DOMAIN = b"krig-events-v1\n"
PLAY_EVENT_TAGS = frozenset(
    {"acted", "revealed", "war", "trick_won", "shuffled", "player_out", "game_over"}
)
"""The room events the rules engine decides: the ones :func:`events_digest` covers."""


class DealProof(msgspec.Struct):
    """Everything that decided the cards: the deal, the engine seed, the secret."""

    piles: list[list[int]]
    set_aside: list[int]
    seed: int
    nonce: str


def commitment(proof: DealProof) -> str:
    """``sha256:`` + hex of SHA-256 over ``krig-deal-v1\\n`` and the proof's msgpack map.

    The map has the keys piles, set_aside, seed, nonce in that order.
    """
    return "sha256:" + hashlib.sha256(DOMAIN + msgspec.msgpack.encode(proof)).hexdigest()


def events_chain_start(commitment_: str) -> bytes:
    """The chain's first link: SHA-256 of ``krig-events-v1\\n`` and the deal's commitment."""
    return hashlib.sha256(EVENTS_DOMAIN + commitment_.encode()).digest()


def events_chain_step(link: bytes, frame: bytes) -> bytes:
    """The next link: SHA-256 of the last link and one play event's frame, encoded with seq 0."""
    return hashlib.sha256(link + frame).digest()


def events_digest(commitment_: str, frames: list[bytes]) -> str:
    """``sha256:`` + hex of the chain over ``frames`` (play events only, seq 0, in order)."""
    link = events_chain_start(commitment_)
    for frame in frames:
        link = events_chain_step(link, frame)
    return "sha256:" + link.hex()


class GameRecord(msgspec.Struct):
    """A finished game: enough to check its deal and replay it."""

    code: str
    game: int
    preset: str
    rules: dict[str, bool | int | str]
    names: list[str]
    started_ms: int
    ended_ms: int
    commitment: str
    proof: DealProof
    inputs: bytes
    """(seat, card or 0 for a flip) byte pairs; seat 255 = time is up, 254 = all left."""
    result: str
    winners: list[int]
    reason: str
    events: list[bytes] = msgspec.field(default_factory=list)
    """The game's events rebuilt from the deal and the inputs, seq 0: game_started,
    the play events, deal_revealed.  Filled in when a record is handed out."""
    version: int = 2
    events_digest: str = ""
    """:func:`events_digest` of the play events as they were sent during the game."""
