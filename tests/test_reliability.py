"""Faults against real processes (the start of issue 7's suite).

Redis restarted mid-game (SIGTERM, then the same instance and data again):
the server reconnects by itself (bounded backoff; Lua scripts are reloaded on
NOSCRIPT), the clients see a pause, and the game finishes with every card
accounted for.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from server_support import ServerProc, close_all, play_all, seat_players
from test_server import assert_conserved, load_room, settled_after

from server.redis_process import RedisProcess, free_port


async def test_redis_restart_mid_game(tmp_path: Path) -> None:
    port = free_port()
    rp = RedisProcess(port=port, appendonly=True, workdir=str(tmp_path / "redis")).start()
    srv = ServerProc(rp.url, "rr", tmp_path).start()
    sessions = await seat_players(srv.url, 2, "classic", {"max_tricks": 60})
    try:
        for _ in range(5):
            step = sessions[0].table.step
            await asyncio.gather(*(s.flip(step) for s in sessions if s.table.my_turn))
            await asyncio.gather(*(s.wait(settled_after(step)) for s in sessions))
        code = sessions[0].table.code or ""
        before = load_room(rp.url, code)
        rp.stop()  # Redis goes away mid-game...
        await asyncio.sleep(0.5)
        rp.start()  # ...and comes back with its data
        await play_all(sessions, timeout=60)
        assert before.state is not None and before.state.tricks >= 2
        rec = assert_conserved(rp.url, code)
        assert rec.status == "over"
    finally:
        await close_all(sessions)
        srv.stop()
        rp.stop()
