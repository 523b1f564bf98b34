"""A tiny seeded generator whose whole state is one 64-bit integer.

The game state must round-trip through msgpack unchanged, so the engine
cannot keep a ``random.Random`` (625 words of state).  splitmix64 is simple,
portable (any language can reproduce a deal from the published seed) and
good enough for shuffling cards.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_TWO64 = 1 << 64


def next64(state: int) -> tuple[int, int]:
    """Advance the generator: returns ``(new_state, value)``."""
    state = (state + _GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``[0, n)`` by rejection (no modulo bias)."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, z = next64(state)
        if z < limit:
            return state, z % n


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new state.

    Exactly ``j = below(state, i + 1)`` for i from the last index down to 1, with
    :func:`next64` and :func:`below` written out in the loop (a deal is 51 draws).
    """
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = _TWO64 - _TWO64 % n
        while True:
            state = (state + _GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        items[i], items[j] = items[j], items[i]
    return state
