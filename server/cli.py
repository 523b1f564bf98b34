"""``krig-server``: run the server, simulate games, list presets, print benchmarks."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from krig_runtime import process
from server import config
from server.engine.rules import (
    OPTION_NAMES,
    PRESET_SOURCES,
    PRESETS,
    Rules,
    RulesError,
    make_rules,
    parse_option,
)
from server.errors import SetupError, refuse_to_start


def rules_from_args(preset: str, sets: list[str], players: int | None) -> Rules:
    overrides: dict[str, Any] = {}
    for item in sets:
        name, sep, value = item.partition("=")
        if not sep:
            raise RulesError(item, "write options as name=value, e.g. war_down=1")
        overrides[name.strip()] = parse_option(name.strip(), value.strip())
    if players is not None:
        overrides["players"] = players
    return make_rules(preset, overrides)


def _add_rules_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--preset", default="classic", help=f"one of: {', '.join(PRESETS)}")
    p.add_argument(
        "--set",
        dest="sets",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help=f"override a rule option (repeatable); options: {', '.join(OPTION_NAMES)}",
    )
    p.add_argument("--players", type=int, help="2 to 4 (default: the preset's)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="krig-server", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play one game from a deal file, or many seeded games")
    _add_rules_args(sim)
    sim.add_argument("--deal", type=Path, help='JSON deal file: {"seats": [["AD","KC"], ...]}')
    sim.add_argument("--events", action="store_true", help="with --deal: include the event log")
    sim.add_argument(
        "--games", type=int, default=1000, help="number of random games (default 1000)"
    )
    sim.add_argument("--seed", type=int, default=1, help="first seed (game i uses seed+i)")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    sim.add_argument("--all-cores", action="store_true", help="one worker per core")
    sim.add_argument(
        "--step-s",
        type=float,
        default=1.0,
        help="timed games: simulated seconds per step (default 1.0; the simulator has no clock)",
    )
    sim.add_argument(
        "--full",
        action="store_true",
        help="play every game through the full engine, not its fast path (the same results)",
    )
    sim.add_argument("--json", action="store_true", help="print statistics as JSON")

    serve = sub.add_parser("serve", help="run the game server (embedded Redis unless --redis-url)")
    config.add_arguments(serve)

    record = sub.add_parser("record", help="export a finished game's record from Redis")
    record.add_argument("code", help="room code")
    record.add_argument("--game", type=int, default=1, help="game number in the room (default 1)")
    record.add_argument(
        "--redis-url",
        default=os.environ.get("KRIG_REDIS_URL", ""),
        help="the servers' Redis (env KRIG_REDIS_URL; default: the store of the server "
        "without --redis-url, found in its data directory)",
    )
    record.add_argument(
        "--data-dir",
        default=os.environ.get("KRIG_DATA_DIR", ""),
        help="without --redis-url: the data directory of that server (env KRIG_DATA_DIR; "
        "default $XDG_DATA_HOME/krig or ~/.local/share/krig)",
    )
    record.add_argument("--json", action="store_true", help="JSON instead of msgpack")
    record.add_argument("-o", "--output", type=Path, help="file to write (default: stdout)")

    verify = sub.add_parser("verify", help="check a game record: deal commitment and a full replay")
    verify.add_argument("file", type=Path, help="record file (msgpack or JSON)")

    presets = sub.add_parser("presets", help="list the rule presets and their options")
    presets.add_argument("--json", action="store_true", help="print the presets as JSON")

    bench = sub.add_parser(
        "bench", add_help=False,
        help="print benchmark figures (a source checkout's python -m bench; --help there)",
    )  # fmt: skip
    bench.add_argument("rest", nargs=argparse.REMAINDER, help="python -m bench's arguments")
    return parser


def cmd_simulate(args: argparse.Namespace) -> int:
    from server import simulate

    rules = rules_from_args(args.preset, args.sets, args.players)
    if not args.step_s > 0:
        print("krig-server: --step-s must be more than 0", file=sys.stderr)
        return 2
    if args.deal is not None:
        try:
            seats = simulate.load_deal(args.deal)
        except simulate.DealError as exc:
            print(f"krig-server: {exc}", file=sys.stderr)
            return 2
        print(json.dumps(simulate.play_deal(rules, seats, args.seed, args.events, args.step_s)))
        return 0
    if args.games < 1:
        print("krig-server: --games must be at least 1", file=sys.stderr)
        return 2
    jobs = simulate.default_jobs() if args.all_cores else max(1, args.jobs)
    stats = simulate.run_many(
        rules,
        args.games,
        args.seed,
        jobs,
        sys.stderr.isatty(),
        full=args.full,
        step_s=args.step_s,
    )
    print(json.dumps(stats) if args.json else simulate.format_stats(stats))
    return 0


def cmd_presets(args: argparse.Namespace) -> int:
    data = {name: {"source": PRESET_SOURCES[name], **r.to_dict()} for name, r in PRESETS.items()}
    if args.json:
        print(json.dumps(data))
        return 0
    for name, values in data.items():
        changed = {k: v for k, v in values.items() if k != "source" and Rules().to_dict()[k] != v}
        shown = ", ".join(f"{k}={v}" for k, v in changed.items()) or "(the defaults)"
        print(f"{name:10} {values['source']:32} {shown}")
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    import asyncio

    import msgspec
    from redis.exceptions import RedisError

    from server import logs
    from server.rooms.codes import normalize
    from server.rooms.replay import with_events
    from server.store.embedded import server_store
    from server.store.pipe import RedisPipe
    from server.store.store import Store, encode_game_record
    from server.verify import to_json

    code = normalize(args.code) or args.code
    logs.configure("auto", "warning")  # (stderr: stdout may be the record)

    async def fetch(url: str) -> bytes | None:
        pipe = RedisPipe(url, "krig-record")
        try:
            store = Store(pipe, log_keep=1, room_ttl_s=1, record_ttl_s=1, session_ttl_s=1)
            rec = await store.load_record(code, args.game)
        finally:
            await pipe.close()
        if rec is None:
            return None
        rec = with_events(rec)
        if args.json:
            return msgspec.json.encode(to_json(rec))
        return encode_game_record(rec)

    with contextlib.ExitStack() as stack:
        url = args.redis_url
        if not url:  # the store of the server that keeps it in a data directory
            url = stack.enter_context(server_store(args.data_dir, "krig-server record"))
        try:
            blob = asyncio.run(fetch(url))
        except (RedisError, OSError) as exc:
            print(f"krig-server: cannot read the store at {url}: {exc}", file=sys.stderr)
            return 1
    if blob is None:
        print(f"krig-server: no record of game {args.game} in room {code}", file=sys.stderr)
        return 1
    if args.output is not None:
        args.output.write_bytes(blob)
    else:
        sys.stdout.buffer.write(blob)
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from server.verify import load, verify

    try:
        record = load(args.file.read_bytes())
    except OSError as exc:
        print(f"krig-server: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except Exception as exc:
        print(f"krig-server: {args.file} is not a game record: {exc}", file=sys.stderr)
        return 2
    problems = verify(record)
    if problems:
        print(f"mismatch: room {record.code} game {record.game}")
        for p in problems:
            print(f"  - {p}")
        return 1
    print(
        f"match: room {record.code} game {record.game}: the deal matches its commitment and "
        f"a replay of {len(record.inputs) // 2} inputs gives the events sent "
        f"and result ({record.result}, winners {record.winners}, {record.reason})"
    )
    return 0


def _bench_checkout() -> Path | None:
    """The source checkout whose ``bench/`` holds the benchmarks (None: an installed copy)."""
    root = Path(__file__).resolve().parent.parent
    return root if (root / "bench" / "__init__.py").is_file() else None


def cmd_bench(rest: list[str]) -> int:
    """``python -m bench`` in the source checkout (the benchmarks are not installed)."""
    root = _bench_checkout()
    if root is None:
        print(
            "krig-server bench: the benchmarks live in the source checkout's bench/ folder, "
            "which this installation does not have (clone the repository and run it there)",
            file=sys.stderr,
        )
        return 2
    return subprocess.call([sys.executable, "-m", "bench", *rest], cwd=root)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["bench"]:  # (every argument is python -m bench's, --help too)
        return cmd_bench(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        if args.command == "serve":
            from server.serve import run_server
            from server.workers import run_supervisor, worker_count

            settings = config.load(args)
            if worker_count(settings) > 1:
                return run_supervisor(settings)
            return run_server(settings)
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "presets":
            return cmd_presets(args)
        if args.command == "record":
            return cmd_record(args)
        if args.command == "verify":
            return cmd_verify(args)
        return cmd_bench(args.rest)
    except SetupError as exc:
        return refuse_to_start(exc)
    except RulesError as exc:
        print(f"krig-server: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return process.reader_gone()


if __name__ == "__main__":
    sys.exit(main())
