"""What Redis replies are, as Python values (the pipe hands hiredis' replies on as
they come: bytes, or str from a RESP3 server or a simulated one)."""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from typing import Any

from server.store.connection import Command

Calls = Callable[[list[Command]], Awaitable[list[Any]]]
"""Commands at once on the store's pipe, their replies in order (``Store.run``, ``Store.quick``)."""


def as_bytes(value: object) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode()
    raise TypeError(f"unexpected Redis reply {type(value).__name__}")


def as_text(value: object) -> str:
    if value is None:
        return ""
    return as_bytes(value).decode()


def script_sha(body: str) -> str:
    """The SHA1 Redis names a script by (``EVALSHA``)."""
    return hashlib.sha1(body.encode()).hexdigest()
