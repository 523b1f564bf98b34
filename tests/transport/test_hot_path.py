"""The hot path's shortcuts keep their promises: on real Redis, real sockets, real processes.

- a commit is published only when another node listens to the room, and
  whenever the committing node cannot vouch for who listens;
- frames queued for one client in one loop turn go out in one write, in
  order with what websockets writes itself;
- the client hands every binary message (fragmented ones too) to the session;
- commands queued on the Redis pipe in one turn keep their replies apart.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import platform
import subprocess
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, cast

import pytest
import redis
import redis.asyncio as aioredis
import websockets
from prometheus_client import CollectorRegistry, generate_latest
from server_support import (
    KRIG_SERVER,
    ROOT,
    ServerProc,
    close_all,
    journal_of,
    log_frames,
    play_all,
    room_in_redis,
    room_version,
    seat_players,
    stored,
    tail_length,
)
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.server import ServerConnection, serve
from websockets.frames import Frame, Opcode

from client_cli.session import TICK_S, Session, SessionClosed
from client_cli.table import Table
from client_cli.transport import FrameConnection
from krig_runtime.process import steady_malloc
from protocol import messages as m
from protocol.codec import decode_server, decode_server_frame, encode, is_bundle, split_frame
from protocol.errors import ErrorCode
from protocol.limits import MAX_BUNDLE
from server import metrics, rooms
from server.config import Settings
from server.engine import census
from server.rooms import Commit, Outcome, Private, Refused
from server.rooms.state import PlayInput, RoomRecord, decode_record, encode_record
from server.service.node import Node
from server.service.service import STEPS_PER_RECORD, RoomService
from server.service.sink import send_msg
from server.store.embedded import RedisProcess, free_port
from server.store.keys import LOBBY_CHANNELS, LOBBY_KEYS, channel, due_key_of, lobby_shard_of
from server.store.pipe import RedisPipe
from server.store.store import Store
from server.store.subscription import RawSubscription
from server.store.update import RoomUpdate
from server.transport import outbox
from server.transport.inbox import OfferingConnection
from server.transport.outbox import wire_frame

CODE = "HOTP1"


def _update(version: int) -> RoomUpdate:
    return RoomUpdate(
        code=CODE,
        version=version,
        first_seq=version,
        last_seq=version,
        record=b"record %d" % version,
        frames=[b"frame %d" % version],
        acted_ms=0,
    )


async def _heard(got: list[Any], count: int, wait: float = 0.3) -> bool:
    """Whether ``got`` reaches ``count`` items within ``wait`` seconds."""
    for _ in range(int(wait / 0.02)):
        if len(got) >= count:
            return True
        await asyncio.sleep(0.02)
    return len(got) >= count


@pytest.fixture()
async def db(redis_proc: RedisProcess) -> AsyncIterator[tuple[str, aioredis.Redis, RedisPipe]]:
    """A database of its own on the session's Redis: its URL, a client and a commit pipe."""
    url = redis_proc.url.rsplit("/", 1)[0] + "/4"
    client = aioredis.Redis.from_url(url)
    pipe = RedisPipe(url, "hot-path-test")
    yield url, client, pipe
    await pipe.close()
    await client.aclose()


async def test_a_commit_is_published_only_when_another_node_serves_the_room(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    url, client, pipe = db
    store = Store(client, pipe=pipe, log_keep=16, room_ttl_s=60, record_ttl_s=60, session_ttl_s=60)
    other: list[bytes] = []
    them = await RawSubscription.open(pipe, "hot-b", lambda _c, d: other.append(d))
    version = 0

    async def commit(publish: bool) -> None:
        nonlocal version
        version += 1
        ok = await store.commit(
            _update(version), version - 1, Commit(None, False, Private.NONE), publish=publish
        )
        assert ok

    try:
        await client.delete(f"krig:{{{CODE}}}:room", f"krig:{{{CODE}}}:journal")
        await them.subscribe(channel(CODE))
        # No other node serves the room: nothing published.
        await commit(False)
        assert not await _heard(other, 1)
        # Another node does: published, and it hears it.
        await commit(True)
        assert await _heard(other, 1)
        await commit(False)
        await commit(True)
        assert await _heard(other, 2) and len(other) == 2
        # The room's record was written every time; its journal keeps the last
        # log_keep/8 commits (at least 2) when a record is written.
        assert await client.hget(f"krig:{{{CODE}}}:room", "v") == b"%d" % version == b"4"
        admin = redis.Redis.from_url(url)
        assert store.keep == 2 and log_frames(admin, CODE) == [b"frame 3", b"frame 4"]
        admin.close()
        # A stale version is refused, and leaves no journal entry behind.
        assert not await store.commit(_update(9), 2, Commit(None, False, Private.NONE))
        assert await client.llen(f"krig:{{{CODE}}}:journal") == 2
    finally:
        await them.close()


def test_the_service_publishes_when_a_member_is_on_another_node() -> None:
    service = RoomService(cast(Any, None), cast(Any, None), 1000, "hot-a")
    rec = rooms.new_room(
        "PUB1", "pa", "A", "classic", {}, 2, False, "hot-a:1", 0, Outcome(), ready_checks=True
    )
    assert not service._elsewhere(rec)
    rooms.join(rec, Outcome(), "pb", "B", "hot-a:2", None)
    assert not service._elsewhere(rec)
    assert service._elsewhere(rec, ["hot-b:7"])  # one put out, on another node
    rooms.spectate(rec, Outcome(), "pc", "hot-b:3")
    assert service._elsewhere(rec)
    del rec.spectators["pc"]
    rec.seats[1].conn = "hot-b:4"
    assert service._elsewhere(rec)
    assert RoomService(cast(Any, None), cast(Any, None), 1000)._elsewhere(rec)  # no id: always


def _my_turn_or_over(t: Table) -> bool:
    return t.my_turn or t.phase == "over"


async def test_one_node_publishes_nothing_and_a_second_node_hears_everything(
    tmp_path: Path,
) -> None:
    rp = RedisProcess(port=free_port()).start()  # its own Redis: counted commands are ours
    a = ServerProc(rp.url, "pubA", tmp_path).start()
    b = ServerProc(rp.url, "pubB", tmp_path).start()
    admin = redis.Redis.from_url(rp.url)
    sessions: list[Session] = []
    try:
        sessions = await seat_players(a.url, 2)
        code = sessions[0].table.code
        assert code is not None

        def published() -> int:
            return int(admin.info("commandstats").get("cmdstat_publish", {}).get("calls", 0))

        # (The room's first commits may come before the node's subscription is
        # confirmed, and are then published: counted from here.)
        before = published()
        for _ in range(5):
            await asyncio.gather(*(s.flip(s.table.step) for s in sessions if s.table.my_turn))
            await asyncio.gather(*(s.wait(_my_turn_or_over) for s in sessions))
        assert published() == before, "one node serves the room: nothing to publish"
        # A spectator through node B: from now on every commit is published,
        # and B's spectator follows the game to its end, in order.
        watcher = Session(b.url, "watcher")
        sessions.append(watcher)
        await watcher.connect()
        await watcher.spectate(code)
        await play_all(sessions[:2])
        await watcher.wait(lambda t: t.phase == "over", 30)
        assert watcher.table.seq == sessions[0].table.seq
        assert published() > before + 10
    finally:
        await close_all(sessions)
        admin.close()
        for srv in (a, b):
            srv.stop()
        rp.cleanup()


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


async def test_a_command_that_cannot_be_packed_leaves_the_pipe_in_step(
    redis_proc: RedisProcess,
) -> None:
    pipe = RedisPipe(redis_proc.url.rsplit("/", 1)[0] + "/4", "pack-test")
    try:
        results = await asyncio.gather(
            pipe.execute_many([("SET", "pack:a", "A")]),
            pipe.execute_many([("SET", "pack:b", object())]),  # type: ignore[list-item]
            pipe.execute_many([("GET", "pack:a")]),
            return_exceptions=True,
        )
        assert results[0] == [b"OK"]
        assert isinstance(results[1], TypeError)
        assert results[2] == [b"A"]
        assert await pipe.execute_many([("GET", "pack:b")]) == [None]
    finally:
        await pipe.close()


def test_malloc_thresholds_are_taken_on_glibc() -> None:
    assert steady_malloc() == (platform.libc_ver()[0] == "glibc")


async def test_the_server_runs_on_uvloop_and_refuses_an_unknown_loop(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "uv", tmp_path, loop="uvloop").start()
    sessions: list[Session] = []
    try:
        # Capped: an uncapped 3-player classic game is sometimes very long (in
        # 3,000 simulated games the median was 823 tricks, the longest 1.6
        # million), and once it outlasted the 120 s the test gives a game.
        sessions = await seat_players(srv.url, 3, "classic", {"max_tricks": 400})
        await play_all(sessions)
        assert all(s.table.phase == "over" for s in sessions)
        assert len({s.table.seq for s in sessions}) == 1
    finally:
        await close_all(sessions)
        assert srv.stop() == 0, srv.log_tail()
    wrong = subprocess.run(
        [KRIG_SERVER, "serve", "--loop", "tokio", "--port", "1"],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert wrong.returncode == 2 and "unknown event loop 'tokio'" in wrong.stderr


async def _started_room(node: Node, code: str) -> int:
    """A 2-seat classic room on ``node`` with players pa and pb, game started; its step."""
    now = int(time.time() * 1000)
    await node.store.run([("DEL", f"krig:{{{code}}}:room", f"krig:{{{code}}}:journal")])
    rec = rooms.new_room(
        code, "pa", "A", "classic", {}, 2, False, "t:a", now, Outcome(), ready_checks=True
    )
    await node.service.apply(code, lambda r, o: None, create=rec)
    await node.service.apply(code, lambda r, o: rooms.join(r, o, "pb", "B", "t:b", None))
    await node.service.apply(code, lambda r, o: rooms.set_ready(r, o, "pa", True))
    rec, _, _ = await node.service.apply(code, lambda r, o: rooms.set_ready(r, o, "pb", True))
    assert rec.state is not None and rec.status == "playing"
    return rec.state.steps


_action_ids = itertools.count(1000)


def _flip(player: str, step: int) -> PlayInput:
    return PlayInput(player, next(_action_ids), step, None)


async def test_steps_of_play_are_appended_and_replay_to_the_record_the_node_holds(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """A step of play appends its plays to the room's tail; the record in Redis
    (the stored one, the tail replayed) is always the one the node committed,
    and every STEPS_PER_RECORD steps the whole record is written again."""
    url, client, pipe = db
    node = Node(Settings(redis_url=url), client, "tail-a", pipe=pipe)
    other = Node(Settings(redis_url=url), client, "tail-b", pipe=pipe)
    admin = redis.Redis.from_url(url)
    code = "TAIL1"

    async def both_flip(on: Node) -> RoomRecord:
        rec = on.service.decoded.get(code) or room_in_redis(admin, code)
        assert rec is not None and rec.state is not None and rec.status == "playing"
        step = rec.state.steps
        await asyncio.gather(
            on.batcher.play_together(code, _flip("pa", step), 0, lambda _: None),
            on.batcher.play_together(code, _flip("pb", step), 0, lambda _: None),
        )
        return on.service.decoded[code]

    updates = admin.pubsub()  # type: ignore[no-untyped-call]  # (published: another node listens)
    updates.subscribe(channel(code))
    try:
        await _started_room(node, code)
        tails, written = [], []
        for _ in range(STEPS_PER_RECORD + 3):
            held = await both_flip(node)
            in_redis = room_in_redis(admin, code)
            assert in_redis is not None and encode_record(in_redis) == encode_record(held)
            tails.append(tail_length(admin, code))
            written.append(decode_record(stored(admin.hget(f"krig:{{{code}}}:room", "b"))).version)
        assert tails == [*range(1, STEPS_PER_RECORD), 0, 1, 2, 3]
        checkpoint = written[STEPS_PER_RECORD - 1]
        assert written == [written[0]] * (STEPS_PER_RECORD - 1) + [checkpoint] * 4
        # The hash holds the record's version; the room's is that and its tail's steps.
        assert checkpoint == int(admin.hget(f"krig:{{{code}}}:room", "v") or 0)
        assert checkpoint + tail_length(admin, code) == node.service.cache[code].version
        # A node that hears the updates keeps the record and the steps since as
        # its cache (here fed by hand: these nodes do not listen themselves).
        listener = Node(Settings(redis_url=url), client, "tail-c", pipe=pipe)
        heard = 0
        while (msg := updates.get_message(timeout=1.0)) is not None:
            if msg["type"] == "message":
                listener.relay.on_message(msg["channel"], msg["data"])
                heard += 1
        assert heard >= STEPS_PER_RECORD + 3
        cached = listener.service.cache[code]
        assert len(cached.tail) == 3 and cached.version == node.service.cache[code].version
        rebuilt = rooms.rebuild(cached.blob, cached.tail)
        assert encode_record(rebuilt) == encode_record(node.service.decoded[code])
        # A node with nothing cached plays on from Redis: it replays the tail.
        assert code not in other.service.cache
        held = await both_flip(other)
        in_redis = room_in_redis(admin, code)
        assert in_redis is not None and encode_record(in_redis) == encode_record(held)
        assert held.state is not None and census(held.state) == sorted(held.state.rules.deck())
        assert len(held.inputs) == 2 * 2 * (STEPS_PER_RECORD + 4)
    finally:
        updates.close()
        admin.close()


async def test_plays_read_in_one_turn_share_one_commit_and_are_judged_each(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    url, client, pipe = db
    node = Node(Settings(redis_url=url), client, "batch-a", pipe=pipe)
    other = Node(Settings(redis_url=url), client, "batch-b", pipe=pipe)
    admin = redis.Redis.from_url(url)

    def script_calls() -> int:
        return len(journal_of(admin, "BATCH1"))  # (a journal entry per commit)

    try:
        step = await _started_room(node, "BATCH1")
        seq_before = journal_of(admin, "BATCH1")[-1].last_seq
        calls_before = script_calls()
        acks: list[int] = []
        both = [
            node.batcher.play_together("BATCH1", _flip("pa", step), 1, lambda _: acks.append(1)),
            node.batcher.play_together("BATCH1", _flip("pb", step), 2, lambda _: acks.append(2)),
            node.batcher.play_together(
                "BATCH1", _flip("pa", step), 3, lambda _: acks.append(3)
            ),  # the step is gone by then
        ]
        results = await asyncio.gather(*both, return_exceptions=True)
        assert results[:2] == [None, None]
        assert isinstance(results[2], Refused) and results[2].code == ErrorCode.STALE_STEP
        assert acks == [1, 2], "each accepted play acknowledged once, the refused one not"
        assert script_calls() - calls_before == 1, "three plays, one commit"
        rec = room_in_redis(admin, "BATCH1")
        assert rec is not None and rec.state is not None and rec.state.steps == step + 1
        assert len(rec.inputs) == 4, "two accepted inputs; the refused play left no trace"
        assert census(rec.state) == sorted(rec.state.rules.deck())
        tags = [decode_server(stored(f)).__class__.__name__ for f in log_frames(admin, "BATCH1")]
        assert tags[-(rec.seq - seq_before) :][:3] == ["Acted", "Acted", "Revealed"]
        # A refusal judged on a stale cache is judged again on the current
        # record: the other node plays the next step for both seats; this
        # node's cache still shows the old step, where pa's play is stale.
        await other.batcher.play_together("BATCH1", _flip("pa", step + 1), 4, lambda _: None)
        await other.batcher.play_together("BATCH1", _flip("pb", step + 1), 5, lambda _: None)
        assert node.service.cache["BATCH1"].version < room_version(admin, "BATCH1")
        await node.batcher.play_together("BATCH1", _flip("pa", step + 2), 6, lambda _: None)
    finally:
        admin.close()


def _send_together(ws: FrameConnection, *messages: m.ClientMessage) -> None:
    """Several messages in one write: the server reads them in one ``data_received``."""
    for msg in messages:
        ws.protocol.send_binary(encode(msg))
    ws.send_data()


async def _replies(s: Session, ids: set[int], timeout: float = 10) -> list[tuple[str, int]]:
    """The replies to ``ids`` among the frames ``s`` got, in order: (kind or error code, id)."""
    assert s.frames is not None

    def seen() -> list[tuple[str, int]]:
        got: list[tuple[str, int]] = []
        for frame in s.frames or []:
            msg = decode_server(frame)
            if isinstance(msg, m.Ack | m.Pong) and msg.id in ids:
                got.append((type(msg).__name__.lower(), msg.id))
            elif isinstance(msg, m.Error) and msg.id in ids:
                got.append((msg.code, msg.id))
        return got

    deadline = time.monotonic() + timeout
    while len(seen()) < len(ids) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    return seen()


async def test_a_flip_taken_from_the_socket_keeps_its_place_among_the_clients_messages(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    """A flip is taken from the socket (server.inbox) only with nothing ahead of it."""
    server = ServerProc(redis_proc.url, "inbox", tmp_path).start()
    admin = redis.Redis.from_url(redis_proc.url)
    sessions: list[Session] = []
    try:
        sessions = a, b = await seat_players(server.url, 2)
        assert a.ws is not None and b.ws is not None
        a.frames, b.frames = [], []
        step = a.table.step
        # A flip, then a ping: the ping waits for the flip's commit.
        _send_together(a.ws, m.FlipCard(id=9001, step=step), m.Ping(id=9002))
        assert await _replies(a, {9001, 9002}) == [("ack", 9001), ("pong", 9002)]
        await b.flip(step)
        await a.wait(lambda t: t.step > step and t.my_turn)
        # A flip, the same flip under another id: one is taken, one refused.
        step = a.table.step
        _send_together(a.ws, m.FlipCard(id=9003, step=step), m.FlipCard(id=9004, step=step))
        assert await _replies(a, {9003, 9004}) == [
            ("ack", 9003),
            (ErrorCode.ALREADY_ACTED.value, 9004),
        ]
        await b.flip(step)
        await a.wait(lambda t: t.step > step and t.my_turn)
        # A flip taken from the socket and refused gets its error.
        _send_together(a.ws, m.FlipCard(id=9005, step=step))
        assert await _replies(a, {9005}) == [(ErrorCode.STALE_STEP.value, 9005)]
        # A leave, then a flip, in one write: the flip waits in the queue
        # behind the leave, and finds no room.
        _send_together(a.ws, m.Leave(id=9006), m.FlipCard(id=9007, step=a.table.step))
        assert await _replies(a, {9006, 9007}) == [
            ("ack", 9006),
            (ErrorCode.NOT_IN_ROOM.value, 9007),
        ]
        # A leave held up in Redis, then a flip in a write of its own: the
        # leave is out of the queue and being handled; the flip waits for it.
        admin.client_pause(400, all=True)
        _send_together(b.ws, m.Leave(id=9008))
        await asyncio.sleep(0.15)
        _send_together(b.ws, m.FlipCard(id=9009, step=b.table.step))
        assert await _replies(b, {9008, 9009}) == [
            ("ack", 9008),
            (ErrorCode.NOT_IN_ROOM.value, 9009),
        ]
        rec = room_in_redis(admin, a.table.code or "")
        assert rec is not None and rec.state is not None
        assert census(rec.state) == sorted(rec.state.rules.deck())
        assert rec.seats[0].left and rec.seats[1].left
        # Two steps of two flips each: every flip taken, and neither the
        # duplicate nor the stale one. (After them comes only what the
        # server's sweeper plays, in its own time, for seats that left.)
        assert rec.inputs[:8] == b"\x00\x00\x01\x00" * 2
    finally:
        await close_all(sessions)
        admin.close()
        server.stop()


def test_hot_path_counts_read_at_a_scrape_as_prometheus_counts() -> None:
    """Plain numbers on the hot path; the exposition a scraper reads is a counter and
    a histogram with cumulative buckets, a bound's own value counted in it."""
    hot = metrics.HotPath()
    hot.flips += 5
    for seconds in (0.0004, 0.0005, 0.003, 2.0):
        hot.reveal(seconds)
    registry = CollectorRegistry()
    registry.register(hot)
    lines = dict(
        line.rsplit(" ", 1)
        for line in generate_latest(registry).decode().splitlines()
        if line and not line.startswith("#")
    )
    assert float(lines["krig_flips_total"]) == 5 and float(lines["krig_reveals_total"]) == 4
    bucket = 'krig_reveal_latency_seconds_bucket{le="%s"}'
    assert float(lines[bucket % "0.0005"]) == 2
    assert float(lines[bucket % "0.002"]) == 2 and float(lines[bucket % "0.005"]) == 3
    assert float(lines[bucket % "1.0"]) == 3 and float(lines[bucket % "+Inf"]) == 4
    assert float(lines["krig_reveal_latency_seconds_count"]) == 4
    assert float(lines["krig_reveal_latency_seconds_sum"]) == pytest.approx(2.0039)


async def test_a_room_a_node_of_store_format_2_wrote_is_read_and_written_whole(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """After a rolling update from store format 2 (its tail in krig:{CODE}:tail, the
    hash's version the room's), a room is read with its last steps, and its next
    commit writes it whole in this format; the old deadline set and lobby move
    into their shards."""
    url, client, pipe = db
    node = Node(Settings(redis_url=url), client, "fmt2-a", pipe=pipe)
    admin = redis.Redis.from_url(url)
    code = "OLDF2"
    try:
        await _started_room(node, code)
        for _ in range(3):
            rec = node.service.decoded[code]
            assert rec.state is not None
            step = rec.state.steps
            await asyncio.gather(
                node.batcher.play_together(code, _flip("pa", step), 0, lambda _: None),
                node.batcher.play_together(code, _flip("pb", step), 0, lambda _: None),
            )
        held = node.service.decoded[code]
        steps = [e.step for e in journal_of(admin, code) if e.step]
        assert len(steps) == 3
        # The same room as a node of store format 2 kept it.
        admin.hdel(f"krig:{{{code}}}:room", "j")
        admin.hset(f"krig:{{{code}}}:room", mapping={"v": held.version, "s": held.seq})
        admin.delete(f"krig:{{{code}}}:journal")
        admin.rpush(f"krig:{{{code}}}:tail", *steps)
        admin.zadd("krig:due", {code: 12345})
        admin.hset("krig:lobby", code, b"row")
        node.service.forget(code)
        loaded = await node.store.load(code)
        assert loaded is not None and loaded.old and loaded.version == held.version
        assert encode_record(rooms.rebuild(loaded.blob, loaded.tail)) == encode_record(held)
        step = held.state.steps if held.state is not None else 0
        await asyncio.gather(
            node.batcher.play_together(code, _flip("pa", step), 0, lambda _: None),
            node.batcher.play_together(code, _flip("pb", step), 0, lambda _: None),
        )
        now = node.service.decoded[code]
        assert now.version == held.version + 1
        assert admin.hget(f"krig:{{{code}}}:room", "j") is not None  # written whole
        assert not admin.exists(f"krig:{{{code}}}:tail")
        in_redis = room_in_redis(admin, code)
        assert in_redis is not None and encode_record(in_redis) == encode_record(now)
        assert await node.store.adopt_old_keys() == 2
        assert admin.zscore(due_key_of(code), code) == 12345
        assert admin.hget(LOBBY_KEYS[lobby_shard_of(code)], code) == b"row"
        assert not admin.exists("krig:due") and not admin.exists("krig:lobby")
    finally:
        admin.close()
