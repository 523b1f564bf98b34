"""krig on a real Redis Cluster: three primaries with a replica each, on loopback.

The cluster is started once for the module (redis-server 7 or later: Debian's
package, which ``dev.py`` installs; sharded pub/sub came with 7.0). Games are
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
from checks import settled_after
from redis.crc import key_slot
from server_support import ServerProc, close_all, play_all, room_in_redis, seat_players

from client_cli.session import Session
from server.engine import census
from server.store.embedded import LocalCluster, RedisNotFound, RedisStartError
from server.store.keys import journal_key, room_key


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    try:
        local = LocalCluster(primaries=3, replicas=1, node_timeout_ms=1000).start()
    except (RedisNotFound, RedisStartError) as exc:
        pytest.skip(f"no Redis Cluster here: {exc}")
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
        for _ in range(6):
            games.append(await seat_players([a.url, b.url], 2, "quick", {"max_tricks": 60}))
        await asyncio.gather(*(play_all(s) for s in games))
        owners = set()
        for sessions in games:
            code = sessions[0].table.code or ""
            assert all(s.table.result is not None for s in sessions)
            assert sessions[0].table.result == sessions[1].table.result
            _conserved(admin, code)
            slot = key_slot(room_key(code).encode())
            assert key_slot(journal_key(code).encode()) == slot
            owners.add(cluster.slot_owner(slot))
        assert len(owners) >= 2, "six rooms on one primary of three"
        assert _stat(cluster, "spublish") > spublish, "no update went over sharded pub/sub"
        assert _stat(cluster, "publish") == 0, "a cluster-wide PUBLISH"
        # The lobby, the deadlines and the nodes are on the cluster too.
        assert admin.zcard("krig:{nodes}") >= 2
    finally:
        for sessions in games:
            await close_all(sessions)
        for node in (a, b):
            assert node.stop() == 0, node.log_tail()


async def _drive(sessions: list[Session], acked: list[int], stop: asyncio.Event) -> None:
    """Play step after step by hand, each flip waiting for its acknowledgement;
    ``acked`` gets the step each one reached."""
    while not stop.is_set():
        t = sessions[0].table
        if t.phase == "over":
            return
        step = t.step
        await asyncio.gather(*(s.flip(step) for s in sessions if s.table.my_turn))
        await asyncio.gather(*(s.wait(settled_after(step), 30) for s in sessions))
        acked.append(sessions[0].table.step)


async def _mid_game(
    cluster: LocalCluster,
    admin: redis.RedisCluster,
    nodes: list[ServerProc],
    fault: object,
    rooms: int = 4,
) -> list[list[Session]]:
    """Rooms played by hand over both nodes while ``fault()`` runs; then every step
    a client saw acknowledged is in Redis, and every game plays on to its end."""
    urls = [n.url for n in nodes]
    games = [await seat_players(urls, 2, "classic", {"max_tricks": 400}) for _ in range(rooms)]
    stop = asyncio.Event()
    acked: list[list[int]] = [[] for _ in games]
    drivers = [asyncio.ensure_future(_drive(g, a, stop)) for g, a in zip(games, acked, strict=True)]
    try:
        await asyncio.sleep(1.0)
        assert callable(fault)
        await fault(games)
        await asyncio.sleep(2.0)
        stop.set()
        await asyncio.gather(*drivers)
        for sessions, steps in zip(games, acked, strict=True):
            code = sessions[0].table.code or ""
            rec = room_in_redis(admin, code)
            assert rec is not None and rec.state is not None
            # Every step a client saw acknowledged is in Redis, no more, no less.
            assert steps and rec.state.steps == sessions[0].table.step >= steps[-1]
            assert rec.state.steps == sessions[1].table.step
        try:
            playing = [g for g in games if g[0].table.phase != "over"]
            await asyncio.gather(*(play_all(s, timeout=60) for s in playing))
        except TimeoutError:
            raise AssertionError(_tables(admin, games)) from None
        for sessions in games:
            assert all(s.table.result is not None for s in sessions)
            _conserved(admin, sessions[0].table.code or "")
        return games
    finally:
        stop.set()
        for task in drivers:
            task.cancel()
        for sessions in games:
            await close_all(sessions)


def _tables(admin: redis.RedisCluster, games: list[list[Session]]) -> str:
    """What each seat knew, beside Redis (for a failure message)."""
    lines = []
    for sessions in games:
        code = sessions[0].table.code or ""
        rec = room_in_redis(admin, code)
        state = rec.state if rec is not None else None
        lines.append(
            f"{code}: redis seq {rec.seq if rec else None} step "
            f"{state.steps if state else None} phase {state.phase if state else None}; "
            + "; ".join(
                f"{s.name}@{s.urls[0][-9:]} seq {s.table.seq} step {s.table.step} "
                f"phase {s.table.phase} my_turn {s.table.my_turn}"
                for s in sessions
            )
        )
    return "\n".join(lines)


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
        await _mid_game(cluster, admin, nodes, kill_a_primary)
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
        await _mid_game(cluster, admin, nodes, migrate)
        for slot, target in moved:
            assert cluster.slot_owner(slot) == target
    finally:
        for node in nodes:
            assert node.stop() == 0, node.log_tail()
