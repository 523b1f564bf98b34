"""Room codes: short, easy to read aloud, hard to guess.

Six characters from a 30-symbol alphabet without look-alikes (no 0/O,
1/I/L, U/V), shown as ``ABC-DEF``: 7.3e8 codes, so finding one of a thousand
live rooms by guessing takes ~10^5 tries, and guesses are rate-limited.
Input is forgiving: case, spaces and dashes are ignored.
"""

from __future__ import annotations

import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 6


def new_code() -> str:
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{raw[:3]}-{raw[3:]}"


def normalize(text: str) -> str | None:
    """The canonical ``ABC-DEF`` form of what a person typed, or None if it cannot be a code."""
    raw = "".join(ch for ch in text.upper() if ch not in " -_")
    if len(raw) != LENGTH or any(ch not in ALPHABET for ch in raw):
        return None
    return f"{raw[:3]}-{raw[3:]}"
