"""``krig``: the terminal client (this version: replay of game records)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from client_cli.replay import RecordError, replay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="krig", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser(
        "replay", help="replay a game record exported with krig-server record --json"
    )
    rp.add_argument("file", type=Path)
    rp.add_argument("--step", action="store_true", help="wait for Enter after each trick")
    rp.add_argument("--delay", type=float, default=0.0, help="seconds between tricks")
    rp.add_argument("--ascii", action="store_true", help="C D H S instead of suit symbols")
    args = parser.parse_args(argv)
    try:
        return replay(args.file, args.step, args.delay, unicode=not args.ascii)
    except RecordError as exc:
        print(f"krig: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
