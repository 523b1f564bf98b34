"""krig over TLS (``rediss://``): the same pipelined path as ``redis://``, tested the same way.

A redis-server 7 with TLS only (Debian's is built with it), a certificate made
here for 127.0.0.1 and checked by the nodes against its CA. Two nodes play a
game over it, and Redis is restarted mid-game: the nodes reconnect (TLS
handshake included) and the game goes on.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_support import ServerProc, close_all, play_all, seat_players

from server.store.embedded import RedisNotFound, free_port
from tools.redis_rig import find_server


class TlsRedis:
    def __init__(self, binary: str, work: Path) -> None:
        self.binary = binary
        self.work = work
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.ca = work / "ca.crt"
        self._certificates()

    def _certificates(self) -> None:
        w = self.work
        run = ["openssl"]

        def ssl_cmd(*args: str) -> None:
            subprocess.run([*run, *args], check=True, capture_output=True, cwd=w)

        ssl_cmd("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                "/CN=krig-test-ca", "-keyout", "ca.key", "-out", "ca.crt")  # fmt: skip
        ssl_cmd("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
                "-keyout", "redis.key", "-out", "redis.csr")  # fmt: skip
        (w / "san.ext").write_text("subjectAltName=IP:127.0.0.1\n")
        ssl_cmd("x509", "-req", "-in", "redis.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
                "-CAcreateserial", "-days", "2", "-extfile", "san.ext",
                "-out", "redis.crt")  # fmt: skip

    @property
    def url(self) -> str:
        return f"rediss://127.0.0.1:{self.port}/0?ssl_ca_certs={self.ca}"

    def start(self) -> TlsRedis:
        w = self.work
        self.proc = subprocess.Popen(
            [self.binary, "--port", "0", "--tls-port", str(self.port), "--bind", "127.0.0.1",
             "--tls-cert-file", str(w / "redis.crt"), "--tls-key-file", str(w / "redis.key"),
             "--tls-ca-cert-file", str(self.ca), "--tls-auth-clients", "no",
             "--dir", str(w), "--appendonly", "yes", "--appendfsync", "everysec", "--save", "",
             "--logfile", str(w / "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        ctx = ssl.create_default_context(cafile=str(self.ca))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with (
                    socket.create_connection(("127.0.0.1", self.port), timeout=1) as raw,
                    ctx.wrap_socket(raw, server_hostname="127.0.0.1") as conn,
                ):
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server with TLS did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


@pytest.fixture(scope="module")
def tls_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TlsRedis]:
    try:
        binary = find_server((7, 0))
    except RedisNotFound as exc:
        pytest.skip(str(exc))
    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a certificate")
    server = TlsRedis(binary, tmp_path_factory.mktemp("tls")).start()
    yield server
    server.stop()


async def test_a_game_over_tls_through_two_nodes_and_a_redis_restart(
    tls_redis: TlsRedis, tmp_path: Path
) -> None:
    a = ServerProc(tls_redis.url, "tlsA", tmp_path).start()
    b = ServerProc(tls_redis.url, "tlsB", tmp_path).start()
    sessions = []
    try:
        sessions = await seat_players([a.url, b.url], 2, "classic", {"max_tricks": 300})
        playing = asyncio.ensure_future(play_all(sessions))
        await asyncio.sleep(0.5)
        tls_redis.stop()  # mid-game: the nodes wait (bounded backoff) and reconnect
        await asyncio.sleep(0.5)
        await asyncio.to_thread(tls_redis.start)
        await asyncio.wait_for(playing, 120)
        assert all(s.table.result is not None for s in sessions)
        assert sessions[0].table.result == sessions[1].table.result
        assert sessions[0].table.counts == sessions[1].table.counts
    finally:
        await close_all(sessions)
        for node in (a, b):
            assert node.stop() == 0, node.log_tail()
