"""Process and network faults against real processes (issue 7).

Each test kills, stops or cuts off a real ``krig-server`` or its Redis
connection, or black-holes a client through a loopback TCP proxy, then shows
that the game goes on, every card is accounted for, and every client ends
in the same state as Redis.
"""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import Awaitable
from pathlib import Path

import pytest
import redis
from checks import assert_conserved, load_room, settled_after
from server_support import ServerProc, close_all, play_all, seat_players
from tcp_proxy import TcpProxy

from client_cli.bot import play_game
from client_cli.session import ServerError, Session
from protocol import messages as m
from protocol.codec import decode_server
from server.store.embedded import RedisProcess, free_port
from server.store.keys import FORMATS, LOBBY_SHARDS, NODES
from server.store.scripts import STORE_FORMAT


async def _steps(sessions: list[Session], count: int) -> None:
    """Play ``count`` steps by hand, every seat flipping."""
    for _ in range(count):
        step = sessions[0].table.step
        if sessions[0].table.phase == "over":
            return
        await asyncio.gather(*(s.flip(step) for s in sessions if s.table.my_turn))
        await asyncio.gather(*(s.wait(settled_after(step)) for s in sessions))


def _same_end(sessions: list[Session], redis_url: str) -> None:
    code = sessions[0].table.code or ""
    rec = assert_conserved(redis_url, code)
    assert rec.status == "over"
    ends = [s.table.result for s in sessions]
    # A client that fell far behind learns the end from a snapshot, whose
    # sequence number is later than the game_over event's: compare the rest.
    results = {None if r is None else (r.result, tuple(r.winners), r.reason) for r in ends}
    assert len(results) == 1 and None not in ends
    for s in sessions:
        assert s.table.seq <= rec.seq
        assert s.table.counts == sessions[0].table.counts


async def test_sigstop_longer_than_the_turn_timer(redis_proc: RedisProcess, tmp_path: Path) -> None:
    """A frozen node's late write is refused; its seats come back when it wakes."""
    a = ServerProc(redis_proc.url, "stopA", tmp_path).start()
    b = ServerProc(redis_proc.url, "stopB", tmp_path).start()
    p0, p1 = Session([a.url, b.url], "p0"), Session([b.url, a.url], "p1")
    try:
        for s in (p0, p1):
            await s.connect()
        joined = await p0.create("classic", 2, options={"max_tricks": 80})
        await p0.configure(turn_s=1)
        await p1.join(joined.code)
        await asyncio.gather(p0.ready(), p1.ready())
        await asyncio.gather(*(s.wait(lambda t: t.phase == "battle") for s in (p0, p1)))
        await _steps([p0, p1], 3)
        step = p0.table.step
        a.signal(signal.SIGSTOP)
        try:
            # Sent to the frozen node: it waits in the socket.
            late = asyncio.ensure_future(p0.flip(step))
            await asyncio.sleep(4.5)  # > the turn timer (1 s) and dead_node_s (3 s)
            during = load_room(redis_proc.url, joined.code)
            assert during.state is not None
            # Node B's timers played both seats meanwhile, and its reaper let seat 0 go.
            assert during.state.steps >= step + 2
            assert during.seats[0].conn == ""
        finally:
            a.signal(signal.SIGCONT)
        with pytest.raises(ServerError) as err:
            await asyncio.wait_for(late, 10)
        assert err.value.code == "stale_step"  # not applied to a later step
        # Node A noticed it was reaped and took seat 0 back for its live connection.
        await p1.wait(lambda t: t.room is not None and t.room.seats[0].connected, 10)
        assert load_room(redis_proc.url, joined.code).seats[0].conn.startswith("stopA-1:")
        await play_all([p0, p1], timeout=90)
        _same_end([p0, p1], redis_proc.url)
        assert p0.reconnects == 0  # resynced in place, not reconnected
    finally:
        await close_all([p0, p1])
        a.stop()
        b.stop()


async def test_cut_subscription_converges(redis_proc: RedisProcess, tmp_path: Path) -> None:
    """Node A's pub/sub connection is killed again and again for 3 s during a game."""
    a = ServerProc(redis_proc.url, "subA", tmp_path).start()
    b = ServerProc(redis_proc.url, "subB", tmp_path).start()
    sessions = await seat_players([a.url, b.url], 4, "classic", {"max_tricks": 150})
    admin = redis.Redis.from_url(redis_proc.url)
    killed = 0

    async def cut() -> None:
        nonlocal killed
        end = time.monotonic() + 3
        while time.monotonic() < end:
            for c in admin.client_list():
                if c["name"] == "krig-subA-1" and (int(c["sub"]) or int(c["psub"])):
                    killed += int(admin.client_kill_filter(_id=c["id"]))
            await asyncio.sleep(0.1)

    try:
        await _steps(sessions, 2)
        await asyncio.gather(cut(), play_all(sessions, timeout=90))
        assert killed >= 3
        _same_end(sessions, redis_proc.url)
        code = sessions[0].table.code or ""
        assert all(s.table.seq == load_room(redis_proc.url, code).seq for s in sessions)
    finally:
        admin.close()
        await close_all(sessions)
        a.stop()
        b.stop()


async def test_a_node_that_missed_a_removal_still_puts_the_player_out(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    """The host frees a seat while the removed player's node has no subscription:
    that node learns of it from Redis's log alone, and still puts the player out."""
    a = ServerProc(redis_proc.url, "rmA", tmp_path).start()
    b = ServerProc(redis_proc.url, "rmB", tmp_path).start()
    host, kicked = Session(a.url, "host"), Session(b.url, "kicked", record=True)
    admin = redis.Redis.from_url(redis_proc.url)

    async def unheard_by_b(action: Awaitable[object]) -> None:
        """``action`` while node B is stopped and its subscription cut: what the
        commit publishes reaches nobody, so B can learn of it only by catching the
        room up from Redis when it wakes."""

        def b_listening() -> list[str]:
            # the lobby's channels and the room's
            return [
                c["id"]
                for c in admin.client_list()
                if c["name"] == "krig-rmB-1" and int(c["sub"]) >= LOBBY_SHARDS + 1
            ]

        for _ in range(100):  # (back) on the room's channel after the last cut
            if b_listening():
                break
            await asyncio.sleep(0.05)
        b.signal(signal.SIGSTOP)
        try:
            cut = sum(int(admin.client_kill_filter(_id=i)) for i in b_listening())
            assert cut == 1
            await action
        finally:
            b.signal(signal.SIGCONT)

    def told_removed() -> int:
        assert kicked.frames is not None
        return sum(
            1
            for f in kicked.frames
            if isinstance(msg := decode_server(f), m.Error) and msg.code == "removed"
        )

    try:
        for s in (host, kicked):
            await s.connect()
        code = (await host.create("classic", 3)).code
        await host.configure(spectating=False)
        await kicked.join(code)
        seat = kicked.table.seat
        assert seat is not None and kicked.welcome is not None
        await unheard_by_b(host.remove_seat(seat))
        await kicked.wait(lambda t: t.code is None, 10)
        assert told_removed() == 1
        assert load_room(redis_proc.url, code).seat_of(kicked.welcome.player) is None
        # Seated again on the same connection: a later catch-up keeps it in the
        # room, though the record still names the connection as put out once.
        await host.configure(spectating=True)
        await kicked.join(code)
        assert any(c.startswith("rmB-1:") for c in load_room(redis_proc.url, code).removed)
        await unheard_by_b(host.ready())
        await kicked.wait(lambda t: t.room is not None and t.room.seats[0].ready, 10)
        await asyncio.sleep(0.3)
        assert kicked.table.code == code and kicked.table.seat is not None
        assert told_removed() == 1
    finally:
        admin.close()
        await close_all([host, kicked])
        a.stop()
        b.stop()


async def test_half_open_client_is_dropped_and_its_seat_played(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    """A client's network vanishes without a FIN: the keepalive notices, grace, then auto-play."""
    srv = ServerProc(redis_proc.url, "half", tmp_path, heartbeat_s=1).start()
    proxy = await TcpProxy(srv.port).start()
    ghost = Session(proxy.url(), "ghost", reconnect=False)
    live = Session(srv.url, "live")
    try:
        for s in (ghost, live):
            await s.connect()
        joined = await ghost.create("quick", 2, options={"max_tricks": 30})
        await live.join(joined.code)
        await asyncio.gather(ghost.ready(), live.ready())
        await live.wait(lambda t: t.phase == "battle")
        proxy.blackholed = True
        started = time.monotonic()
        # ping every 1 s, 1 s to answer, then a 2 s closing handshake
        await live.wait(lambda t: t.room is not None and not t.room.seats[0].connected, 10)
        noticed = time.monotonic() - started
        assert noticed < 8, f"took {noticed:.1f}s to notice"
        await play_game(live, timeout=90)  # seat 0 is played by the server after grace
        assert live.table.result is not None
        rec = assert_conserved(redis_proc.url, joined.code)
        assert rec.status == "over" and rec.seats[0].conn == ""
    finally:
        await proxy.close()
        await close_all([ghost, live])
        srv.stop()


async def test_sigterm_clients_resume_elsewhere(redis_proc: RedisProcess, tmp_path: Path) -> None:
    a = ServerProc(redis_proc.url, "termA", tmp_path).start()
    b = ServerProc(redis_proc.url, "termB", tmp_path).start()
    sessions = await seat_players([a.url, b.url], 2, "classic", {"max_tricks": 150})
    try:
        await _steps(sessions, 3)
        a.signal(signal.SIGTERM)  # p0's node: 1012, then p0 fails over to B
        await play_all(sessions, timeout=90)
        assert a.proc is not None and a.proc.wait(10) == 0
        assert sessions[0].reconnects >= 1 and sessions[0].url == b.url
        _same_end(sessions, redis_proc.url)
    finally:
        await close_all(sessions)
        a.stop()
        b.stop()


async def test_shutdown_is_bounded_when_a_handler_hangs_on_redis(tmp_path: Path) -> None:
    """SIGTERM with Redis gone: a connection's handler waits on Redis to record the
    disconnect, and the server still stops on its own, saying where it waited."""
    rp = RedisProcess(port=free_port()).start()
    srv = ServerProc(rp.url, "bounded", tmp_path).start()
    sessions = await seat_players(srv.url, 2)
    try:
        rp.stop()  # every Redis call now retries until it gives up
        assert srv.stop() == 0, srv.log_tail()  # exited by itself, not SIGKILLed
        events = [json.loads(line) for line in srv.log_path.read_text().splitlines()
                  if line.startswith("{")]  # fmt: skip
        waited = [e for e in events if e["event"] == "shutdown_step_waited_out"]
        assert any(e["step"] == "connection_handlers" for e in waited), waited
        assert any("gone:" in where for e in waited for where in e["waiting_in"]), waited
        assert events[-1]["event"] == "stopped"
    finally:
        await close_all(sessions)
        srv.kill()
        rp.cleanup()


def test_a_node_refuses_to_start_beside_a_node_that_keeps_rooms_another_way(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    """Nodes of builds that keep rooms differently would overwrite each other's
    games. A live node of another store format stops a new node from starting
    (exit 2, before it registers or listens); a dead one does not, nor one of the
    same format; a live one that says no format (a build from before the check)
    is let be with a warning."""
    url = redis_proc.url.rsplit("/", 1)[0] + "/9"  # (a database of its own)
    admin = redis.Redis.from_url(url)
    admin.flushdb()
    now = int(time.time() * 1000)
    older = STORE_FORMAT - 1
    # (builds before store format 3 say where they are in krig:nodes, krig:formats)
    admin.zadd("krig:nodes", {"old-live": now, "old-dead": now - 120_000})
    admin.hset("krig:formats", mapping={"old-live": older, "old-dead": older})
    node = ServerProc(url, "fmt", tmp_path, dead_node_s=60.0)
    with pytest.raises(RuntimeError, match="did not start"):
        node.start()
    assert node.proc is not None and node.proc.wait(20) == 2
    log = node.log_path.read_text()
    assert f"not starting: node old-live keeps rooms in store format {older}" in log
    assert '"event": "store_format_mismatch"' in log and "listening" not in log
    assert admin.zscore(NODES, "fmt-1") is None
    assert not admin.hexists(FORMATS, "fmt-1")

    admin.hset("krig:formats", "old-live", STORE_FORMAT)  # the same format: it starts
    node.start()
    try:
        assert admin.hget(FORMATS, "fmt-2") == str(STORE_FORMAT).encode()
        assert admin.zscore(NODES, "fmt-2") is not None
    finally:
        assert node.stop() == 0, node.log_tail()
    assert not admin.hexists(FORMATS, "fmt-2")  # a clean stop leaves the nodes

    admin.hdel("krig:formats", "old-live")  # a live node that says nothing: let be
    admin.zadd("krig:nodes", {"old-live": int(time.time() * 1000)})
    node.start()
    assert node.stop() == 0, node.log_tail()
    warned = [
        json.loads(line)
        for line in node.log_path.read_text().splitlines()
        if '"nodes_without_store_format"' in line
    ]
    assert len(warned) == 1 and warned[0]["nodes"] == ["old-live"], warned
    admin.flushdb()
