"""Games played by hand through a fault of the store (a failover, a slot migration):
every step a client saw acknowledged must be in Redis afterwards, and every game
must play on to its end."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import redis
from checks import settled_after
from server_support import ServerProc, close_all, play_all, room_in_redis, seat_players

from client_cli.session import Session
from server.engine import census

Reader = Callable[[], redis.Redis | redis.RedisCluster]
"""A client to wherever the rooms are now (after a failover: the new primary)."""


async def drive(sessions: list[Session], acked: list[int], stop: asyncio.Event) -> None:
    """Play step after step by hand, each flip waiting for its acknowledgement;
    ``acked`` gets the step each one reached."""
    while not stop.is_set():
        t = sessions[0].table
        if t.phase == "over":
            return
        step = t.step
        await asyncio.gather(*(s.flip(step) for s in sessions if s.table.my_turn))
        await asyncio.gather(*(s.wait(settled_after(step), 30) for s in sessions))
        acked.append(sessions[0].table.step)


async def mid_game(
    reader: Reader,
    nodes: list[ServerProc],
    fault: Callable[[list[list[Session]]], Awaitable[None]],
    rooms: int = 4,
) -> list[list[Session]]:
    """Rooms played by hand over both nodes while ``fault()`` runs; then every step
    a client saw acknowledged is in Redis, and every game plays on to its end."""
    urls = [n.url for n in nodes]
    games = [await seat_players(urls, 2, "classic", {"max_tricks": 400}) for _ in range(rooms)]
    stop = asyncio.Event()
    acked: list[list[int]] = [[] for _ in games]
    drivers = [asyncio.ensure_future(drive(g, a, stop)) for g, a in zip(games, acked, strict=True)]
    try:
        await asyncio.sleep(1.0)
        await _unless_a_driver_fails(fault(games), drivers)
        await asyncio.sleep(2.0)
        stop.set()
        await asyncio.gather(*drivers)
        for sessions, steps in zip(games, acked, strict=True):
            code = sessions[0].table.code or ""
            rec = room_in_redis(reader(), code)
            assert rec is not None and rec.state is not None
            # Every step a client saw acknowledged is in Redis, no more, no less.
            assert steps and rec.state.steps == sessions[0].table.step >= steps[-1]
            assert rec.state.steps == sessions[1].table.step
        try:
            playing = [g for g in games if g[0].table.phase != "over"]
            await asyncio.gather(*(play_all(s, timeout=60) for s in playing))
        except TimeoutError:
            raise AssertionError(tables(reader(), games)) from None
        for sessions in games:
            assert all(s.table.result is not None for s in sessions)
            conserved(reader(), sessions[0].table.code or "")
        return games
    finally:
        stop.set()
        for task in drivers:
            task.cancel()
        for sessions in games:
            await close_all(sessions)


async def _unless_a_driver_fails(fault: Awaitable[None], drivers: list[asyncio.Task[None]]) -> None:
    """``fault``, raising at once what a driver raised meanwhile (a flip refused: its
    game would stop, and the fault's own checks would only time out on it)."""
    task = asyncio.ensure_future(fault)
    try:
        while not task.done():
            running = [d for d in drivers if not d.done()]
            await asyncio.wait([task, *running], return_when=asyncio.FIRST_COMPLETED)
            for driver in drivers:
                if driver.done() and driver.exception() is not None:
                    raise AssertionError(f"a game's driver failed: {driver.exception()!r}")
        task.result()
    finally:
        task.cancel()


def tables(admin: redis.Redis | redis.RedisCluster, games: list[list[Session]]) -> str:
    """What each seat knew, beside Redis (for a failure message)."""
    lines = []
    for sessions in games:
        code = sessions[0].table.code or ""
        rec = room_in_redis(admin, code)
        state = rec.state if rec is not None else None
        lines.append(
            f"{code}: redis seq {rec.seq if rec else None} step "
            f"{state.steps if state else None} phase {state.phase if state else None}; "
            + "; ".join(
                f"{s.name}@{s.urls[0][-9:]} seq {s.table.seq} step {s.table.step} "
                f"phase {s.table.phase} my_turn {s.table.my_turn}"
                for s in sessions
            )
        )
    return "\n".join(lines)


def conserved(admin: redis.Redis | redis.RedisCluster, code: str) -> None:
    rec = room_in_redis(admin, code)
    assert rec is not None and rec.state is not None
    assert census(rec.state) == sorted(rec.state.rules.deck())
