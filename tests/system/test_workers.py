"""``krig-server serve --workers N``: real processes on one port and one Redis.

- two workers serve one port and one embedded Redis (started once), each a
  node of its own, and connections land on both (by the workers' own
  counts, and their pids are the supervisor's children);
- whichever worker a scrape of ``/metrics`` reaches reports every worker,
  labelled, and the flips add up to the flips the players made;
- a killed worker is restarted, and its players resume and play on;
- SIGTERM drains every worker (``/readyz`` 503 while they serve, then 1012)
  and the supervisor exits 0; SIGINT stops at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import websockets
from prometheus_client.parser import text_string_to_metric_families
from server_support import ServerProc, close_all, readyz, seat_players, until
from websockets.typing import Subprotocol

from client_cli.session import Session
from client_cli.table import Table
from protocol import messages as m
from protocol.codec import encode
from protocol.errors import CloseCode
from protocol.version import SUBPROTOCOL
from server import metrics
from server.store.embedded import RedisProcess

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def _scrape(http: str) -> Samples:
    with urllib.request.urlopen(f"{http}/metrics", timeout=5) as reply:
        text = reply.read().decode()
    out: Samples = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def _by_worker(samples: Samples, name: str) -> dict[str, float]:
    return {dict(labels)["worker"]: v for (n, labels), v in samples.items() if n == name}


def _infos(samples: Samples) -> dict[str, tuple[str, int]]:
    """worker -> (node id, pid), from ``krig_worker_info``."""
    return {
        dict(labels)["worker"]: (dict(labels)["node"], int(dict(labels)["pid"]))
        for (n, labels), _ in samples.items()
        if n == "krig_worker_info"
    }


def _children(pid: int) -> dict[int, str]:
    """The live child processes of ``pid``: pid -> command name."""
    found: dict[int, str] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            with contextlib.suppress(OSError):
                found[int(child)] = (Path("/proc") / child / "comm").read_text().strip()
    return found


async def _steps(rooms: list[list[Session]], steps: int) -> int:
    """Play ``steps`` steps in every room (each seat flips once a step); the flips made."""

    async def one(sessions: list[Session]) -> int:
        made = 0
        for _ in range(steps):
            t = sessions[0].table
            if t.phase == "over":
                break
            step = t.step
            for s in sessions:
                await s.flip(step)
                made += 1

            def moved(tb: Table, at: int = step) -> bool:
                return tb.step > at or tb.phase == "over"

            await asyncio.gather(*(s.wait(moved, 10) for s in sessions))
        return made

    return sum(await asyncio.gather(*(one(r) for r in rooms)))


async def _rooms(url: str, count: int) -> list[list[Session]]:
    return [await seat_players(url, 2, "classic", {"max_tricks": 400}) for _ in range(count)]


async def test_two_workers_share_one_port_one_redis_and_report_every_worker(
    tmp_path: Path,
) -> None:
    srv = ServerProc("", "two", tmp_path, workers=2, ephemeral=True).start()
    rooms: list[list[Session]] = []
    try:
        assert srv.proc is not None
        kids = _children(srv.proc.pid)
        assert sorted(kids.values()).count("redis-server") == 1, kids  # one Redis for both
        workers = {pid for pid, name in kids.items() if name != "redis-server"}
        assert len(workers) == 2, kids
        rooms = await _rooms(srv.url, 8)  # 16 connections over two listening sockets
        flips = await _steps(rooms, 5)
        assert flips > 0
        for _ in range(6):  # each scrape is a new connection: it lands on either worker
            got = _scrape(srv.http)
            assert got[("krig_workers", (("state", "answered"),))] == 2
            info = _infos(got)
            assert {pid for _, pid in info.values()} == workers
            assert len({node for node, _ in info.values()}) == 2  # a node each
            conns = _by_worker(got, "krig_connections")
            assert sum(conns.values()) == 16, conns
            assert all(n > 0 for n in conns.values()), f"one worker took every connection: {conns}"
            assert sum(_by_worker(got, "krig_flips_total").values()) == flips
    finally:
        for r in rooms:
            await close_all(r)
        assert srv.stop() == 0, srv.log_tail()


async def test_a_killed_worker_is_restarted_and_its_players_resume(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "restart", tmp_path, workers=2).start()
    rooms: list[list[Session]] = []
    try:
        rooms = await _rooms(srv.url, 6)
        await _steps(rooms, 2)
        got = _scrape(srv.http)
        conns = _by_worker(got, "krig_connections")
        victim = max(conns, key=lambda w: conns[w])
        node, pid = _infos(got)[victim]
        os.kill(pid, signal.SIGKILL)
        # Its players reconnect through the same port (to the worker left, or the new one)
        # and resume their seats; every room plays on.
        assert await until(
            lambda: sum(s.reconnects for r in rooms for s in r) >= conns[victim], 20
        ), srv.log_tail()
        assert await _steps(rooms, 3) > 0
        for r in rooms:
            assert all(s.table.phase in ("battle", "war", "over") for s in r)

        def restarted() -> bool:
            info = _infos(_scrape(srv.http))
            return victim in info and info[victim][1] != pid and len(info) == 2

        assert await until(restarted, 20), srv.log_tail()
        log = srv.log_path.read_text()
        assert '"worker_exited"' in log and '"SIGKILL"' in log
        assert '"start": 2' in log  # the worker's second start
        assert _infos(_scrape(srv.http))[victim][0] != node  # a new node id
    finally:
        for r in rooms:
            await close_all(r)
        assert srv.stop() == 0, srv.log_tail()


async def test_a_room_named_in_the_url_is_served_by_its_home_worker(tmp_path: Path) -> None:
    """Whoever creates a room gets a code homed at its worker; whoever connects naming the
    room (``?room=CODE``) is handed to that worker, wherever the kernel put it."""
    srv = ServerProc("", "home", tmp_path, workers=2, ephemeral=True).start()
    sessions: list[Session] = []
    try:
        for _ in range(3):
            host = Session(srv.url, "host")
            await host.connect()
            joined = await host.create("classic", 2)
            guests = []
            for i in range(12):
                guest = Session(srv.url, f"guest{i}")
                guest.room_hint = joined.code
                await guest.connect()
                guests.append(guest)
            sessions += [host, *guests]
            conns = _by_worker(_scrape(srv.http), "krig_connections")
            assert sorted(conns.values()) == [0, 13], conns  # all on the room's worker
            await guests[0].join(joined.code)
            await close_all([host, *guests])
            assert await until(
                lambda: sum(_by_worker(_scrape(srv.http), "krig_connections").values()) == 0, 10
            )
        assert '"handoff' not in srv.log_path.read_text()
    finally:
        await close_all(sessions)
        assert srv.stop() == 0, srv.log_tail()


def test_a_hint_is_read_from_the_request_line_only() -> None:
    from server.transport.routing import hinted_room, home

    req = b"GET /ws?room=abc-def&x=1 HTTP/1.1\r\nHost: h\r\n\r\n"
    assert hinted_room(req) == "ABC-DEF"
    assert hinted_room(b"GET /ws HTTP/1.1\r\nHost: h\r\n\r\n") is None
    assert hinted_room(b"GET /ws?room=abc-def") is None  # no whole line yet: served here
    assert hinted_room(b"POST /ws?room=abc-def HTTP/1.1\r\n") is None
    from server.rooms.codes import new_code

    assert {home(new_code(), 2) for _ in range(64)} == {0, 1}
    assert home("ABC-DEF", 3) == home("ABC-DEF", 3)


async def _held(url: str, count: int) -> list[websockets.ClientConnection]:
    held = []
    for i in range(count):
        ws = await websockets.connect(url, subprotocols=[Subprotocol(SUBPROTOCOL)])
        await ws.send(encode(m.Hello(v=1, name=f"h{i}", token=None, client="workers-test")))
        await ws.recv()
        held.append(ws)
    return held


async def _close_code(ws: websockets.ClientConnection, seconds: float) -> int | None:
    with contextlib.suppress(websockets.exceptions.ConnectionClosed, TimeoutError):
        while True:
            await asyncio.wait_for(ws.recv(), seconds)
    return ws.close_code


async def test_sigterm_drains_every_worker_and_exits_0(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "drain", tmp_path, workers=2, drain_s=3).start()
    held: list[websockets.ClientConnection] = []
    try:
        assert srv.proc is not None
        workers = set(_children(srv.proc.pid))
        held = await _held(srv.url, 12)
        conns = _by_worker(_scrape(srv.http), "krig_connections")
        assert len(conns) == 2 and all(n > 0 for n in conns.values()), conns
        srv.signal(signal.SIGTERM)
        began = time.monotonic()
        await asyncio.sleep(0.5)
        # Draining: every worker answers 503, and still serves (a new player gets in).
        answers = [readyz(srv.http) for _ in range(8)]
        assert answers == [503] * 8, answers
        late = await _held(srv.url, 2)
        codes = await asyncio.gather(*(_close_code(ws, 15) for ws in [*held, *late]))
        assert time.monotonic() - began >= 2.5  # not before the drain was out
        assert codes == [CloseCode.SERVICE_RESTART] * len(codes), codes
        assert srv.proc.wait(20) == 0, srv.log_tail()
        assert not any(Path(f"/proc/{pid}").exists() for pid in workers)
        log = srv.log_path.read_text()
        assert log.count('"draining"') == 2, srv.log_tail()
        assert '"workers_stopped"' in log
    finally:
        await asyncio.gather(*(ws.close() for ws in held), return_exceptions=True)
        srv.stop()


async def test_sigint_stops_every_worker_at_once(redis_proc: RedisProcess, tmp_path: Path) -> None:
    srv = ServerProc(redis_proc.url, "ctrlc", tmp_path, workers=2, drain_s=60).start()
    try:
        assert srv.proc is not None
        srv.signal(signal.SIGINT)
        assert srv.proc.wait(20) == 0, srv.log_tail()  # (not the 60 s drain)
    finally:
        srv.stop()


def test_the_port_is_refused_when_taken(tmp_path: Path) -> None:
    one = ServerProc("", "taken", tmp_path, ephemeral=True).start()
    try:
        two = ServerProc("", "taker", tmp_path, workers=2, ephemeral=True)
        two.port = one.port
        with pytest.raises(RuntimeError, match="cannot serve on"):
            two.start()
        assert two.proc is not None and two.proc.wait(10) == 1
    finally:
        one.stop()


def test_merged_exposition_labels_and_keeps_every_sample() -> None:
    from prometheus_client import CollectorRegistry, Counter

    fams = {}
    for worker, count in ((0, 3), (1, 4)):
        reg = CollectorRegistry()
        Counter("krig_test_total", "A test counter", ["code"], registry=reg).labels("x").inc(count)
        fams[worker] = metrics.families(reg)
    info = {0: {"node": "a", "pid": "1"}, 1: {"node": "b", "pid": "2"}}
    text = metrics.merged_exposition(fams, info, 3).decode()
    assert text.count("# TYPE krig_test_total counter") == 1
    got = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for f in text_string_to_metric_families(text)
        for s in f.samples
    }
    assert got[("krig_test_total", (("code", "x"), ("worker", "0")))] == 3
    assert got[("krig_test_total", (("code", "x"), ("worker", "1")))] == 4
    assert got[("krig_workers", (("state", "expected"),))] == 3
    assert got[("krig_workers", (("state", "answered"),))] == 2
