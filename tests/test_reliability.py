"""Faults against real processes (the start of issue 7's suite).

Redis restarted mid-game (SIGTERM, then the same instance and data again):
the server reconnects by itself (bounded backoff; Lua scripts are reloaded on
NOSCRIPT), the clients see a pause, and the game finishes with every card
accounted for.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from server_support import ServerProc, close_all, play_all, seat_players
from test_server import assert_conserved, load_room, settled_after

from server.redis_process import RedisProcess, free_port


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


async def test_hostile_frames_are_refused_and_the_server_is_unharmed(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    from protocol import messages as m
    from protocol.codec import decode_server, encode
    from protocol.limits import MAX_CLIENT_FRAME

    srv = ServerProc(redis_proc.url, "hostile", tmp_path).start()
    try:
        hello = encode(m.Hello(v=1, name="eve", token=None, client=""))
        # Compression offered: not negotiated (no deflate bombs possible).
        async with connect(srv.url, subprotocols=["krig.v1"], compression="deflate") as ws:  # type: ignore[list-item]
            assert not ws.protocol.extensions
        # One frame over the limit: closed with 1009.
        async with connect(
            srv.url, subprotocols=["krig.v1"], compression=None, max_size=None
        ) as ws:  # type: ignore[list-item]
            await ws.send(hello)
            await ws.recv()
            try:
                await ws.send(b"\x00" * (MAX_CLIENT_FRAME + 1))
                await asyncio.wait_for(ws.recv(), 5)
            except ConnectionClosed:
                pass
            assert ws.close_code == 1009
        # Fragments that add up past the limit: closed with 1009 too.
        async with connect(srv.url, subprotocols=["krig.v1"], compression=None) as ws:  # type: ignore[list-item]
            await ws.send(hello)
            await ws.recv()
            try:
                await ws.send(iter([b"\x00" * 1500] * 4))
                await asyncio.wait_for(ws.recv(), 5)
            except ConnectionClosed:
                pass
            assert ws.close_code == 1009
        # A burst of garbage: errors, then a policy close; nothing crashes.
        async with connect(srv.url, subprotocols=["krig.v1"], compression=None) as ws:  # type: ignore[list-item]
            await ws.send(hello)
            await ws.recv()
            codes = []
            try:
                for _ in range(40):
                    await ws.send(b"\xc1garbage")
                    reply = decode_server(await asyncio.wait_for(ws.recv(), 5))
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
