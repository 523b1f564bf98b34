"""Replay an exported game record (``krig-server record --json``) step by step."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

from client_cli.render import describe
from protocol import messages as m


class RecordError(ValueError):
    pass


def load_events(path: Path) -> tuple[dict[str, Any], list[m.ServerMessage]]:
    try:
        data = json.loads(path.read_text())
        events = [msgspec.convert(e, m.ServerMessage) for e in data["events"]]
    except (OSError, ValueError, KeyError, TypeError, msgspec.ValidationError) as exc:
        raise RecordError(f"{path} is not a JSON game record: {exc}") from None
    return data, events


def replay(path: Path, step: bool, delay: float, unicode: bool = True) -> int:
    data, events = load_events(path)
    names = [str(n) for n in data.get("names", [])]
    print(
        f"room {data.get('code')} game {data.get('game')} ({data.get('preset')}): "
        f"{', '.join(names)}; commitment {str(data.get('commitment'))[:19]}…"
    )
    for event in events:
        line = describe(event, names, unicode)
        if line is None:
            continue
        print(line, flush=True)
        if isinstance(event, m.TrickWon | m.GameOver):
            if step and sys.stdin.isatty():
                input("  (Enter for the next trick) ")
            elif delay:
                time.sleep(delay)
    return 0
