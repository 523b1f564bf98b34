"""The benchmark's parts work (their figures are printed by `bench stack`, never asserted)."""

from __future__ import annotations

import asyncio
import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
import websockets
from server_support import (
    KRIG_SERVER,
    ROOT,
    ServerProc,
    log_frames,
    room_in_redis,
    stored,
    tail_length,
)

from bench.clients import run_echo, run_idle
from bench.engine import transition_bench
from bench.stack import _quantiles, format_report, spin_pauses
from protocol import messages as m
from protocol.codec import decode_server_frame, encode, is_bundle
from server.engine import PRESETS, census, new_game, submit
from server.engine.game import FLIP
from server.rooms.state import decode_record
from server.service.service import STEPS_PER_RECORD
from server.store.embedded import RedisProcess, free_port


async def test_the_bare_echo_and_idle_clients(redis_proc: RedisProcess, tmp_path: Path) -> None:
    port = free_port()
    echo = subprocess.Popen(
        [sys.executable, "-m", "bench.stack", "echo", str(port)],
        cwd=ROOT, stdout=subprocess.PIPE,
    )  # fmt: skip
    try:
        assert echo.stdout is not None and b"echo" in echo.stdout.readline()
        bare = await run_echo(f"ws://127.0.0.1:{port}/", 4, 0.5)
        assert bare["round_trips"] > 0 and bare["connections"] == 4
        assert bare["latency_ms"]["p50"] <= bare["latency_ms"]["p99"]
    finally:
        echo.terminate()
        echo.wait()
    # The floor row: one Redis script call per frame, here on uvloop.
    floor = subprocess.Popen(
        [sys.executable, "-m", "bench.stack", "echo", str(port), "uvloop", redis_proc.url],
        cwd=ROOT, stdout=subprocess.PIPE,
    )  # fmt: skip
    admin = redis.Redis.from_url(redis_proc.url)
    try:
        assert floor.stdout is not None and b"echo" in floor.stdout.readline()
        calls_before = admin.info("commandstats").get("cmdstat_evalsha", {}).get("calls", 0)
        stored = await run_echo(f"ws://127.0.0.1:{port}/", 2, 0.3)
        calls = admin.info("commandstats")["cmdstat_evalsha"]["calls"] - calls_before
        assert stored["round_trips"] > 0 and calls >= stored["round_trips"]
    finally:
        floor.terminate()
        floor.wait()
        admin.close()
    srv = ServerProc(redis_proc.url, "bench", tmp_path).start()
    try:
        held = await run_idle(srv.url, 300, 0.2)
        assert held["connections"] == 300
    finally:
        srv.stop()


@pytest.mark.parametrize("mode", ["record", "inputs", "step"])
async def test_a_game_floor_plays_and_stores_every_step_it_answers(
    redis_proc: RedisProcess, mode: str
) -> None:
    """The floors pair connections into tables, play real steps, store each one."""
    admin = redis.Redis.from_url(redis_proc.url)
    admin.flushdb()
    port = free_port()
    floor = subprocess.Popen(
        [sys.executable, "-m", "bench.stack", "floor", str(port), "asyncio",
         redis_proc.url, mode],
        cwd=ROOT, stdout=subprocess.PIPE,
    )  # fmt: skip
    try:
        assert floor.stdout is not None and b"floor" in floor.stdout.readline()
        if mode == "step":
            await _step_floor_answers_with_ack_and_events(f"ws://127.0.0.1:{port}/")
        played = await run_echo(f"ws://127.0.0.1:{port}/", 6, 0.5)
    finally:
        floor.terminate()
        floor.wait()
    try:
        steps = 0
        if mode == "step":  # the record and its tail of steps, as krig stores them
            for key in admin.scan_iter("krig:{STEP*}:room"):
                code = key.decode().split("{", 1)[1].split("}", 1)[0]
                version = admin.hget(key, "v")
                assert version is not None
                assert tail_length(admin, code) < STEPS_PER_RECORD
                rec = room_in_redis(admin, code)
                assert rec is not None and rec.state is not None
                assert census(rec.state) == sorted(rec.state.rules.deck())
                assert log_frames(admin, code)
                steps += int(version) + tail_length(admin, code)  # (the deal is not stored)
        elif mode == "record":
            for key in admin.scan_iter("krig:{FLOOR*}:room"):
                version, blob = admin.hmget(key, "v", "b")
                assert version is not None and isinstance(blob, bytes)
                rec = decode_record(blob)
                assert rec.version == int(version) and rec.state is not None
                assert census(rec.state) == sorted(rec.state.rules.deck())
                journal = key.replace(b":room", b":j:" + stored(version))  # (its record's)
                assert admin.llen(journal) > 0
                steps += int(version)
        else:
            for key in admin.scan_iter("floor:*:v"):
                done = int(admin.get(key) or 0)
                assert admin.strlen(key[:-2] + b":in") == 4 * done  # 2 bytes a seat a step
                steps += done
        # Three tables; each step answers both seats: every answer is a stored step.
        # (A step whose answers came after the client stopped waiting is stored but
        # not counted: at most one a table, on a machine slow enough to take 2 s.)
        assert 0 < played["round_trips"] <= steps * 2 <= played["round_trips"] + 2 * 3
    finally:
        admin.close()


async def _step_floor_answers_with_ack_and_events(url: str) -> None:
    """Both seats of a table flip; each gets one frame: the step's events and its ack."""
    async with (
        websockets.connect(url, compression=None) as a,
        websockets.connect(url, compression=None) as b,
    ):
        for ws, action_id in ((a, 7), (b, 8)):
            await ws.send(encode(m.FlipCard(id=action_id, step=0)))
        for ws in (a, b):
            frame = await asyncio.wait_for(ws.recv(), 5)
            assert isinstance(frame, bytes) and is_bundle(frame)
            messages = decode_server_frame(frame)
            assert isinstance(messages[-1], m.Ack) and messages[-1].step == 0
            assert any(isinstance(x, m.Revealed) for x in messages)
            assert sum(isinstance(x, m.Acted) for x in messages) == 2


def test_histogram_quantiles_and_report() -> None:
    before = {0.001: 0.0, 0.01: 0.0, 0.1: 0.0, float("inf"): 0.0}
    after = {0.001: 50.0, 0.01: 98.0, 0.1: 100.0, float("inf"): 100.0}
    assert _quantiles(before, after) == {"p50": 1.0, "p95": 10.0, "p99": 100.0}
    lat = {"p50": 1.0, "p95": 2.0, "p99": 3.0}
    load = {"flips_per_s": 10.0, "connections": 4, "errors": {}, "reveal_latency_ms": lat}
    paced = {**load, "server_side_ms": lat}
    report = {
        "machine": {"cpus": 2, "python": "3.11", "loop": "uvloop"},
        "bare_echo": {"round_trips_per_s": 100.0, "connections": 4, "latency_ms": lat},
        "echo_redis": {"round_trips_per_s": 75.0}, "ratio_floor": 0.75,
        "floor_record": {"round_trips_per_s": 35.0, "ratio": 0.35},
        "floor_inputs": {"round_trips_per_s": 50.0, "ratio": 0.5},
        "floor_step": {"round_trips_per_s": 40.0, "ratio": 0.4},
        "krig_2p": load, "krig_4p": load, "ratio_2p": 0.1, "ratio_4p": 0.1,
        "paced_50": paced, "paced_90": paced,
        "redis": {"commands_per_flip": 1.0, "script_calls_per_flip": 1.0, "publishes_per_flip": 0,
                  "bytes_per_room_p50": 1, "bytes_per_room_max": 2, "bytes_per_record_p50": 3},
        "cpu": {"server_us_per_reveal": 100.0, "engine_us_per_reveal": 1.0, "engine_share": 0.01,
                "transition_us_per_reveal": 12.5, "transition_share": 0.125},
        "pauses": {"cpu0": {"lost_share": 0.02, "longest_ms": 7.5, "over_5ms_per_s": 0.5},
                   "cpu1": {"lost_share": 0.04, "longest_ms": 12.0, "over_5ms_per_s": 1.0}},
    }  # fmt: skip
    text = format_report(report)
    assert "lost 2.0% / 4.0% (cpu0, cpu1)" in text and "longest 7.5 / 12.0 ms" in text
    assert "ratio 10%" in text and "1.00 script calls/flip" in text and "(1.0%)" in text
    assert "ratio 75%" in text and "0.00 publishes/flip" in text and "uvloop event loop" in text
    assert "record written by krig's commit)  ratio 35%" in text
    assert "no layer of krig's)  ratio 40%" in text
    assert "ratio 10%  (25% of the step floor)" in text  # krig 2p: 10 flips/s against 40
    assert "inputs appended instead of the record)  ratio 50%" in text
    assert "engine 1.0 us/reveal (1.0%), room transition 12.5 us/reveal (12.5%)" in text
    assert "paced" not in text  # (a run without the paced load)
    assert "paced         not measured: no node" in format_report(
        {**report, "paced_skipped": "no node and npm on PATH"}
    )
    report["krig_2p"] = {**load, "server_us_per_flip": 50.0}
    redis_figures = report["redis"]
    assert isinstance(redis_figures, dict)
    report["redis"] = {**redis_figures, "process_us_per_flip": 4.0}
    report["paced"] = {
        "rooms": 500, "flips_per_s": 850.0, "reveal_latency_ms": lat, "errors": {},
        "server_us_per_flip": 100.0, "redis_us_per_flip": 12.5, "commands_per_flip": 3.1,
        "by_command": {"evalsha": 1.0, "hmget": 1.0, "rpush": 1.0, "hset": 0.1},
    }  # fmt: skip
    text = format_report(report)
    assert "850 flips/s  (500 rooms, each seat 1 s ± 0.5 s" in text
    assert "server 100 us/flip (flat out 50: x2.00), Redis 12.5 us/flip (flat out 4.0)" in text
    assert "3.10 Redis commands/flip (flat out 1.00): EVALSHA 1.000, HMGET 1.000" in text


def test_the_transition_bench_plays_the_engine_bench_games_whole() -> None:
    """The room transition's figure is for the same games as the engine's: every
    one played to its end through rooms.play_input, a flip per awaited seat."""
    steps = flips = 0
    for seed in range(1, 31):  # engine_bench's games: seeds 1..30
        state = new_game(PRESETS["classic"], seed)
        while state.phase != "over":
            for seat in state.awaiting[:]:
                submit(state, seat, FLIP)
                flips += 1
        steps += state.steps
    transition = transition_bench(games=30, repeats=1)
    assert (transition["steps"], transition["flips"]) == (steps, flips)
    assert transition["us_per_flip"] > 0


def test_spin_pauses_sees_a_stopped_process() -> None:
    """The machine-pause probe notices a stretch in which it did not run (here a SIGSTOP)."""
    quiet = spin_pauses(0.2)
    assert 0.0 <= quiet["lost_share"] < 1.0 and quiet["longest_ms"] >= 0.0
    spin = subprocess.Popen(
        [sys.executable, "-m", "bench.stack", "spin", "2.5"], cwd=ROOT,
        stdout=subprocess.PIPE,
    )  # fmt: skip
    assert spin.stdout is not None and spin.stdout.readline() == b"spinning\n"
    time.sleep(0.1)
    spin.send_signal(signal.SIGSTOP)
    time.sleep(0.4)
    spin.send_signal(signal.SIGCONT)
    out, _ = spin.communicate(timeout=30)
    seen = json.loads(out)
    assert seen["longest_ms"] >= 350, seen
    assert seen["lost_share"] >= 0.1, seen


def test_the_small_benches_print_their_figures() -> None:
    """``krig-server bench engine|transition|codec``, as a user runs them: a line,
    or with --json the figures (the transition's games are the engine's)."""

    def bench(*args: str) -> str:
        done = subprocess.run(
            [KRIG_SERVER, "bench", *args],
            check=False, cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        return done.stdout

    engine = json.loads(bench("engine", "--games", "20", "--json"))
    transition = json.loads(bench("transition", "--games", "20", "--json"))
    codec = json.loads(bench("codec", "--count", "2000", "--json"))
    assert engine["benchmark"] == "engine" and engine["games"] == 20
    assert transition["steps"] == round(engine["steps_per_s"] * engine["best_seconds"])
    assert codec["decodes_per_s"] > 0 and codec["encodes_per_s"] > 0
    assert bench("transition", "--games", "5").startswith("transition: classic 2-player, 5 games")
    assert bench("codec", "--count", "2000").startswith("codec: flip frame (")
    assert bench("engine", "--games", "5").startswith("engine: classic 2-player, 5 games")


def test_the_cluster_bench_runs_and_loses_nothing() -> None:
    """bench/cluster.py, tiny: a cluster, two nodes, four rooms at human pace."""
    from bench.cluster import _parse, format_report, run
    from server.store.embedded import RedisNotFound
    from tools.redis_rig import find_server

    try:
        find_server()
    except RedisNotFound as exc:
        pytest.skip(str(exc))
    report = run(_parse(["--rooms", "4", "--seconds", "6", "--warmup", "1"]))
    assert report["load"]["errors"] == {} and report["rooms_checked"] == 4
    assert not report["rooms_with_wrong_cards"] and report["load"]["flips"] > 0
    text = format_report(report)
    assert "4 rooms of 2 bots" in text and "0 rooms with wrong cards of 4 checked" in text


def test_krig_server_bench_outside_a_source_checkout_says_so(tmp_path: Path) -> None:
    """The installed packages without the checkout's bench/ folder (as pip installs
    them): ``krig-server bench`` says where the benchmarks are and exits 2, where
    from the checkout it runs them."""
    installed = tmp_path / "site-packages"
    for package in (
        "server",
        "protocol",
        "client_cli",
        "krig_runtime",
        "krig_locales",
        "krig_bots",
    ):
        shutil.copytree(
            ROOT / package, installed / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    call = (
        "import sys; from server.cli import main; "
        "sys.exit(main(['bench', 'codec', '--count', '2000']))"
    )
    outside = subprocess.run(
        [sys.executable, "-c", call], check=False, cwd=installed, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    assert outside.returncode == 2, outside.stderr
    assert "source checkout's bench/ folder" in outside.stderr
    assert "clone the repository" in outside.stderr
    inside = subprocess.run(
        [sys.executable, "-c", call], check=False, cwd=ROOT, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    assert inside.returncode == 0, inside.stderr
    assert "codec:" in inside.stdout
