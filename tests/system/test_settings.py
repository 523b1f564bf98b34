"""Every numeric server setting has a range, checked for flags and ``KRIG_*`` variables alike."""

from __future__ import annotations

import argparse
import os
import subprocess
from dataclasses import fields

import pytest
from server_support import KRIG_SERVER, ROOT

from server import config
from server.config import RANGES, Settings, SettingsError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    config.add_arguments(parser)
    return parser


def _serve(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``krig-server serve`` as a user runs it (it must refuse before it starts anything)."""
    return subprocess.run(
        [KRIG_SERVER, "serve", *args],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**os.environ, **(env or {})},
    )  # fmt: skip


def test_every_numeric_setting_has_a_range_and_its_default_is_in_it() -> None:
    numeric = [
        f.name for f in fields(Settings) if type(f.default) in (int, float)
    ]  # (bool is not numeric here: type(False) is bool)
    assert numeric and sorted(numeric) == sorted(RANGES), "a numeric setting without a range"
    for name in numeric:
        assert RANGES[name].allows(getattr(Settings(), name)), name


@pytest.mark.parametrize(
    ("flag", "value", "says"),
    [
        ("--msg-rate", "-5", "--msg-rate must be more than 0, not -5"),
        ("--msg-rate", "0", "--msg-rate must be more than 0, not 0"),
        ("--grace-s", "-1", "--grace-s must be 0 or more, not -1"),
        ("--port", "70000", "--port must be from 1 to 65535, not 70000"),
        ("--port", "0", "--port must be from 1 to 65535, not 0"),
        ("--room-ttl-s", "0", "--room-ttl-s must be 1 or more, not 0"),
        ("--msg-burst", "0", "--msg-burst must be 1 or more, not 0"),
        ("--rooms-per-min", "-1", "--rooms-per-min must be 0 or more, not -1"),
        ("--dead-node-s", "0", "--dead-node-s must be more than 0, not 0"),
        ("--hello-timeout-s", "inf", "--hello-timeout-s must be more than 0, not inf"),
        ("--log-level", "loud", "--log-level must be one of debug, info, warning, error"),
    ],
)
def test_config_load_refuses_a_flag_out_of_range(flag: str, value: str, says: str) -> None:
    with pytest.raises(SettingsError) as caught:
        config.load(_parser().parse_args([flag, value]), {})
    assert str(caught.value).startswith(says)


def test_config_load_names_the_variable_a_bad_value_came_from() -> None:
    with pytest.raises(SettingsError, match=r"^KRIG_MSG_RATE must be more than 0, not -5$"):
        config.load(_parser().parse_args([]), {"KRIG_MSG_RATE": "-5"})
    with pytest.raises(SettingsError, match=r"^KRIG_GRACE_S must be 0 or more, not -1$"):
        config.load(None, {"KRIG_GRACE_S": "-1"})
    with pytest.raises(SettingsError, match=r"^KRIG_HEARTBEAT_S='2.5' is not a whole number$"):
        config.load(None, {"KRIG_HEARTBEAT_S": "2.5"})
    with pytest.raises(SettingsError, match=r"^KRIG_EPHEMERAL='maybe' is not true or false"):
        config.load(None, {"KRIG_EPHEMERAL": "maybe"})
    # A good flag wins over a bad variable: the value checked is the one used.
    settings = config.load(_parser().parse_args(["--grace-s", "3"]), {"KRIG_GRACE_S": "-1"})
    assert settings.grace_s == 3
    # Edges are allowed.
    edges = config.load(
        _parser().parse_args(["--port", "65535", "--grace-s", "0", "--rooms-per-min", "0"]), {}
    )
    assert (edges.port, edges.grace_s, edges.rooms_per_min) == (65535, 0, 0)
    assert config.load(None, {"KRIG_EPHEMERAL": "1"}).ephemeral is True
    assert config.load(None, {"KRIG_EPHEMERAL": "no"}).ephemeral is False


def test_data_dir_and_ephemeral_exclude_each_other() -> None:
    with pytest.raises(SettingsError, match="--data-dir and --ephemeral exclude each other"):
        config.load(_parser().parse_args(["--data-dir", "/tmp/x", "--ephemeral"]), {})
    both = {"KRIG_DATA_DIR": "/tmp/x", "KRIG_EPHEMERAL": "1"}
    with pytest.raises(SettingsError, match="KRIG_DATA_DIR and KRIG_EPHEMERAL exclude each other"):
        config.load(_parser().parse_args([]), both)
    # A flag beats the variable of the other (flags win).
    throwaway = config.load(_parser().parse_args(["--ephemeral"]), {"KRIG_DATA_DIR": "/tmp/x"})
    assert (throwaway.ephemeral, throwaway.data_dir) == (True, "")
    kept = config.load(_parser().parse_args(["--data-dir", "/tmp/y"]), {"KRIG_EPHEMERAL": "1"})
    assert (kept.ephemeral, kept.data_dir) == (False, "/tmp/y")


def test_krig_server_serve_refuses_a_bad_setting_in_one_sentence_with_status_2() -> None:
    done = _serve("--msg-rate", "-5", "--ephemeral")
    assert done.returncode == 2, done.stderr
    assert done.stderr == "krig-server: --msg-rate must be more than 0, not -5\n"
    assert done.stdout == ""  # nothing started, nothing listened
    done = _serve("--ephemeral", env={"KRIG_GRACE_S": "-1"})
    assert done.returncode == 2, done.stderr
    assert done.stderr == "krig-server: KRIG_GRACE_S must be 0 or more, not -1\n"
    done = _serve("--ephemeral", env={"KRIG_PORT": "lots"})
    assert done.returncode == 2
    assert done.stderr == "krig-server: KRIG_PORT='lots' is not a whole number\n"


def test_help_and_the_settings_table_say_what_each_number_allows() -> None:
    shown = _serve("--help")
    text = " ".join(shown.stdout.split())
    assert "allowed: more than 0" in text and "allowed: from 1 to 65535" in text
    table = config.markdown_table()
    assert "| `--msg-rate` | `KRIG_MSG_RATE` | `50.0` | more than 0 |" in table
    assert "| `--ephemeral` | `KRIG_EPHEMERAL` | `False` | a flag (variable: 1 or 0) |" in table
