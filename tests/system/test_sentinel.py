"""krig through Sentinel failovers: a real Sentinel, a primary and a replica on loopback.

The primary and its replica run with ``min-replicas-to-write 1`` (a primary cut
off from its replica refuses writes), and the krig nodes with
``--redis-min-replicas 1`` (an action is acknowledged only once the replica
holds it). Rooms are played by hand over two nodes while Sentinel fails the
primary over (``SENTINEL FAILOVER``), or while the primary is killed with
SIGKILL: every step a client saw acknowledged must be in Redis afterwards,
and every game must finish. Started once for the module.
"""

from __future__ import annotations

import asyncio
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis
from failover_support import mid_game
from server_support import ServerProc

from client_cli.session import Session
from server.store.embedded import RedisNotFound, RedisProcess, free_port
from tools.redis_rig import find_server

SERVICE = "krig"


@dataclass
class Deployment:
    binary: str
    sentinel_port: int
    servers: dict[int, RedisProcess] = field(default_factory=dict)
    sentinel: subprocess.Popen[bytes] | None = None
    replicas: int = 1

    @property
    def url(self) -> str:
        return f"redis+sentinel://127.0.0.1:{self.sentinel_port}/{SERVICE}"

    def ask(self, *command: str) -> object:
        client = redis.Redis(port=self.sentinel_port)
        try:
            return client.execute_command(*command)  # type: ignore[no-untyped-call]
        finally:
            client.close()

    def primary_port(self) -> int:
        reply = self.ask("SENTINEL", "GET-MASTER-ADDR-BY-NAME", SERVICE)
        assert isinstance(reply, list | tuple), reply
        return int(reply[1])

    def reader(self) -> redis.Redis:
        return redis.Redis(port=self.primary_port())

    def role(self, port: int) -> str:
        client = redis.Redis(port=port)
        try:
            return str(client.info("replication")["role"])
        finally:
            client.close()

    def healthy(self) -> bool:
        """One primary, Sentinel names it, and the other is its replica, in sync."""
        try:
            primary = self.primary_port()
            if self.role(primary) != "master":
                return False
            info = redis.Redis(port=primary).info("replication")
            online = [k for k, v in info.items() if k.startswith("slave") and isinstance(v, dict)
                      and v.get("state") == "online"]  # fmt: skip
            return len(online) >= self.replicas and all(
                self.role(p) == "slave" for p in self.servers if p != primary
            )
        except (redis.RedisError, OSError, ValueError, TypeError):
            return False

    async def until_healthy(self, timeout_s: float = 30.0) -> None:
        deadline = time.monotonic() + timeout_s
        while not self.healthy():
            if time.monotonic() > deadline:
                raise AssertionError("the deployment did not come back to a primary and replica")
            await asyncio.sleep(0.1)


def _deploy(work: Path, replicas: int) -> Iterator[Deployment]:
    try:
        binary = find_server((7, 0))
    except RedisNotFound as exc:
        pytest.skip(str(exc))
    safety = (
        "--min-replicas-to-write", "1", "--min-replicas-max-lag", "2",
        "--repl-diskless-sync-delay", "0",
    )  # fmt: skip
    primary = RedisProcess(
        port=free_port(), appendonly=True, workdir=str(work / "a"), binary=binary, extra=safety
    ).start()
    assert primary.port is not None
    dep = Deployment(binary, free_port(), {primary.port: primary}, replicas=replicas)
    for name in "bcd"[:replicas]:
        replica = RedisProcess(
            port=free_port(), appendonly=True, workdir=str(work / name), binary=binary,
            extra=(*safety, "--replicaof", "127.0.0.1", str(primary.port)),
        ).start()  # fmt: skip
        assert replica.port is not None
        dep.servers[replica.port] = replica
    conf = work / "sentinel.conf"
    conf.write_text(
        f"port {dep.sentinel_port}\nbind 127.0.0.1\ndir {work}\n"
        f"sentinel monitor {SERVICE} 127.0.0.1 {primary.port} 1\n"
        f"sentinel down-after-milliseconds {SERVICE} 1000\n"
        f"sentinel failover-timeout {SERVICE} 5000\n"
    )
    dep.sentinel = subprocess.Popen(
        [binary, str(conf), "--sentinel"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        asyncio.run(dep.until_healthy())
        deadline = time.monotonic() + 20
        # Sentinel knows the replicas.
        while len(dep.ask("SENTINEL", "REPLICAS", SERVICE) or ()) < replicas:  # type: ignore[arg-type]
            assert time.monotonic() < deadline, "Sentinel never saw the replicas"
            time.sleep(0.1)
        yield dep
    finally:
        dep.sentinel.terminate()
        dep.sentinel.wait()
        for server in dep.servers.values():
            server.cleanup()


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    """A primary and one replica, with a Sentinel."""
    yield from _deploy(tmp_path_factory.mktemp("sentinel"), 1)


@pytest.fixture(scope="module")
def two_replicas(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    """A primary and two replicas, with a Sentinel (docs/OPERATIONS.md's deployment)."""
    yield from _deploy(tmp_path_factory.mktemp("sentinel2"), 2)


def _nodes(dep: Deployment, tmp_path: Path, name: str) -> list[ServerProc]:
    return [
        ServerProc(dep.url, f"{name}{x}", tmp_path, redis_min_replicas=1).start()
        for x in ("A", "B")
    ]


async def _switched(dep: Deployment, old: int, timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while dep.primary_port() == old:
        assert time.monotonic() < deadline, "Sentinel did not switch the primary"
        await asyncio.sleep(0.1)


async def test_sentinel_failover_mid_game_loses_no_acknowledged_step(
    deployment: Deployment, tmp_path: Path
) -> None:
    """SENTINEL FAILOVER while rooms are played: the nodes follow +switch-master,
    writes the old primary took after its replica was promoted are never
    acknowledged (WAIT), and every acknowledged step is there afterwards."""
    await deployment.until_healthy()
    nodes = _nodes(deployment, tmp_path, "sfo")

    async def failover(games: list[list[Session]]) -> None:
        old = deployment.primary_port()
        deployment.ask("SENTINEL", "FAILOVER", SERVICE)
        await _switched(deployment, old)
        await deployment.until_healthy()  # the old primary is the new one's replica

    try:
        await mid_game(deployment.reader, nodes, failover)
    finally:
        for node in nodes:
            assert node.stop() == 0, node.log_tail()


async def test_kill_9_of_the_primary_mid_game_loses_no_acknowledged_step(
    deployment: Deployment, tmp_path: Path
) -> None:
    """SIGKILL of the primary while rooms are played: Sentinel promotes the
    replica, the nodes follow it, and with --redis-min-replicas 1 no
    acknowledged step is lost; the killed server comes back as a replica."""
    await deployment.until_healthy()
    nodes = _nodes(deployment, tmp_path, "skill")

    async def kill_the_primary(games: list[list[Session]]) -> None:
        old = deployment.primary_port()
        deployment.servers[old].kill()
        await _switched(deployment, old)
        await asyncio.to_thread(deployment.servers[old].start)  # (Sentinel makes it a replica)
        await deployment.until_healthy()

    try:
        await mid_game(deployment.reader, nodes, kill_the_primary)
    finally:
        for node in nodes:
            assert node.stop() == 0, node.log_tail()


async def _plays_on(games: list[list[Session]], steps: int, timeout_s: float) -> None:
    """Every game that is not over moves on by ``steps`` steps within ``timeout_s``."""
    start = [g[0].table.step for g in games]
    deadline = time.monotonic() + timeout_s
    while True:
        behind = [
            g[0].table.code
            for g, s0 in zip(games, start, strict=True)
            if g[0].table.phase != "over" and g[0].table.step < s0 + steps
        ]
        if not behind:
            return
        if time.monotonic() > deadline:
            seen = [
                f"{s.name}: seq {s.table.seq} step {s.table.step} {s.table.phase} "
                f"my_turn {s.table.my_turn} acted {sorted(s.table.acted)} "
                f"store_waits {s.store_waits} reconnects {s.reconnects}"
                for g in games
                if g[0].table.code in behind
                for s in g
            ]
            raise AssertionError(f"no play on {behind} for {timeout_s} s: {seen}")
        await asyncio.sleep(0.05)


async def test_two_replicas_keep_playing_while_the_old_primary_is_dead(
    two_replicas: Deployment, tmp_path: Path
) -> None:
    """docs/OPERATIONS.md's deployment (two replicas, --redis-min-replicas 1): after a
    kill -9 of the primary, the new one has a replica at once, so play goes on while
    the old one is still dead; nothing acknowledged is lost."""
    dep = two_replicas
    await dep.until_healthy()
    nodes = _nodes(dep, tmp_path, "two")

    async def kill_and_play_on(games: list[list[Session]]) -> None:
        old = dep.primary_port()
        dep.servers[old].kill()
        await _switched(dep, old)
        await _plays_on(games, 5, 20.0)  # (the old primary is still down)
        await asyncio.to_thread(dep.servers[old].start)
        await dep.until_healthy()

    try:
        await mid_game(dep.reader, nodes, kill_and_play_on)
    finally:
        for node in nodes:
            assert node.stop() == 0, node.log_tail()


async def test_two_replicas_through_sentinel_failover(
    two_replicas: Deployment, tmp_path: Path
) -> None:
    """SENTINEL FAILOVER with two replicas and --redis-min-replicas 1: the second
    replica follows the old primary until Sentinel moves it, and would confirm what
    the old primary takes meanwhile; the nodes confirm nothing from ``+try-failover``
    until ``+switch-master``, so nothing acknowledged is lost, and play goes on."""
    dep = two_replicas
    await dep.until_healthy()
    nodes = _nodes(dep, tmp_path, "twofo")

    async def failover(games: list[list[Session]]) -> None:
        old = dep.primary_port()
        dep.ask("SENTINEL", "FAILOVER", SERVICE)
        await _switched(dep, old)
        await _plays_on(games, 5, 20.0)
        await dep.until_healthy()

    try:
        await mid_game(dep.reader, nodes, failover)
    finally:
        logs = "".join(node.log_path.read_text() for node in nodes)
        for node in nodes:
            assert node.stop() == 0, node.log_tail()
    assert "redis_failover_started" in logs  # (the nodes heard the failover begin)
