"""A node's room for the service and store tests: a started 2-seat game, and flips for it."""

from __future__ import annotations

import asyncio
import itertools
import time

from server import rooms
from server.rooms import Outcome
from server.rooms.state import PlayInput
from server.service.node import Node


async def started_room(node: Node, code: str) -> int:
    """A 2-seat classic room on ``node`` with players pa and pb, game started; its step."""
    now = int(time.time() * 1000)
    await node.store.run([("DEL", f"krig:{{{code}}}:room")])
    rec = rooms.new_room(
        code, "pa", "A", "classic", {}, 2, False, "t:a", now, Outcome(), ready_checks=True
    )
    await node.service.apply(code, lambda r, o: None, create=rec)
    await node.service.apply(code, lambda r, o: rooms.join(r, o, "pb", "B", "t:b", None))
    await node.service.apply(code, lambda r, o: rooms.set_ready(r, o, "pa", True))
    rec, _, _ = await node.service.apply(code, lambda r, o: rooms.set_ready(r, o, "pb", True))
    assert rec.state is not None and rec.status == "playing"
    return rec.state.steps


_action_ids = itertools.count(1000)


def flip(player: str, step: int) -> PlayInput:
    return PlayInput(player, next(_action_ids), step, None)


async def play_steps(node: Node, code: str, n: int, at: int | None = None) -> None:
    """``n`` steps of the room ``started_room`` made: both seats flip together (the
    first at step ``at`` if given, else the step of the record the node holds)."""
    for _ in range(n):
        if at is None:
            state = node.service.decoded[code].state
            assert state is not None
            step = state.steps
        else:
            step, at = at, None
        await asyncio.gather(
            node.batcher.play_together(code, flip("pa", step), 0, lambda _: None),
            node.batcher.play_together(code, flip("pb", step), 0, lambda _: None),
        )
