"""Provably fair deals: shuffled from the OS's secure random source, committed to
before play, revealed after it.

At the deal the server draws the whole deck order with ``secrets`` (every one
of the 52! orders is possible), a 64-bit engine seed for any later shuffle,
and a 32-byte secret nonce.  It publishes only ``commitment(proof)``; at game
over it publishes the proof itself.  Anyone can then recompute the hash (the
deal was fixed before the first flip) and replay the game from the proof and
the recorded inputs (:mod:`server.verify`).
"""

from __future__ import annotations

import secrets

from protocol.records import DealProof, commitment
from server.engine import Rules

__all__ = ["DealProof", "commitment", "secure_proof"]


def secure_proof(rules: Rules) -> DealProof:
    deck = rules.deck()
    secrets.SystemRandom().shuffle(deck)
    n = rules.players
    spare = len(deck) % n
    dealt = deck[: len(deck) - spare]
    return DealProof(
        piles=[dealt[s::n] for s in range(n)],
        set_aside=deck[len(deck) - spare :],
        seed=secrets.randbits(64),
        nonce=secrets.token_hex(32),
    )
