"""Faults against real processes (the start of issue 7's suite).

Redis restarted mid-game (SIGTERM, then the same instance and data again):
the server reconnects by itself (bounded backoff; Lua scripts are reloaded on
NOSCRIPT), the clients see a pause, and the game finishes with every card
accounted for.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
import redis
from checks import assert_conserved, load_room, settled_after
from server_support import ServerProc, close_all, play_all, seat_players
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin, Subprotocol

from client_cli.session import ServerError, Session
from protocol import messages as m
from protocol.codec import decode_server, encode
from protocol.limits import MAX_CLIENT_FRAME
from server.store.embedded import RedisProcess, free_port
from server.store.pipe import RETRY_FOR_S

KRIG_V1 = [Subprotocol("krig.v1")]
"""The game's subprotocol as raw clients offer it (written out: the wire name is the contract)."""


async def test_redis_restart_mid_game(tmp_path: Path) -> None:
    port = free_port()
    rp = RedisProcess(port=port, appendonly=True, workdir=str(tmp_path / "redis")).start()
    srv = ServerProc(rp.url, "rr", tmp_path).start()
    sessions = await seat_players(srv.url, 2, "classic", {"max_tricks": 60})
    try:
        for _ in range(5):
            step = sessions[0].table.step
            await asyncio.gather(*(s.flip(step) for s in sessions if s.table.my_turn))
            await asyncio.gather(*(s.wait(settled_after(step)) for s in sessions))
        code = sessions[0].table.code or ""
        before = load_room(rp.url, code)
        rp.stop()  # Redis goes away mid-game...
        await asyncio.sleep(0.5)
        rp.start()  # ...and comes back with its data
        await play_all(sessions, timeout=60)
        assert before.state is not None and before.state.tricks >= 2
        rec = assert_conserved(rp.url, code)
        assert rec.status == "over"
    finally:
        await close_all(sessions)
        srv.stop()
        rp.stop()


async def test_a_hello_while_redis_is_down_is_answered_waiting_for_store(tmp_path: Path) -> None:
    """Redis gone: a hello (a new session is written to Redis) is answered
    ``waiting_for_store`` once the server gives up on Redis (RETRY_FOR_S), not
    ``internal``, and the connection is closed 1013; with Redis back, the client's
    next hello is welcomed."""
    rp = RedisProcess(port=free_port(), appendonly=True, workdir=str(tmp_path / "redis")).start()
    srv = ServerProc(rp.url, "hd", tmp_path).start()
    session = Session(srv.url, "ada")
    try:
        rp.stop()
        async with connect(srv.url, subprotocols=KRIG_V1, compression=None) as ws:
            await ws.send(encode(m.Hello(v=1, name="ada", token=None, client="test")))
            reply = decode_server(await asyncio.wait_for(ws.recv(decode=False), RETRY_FOR_S + 15))
            assert isinstance(reply, m.Error), reply
            assert (reply.id, reply.code) == (None, "waiting_for_store"), reply
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 5)
            assert ws.close_code == 1013
        rp.start()
        await asyncio.wait_for(session.connect(), 30)
        assert session.welcome is not None and not session.welcome.resumed
    finally:
        await session.close()
        assert srv.stop() == 0, srv.log_tail()
        rp.cleanup()


async def test_hostile_frames_are_refused_and_the_server_is_unharmed(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "hostile", tmp_path).start()
    try:
        hello = encode(m.Hello(v=1, name="eve", token=None, client=""))
        # Compression offered: not negotiated (no deflate bombs possible).
        async with connect(srv.url, subprotocols=KRIG_V1, compression="deflate") as ws:
            assert not ws.protocol.extensions
        # One frame over the limit: closed with 1009.
        async with connect(srv.url, subprotocols=KRIG_V1, compression=None, max_size=None) as ws:
            await ws.send(hello)
            await ws.recv()
            try:
                await ws.send(b"\x00" * (MAX_CLIENT_FRAME + 1))
                await asyncio.wait_for(ws.recv(), 5)
            except ConnectionClosed:
                pass
            assert ws.close_code == 1009
        # Fragments that add up past the limit: closed with 1009 too.
        async with connect(srv.url, subprotocols=KRIG_V1, compression=None) as ws:
            await ws.send(hello)
            await ws.recv()
            try:
                await ws.send(iter([b"\x00" * 1500] * 4))
                await asyncio.wait_for(ws.recv(), 5)
            except ConnectionClosed:
                pass
            assert ws.close_code == 1009
        # A burst of garbage: errors, then a policy close; nothing crashes.
        async with connect(srv.url, subprotocols=KRIG_V1, compression=None) as ws:
            await ws.send(hello)
            await ws.recv()
            codes = []
            try:
                for _ in range(40):
                    await ws.send(b"\xc1garbage")
                    raw = await asyncio.wait_for(ws.recv(), 5)
                    assert isinstance(raw, bytes)
                    reply = decode_server(raw)
                    assert isinstance(reply, m.Error)
                    codes.append(reply.code)
            except ConnectionClosed:
                pass
            assert codes and set(codes) == {"bad_frame"}
            assert ws.close_code == 1008
        # The server still plays games.
        sessions = await seat_players(srv.url, 2, "quick", {"max_tricks": 10})
        await play_all(sessions)
        await close_all(sessions)
    finally:
        srv.stop()


async def test_hostile_actions_are_refused_and_change_nothing(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    """Acting out of turn, out of place or for someone else: refused, the room unchanged."""
    srv = ServerProc(redis_proc.url, "rogue", tmp_path).start()
    a, b = await seat_players(srv.url, 2, "arneson")
    watcher = Session(srv.url, "watcher")
    stranger = Session(srv.url, "stranger")
    try:
        for s in (watcher, stranger):
            await s.connect()
        code = a.table.code or ""
        await watcher.spectate(code)
        await asyncio.gather(*(s.wait(lambda t: t.my_turn) for s in (a, b)))
        first = a.table.step
        await asyncio.gather(*(s.choose(first, s.table.hand[0]) for s in (a, b)))
        await asyncio.gather(*(s.wait(settled_after(first)) for s in (a, b)))
        await asyncio.gather(*(s.wait(lambda t: t.my_turn) for s in (a, b)))
        step = a.table.step
        mine, theirs = a.table.hand, b.table.hand
        assert mine and theirs
        not_mine = next(c for c in range(52) if c not in mine)
        before = load_room(redis_proc.url, code)

        async def refused(request: object) -> str:
            try:
                await request  # type: ignore[misc]
            except ServerError as exc:
                return exc.code
            return "accepted"

        assert await refused(a.choose(step, not_mine)) == "card_not_in_hand"
        assert await refused(a.choose(step, theirs[0])) == "card_not_in_hand"  # b's card
        assert await refused(a.flip(step)) == "wrong_action"  # a flip where a choice is due
        assert await refused(a.choose(step - 1, mine[0])) == "stale_step"
        assert await refused(a.choose(step + 1, mine[0])) == "stale_step"
        assert await refused(watcher.choose(step, mine[0])) == "not_a_player"
        assert await refused(stranger.choose(step, mine[0])) == "not_in_room"
        assert await refused(stranger.join(code, seat=0)) in {"seat_taken", "already_started"}
        after = load_room(redis_proc.url, code)
        assert (after.version, after.seq, after.inputs) == (
            before.version,
            before.seq,
            before.inputs,
        )
        # A choice is final: changing it, or making it twice, is refused.
        await a.choose(step, mine[0])
        assert await refused(a.choose(step, mine[1])) == "already_acted"
        assert await refused(a.choose(step, mine[0])) == "already_acted"
        chosen = load_room(redis_proc.url, code)
        assert chosen.inputs == before.inputs + bytes((0, mine[0]))  # the first choice stands
        await play_all([a, b])
        assert a.table.result is not None
    finally:
        await close_all([a, b, watcher, stranger])
        srv.stop()


async def test_address_limits_connections_rooms_and_guesses(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(
        redis_proc.url, "limits", tmp_path, max_conns_per_addr=3, rooms_per_min=2, guess_limit=3
    ).start()
    try:
        held = [await connect(srv.url, subprotocols=KRIG_V1) for _ in range(3)]
        with pytest.raises(InvalidStatus) as err:
            await connect(srv.url, subprotocols=KRIG_V1)
        assert err.value.response.status_code == 429
        assert b"at most 3 connections" in err.value.response.body
        await held.pop().close()
        await asyncio.sleep(0.2)
        held.append(await connect(srv.url, subprotocols=KRIG_V1))
        for ws in held:
            await ws.close()
        await asyncio.sleep(0.2)
        # Counters are per address and shared with other tests on this Redis.
        admin = redis.Redis.from_url(redis_proc.url)
        admin.delete("krig:guess:127.0.0.1", "krig:creates:127.0.0.1")
        admin.close()
        host = Session(srv.url, "host")
        await host.connect()
        codes = []
        for _ in range(3):
            try:
                await host.create("quick", 2)
                await host.leave()
                codes.append("ok")
            except ServerError as exc:
                codes.append(exc.code)
        assert codes == ["ok", "ok", "rate_limited"]
        guesses = [await host.join_or_error(f"ZZZ-ZZ{c}") for c in "2345"]
        assert guesses == ["unknown_room"] * 3 + ["rate_limited"]
        await host.close()
        log = (tmp_path / "limits.log").read_text()
        for event in ("too_many_connections", "room_creation_limited", "room_code_guessing"):
            assert event in log
    finally:
        srv.stop()


async def test_slow_handshakes_are_cut_while_real_clients_connect(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "slowloris", tmp_path, open_timeout_s=1.5).start()
    try:
        slow = []
        for _ in range(20):
            reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
            writer.write(b"GET /ws HTTP/1.1\r\nHost: x\r\n")
            slow.append((reader, writer))

        async def drip() -> None:
            for i in range(40):
                for _, writer in slow:
                    if not writer.is_closing():
                        writer.write(f"X-Slow-{i}: 1\r\n".encode())
                await asyncio.sleep(0.2)

        dripping = asyncio.ensure_future(drip())
        real = Session(srv.url, "real")
        await real.connect()  # a real client gets through meanwhile
        await real.close()
        started = asyncio.get_running_loop().time()
        for reader, _ in slow:
            rest = await asyncio.wait_for(reader.read(), 10)  # EOF: the server hung up
            assert b"101" not in rest
        assert asyncio.get_running_loop().time() - started < 6
        dripping.cancel()
        for _, writer in slow:
            writer.close()
    finally:
        srv.stop()


async def test_origin_allow_list(redis_proc: RedisProcess, tmp_path: Path) -> None:
    srv = ServerProc(
        redis_proc.url, "origins", tmp_path, allowed_origins="https://war.example"
    ).start()
    try:
        with pytest.raises(InvalidStatus) as err:
            await connect(
                srv.url,
                subprotocols=KRIG_V1,
                origin=Origin("https://evil.example"),
            )
        assert err.value.response.status_code == 403
        for origin in (Origin("https://war.example"), None):  # a browser on the list; the CLI
            async with connect(srv.url, subprotocols=KRIG_V1, origin=origin) as ws:
                assert ws.subprotocol == "krig.v1"
    finally:
        srv.stop()


async def test_a_flooder_is_closed_while_other_rooms_play(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "flood", tmp_path, msg_rate=300, msg_burst=300).start()
    try:
        sessions = await seat_players(srv.url, 2, "quick", {"max_tricks": 60})
        game = asyncio.ensure_future(play_all(sessions))
        async with connect(srv.url, subprotocols=KRIG_V1, compression=None) as ws:
            await ws.send(encode(m.Hello(v=1, name="flood", token=None, client="")))
            await ws.recv()
            ping = encode(m.Ping(id=1))
            replies: list[str] = []

            async def read() -> None:
                with contextlib.suppress(ConnectionClosed):
                    async for frame in ws:
                        reply = decode_server(frame)  # type: ignore[arg-type]
                        replies.append(reply.code if isinstance(reply, m.Error) else "pong")

            reader = asyncio.ensure_future(read())
            with contextlib.suppress(ConnectionClosed, OSError):
                for _ in range(20_000):
                    await ws.send(ping)
            await asyncio.wait_for(reader, 10)
            assert ws.close_code == 4008
            assert "rate_limited" in replies and replies.count("pong") < 2_000
        await game  # the other room finished its game
        assert all(s.table.result is not None for s in sessions)
        await close_all(sessions)
    finally:
        srv.stop()


async def test_a_removed_player_never_sees_the_next_holders_hand(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    """Found by the fuzzer: a member kept the seat number it joined with."""
    srv = ServerProc(redis_proc.url, "kick", tmp_path).start()
    host, kicked, newcomer = (Session(srv.url, n, record=True) for n in ("host", "kicked", "new"))
    try:
        for s in (host, kicked, newcomer):
            await s.connect()
        joined = await host.create("arneson", 2, ready_checks=True)
        await kicked.join(joined.code)
        await host.remove_seat(1)
        assert kicked.frames is not None
        kicked.frames.clear()
        await newcomer.join(joined.code)
        assert newcomer.table.seat == 1
        await asyncio.gather(host.ready(), newcomer.ready())
        await asyncio.gather(*(s.wait(lambda t: bool(t.hand)) for s in (host, newcomer)))
        await asyncio.sleep(0.3)
        seen = [decode_server(f) for f in kicked.frames]
        assert any(isinstance(msg, m.GameStarted) for msg in seen)  # it still watches...
        for msg in seen:  # ...as a spectator: no hand, no seat's view
            assert not isinstance(msg, m.Hand)
            if isinstance(msg, m.Snapshot) and msg.view is not None:
                assert msg.view.seat is None and msg.view.hand == []
        assert await kicked.join_or_error("ZZZ-ZZZ") == "already_in_room"
    finally:
        await close_all([host, kicked, newcomer])
        srv.stop()


async def test_limits_count_the_forwarded_address(redis_proc: RedisProcess, tmp_path: Path) -> None:
    """Behind a proxy (client_ip_header), each forwarded client has its own allowance."""
    srv = ServerProc(
        redis_proc.url, "proxied", tmp_path, max_conns_per_addr=1,
        client_ip_header="X-Forwarded-For",
    ).start()  # fmt: skip

    def via(addr: str) -> dict[str, str]:
        return {"X-Forwarded-For": f"203.0.113.99, {addr}"}  # the proxy appends the last one

    try:
        a = await connect(srv.url, subprotocols=KRIG_V1, additional_headers=via("198.51.100.1"))
        b = await connect(srv.url, subprotocols=KRIG_V1, additional_headers=via("198.51.100.2"))
        with pytest.raises(InvalidStatus) as err:
            await connect(
                srv.url,
                subprotocols=KRIG_V1,
                additional_headers=via("198.51.100.1"),
            )
        assert err.value.response.status_code == 429
        await a.close()
        await b.close()
    finally:
        srv.stop()
