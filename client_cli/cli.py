"""``krig``: play War from a terminal, watch, list rooms, run bots and load tests.

On a terminal it draws the table full-screen; otherwise (or with
``--lines``) it prints one line per event. It plays with Enter (flip) or a
card number (Arneson), or by itself with ``--auto``. The server comes from
``--url`` or ``KRIG_URL``, by default the local server that
``python3 dev.py krig-server serve`` starts.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from pathlib import Path

from client_cli.bot import STRATEGIES, human_delay, play_game
from client_cli.lines import play_lines, printer
from client_cli.proof import check_record
from client_cli.replay import RecordError, replay
from client_cli.session import ServerError, Session, SessionClosed
from krig_runtime import process
from protocol import messages as m
from protocol.record_json import load as load_record
from protocol.records import GameRecord

DEFAULT_URL = "ws://127.0.0.1:8765/ws"


def _options(items: list[str]) -> dict[str, bool | int | str]:
    out: dict[str, bool | int | str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"krig: write options as name=value, not {item!r}")
        text = value.strip()
        lowered = text.lower()
        if lowered in ("true", "false"):
            out[name.strip()] = lowered == "true"
        elif text.lstrip("-").isdigit():
            out[name.strip()] = int(text)
        else:
            out[name.strip()] = text
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="krig", description=__doc__)
    parser.add_argument(
        "--url", default=os.environ.get("KRIG_URL", DEFAULT_URL), help="server (env KRIG_URL)"
    )
    parser.add_argument(
        "--name",
        default=os.environ.get("USER", "player")[:32] or "player",
        help="your name at the table (default: $USER)",
    )
    parser.add_argument("--ascii", action="store_true", help="C D H S instead of suit symbols")
    # The same options after the subcommand too (krig host --ascii ...).
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--url", default=argparse.SUPPRESS, help="server (env KRIG_URL)")
    common.add_argument(
        "--name", default=argparse.SUPPRESS, help="your name at the table (default: $USER)"
    )
    common.add_argument(
        "--ascii", action="store_true", default=argparse.SUPPRESS,
        help="C D H S instead of suit symbols",
    )  # fmt: skip
    sub = parser.add_subparsers(dest="command", required=True)

    def command(name: str, help: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help, parents=[common])

    def playing(p: argparse.ArgumentParser) -> None:
        p.add_argument("--lines", action="store_true", help="line mode even on a terminal")
        p.add_argument("--auto", action="store_true", help="play by yourself (one game)")
        p.add_argument(
            "--strategy", choices=sorted(STRATEGIES), default="smart", help="with --auto"
        )

    host = command("host", "create a room, print its code, and play")
    host.add_argument("--preset", default="classic", help="rule preset (list: krig-server presets)")
    host.add_argument(
        "--set", dest="sets", action="append", default=[], metavar="OPTION=VALUE",
        help="override one rule option of the preset (repeatable; docs/RULES.md)",
    )  # fmt: skip
    host.add_argument("--seats", type=int, default=2, help="seats at the table, 2-4")
    host.add_argument("--bots", type=int, default=0, help="computer players to seat")
    host.add_argument("--public", action="store_true", help="list the room in the lobby")
    playing(host)
    join = command("join", "take a seat in a room by its code and play")
    join.add_argument("code", help="the room's code, as the host got it")
    playing(join)
    watch = command("watch", "watch a room")
    watch.add_argument("code", help="the room's code")
    command("rooms", "list public rooms")
    quick = command("quick", "join a public game (or open one)")
    quick.add_argument("--players", type=int, default=2, help="table size, 2-4")
    quick.add_argument("--preset", default="classic", help="rule preset")
    playing(quick)
    bot = command("bot", "one headless seat in a room")
    bot.add_argument("code", help="the room's code")
    bot.add_argument(
        "--strategy",
        choices=["instant", "human", *sorted(STRATEGIES)],
        default="instant",
        help="instant / human (delay) flip; for hand games: lowest, highest, random, smart",
    )
    bot.add_argument(
        "--games", type=int, default=1, help="games to play in a row (a rematch after each)"
    )
    vf = command(
        "verify",
        "check a finished game's record with the protocol alone: its deal, events, result "
        "and inputs against what the server committed to (file or room code); "
        "krig-server verify also replays every trick",
    )
    vf.add_argument("source", help="record file or room code")
    vf.add_argument("--game", type=int, default=1, help="with a room code: game number")
    load = command("load", "R rooms of P bots each; prints a report")
    load.add_argument("--rooms", type=int, default=10, help="rooms played at once")
    load.add_argument("--players", type=int, default=2, help="bots per room, 2-4")
    load.add_argument("--duration", type=float, default=10.0, help="seconds")
    load.add_argument("--preset", default="classic", help="rule preset")
    load.add_argument("--json", action="store_true", help="print the report as JSON")
    load.add_argument(
        "--rate", type=float, default=0.0, help="flips per second in all (default: flat out)"
    )
    load.add_argument(
        "--warmup", type=float, default=0.0, metavar="S",
        help="leave the first S seconds (every game starting at once) out of the latency",
    )  # fmt: skip
    load.add_argument(
        "--echo", type=int, metavar="N", default=0,
        help="instead: N connections doing flip-frame round trips with a bare echo server",
    )  # fmt: skip
    load.add_argument(
        "--idle", type=int, metavar="N", default=0,
        help="instead: open N idle sessions and hold them for --duration",
    )  # fmt: skip
    load.add_argument(
        "--loop", choices=process.LOOPS, default="asyncio",
        help="event loop of the load generator (uvloop: pip install 'krig[uvloop]')",
    )  # fmt: skip
    load.add_argument(
        "--processes", type=int, default=1, metavar="K",
        help="K load processes sharing the rooms and the rate, one merged report "
        "(a large run needs more than one core's worth of bots)",
    )  # fmt: skip
    load.add_argument("--part-of", type=int, default=None, help=argparse.SUPPRESS)
    rp = command("replay", "step through a finished game (a record file or a room code)")
    rp.add_argument("source", help="record file (krig-server record) or room code")
    rp.add_argument("--game", type=int, default=1, help="with a room code: game number")
    rp.add_argument("--step", action="store_true", help="wait for Enter after each trick")
    rp.add_argument("--delay", type=float, default=0.0, help="seconds between tricks")
    return parser


async def _session(args: argparse.Namespace) -> Session:
    s = Session(args.url, args.name)
    if args.command in ("join", "watch", "bot"):
        s.room_hint = args.code  # (a server of several workers serves the room on one)
    s.on_message = printer(s, not args.ascii)
    await s.connect()
    return s


def _full_screen(args: argparse.Namespace) -> bool:
    return (
        sys.stdin.isatty()
        and sys.stdout.isatty()
        and not getattr(args, "lines", False)
        and not getattr(args, "auto", False)
    )


async def _table(args: argparse.Namespace, s: Session) -> int:
    if _full_screen(args):
        from client_cli.tui import Tui

        return await Tui(s, not args.ascii).run()
    return await play_lines(s, args.auto, args.strategy, not args.ascii)


async def _play(args: argparse.Namespace, s: Session) -> int:
    await s.ready()
    return await _table(args, s)


async def _record(args: argparse.Namespace) -> GameRecord:
    """A record from a file, or from the server by room code."""
    path = Path(args.source)
    if path.exists():
        try:
            return load_record(path.read_bytes())
        except Exception as exc:
            raise RecordError(f"{path} is not a game record: {exc}") from None
    s = Session(args.url, args.name)
    await s.connect()
    try:
        reply = await s.request(lambda i: m.GetRecord(id=i, code=args.source, game=args.game))
    finally:
        await s.close()
    assert isinstance(reply, m.Record)
    return reply.record


async def run(args: argparse.Namespace) -> int:
    if args.command in ("replay", "verify"):
        record = await _record(args)
        if args.command == "replay":
            return replay(record, args.step, args.delay, unicode=not args.ascii)
        found = check_record(record)
        if found.problems:
            print(f"mismatch: room {record.code} game {record.game}")
            for p in found.problems:
                print(f"  - {p}")
            return 1
        print(f"proof ok: room {record.code} game {record.game}: checked with the protocol alone:")
        for c in found.checked:
            print(f"  - {c}")
        print(f"not checked here: {found.not_checked}")
        return 0
    if args.command == "load":
        from client_cli.load import (
            format_report,
            part_ready,
            run_echo,
            run_idle,
            run_load,
            run_processes,
        )  # fmt: skip

        process.tune_for_throughput()  # the load generator's own stalls would show up as latency
        with contextlib.suppress(ValueError, OSError):
            process.raise_open_files()  # a socket per bot
        if args.echo or args.idle:
            run = run_echo if args.echo else run_idle
            print(json.dumps(await run(args.url, args.echo or args.idle, args.duration)))
            return 0
        if args.part_of is not None:  # one of --processes K: a raw report to the parent
            part = await run_load(
                args.url, args.rooms, args.players, args.duration, args.preset, False,
                args.rate, args.warmup, first=args.part_of, ready=part_ready, raw=True,
            )  # fmt: skip
            print(json.dumps(part))
            return 0
        if args.processes > 1:
            report = await run_processes(
                args.url, args.rooms, args.players, args.duration, args.preset,
                args.rate, args.warmup, min(args.processes, max(1, args.rooms)), args.loop,
            )  # fmt: skip
        else:
            report = await run_load(
                args.url, args.rooms, args.players, args.duration, args.preset,
                sys.stderr.isatty(), args.rate, args.warmup,
            )  # fmt: skip
        print(json.dumps(report) if args.json else format_report(report))
        if not report["rooms_played"]:
            why = (
                "no room could be opened"
                if report["errors"]
                else "the server's limits refused every room"
            )
            print(f"krig load: {why}", file=sys.stderr)
            return 1
        return 0
    s = await _session(args)
    try:
        if args.command == "rooms":
            lobby = await s.lobby()
            if not lobby.rooms:
                print("no public rooms")
            for r in lobby.rooms:
                seats = f"{r.taken}/{r.players} seats"
                print(f"{r.code}  {r.preset:10} {seats}  {r.state}  {r.spectators} watching")
            return 0
        if args.command == "host":
            joined = await s.create(args.preset, args.seats, args.public, _options(args.sets))
            print(f"room code: {joined.code}   (friends: krig join {joined.code})", flush=True)
            for _ in range(args.bots):
                await s.add_bot()
            return await _play(args, s)
        if args.command == "join":
            await s.join(args.code)
            return await _play(args, s)
        if args.command == "quick":
            joined = await s.quick(args.players, args.preset)
            print(f"joined room {joined.code}", flush=True)
            return await _table(args, s)
        if args.command == "watch":
            await s.spectate(args.code)
            if _full_screen(args):
                return await _table(args, s)
            await s.wait(lambda t: t.result is not None, timeout=24 * 3600)
            return 0
        if args.command == "bot":
            await s.join(args.code)
            for _ in range(args.games):
                if s.table.phase == "lobby":
                    await s.ready()
                elif s.table.phase == "over":
                    await s.rematch()
                await s.wait(lambda t: t.phase in ("battle", "war"), timeout=3600)
                strategy = STRATEGIES.get(args.strategy, STRATEGIES["smart"])
                delay = human_delay if args.strategy == "human" else None
                await play_game(s, strategy, delay=delay, timeout=3600)
            return 0
        return 2
    finally:
        await s.close()


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return process.run(run(args), getattr(args, "loop", "asyncio"))
    except process.LoopUnavailable as exc:
        print(f"krig: --loop: {exc}", file=sys.stderr)
        return 2
    except ServerError as exc:
        print(f"krig: the server refused: {exc.message}", file=sys.stderr)
        return 1
    except SessionClosed as exc:
        print(f"krig: the server closed the session: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # (an OSError too: not a server that cannot be reached)
        return process.reader_gone()
    except TimeoutError:  # before OSError: in Python 3.11 it is one
        print(f"krig: the server at {args.url} did not answer in time", file=sys.stderr)
        return 1
    except OSError as exc:
        print(
            f"krig: cannot reach the server at {args.url}: {exc.strerror or exc}", file=sys.stderr
        )
        return 1
    except RecordError as exc:
        print(f"krig: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
