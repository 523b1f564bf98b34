"""The simulator command, run as a user would run it."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from server_support import KRIG_SERVER


def krig_server(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [KRIG_SERVER, *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_one_game_from_a_deal_file(tmp_path: Path) -> None:
    deal = tmp_path / "deal.json"
    deal.write_text(
        json.dumps({"seats": [["5C", "2C", "3C", "4C", "JH"], ["5D", "2D", "3D", "4D", "9S"]]})
    )
    done = krig_server("simulate", "--deal", str(deal), "--preset", "norwegian", "--events")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["result"] == "win" and out["winner"] == 0
    assert out["reason"] == "all_cards"
    assert out["tricks"] == 1 and out["wars"] == 1
    kinds = [e["type"] for e in out["events"]]
    assert kinds.count("revealed") == 2 and kinds[-1] == "game_over"
    assert out["events"][2]["up"] == ["5C", "5D"]


def test_option_overrides_apply_to_the_deal(tmp_path: Path) -> None:
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps({"seats": [["5C", "AC"], ["5D", "2D", "3D", "4D", "9S"]]}))
    lose = json.loads(krig_server("simulate", "--deal", str(deal)).stdout)
    assert (lose["winner"], lose["reason"]) == (1, "short_war")
    last = json.loads(
        krig_server("simulate", "--deal", str(deal), "--set", "short_war=last_card").stdout
    )
    assert (last["winner"], last["reason"]) == (0, "all_cards")


def test_three_seat_deal_sets_the_player_count(tmp_path: Path) -> None:
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps({"seats": [["AC"], ["KD"], ["QH"]]}))
    out = json.loads(krig_server("simulate", "--deal", str(deal)).stdout)
    assert out["winner"] == 0 and out["counts"] == [3, 0, 0]


def test_many_games_statistics_json() -> None:
    done = krig_server("simulate", "--games", "60", "--seed", "5", "--json", "--jobs", "2")
    assert done.returncode == 0, done.stderr
    stats = json.loads(done.stdout)
    assert stats["games"] == 60
    assert sum(stats["wins_per_seat"]) + round(stats["draw_share"] * 60) == 60
    t = stats["tricks"]
    assert 0 < t["median"] <= t["p95"] <= t["max"]
    assert 0 < stats["wars_per_trick"] < 1
    same = json.loads(krig_server("simulate", "--games", "60", "--seed", "5", "--json").stdout)
    assert same["tricks"] == t and same["wins_per_seat"] == stats["wins_per_seat"]


def test_bad_inputs_are_clear_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"seats": [["ZZ"], ["AS"]]}))
    done = krig_server("simulate", "--deal", str(bad))
    assert done.returncode == 2 and "not a card" in done.stderr
    done = krig_server("simulate", "--set", "war_down=lots")
    assert done.returncode == 2 and "war_down" in done.stderr and "Traceback" not in done.stderr
    done = krig_server("simulate", "--preset", "nordic")
    assert done.returncode == 2 and "unknown preset" in done.stderr
    dup = tmp_path / "dup.json"
    dup.write_text(json.dumps({"seats": [["AS"], ["AS"]]}))
    done = krig_server("simulate", "--deal", str(dup))
    assert done.returncode == 2 and "twice" in done.stderr


def test_serve_help_explains_every_setting() -> None:
    from server.config import field_docs

    shown = krig_server("serve", "--help")
    assert shown.returncode == 0, shown.stderr
    text = "".join(shown.stdout.split())  # (argparse wraps lines, at hyphens too)
    docs = field_docs()
    assert len(docs) >= 20
    for name, doc in docs.items():
        assert f"--{name.replace('_', '-')}" in text
        assert "".join(doc.split()) in text, name


def test_operations_documents_every_server_setting() -> None:
    from server.config import markdown_table

    root = Path(__file__).resolve().parents[2]
    assert markdown_table() in (root / "docs/OPERATIONS.md").read_text()


def _on_a_terminal(*args: str) -> str:
    import pexpect

    child = pexpect.spawn(
        KRIG_SERVER,
        list(args),
        timeout=120,
        encoding="utf-8",
        dimensions=(24, 100),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return str(child.before)


def test_a_long_run_shows_a_progress_bar_on_a_terminal_only() -> None:
    """tqdm on a terminal's stderr, once a run has gone on for a second."""
    long_run = ("simulate", "--games", "3000", "--full")
    assert re.search(r"\d+/3000 \[", _on_a_terminal(*long_run))
    piped = krig_server(*long_run)
    assert piped.returncode == 0 and "/3000" not in piped.stderr
    assert "/50 [" not in _on_a_terminal("simulate", "--games", "50")


def test_all_cores_plays_the_same_games() -> None:
    one = json.loads(krig_server("simulate", "--games", "400", "--seed", "3", "--json").stdout)
    every = json.loads(
        krig_server("simulate", "--games", "400", "--seed", "3", "--json", "--all-cores").stdout
    )
    assert every["jobs"] >= 1
    for timing in ("seconds", "games_per_s", "jobs"):
        one.pop(timing)
        every.pop(timing)
    assert one == every
