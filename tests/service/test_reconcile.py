"""The once-a-second comparison with Redis tells a rewound room from one that moved on.

Under 10,000 paced bots it took 22,655 rooms in 40 s for rewound: a commit
landing while the pipelined read of every room's seq was on the way moved
the room's local seq past the seq read. A room is rewound only if Redis
holds less than this node had delivered before it asked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import pytest

from server.config import Settings
from server.service.jobs import QUIET_CHECK_MAX, Jobs


@dataclass
class _Room:
    seq: int
    diverged: bool = False
    last_frame: bytes | None = None


@dataclass
class _Delivery:
    rooms: dict[str, _Room]
    gone_rooms: list[str] = field(default_factory=list)

    def gone(self, code: str) -> None:
        self.gone_rooms.append(code)

    async def catch_up(self, code: str) -> None:
        pass

    def last_differs(self, code: str, seq: int, frame: bytes | None) -> bool:
        return False  # (no frames here: tests/faults/test_schedules.py's seed 417 has them)


@dataclass
class _Service:
    applied: list[str] = field(default_factory=list)

    def forget(self, code: str) -> None:
        pass

    async def apply(self, code: str, *_: Any, **__: Any) -> None:
        self.applied.append(code)


def _last(seq: int | None) -> tuple[int, bytes | None] | None:
    return None if seq is None else (seq, None)


class _Store:
    def __init__(self, delivery: _Delivery, redis: dict[str, int], during: dict[str, int]):
        self.delivery = delivery
        self.redis = redis
        self.during = during
        self.journals = self  # (Store.journals.lasts)

    async def lasts(self, codes: list[str]) -> list[tuple[int, bytes | None] | None]:
        read = [_last(self.redis.get(c)) for c in codes]
        for code, seq in self.during.items():  # commits delivered while the read was away
            self.delivery.rooms[code].seq = seq
        return read


def _jobs(store: _Store, service: _Service, delivery: _Delivery) -> Jobs:
    return Jobs(
        Settings(), "n1", cast(Any, store), cast(Any, service), cast(Any, delivery), cast(Any, None)
    )


async def test_a_commit_during_the_read_is_not_a_rewind() -> None:
    delivery = _Delivery({"AAA-AAA": _Room(1), "BBB-BBB": _Room(9)})
    service = _Service()
    # AAA: Redis said 1, then this node delivered up to 4: moved on. BBB: Redis holds 5,
    # less than the 9 this node had delivered before asking: rewound.
    store = _Store(delivery, {"AAA-AAA": 1, "BBB-BBB": 5}, {"AAA-AAA": 4})
    await _jobs(store, service, delivery)._reconcile()
    assert service.applied == ["BBB-BBB"]
    assert delivery.gone_rooms == []


class _CountingStore:
    """Redis as the job reads it: each room's last seq; which rooms each run read."""

    def __init__(self, redis: dict[str, int | None]) -> None:
        self.redis = redis
        self.reads: list[list[str]] = []
        self.read_in: list[tuple[int, str]] = []
        self.run = 0
        self.journals = self  # (Store.journals.lasts)

    async def lasts(self, codes: list[str]) -> list[tuple[int, bytes | None] | None]:
        self.reads.append(list(codes))
        self.read_in.extend((self.run, c) for c in codes)
        return [_last(self.redis.get(c)) for c in codes]


@dataclass
class _Relay:
    opens: int = 0


@dataclass
class _CatchingDelivery(_Delivery):
    redis: dict[str, int | None] = field(default_factory=dict)
    caught: list[str] = field(default_factory=list)

    async def catch_up(self, code: str) -> None:
        self.caught.append(code)
        self.rooms[code].seq = self.redis[code] or 0

    def gone(self, code: str) -> None:
        super().gone(code)
        del self.rooms[code]


def _reads_of(store: _CountingStore, code: str) -> list[int]:
    """The runs in which ``code`` was read."""
    return [run for run, c in store.read_in if c == code]


async def test_a_room_in_play_is_not_read_and_a_quiet_one_less_and_less_often() -> None:
    store = _CountingStore({"PLAY-ING": 1, "QUIE-TTT": 7})
    delivery = _CatchingDelivery({"PLAY-ING": _Room(1), "QUIE-TTT": _Room(7)}, redis=store.redis)
    jobs = Jobs(
        Settings(), "n1", cast(Any, store), cast(Any, _Service()), cast(Any, delivery),
        cast(Any, _Relay()),
    )  # fmt: skip
    for run in range(1, 41):
        store.run = run
        await jobs._reconcile()
        delivery.rooms["PLAY-ING"].seq += 1  # a commit between every two runs
        store.redis["PLAY-ING"] = delivery.rooms["PLAY-ING"].seq
    assert len(store.reads) == 5  # (a run with nothing to read asks Redis nothing)
    assert _reads_of(store, "PLAY-ING") == [1]  # once, when first seen
    assert _reads_of(store, "QUIE-TTT") == [1, 3, 7, 15, 31]  # then every 16
    assert delivery.caught == [] and delivery.gone_rooms == []


async def test_a_missed_last_event_and_a_lost_room_are_still_found() -> None:
    store = _CountingStore({"BEHI-NDD": 3, "LOST-RRR": 5})
    delivery = _CatchingDelivery({"BEHI-NDD": _Room(3), "LOST-RRR": _Room(5)}, redis=store.redis)
    relay = _Relay()
    jobs = Jobs(
        Settings(), "n1", cast(Any, store), cast(Any, _Service()), cast(Any, delivery),
        cast(Any, relay),
    )  # fmt: skip
    for _ in range(10):  # both quiet for a while: read less and less often
        await jobs._reconcile()
    reads = len(store.reads)
    # Another node committed the room's last event and this node never heard it; the
    # other room's keys are gone. Both are found at the next reads of quiet rooms.
    store.redis["BEHI-NDD"] = 4
    store.redis["LOST-RRR"] = None
    for _ in range(QUIET_CHECK_MAX * 2 + 1):
        await jobs._reconcile()
    assert delivery.caught == ["BEHI-NDD"]
    assert delivery.gone_rooms == ["LOST-RRR"]
    assert len(store.reads) > reads
    # A reopened subscription (what was published meanwhile is gone): every room at once.
    delivery.rooms["QUIE-TTT"] = _Room(1)
    store.redis["QUIE-TTT"] = 1
    await jobs._reconcile()  # (first seen)
    await jobs._reconcile()
    await jobs._reconcile()
    reads = len(store.reads)
    relay.opens += 1
    await jobs._reconcile()
    assert len(store.reads) == reads + 1 and "QUIE-TTT" in store.reads[-1]


async def test_a_read_that_failed_after_a_reopen_is_made_again() -> None:
    """Redis restarted empty: the subscription reopened while the store was still
    failing. The read every room is owed is not lost with the failed one."""
    store = _CountingStore({"GONE-AAA": 2})
    delivery = _CatchingDelivery({"GONE-AAA": _Room(2)}, redis=store.redis)
    relay = _Relay()
    jobs = Jobs(
        Settings(), "n1", cast(Any, store), cast(Any, _Service()), cast(Any, delivery),
        cast(Any, relay),
    )  # fmt: skip
    for _ in range(8):
        await jobs._reconcile()  # (quiet: read in runs 1, 3, 7; the next in run 15)
    reads = len(store.reads)
    relay.opens += 1
    store.redis["GONE-AAA"] = None
    failing = store.journals.lasts

    async def down(codes: list[str]) -> list[tuple[int, bytes | None] | None]:
        raise ConnectionError("Redis is starting")

    store.journals.lasts = down  # type: ignore[method-assign]
    with pytest.raises(ConnectionError):
        await jobs._reconcile()
    store.journals.lasts = failing  # type: ignore[method-assign]
    await jobs._reconcile()
    assert len(store.reads) == reads + 1
    assert delivery.gone_rooms == ["GONE-AAA"]
