"""A room whose store went back in time, and how play goes on from what it holds.

A Redis restarted from an older dump, or a failover to a replica that lags,
holds a room as it was some steps ago, while its members (and the nodes
serving them) have seen it further along. Play goes on from what the store
holds: the room's sequence numbers jump past everything anyone has seen, so
no number is used twice with two meanings, and every member gets a snapshot
of the room as it is now (which replaces everything a client knew).
"""

from __future__ import annotations

from protocol import messages as m
from server.rooms.state import RoomRecord
from server.rooms.transition import Outcome, add_event
from server.rooms.views import room_info

REWIND_MARGIN = 1000
"""How far past what the rewinding node saw a rewind's numbers jump. Another node
may have shown its members events this node never saw (lost with the store's
past); a jump past those too makes them a gap there, filled with a snapshot,
never an event that seems to follow the one they were shown."""


def rewound(rec: RoomRecord, out: Outcome, seen_seq: int, diverged: bool = False) -> None:
    """Someone has seen this room up to event ``seen_seq``; the store holds less.

    Changes nothing when the store is as far along as that (a late report),
    unless ``diverged``: the store numbered events up to ``seen_seq`` (or past
    it) as other events than the ones shown, so its numbers are as far along
    but not what was shown.
    """
    if seen_seq <= rec.seq and not diverged:
        return
    rec.seq = max(rec.seq, seen_seq) + REWIND_MARGIN
    add_event(rec, out, m.RoomChanged, room=room_info(rec))
    out.resnapshot = True
