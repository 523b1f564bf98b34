"""Frames queued for one client in one loop turn go out in one write, in order with what
websockets writes itself; bundles stay under their limit (real sockets)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import redis.asyncio as aioredis
import websockets
from server_support import (
    ServerProc,
    close_all,
    play_all,
)
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.server import ServerConnection, serve
from websockets.frames import Frame, Opcode

from client_cli.session import Session
from protocol import messages as m
from protocol.codec import decode_server, decode_server_frame, encode, is_bundle, split_frame
from protocol.limits import MAX_BUNDLE
from server.config import Settings
from server.service.node import Node
from server.service.sink import send_msg
from server.store.embedded import RedisProcess
from server.store.keys import LOBBY_CHANNELS
from server.transport import outbox
from server.transport.inbox import OfferingConnection
from server.transport.outbox import wire_frame


async def test_frames_queued_in_one_turn_go_out_in_one_write_and_in_order() -> None:
    writes: list[int] = []
    done = asyncio.get_running_loop().create_future()

    async def handler(ws: ServerConnection) -> None:
        real_write = ws.transport.write

        def counting_write(data: Any) -> None:
            writes.append(len(data))
            real_write(data)

        ws.transport.write = counting_write  # type: ignore[method-assign]
        await ws.recv()
        outbox.send_frames(ws, [b"one"])
        # (framed once, as a room's broadcast is)
        outbox.send_frames(ws, [b"two", b"three"], [wire_frame(b"two"), wire_frame(b"three")])
        await asyncio.sleep(0.01)  # the turn ends: one write for the three
        await ws.send(b"four")
        outbox.send_frames(ws, [b"five"])
        outbox.send_frames(ws, [b"six"])
        await asyncio.sleep(0.01)
        outbox.send_frames(ws, [b"seven"])
        await ws.send(b"eight")  # websockets' own write carries the queued frame out first
        await asyncio.sleep(0.05)
        await ws.close()
        outbox.send_frames(ws, [b"after close"])  # skipped, not raised
        done.set_result(None)

    async with serve(handler, "127.0.0.1", 0, compression=None) as server:
        port = server.sockets[0].getsockname()[1]
        async with websockets.connect(f"ws://127.0.0.1:{port}", compression=None) as ws:
            await ws.send(b"go")
            got = [await ws.recv() for _ in range(8)]
        await done
    assert got == [b"one", b"two", b"three", b"four", b"five", b"six", b"seven", b"eight"]
    # (a frame this small is its payload and a 2-byte header)
    assert writes[:3] == [5 + 5 + 7, 6, 6 + 5], writes
    assert writes[3:5] == [7, 7], writes  # websockets writes each frame it flushes by itself


@contextlib.asynccontextmanager
async def _bundling_client(
    handler: Callable[[OfferingConnection], Awaitable[None]],
) -> AsyncIterator[ClientConnection]:
    """A client of a server whose connection bundles; ``handler`` runs on the
    server's side once the client's first frame is in."""

    async def serve_one(ws: ServerConnection) -> None:
        assert isinstance(ws, OfferingConnection)
        ws.bundle = []
        await ws.recv()
        await handler(ws)

    async with serve(
        serve_one, "127.0.0.1", 0, compression=None, create_connection=OfferingConnection
    ) as server:
        port = server.sockets[0].getsockname()[1]
        async with websockets.connect(f"ws://127.0.0.1:{port}", compression=None) as ws:
            await ws.send(b"go")
            yield ws


async def test_a_bundling_connection_gets_a_turns_messages_in_one_frame_before_a_close() -> None:
    done = asyncio.get_running_loop().create_future()

    async def handler(ws: OfferingConnection) -> None:
        outbox.send_frames(ws, [encode(m.Ack(id=1, step=0))])
        outbox.send_frames(ws, [encode(m.Pong(id=2, now_ms=3))], [b"ignored: pre-framed"])
        await asyncio.sleep(0.01)  # the turn ends: one frame, an array of the two
        outbox.send_frames(ws, [encode(m.Ack(id=4, step=0))])  # alone in its turn: a map
        await asyncio.sleep(0.01)
        outbox.send_frames(ws, [encode(m.Ack(id=i, step=0)) for i in range(5, 25)])
        await ws.close(4000, "bye")  # what was sent before the close goes first
        outbox.send_frames(ws, [encode(m.Ack(id=99, step=0))])  # skipped, not raised
        done.set_result(None)

    frames: list[bytes] = []
    async with _bundling_client(handler) as ws:
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                frame = await ws.recv()
                assert isinstance(frame, bytes)
                frames.append(frame)
        await done
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
    assert [is_bundle(f) for f in frames] == [True, False, True]
    got = [decode_server_frame(f) for f in frames]
    assert got[0] == [m.Ack(id=1, step=0), m.Pong(id=2, now_ms=3)]
    assert got[1] == [m.Ack(id=4, step=0)]
    assert got[2] == [m.Ack(id=i, step=0) for i in range(5, 25)]  # (20: a 2-byte count)


async def test_a_lobby_change_goes_after_what_a_bundling_watcher_was_sent_in_the_same_turn() -> (
    None
):
    node = Node(
        Settings(redis_url="redis://127.0.0.1:1"),
        aioredis.Redis.from_url("redis://127.0.0.1:1"),
        "lobbynode",
    )
    change = encode(m.Ack(id=2, step=0))  # (stands for a lobby_room frame from pub/sub)
    done = asyncio.get_running_loop().create_future()

    async def handler(ws: OfferingConnection) -> None:
        node.watch_lobby("c1", ws)
        send_msg(ws, m.Lobby(id=1, rooms=[]))  # the reply to watch_lobby, still in the bundle
        node.relay.on_message(LOBBY_CHANNELS[0].encode(), change)
        await asyncio.sleep(0.05)
        done.set_result(None)

    async with _bundling_client(handler) as ws:
        frame = await ws.recv()
        assert isinstance(frame, bytes)
        await done
    assert decode_server_frame(frame) == [m.Lobby(id=1, rooms=[]), m.Ack(id=2, step=0)]


def test_bundles_stay_under_their_limit_and_a_bigger_message_goes_alone() -> None:
    small = [bytes([0xA1, 0x61]) for _ in range(3)]
    assert outbox.bundled(small[:1]) == small[:1]
    assert outbox.bundled(small) == [b"\x93" + b"".join(small)]
    big = b"\xc6" + MAX_BUNDLE.to_bytes(4, "big") + bytes(MAX_BUNDLE)  # a bin of 64 KiB
    half = b"\xc5" + (MAX_BUNDLE // 2).to_bytes(2, "big") + bytes(MAX_BUNDLE // 2)
    payloads = outbox.bundled([small[0], half, half, big, small[1], small[2]])
    assert payloads == [
        b"\x92" + small[0] + half,
        half,
        big,
        b"\x92" + small[1] + small[2],
    ]
    assert all(len(p) <= MAX_BUNDLE for p in payloads if p is not big)
    many = [bytes([i % 128]) for i in range(70_000)]  # (a 2-byte count; two bundles)
    payloads = outbox.bundled(many)
    assert [p[:3] for p in payloads] == [
        b"\xdc\xff\xfb",
        b"\xdc" + (70_000 - 65531).to_bytes(2, "big"),
    ]
    assert [msg for p in payloads for msg in split_frame(p)] == many


async def test_a_bundling_and_a_plain_client_see_the_same_messages_in_the_same_order(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    server = ServerProc(redis_proc.url, "bundles", tmp_path).start()
    frames: dict[str, list[bytes]] = {"a": [], "b": []}
    a = Session(server.url, "a", record=True)  # asks for bundles (the default)
    b = Session(server.url, "b", record=True, bundle=False)
    try:
        for s in (a, b):
            welcome = await s.connect()
            assert welcome.bundle is s.bundle
        joined = await a.create("classic", 2, options={"max_tricks": 30})
        await b.join(joined.code)
        for name, s in (("a", a), ("b", b)):
            assert s.ws is not None and s.ws.on_frame is not None
            handle = s.ws.on_frame

            def counted(frame: bytes, name: str = name, handle: Any = handle) -> None:
                frames[name].append(frame)
                handle(frame)

            s.ws.on_frame = counted
            s.frames = []  # (b joined after a: from here both see the same room events)
        await asyncio.gather(a.ready(), b.ready())
        await play_all([a, b])
        await a.wait(lambda t: t.seq == b.table.seq)
        await b.wait(lambda t: t.seq == a.table.seq)
        assert a.frames is not None and b.frames is not None

        def events(recorded: list[bytes]) -> list[m.ServerMessage]:
            return [msg for msg in (decode_server(f) for f in recorded) if m.is_room_event(msg)]

        assert events(a.frames) == events(b.frames)
        assert any(isinstance(e, m.GameOver) for e in events(a.frames))
        assert not any(is_bundle(f) for f in frames["b"])
        assert any(is_bundle(f) for f in frames["a"])
        # The same messages for each (their own acks aside), in fewer frames.
        assert len(a.frames) > len(frames["a"]) * 1.5, (len(a.frames), len(frames["a"]))
        assert len(frames["b"]) == len(b.frames)
        assert a.table.phase == b.table.phase == "over"
    finally:
        await close_all([a, b])
        server.stop()


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70_000])
def test_a_broadcast_is_framed_once_exactly_as_websockets_frames_it(size: int) -> None:
    message = bytes(i % 251 for i in range(size))
    framed = Frame(Opcode.BINARY, message).serialize(mask=False, extensions=[])
    assert wire_frame(message) == framed
