"""What the room service and the background jobs log, caught in-process (structlog's
``capture_logs``), on a real Redis."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator

import pytest
from structlog.testing import capture_logs

from server import rooms
from server.config import Settings
from server.rooms.state import PlayInput, RoomRecord
from server.service.jobs import Jobs
from server.service.node import Node
from server.service.service import RoomService
from server.store.embedded import RedisProcess
from server.store.pipe import RedisPipe
from server.store.store import Store
from server.store.update import RoomUpdate


def _play(rec: RoomRecord, out: rooms.Outcome, play: PlayInput) -> int:
    return rooms.play_input(rec, out, play)


class Delivered:
    """A Delivery that keeps what it was handed (this node has no members here)."""

    def __init__(self) -> None:
        self.updates: list[RoomUpdate] = []

    def deliver(self, update: RoomUpdate, rec: RoomRecord | None) -> None:
        self.updates.append(update)

    def catch_up_soon(self, code: str) -> None:
        pass

    def shown(self, code: str) -> int:
        return 0


@pytest.fixture()
async def store(redis_proc: RedisProcess) -> AsyncIterator[Store]:
    pipe = RedisPipe(redis_proc.url, "logs-test")
    yield Store(pipe, log_keep=16, room_ttl_s=60, record_ttl_s=60, session_ttl_s=60)
    await pipe.close()


async def test_a_game_is_logged_once_by_the_node_that_ends_it(store: Store) -> None:
    delivered = Delivered()
    service = RoomService(store, delivered, grace_ms=1000)
    out = rooms.Outcome()
    rec = rooms.new_room(
        "LOG-GED", "pa", "ada", "classic", {"max_tricks": 5}, 2, False, "n:1", 0, out, True
    )
    await store.run([("DEL", "krig:{LOG-GED}:room")])
    await service.apply("LOG-GED", lambda r, o: None, create=rec)
    await service.apply("LOG-GED", lambda r, o: rooms.join(r, o, "pb", "bo", "n:2", None))
    await service.apply("LOG-GED", lambda r, o: rooms.set_ready(r, o, "pa", True))
    await service.apply("LOG-GED", lambda r, o: rooms.set_ready(r, o, "pb", True, seed=3))
    with capture_logs() as logs:
        action = 0
        while True:
            rec, _, _ = await service.apply("LOG-GED", lambda r, o: None)
            if rec.status == "over":
                break
            assert rec.state is not None
            step = rec.state.steps
            for seat in list(rec.state.awaiting):
                action += 1
                play = PlayInput(rec.seats[seat].player, action, step, None)
                await service.apply("LOG-GED", functools.partial(_play, play=play))
    over = [e for e in logs if e["event"] == "game_over"]
    assert len(over) == 1, logs
    assert over[0]["room"] == "LOG-GED" and over[0]["reason"] == "round_cap"
    assert over[0]["tricks"] == 5 and over[0]["log_level"] == "info"
    assert delivered.updates and delivered.updates[-1].last_seq == rec.seq


async def test_a_failing_background_job_is_logged_and_runs_again(redis_proc: RedisProcess) -> None:
    node = Node(Settings(redis_url=redis_proc.url), "logs-node")
    jobs: Jobs = node.jobs
    runs = 0

    async def flaky() -> None:
        nonlocal runs
        runs += 1
        raise OSError("the disk is on fire")

    with capture_logs() as logs:
        task = asyncio.get_running_loop().create_task(jobs._every(0.01, flaky))
        while runs < 3:
            await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    failed = [e for e in logs if e["event"] == "background_job_failed"]
    assert len(failed) >= 2
    assert failed[0]["job"] == "flaky" and failed[0]["error"] == "the disk is on fire"
    assert failed[0]["log_level"] == "warning"
