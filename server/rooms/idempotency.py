"""Actions applied once: a retried action id gets the first answer again."""

from __future__ import annotations

from server.rooms.state import Recent, RoomRecord
from server.rooms.transition import Outcome, TransitionFn

RECENT_ACTIONS = 16


def remembered(rec: RoomRecord, player: str, action_id: int) -> Recent | None:
    for item in rec.recent.get(player, ()):
        if item.id == action_id:
            return item
    return None


def remember(rec: RoomRecord, player: str, action_id: int, step: int, code: str) -> None:
    items = rec.recent.setdefault(player, [])
    items.append(Recent(action_id, step, code))
    del items[:-RECENT_ACTIONS]


def once(
    rec: RoomRecord, out: Outcome, player: str, action_id: int, transition: TransitionFn
) -> int:
    """Apply ``transition`` as ``player``'s action ``action_id``, unless that id was
    applied already; the step to answer with (a retry gets the first answer)."""
    seen = remembered(rec, player, action_id)
    if seen is not None:
        return seen.step
    transition(rec, out)
    remember(rec, player, action_id, out.reply_step, "")
    return out.reply_step
