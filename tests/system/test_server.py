"""The server against a real redis-server and real WebSocket connections.

Each test starts ``krig-server`` subprocesses (see server_support.py); games
are played by protocol-only clients from client_cli.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import json
import signal
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
import redis
import websockets
from checks import assert_conserved, assert_no_leak, load_room, settled_after
from server_support import (
    ServerProc,
    close_all,
    play_all,
    seat_players,
)
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Subprotocol

from client_cli.session import ServerError, Session, SessionClosed
from client_cli.table import Table
from protocol import messages as m
from protocol.codec import decode_server, encode
from protocol.version import SUBPROTOCOL
from server.engine import PRESETS
from server.store.embedded import RedisProcess
from server.store.keys import room_key


@pytest.fixture(scope="module")
def server(
    redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProc]:
    proc = ServerProc(redis_proc.url, "solo", tmp_path_factory.mktemp("logs")).start()
    yield proc
    assert proc.stop() == 0, proc.log_tail()


def _at_step(table: Table, step: int) -> bool:
    return table.step == step


SOURCES = list(PRESETS)  # every preset: the five sources and the project's own


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", SOURCES)
async def test_full_game(server: ServerProc, redis_url: str, preset: str, players: int) -> None:
    """A whole game of every preset; every frame every player and a spectator got is audited."""
    sessions = await seat_players(server.url, players, preset, {"max_tricks": 150}, record=True)
    watcher = Session(server.url, "watcher", record=True)
    await watcher.connect()
    await watcher.spectate(sessions[0].table.code or "")
    sessions.append(watcher)
    try:
        await play_all(sessions[:-1])
        await watcher.wait(lambda t: t.result is not None, 10)
        for s in sessions:  # the leak audit: no card before the rules reveal it
            assert s.frames is not None
            assert assert_no_leak(s.frames, s.table.seat) > 10
        overs = [s.table.result for s in sessions]
        assert all(o is not None for o in overs)
        assert len({msgspec.msgpack.encode(o) for o in overs}) == 1  # everyone saw the same end
        rec = assert_conserved(redis_url, sessions[0].table.code or "")
        assert rec.status == "over"
        assert rec.state is not None and rec.state.phase == "over"
        assert sessions[0].table.seq == rec.seq
    finally:
        await close_all(sessions)


async def test_recorder_sees_no_hidden_card(server: ServerProc) -> None:
    for preset, players in (("classic", 3), ("arneson", 2), ("steal", 2), ("latvian", 4)):
        sessions = await seat_players(server.url, players, preset, {"max_tricks": 120}, record=True)
        watcher = Session(server.url, "watcher", record=True)
        await watcher.connect()
        await watcher.spectate(sessions[0].table.code or "")
        try:
            await play_all(sessions)
            await watcher.wait(lambda t: t.result is not None, 10)
            for s in [*sessions, watcher]:
                assert s.frames is not None
                assert assert_no_leak(s.frames, s.table.seat) > 50
        finally:
            await close_all([*sessions, watcher])


async def test_simultaneous_flips_two_nodes(redis_proc: RedisProcess, tmp_path: Path) -> None:
    a = ServerProc(redis_proc.url, "simA", tmp_path).start()
    b = ServerProc(redis_proc.url, "simB", tmp_path).start()
    try:
        sessions = await seat_players(
            [a.url, b.url], 4, "classic", {"max_tricks": 120}, record=True
        )
        try:
            steps = 0
            while sessions[0].table.phase != "over":
                step = sessions[0].table.step
                movers = [s for s in sessions if s.table.seat in s.table.awaiting]
                await asyncio.gather(
                    *(s.wait(functools.partial(_at_step, step=step)) for s in movers)
                )
                # Every awaited seat flips at the same instant, through two nodes.
                await asyncio.gather(*(s.flip(step) for s in movers))
                await asyncio.gather(*(s.wait(settled_after(step)) for s in sessions))
                steps += 1
            assert steps > 10
            for s in sessions:
                assert s.frames is not None
                msgs = [decode_server(f) for f in s.frames]
                reveals = [x.step for x in msgs if isinstance(x, m.Revealed)]
                assert reveals == list(range(len(reveals)))  # exactly one reveal per step
                acted = Counter((x.step, x.seat) for x in msgs if isinstance(x, m.Acted))
                assert set(acted.values()) == {1}  # no flip lost or doubled
                seqs = [
                    x.seq
                    for x in msgs
                    if hasattr(x, "seq") and not isinstance(x, m.Snapshot | m.Hand | m.Joined)
                ]
                assert len(seqs) == len(set(seqs))
        finally:
            await close_all(sessions)
    finally:
        a.stop()
        b.stop()


async def _play_until_war(sessions: list[Session]) -> None:
    for _ in range(2000):
        t = sessions[0].table
        if t.phase == "war":
            return
        assert t.phase != "over", "the game ended before any war"
        step = t.step
        movers = [s for s in sessions if s.table.seat in s.table.awaiting]
        await asyncio.gather(*(s.flip(step) for s in movers))
        await asyncio.gather(*(s.wait(settled_after(step)) for s in sessions))


async def test_sigkill_mid_war_then_restart(redis_proc: RedisProcess, tmp_path: Path) -> None:
    srv = ServerProc(redis_proc.url, "crashy", tmp_path).start()
    sessions = await seat_players(srv.url, 2, "classic", {"max_tricks": 400})
    try:
        await _play_until_war(sessions)
        code = sessions[0].table.code or ""
        before = load_room(redis_proc.url, code)
        assert before.state is not None and before.state.phase == "war"
        srv.kill()  # SIGKILL in the middle of a war
        srv.start()
        await asyncio.gather(*(s.wait(lambda t: t.phase != "lobby", 20) for s in sessions))
        await play_all(sessions)
        assert all(s.reconnects >= 1 for s in sessions)
        rec = assert_conserved(redis_proc.url, code)
        assert rec.status == "over"
        assert rec.state is not None and rec.state.tricks >= before.state.tricks
        assert sessions[0].table.result == sessions[1].table.result
    finally:
        await close_all(sessions)
        srv.stop()


async def test_two_nodes_full_game_then_failover(redis_proc: RedisProcess, tmp_path: Path) -> None:
    a = ServerProc(redis_proc.url, "nodeA", tmp_path).start()
    b = ServerProc(redis_proc.url, "nodeB", tmp_path).start()
    sessions = await seat_players([a.url, b.url], 4, "quick", {"max_tricks": 100})
    try:
        assert {s.url for s in sessions} == {a.url, b.url}
        await play_all(sessions)
        code = sessions[0].table.code or ""
        assert_conserved(redis_proc.url, code)
        # Rematch, play a little, then node A dies: its players resume on B.
        for s in sessions:
            await s.rematch()
        await asyncio.gather(*(s.wait(lambda t: t.phase == "battle") for s in sessions))
        for _ in range(5):
            step = sessions[0].table.step
            movers = [s for s in sessions if s.table.seat in s.table.awaiting]
            await asyncio.gather(*(s.flip(step) for s in movers))
            await asyncio.gather(*(s.wait(settled_after(step)) for s in sessions))
        on_a = [s for s in sessions if s.url == a.url]
        a.kill()
        await play_all(sessions)
        assert all(s.url == b.url for s in on_a)
        assert all(s.reconnects >= 1 for s in on_a)
        rec = assert_conserved(redis_proc.url, code)
        assert rec.game == 2 and rec.status == "over"
    finally:
        await close_all(sessions)
        a.stop()
        b.stop()


async def test_disconnected_seat_is_played_after_grace(server: ServerProc, redis_url: str) -> None:
    sessions = await seat_players(server.url, 2, "classic", {"max_tricks": 25})
    stay, quit_ = sessions
    try:
        quit_.reconnect = False
        await quit_.close()
        await play_all([stay], timeout=90)
        rec = assert_conserved(redis_url, stay.table.code or "")
        assert rec.status == "over"
        assert rec.seats[1].conn == "" and rec.seats[1].since_ms > 0
    finally:
        await close_all(sessions)


async def test_tokens(server: ServerProc) -> None:
    sessions = await seat_players(server.url, 2, "classic")
    a, b = sessions
    try:
        a_token, b_token = a.token or "", b.token or ""
        # Resume b on a new connection: same seat, a new token, the old one dies.
        b2 = Session(server.url, "bo", token=b_token)
        welcome = await b2.connect()
        assert welcome.resumed and welcome.seat == 1 and welcome.room == a.table.code
        assert b2.token != b_token
        await b2.wait(lambda t: t.phase == "battle")
        ack = await b2.flip(b2.table.step)
        assert ack.step == 0
        for bad in (
            b_token,  # already used to resume: rotated away
            "p000000000000.forged-secret",
            b_token.split(".")[0] + "." + a_token.split(".")[1],  # seat 1's id with seat 0's secret
            "not-a-token",
        ):
            with pytest.raises(SessionClosed, match="bad_session"):
                await Session(server.url, "eve", token=bad, reconnect=False).connect()
        await b2.close()
    finally:
        await close_all(sessions)


async def test_refusals_over_the_wire(server: ServerProc) -> None:
    sessions = await seat_players(server.url, 2, "classic")
    a, b = sessions
    try:
        step = a.table.step
        await a.flip(step)
        with pytest.raises(ServerError) as err:
            await a.flip(step)
        assert err.value.code == "already_acted"
        with pytest.raises(ServerError) as err:
            await b.flip(step + 5)
        assert err.value.code == "stale_step"
        with pytest.raises(ServerError) as err:
            await b.choose(step, 59)
        assert err.value.code == "wrong_action"
        with pytest.raises(ServerError) as err:
            await b.join("ZZZ-ZZZ")
        assert err.value.code == "already_in_room"
        lone = Session(server.url, "lone")
        await lone.connect()
        for req, code in (
            (lone.flip(0), "not_in_room"),
            (lone.join("222-222"), "unknown_room"),
            (lone.join("not a code"), "unknown_room"),
            (lone.create("nordic"), "bad_rules"),
            (lone.create("classic", options={"war_down": 99}), "bad_rules"),
        ):
            with pytest.raises(ServerError) as err:
                await req
            assert err.value.code == code
        full = await lone.join_or_error(a.table.code or "")
        assert full in {"room_full", "already_started"}
        await lone.close()
        # the room is unharmed: b still plays on
        await b.flip(step)
        await a.wait(lambda t: t.step > step)
    finally:
        await close_all(sessions)


async def test_http_endpoints_and_handshake(server: ServerProc) -> None:
    def get(path: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(server.http + path, timeout=5) as resp:
                return resp.status, resp.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode()

    assert get("/healthz") == (200, "ok\n")
    assert get("/readyz")[0] == 200
    status, text = get("/metrics")
    assert (
        status == 200
        and "krig_flips_total" in text
        and "krig_reveal_latency_seconds_bucket" in text
    )
    assert get("/nope")[0] == 404
    with pytest.raises(InvalidStatus) as err:
        await websockets.connect(server.url, subprotocols=["krig.v9"])  # type: ignore[list-item]
    assert err.value.response.status_code == 426
    assert b"krig.v1" in err.value.response.body
    async with websockets.connect(server.url, subprotocols=["krig.v1"]) as ws:  # type: ignore[list-item]
        await ws.send(encode(m.Hello(v=2, name="future", token=None, client="")))
        reply = decode_server(await ws.recv())  # type: ignore[arg-type]
        assert isinstance(reply, m.Error) and reply.code == "unsupported_version"
        with pytest.raises(ConnectionClosed) as closed:
            await ws.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
    async with websockets.connect(server.url, subprotocols=["krig.v1"]) as ws:  # type: ignore[list-item]
        await ws.send(encode(m.Ping(id=1)))
        reply = decode_server(await ws.recv())  # type: ignore[arg-type]
        assert isinstance(reply, m.Error) and reply.code == "hello_first" and reply.id == 1
    async with websockets.connect(server.url, subprotocols=["krig.v1"]) as ws:  # type: ignore[list-item]
        await ws.send(encode(m.Hello(v=1, name="t", token=None, client="")))
        assert isinstance(decode_server(await ws.recv()), m.Welcome)  # type: ignore[arg-type]
        await ws.send("a text frame")
        reply = decode_server(await ws.recv())  # type: ignore[arg-type]
        assert isinstance(reply, m.Error) and reply.code == "bad_frame"
        await ws.send(b"\x81\xa1t\xa8teleport")
        reply = decode_server(await ws.recv())  # type: ignore[arg-type]
        assert isinstance(reply, m.Error) and reply.code == "unknown_type"
        await ws.send(encode(m.Ping(id=9)))
        assert isinstance(decode_server(await ws.recv()), m.Pong)  # type: ignore[arg-type]


async def test_sigterm_closes_clients_with_1012(redis_proc: RedisProcess, tmp_path: Path) -> None:
    srv = ServerProc(redis_proc.url, "term", tmp_path).start()
    async with websockets.connect(srv.url, subprotocols=["krig.v1"]) as ws:  # type: ignore[list-item]
        await ws.send(encode(m.Hello(v=1, name="t", token=None, client="")))
        await ws.recv()
        srv.signal(signal.SIGTERM)
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    assert srv.stop() == 0, srv.log_tail()


def test_sigterm_repeated_while_stopping_still_exits_cleanly(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    """An orchestrator or an operator may repeat SIGTERM: however late the repeat
    (here, every millisecond until the process is gone), the exit stays clean."""
    srv = ServerProc(redis_proc.url, "term2", tmp_path).start()
    assert srv.proc is not None
    srv.signal(signal.SIGTERM)
    deadline = time.monotonic() + 20
    while srv.proc.poll() is None and time.monotonic() < deadline:
        with contextlib.suppress(ProcessLookupError):
            srv.signal(signal.SIGTERM)
        time.sleep(0.001)
    assert srv.stop() == 0, srv.log_tail()


def test_a_stop_right_after_the_start_ends_every_background_job(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    """Stopped while its background jobs make their first Redis calls, each job
    ends when cancelled: none is left for the stop to wait out. (Python 3.11's
    asyncio.wait_for, inside redis-py, could swallow the cancel: the jobs went on
    and every such stop logged background_jobs_still_running and waited 3 s.)"""
    for _ in range(3):
        srv = ServerProc(redis_proc.url, "quickstop", tmp_path).start()
        assert srv.stop() == 0, srv.log_tail()
    log = srv.log_path.read_text()
    assert log.count('"event": "stopped"') == 3, srv.log_tail()
    assert "background_jobs_still_running" not in log, srv.log_tail()


def test_a_server_says_where_it_waits_on_sigusr1_and_sigabrt(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    """What ServerProc.stop asks of a server that will not stop: its tasks and
    where each waits (SIGUSR1, and it keeps serving), then every thread's stack
    (SIGABRT, faulthandler)."""
    srv = ServerProc(redis_proc.url, "probe", tmp_path).start()
    try:
        srv.signal(signal.SIGUSR1)
        deadline = time.monotonic() + 10
        tasks: dict[str, Any] = {}
        while not tasks and time.monotonic() < deadline:
            time.sleep(0.05)
            lines = srv.log_path.read_text().splitlines()
            events = [json.loads(x) for x in lines if x.startswith("{")]
            tasks = next((e for e in events if e["event"] == "tasks"), {})
        assert tasks, srv.log_tail()
        assert tasks["count"] >= 5 and len(tasks["waiting_in"]) == tasks["count"]
        for job in ("listen", "heartbeat", "reap_nodes", "sweep", "reconcile"):
            # (server.service.pubsub, .sweep, .jobs)
            owner = {"listen": "Relay", "sweep": "Sweep"}.get(job, "Jobs")
            assert any(w.startswith(f"{job}: {owner}.") for w in tasks["waiting_in"]), tasks
        assert srv.proc is not None and srv.proc.poll() is None  # still serving
        srv.signal(signal.SIGABRT)
        assert srv.proc.wait(10) == -signal.SIGABRT
        log = srv.log_path.read_text()
        assert "Fatal Python error: Aborted" in log and "(most recent call first)" in log, log
    finally:
        srv.kill()


async def test_lobby_lists_public_rooms_only(server: ServerProc) -> None:
    host_pub, host_priv, looker = (Session(server.url, n) for n in ("pub", "priv", "look"))
    for s in (host_pub, host_priv, looker):
        await s.connect()
    try:
        pub = await host_pub.create("quick", 3, public=True)
        priv = await host_priv.create("quick", 2, public=False)
        listing = await looker.lobby()
        codes = {r.code: r for r in listing.rooms}
        assert pub.code in codes and priv.code not in codes
        assert (codes[pub.code].players, codes[pub.code].taken, codes[pub.code].state) == (
            3,
            1,
            "lobby",
        )
        await looker.join(pub.code)
        listing = await looker.lobby()
        assert {r.code: r.taken for r in listing.rooms}[pub.code] == 2
    finally:
        await close_all([host_pub, host_priv, looker])


async def test_leave_frees_the_seat_and_host_moves(server: ServerProc) -> None:
    a, b, c = (Session(server.url, n) for n in ("a", "b", "c"))
    for s in (a, b, c):
        await s.connect()
    try:
        joined = await a.create("classic", 2, ready_checks=True)  # (stays in the lobby)
        await b.join(joined.code)
        assert await c.join_or_error(joined.code) == "room_full"
        await a.leave()
        await b.wait(lambda t: t.room is not None and t.room.seats[0].name is None)
        await c.join(joined.code)  # the freed seat
        await c.wait(lambda t: t.room is not None)
        with pytest.raises(ServerError) as err:
            await c.start()
        assert err.value.code in {"not_host", "not_ready"}
        await b.ready()
        await c.ready()  # all ready: the game starts by itself
        await b.wait(lambda t: t.phase == "battle")
    finally:
        await close_all([a, b, c])


async def test_resume_elsewhere_closes_the_old_connection(server: ServerProc) -> None:
    sessions = await seat_players(server.url, 2, "classic")
    a = sessions[0]
    try:
        a.reconnect = False
        twin = Session(server.url, "a", token=a.token)
        welcome = await twin.connect()
        assert welcome.resumed and welcome.seat == 0
        ws = a.ws
        assert ws is not None
        await asyncio.wait_for(ws.wait_closed(), 5)
        assert ws.close_code == 4002
        await twin.flip(twin.table.step)  # the seat plays on from the new connection
        await twin.close()
    finally:
        await close_all(sessions)


async def test_room_code_guessing_is_rate_limited(redis_proc: RedisProcess, tmp_path: Path) -> None:
    srv = ServerProc(redis_proc.url, "guess", tmp_path, guess_limit=5).start()
    client = redis.Redis.from_url(redis_proc.url)
    for key in client.scan_iter("krig:guess:*"):
        client.delete(key)  # other tests' unknown codes from this address
    client.close()
    s = Session(srv.url, "guesser")
    await s.connect()
    try:
        codes = [
            await s.join_or_error(f"{n:03d}-ABC".replace("0", "2").replace("1", "3"))
            for n in range(8)
        ]
        assert codes[:5] == ["unknown_room"] * 5
        assert set(codes[5:]) == {"rate_limited"}
    finally:
        await s.close()
        srv.stop()


async def test_idle_rooms_expire_and_records_are_kept(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "ttl", tmp_path, room_ttl_s=2, record_ttl_s=300).start()
    try:
        lone = Session(srv.url, "lone")
        await lone.connect()
        idle = await lone.create("classic", 2)
        await lone.close()
        client = redis.Redis.from_url(redis_proc.url)
        assert 0 < client.ttl(room_key(idle.code)) <= 2
        sessions = await seat_players(srv.url, 2, "classic", {"max_tricks": 20})
        await play_all(sessions)
        finished = sessions[0].table.code or ""
        assert client.ttl(room_key(finished)) > 250  # the finished game's record is kept
        await asyncio.sleep(2.5)
        assert client.exists(room_key(idle.code)) == 0
        probe = Session(srv.url, "probe")
        await probe.connect()
        assert await probe.join_or_error(idle.code) == "unknown_room"
        await close_all([*sessions, probe])
        client.close()
    finally:
        srv.stop()


async def test_a_retried_action_id_is_applied_once(server: ServerProc) -> None:
    sessions = await seat_players(server.url, 2, "classic", record=True)
    a, b = sessions
    try:
        ws = a.ws
        assert ws is not None
        frame = encode(m.FlipCard(id=777, step=0))
        await ws.send(frame)
        await ws.send(frame)  # the same action again, as after a lost reply
        await a.wait(lambda t: 0 in t.acted)
        await b.flip(0)
        await a.wait(lambda t: t.step == 1)
        assert a.frames is not None
        msgs = [decode_server(f) for f in a.frames]
        acks = [x for x in msgs if isinstance(x, m.Ack) and x.id == 777]
        assert len(acks) == 2 and {x.step for x in acks} == {0}
        assert sum(1 for x in msgs if isinstance(x, m.Acted) and x.seat == 0) == 1
        assert sum(1 for x in msgs if isinstance(x, m.Revealed)) == 1
    finally:
        await close_all(sessions)


async def test_each_finished_game_logs_one_summary_line(server: ServerProc) -> None:
    sessions = await seat_players(server.url, 2, "quick", {"max_tricks": 30})
    try:
        await play_all(sessions)
        code = sessions[0].table.code or ""
    finally:
        await close_all(sessions)
    await asyncio.sleep(0.2)
    lines = [
        line
        for line in server.log_path.read_text().splitlines()
        if '"game_over"' in line and f'"room": "{code}"' in line
    ]
    assert len(lines) == 1
    assert '"reason"' in lines[0] and '"tricks"' in lines[0] and '"winners"' in lines[0]


def test_settings_from_environment_and_flags() -> None:
    import argparse

    from server import config

    parser = argparse.ArgumentParser()
    config.add_arguments(parser)
    env = {"KRIG_PORT": "9000", "KRIG_GRACE_S": "5.5", "KRIG_REDIS_URL": "redis://r:6379/0"}
    settings = config.load(parser.parse_args(["--port", "9100"]), env)
    assert (settings.port, settings.grace_s, settings.redis_url) == (9100, 5.5, "redis://r:6379/0")
    with pytest.raises(config.SettingsError, match="KRIG_PORT='lots' is not a whole number"):
        config.load(None, {"KRIG_PORT": "lots"})


async def test_client_table_tracks_counts_and_cards_from_events(
    server: ServerProc, redis_url: str
) -> None:
    # The client's own bookkeeping (no snapshot after the start) must agree with the server.
    for preset in ("steal", "arneson", "latvian"):
        sessions = await seat_players(server.url, 3, preset, {"max_tricks": 40})
        try:
            await play_all(sessions)
            rec = load_room(redis_url, sessions[0].table.code or "")
            assert rec.state is not None
            held = [rec.state.held(s) for s in range(3)]
            for s in sessions:
                assert s.table.counts == held, preset
                if rec.state.reason not in ("exhausted_tie", "short_war"):
                    assert all(row == [] for row in s.table.on_table)
        finally:
            await close_all(sessions)


async def test_a_game_that_ended_unseen_still_counts_as_ended(server: ServerProc) -> None:
    # A client that learns the end from a snapshot (it arrived late, or fell
    # further behind than the resync log reaches) has the same result as the
    # players who saw the game_over event.
    sessions = await seat_players(server.url, 2, "classic", {"max_tricks": 30})
    late = Session(server.url, "late", record=True)
    try:
        await play_all(sessions)
        await late.connect()
        await late.spectate(sessions[0].table.code or "")
        await late.wait(lambda t: t.phase == "over", 10)
        assert late.table.games_over == 1
        assert late.table.result is not None and sessions[0].table.result is not None
        ended = sessions[0].table.result
        assert (late.table.result.result, late.table.result.winners) == (
            ended.result,
            ended.winners,
        )
        assert late.table.result.reason == ended.reason
        assert late.table.counts == sessions[0].table.counts
        # The game_over event and a later snapshot of the same game count once.
        assert late.frames is not None
        snaps = [f for f in late.frames if isinstance(decode_server(f), m.Snapshot)]
        player = sessions[1]
        player._handle(snaps[-1])
        assert player.table.seq == late.table.seq
        assert player.table.games_over == 1
    finally:
        await close_all([*sessions, late])


async def test_events_that_arrive_out_of_order_are_applied_in_order(server: ServerProc) -> None:
    # A resync answer and a room broadcast can cross on the wire. Replaying a
    # real game's frames with neighbours swapped must end in the same table.
    sessions = await seat_players(server.url, 3, "steal", {"max_tricks": 60}, record=True)
    try:
        await play_all(sessions)
        frames = sessions[1].frames
        assert frames is not None
        events = [f for f in frames if m.is_room_event(decode_server(f))]
        assert len(events) > 100
        shuffled = list(frames)
        swaps = 0
        for i in range(0, len(shuffled) - 1, 7):
            a, b = decode_server(shuffled[i]), decode_server(shuffled[i + 1])
            if m.is_room_event(a) and m.is_room_event(b):
                shuffled[i], shuffled[i + 1] = shuffled[i + 1], shuffled[i]
                swaps += 1
        assert swaps > 10
        replayed = Session(server.url, "replay")
        for frame in shuffled:
            replayed._handle(frame)
        await asyncio.sleep(0)  # the resync requests it queued fail quietly: never connected
        want, got = sessions[1].table, replayed.table
        assert (got.seq, got.games_over, got.counts) == (want.seq, 1, want.counts)
        assert got.result == want.result
        assert got.revealed_cards == want.revealed_cards
    finally:
        await close_all(sessions)


def _resyncs_sent(s: Session) -> list[tuple[float, m.Resync]]:
    """Every resync the session sends from now on, with its loop time (still sent)."""
    asked: list[tuple[float, m.Resync]] = []
    send_quietly = s._send_quietly

    async def spy(message: m.ClientMessage) -> None:
        if isinstance(message, m.Resync):
            asked.append((asyncio.get_running_loop().time(), message))
        await send_quietly(message)

    s._send_quietly = spy  # type: ignore[method-assign]
    return asked


async def _until(check: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait until ``check()`` holds (a slow machine gets time; a failure still fails)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "condition not reached"
        await asyncio.sleep(0.02)


async def test_a_gap_that_stays_open_is_asked_for_again(server: ServerProc) -> None:
    # An event from beyond a gap arrives, and the resync answer does not fill
    # it (here: the event is made up, so the server has nothing after our seq).
    # With no later event to notice the gap by, the session asks every second.
    sessions = await seat_players(server.url, 2, "classic", {"max_tricks": 5})
    s = sessions[0]
    asked = _resyncs_sent(s)
    try:
        seq = s.table.seq
        s._handle(encode(m.Acted(seq=seq + 5, seat=1, step=s.table.step)))
        await _until(lambda: len(asked) >= 3)
        assert [r.after for _, r in asked[:3]] == [seq, seq, seq]
        times = [t for t, _ in asked[:3]]
        assert all(b - a >= 0.9 for a, b in itertools.pairwise(times))  # once a second
        assert s.table.seq == seq  # nothing was made up on the table
    finally:
        await close_all(sessions)


async def test_a_table_moved_on_answer_or_a_failed_resync_asks_again(server: ServerProc) -> None:
    # After a fault a client can be behind with no later event coming to show
    # it: every seat waits for a step the others' tables have not reached. A
    # "stale_step" answer says the server is ahead: the session asks for what
    # it missed. A resync answered with an error is asked again a second later.
    sessions = await seat_players(server.url, 2, "classic", {"max_tricks": 5})
    s = sessions[0]
    asked = _resyncs_sent(s)
    try:
        s._handle(encode(m.Error(id=None, code="stale_step", message="not the current step")))
        await _until(lambda: len(asked) == 1)
        failed_at = asyncio.get_running_loop().time()
        s._handle(encode(m.Error(id=asked[0][1].id, code="internal", message="the server failed")))
        await _until(lambda: len(asked) == 2)
        assert asked[1][0] - failed_at >= 0.9  # a second later, not at once
        s._handle(encode(m.Error(id=None, code="bad_message", message="other answers do not")))
        await asyncio.sleep(1.5)
        assert len(asked) == 2
    finally:
        await close_all(sessions)


def _chat_line(text: str, action_id: int) -> m.Chat:
    return m.Chat(id=action_id, text=text)


async def test_players_and_a_spectator_chat_through_the_server(server: ServerProc) -> None:
    host, guest, watcher = (Session(server.url, n) for n in ("ada", "bo", "wanda"))
    for s in (host, guest, watcher):
        await s.connect()
    try:
        joined = await host.create("classic", 2, ready_checks=True)
        await guest.join(joined.code)
        await watcher.spectate(joined.code)
        await guest.chat("good luck <b>ada</b>")
        await watcher.chat("go bo\x1b]0;pwned\x07")
        expected = [(1, "bo", "good luck <b>ada</b>"), (None, "wanda", "go bo ]0;pwned")]
        for s in (host, guest, watcher):
            await s.wait(lambda t: len(t.chat) == 2)
            assert [(c.seat, c.name, c.text) for c in s.table.chat] == expected
        with pytest.raises(ServerError) as empty:
            await host.chat("   ")
        assert empty.value.code == "bad_message"
        await host.configure(chat=False)
        await guest.wait(lambda t: t.room is not None and not t.room.chat)
        with pytest.raises(ServerError) as off:
            await guest.chat("hello?")
        assert off.value.code == "chat_off"
        await host.configure(chat=True)
        await guest.wait(lambda t: t.room is not None and t.room.chat)
        codes = []
        for i in range(8):  # a burst of 5 is let through, then about one every 2 s
            line = functools.partial(_chat_line, f"spam {i}")
            try:
                await guest.request(line, retry_rate_limited=False)
            except ServerError as exc:
                codes.append(exc.code)
        assert codes and set(codes) == {"rate_limited"}
    finally:
        await close_all([host, guest, watcher])


async def test_a_second_player_of_the_same_name_is_told_apart(server: ServerProc) -> None:
    a, b = Session(server.url, "sam"), Session(server.url, "Sam")
    for s in (a, b):
        await s.connect()
    try:
        joined = await a.create("classic", 2)
        await b.join(joined.code)
        await a.wait(lambda t: t.room is not None and t.room.state == "playing")
        assert a.table.room is not None
        assert [s.name for s in a.table.room.seats] == ["sam", "Sam 2"]
    finally:
        await close_all([a, b])


async def _until_reply(ws: ClientConnection, action_id: int) -> list[object]:
    """What ``ws`` is sent up to the reply to ``action_id``, that reply last."""
    seen: list[object] = []
    while True:
        msg = decode_server(await asyncio.wait_for(ws.recv(), 5))  # type: ignore[arg-type]
        seen.append(msg)
        if getattr(msg, "id", None) == action_id:
            return seen


async def test_resync_gets_exactly_one_reply_with_its_id(server: ServerProc) -> None:
    """PROTOCOL.md §3: one private reply per action. A resync got the events (or a
    snapshot) and nothing carrying its id, so a client waiting for it hung."""
    async with websockets.connect(server.url, subprotocols=[Subprotocol(SUBPROTOCOL)]) as ws:

        async def until_reply(action_id: int) -> list[object]:
            return await _until_reply(ws, action_id)

        await ws.send(encode(m.Hello(v=1, name="ada", token=None, client="t")))
        assert isinstance(decode_server(await ws.recv()), m.Welcome)  # type: ignore[arg-type]
        await ws.send(encode(m.Resync(id=1, after=0)))
        (refused,) = await until_reply(1)  # not in a room yet: refused, with its id
        assert isinstance(refused, m.Error) and refused.code == "not_in_room"
        create = m.CreateRoom(
            id=2, preset="classic", options={}, seats=2, public=False, ready_checks=True
        )
        await ws.send(encode(create))
        await until_reply(2)
        await ws.send(encode(m.Resync(id=3, after=0)))
        replayed = await until_reply(3)
        assert [type(x) for x in replayed] == [m.Snapshot, m.PlayerJoined, m.Ack], replayed
        assert replayed[-1] == m.Ack(id=3, step=0)
        for i in range(20):  # more events than the room's log keeps
            await ws.send(encode(m.Ready(id=10 + i, ready=i % 2 == 0)))
            await until_reply(10 + i)
        await ws.send(encode(m.Resync(id=41, after=0)))
        answered = await until_reply(41)
        assert [type(x) for x in answered][-2:] == [m.Snapshot, m.Ack]
        assert [getattr(x, "id", None) for x in answered].count(41) == 1


async def test_the_first_resync_after_a_resume_ends_with_a_snapshot(server: ServerProc) -> None:
    """PROTOCOL.md §5: a store that went back in time may have numbered other events
    as the last ones a client was shown, so the resume's snapshot is older than what
    the client holds, and it drops it (the fault simulator's seed 27625: a game that
    never ended). The first resync after a resume is answered with a snapshot too,
    at a number the client holds; a later one is not."""
    sessions = await seat_players(server.url, 2, "classic")
    a = sessions[0]
    a.reconnect = False
    token = a.token
    await a.close()
    sub = [Subprotocol(SUBPROTOCOL)]
    try:
        for _ in range(2):  # (a resume, and a resume of that one)
            async with websockets.connect(server.url, subprotocols=sub) as ws:
                await ws.send(encode(m.Hello(v=1, name="a", token=token, client="t")))
                welcome = decode_server(await ws.recv())  # type: ignore[arg-type]
                assert isinstance(welcome, m.Welcome) and welcome.resumed
                token = welcome.session
                shown: list[object] = []
                while not any(isinstance(x, m.Snapshot) for x in shown):  # (the resume's own)
                    msg = decode_server(await asyncio.wait_for(ws.recv(), 5))  # type: ignore[arg-type]
                    shown.append(msg)
                held = max(getattr(x, "seq", 0) for x in shown)
                await ws.send(encode(m.Resync(id=2, after=held)))
                answered = [x for x in await _until_reply(ws, 2) if not m.is_room_event(x)]
                assert [type(x) for x in answered] == [m.Snapshot, m.Ack], answered
                snapshot = answered[0]
                assert isinstance(snapshot, m.Snapshot) and snapshot.seq >= held
                await ws.send(encode(m.Resync(id=3, after=snapshot.seq)))
                again = [x for x in await _until_reply(ws, 3) if not m.is_room_event(x)]
                assert [type(x) for x in again] == [m.Ack], again  # (not the first since)
    finally:
        await close_all(sessions)
