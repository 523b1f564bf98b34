"""A commit is published only when another node listens to the room, and whenever the
committing node cannot vouch for who listens (real Redis, real nodes)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, cast

import redis
import redis.asyncio as aioredis
from server_support import (
    ServerProc,
    close_all,
    log_frames,
    play_all,
    seat_players,
)

from client_cli.session import Session
from client_cli.table import Table
from server import rooms
from server.rooms import Commit, Outcome, Private
from server.service.service import RoomService
from server.store.embedded import RedisProcess, free_port
from server.store.keys import channel
from server.store.pipe import RedisPipe
from server.store.store import LoadedRoom, Store
from server.store.subscription import RawSubscription
from server.store.update import RoomUpdate

CODE = "HOTP1"


def _update(version: int) -> RoomUpdate:
    return RoomUpdate(
        code=CODE,
        version=version,
        first_seq=version,
        last_seq=version,
        record=b"record %d" % version,
        frames=[b"frame %d" % version],
        acted_ms=0,
    )


async def _heard(got: list[Any], count: int, wait: float = 0.3) -> bool:
    """Whether ``got`` reaches ``count`` items within ``wait`` seconds."""
    for _ in range(int(wait / 0.02)):
        if len(got) >= count:
            return True
        await asyncio.sleep(0.02)
    return len(got) >= count


async def test_a_commit_is_published_only_when_another_node_serves_the_room(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    url, client, pipe = db
    store = Store(pipe, log_keep=16, room_ttl_s=60, record_ttl_s=60, session_ttl_s=60)
    other: list[bytes] = []
    them = await RawSubscription.open(pipe, "hot-b", lambda _c, d: other.append(d))
    version = 0
    stored: LoadedRoom | None = LoadedRoom(0, 0, b"")

    async def commit(publish: bool) -> None:
        nonlocal version, stored
        version += 1
        assert stored is not None
        stored = await store.commit(
            _update(version), stored, Commit(None, False, Private.NONE), publish=publish
        )
        assert stored is not None

    try:
        await client.delete(f"krig:{{{CODE}}}:room", *await client.keys(f"krig:{{{CODE}}}:j:*"))
        await them.subscribe(channel(CODE))
        # No other node serves the room: nothing published.
        await commit(False)
        assert not await _heard(other, 1)
        # Another node does: published, and it hears it.
        await commit(True)
        assert await _heard(other, 1)
        await commit(False)
        await commit(True)
        assert await _heard(other, 2) and len(other) == 2
        # The room's record was written every time; its journal keeps the last
        # log_keep/8 commits (at least 2) when a record is written.
        assert await client.hget(f"krig:{{{CODE}}}:room", "v") == b"%d" % version == b"4"
        admin = redis.Redis.from_url(url)
        assert store.keep == 2 and log_frames(admin, CODE) == [b"frame 3", b"frame 4"]
        admin.close()
        # A stale version is refused, and leaves no journal entry behind.
        stale = LoadedRoom(2, 2, b"blob", head=2)
        assert await store.commit(_update(9), stale, Commit(None, False, Private.NONE)) is None
        assert await client.llen(f"krig:{{{CODE}}}:j:4") == 2
    finally:
        await them.close()


def test_the_service_publishes_when_a_member_is_on_another_node() -> None:
    service = RoomService(cast(Any, None), cast(Any, None), 1000, "hot-a")
    rec = rooms.new_room(
        "PUB1", "pa", "A", "classic", {}, 2, False, "hot-a:1", 0, Outcome(), ready_checks=True
    )
    assert not service._elsewhere(rec)
    rooms.join(rec, Outcome(), "pb", "B", "hot-a:2", None)
    assert not service._elsewhere(rec)
    assert service._elsewhere(rec, ["hot-b:7"])  # one put out, on another node
    rooms.spectate(rec, Outcome(), "pc", "hot-b:3")
    assert service._elsewhere(rec)
    del rec.spectators["pc"]
    rec.seats[1].conn = "hot-b:4"
    assert service._elsewhere(rec)
    assert RoomService(cast(Any, None), cast(Any, None), 1000)._elsewhere(rec)  # no id: always


def _my_turn_or_over(t: Table) -> bool:
    return t.my_turn or t.phase == "over"


async def test_one_node_publishes_nothing_and_a_second_node_hears_everything(
    tmp_path: Path,
) -> None:
    rp = RedisProcess(port=free_port()).start()  # its own Redis: counted commands are ours
    a = ServerProc(rp.url, "pubA", tmp_path).start()
    b = ServerProc(rp.url, "pubB", tmp_path).start()
    admin = redis.Redis.from_url(rp.url)
    sessions: list[Session] = []
    try:
        sessions = await seat_players(a.url, 2)
        code = sessions[0].table.code
        assert code is not None

        def published() -> int:
            return int(admin.info("commandstats").get("cmdstat_publish", {}).get("calls", 0))

        # (The room's first commits may come before the node's subscription is
        # confirmed, and are then published: counted from here.)
        before = published()
        for _ in range(5):
            await asyncio.gather(*(s.flip(s.table.step) for s in sessions if s.table.my_turn))
            await asyncio.gather(*(s.wait(_my_turn_or_over) for s in sessions))
        assert published() == before, "one node serves the room: nothing to publish"
        # A spectator through node B: from now on every commit is published,
        # and B's spectator follows the game to its end, in order.
        watcher = Session(b.url, "watcher")
        sessions.append(watcher)
        await watcher.connect()
        await watcher.spectate(code)
        await play_all(sessions[:2])
        await watcher.wait(lambda t: t.phase == "over", 30)
        assert watcher.table.seq == sessions[0].table.seq
        assert published() > before + 10
    finally:
        await close_all(sessions)
        admin.close()
        for srv in (a, b):
            srv.stop()
        rp.cleanup()
