"""How many replicas a Redis primary says are online (``INFO replication``)."""

from __future__ import annotations

from typing import Any


def online_replicas(info: Any) -> int:
    """The ``slaveN:...state=online...`` lines of an ``INFO replication`` answer."""
    text = info.decode() if isinstance(info, bytes) else str(info)
    return sum(
        1
        for line in text.splitlines()
        if line.startswith("slave") and ":" in line and "state=online" in line
    )
