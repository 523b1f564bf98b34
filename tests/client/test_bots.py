"""Bring-your-own bots against a real server: loading, faults, cheating, levels, the arena."""

from __future__ import annotations

import asyncio
import io
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from server_support import KRIG, ServerProc, close_all

from client_cli.arena import GameResult, run_arena, wilson
from client_cli.bot import Bot, play_game
from client_cli.proof import check_record
from client_cli.session import ServerError, Session
from client_cli.strategies import StrategyError, load_strategy
from client_cli.tracking import HandTracker
from krig_bots import View, war_saver
from protocol import messages as m
from server.engine import Choose, make_rules, new_game, submit
from server.rooms.state import RoomRecord, SeatRecord
from server.rooms.views import bot_view
from server.rooms.wire import wire_events
from server.store.embedded import RedisProcess

Z999 = 3.2905267314919255
"""The two-sided 99.9% normal quantile."""

SHORT: dict[str, bool | int | str] = {"max_tricks": 40}
"""Whole games, kept short."""


@pytest.fixture(scope="module")
def server(
    redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProc]:
    proc = ServerProc(redis_proc.url, "bots", tmp_path_factory.mktemp("logs")).start()
    yield proc
    proc.stop()


async def _pair(server: ServerProc, options: dict[str, bool | int | str]) -> list[Session]:
    a, b = Session(server.url, "a"), Session(server.url, "b")
    await a.connect()
    await b.connect()
    joined = await a.create("arneson", 2, options=options)
    await b.join(joined.code)
    await asyncio.gather(*(s.wait(lambda t: t.phase in ("battle", "war")) for s in (a, b)))
    return [a, b]


# ------------------------------------------------------------------ loading


def test_a_strategy_is_found_by_name_path_or_module(tmp_path: Path) -> None:
    mine = tmp_path / "mybot.py"
    mine.write_text("def choose(view):\n    return max(view.hand)\n")
    assert load_strategy("smart").built_in
    assert load_strategy(f"{mine}:choose").strategy.__name__ == "choose"
    assert load_strategy("krig_bots.basic:war_saver").strategy is war_saver
    for bad, said in (
        ("nope", "is not a strategy"),
        (f"{tmp_path}/absent.py:choose", "no such file"),
        (f"{mine}:other", "has no function 'other'"),
        ("no_such_module_here:choose", "cannot import"),
    ):
        with pytest.raises(StrategyError, match=said):
            load_strategy(bad)


# ------------------------------------------------------------------- faults


def _raises(view: View) -> int:
    raise ValueError("oops")


def _hangs(view: View) -> int:
    time.sleep(30)
    return view.hand[0]


async def _hangs_async(view: View) -> int:
    await asyncio.sleep(30)
    return view.hand[0]


def _cheats(view: View) -> int:
    return 8 if 8 not in view.hand else 9  # (a two or a three it does not hold)


@pytest.mark.parametrize(
    ("strategy", "said"),
    [
        (_raises, "raised ValueError: oops"),
        (_hangs, "took longer than 0.5 s"),
        (_hangs_async, "took longer than 0.5 s"),
        (_cheats, "not a card in its hand"),
    ],
)
async def test_a_failing_bot_gets_a_line_and_the_automatic_choice(
    server: ServerProc, strategy: object, said: str
) -> None:
    sessions = await _pair(server, SHORT)
    err = io.StringIO()
    hangs = strategy in (_hangs, _hangs_async)
    bad = Bot(strategy, decide_s=0.5 if hangs else 10, err=err)  # type: ignore[arg-type]
    try:
        await asyncio.gather(
            play_game(sessions[0], bad, timeout=120), play_game(sessions[1], timeout=120)
        )
        assert all(s.table.result is not None for s in sessions)  # the game went on to its end
        lines = err.getvalue().splitlines()
        assert bad.faults == len(lines) >= 3
        for line in lines:
            assert said in line and "the automatic choice plays for it" in line, line
        assert all(line.startswith("krig: bot _") for line in lines)
    finally:
        await close_all(sessions)


async def test_acting_for_another_seat_is_refused_and_the_game_goes_on(
    server: ServerProc,
) -> None:
    honest, cheat = await _pair(server, SHORT)
    try:
        await honest.wait(lambda t: t.my_turn)
        await cheat.wait(lambda t: t.my_turn)
        step = cheat.table.step
        # The other seat's card, as if this connection played for it: refused.
        with pytest.raises(ServerError) as refused:
            await cheat.choose(step, honest.table.hand[0])
        assert refused.value.code == "card_not_in_hand"
        # A flip in a hand game, and a step that is not the table's: refused too.
        with pytest.raises(ServerError) as refused:
            await cheat.flip(step)
        assert refused.value.code == "wrong_action"
        with pytest.raises(ServerError) as refused:
            await cheat.choose(step + 5, cheat.table.hand[0])
        assert refused.value.code == "stale_step"
        await asyncio.gather(play_game(honest, timeout=120), play_game(cheat, timeout=120))
        assert honest.table.result is not None and cheat.table.result is not None
    finally:
        await close_all([honest, cheat])


def test_krig_bot_takes_a_file_strategy_and_says_when_it_fails(
    server: ServerProc, tmp_path: Path
) -> None:
    mine = tmp_path / "flaky.py"
    mine.write_text(
        "def choose(view):\n"
        "    if view.step % 2:\n"
        "        raise RuntimeError('odd step')\n"
        "    return min(view.hand)\n"
    )

    async def run() -> tuple[int, str]:
        host = Session(server.url, "host")
        await host.connect()
        try:
            joined = await host.create("arneson", 2, options=SHORT)
            proc = await asyncio.create_subprocess_exec(
                KRIG, "--url", server.url, "bot", joined.code, "--strategy", f"{mine}:choose",
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            )  # fmt: skip
            await host.wait(lambda t: t.phase in ("battle", "war"), 30)
            await play_game(host, timeout=120)
            _, err = await asyncio.wait_for(proc.communicate(), 60)
            assert proc.returncode is not None
            return proc.returncode, err.decode()
        finally:
            await host.close()

    code, err = asyncio.run(run())
    assert code == 0, err
    assert "raised RuntimeError: odd step" in err
    assert "the automatic choice plays for it" in err


# ---------------------------------------------------------- computer levels


@pytest.mark.parametrize("level", ["easy", "hard"])
async def test_a_computer_plays_a_whole_game_at_its_level(server: ServerProc, level: str) -> None:
    s = Session(server.url, "human")
    await s.connect()
    try:
        await s.create("arneson", 2, options=SHORT)
        await s.add_bot(level=level)
        await s.wait(lambda t: t.phase in ("battle", "war"))
        assert s.table.room is not None and s.table.room.seats[1].level == level
        await play_game(s, timeout=120)
        assert s.table.result is not None
    finally:
        await s.close()


def test_a_computer_knows_only_cards_it_saw_face_up() -> None:
    """The server's view for a computer seat, against the client's tracker fed the same
    events: a hand card of another seat is shown only once it was seen face up, and
    the tracker (pencil and paper) knows as much."""
    # (a fixed gathering order: a card followed through the piles keeps its place)
    rules = make_rules("arneson", {"players": 2, "gather_order": "winner_first"})
    plain = rules.to_dict()
    for seed in range(6):
        state = new_game(rules, seed)
        rec = RoomRecord(
            code="T", version=0, seq=0, created_ms=0, updated_ms=0, host=0, preset="arneson",
            options={}, public=False, seats=[SeatRecord(bot=True), SeatRecord(bot=True)],
            state=state,
        )  # fmt: skip
        tracker = HandTracker()
        tracker.feed(
            m.GameStarted(seq=0, game=1, players=2, counts=[26, 26], step=0, commitment=""),
            plain,
        )
        face_up: set[int] = set()
        while state.phase != "over" and state.steps < 400:
            for seat in (0, 1):
                view = bot_view(rec, seat)
                other = view.hands[1 - seat]
                assert [c for c in other if c is not None] == [
                    c for c in state.hands[1 - seat] if c in face_up
                ]
                followed = tracker.hands()[1 - seat]
                assert {c for c in followed if c is not None} <= set(state.hands[1 - seat])
            for seat in list(state.awaiting):
                if state.over or seat not in state.awaiting:
                    continue
                card = war_saver(bot_view(rec, seat))
                rec.inputs += bytes((seat, card))
                step = state.steps
                for event in wire_events(submit(state, seat, Choose(card)), step):
                    if isinstance(event, m.Revealed):
                        face_up.update(c for c in event.up if c is not None)
                    tracker.feed(event, plain)


# -------------------------------------------------------------------- arena


def _record_of(g: GameResult) -> Callable[[int], m.GetRecord]:
    return lambda i: m.GetRecord(id=i, code=g.room, game=g.game)


async def test_the_arena_plays_every_deal_with_the_seats_swapped(server: ServerProc) -> None:
    report = await run_arena(
        server.url, ["smart", "random"], 8, 2, "arneson", rooms=4, progress=False,
        options=SHORT,
    )  # fmt: skip
    assert report.games == 8
    by_seed: dict[int, list[GameResult]] = {}
    for r in report.results:
        by_seed.setdefault(r.seed, []).append(r)
    assert len(by_seed) == 4
    s = Session(server.url, "checker")
    await s.connect()
    try:
        for games in by_seed.values():
            assert len(games) == 2
            one, two = games
            assert one.seats == list(reversed(two.seats))
            records = []
            for g in games:
                reply = await s.request(_record_of(g))
                assert isinstance(reply, m.Record)
                records.append(reply.record)
                assert not check_record(reply.record).problems  # the deal check still holds
            a, b = records
            assert a.proof.piles == b.proof.piles and a.proof.seed == b.proof.seed
            assert a.commitment != b.commitment  # (each deal has a fresh secret nonce)
            assert a.names == list(reversed(b.names)) or a.names != b.names
    finally:
        await s.close()


@pytest.mark.parametrize("bot", ["smart", "hard"])
async def test_a_bot_against_itself_comes_out_at_even(server: ServerProc, bot: str) -> None:
    report = await run_arena(
        server.url, [bot, bot], 60, 2, "arneson", rooms=6, progress=False,
        options=SHORT,
    )  # fmt: skip
    assert {r.bot for r in report.board} == {bot, f"{bot}#2"}
    for row in report.board:
        assert row.games == 60
        # Of the games someone won, each copy takes half. Hard's lots differ by room, so
        # its count is a draw from chance: judged at 99.9% (a fair pair fails 1 run in
        # 1,000), as the 95% board interval would fail 1 run in 20.
        low, high = wilson(row.wins, row.games - row.draws, Z999)
        assert low <= 0.5 <= high, (row, low, high)
    if bot == "smart":
        # Duplicate play cancels the deal's luck: the same bot wins each deal once either
        # way (smart draws no lots; hard's differ by room and seat).
        wins = [r.wins for r in report.board]
        assert wins[0] == wins[1]


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert abs(low - 0.4038) < 1e-3 and abs(high - 0.5962) < 1e-3
    assert wilson(0, 0) == (0.0, 1.0)


def test_krig_arena_writes_json_and_csv(server: ServerProc, tmp_path: Path) -> None:
    import json
    import subprocess

    done = subprocess.run(
        [KRIG, "--url", server.url, "arena", "--bots", "smart,lowest,random", "--players", "3",
         "--games", "6", "--set", "max_tricks=30", "--json", str(tmp_path / "a.json"),
         "--csv", str(tmp_path / "a.csv")],
        check=False, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "rating" in done.stdout and "95% interval" in done.stdout
    data = json.loads((tmp_path / "a.json").read_text())
    assert data["games"] == 6 and len(data["results"]) == 6
    assert all(row["rating"] is not None for row in data["board"])
    rows = (tmp_path / "a.csv").read_text().splitlines()
    assert rows[0].startswith("bot,games,wins") and len(rows) == 4
    assert sys.executable  # (the suite's own interpreter runs krig)
