"""The client session keeps the spec's promises to a newer server: against a real
WebSocket server that plays a scripted part (msgpack frames, as a server sends them).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import msgspec
import pytest
from websockets.asyncio.server import ServerConnection, serve

from client_cli.session import Session
from protocol import messages as m
from protocol.codec import decode_client, encode
from server.store.embedded import free_port
from tools.examples import SERVER_EXAMPLES

ROOM = next(msg.room for msg in SERVER_EXAMPLES if isinstance(msg, m.RoomChanged))


@pytest.fixture()
async def scripted() -> AsyncIterator[tuple[list[object], Callable[[list[bytes]], str]]]:
    """A server that answers hello with a welcome into room KX7P-Q3, then sends the frames
    it is given; ``received`` is every client message it read."""
    received: list[object] = []
    frames: list[bytes] = []

    async def handler(ws: ServerConnection) -> None:
        hello = decode_client(await ws.recv())
        assert isinstance(hello, m.Hello)
        welcome = m.Welcome(
            v=1, session="p1.secret", player="p1", resumed=True, room="KX7P-Q3", seat=0,
            heartbeat_s=20, max_frame=4096,
        )  # fmt: skip
        await ws.send(encode(welcome))
        for frame in frames:
            await ws.send(frame)
        async for raw in ws:
            received.append(decode_client(raw))

    port = free_port()

    def start(script: list[bytes]) -> str:
        frames.extend(script)
        return f"ws://127.0.0.1:{port}/ws"

    async with serve(handler, "127.0.0.1", port):
        yield received, start


async def test_an_unknown_room_event_takes_up_its_number(
    scripted: tuple[list[object], Callable[[list[bytes]], str]],
) -> None:
    received, start = scripted
    future = msgspec.msgpack.encode({"t": "confetti", "seq": 2, "colour": "gold"})
    no_seq = msgspec.msgpack.encode({"t": "sparkle", "amount": 3})  # a private one: no number
    url = start(
        [
            encode(m.Joined(id=None, code="KX7P-Q3", seat=0, seq=1)),
            encode(m.Snapshot(seq=1, room=ROOM, view=None)),
            future,
            no_seq,
            encode(m.PlayerReady(seq=3, seat=1, ready=True)),
        ]
    )
    session = Session(url, "ada")
    await session.connect()
    try:
        await session.wait(lambda t: t.seq == 3, 5)
        await asyncio.sleep(0.3)  # (a resync for a gap that is not one would be sent by now)
        assert session.table.room is not None and session.table.room.seats[1].ready
        assert not [msg for msg in received if isinstance(msg, m.Resync)], received
    finally:
        await session.close()


async def test_a_gap_is_still_a_gap(
    scripted: tuple[list[object], Callable[[list[bytes]], str]],
) -> None:
    """(The test above can fail: a real gap is asked for.)"""
    received, start = scripted
    url = start(
        [
            encode(m.Joined(id=None, code="KX7P-Q3", seat=0, seq=1)),
            encode(m.Snapshot(seq=1, room=ROOM, view=None)),
            encode(m.PlayerReady(seq=3, seat=1, ready=True)),
        ]
    )
    session = Session(url, "ada")
    await session.connect()
    try:
        for _ in range(50):
            if any(isinstance(msg, m.Resync) for msg in received):
                break
            await asyncio.sleep(0.1)
        asks = [msg for msg in received if isinstance(msg, m.Resync)]
        assert asks and asks[0].after == 1
        assert session.table.seq == 1
    finally:
        await session.close()
