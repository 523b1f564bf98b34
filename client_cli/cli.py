"""krig: play War from a terminal with friends, computer players, or both.

Run krig alone on a terminal for the start screen (host, join, quick game,
open rooms, watch); each of those is a command too. On a terminal the table
is drawn full-screen; otherwise (or with --lines) krig prints one line per
event. Space or Enter flips; in a hand game (Arneson) a number chooses that
card; --auto plays by itself. The server comes from --url or KRIG_URL, by
default the local one that "python3 dev.py krig-server serve" starts.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from pathlib import Path
from typing import Any, NoReturn

from client_cli.bot import STRATEGIES, human_delay, play_game
from client_cli.lines import play_lines, printer
from client_cli.proof import check_record
from client_cli.replay import RecordError, replay
from client_cli.rules_text import BY_NAME, OPTIONS, PRESETS
from client_cli.session import LeftRoom, RoomGone, ServerError, Session, SessionClosed
from client_cli.words import error_words, refusal, ws_url
from krig_runtime import process
from protocol import messages as m
from protocol.limits import MAX_NAME
from protocol.record_json import load as load_record
from protocol.records import GameRecord

DEFAULT_URL = "ws://127.0.0.1:8765/ws"
EPILOG = """examples:
  krig                          the start screen
  krig host --bots 1            a room with a computer player; friends: krig join CODE
  krig host --preset arneson --seats 3 --set war_down=1
  krig join K7P-Q3X             take a seat
  krig watch K7P-Q3X            watch a game
  krig quick                    a seat in the next public game
  krig lobby                    the open rooms (krig rooms prints them)
  krig verify K7P-Q3X           check a finished game's fair deal
"""


class Parser(argparse.ArgumentParser):
    """Bad arguments said as a sentence, with the command that explains them."""

    def error(self, message: str) -> NoReturn:
        text = message
        found = re.match(r"the following arguments are required: (.+)", message)
        if found:
            missing = found.group(1).replace("/", " or ")
            text = f"say the {missing} too, as in: {self.prog} {missing.upper()}"
        found = re.match(r"argument (\S+): invalid choice: '([^']*)' \(choose from (.+)\)", message)
        if found:
            choices = found.group(3).replace("'", "")
            text = f"{found.group(2)!r} is not one of: {choices}"
        found = re.match(r"argument (\S+): invalid \w+ value: '([^']*)'", message)
        if found:
            text = f"{found.group(1)} takes a number, not {found.group(2)!r}"
        found = re.match(r"argument (\S+): (.+)", message)
        if found and text == message:
            text = f"{found.group(1)}: {found.group(2)}"
        found = re.match(r"unrecognized arguments: (.+)", message)
        if found:
            text = f"krig does not know {found.group(1)!r}"
        self.exit(2, f"{self.prog}: {text}.\n(see: {self.prog} --help)\n")


def _ranged(low: int, high: int, what: str) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} is a number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{what} is from {low} to {high}, not {value}"
                if high - low > 2
                else f"{what} is {', '.join(map(str, range(low, high)))} or {high}, not {value}"
            )
        return value

    return parse


def _preset(text: str) -> str:
    if text not in PRESETS:
        raise argparse.ArgumentTypeError(
            f"there is no preset {text!r}; the presets are {', '.join(PRESETS)}"
        )
    return text


def _option(text: str) -> tuple[str, bool | int | str]:
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep:
        raise argparse.ArgumentTypeError(f"write an option as name=value, not {text!r}")
    option = BY_NAME.get(name)
    if option is None or name == "players":
        known = ", ".join(o.name for o in OPTIONS if o.name != "players")
        extra = " (the seats set the players: --seats)" if name == "players" else ""
        raise argparse.ArgumentTypeError(f"{name!r} is not a rule option{extra}; they are {known}")
    try:
        return name, option.parse(value.strip())
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _name(text: str) -> str:
    name = text.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise argparse.ArgumentTypeError(f"a name has 1 to {MAX_NAME} characters, not {len(name)}")
    return name


def _url(text: str) -> str:
    try:
        return ws_url(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _default_name() -> str:
    return (os.environ.get("USER", "player").strip()[:MAX_NAME]) or "player"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="krig",
        description=__doc__,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--url", type=_url, default=os.environ.get("KRIG_URL", DEFAULT_URL),
        help="the server, ws://HOST:PORT/ws (or wss://; env KRIG_URL)",
    )  # fmt: skip
    parser.add_argument(
        "--name", type=_name, default=_default_name(),
        help="your name at the table (default: $USER)",
    )  # fmt: skip
    parser.add_argument(
        "--ascii", action="store_true", help="C D H S and plain lines instead of symbols"
    )
    # The same options after the subcommand too (krig host --ascii ...).
    common = Parser(add_help=False)
    common.add_argument("--url", type=_url, default=argparse.SUPPRESS, help="the server")
    common.add_argument(
        "--name", type=_name, default=argparse.SUPPRESS, help="your name at the table"
    )
    common.add_argument(
        "--ascii", action="store_true", default=argparse.SUPPRESS,
        help="C D H S and plain lines instead of symbols",
    )  # fmt: skip
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    def command(name: str, help: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help, description=help, parents=[common])

    def playing(p: argparse.ArgumentParser) -> None:
        p.add_argument("--lines", action="store_true", help="line mode even on a terminal")
        p.add_argument("--auto", action="store_true", help="play by yourself (one game)")
        p.add_argument(
            "--strategy", choices=sorted(STRATEGIES), default="smart",
            help="with --auto in a hand game: which card to play",
        )  # fmt: skip

    host = command("host", "create a room, show its code, and play")
    host.add_argument(
        "--preset", type=_preset, default="classic",
        help=f"the rules: {', '.join(PRESETS)} (krig-server presets shows them)",
    )  # fmt: skip
    host.add_argument(
        "--set", dest="sets", action="append", type=_option, default=[], metavar="OPTION=VALUE",
        help="change one rule of the preset (repeatable; docs/RULES.md lists them)",
    )  # fmt: skip
    host.add_argument(
        "--seats", type=_ranged(2, 4, "the number of seats"), default=2,
        help="seats at the table: 2, 3 or 4",
    )  # fmt: skip
    host.add_argument(
        "--bots", type=_ranged(0, 3, "the number of computer players"), default=0,
        help="computer players to seat now (fewer than the seats)",
    )  # fmt: skip
    host.add_argument("--public", action="store_true", help="list the room in the open rooms")
    host.add_argument(
        "--ready-checks", action="store_true",
        help="every player says ready (otherwise taking a seat means ready)",
    )  # fmt: skip
    playing(host)
    join = command("join", "take a seat in a room by its code, and play")
    join.add_argument("code", help="the room's code, as the host got it")
    playing(join)
    watch = command("watch", "watch a room by its code")
    watch.add_argument("code", help="the room's code")
    watch.add_argument("--lines", action="store_true", help="line mode even on a terminal")
    command("rooms", "print the public rooms")
    command("lobby", "the open rooms, full-screen, to join or watch (elsewhere: as krig rooms)")
    quick = command("quick", "a seat in the next public game (or a new one)")
    quick.add_argument(
        "--players", type=_ranged(2, 4, "the number of players"), default=2,
        help="table size: 2, 3 or 4",
    )  # fmt: skip
    quick.add_argument("--preset", type=_preset, default="classic", help="the rules")
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
        "--games", type=_ranged(1, 1_000_000, "the number of games"), default=1,
        help="games to play in a row (a rematch after each)",
    )  # fmt: skip
    vf = command(
        "verify",
        "check a finished game's record with the protocol alone: its deal, events, result "
        "and inputs against what the server committed to (file or room code); "
        "krig-server verify also replays every trick",
    )
    vf.add_argument("source", help="record file or room code")
    vf.add_argument(
        "--game", type=_ranged(1, 1_000_000, "the game number"), default=1,
        help="with a room code: game number",
    )  # fmt: skip
    load = command("load", "R rooms of P bots each; prints a report")
    load.add_argument(
        "--rooms", type=_ranged(1, 100_000, "the number of rooms"), default=10,
        help="rooms played at once",
    )  # fmt: skip
    load.add_argument(
        "--players", type=_ranged(2, 4, "the number of players"), default=2,
        help="bots per room, 2-4",
    )  # fmt: skip
    load.add_argument("--duration", type=float, default=10.0, help="seconds")
    load.add_argument("--preset", type=_preset, default="classic", help="rule preset")
    load.add_argument("--json", action="store_true", help="print the report as JSON")
    load.add_argument(
        "--rate", type=float, default=0.0, help="flips per second in all (default: flat out)"
    )
    load.add_argument(
        "--warmup", type=float, default=0.0, metavar="S",
        help="leave the first S seconds (every game starting at once) out of the latency",
    )  # fmt: skip
    load.add_argument(
        "--loop", choices=process.LOOPS, default="asyncio",
        help="event loop of the load generator (uvloop: pip install 'krig[uvloop]')",
    )  # fmt: skip
    load.add_argument(
        "--processes", type=_ranged(1, 64, "the number of load processes"), default=1,
        metavar="K",
        help="K load processes sharing the rooms and the rate, one merged report "
        "(a large run needs more than one core's worth of bots)",
    )  # fmt: skip
    load.add_argument("--part-of", type=int, default=None, help=argparse.SUPPRESS)
    rp = command("replay", "step through a finished game (a record file or a room code)")
    rp.add_argument("source", help="record file (krig-server record) or room code")
    rp.add_argument(
        "--game", type=_ranged(1, 1_000_000, "the game number"), default=1,
        help="with a room code: game number",
    )  # fmt: skip
    rp.add_argument("--step", action="store_true", help="wait for Enter after each trick")
    rp.add_argument("--delay", type=float, default=0.0, help="seconds between tricks")
    return parser


async def _session(args: argparse.Namespace) -> Session:
    s = Session(args.url, args.name)
    if args.command in ("join", "watch", "bot"):
        s.room_hint = args.code  # (a server of several workers serves the room on one)
    if not _full_screen(args):
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


async def _app(args: argparse.Namespace, s: Session | None, first: str) -> int:
    """The full-screen krig (Textual), starting on ``first``: start, room or lobby."""
    from client_cli.tui.app import KrigApp

    app = KrigApp(args.url, args.name, not args.ascii, s, first)
    code = await app.run_async()
    if app.session is not None and app.session is not s:
        await app.session.close()
    return code if isinstance(code, int) else app.exit_code


async def _table(args: argparse.Namespace, s: Session) -> int:
    if _full_screen(args):
        return await _app(args, s, "room")
    return await play_lines(s, args.auto, args.strategy, not args.ascii)


async def _play(args: argparse.Namespace, s: Session) -> int:
    if not _full_screen(args):
        await s.ready()  # (a script is ready at once; on the table, r says it when asked)
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
            run_load,
            run_processes,
        )  # fmt: skip

        process.tune_for_throughput()  # the load generator's own stalls would show up as latency
        with contextlib.suppress(ValueError, OSError):
            process.raise_open_files()  # a socket per bot
        urls = args.url.split(",") if "," in args.url else args.url  # (seats over servers)
        if args.part_of is not None:  # one of --processes K: a raw report to the parent
            part = await run_load(
                urls, args.rooms, args.players, args.duration, args.preset, False,
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
                urls, args.rooms, args.players, args.duration, args.preset,
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
    if args.command is None or (args.command == "lobby" and _full_screen(args)):
        if not _full_screen(args):
            print(
                "krig: the start screen needs a terminal; say what to do instead "
                "(krig host, krig join CODE, krig quick, krig rooms, krig watch CODE; "
                "see krig --help)",
                file=sys.stderr,
            )
            return 2
        return await _app(args, None, "lobby" if args.command == "lobby" else "start")
    s = await _session(args)
    try:
        if args.command in ("rooms", "lobby"):
            lobby = await s.lobby()
            if not lobby.rooms:
                print("no public rooms")
            for r in lobby.rooms:
                seats = f"{r.taken}/{r.players} seats"
                print(f"{r.code}  {r.preset:10} {seats}  {r.state}  {r.spectators} watching")
            return 0
        if args.command == "host":
            if args.bots >= args.seats:
                print(
                    f"krig host: --bots: with {args.seats} seats there is room for at most "
                    f"{args.seats - 1} computer players, not {args.bots}.",
                    file=sys.stderr,
                )
                return 2
            joined = await s.create(
                args.preset, args.seats, args.public, dict(args.sets), args.ready_checks
            )
            if not _full_screen(args):
                print(f"room code: {joined.code}   (friends: krig join {joined.code})", flush=True)
            for _ in range(args.bots):
                await s.add_bot()
            return await _play(args, s)
        if args.command == "join":
            await s.join(args.code)
            return await _play(args, s)
        if args.command == "quick":
            joined = await s.quick(args.players, args.preset)
            if not _full_screen(args):
                print(f"joined room {joined.code}", flush=True)
            return await _table(args, s)
        if args.command == "watch":
            await s.spectate(args.code)
            if _full_screen(args):
                return await _app(args, s, "room")
            await s.wait(lambda t: t.result is not None or t.code is None, timeout=24 * 3600)
            if s.table.code is None:
                raise s.out_of_room()
            return 0
        if args.command == "bot":
            await s.join(args.code)
            for _ in range(args.games):
                if s.table.phase == "lobby":
                    await s.ready()
                elif s.table.phase == "over":
                    await s.rematch()
                await s.wait(lambda t: t.phase in ("battle", "war") or t.code is None, timeout=3600)
                if s.table.code is None:
                    raise s.out_of_room()
                strategy = STRATEGIES.get(args.strategy, STRATEGIES["smart"])
                delay = human_delay if args.strategy == "human" else None
                await play_game(s, strategy, delay=delay, timeout=3600)
            return 0
        return 2
    except ServerError as exc:
        if exc.code == "room_gone" and s.table.code is None:
            raise s.out_of_room() from None  # (an action's answer: said as when told unasked)
        raise
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
        print(f"krig: {refusal(exc.code, exc.message)}", file=sys.stderr)
        return 1
    except LeftRoom as exc:
        print(f"krig: {error_words(exc.error)}", file=sys.stderr)
        return 1
    except RoomGone as exc:
        print(f"krig: {exc}; you are in no room now", file=sys.stderr)
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
