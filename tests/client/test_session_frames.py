"""The client hands every binary message (fragmented ones too) to the session; its one
timer ends requests at their deadlines; a welcome in a bundle is read."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.server import ServerConnection, serve

from client_cli.session import TICK_S, Session, SessionClosed
from client_cli.transport import FrameConnection
from protocol import messages as m
from protocol.codec import decode_server, encode
from server.transport import outbox


async def test_the_client_gets_fragmented_messages_whole_and_drops_text() -> None:
    async def handler(ws: ServerConnection) -> None:
        await ws.recv()  # hello
        welcome = m.Welcome(
            v=1, session="p1.tok", player="p1", resumed=False, room=None, seat=None,
            heartbeat_s=20, max_frame=65536,
        )  # fmt: skip
        await ws.send(encode(welcome))
        await ws.send([b"\x82", b"\xa1", b"t"])  # a fragmented (invalid) binary message
        await ws.send("a text message")
        await ws.send(encode(m.Pong(id=7, now_ms=1)))
        await asyncio.sleep(0.5)

    got: list[bytes] = []
    async with serve(handler, "127.0.0.1", 0, compression=None) as server:
        port = server.sockets[0].getsockname()[1]
        session = Session(f"ws://127.0.0.1:{port}", "frag", reconnect=False)
        session._handle = got.append  # type: ignore[method-assign,assignment]
        await session.connect()
        assert isinstance(session.ws, FrameConnection)
        for _ in range(50):
            if len(got) >= 2:
                break
            await asyncio.sleep(0.02)
        await session.close()
    assert got[0] == b"\x82\xa1t"
    assert decode_server(got[1]) == m.Pong(id=7, now_ms=1)
    assert len(got) == 2


async def test_a_sessions_one_timer_ends_requests_and_waits_at_their_deadlines() -> None:
    """No timer per request or wait (session.TICK_S): deadlines are still kept."""

    async def handler(ws: ServerConnection) -> None:  # welcomes, then answers nothing
        await ws.recv()
        welcome = m.Welcome(
            v=1, session="p1.tok", player="p1", resumed=False, room=None, seat=None,
            heartbeat_s=20, max_frame=65536,
        )  # fmt: skip
        await ws.send(encode(welcome))
        await ws.wait_closed()

    loop = asyncio.get_running_loop()
    async with serve(handler, "127.0.0.1", 0, compression=None) as server:
        port = server.sockets[0].getsockname()[1]
        s = Session(f"ws://127.0.0.1:{port}", "silent", reconnect=False)
        await s.connect()
        began = loop.time()
        # (each bounded by wait_for, whose own TimeoutError has no message)
        with pytest.raises(TimeoutError, match="no reply to Ping"):
            await asyncio.wait_for(s.request(lambda i: m.Ping(id=i), timeout=0.6), 5)
        took = loop.time() - began
        assert 0.6 <= took < 0.6 + 2 * TICK_S + 2, took  # (not before; not forever)
        assert not s._waiting and not s._deadlines, "nothing left behind"
        began = loop.time()
        with pytest.raises(TimeoutError, match="condition not reached"):
            await asyncio.wait_for(s.wait(lambda t: t.code == "NEVER", timeout=0.4), 5)
        assert 0.4 <= loop.time() - began < 0.4 + 2 * TICK_S + 2
        # Closed while a wait is on: the wait still ends at its deadline.
        waiting = asyncio.ensure_future(s.wait(lambda t: t.code == "NEVER", timeout=0.5))
        await asyncio.sleep(0.05)
        await s.close()
        with pytest.raises(TimeoutError, match="condition not reached"):
            await asyncio.wait_for(waiting, 5)
        assert s._ticker is not None
        await asyncio.wait_for(s._ticker, 2 * TICK_S + 1)  # and then the ticker ends


async def test_a_session_reads_a_welcome_that_comes_in_a_bundle_and_refuses_an_empty_one() -> None:
    """A krig server sends its welcome alone; a client still reads one bundled."""
    first: list[bytes] = []

    async def handler(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(first[0])
        await ws.wait_closed()

    welcome = m.Welcome(
        v=1, session="p1.tok", player="p1", resumed=False, room="R1", seat=0,
        heartbeat_s=20, max_frame=4096, bundle=True,
    )  # fmt: skip
    joined = m.Joined(id=None, code="R1", seat=0, seq=7)
    async with serve(handler, "127.0.0.1", 0, compression=None) as server:
        url = f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}"
        first.append(outbox.bundled([encode(welcome), encode(joined)])[0])
        s = Session(url, "one", reconnect=False)
        try:
            assert await s.connect() == welcome
            assert (s.table.code, s.table.seat) == ("R1", 0)  # from the joined after it
        finally:
            await s.close()
        first[0] = b"\x90"  # an empty bundle: no welcome in it
        s = Session(url, "two", reconnect=False)
        with pytest.raises(SessionClosed, match="expected welcome"):
            await s.connect()
