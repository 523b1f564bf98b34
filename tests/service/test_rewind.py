"""A store that went back in time, on a real Redis: no number a member was shown is
used again for another event, no member is left on a future that did not happen, and
a client's word alone does not rewind a room.

The store is sent back by hand: the room's keys are dumped (``DUMP``) and, after
more play, restored (``RESTORE ... REPLACE``), as a failover to a lagging replica
or a restart from an older dump leaves them. Found by the fault simulator
(``python -m tools.faults``, seeds 753, 1302, 1073 and 1147: tests/faults).
"""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
import pytest
import redis
import redis.asyncio as aioredis
from node_support import flip, started_room
from structlog.testing import capture_logs

from protocol import messages as m
from protocol.codec import decode_server
from server import rooms
from server.config import Settings
from server.rooms.history import REWIND_MARGIN
from server.rooms.state import RoomRecord
from server.service.delivery import Member
from server.service.node import REWIND_CLAIM_MAX, Node
from server.store.keys import channel, journal_key, room_key
from server.store.pipe import RedisPipe
from server.store.update import decode_entry, encode_entry


class Seen:
    """A member's connection (``server.service.sink.Sink``) that keeps what it is sent."""

    bundling = True

    def __init__(self) -> None:
        self.messages: list[object] = []

    def put(self, frames: list[bytes], wire: list[bytes] | None = None) -> None:
        self.messages.extend(decode_server(f) for f in frames)

    def shut(self, code: int, reason: str) -> None:
        raise AssertionError(f"closed: {code} {reason}")

    def events(self) -> list[tuple[int, str]]:
        return [(e.seq, type(e).__name__) for e in self.messages if m.is_room_event(e)]

    def snapshots(self) -> list[int]:
        return [s.seq for s in self.messages if isinstance(s, m.Snapshot)]


def _two_nodes(db: tuple[str, aioredis.Redis, RedisPipe], name: str) -> tuple[Node, Node]:
    """Two nodes on the test's database and commit pipe: ``name``-a and ``name``-b."""
    url, _, pipe = db
    return Node(Settings(redis_url=url), f"{name}-a", pipe), Node(
        Settings(redis_url=url), f"{name}-b", pipe
    )


def _room_keys(admin: redis.Redis, code: str) -> list[bytes]:
    """The room's hash and its journals (one a record: ``krig:{CODE}:j:V``)."""
    journals = admin.keys(journal_key(code, 0)[:-1] + "*")
    return [room_key(code).encode(), *journals]  # type: ignore[list-item]


def _dump(admin: redis.Redis, code: str) -> dict[bytes, bytes]:
    keys = _room_keys(admin, code)
    return {k: v for k in keys if (v := admin.dump(k)) is not None}


def _restore(admin: redis.Redis, dumped: dict[bytes, bytes]) -> None:
    """The room as it was (its later journals gone with the rest)."""
    code = next(iter(dumped)).decode().split("{")[1].split("}")[0]
    admin.delete(*_room_keys(admin, code))
    for key, value in dumped.items():
        admin.restore(key, 0, value, replace=True)


async def _a_lost_flip_numbered_again(
    a: Node, b: Node, admin: redis.Redis, code: str
) -> tuple[RoomRecord, int]:
    """Seat 0 flips on ``a``, the store goes back to before it, and seat 1 flips on
    ``b`` under the same number: the record ``a`` read before, and what it sent."""
    older = _dump(admin, code)
    rec = await a.current(code)
    assert rec is not None and rec.state is not None
    await a.batcher.play_together(code, flip("pa", rec.state.steps), 0, lambda _: None)
    sent = a.delivery.shown(code)
    _restore(admin, older)
    b.service.forget(code)
    await b.batcher.play_together(code, flip("pb", rec.state.steps), 0, lambda _: None)
    return rec, sent


async def _member(node: Node, code: str, player: str) -> Seen:
    """``player``'s connection on ``node`` follows room ``code`` from now on."""
    sink = Seen()
    rec = await node.current(code)
    assert rec is not None
    node.delivery.join(
        code, Member(sink, f"{node.id}:{player}", player, rec.seat_of(player), rec.seq)
    )
    return sink


async def _step(node: Node, code: str) -> RoomRecord:
    rec = await node.current(code)
    assert rec is not None and rec.state is not None
    for player in ("pa", "pb"):
        await node.batcher.play_together(code, flip(player, rec.state.steps), 0, lambda _: None)
    held = await node.current(code)
    assert held is not None
    return held


async def test_a_node_that_sent_more_than_the_store_holds_rewinds_before_it_commits(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """Seed 753: the store lost a step the node had sent; the next flip would have
    numbered its events as the lost ones. The room is rewound first: numbers past
    everything sent, a snapshot, then the flip."""
    url, _, pipe = db
    node = Node(Settings(redis_url=url), "back-a", pipe)
    admin = redis.Redis.from_url(url)
    code = "BACK1"
    try:
        await started_room(node, code)
        seen = await _member(node, code, "pa")
        older = _dump(admin, code)
        await _step(node, code)
        sent = node.delivery.shown(code)
        _restore(admin, older)  # (the node's cache is of the lost future: its commit is refused)
        behind = await node.current(code)
        assert behind is not None and behind.seq < sent
        after = await _step(node, code)
        numbers = [seq for seq, _ in seen.events()]
        assert numbers == sorted(set(numbers)), numbers  # (no number twice)
        rewind = [seq for seq, kind in seen.events() if kind == "RoomChanged"]
        jump = sent + 1 + REWIND_MARGIN  # (past what another node may have shown)
        assert rewind == [jump], seen.events()
        assert seen.snapshots() == [jump]
        assert after.seq > jump and after.state is not None
    finally:
        admin.close()


async def test_an_update_that_numbers_sent_events_as_other_ones_rewinds_the_room(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """Seed 753 from the other side: a node that never saw the lost step commits
    other events under its numbers. The node that sent the lost ones hears it
    (same number, other bytes), sends nothing more of that history, and rewinds
    the room: its member gets a snapshot past both."""
    url = db[0]
    a, b = _two_nodes(db, "div")
    admin = redis.Redis.from_url(url)
    code = "DIVG1"
    updates = admin.pubsub()  # type: ignore[no-untyped-call, unused-ignore]
    updates.subscribe(channel(code))
    try:
        await started_room(a, code)
        seen = await _member(a, code, "pa")
        # B (no member here, so it publishes) has seat 1 flip: the same number as
        # the lost flip of seat 0.
        rec, sent = await _a_lost_flip_numbered_again(a, b, admin, code)
        assert rec.state is not None
        heard = 0
        while (msg := updates.get_message(timeout=1.0)) is not None:
            if msg["type"] == "message":
                a.relay.on_message(msg["channel"], msg["data"])
                heard += 1
        assert heard >= 1
        assert a.delivery.rooms[code].diverged
        await a.jobs.rewind_diverged(code)
        assert not a.delivery.rooms[code].diverged
        numbers = [seq for seq, _ in seen.events()]
        assert numbers == sorted(set(numbers)), numbers
        assert seen.snapshots() and seen.snapshots()[-1] > sent
        held = await a.current(code)
        assert held is not None and held.seq == seen.snapshots()[-1]
        assert held.state is not None and held.state.steps == rec.state.steps
    finally:
        updates.close()
        admin.close()


async def test_a_member_whose_resume_the_store_lost_takes_its_seat_again(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """Seed 8131: pa resumed on node b, and the failover took the resume back: the
    record named pa's older connection on node a again, so node a, holding every
    seat the record named, published nothing, and pa never saw a's last events.
    The rewind's snapshot finds b's member not in the record: it binds again, and
    a commit of a's is for a member of b once more (RoomService._elsewhere)."""
    url = db[0]
    a, b = _two_nodes(db, "lost")
    admin = redis.Redis.from_url(url)
    code = "LOST1"
    try:
        await started_room(a, code)
        await a.service.apply(code, lambda r, o: rooms.bind(r, o, "pa", "lost-a:pa"))
        await a.service.apply(code, lambda r, o: rooms.bind(r, o, "pb", "lost-a:pb"))
        older = _dump(admin, code)  # (the store as the failover leaves it)
        await b.service.apply(code, lambda r, o: rooms.bind(r, o, "pa", "lost-b:pa"))
        seen = await _member(b, code, "pa")
        await _step(b, code)
        sent = b.delivery.shown(code)
        _restore(admin, older)
        b.service.forget(code)
        held = await b.current(code)
        assert held is not None and held.seats[0].conn == "lost-a:pa"
        assert not a.service._elsewhere(held)  # (a would publish nothing)
        await _step(b, code)  # (b rewinds the room first: its snapshot finds pa out)
        for _ in range(40):
            held = await b.current(code)
            assert held is not None
            if held.seats[0].conn == "lost-b:pa":
                break
            await asyncio.sleep(0.05)
        assert held.seats[0].conn == "lost-b:pa"
        assert held.seats[1].conn == "lost-a:pb"
        assert a.service._elsewhere(held)
        events = seen.events()
        assert "PlayerReconnected" in [kind for seq, kind in events if seq > sent], events
    finally:
        admin.close()


def _no_event(r: RoomRecord, o: rooms.Outcome) -> None:
    r.fill_at_ms += 1  # (a commit that numbers no event)


def _counted_catch_ups(node: Node, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rooms ``node``'s delivery catches up from now on, in order."""
    calls: list[str] = []
    catch_up = node.delivery.catch_up

    async def counted(code: str) -> None:
        calls.append(code)
        await catch_up(code)

    monkeypatch.setattr(node.delivery, "catch_up", counted)
    return calls


def _without_last_frame(admin: redis.Redis, code: str) -> None:
    """The room's last journal entry as a build before ``JournalEntry.last`` wrote it."""
    v = admin.hget(room_key(code), "v")
    assert v is not None
    journal = journal_key(code, int(v))
    raw = admin.lindex(journal, -1)
    assert isinstance(raw, bytes)
    entry = decode_entry(raw)
    assert entry.last  # (a commit of no event keeps the last one's frame)
    blob = encode_entry(msgspec.structs.replace(entry, last=b""))
    admin.lset(journal, -1, blob)  # type: ignore[arg-type, unused-ignore]


async def test_a_sent_event_numbered_as_another_before_a_commit_of_no_event_is_found_out(
    db: tuple[str, aioredis.Redis, RedisPipe], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 19103: the store lost a flip node a had sent; node b, which never saw it,
    numbered its own flip so, then committed a change with no event. a heard neither
    (its subscription was lost with the restart). Its catch-up compares the event
    under that number with the one a sent; the reconcile job compares the frame that
    commit kept of it (``JournalEntry.last``), or, from a build that kept none,
    catches the room up."""
    url = db[0]
    a, b = _two_nodes(db, "none")
    admin = redis.Redis.from_url(url)
    catch_ups = _counted_catch_ups(a, monkeypatch)
    try:
        for code, look in (("NONE1", "catch_up"), ("NONE2", "reconcile"), ("NONE3", "old")):
            await started_room(a, code)
            await _member(a, code, "pa")
            _, sent = await _a_lost_flip_numbered_again(a, b, admin, code)
            await b.service.apply(code, _no_event)
            held = await b.current(code)
            assert held is not None and held.seq == sent  # (as far along, another event)
            catch_ups.clear()
            if look == "catch_up":
                await a.delivery.catch_up(code)
            else:
                if look == "old":
                    _without_last_frame(admin, code)
                await a.jobs._reconcile()
                assert catch_ups == ([code] if look == "old" else []), look
            assert a.delivery.rooms[code].diverged, look
            await a.jobs.rewind_diverged(code)
            after = await a.current(code)
            assert after is not None and after.seq > sent + REWIND_MARGIN
    finally:
        admin.close()


async def test_a_quiet_room_is_compared_without_a_catch_up_once_its_event_is_trimmed_off(
    db: tuple[str, aioredis.Redis, RedisPipe], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A room whose last commits numbered no event (a ready check, a deadline) keeps
    its last event's frame in them: the reconcile job finds it as sent, in the last
    entry alone, even once the event's own entry is trimmed off the journal (before:
    a catch-up, LOAD and the whole journal, at each of the room's reads)."""
    a, b = _two_nodes(db, "quiet")
    catch_ups = _counted_catch_ups(a, monkeypatch)
    code = "QUIET"
    await started_room(a, code)
    await _member(a, code, "pa")
    await _step(a, code)
    sent, frame = a.delivery.shown(code), a.delivery.rooms[code].last_frame
    assert frame is not None
    for node in (a, b, a, b):  # (each committing from the room as it read or heard it)
        node.service.forget(code)
        await node.service.apply(code, _no_event)
    held = await a.current(code)
    assert held is not None and held.seq == sent
    entries = await a.store.journals.events_after(code, sent - 1, 0)
    assert entries is None  # (the event's own entry is gone: only the journal's last few)
    assert await a.store.journals.lasts([code]) == [(sent, frame)]
    loaded = await a.store.load(code)
    assert loaded is not None and loaded.last_frame == frame
    catch_ups.clear()  # (the one on subscribing, as a member joined)
    for _ in range(3):
        await a.jobs._reconcile()
    assert catch_ups == [] and not a.delivery.rooms[code].diverged


async def test_a_catch_up_across_a_store_going_back_never_moves_the_room_back(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """Seed 22733: a catch-up read the record (ahead of what its node sent), then the
    store restarted from its dump, then it read the journal, behind what was sent. It
    took the journal's last number for the room's: the node's room went back below
    what its members were shown, level with the store, and nothing ever rewound it
    (one member at the game's end, the other waiting for its flip)."""
    url = db[0]
    a, b = _two_nodes(db, "drift")
    admin = redis.Redis.from_url(url)
    code = "BACK3"
    try:
        await started_room(a, code)
        seen = await _member(a, code, "pa")
        older = _dump(admin, code)
        rec = await a.current(code)
        assert rec is not None and rec.state is not None
        await a.batcher.play_together(code, flip("pa", rec.state.steps), 0, lambda _: None)
        sent = a.delivery.shown(code)
        await b.batcher.play_together(code, flip("pb", rec.state.steps), 0, lambda _: None)
        ahead = await b.current(code)
        assert ahead is not None and ahead.seq > sent  # (a never heard it)
        events_after = a.store.journals.events_after

        async def after_a_restart(code: str, after: int, overlap: int = 0) -> Any:
            _restore(admin, older)
            return await events_after(code, after, overlap)

        a.store.journals.events_after = after_a_restart  # type: ignore[method-assign]
        await a.delivery.catch_up(code)
        a.store.journals.events_after = events_after  # type: ignore[method-assign]
        assert a.delivery.rooms[code].seq == sent
        await a.jobs._reconcile()  # (the store holds less than was sent: rewound)
        assert seen.snapshots() and seen.snapshots()[-1] > sent + REWIND_MARGIN
    finally:
        admin.close()


async def test_a_resync_claim_beyond_the_store_gets_a_snapshot_alone(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """A client's word is not proof: with a claim no failover could explain (or any
    claim, with --redis-min-replicas, which loses nothing shown) the room is not
    rewound and every other member is sent nothing; the client gets the record.
    A claim a failover at --redis-min-replicas 0 can explain still rewinds it."""
    url, _, pipe = db
    node = Node(Settings(redis_url=url), "claim-a", pipe)
    code = "CLAIM1"
    await started_room(node, code)
    other = await _member(node, code, "pb")
    held = await node.current(code)
    assert held is not None
    for claim in (held.seq + REWIND_CLAIM_MAX + 1, 2**63):
        answer = await node.resync(code, claim)
        assert isinstance(answer, RoomRecord) and answer.seq == held.seq
    again = await node.current(code)
    assert again is not None and again.seq == held.seq and again.version == held.version
    assert other.messages == []
    answer = await node.resync(code, held.seq + 3)  # (a failover's loss: believed)
    jump = held.seq + 4 + REWIND_MARGIN
    assert isinstance(answer, RoomRecord) and answer.seq == jump
    for _ in range(40):  # (the numbers jumped: the snapshot comes with them)
        if other.snapshots():
            break
        await asyncio.sleep(0.05)
    assert other.snapshots() == [jump]


async def test_a_claim_ahead_by_rewinds_the_store_lost_rewinds_the_room(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """Seed 7583: the store restarted from one dump three times and failed over once;
    each loss was a rewind, 1,000 numbers past what its node saw, and the store lost
    the rewinds too. Its clients held 4,056 numbers more than the store, a fresh node
    believed no claim beyond 1,000, and a snapshot below what they held was no news to
    them: every flip was refused for good. A claim that lost rewinds explain is believed."""
    url, _, pipe = db
    node = Node(Settings(redis_url=url, redis_min_replicas=0), "stack-a", pipe)
    code = "STACK1"
    await started_room(node, code)
    other = await _member(node, code, "pb")
    held = await node.current(code)
    assert held is not None
    claim = held.seq + 4 * REWIND_MARGIN + 56
    answer = await node.resync(code, claim)
    jump = claim + 1 + REWIND_MARGIN
    assert isinstance(answer, RoomRecord) and answer.seq == jump
    for _ in range(40):
        if other.snapshots():
            break
        await asyncio.sleep(0.05)
    assert other.snapshots() == [jump]


async def test_a_transition_that_changes_nothing_answers_from_the_store_not_a_stale_cache(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """Seed 1147: a resume (bind) on a node whose cache was from before the player
    came in changed nothing, so nothing was committed and nothing checked the cache:
    its seat came back as none, and the player never played again."""
    a, b = _two_nodes(db, "stale")
    code = "STALE1"
    await started_room(a, code)
    await b.service.apply(code, lambda r, o: rooms.chat(r, o, "pa", "A", "hi"))  # (b caches it)
    assert code in b.service.cache
    await a.service.apply(code, lambda r, o: rooms.spectate(r, o, "pc", "t:c"))
    rec, _, _ = await b.service.apply(code, lambda r, o: rooms.bind(r, o, "pc", "t:c"))
    current = await a.current(code)
    assert current is not None and rec.version == current.version
    assert rec.spectators.get("pc") == "t:c"


async def test_steady_play_over_two_nodes_never_rewinds(
    db: tuple[str, aioredis.Redis, RedisPipe],
) -> None:
    """Two nodes that hear each other (real subscriptions), four rooms with a seat on
    each, flips as fast as they come: no room is ever rewound, and every member
    sees one run of numbers. A commit of the other node delivered while this node's
    read of the room is on the way is not in what the read returns: that is no
    rewind (the first build of the check before a commit rewound rooms so, about
    once a second, with no fault at all)."""
    url, _, _ = db
    a, b = Node(Settings(redis_url=url), "steady-a"), Node(Settings(redis_url=url), "steady-b")
    codes = [f"STEADY{i}" for i in range(4)]

    async def play(code: str) -> list[Seen]:
        await started_room(a, code)
        seen = [await _member(a, code, "pa"), await _member(b, code, "pb")]
        await asyncio.sleep(0.3)  # (both subscribed)
        for _ in range(80):
            rec = await b.current(code)
            assert rec is not None and rec.state is not None
            if rec.status != "playing":
                break
            step = rec.state.steps
            await asyncio.gather(
                a.batcher.play_together(code, flip("pa", step), 0, lambda _: None),
                b.batcher.play_together(code, flip("pb", step), 0, lambda _: None),
                return_exceptions=True,
            )
        return seen

    with capture_logs() as logs:
        await a.start()
        await b.start()
        try:
            members = await asyncio.gather(*(play(code) for code in codes))
            await asyncio.sleep(0.5)
        finally:
            await a.stop(3.0)
            await b.stop(3.0)
    rewinds = [e for e in logs if e["event"] in ("room_rewound", "room_diverged")]
    assert rewinds == []
    for seen in (s for pair in members for s in pair):
        numbers = [seq for seq, _ in seen.events()]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), numbers
