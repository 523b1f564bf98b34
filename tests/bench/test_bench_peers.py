"""The peer benchmark's runner works (bench/peers.py; its figures are printed, never asserted)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from server_support import ROOT

from bench import peers
from bench.peers import (
    COLUMNS,
    Row,
    Run,
    format_floor_ratios,
    format_notes,
    format_paced,
    format_table,
    medians,
    parse_args,
    schedule,
)


def _run(
    server: str,
    rnd: int,
    server_us: float,
    redis_us: float | None = 2.0,
    mode: str = "flat",
    by_command: dict[str, float] | None = None,
) -> Run:
    return Run(
        server=server, round=rnd, mode=mode, rooms=50 if mode == "flat" else 500, flips=1000,
        seconds=1.0, flips_per_s=1e6 / server_us, p50_ms=1.0 + rnd, p99_ms=5.0 + rnd,
        server_us=server_us, redis_us=redis_us, client_us=10.0, frames_in=1.0,
        redis_cmds=None if redis_us is None else sum((by_command or {"evalsha": 1.5}).values()),
        cpu0_others=0.01, steal=0.0, redis_by_command=by_command or {},
    )  # fmt: skip


def test_the_arguments_and_the_interleaved_order() -> None:
    args = parse_args([])
    assert args.rounds == 3 and args.seconds == 10 and args.rooms == 50
    assert args.servers == list(peers.DEFAULT_SERVERS)
    assert parse_args(["--servers", "krig, colyseus-cas"]).servers == ["krig", "colyseus-cas"]
    for bad in (["--servers", "krig,boardgame.io"], ["--rounds", "0"], ["--servers", ","]):
        with pytest.raises(SystemExit):
            parse_args(bad)
    order = schedule(["a", "b", "c"], 3)
    assert [s for r, s, _ in order if r == 1] == ["a", "b", "c"]
    assert [s for r, s, _ in order if r == 2] == ["b", "c", "a"]  # rotated: no server first
    assert sorted(s for r, s, _ in order if r == 3) == ["a", "b", "c"]
    assert {m for _, _, m in order} == {"flat"}
    # Paced: each server's flat-out run, then its paced one, in the same rotated order.
    both = schedule(["a", "b"], 2, ("flat", "paced"))
    assert both == [
        (1, "a", "flat"), (1, "a", "paced"), (1, "b", "flat"), (1, "b", "paced"),
        (2, "b", "flat"), (2, "b", "paced"), (2, "a", "flat"), (2, "a", "paced"),
    ]  # fmt: skip
    paced = parse_args(["--paced-rooms", "500"])
    assert paced.paced_rooms == 500 and paced.think == 1.0 and paced.paced_seconds == 40.0
    for bad in (["--paced-only"], ["--paced-rooms", "5", "--think", "0"]):
        with pytest.raises(SystemExit):
            parse_args(bad)


def test_the_table_gives_every_column_the_medians_and_the_ratios() -> None:
    runs = [
        *(_run("colyseus", r, us, redis_us=None) for r, us in ((1, 10.0), (2, 12.0), (3, 11.0))),
        *(_run("colyseus-cas", r, us) for r, us in ((1, 20.0), (2, 30.0), (3, 18.0))),
        *(_run("krig", r, us, 6.0) for r, us in ((1, 40.0), (2, 41.0), (3, 80.0))),
    ]
    rows = medians(runs)
    assert [r.server for r in rows] == ["colyseus", "colyseus-cas", "krig"]
    krig = rows[2]
    assert krig == Row("krig", 41.0, 6.0, 1e6 / 41.0, 3.0, 7.0, 10.0, 1.5, (40.0, 80.0), 3)
    table = format_table(rows).splitlines()
    assert table[0] == "| " + " | ".join(COLUMNS) + " |"
    assert len(table) == 2 + 3
    cells = {line.split(" | ")[0].strip("| *"): line.split(" | ") for line in table[2:]}
    assert all(len(c) == len(COLUMNS) for c in cells.values())
    assert cells["colyseus"][2] == "—"  # (no Redis)
    assert cells["colyseus-cas"][-3:] == ["1.00x", "1.00x", "1.00x |"]
    # krig: 41 µs against the durable room's 20 (server), 47 against 22 (server + Redis)
    assert cells["krig"][1] == "41.0 (40.0-80.0)"
    assert cells["krig"][-3] == "2.05x" and cells["krig"][-2] == "2.14x"
    notes = format_notes(runs)
    assert "CPU 0 ran other processes 1.0%-1.0%" in notes and "errors none" in notes
    assert "krig 1.00" in notes
    # Without the durable room there is nothing to divide by.
    alone = format_table(medians([r for r in runs if r.server == "krig"])).splitlines()
    assert alone[2].endswith("| — | — | — |")


def test_krig_against_each_floor_round_by_round() -> None:
    runs = [
        *(_run("krig", r, us) for r, us in ((1, 40.0), (2, 45.0), (3, 60.0))),
        *(_run("krig-asyncio", r, us) for r, us in ((1, 44.0), (2, 50.0))),
        *(_run("python-floor", r, us) for r, us in ((1, 20.0), (2, 30.0), (3, 20.0))),
        *(_run("python-floor-uvloop", r, us) for r, us in ((1, 16.0), (3, 24.0))),
        _run("krig", 4, 99.0, mode="paced"),  # (not flat out: not counted)
    ]
    lines = format_floor_ratios(runs).splitlines()
    assert lines == [
        "krig ÷ python-floor, server CPU a flip: 2.00x (rounds: 2.00, 1.50, 3.00)",
        "krig ÷ python-floor-uvloop, server CPU a flip: 2.50x (rounds: 2.50, 2.50)",
        "krig-asyncio ÷ python-floor, server CPU a flip: 1.93x (rounds: 2.20, 1.67)",
        "krig-asyncio ÷ python-floor-uvloop, server CPU a flip: 2.75x (rounds: 2.75)",
    ]
    assert format_floor_ratios([r for r in runs if r.server == "krig"]) == ""
    # krig-b (a lever's other side) comes with the checkout it runs
    assert parse_args(["--servers", "krig,krig-b", "--krig-b", "/tmp"]).krig_b == "/tmp"
    for bad in (["--servers", "krig,krig-b"], ["--krig-b", "/tmp"]):
        with pytest.raises(SystemExit):
            parse_args(bad)


def test_the_paced_table_sets_each_server_beside_its_flat_out_figures() -> None:
    by = {"evalsha": 1.0, "hmget": 1.0, "rpush": 1.0, "lindex": 0.5}
    runs = [
        *(_run("krig", r, us, 3.0) for r, us in ((1, 40.0), (2, 50.0))),
        *(_run("krig", r, us, 30.0, "paced", by) for r, us in ((1, 120.0), (2, 100.0))),
    ]
    assert [r.server_us for r in medians(runs)] == [45.0]  # (the flat-out runs only)
    lines = format_paced(runs).splitlines()
    row = next(line for line in lines if line.startswith("| **krig**"))
    cells = row.split(" | ")
    assert cells[2] == "110.0 (100.0-120.0)" and cells[3] == "45.0" and cells[4] == "2.44x"
    assert cells[5] == "30.0" and cells[6] == "3.0" and cells[7] == "3.50"
    assert "krig, paced, Redis commands a flip by command: EVALSHA 1.000" in lines[-1]
    assert "LINDEX 0.500" in lines[-1]


@pytest.mark.skipif(
    shutil.which("node") is None or shutil.which("npm") is None,
    reason="node and npm are needed for the peer benchmark (bench/peers: Colyseus from npm)",
)
def test_a_short_run_against_krig_and_the_durable_colyseus_room(tmp_path: Path) -> None:
    """One second against each: flips are counted, CPU is read, the table has every column."""
    out = tmp_path / "runs.json"
    done = subprocess.run(
        [sys.executable, "bench/peers.py", "--rounds", "1", "--seconds", "1", "--warmup", "0.3",
         "--rooms", "2", "--servers", "krig,colyseus-cas", "--json", str(out),
         "--paced-rooms", "4", "--think", "0.1", "--paced-seconds", "1.5",
         "--paced-warmup", "0.3"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    runs = json.loads(out.read_text())["runs"]
    assert sorted((r["server"], r["mode"]) for r in runs) == [
        ("colyseus-cas", "flat"), ("colyseus-cas", "paced"), ("krig", "flat"), ("krig", "paced"),
    ]  # fmt: skip
    for r in runs:
        assert r["flips"] > 0 and r["errors"] == {}, r
        assert r["server_us"] > 0 and r["p50_ms"] <= r["p99_ms"]
        # (the peer's compare-and-set a flip; krig's append a step of two flips at least)
        assert r["redis_cmds"] >= 0.5
    header = "| " + " | ".join(COLUMNS) + " |"
    assert header in done.stdout
    assert "| colyseus-cas |" in done.stdout and "| **krig** |" in done.stdout
    assert "At a person's pace: 4 rooms" in done.stdout
    assert "krig, paced, Redis commands a flip by command: " in done.stdout
    paced = [r for r in runs if r["mode"] == "paced"]
    assert all(r["rooms"] == 4 and sum(r["redis_by_command"].values()) > 1 for r in paced)
