"""krig: play War from a terminal with friends, computer players, or both.

Run krig alone on a terminal for the start screen (host, join, quick game,
open rooms, watch); each of those is a command too. On a terminal the table
is drawn full-screen; otherwise (or with --lines) krig prints one line per
event. Space or Enter flips; in a hand game (Arneson) a number chooses that
card; --auto plays by itself. The server comes from --url or KRIG_URL, by
default the local one that "python3 dev.py krig-server serve" starts.

(``krig --help`` says this in the client's language: ``cli-description`` in
krig_locales/<lang>/krig.ftl.)
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

from client_cli import i18n
from client_cli.bot import Bot, human_delay, play_game
from client_cli.i18n import t
from client_cli.lines import play_lines, printer
from client_cli.proof import check_record
from client_cli.replay import RecordError, replay
from client_cli.rules_text import BY_NAME, OPTIONS, PRESETS
from client_cli.session import LeftRoom, RoomGone, ServerError, Session, SessionClosed
from client_cli.strategies import Loaded, StrategyError, load_strategy
from client_cli.words import error_words, gone_words, refusal, ws_url
from krig_locales import LANGUAGES
from krig_runtime import process
from protocol import messages as m
from protocol.limits import MAX_NAME
from protocol.record_json import load as load_record
from protocol.records import GameRecord

DEFAULT_URL = "ws://127.0.0.1:8765/ws"


class Parser(argparse.ArgumentParser):
    """Bad arguments said as a sentence, with the command that explains them; help and
    errors in the client's language (argparse's own words come from the catalogue)."""

    def __init__(
        self,
        prog: str | None = None,
        *,
        add_help: bool = True,
        parents: list[argparse.ArgumentParser] | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(prog, add_help=False, **kwargs)
        self._positionals.title = t("cli-positionals")
        self._optionals.title = t("cli-options")
        if add_help:  # (argparse's own, with its help in the client's language)
            self.add_argument(
                "-h", "--help", action="help", default=argparse.SUPPRESS, help=t("cli-help")
            )
        for parent in parents or []:  # (after -h, as argparse orders them)
            self._add_container_actions(parent)
            self._defaults.update(parent._defaults)

    def error(self, message: str) -> NoReturn:
        text = message
        found = re.match(r"the following arguments are required: (.+)", message)
        if found:
            missing = found.group(1).replace("/", " or ")
            text = t("cli-missing", missing=missing, prog=self.prog, upper=missing.upper())
        found = re.match(r"argument (\S+): invalid choice: '([^']*)' \(choose from (.+)\)", message)
        if found:
            choices = found.group(3).replace("'", "")
            text = t("cli-invalid-choice", value=repr(found.group(2)), choices=choices)
        found = re.match(r"argument (\S+): invalid \w+ value: '([^']*)'", message)
        if found:
            text = t("cli-not-a-number", option=found.group(1), value=repr(found.group(2)))
        found = re.match(r"argument (\S+): expected one argument", message)
        if found:
            text = t("cli-expected-value", option=found.group(1))
        found = re.match(r"argument (\S+): (.+)", message)
        if found and text == message:
            text = f"{found.group(1)}: {found.group(2)}"
        found = re.match(r"unrecognized arguments: (.+)", message)
        if found:
            text = t("cli-unknown-arguments", arguments=repr(found.group(1)))
        self.exit(2, t("cli-bad-arguments", prog=self.prog, text=text) + "\n")


class Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's layout, with its "usage:" in the client's language."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, t("cli-usage") if prefix is None else prefix)


def _ranged(low: int, high: int, what: str) -> Any:
    """A whole number from ``low`` to ``high``; ``what`` names it (a cli-what- entry)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                t("cli-is-a-number", what=t(what), value=repr(text))
            ) from None
        if not low <= value <= high:
            bounds = {"what": t(what), "high": str(high), "value": str(value)}
            if high - low > 2:
                said = t("cli-is-from-to", low=str(low), **bounds)
            else:
                said = t("cli-is-one-of", values=", ".join(map(str, range(low, high))), **bounds)
            raise argparse.ArgumentTypeError(said)
        return value

    return parse


def _preset(text: str) -> str:
    if text not in PRESETS:
        raise argparse.ArgumentTypeError(
            t("cli-no-preset", value=repr(text), presets=", ".join(PRESETS))
        )
    return text


def _option(text: str) -> tuple[str, bool | int | str]:
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep:
        raise argparse.ArgumentTypeError(t("cli-option-form", value=repr(text)))
    option = BY_NAME.get(name)
    if option is None or name == "players":
        known = ", ".join(o.name for o in OPTIONS if o.name != "players")
        key = "cli-not-an-option-players" if name == "players" else "cli-not-an-option"
        raise argparse.ArgumentTypeError(t(key, name=repr(name), known=known))
    try:
        return name, option.parse(value.strip())
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _strategy(text: str) -> Loaded:
    if text in ("instant", "human"):  # (krig bot: flip at once, or after a human's pause)
        return Loaded(text, load_strategy("smart").strategy, True)
    try:
        return load_strategy(text)
    except StrategyError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _name(text: str) -> str:
    name = text.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise argparse.ArgumentTypeError(
            t("cli-name-length", max=str(MAX_NAME), length=str(len(name)))
        )
    return name


def _url(text: str) -> str:
    try:
        return ws_url(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _state(state: str) -> str:
    """A room's state (``lobby``, ``playing``, ``over``) in words; a newer one as it is."""
    key = f"cli-state-{state}"
    return t(key) if i18n.has(key) else state


def _lang(text: str) -> str:
    found = i18n.normalize(text)
    if found is None:
        raise argparse.ArgumentTypeError(
            t("cli-unknown-language", languages=", ".join(LANGUAGES), value=repr(text))
        )
    return found


def _lang_flag(argv: list[str]) -> str | None:
    """``--lang`` as given, before the parser is built (its help is in that language)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def _default_name() -> str:
    return (os.environ.get("USER", "player").strip()[:MAX_NAME]) or "player"


def build_parser() -> argparse.ArgumentParser:
    """krig's arguments, their help in the client's language (``i18n.set_language`` first)."""
    parser = Parser(prog="krig", description=t("cli-description"), epilog=t("cli-epilog"))
    parser.add_argument(
        "--url", type=_url, default=os.environ.get("KRIG_URL", DEFAULT_URL), help=t("cli-url")
    )
    parser.add_argument("--name", type=_name, default=_default_name(), help=t("cli-name"))
    parser.add_argument("--ascii", action="store_true", help=t("cli-ascii"))
    languages = ", ".join(LANGUAGES)
    parser.add_argument("--lang", type=_lang, default=None, help=t("cli-lang", languages=languages))
    # The same options after the subcommand too (krig host --ascii ...).
    common = Parser(add_help=False)
    common.add_argument("--url", type=_url, default=argparse.SUPPRESS, help=t("cli-url-short"))
    common.add_argument("--name", type=_name, default=argparse.SUPPRESS, help=t("cli-name-short"))
    common.add_argument(
        "--ascii", action="store_true", default=argparse.SUPPRESS, help=t("cli-ascii")
    )
    common.add_argument(
        "--lang", type=_lang, default=argparse.SUPPRESS, help=t("cli-lang", languages=languages)
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    def command(name: str, help: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help, description=help, parents=[common])

    def playing(p: argparse.ArgumentParser) -> None:
        p.add_argument("--lines", action="store_true", help=t("cli-lines"))
        p.add_argument("--auto", action="store_true", help=t("cli-auto"))
        p.add_argument("--strategy", type=_strategy, default="smart", help=t("cli-strategy"))

    host = command("host", t("cli-host"))
    host.add_argument(
        "--preset", type=_preset, default="classic",
        help=t("cli-host-preset", presets=", ".join(PRESETS)),
    )  # fmt: skip
    host.add_argument(
        "--set", dest="sets", action="append", type=_option, default=[], metavar="OPTION=VALUE",
        help=t("cli-host-set"),
    )  # fmt: skip
    host.add_argument(
        "--seats", type=_ranged(2, 4, "cli-what-seats"), default=2, help=t("cli-host-seats")
    )
    host.add_argument(
        "--bots", type=_ranged(0, 3, "cli-what-bots"), default=0, help=t("cli-host-bots")
    )
    host.add_argument(
        "--level", choices=["easy", "normal", "hard"], default="normal", help=t("cli-host-level")
    )
    host.add_argument("--public", action="store_true", help=t("cli-host-public"))
    host.add_argument("--ready-checks", action="store_true", help=t("cli-host-ready-checks"))
    playing(host)
    join = command("join", t("cli-join"))
    join.add_argument("code", metavar=t("cli-metavar-code"), help=t("cli-join-code"))
    playing(join)
    watch = command("watch", t("cli-watch"))
    watch.add_argument("code", metavar=t("cli-metavar-code"), help=t("cli-code"))
    watch.add_argument("--lines", action="store_true", help=t("cli-lines"))
    command("rooms", t("cli-rooms"))
    command("lobby", t("cli-lobby"))
    quick = command("quick", t("cli-quick"))
    quick.add_argument(
        "--players", type=_ranged(2, 4, "cli-what-players"), default=2,
        help=t("cli-quick-players"),
    )  # fmt: skip
    quick.add_argument("--preset", type=_preset, default="classic", help=t("cli-quick-preset"))
    playing(quick)
    bot = command("bot", t("cli-bot"))
    bot.add_argument("code", metavar=t("cli-metavar-code"), help=t("cli-code"))
    bot.add_argument("--strategy", type=_strategy, default="instant", help=t("cli-bot-strategy"))
    bot.add_argument(
        "--games", type=_ranged(1, 1_000_000, "cli-what-games"), default=1,
        help=t("cli-bot-games"),
    )  # fmt: skip
    arena = command("arena", t("cli-arena"))
    arena.add_argument("--bots", required=True, metavar="A,B,...", help=t("cli-arena-bots"))
    arena.add_argument(
        "--games", type=_ranged(1, 10_000_000, "cli-what-games"), default=200,
        help=t("cli-arena-games"),
    )  # fmt: skip
    arena.add_argument(
        "--players", type=_ranged(2, 4, "cli-what-players"), default=2,
        help=t("cli-arena-players"),
    )  # fmt: skip
    arena.add_argument("--preset", type=_preset, default="arneson", help=t("cli-arena-preset"))
    arena.add_argument(
        "--set", dest="sets", action="append", type=_option, default=[], metavar="OPTION=VALUE",
        help=t("cli-arena-set"),
    )  # fmt: skip
    arena.add_argument(
        "--rooms", type=_ranged(1, 10_000, "cli-what-rooms"), default=32, help=t("cli-load-rooms")
    )
    arena.add_argument("--seed", type=int, default=1, help=t("cli-arena-seed"))
    arena.add_argument("--decide-s", type=float, default=5.0, help=t("cli-arena-decide"))
    arena.add_argument("--quiet", action="store_true", help=t("cli-arena-quiet"))
    arena.add_argument("--json", metavar="FILE", help=t("cli-arena-json"))
    arena.add_argument("--csv", metavar="FILE", help=t("cli-arena-csv"))
    vf = command("verify", t("cli-verify"))
    vf.add_argument("source", metavar=t("cli-metavar-source"), help=t("cli-verify-source"))
    vf.add_argument(
        "--game", type=_ranged(1, 1_000_000, "cli-what-game"), default=1, help=t("cli-game")
    )
    load = command("load", t("cli-load"))
    load.add_argument(
        "--rooms", type=_ranged(1, 100_000, "cli-what-rooms"), default=10,
        help=t("cli-load-rooms"),
    )  # fmt: skip
    load.add_argument(
        "--players", type=_ranged(2, 4, "cli-what-players"), default=2,
        help=t("cli-load-players"),
    )  # fmt: skip
    load.add_argument("--duration", type=float, default=10.0, help=t("cli-load-duration"))
    load.add_argument("--preset", type=_preset, default="classic", help=t("cli-load-preset"))
    load.add_argument("--json", action="store_true", help=t("cli-load-json"))
    load.add_argument("--rate", type=float, default=0.0, help=t("cli-load-rate"))
    load.add_argument("--warmup", type=float, default=0.0, metavar="S", help=t("cli-load-warmup"))
    load.add_argument("--loop", choices=process.LOOPS, default="auto", help=t("cli-load-loop"))
    load.add_argument(
        "--processes", type=_ranged(1, 64, "cli-what-processes"), default=1, metavar="K",
        help=t("cli-load-processes"),
    )  # fmt: skip
    load.add_argument("--part-of", type=int, default=None, help=argparse.SUPPRESS)
    rp = command("replay", t("cli-replay"))
    rp.add_argument("source", metavar=t("cli-metavar-source"), help=t("cli-replay-source"))
    rp.add_argument(
        "--game", type=_ranged(1, 1_000_000, "cli-what-game"), default=1, help=t("cli-game")
    )
    rp.add_argument("--step", action="store_true", help=t("cli-replay-step"))
    rp.add_argument("--delay", type=float, default=0.0, help=t("cli-replay-delay"))
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
    return await play_lines(s, args.auto, args.player, not args.ascii)


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


async def _arena(args: argparse.Namespace) -> int:
    from client_cli.arena import format_board, run_arena, write_csv, write_json

    specs = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(specs) < 2 and args.players > 1:
        specs = specs * 2  # (one bot: it plays itself)
    for spec in specs:
        try:
            load_strategy(spec)
        except StrategyError as exc:
            print(f"krig arena: --bots: {exc}", file=sys.stderr)
            return 2
    url = args.url if args.url_given else None
    process.tune_for_throughput()
    with contextlib.suppress(ValueError, OSError):
        process.raise_open_files()
    report = await run_arena(
        url, specs, args.games, args.players, args.preset, args.rooms, args.seed,
        not args.quiet, args.decide_s, dict(args.sets),
    )  # fmt: skip
    print(format_board(report))
    if args.json:
        write_json(report, args.json)
    if args.csv:
        write_csv(report, args.csv)
    return 0


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
    if args.command == "arena":
        return await _arena(args)
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
            print(t("cli-needs-terminal"), file=sys.stderr)
            return 2
        return await _app(args, None, "lobby" if args.command == "lobby" else "start")
    s = await _session(args)
    if isinstance(getattr(args, "strategy", None), Loaded):
        args.player = Bot(args.strategy)
        args.player.follow(s)  # (from the first event: it follows the hands)
    try:
        if args.command in ("rooms", "lobby"):
            lobby = await s.lobby()
            if not lobby.rooms:
                print(t("cli-no-public-rooms"))
            for r in lobby.rooms:
                print(
                    t(
                        "cli-room-row", code=r.code, preset=f"{r.preset:10}", taken=r.taken,
                        seats=r.players, state=_state(r.state),
                        watching=r.spectators,
                    )
                )  # fmt: skip
            return 0
        if args.command == "host":
            if args.bots >= args.seats:
                print(
                    t("cli-too-many-bots", seats=args.seats, most=args.seats - 1, bots=args.bots),
                    file=sys.stderr,
                )
                return 2
            joined = await s.create(
                args.preset, args.seats, args.public, dict(args.sets), args.ready_checks
            )
            if not _full_screen(args):
                print(t("cli-room-code", code=joined.code), flush=True)
            for _ in range(args.bots):
                await s.add_bot(level=args.level)
            return await _play(args, s)
        if args.command == "join":
            await s.join(args.code)
            return await _play(args, s)
        if args.command == "quick":
            joined = await s.quick(args.players, args.preset)
            if not _full_screen(args):
                print(t("cli-joined-room", code=joined.code), flush=True)
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
            player = args.player
            for _ in range(args.games):
                if s.table.phase == "lobby":
                    await s.ready()
                elif s.table.phase == "over":
                    await s.rematch()
                await s.wait(lambda t: t.phase in ("battle", "war") or t.code is None, timeout=3600)
                if s.table.code is None:
                    raise s.out_of_room()
                delay = human_delay if args.strategy.name == "human" else None
                await play_game(s, player, delay=delay, timeout=3600)
            return 0
        return 2
    except ServerError as exc:
        if exc.code == "room_gone" and s.table.code is None:
            raise s.out_of_room() from None  # (an action's answer: said as when told unasked)
        raise
    finally:
        await s.close()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    i18n.set_language(i18n.choose(_lang_flag(argv)))  # (before the parser: its help is said)
    given = argv
    args = build_parser().parse_args(argv)
    # (krig arena starts a server of its own unless told where one is)
    args.url_given = any(a == "--url" or a.startswith("--url=") for a in given) or bool(
        os.environ.get("KRIG_URL")
    )
    try:
        # the load generator and the arena, which carry many frames, on uvloop where it
        # is installed; the screens on asyncio (the loop Textual is made for)
        loop = "auto" if args.command == "arena" else "asyncio"
        return process.run(run(args), getattr(args, "loop", loop))
    except process.LoopUnavailable as exc:
        print(f"krig: --loop: {exc}", file=sys.stderr)
        return 2
    except ServerError as exc:
        print(t("cli-said", sentence=refusal(exc.code, exc.message)), file=sys.stderr)
        return 1
    except LeftRoom as exc:
        print(t("cli-said", sentence=error_words(exc.error)), file=sys.stderr)
        return 1
    except RoomGone as exc:
        print(t("cli-in-no-room", why=gone_words(exc)), file=sys.stderr)
        return 1
    except SessionClosed as exc:
        print(t("cli-session-closed", why=str(exc)), file=sys.stderr)
        return 1
    except BrokenPipeError:  # (an OSError too: not a server that cannot be reached)
        return process.reader_gone()
    except TimeoutError:  # before OSError: in Python 3.11 it is one
        print(t("cli-timeout", url=args.url), file=sys.stderr)
        return 1
    except OSError as exc:
        print(t("cli-unreachable", url=args.url, why=exc.strerror or str(exc)), file=sys.stderr)
        return 1
    except RecordError as exc:
        print(f"krig: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
