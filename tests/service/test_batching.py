"""Steps of play: appended to the journal and replayed to the record, plays read in one
turn committed together and judged each, a flip keeping its place among a client's messages."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path

import redis
import redis.asyncio as aioredis
from node_support import flip, started_room
from server_support import (
    ServerProc,
    close_all,
    journal_of,
    log_frames,
    room_in_redis,
    room_version,
    seat_players,
    stored,
    tail_length,
)

from client_cli.session import Session
from client_cli.transport import FrameConnection
from protocol import messages as m
from protocol.codec import decode_server, encode
from protocol.errors import ErrorCode
from server import rooms
from server.config import Settings
from server.engine import census
from server.rooms import Refused
from server.rooms.state import RoomRecord, decode_record, encode_record
from server.service.node import Node
from server.service.service import STEPS_PER_RECORD
from server.store.embedded import RedisProcess
from server.store.keys import channel
from server.store.pipe import RedisPipe

CODE = "HOTP1"


async def test_steps_of_play_are_appended_and_replay_to_the_record_the_node_holds(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """A step of play appends its plays to the room's tail; the record in Redis
    (the stored one, the tail replayed) is always the one the node committed,
    and every STEPS_PER_RECORD steps the whole record is written again."""
    url, _client, pipe = db
    node = Node(Settings(redis_url=url), "tail-a", pipe)
    other = Node(Settings(redis_url=url), "tail-b", pipe)
    admin = redis.Redis.from_url(url)
    code = "TAIL1"

    async def both_flip(on: Node) -> RoomRecord:
        rec = on.service.decoded.get(code) or room_in_redis(admin, code)
        assert rec is not None and rec.state is not None and rec.status == "playing"
        step = rec.state.steps
        await asyncio.gather(
            on.batcher.play_together(code, flip("pa", step), 0, lambda _: None),
            on.batcher.play_together(code, flip("pb", step), 0, lambda _: None),
        )
        return on.service.decoded[code]

    updates = admin.pubsub()  # type: ignore[no-untyped-call, unused-ignore]  # (published: another node listens)
    updates.subscribe(channel(code))
    try:
        await started_room(node, code)
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
        listener = Node(Settings(redis_url=url), "tail-c", pipe)
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
    url, _client, pipe = db
    node = Node(Settings(redis_url=url), "batch-a", pipe)
    other = Node(Settings(redis_url=url), "batch-b", pipe)
    admin = redis.Redis.from_url(url)

    def script_calls() -> int:
        return len(journal_of(admin, "BATCH1"))  # (a journal entry per commit)

    try:
        step = await started_room(node, "BATCH1")
        seq_before = journal_of(admin, "BATCH1")[-1].last_seq
        calls_before = script_calls()
        acks: list[int] = []
        both = [
            node.batcher.play_together("BATCH1", flip("pa", step), 1, lambda _: acks.append(1)),
            node.batcher.play_together("BATCH1", flip("pb", step), 2, lambda _: acks.append(2)),
            node.batcher.play_together(
                "BATCH1", flip("pa", step), 3, lambda _: acks.append(3)
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
        await other.batcher.play_together("BATCH1", flip("pa", step + 1), 4, lambda _: None)
        await other.batcher.play_together("BATCH1", flip("pb", step + 1), 5, lambda _: None)
        assert node.service.cache["BATCH1"].version < room_version(admin, "BATCH1")
        await node.batcher.play_together("BATCH1", flip("pa", step + 2), 6, lambda _: None)
    finally:
        admin.close()


async def test_a_refused_play_leaves_no_cycle_holding_its_room(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """A play refused in its batch is answered without a reference cycle: its
    refusal's traceback held the play, the room's record and the caller's frames,
    and the play the refusal, so each refused flip left a record behind that only
    a full collection frees (rare in the server: process.tune_for_throughput), and
    a node's memory grew by one per refused flip (the chaos soak's +150%/h)."""
    url, _client, pipe = db
    node = Node(Settings(redis_url=url), "cycle-a", pipe)
    step = await started_room(node, "CYCLE1")
    gc.collect()
    gc.disable()  # (only what is garbage now is in gc.garbage below)
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for _ in range(10):  # judged on the cache, then on the record read again
            (refused,) = await asyncio.gather(
                node.batcher.play_together("CYCLE1", flip("pa", step + 5), 0, lambda _: None),
                return_exceptions=True,
            )
            assert isinstance(refused, Refused) and refused.code == ErrorCode.STALE_STEP
        gc.collect()
        kept = [type(o).__name__ for o in gc.garbage if isinstance(o, Refused | RoomRecord)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert kept == []


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
