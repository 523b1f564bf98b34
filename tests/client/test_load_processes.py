"""``krig load --processes K``: K load processes, their rooms and rate shared, one report.

The 10,000-bot run (docs/PERFORMANCE.md) is a measurement; this checks the
mechanism cheaply: 200 paced bots in two processes against a real server.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from server_support import KRIG, ROOT, ServerProc

from client_cli.load import format_report, merge_reports
from server.store.embedded import RedisProcess


def test_two_load_processes_share_200_paced_bots_and_report_once(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "paced", tmp_path).start()
    rate, seconds = 200.0, 3.0
    try:
        done = subprocess.run(
            [
                KRIG, "--url", srv.url, "load", "--rooms", "100", "--players", "2",
                "--duration", str(seconds), "--rate", str(rate), "--warmup", "1",
                "--processes", "2", "--json",
            ],
            check=False, cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    finally:
        srv.stop()
    assert done.returncode == 0, done.stderr
    r = json.loads(done.stdout)
    assert r["processes"] == 2
    assert r["rooms_played"] == 100 and r["connections"] == 200
    assert r["errors"] == {} and r["reconnects"] == 0
    assert sum(r["throttled"].values()) == 0
    assert r["flips"] > 0 and r["reveals_measured"] > 0
    # Each process paces its half of the rate: together never much above the whole.
    assert r["flips"] <= rate * r["seconds"] * 1.1 + 200, r
    lat = r["reveal_latency_ms"]
    assert 0 < lat["p50"] <= lat["p95"] <= lat["p99"] <= lat["max"]
    assert "latencies_ms" not in r  # (the parts' raw figures stay between the processes)
    assert "load client     2 process(es)" in format_report(r)


def _part(latencies: list[float], flips: int, errors: dict[str, int]) -> dict[str, object]:
    return {
        "rooms": 2, "rooms_played": 2, "players": 2, "connections": 4, "preset": "classic",
        "seconds": 2.0, "games_finished": 1, "tricks": flips // 2, "flips": flips,
        "warmup_s": 0.0, "errors": errors, "moved_on": {}, "reconnects": 0,
        "throttled": {"messages": 0, "rooms": 0, "connections": 0}, "throttled_said": {},
        "setup_s": 0.1, "client_cpu_s": 1.0, "latencies_ms": latencies,
    }  # fmt: skip


def test_a_merged_report_takes_its_percentiles_from_every_part() -> None:
    one = _part([1.0] * 98, 100, {})
    two = _part([2.0, 50.0], 40, {"stale_step": 1})
    r = merge_reports([one, two])
    assert r["flips"] == 140 and r["flips_per_s"] == 70.0
    assert r["reveals_measured"] == 100
    assert r["reveal_latency_ms"]["p50"] == 1.0
    assert r["reveal_latency_ms"]["p99"] == 50.0 and r["reveal_latency_ms"]["max"] == 50.0
    assert r["errors"] == {"stale_step": 1} and r["processes"] == 2
    assert r["client_cpu_s"] == 2.0
