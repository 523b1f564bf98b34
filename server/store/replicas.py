"""How many replicas a Redis primary says are online (``INFO replication``, ``ROLE``)."""

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


def role_replicas(role: Any) -> int | None:
    """The replicas a primary's ``ROLE`` names (``[b"master", offset, [[ip, port,
    offset], ...]]``: those online), or None for another answer (a replica's)."""
    if isinstance(role, list) and len(role) == 3 and role[0] == b"master":
        replicas = role[2]
        return len(replicas) if isinstance(replicas, list) else None
    return None
