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


def role_behind(before: Any, after: Any) -> int:
    """How many replicas the ``ROLE`` after a ``WAIT`` names whose acknowledged offset
    is short of the primary's offset in the ``ROLE`` before it (the writes the WAIT
    was for): 0 when either answer is not a primary's."""
    if not (isinstance(before, list) and len(before) == 3 and before[0] == b"master"):
        return 0
    if role_replicas(after) is None:
        return 0
    offset = int(before[1])
    return sum(1 for replica in after[2] if int(replica[2]) < offset)
