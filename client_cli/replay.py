"""Replay a game record step by step: from a file, or fetched from the server by room code."""

from __future__ import annotations

import sys
import time

from client_cli.i18n import t
from client_cli.render import describe
from protocol.codec import decode_server
from protocol.records import GameRecord


class RecordError(ValueError):
    pass


def replay(record: GameRecord, step: bool, delay: float, unicode: bool = True) -> int:
    names = list(record.names)
    print(
        t(
            "replay-header", code=record.code, game=str(record.game), preset=record.preset,
            names=", ".join(names), commitment=record.commitment[:19],
        )
    )  # fmt: skip
    for frame in record.events:
        event = decode_server(frame)
        line = describe(event, names, unicode)
        if line is None:
            continue
        print(line, flush=True)
        if type(event).__name__ in ("TrickWon", "GameOver"):
            if step and sys.stdin.isatty():
                input(t("replay-next") + " ")
            elif delay:
                time.sleep(delay)
    return 0
