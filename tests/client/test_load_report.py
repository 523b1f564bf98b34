"""`krig load` says when the server throttled it, and by which limit.

Against a server with its default limits the load generator used to measure
the rate limiter without a word (566 flips/s, p99 461 ms, 49 `rate_limited`);
OPERATIONS.md's load-test example and the compose `bots` profile are run here as written.
"""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import subprocess
import time
from pathlib import Path

import redis
import yaml  # type: ignore[import-untyped]
from server_support import KRIG, KRIG_SERVER, ROOT, ServerProc

from client_cli.load import format_report
from client_cli.session import Session
from server.config import Settings
from server.store.embedded import RedisProcess, free_port

DEFAULT_LIMITS = {
    name: getattr(Settings(), name)
    for name in ("msg_rate", "msg_burst", "rooms_per_min", "max_conns_per_addr")
}
"""A server as `krig-server serve` starts it (ServerProc raises these for other tests)."""


def _krig(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [KRIG, "--url", url, *args],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=180,
    )  # fmt: skip


def test_against_default_limits_the_report_names_the_message_rate_limit(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    srv = ServerProc(redis_proc.url, "limited", tmp_path, **DEFAULT_LIMITS).start()
    try:
        done = _krig(srv.url, "load", "--rooms", "2", "--players", "2", "--duration", "4", "--json")
    finally:
        srv.stop()
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    # Flat out, a bot sends far more than 50 messages a second (the run without the
    # limit below makes thousands of flips a second).
    assert report["throttled"]["messages"] > 0, report
    assert report["throttled"]["messages"] == report["errors"]["rate_limited"]
    assert report["throttled_said"]["messages"] == "too many messages; slow down"
    assert report["throttled"]["rooms"] == report["throttled"]["connections"] == 0
    text = format_report(report)
    assert "throttled by the server: yes, by its message rate limit\n" in text + "\n"
    assert "a load test raises --msg-rate and --msg-burst" in text


def test_the_report_names_the_room_creation_limit(redis_proc: RedisProcess, tmp_path: Path) -> None:
    admin = redis.Redis.from_url(redis_proc.url)
    for key in admin.scan_iter("krig:creates:*"):  # (other tests' rooms from this address)
        admin.delete(key)
    admin.close()
    rooms = ServerProc(redis_proc.url, "rooms", tmp_path, rooms_per_min=2).start()
    try:
        done = _krig(rooms.url, "load", "--rooms", "3", "--players", "2", "--duration", "1")
    finally:
        rooms.stop()
    assert done.returncode == 0, done.stderr  # (it ran the rooms it could open)
    out = done.stdout
    assert out.startswith("load: 2 of 3 rooms x 2 bots (4 connections)"), out
    assert "throttled by the server: yes, by its room creation limit" in out, out
    assert '1 of 3 rooms refused ("at most 2 new rooms a minute from one address")' in out
    assert "a load test raises --rooms-per-min (0: no limit)" in out


async def test_the_report_names_the_connection_limit(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    conns = ServerProc(redis_proc.url, "conns", tmp_path, max_conns_per_addr=4).start()
    held = [Session(conns.url, f"idle{i}", reconnect=False) for i in range(4)]
    try:
        for s in held:  # the address's every connection is taken
            await s.connect()
        load = ("load", "--rooms", "1", "--players", "2", "--duration", "1")
        done = await asyncio.to_thread(_krig, conns.url, *load)
    finally:
        await asyncio.gather(*(s.close() for s in held))
        conns.stop()
    assert done.returncode == 1 and "refused every room" in done.stderr, done.stderr
    assert "throttled by the server: yes, by its connection limit" in done.stdout
    assert (
        # The host's connection (the others connect once its room exists: none tried)
        '1 connection refused with HTTP 429 ("at most 4 connections from one address")'
        in done.stdout
    ), done.stdout


def _documented_load_example() -> tuple[list[str], list[str]]:
    """The flags of OPERATIONS.md's load-test server and of its `krig load` line."""
    text = (ROOT / "docs" / "OPERATIONS.md").read_text()
    section = text.split("## Load tests", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    serve = next(line for line in section.splitlines() if "krig-server serve" in line)
    load = next(line for line in section.splitlines() if "krig load" in line)
    return shlex.split(serve.split(" serve", 1)[1]), shlex.split(load.split(" load", 1)[1])


def test_the_documented_load_example_runs_as_written_unthrottled(tmp_path: Path) -> None:
    serve_flags, load_flags = _documented_load_example()
    assert "--msg-rate" in serve_flags and "--rooms" in load_flags
    port = free_port()
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - the child keeps it
    server = subprocess.Popen(
        [KRIG_SERVER, "serve", *serve_flags, "--port", str(port)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=log, env=dict(os.environ),
    )  # fmt: skip
    try:
        assert server.stdout is not None
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and b"listening" not in server.stdout.readline():
            assert server.poll() is None, (tmp_path / "server.log").read_text()
        # As written, only shorter (the last --duration wins).
        done = _krig(f"ws://127.0.0.1:{port}/ws", "load", *load_flags, "--duration", "3")
    finally:
        server.terminate()
        server.wait(30)
        log.close()
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("load: 50 rooms x 2 bots (100 connections)"), done.stdout
    assert lines[-1] == "throttled by the server: no", done.stdout
    assert "errors          none" in lines


def test_the_compose_bots_profile_stays_under_a_default_servers_limits(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    entry: list[str] = compose["services"]["bots"]["entrypoint"]
    assert entry[:2] == ["krig", "load"]
    args = entry[2:]
    srv = ServerProc(redis_proc.url, "bots", tmp_path, **DEFAULT_LIMITS).start()
    try:
        args[args.index("--url") + 1] = srv.url
        args[args.index("--duration") + 1] = "4"
        done = _krig(srv.url, "load", *args)
    finally:
        srv.stop()
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "throttled by the server: no", done.stdout
    assert "errors          none" in done.stdout
