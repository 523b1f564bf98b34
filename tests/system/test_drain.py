"""Readiness and drain, as a load balancer sees them: real processes, a real HAProxy.

- ``/readyz`` answers 503 while the node's Redis is unreachable, and 200 again
  when it is back;
- on SIGTERM a node answers 503 on ``/readyz`` and goes on serving for
  ``drain_s`` (its players play on, new players still get in), then closes its
  clients with 1012, and they resume on the other node: HAProxy takes the node
  out on its health check before the node stops, so no connection is refused;
- SIGINT (Ctrl-C in a terminal) stops at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import signal
import subprocess
from pathlib import Path

import pytest
import websockets
from server_support import ServerProc, close_all, readyz, seat_players, until
from websockets.typing import Subprotocol

from client_cli.session import Session
from protocol import messages as m
from protocol.codec import decode_server, encode
from protocol.errors import CloseCode
from protocol.version import SUBPROTOCOL
from server.store.embedded import RedisProcess, free_port

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


async def _welcomed(url: str) -> bool:
    """A new player gets in: the handshake is accepted and hello is answered."""
    try:
        async with websockets.connect(
            url, subprotocols=[Subprotocol(SUBPROTOCOL)], open_timeout=3
        ) as ws:
            hello = m.Hello(v=1, name="late", token=None, client="drain-test")
            await ws.send(encode(hello))
            reply = decode_server(await asyncio.wait_for(ws.recv(), 3))  # type: ignore[arg-type]
            return isinstance(reply, m.Welcome)
    except (OSError, websockets.exceptions.WebSocketException, TimeoutError):
        return False


async def test_readyz_answers_503_while_redis_is_unreachable(tmp_path: Path) -> None:
    rp = RedisProcess(port=free_port()).start()
    srv = ServerProc(rp.url, "ready", tmp_path).start()
    try:
        assert await until(lambda: readyz(srv.http) == 200, 10), srv.log_tail()
        assert rp.proc is not None
        rp.proc.send_signal(signal.SIGSTOP)  # Redis hangs: connected, never answering
        try:
            assert await until(lambda: readyz(srv.http) == 503, 10), srv.log_tail()
        finally:
            rp.proc.send_signal(signal.SIGCONT)
        assert await until(lambda: readyz(srv.http) == 200, 15), srv.log_tail()
        rp.proc.kill()  # Redis gone: refused connections
        rp.proc.wait()
        assert await until(lambda: readyz(srv.http) == 503, 10), srv.log_tail()
    finally:
        srv.stop()
        rp.cleanup()


async def test_sigterm_drains_behind_haproxy_without_a_refused_connection(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    haproxy = shutil.which("haproxy", path="/usr/sbin:/usr/bin")
    if haproxy is None:
        pytest.skip("haproxy is not installed (dev.py installs Debian's haproxy when root)")
    nodes = [ServerProc(redis_proc.url, f"drain{i}", tmp_path, drain_s=5).start() for i in (1, 2)]
    port = free_port()
    text = (DEPLOY / "haproxy.cfg").read_text().replace("bind :8080", f"bind 127.0.0.1:{port}")
    for i, node in enumerate(nodes, 1):
        text = text.replace(f"krig{i}:8765", f"127.0.0.1:{node.port}")
    text = text.replace("log stdout format raw", "log stderr format raw")
    (tmp_path / "haproxy.cfg").write_text(text)
    lb_log = open(tmp_path / "haproxy.log", "wb")  # noqa: SIM115 - the child keeps it
    lb = subprocess.Popen([haproxy, "-db", "-f", str(tmp_path / "haproxy.cfg")], stderr=lb_log)
    url = f"ws://127.0.0.1:{port}/ws"
    sessions: list[Session] = []
    try:
        assert await until(lambda: all(readyz(n.http) == 200 for n in nodes), 10)
        await asyncio.sleep(3)  # HAProxy's checks (rise 2, every second) see both up
        # Straight to the node that will drain, so its players are the ones moved.
        sessions = await seat_players([nodes[0].url, url], 2, "classic", {"max_tricks": 400})
        t = sessions[0].table
        await sessions[0].flip(t.step)
        nodes[0].signal(signal.SIGTERM)
        assert await until(lambda: readyz(nodes[0].http) == 503, 3), nodes[0].log_tail()
        # Draining: its players still play, and new players still get in (through
        # HAProxy, and at the node itself while HAProxy has not yet taken it out).
        assert nodes[0].proc is not None and nodes[0].proc.poll() is None
        step = t.step
        await sessions[1].flip(step)
        await sessions[0].wait(lambda tb: tb.step > step or tb.phase == "over", 5)
        refused = 0
        for _ in range(8):
            refused += not await _welcomed(url)
            await asyncio.sleep(0.25)
        assert await _welcomed(nodes[0].url), "a draining node still lets players in"
        assert refused == 0, (tmp_path / "haproxy.log").read_text(errors="replace")
        # Then it closes its clients with 1012 and stops; they resume elsewhere.
        assert nodes[0].proc.wait(15) == 0, nodes[0].log_tail()
        assert "draining" in nodes[0].log_path.read_text()
        for s in sessions:
            await s.wait(lambda tb: tb.phase in ("battle", "war", "over"), 10)
        await sessions[0].wait(lambda _tb: sessions[0].reconnects >= 1, 10)
        before = sessions[0].table.step
        if sessions[0].table.phase != "over":
            await sessions[0].flip(before)
            await sessions[1].flip(before)
            await sessions[0].wait(lambda tb: tb.step > before or tb.phase == "over", 10)
    finally:
        await close_all(sessions)
        lb.terminate()
        lb.wait(10)
        lb_log.close()
        for node in nodes:
            node.stop()


async def test_sigint_stops_at_once(redis_proc: RedisProcess, tmp_path: Path) -> None:
    srv = ServerProc(redis_proc.url, "ctrlc", tmp_path, drain_s=60).start()
    try:
        async with websockets.connect(srv.url, subprotocols=[Subprotocol(SUBPROTOCOL)]) as ws:
            await ws.send(encode(m.Hello(v=1, name="ada", token=None, client="t")))
            await ws.recv()
            srv.signal(signal.SIGINT)
            with contextlib.suppress(websockets.exceptions.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 20)
            assert ws.close_code == CloseCode.SERVICE_RESTART
        assert srv.proc is not None and srv.proc.wait(20) == 0  # (not the 60 s drain)
    finally:
        srv.stop()
