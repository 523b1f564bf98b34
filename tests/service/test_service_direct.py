"""The room service, the batcher and local delivery, each tested on its own.

They run here on the fault simulator's store (tools/faults/simredis.py's
``DirectPipe`` under the real ``Store``), which tests/faults/test_contract.py
holds to a real redis-server's answers, as boardgame.io tests its ``Master``
against ``InMemory``: no server process, no socket, one room at a time.

- ``RoomService.apply``'s compare-and-set loop: a commit that loses to another
  node's reloads and goes again; a refusal judged on a stale cache is judged
  again on the current record; a room that never stays still is answered
  "too busy" after MAX_ATTEMPTS; a commit the replicas do not confirm is
  answered ``waiting_for_store`` and applied once when it is sent again.
- ``Batcher``: plays of one loop turn share one commit, each judged on its own.
- ``LocalDelivery``: events in order, an update ahead of a missing one held
  back, the gap filled from the store's journal when the missing one never comes.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from protocol import messages as m
from protocol.codec import decode_server
from protocol.errors import ErrorCode
from server import metrics, rooms
from server.errors import Refused
from server.rooms import Outcome
from server.rooms.state import PlayInput, RoomRecord
from server.service import service as service_module
from server.service.batching import Batcher
from server.service.delivery import GAP_WAIT_S, LocalDelivery, Member
from server.service.service import MAX_ATTEMPTS, RoomService
from server.store.keys import journal_key, room_key
from server.store.store import Store
from server.store.update import JournalEntry, RoomUpdate, encode_entry
from tools.faults.simredis import DirectPipe

CODE = "SVC1"


class Kept:
    """A delivery that keeps every committed update (the service's other side)."""

    def __init__(self) -> None:
        self.updates: list[RoomUpdate] = []
        self.caught_up: list[str] = []

    def deliver(self, update: RoomUpdate, rec: RoomRecord | None) -> None:
        self.updates.append(update)

    def catch_up_soon(self, code: str) -> None:
        self.caught_up.append(code)

    def shown(self, code: str) -> int:
        return 0  # (no member of this node is in the room)


class Inbox:
    """A member's sink: what it was sent, decoded, in order."""

    bundling = False

    def __init__(self) -> None:
        self.got: list[Any] = []
        self.closed: tuple[int, str] | None = None

    def put(self, frames: list[bytes], wire: list[bytes] | None = None) -> None:
        self.got.extend(decode_server(f) for f in frames)

    def shut(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def seqs(self) -> list[int]:
        return [e.seq for e in self.got if hasattr(e, "seq")]


def _store(pipe: DirectPipe, min_replicas: int = 0) -> Store:
    raw: Any = pipe  # (the simulated pipe stands in for RedisPipe)
    return Store(raw, min_replicas=min_replicas, log_keep=64, room_ttl_s=3600,
                 record_ttl_s=3600, session_ttl_s=3600)  # fmt: skip


def _service(
    store: Store, delivery: Any = None, node: str = "n1", within: float = 0
) -> RoomService:
    return RoomService(store, delivery or Kept(), 30_000, node, within)


async def _lobby(service: RoomService, code: str = CODE) -> RoomRecord:
    """A 2-seat classic room with pa seated and pb joined, not started."""
    rec = rooms.new_room(
        code, "pa", "A", "classic", {}, 2, False, "n1:1", service_module.now_ms(), Outcome(),
        ready_checks=True,
    )  # fmt: skip
    await service.apply(code, lambda r, o: None, create=rec)
    rec, _, _ = await service.apply(code, lambda r, o: rooms.join(r, o, "pb", "B", "n1:2", None))
    return rec


async def _started(service: RoomService, code: str = CODE) -> int:
    """The room of ``_lobby``, both seats ready: playing; its step."""
    await _lobby(service, code)
    await service.apply(code, lambda r, o: rooms.set_ready(r, o, "pa", True))
    rec, _, _ = await service.apply(code, lambda r, o: rooms.set_ready(r, o, "pb", True))
    assert rec.state is not None and rec.status == "playing"
    return rec.state.steps


def _said(player: str, text: str) -> Any:
    name = {"pa": "A", "pb": "B"}[player]
    return lambda r, o: rooms.chat(r, o, player, name, text)


def _lines(kept: Kept) -> list[str]:
    return [
        e.text
        for u in kept.updates
        for e in (decode_server(f) for f in u.frames)
        if isinstance(e, m.ChatSaid)
    ]


# ------------------------------------------------------------- RoomService.apply


async def test_a_commit_that_loses_the_compare_and_set_reloads_and_goes_again() -> None:
    store = _store(DirectPipe())
    a_kept, b_kept = Kept(), Kept()
    a, b = _service(store, a_kept, "n1"), _service(store, b_kept, "n2")
    rec = await _lobby(a)
    # (The service keeps and reuses the record object it committed: read it now.)
    version, seq = rec.version, rec.seq
    assert a.cache[CODE].version == version  # a holds the room at this version
    await b.apply(CODE, _said("pb", "from b"))  # another node moves it on
    conflicts = metrics.CONFLICTS._value.get()
    seen: list[int] = []

    def say(r: RoomRecord, o: Outcome) -> None:
        seen.append(r.seq)
        rooms.chat(r, o, "pa", "A", "from a")

    done, _, _ = await a.apply(CODE, say)
    # Judged first on a's cached record, which lost the compare-and-set; then on
    # the record b committed, which won.
    assert seen == [seq, seq + 1]
    assert metrics.CONFLICTS._value.get() == conflicts + 1
    assert done.version == version + 2
    loaded = await store.load(CODE)
    assert loaded is not None and loaded.version == done.version
    assert _lines(b_kept) == ["from b"] and _lines(a_kept)[-1:] == ["from a"]
    # Both lines are in the room's events, b's first: nothing was lost or reordered.
    events = await store.journals.events_after(CODE, seq)
    assert events is not None
    said = [e.text for e in map(decode_server, events[1]) if isinstance(e, m.ChatSaid)]
    assert said == ["from b", "from a"]


async def test_a_refusal_on_a_stale_cache_is_judged_again_on_the_current_record() -> None:
    store = _store(DirectPipe())
    a, b = _service(store, node="n1"), _service(store, node="n2")
    rec = rooms.new_room(
        CODE, "pa", "A", "classic", {}, 2, False, "n1:1", service_module.now_ms(), Outcome(),
        ready_checks=True,
    )  # fmt: skip
    await a.apply(CODE, lambda r, o: None, create=rec)
    # pb joins through the other node: a's cache does not have pb yet.
    await b.apply(CODE, lambda r, o: rooms.join(r, o, "pb", "B", "n2:1", None))
    cached = rooms.rebuild(a.cache[CODE].blob, a.cache[CODE].tail)
    assert cached.seat_of("pb") is None
    with pytest.raises(Refused):  # (what a's cache alone would answer)
        rooms.set_ready(cached, Outcome(), "pb", True)
    done, _, _ = await a.apply(CODE, lambda r, o: rooms.set_ready(r, o, "pb", True))
    seat = done.seat_of("pb")
    assert seat is not None and done.seats[seat].ready
    # A refusal on the current record stands: it is not tried again.
    calls = 0

    def not_a_member(r: RoomRecord, o: Outcome) -> None:
        nonlocal calls
        calls += 1
        rooms.set_ready(r, o, "nobody", True)

    a.cache.pop(CODE)
    with pytest.raises(Refused):
        await a.apply(CODE, not_a_member)
    assert calls == 1


async def test_a_room_that_never_stays_still_is_answered_too_busy() -> None:
    """Another writer moves the room's version between every load and commit:
    MAX_ATTEMPTS compare-and-sets, then a clear refusal, and nothing committed."""
    pipe = DirectPipe()
    store = _store(pipe)
    service = _service(store)
    seq = (await _lobby(service)).seq
    primary = pipe.dep.primary
    assert primary is not None
    tries = 0

    def said_while_moved(r: RoomRecord, o: Outcome) -> None:
        nonlocal tries
        tries += 1
        # (the other writer: an entry appended to the record's journal)
        journal = journal_key(CODE, int(primary.data.run(("HGET", room_key(CODE), "v"))))
        primary.data.run(("RPUSH", journal, encode_entry(JournalEntry(0, 1, 0, []))))
        rooms.chat(r, o, "pa", "A", "lost")

    with pytest.raises(Refused) as refused:
        await service.apply(CODE, said_while_moved)
    assert refused.value.code == ErrorCode.INTERNAL and "too busy" in refused.value.message
    assert tries == MAX_ATTEMPTS
    events = await store.journals.events_after(CODE, seq)
    assert events is not None and events[1] == []  # no event of it anywhere


async def test_a_commit_the_replicas_do_not_confirm_waits_for_the_store_then_applies_once() -> None:
    pipe = DirectPipe(replicas=1)
    store = _store(pipe, min_replicas=1)
    kept = Kept()
    service = _service(store, kept, within=0.5)
    seq = (await _lobby(service)).seq
    replica = pipe.dep.replicas()[0]
    replica.link = False  # the replica hears nothing: no write is confirmed
    action = 4242
    said = lambda r, o: rooms.once(r, o, "pa", action, _said("pa", "once"))  # noqa: E731
    with pytest.raises(Refused) as refused:
        await service.apply(CODE, said)
    assert refused.value.code == ErrorCode.WAITING_FOR_STORE
    assert _lines(kept) == []  # not delivered: it was never acknowledged
    replica.link = True  # the replica catches up: the commit that did land is confirmed
    pipe.dep.replicate(replica)
    await service.apply(CODE, said)  # the client sends it again, with the same id
    assert kept.caught_up == [CODE]  # (the room may hold a commit never delivered)
    loaded = await store.load(CODE)
    assert loaded is not None
    rec = rooms.rebuild(loaded.blob, loaded.tail)
    events = await store.journals.events_after(CODE, seq)
    assert events is not None
    lines = [e.text for e in map(decode_server, events[1]) if isinstance(e, m.ChatSaid)]
    assert lines == ["once"]  # applied once, though it was committed before the retry
    assert rec.seq == events[0]


# ------------------------------------------------------------------ Batcher


async def _playing() -> tuple[Store, Kept, RoomService, int]:
    """A started room on a service of its own: (store, its deliveries, service, step)."""
    store = _store(DirectPipe())
    kept = Kept()
    service = _service(store, kept)
    return store, kept, service, await _started(service)


async def _version(store: Store) -> int:
    loaded = await store.load(CODE)
    assert loaded is not None
    return loaded.version


async def test_plays_of_one_turn_share_one_commit_and_are_judged_each() -> None:
    store, kept, service, step = await _playing()
    batcher = Batcher(service)
    before = await _version(store)
    answered: dict[int, int] = {}
    refused: dict[int, BaseException] = {}

    def play(player: str, action: int, at: int) -> None:
        batcher.play_soon(
            CODE, PlayInput(player, action, at, None), 0,
            lambda s: answered.__setitem__(action, s),
            lambda e: refused.__setitem__(action, e),
        )  # fmt: skip

    commits = len(kept.updates)
    play("pa", 1, step)
    play("pb", 2, step)
    play("pb", 3, step)  # pb again: the step resolved before it, so it is refused alone
    for _ in range(100):
        if len(answered) + len(refused) == 3:
            break
        await asyncio.sleep(0.01)
    assert answered == {1: step, 2: step}
    assert list(refused) == [3]
    wrong = refused[3]
    assert isinstance(wrong, Refused) and wrong.code == ErrorCode.STALE_STEP
    assert len(kept.updates) == commits + 1  # one commit for the whole step
    after = await store.load(CODE)
    assert after is not None and after.version == before + 1
    state = service.decoded[CODE].state
    assert state is not None and state.steps == step + 1


async def test_a_refused_play_changes_nothing_and_the_next_turn_commits_apart() -> None:
    store, kept, service, step = await _playing()
    batcher = Batcher(service)
    before = await _version(store)
    stale = batcher.play_together(CODE, PlayInput("pa", 1, step + 5, None), 0, lambda s: None)
    with pytest.raises(Refused) as refused:
        await stale
    assert refused.value.code == ErrorCode.STALE_STEP
    commits = len(kept.updates)
    assert await _version(store) == before  # unchanged
    # Plays in two turns: two commits.
    await batcher.play_together(CODE, PlayInput("pa", 2, step, None), 0, lambda s: None)
    await batcher.play_together(CODE, PlayInput("pb", 3, step, None), 0, lambda s: None)
    assert len(kept.updates) == commits + 2
    assert await _version(store) == before + 2


# ------------------------------------------------------------- LocalDelivery


async def _updates(n: int) -> tuple[Store, list[RoomUpdate], int]:
    """A room with ``n`` chat commits after it was made; (store, their updates, the
    seq before them)."""
    store = _store(DirectPipe())
    kept = Kept()
    service = _service(store, kept)
    seq = (await _lobby(service)).seq
    kept.updates.clear()
    for i in range(n):
        await service.apply(CODE, _said("pa", f"line {i}"))
    return store, kept.updates, seq


def _member(delivery: LocalDelivery, seq: int) -> Inbox:
    inbox = Inbox()
    delivery.join(CODE, Member(inbox, "n2:7", "pb", 1, seq))
    return inbox


async def test_updates_ahead_of_a_missing_one_wait_for_it_and_go_in_order() -> None:
    store, updates, seq = await _updates(3)
    delivery = LocalDelivery(store)
    inbox = _member(delivery, seq)
    delivery.deliver(updates[0], None)
    delivery.deliver(updates[2], None)  # ahead of updates[1]: held back
    assert inbox.seqs() == [seq + 1]
    delivery.deliver(updates[1], None)
    assert inbox.seqs() == [seq + 1, seq + 2, seq + 3]
    delivery.deliver(updates[2], None)  # (heard twice: once is enough)
    delivery.deliver(updates[0], None)
    assert inbox.seqs() == [seq + 1, seq + 2, seq + 3]
    assert [e.text for e in inbox.got] == ["line 0", "line 1", "line 2"]


async def test_a_gap_that_stays_is_filled_from_the_store() -> None:
    store, updates, seq = await _updates(4)
    delivery = LocalDelivery(store)
    inbox = _member(delivery, seq)
    delivery.deliver(updates[0], None)
    delivery.deliver(updates[3], None)  # updates[1] and [2] never come
    assert inbox.seqs() == [seq + 1]
    for _ in range(100):
        await asyncio.sleep(GAP_WAIT_S / 4)
        if len(inbox.seqs()) == 4:
            break
    assert inbox.seqs() == [seq + 1, seq + 2, seq + 3, seq + 4]  # each once, in order
    assert [e.text for e in inbox.got] == [f"line {i}" for i in range(4)]
    assert not delivery.rooms[CODE].pending
    # A late copy of a missing update changes nothing.
    delivery.deliver(updates[1], None)
    assert inbox.seqs() == [seq + 1, seq + 2, seq + 3, seq + 4]
