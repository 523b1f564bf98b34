"""``krig load``'s bots against a real server: the pacer, the warm-up, a seat's long wait."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

import pytest
from server_support import ServerProc

from client_cli.load import LoadRoom, Stats, run_load, wait_turn
from server.store.embedded import RedisProcess


async def test_paced_load_holds_its_rate_and_leaves_the_warm_up_out(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "paced", tmp_path).start()
    try:
        paced = await run_load(srv.url, 4, 2, 1.0, "classic", False, rate=100)
        assert 0 < paced["flips"] <= 100 * 1.5 + 10  # the pacer holds the rate
        assert paced["errors"] == {}
        assert paced["reveals_measured"] > 0
        # Reveals inside the warm-up are played but left out of the latency.
        warm = await run_load(srv.url, 4, 2, 0.6, "classic", False, rate=100, warmup=0.4)
        cold = await run_load(srv.url, 4, 2, 0.6, "classic", False, rate=100, warmup=5)
        assert warm["warmup_s"] == 0.4 and 0 < warm["reveals_measured"] < warm["flips"] / 2
        assert cold["flips"] > 0 and cold["reveals_measured"] == 0
    finally:
        srv.stop()


async def test_a_seat_waits_out_a_long_wait_while_the_table_moves(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    """A load seat gives up on its turn only when nothing happens at the table.

    A seat knocked out of a 3-player game waits until the other two finish,
    which in a long game is well over a minute: the wait is bounded by the
    table's silence, not by its length.
    """
    srv = ServerProc(redis_proc.url, "turns", tmp_path).start()
    room = LoadRoom(srv.url, 3, "classic", 0, Stats())
    far = time.perf_counter() + 120

    async def others_play() -> None:
        """The other seats act, but never in a step before the first seat has acted in it.

        So when the first seat's turn comes, nobody else has acted yet, and its
        flip alone cannot complete the step once these two stop.
        """
        while True:
            for s in others:
                t = s.table
                if t.my_turn and (first not in t.awaiting or first in t.acted):
                    await s.flip(t.step)
            await asyncio.sleep(0.01)

    try:
        await room.setup()
        for s in room.sessions:
            await s.ready()
        for s in room.sessions:
            await s.wait(lambda t: t.phase == "battle", 10)
        me, *others = room.sessions
        first = me.table.seat
        assert first is not None
        await me.flip(me.table.step)
        waiting = asyncio.ensure_future(wait_turn(me, far, stall_s=1.0))
        for s in others:  # an event every 0.6 s, 1.2 s in all: longer than stall_s
            await asyncio.sleep(0.6)
            assert not waiting.done()
            await s.flip(s.table.step)
        playing = asyncio.ensure_future(others_play())  # (a war may leave seat 0 out)
        await asyncio.wait_for(waiting, 10)
        assert me.table.my_turn  # (52 cards: no game ends in a step or two)
        playing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await playing
        await me.flip(me.table.step)
        began = time.perf_counter()
        with pytest.raises(TimeoutError, match=r"no event for 0\.3 s"):
            await wait_turn(me, far, stall_s=0.3)  # nobody else acts
        assert time.perf_counter() - began >= 0.3
    finally:
        await room.close()
        srv.stop()
