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
        # 5 s: the restart and the client's reconnect come before the deadline even on a
        # loaded machine (a client back after it gets a snapshot, without the acted event).
        await a.configure(turn_s=5)
        await b.join(joined.code)
        await a.ready()
        await b.ready()
        await a.wait(lambda t: t.phase == "battle")
        code = joined.code
        await a.flip(0)  # seat 1 idles; its 5 s deadline is pending in Redis
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


async def _play_step(players: list[Session]) -> None:
    """Every seat that must act flips once; back when the step is over for all of them."""
    table = players[0].table
    step = table.step
    await asyncio.gather(*(p.flip(step) for p in players if p.table.my_turn))
    for p in players:
        await p.wait(functools.partial(_past_step, step=step), 20)


async def test_a_reload_mid_war_finds_the_war_the_trick_log_and_the_score(
    server: ServerProc,
) -> None:
    """A player who reloads in a war gets it back from the snapshot: the war's seats
    and face-down count, the latest tricks; after the game, the score and a rematch
    that can be taken back, as anyone who comes in sees them."""
    ada, bo = Session(server.url, "ada"), Session(server.url, "bo", record=True)
    sessions = [ada, bo]
    for s in sessions:
        await s.connect()
    try:
        code = (await ada.create("quick", 2, options={"max_tricks": 80})).code
        await bo.join(code)
        await ada.wait(lambda t: t.phase == "battle")
        while not (bo.table.war and bo.table.tricks_log) and bo.table.phase != "over":
            await _play_step([ada, bo])  # (a war after a trick: 8% a trick with 36 cards)
        war = bo.table.war
        assert war is not None and len(bo.table.tricks_log) >= 1
        await ada.close()
        again = Session(server.url, "ada", token=ada.token)
        again._ids = ada._ids  # the same session: its action ids go on (a retried id is a retry)
        sessions.append(again)
        await again.connect()
        await again.wait(lambda t: t.view is not None and t.seq >= bo.table.seq, 10)
        back = again.table
        assert back.war is not None and back.phase == "war"
        assert (back.war.seats, back.war.down) == (war.seats, war.down)
        assert back.my_turn and back.seat == 0
        kept = [(t.trick, t.winner, t.total, t.wars) for t in bo.table.tricks_log[-10:]]
        assert [(t.trick, t.winner, t.total, t.wars) for t in back.tricks_log] == kept
        snaps = [decode_server(f) for f in bo.frames or []]
        assert not any(isinstance(x, m.Snapshot) and x.view and x.view.war_seats for x in snaps)
        players = [again, bo]
        while bo.table.phase != "over":
            await _play_step(players)
        await again.wait(lambda t: t.phase == "over", 10)
        result = bo.table.result
        assert result is not None and again.table.room is not None
        expected = [1 if result.result == "win" and s in result.winners else 0 for s in (0, 1)]
        assert again.table.room.wins == expected == (bo.table.room.wins if bo.table.room else [])
        # A rematch: asked, taken back; anyone who comes in sees whom it waits for.
        await again.rematch()
        watcher = Session(server.url, "watch")
        sessions.append(watcher)
        await watcher.connect()
        await watcher.spectate(code)
        await watcher.wait(lambda t: t.room is not None, 5)
        assert watcher.table.room is not None
        assert watcher.table.room.rematch == [1] and watcher.table.room.wins == expected
        await again.rematch(on=False)
        await bo.wait(lambda t: t.rematch_waits == [0, 1], 5)
        late = Session(server.url, "late")
        sessions.append(late)
        await late.connect()
        await late.spectate(code)
        await late.wait(lambda t: t.room is not None, 5)
        assert late.table.room is not None and late.table.room.rematch == [0, 1]
        await bo.rematch()
        await again.rematch()
        await bo.wait(lambda t: t.phase == "battle" and t.tricks_log == [], 10)
        assert bo.table.room is not None and bo.table.room.wins == expected
    finally:
        await close_all(sessions)


async def test_add_bot_and_remove_seat_send_room_changed(server: ServerProc) -> None:
    host, guest = Session(server.url, "host"), Session(server.url, "guest", record=True)
    for s in (host, guest):
        await s.connect()
    try:
        code = (await host.create("classic", 4)).code
        await guest.join(code)
        await host.add_bot()
        await guest.wait(lambda t: t.room is not None and t.room.seats[2].bot, 5)
        await host.remove_seat(2)
        await guest.wait(lambda t: t.room is not None and t.room.seats[2].name is None, 5)
        await asyncio.sleep(0.2)
        events = [decode_server(f) for f in guest.frames or []]
        kinds = [type(e) for e in events if m.is_room_event(e)]
        assert kinds[-4:] == [m.PlayerJoined, m.RoomChanged, m.PlayerLeft, m.RoomChanged]
        last = events[-1]
        assert isinstance(last, m.RoomChanged) and last.room.seats[2].name is None
    finally:
        await close_all([host, guest])
