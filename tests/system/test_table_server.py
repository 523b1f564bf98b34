"""Table features over real processes: computer seats, timers, timed games,
quick-join, host controls and the live lobby."""

from __future__ import annotations

import asyncio
import functools
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from checks import assert_conserved, load_room
from server_support import ServerProc, close_all, seat_players, stored

from client_cli.bot import play_game
from client_cli.session import ServerError, Session
from client_cli.table import Table
from protocol import messages as m
from protocol.codec import decode_server
from protocol.records import GameRecord
from server.store.embedded import RedisProcess
from server.store.keys import record_key
from server.store.store import decode_game_record
from server.verify import verify


def _past_step(table: Table, step: int) -> bool:
    return table.step > step or table.phase == "over"


@pytest.fixture(scope="module")
def server(
    redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProc]:
    proc = ServerProc(
        redis_proc.url, "table", tmp_path_factory.mktemp("logs"), quick_fill_s=0
    ).start()
    yield proc
    proc.stop()


def _record(redis_url: str, code: str, game: int = 1) -> GameRecord:
    client = redis.Redis.from_url(redis_url)
    meta = client.get(record_key(code, game))
    client.close()
    assert meta is not None
    rec = decode_game_record(stored(meta))
    assert rec.events == [] and rec.events_digest.startswith("sha256:")
    return rec


async def test_computer_seats_play_a_whole_game(server: ServerProc, redis_url: str) -> None:
    host = Session(server.url, "host")
    await host.connect()
    try:
        joined = await host.create("quick", 4, options={"max_tricks": 10})
        for _ in range(3):
            await host.add_bot()
        await host.ready()
        await host.wait(lambda t: t.phase in ("battle", "war"))
        assert host.table.room is not None
        assert [s.bot for s in host.table.room.seats] == [False, True, True, True]
        await play_game(host, timeout=120)
        rec = assert_conserved(redis_url, joined.code)
        assert rec.status == "over"
        assert verify(_record(redis_url, joined.code)) == []
    finally:
        await host.close()


async def test_turn_timer_fires_once_after_a_restart(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "restart", tmp_path).start()
    a, b = Session(srv.url, "a", record=True), Session(srv.url, "b")
    sessions = [a, b]
    await a.connect()
    await b.connect()
    try:
        joined = await a.create("classic", 2)
        await a.configure(turn_s=2)
        await b.join(joined.code)
        await a.ready()
        await b.ready()
        await a.wait(lambda t: t.phase == "battle")
        code = joined.code
        await a.flip(0)  # seat 1 idles; its 2 s deadline is pending in Redis
        srv.kill()
        await asyncio.sleep(0.3)
        srv.start()
        await a.wait(lambda t: t.step >= 1, 20)
        frames = [decode_server(f) for f in a.frames or []]
        acted = Counter((x.seat, x.step) for x in frames if isinstance(x, m.Acted))
        assert acted[(1, 0)] == 1
        assert sum(1 for x in frames if isinstance(x, m.Revealed) and x.step == 0) == 1
        assert load_room(redis_proc.url, code).state is not None
    finally:
        await close_all(sessions)
        srv.stop()


async def test_deadline_fires_exactly_once_with_two_nodes(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    a_srv = ServerProc(redis_proc.url, "dueA", tmp_path).start()
    b_srv = ServerProc(redis_proc.url, "dueB", tmp_path).start()
    host = Session(a_srv.url, "host", record=True)
    idle = Session(b_srv.url, "idle")
    await host.connect()
    await idle.connect()
    try:
        joined = await host.create("classic", 2, options={"max_tricks": 6})
        await host.configure(turn_s=1)
        await idle.join(joined.code)
        await idle.ready()
        await host.ready()
        await host.wait(lambda t: t.phase == "battle")
        await play_game(host, timeout=60)  # the idle seat is played by the timer every step
        frames = [decode_server(f) for f in host.frames or []]
        acted = Counter((x.seat, x.step) for x in frames if isinstance(x, m.Acted))
        assert acted and set(acted.values()) == {1}
        steps = {x.step for x in frames if isinstance(x, m.Revealed)}
        assert all(acted[(1, s)] == 1 for s in steps)
        clocks = [x for x in frames if isinstance(x, m.Clock)]
        assert clocks and all(c.deadline_ms > 0 for c in clocks)
    finally:
        await close_all([host, idle])
        a_srv.stop()
        b_srv.stop()


async def test_timed_game_ends_on_the_clock_and_verifies(
    server: ServerProc, redis_url: str
) -> None:
    """A 2 s game of slow flips ends on the clock, and its record verifies.

    The deal is random: now and then a game ends by the rules first (a short
    war within its 40 or so steps; CI saw one). Then a new room plays.
    """

    async def slow(s: Session) -> None:
        await play_game(s, delay=lambda: 0.05, timeout=60)

    for _ in range(5):
        sessions = await seat_players(server.url, 2, "timed", {"time_limit_s": 2})
        try:
            room = sessions[0].table.room
            assert room is not None and room.game_ends_ms > 0
            await asyncio.gather(*(slow(s) for s in sessions))
            result = sessions[0].table.result
            code = sessions[0].table.code or ""
            record = _record(redis_url, code)
            assert verify(record) == []
            assert result is not None
            if result.reason == "time_limit":
                assert record.ended_ms >= room.game_ends_ms
                return
        finally:
            await close_all(sessions)
    pytest.fail("five games in a row ended by the rules before their 2 s clock")


async def test_quick_join_groups_concurrent_joiners_without_overfilling(server: ServerProc) -> None:
    players = [Session(server.url, f"q{i}") for i in range(14)]
    await asyncio.gather(*(p.connect() for p in players))
    try:
        joined = await asyncio.gather(*(p.quick(3, "quick") for p in players))
        sizes = Counter(j.code for j in joined)
        assert sorted(sizes.values(), reverse=True) == [3, 3, 3, 3, 2]
        assert len({(j.code, j.seat) for j in joined}) == 14  # no seat given twice
        full = [code for code, n in sizes.items() if n == 3]
        for p, j in zip(players, joined, strict=True):
            if j.code in full:
                await p.wait(lambda t: t.phase in ("battle", "war", "over"))
    finally:
        await close_all(players)


async def test_host_controls(server: ServerProc) -> None:
    host, guest, late, watcher = (
        Session(server.url, n) for n in ("host", "guest", "late", "watch")
    )
    for s in (host, guest, late, watcher):
        await s.connect()
    try:
        joined = await host.create("classic", 3)
        code = joined.code
        await guest.join(code)
        with pytest.raises(ServerError) as err:
            await guest.configure(turn_s=5)
        assert err.value.code == "not_host"
        await host.configure(preset="quick", turn_s=15, spectating=False, locked=True)
        await guest.wait(
            lambda t: t.room is not None and t.room.preset == "quick" and t.room.turn_s == 15
        )
        assert await late.join_or_error(code) == "room_locked"
        with pytest.raises(ServerError) as err:
            await watcher.spectate(code)
        assert err.value.code == "spectating_off"
        with pytest.raises(ServerError) as err:
            await host.configure(options={"war_down": 99})
        assert err.value.code == "bad_rules"
        await host.remove_seat(1)  # the guest's seat
        await host.wait(lambda t: t.room is not None and t.room.seats[1].name is None)
        await host.configure(locked=False)
        await late.join(code)
        await host.add_bot(2)
        await host.ready()
        await late.ready()
        await host.wait(lambda t: t.phase in ("battle", "war"))
        with pytest.raises(ServerError) as err:
            await host.configure(turn_s=1)
        assert err.value.code == "already_started"
    finally:
        await close_all([host, guest, late, watcher])


async def test_a_removed_player_watches_or_is_put_out(
    server: ServerProc, redis_proc: RedisProcess, tmp_path: Path
) -> None:
    """The host frees a seat: its player stays as a spectator where spectators are
    allowed; where they are not, it is told and put out of the room, also when its
    connection is on another node."""
    other = ServerProc(redis_proc.url, "table2", tmp_path).start()
    host, kept, kicked, newcomer = (
        Session(url, name, record=True)
        for url, name in (
            (server.url, "host"), (server.url, "kept"), (other.url, "kicked"), (server.url, "new"),
        )
    )  # fmt: skip
    for s in (host, kept, kicked, newcomer):
        await s.connect()
    try:
        code = (await host.create("classic", 3)).code
        await kept.join(code)
        assert kept.welcome is not None and kicked.welcome is not None
        # Spectators allowed (the default): off the seat, onto the rail.
        await host.remove_seat(1)
        await kept.wait(lambda t: t.seat is None, 5)
        rec = load_room(redis_proc.url, code)
        assert rec.seats[1].player == "" and kept.welcome.player in rec.spectators
        assert kept.table.code == code  # still in the room, watching
        # Spectators not allowed: told, and out of the room.
        await host.configure(spectating=False)
        await kicked.join(code)
        seat = kicked.table.seat
        assert seat is not None
        assert kicked.frames is not None
        kicked.frames.clear()
        await host.remove_seat(seat)
        await kicked.wait(lambda t: t.code is None, 5)
        told = [decode_server(f) for f in kicked.frames]
        assert any(
            isinstance(msg, m.Error) and msg.code == "removed" and msg.id is None for msg in told
        )
        rec = load_room(redis_proc.url, code)
        assert (
            kicked.welcome.player not in rec.spectators
            and rec.seat_of(kicked.welcome.player) is None
        )
        kicked.frames.clear()
        await newcomer.join(code)
        await host.wait(lambda t: t.room is not None and t.room.seats[seat].name == "new", 5)
        await kept.wait(lambda t: t.room is not None and t.room.seats[seat].name == "new", 5)
        await asyncio.sleep(0.3)
        assert not [f for f in kicked.frames if m.is_room_event(decode_server(f))]
        again = await kicked.create("classic", 2)  # not "already_in_room": it is out
        assert again.code != code
    finally:
        await close_all([host, kept, kicked, newcomer])
        other.stop()


async def test_lobby_updates_reach_watchers(server: ServerProc) -> None:
    watcher = Session(server.url, "watcher")
    updates: list[m.LobbyRoom] = []
    watcher.on_message = lambda msg: updates.append(msg) if isinstance(msg, m.LobbyRoom) else None
    host, private = Session(server.url, "host"), Session(server.url, "private")
    for s in (watcher, host, private):
        await s.connect()
    try:
        first = await watcher.watch_lobby()
        assert isinstance(first, m.Lobby)
        secret = await private.create("classic", 2, public=False)
        pub = await host.create("croatian", 2, public=True)
        await watcher.wait(lambda t: any(u.room.code == pub.code for u in updates), 5)
        mine = [u for u in updates if u.room.code == pub.code]
        assert mine[-1].room.rules["war_repeat"] == "face_up_only" and not mine[-1].gone
        await host.leave()
        await watcher.wait(lambda t: any(u.room.code == pub.code and u.gone for u in updates), 5)
        assert all(u.room.code != secret.code for u in updates)
    finally:
        await close_all([watcher, host, private])


async def test_computer_seats_survive_a_server_restart(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "botcrash", tmp_path).start()
    host = Session(srv.url, "host")
    await host.connect()
    try:
        joined = await host.create("classic", 3, options={"max_tricks": 12})
        await host.add_bot()
        await host.add_bot()
        await host.ready()
        await host.wait(lambda t: t.phase in ("battle", "war"))
        for _ in range(3):  # a few steps with the computers
            await host.wait(lambda t: t.my_turn or t.phase == "over", 20)
            if host.table.phase == "over":
                break
            step = host.table.step
            await host.flip(step)
            await host.wait(functools.partial(_past_step, step=step), 20)
        srv.kill()
        srv.start()
        await play_game(host, timeout=120)  # the computers play on after the restart
        rec = assert_conserved(redis_proc.url, joined.code)
        assert rec.status == "over" and host.reconnects >= 1
    finally:
        await host.close()
        srv.stop()
