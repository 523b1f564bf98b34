"""The simulated store keeps Redis' contract: the same operations, the same results.

The fault simulator (tools/faults) runs krig's real ``Store`` on a simulated
Redis. This suite runs the same operations through the same ``Store`` on a
real redis-server (over the real pipe) and on the simulated one, and asserts
identical results after every operation: what each call returns, and every
key the store holds. The operations are the room service's own (a room
created, joined, played to its end through ``RoomService.apply``: the commit
and step scripts, the journal appended and trimmed, the record rewritten),
compare-and-set conflicts, loads, ``Journals.events_after`` and ``Journals.lasts``, the
jobs' keys (deadlines, nodes, counters, locks), and ``WAIT``: a durable
commit with ``--redis-min-replicas 1`` and no replica is NotDurable on both,
and with a replica it is acknowledged on both.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from typing import Any

import pytest
import redis

from server import rooms
from server.config import Settings
from server.rooms import Commit
from server.rooms.state import PlayInput, RoomRecord
from server.service import entry as entry_module
from server.service import service as service_module
from server.service.entry import Entry
from server.service.service import RoomService
from server.store import players as players_module
from server.store.connection import Command
from server.store.embedded import RedisProcess, free_port
from server.store.keys import old_journal_key, player_key, room_key
from server.store.pipe import NotDurable, RedisPipe
from server.store.players import RESUME_RETRY_MS, _digest
from server.store.store import LoadedRoom, Player, Store
from server.store.update import JournalEntry, RoomUpdate, encode_entry
from tools.faults.simredis import DirectPipe, ZSet
from tools.faults.world import _Secrets

Observed = list[tuple[str, Any]]


class _NoDelivery:
    def deliver(self, update: RoomUpdate, rec: RoomRecord | None) -> None:
        return None

    def catch_up_soon(self, code: str) -> None:
        return None

    def shown(self, code: str) -> int:
        return 0


def dump_redis(client: redis.Redis) -> dict[bytes, Any]:
    """Every key of a real Redis, as ``DirectPipe.dump`` reads the simulated one."""
    out: dict[bytes, Any] = {}
    raw: Any = client
    for key in raw.keys("*"):
        kind = raw.type(key).decode()
        if kind == "string":
            out[key] = ("string", raw.get(key))
        elif kind == "hash":
            out[key] = ("hash", sorted(raw.hgetall(key).items()))
        elif kind == "list":
            out[key] = ("list", raw.lrange(key, 0, -1))
        elif kind == "zset":
            scored = raw.zrange(key, 0, -1, withscores=True)
            out[key] = ("zset", [(m, float(s)) for m, s in scored])
        elif kind == "set":
            out[key] = ("set", sorted(raw.smembers(key)))
    return out


def _loaded(room: LoadedRoom | None) -> object:
    if room is None:
        return None
    return (
        room.version, room.seq, room.blob, list(room.tail), room.old, room.head, room.stray,
        room.last_frame,
    )  # fmt: skip


class _Deterministic:
    """The clock and the randomness the room service draws from, the same for both runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch

    def reset(self) -> None:
        rng = random.Random(30)
        ticks = iter(range(1_800_000_000_000, 1_900_000_000_000, 250))

        def now() -> int:
            return next(ticks)

        self.monkeypatch.setattr(service_module, "now_ms", now)
        self.monkeypatch.setattr(entry_module, "now_ms", now)
        self.monkeypatch.setattr(players_module, "now_ms", now)
        for name in (
            "server.rooms.codes", "server.rooms.fairness", "server.rooms.play",
            "server.store.players",
        ):  # fmt: skip
            self.monkeypatch.setattr(importlib.import_module(name), "secrets", _Secrets(rng))


async def scenario(store: Store, dump: Callable[[], dict[bytes, Any]]) -> Observed:
    """The room service's operations on ``store``; what each returned and what the store held."""
    seen: Observed = []

    def look(what: str, value: object) -> None:
        seen.append((what, value))

    settings = Settings(rooms_per_min=0, log_keep=16)
    service = RoomService(store, _NoDelivery(), grace_ms=2000, node_id="c")
    entry = Entry(settings, store, service)
    look("load missing", _loaded(await store.load("ZZZ-ZZZ")))
    host, guest = Player("pa", "Ann", ""), Player("pb", "Bo", "")
    rec = await entry._open(host, "c:1", "classic", {"min_rank": 11}, 2, True, 1, False, 0)
    code = rec.code
    look("created", dump())
    rec, _ = await entry.join(guest, "c:2", "peer", code, None, False)
    look("joined", (rec.seq, rec.status, dump()))
    action = 10
    step_no = 0
    while rec.status == "playing" and step_no < 60:
        state = rec.state
        assert state is not None
        plays = [
            PlayInput(rec.seats[s].player, (action := action + 1), state.steps, None)
            for s in state.awaiting
        ]

        def run(r: RoomRecord, o: rooms.Outcome, plays: list[PlayInput] = plays) -> None:
            for p in plays:
                rooms.play_input(r, o, p)

        rec, _, _ = await service.apply(code, run, plays=plays)
        step_no += 1
        loaded = await store.load(code)
        look(f"step {step_no} load", _loaded(loaded))
        look(f"step {step_no} keys", dump())
        look(f"step {step_no} seqs", await store.journals.lasts([code, "ZZZ-ZZZ"]))
        for after in (0, rec.seq - 7, rec.seq - 3, rec.seq, rec.seq + 2):
            look(
                f"step {step_no} events_after {after}",
                await store.journals.events_after(code, after),
            )
    look("finished", (rec.status, rec.game, dump()))
    # A stale version loses the compare-and-set, with and without a record; nothing changes.
    loaded = await store.load(code)
    assert loaded is not None
    none = Commit(None, False, 0)

    def step_at(version: int, seq: int) -> RoomUpdate:
        return RoomUpdate(code, version, seq, seq, b"", [b"\x90"], 0, step=b"\x91\x01")

    stale = replace(loaded, version=loaded.version - 1)
    look("cas step", _loaded(await store.commit(step_at(loaded.version, rec.seq + 1), stale, none)))
    whole = RoomUpdate(code, loaded.version + 1, rec.seq + 1, rec.seq + 1, b"blob", [b"\x90"], 0)
    older = replace(loaded, version=loaded.version - 2)
    look("cas record", _loaded(await store.commit(whole, older, none)))
    look("after cas", dump())
    # A step appended twice on one version: the second is refused and stays a stray
    # (the bare append); one published at once (the STEP script) takes its entry back.
    first = await store.commit(step_at(loaded.version + 1, rec.seq + 1), loaded, none, False)
    look("step", _loaded(first))
    look("step again", _loaded(await store.commit(step_at(loaded.version + 1, rec.seq + 2),
                                                  loaded, none, False)))  # fmt: skip
    assert first is not None
    look("published step refused", _loaded(await store.commit(
        step_at(first.version + 1, rec.seq + 2), loaded, none, publish=True)))  # fmt: skip
    with_stray = await store.load(code)
    look("stray load", (_loaded(with_stray), dump()))
    look("stray seqs", await store.journals.lasts([code]))
    look("stray events", await store.journals.events_after(code, rec.seq - 2))
    assert with_stray is not None and with_stray.stray == 1 and with_stray.tail == first.tail
    try:
        await store.commit(step_at(with_stray.version + 1, rec.seq + 2), with_stray, none)
    except ValueError:
        look("step on strays", "refused by the store")
    whole = RoomUpdate(code, with_stray.version + 1, rec.seq + 2, rec.seq + 2, b"blob",
                       [b"\x90"], 0)  # fmt: skip
    look("cas right", _loaded(await store.commit(whole, with_stray, none)))
    look("after write", (_loaded(await store.load(code)), dump()))
    # A room a node of store format 3 wrote (one journal, ``j``) is read as format 4.
    old_code = "OLD-FMT"
    entries = [encode_entry(JournalEntry(v, v, v, [b"f%d" % v], b"")) for v in (3, 4)]
    await store.run([
        ("HSET", room_key(old_code), "v", 3, "s", 3, "b", b"blob", "j", 1),
        ("RPUSH", old_journal_key(old_code), *entries),
    ])  # fmt: skip
    look("format 3 seqs", await store.journals.lasts([old_code]))
    look("format 3 load", (_loaded(await store.load(old_code)), dump()))
    # The jobs' keys.
    await store.set_due(code, 1_800_000_000_500)
    look("claim", await store.claim_due(1_800_000_001_000, 5000))
    look("claim again", await store.claim_due(1_800_000_001_000, 5000))
    await store.set_due(code, None)
    look("beat", await store.nodes.heartbeat("n1", 1_800_000_000_000))
    look("beat again", await store.nodes.heartbeat("n1", 1_800_000_002_000))
    look("dead", await store.nodes.dead_nodes(1_800_000_003_000))
    await store.nodes.add_node_room("n1", code)
    look("node rooms", await store.nodes.node_rooms("n1"))
    look("count", [await store.count("krig:count:x", 60) for _ in range(3)])
    look("lock", [await store.lock_quick("classic", 2, h) for h in ("a", "b")])
    await store.unlock_quick("classic", 2)
    look("join nodes", await store.nodes.join_nodes("n2", 1_800_000_004_000, 1_800_000_000_000))
    await store.nodes.forget_node("n1")
    # Sessions: a token rotates on resume; a resume the store did not confirm (its
    # client never got the new token) passes again with the token it gave, for a while.
    players = store.players
    ann, token = await players.new_player("Ann")
    look("session", (ann, dump()))
    resumed = await players.resume(token)
    assert resumed is not None
    look("resumed", (resumed, dump()))
    look("old token", old := await players.resume(token))  # (confirmed: deleted at once)
    assert old is None
    key, second = player_key(ann.id), resumed[1].partition(".")[2]
    unconfirmed: list[Command] = [
        ("EVALSHA", players._rotate_sha, 1, key, _digest(second), _digest("x"),
         3600, 1_900_000_000_000, RESUME_RETRY_MS)
    ]  # fmt: skip
    look("rotated, unconfirmed", (await players.run(unconfirmed), dump()))
    late: list[Command] = [("EVALSHA", players._rotate_sha, 1, key, _digest(second), _digest("y"),
             3600, 1_900_000_000_000 + 2 * RESUME_RETRY_MS, RESUME_RETRY_MS)]  # fmt: skip
    look("sent too late", late_answer := await players.run(late))
    look("sent again", again := await players.resume(resumed[1]))
    assert late_answer == [0] and again is not None and again[0].id == ann.id
    look("the end", dump())
    return seen


NEW = LoadedRoom(0, 0, b"")
"""A room not yet in the store (its first commit)."""


def _store(pipe: Any, min_replicas: int = 0) -> Store:
    return Store(pipe, min_replicas=min_replicas, log_keep=16, room_ttl_s=3600,
                 record_ttl_s=3600, session_ttl_s=3600)  # fmt: skip


@pytest.fixture()
async def real(redis_proc: RedisProcess) -> AsyncIterator[tuple[Store, redis.Redis]]:
    url = redis_proc.url.rsplit("/", 1)[0] + "/5"
    client = redis.Redis.from_url(url)
    client.flushdb()
    pipe = RedisPipe(url, "contract")
    try:
        yield _store(pipe), client
    finally:
        await pipe.close()
        client.close()


async def test_the_simulated_store_answers_as_redis_does(
    real: tuple[Store, redis.Redis], monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed = _Deterministic(monkeypatch)
    store, client = real
    fixed.reset()
    on_redis = await scenario(store, lambda: dump_redis(client))
    sim = DirectPipe()
    fixed.reset()
    on_sim = await scenario(_store(sim), sim.dump)
    assert len(on_redis) == len(on_sim)
    for (what, a), (_, b) in zip(on_redis, on_sim, strict=True):
        assert a == b, what
    # (The scenario did what it is for: a game played to its end, the journal trimmed.)
    kinds = {k: v[0] for k, v in sim.dump().items()}
    assert "zset" in kinds.values() and "list" in kinds.values()
    assert any(what == "finished" and value[0] == "over" for what, value in on_sim)


async def test_wait_without_a_replica_is_not_durable_on_both(redis_proc: RedisProcess) -> None:
    url = redis_proc.url.rsplit("/", 1)[0] + "/6"
    pipe = RedisPipe(url, "contract-wait")
    update = RoomUpdate("AAA-AAA", 1, 1, 1, b"blob", [b"\x90"], 0)
    try:
        with pytest.raises(NotDurable):
            await _store(pipe, min_replicas=1).commit(update, NEW, Commit(None, False, 0))
    finally:
        await pipe.close()
    sim = DirectPipe(replicas=0)
    with pytest.raises(NotDurable):
        await _store(sim, min_replicas=1).commit(update, NEW, Commit(None, False, 0))
    # Written all the same (WAIT does not undo), on both.
    client = redis.Redis.from_url(url)
    try:
        assert client.hget("krig:{AAA-AAA}:room", "b") == b"blob"
    finally:
        client.close()
    assert sim.dump()[b"krig:{AAA-AAA}:room"][1][0] == (b"b", b"blob")


async def test_wait_with_a_replica_is_durable_on_both(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    work = tmp_path_factory.mktemp("contract-replica")
    primary = RedisProcess(port=free_port(), workdir=str(work / "a")).start()
    assert primary.port is not None
    replica = RedisProcess(
        port=free_port(), workdir=str(work / "b"),
        extra=("--replicaof", "127.0.0.1", str(primary.port)),
    ).start()  # fmt: skip
    pipe = RedisPipe(primary.url, "contract-wait")
    try:
        check = redis.Redis.from_url(primary.url)
        for _ in range(200):  # the replica's first sync
            info = check.info("replication")
            if any(k.startswith("slave") and v.get("state") == "online"
                   for k, v in info.items() if isinstance(v, dict)):  # fmt: skip
                break
            await __import__("asyncio").sleep(0.05)
        check.close()
        update = RoomUpdate("BBB-BBB", 1, 1, 1, b"blob", [b"\x90"], 0)
        real_ok = await _store(pipe, min_replicas=1).commit(update, NEW, Commit(None, False, 0))
        sim = DirectPipe(replicas=1)
        sim_ok = await _store(sim, min_replicas=1).commit(update, NEW, Commit(None, False, 0))
        assert real_ok is not None and real_ok == sim_ok
        # A replica whose link is cut confirms nothing: NotDurable (as WAIT on a lagging one).
        sim.dep.replicas()[0].link = False
        again = RoomUpdate("BBB-BBB", 2, 2, 2, b"blob2", [b"\x90"], 0)
        with pytest.raises(NotDurable):
            await _store(sim, min_replicas=1).commit(again, sim_ok, Commit(None, False, 0))
    finally:
        await pipe.close()
        replica.cleanup()
        primary.cleanup()


def test_a_zset_orders_as_redis() -> None:
    z = ZSet({b"b": 1.0, b"a": 1.0, b"c": 0.5})
    assert [m for m, _ in z.ordered()] == [b"c", b"a", b"b"]
