"""The client's own table of rule options and presets stays in step with the server's rules
(``krig-server presets --json``) and with docs/RULES.md; the client never imports the server."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
import subprocess
from pathlib import Path

from server_support import KRIG_SERVER

from client_cli import rules_text
from client_cli.words import REFUSALS, browser_link, refusal, result_words, ws_url
from protocol.errors import ErrorCode
from server.engine import rules

ROOT = Path(__file__).resolve().parents[2]


def test_options_match_the_engine() -> None:
    assert [o.name for o in rules_text.OPTIONS] == list(rules.OPTION_NAMES)
    engine = rules.Rules()
    for o in rules_text.OPTIONS:
        assert o.default == getattr(engine, o.name), o.name
        choices = rules._CHOICES.get(o.name)
        if choices is not None:
            assert set(o.choices) == set(choices) and o.choices[0] == o.default, o.name
            assert set(o.words) == set(choices), f"{o.name}: every choice in words"
        elif isinstance(o.default, int) and not isinstance(o.default, bool):
            assert o.low <= o.default <= o.high, o.name
    fields = {f.name: f for f in dataclasses.fields(rules.Rules)}
    for o in rules_text.OPTIONS:
        assert o.kind == ("choice" if o.name in rules._CHOICES else fields[o.name].type), o.name


def test_ranges_match_the_engine() -> None:
    """Each whole-number option's range is the engine's: its ends are accepted, past them not."""
    for o in rules_text.OPTIONS:
        if o.kind != "int" or o.name == "players":
            continue
        for value, ok in ((o.low, True), (o.high, True), (o.low - 1, False), (o.high + 1, False)):
            try:
                rules.Rules().replace(**{o.name: value})
                accepted = True
            except rules.RulesError:
                accepted = False
            assert accepted == ok, (o.name, value)


def test_presets_match_krig_server_presets() -> None:
    done = subprocess.run(
        [KRIG_SERVER, "presets", "--json"],
        check=True, capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    printed = json.loads(done.stdout)
    assert list(printed) == list(rules.PRESETS)
    assert set(rules_text.PRESETS) == set(printed)
    for name, p in rules_text.PRESETS.items():
        served = dict(printed[name])
        assert p.source == served.pop("source"), name
        assert p.rules() == served, name


def _doc_sources() -> dict[str, str]:
    text = (ROOT / "docs" / "RULES.md").read_text()
    table = text.split("## Options", 1)[1].split("##", 1)[0]
    out = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        found = re.fullmatch(r"`(\w+)`", cells[0]) if cells else None
        if found and len(cells) == 4:
            out[found.group(1)] = cells[3]
    return out


def test_sources_are_the_ones_docs_rules_gives() -> None:
    sources = _doc_sources()
    assert set(sources) == set(rules_text.BY_NAME)
    for o in rules_text.OPTIONS:
        assert o.source == sources[o.name], o.name


def test_the_client_never_imports_the_server() -> None:
    for path in sorted((ROOT / "client_cli").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] != "server", f"{path.name} imports {name}"


def test_every_refusal_reads_as_a_sentence() -> None:
    for code in ErrorCode:
        assert code.value in REFUSALS, code
        said = refusal(code.value, "Expected `int` <= 4 - at `$.seats`")
        assert "$." not in said and "Expected" not in said and said.endswith("."), said
    assert refusal("unknown_room", "no room has the code 'ZZZ-ZZ2'") == (
        "No room has the code 'ZZZ-ZZ2'."
    )
    assert refusal("bad_rules", "war_down: must be from 0 to 10, not 11") == (
        "Those rules cannot be played: war_down: must be from 0 to 10, not 11."
    )
    assert refusal("some_new_code", "") == "The server refused that."
    assert refusal("room_gone", "") == "The room is gone: the server no longer has it."


def test_links_and_results_in_words() -> None:
    assert browser_link("ws://127.0.0.1:8765/ws", "K7P-Q3X") == "http://127.0.0.1:8765/r/K7P-Q3X"
    assert browser_link("wss://krig.example/ws", "K7P-Q3X") == "https://krig.example/r/K7P-Q3X"
    assert ws_url("http://10.0.0.2:8765/") == "ws://10.0.0.2:8765/ws"
    assert ws_url("https://krig.example/r/K7P-Q3X") == "wss://krig.example/ws"
    assert ws_url("localhost:8765") == "ws://localhost:8765/ws"
    names = ["ada", "bo", "cy"]
    assert result_words([0], False, 0, names) == "You win"
    assert result_words([0], False, 1, names) == "You lose"
    assert result_words([0], False, None, names) == "ada wins"
    assert result_words([0, 1, 2], True, 2, names) == "Draw with ada, bo"
    assert result_words([0, 1], True, 2, names) == "Draw between ada and bo: you lose"
    assert result_words([0, 1], True, None, names[:2]) == "Draw"
