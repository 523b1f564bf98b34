"""Game records and deal proofs: part of the contract, so any client can check them.

The commitment published in ``game_started`` is :func:`commitment` of the
:class:`DealProof` revealed after ``game_over`` (PROTOCOL.md section 5a).
"""

from __future__ import annotations

import hashlib

import msgspec

DOMAIN = b"krig-deal-v1\n"


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
    """Every room event frame sent during the game, in order."""
    version: int = 1
