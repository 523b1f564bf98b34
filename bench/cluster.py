"""A cluster deployment on loopback at human pace: what one machine carries, with nothing lost.

    python3 dev.py python -m bench.cluster [--rooms 1500] [--seconds 60] [--replicas 0]

Starts a Redis Cluster of 3 primaries (``--replicas`` each; redis-server 7,
with an append-only file as in production), two ``krig-server serve`` nodes
on it, and ``krig load``: ``--rooms`` rooms of 2 bots, each seat on a
different node (so every room's updates go between the nodes over sharded
pub/sub), flipping at ``--pace`` flips per second per player (human pace: 1).
It prints what was carried (flips/s against the pace asked for, reveal
latency, errors), what it cost (CPU per flip of each krig node and each
Redis shard, Redis commands per flip from INFO commandstats, Redis memory
per room, server memory per connection), and checks that nothing was lost:
no error answer, and every room's cards conserved in the cluster.

Everything shares this machine's cores: the load client, both nodes and the
shards. Its figures are for the capacity table in docs/OPERATIONS.md; it is
a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import redis

from bench.stack import _cpu_s, _krig_bin, _rss_kib
from server import rooms
from server.engine import census
from server.store.embedded import free_port
from server.store.keys import journal_prefix, old_journal_key, old_tail_key, room_key
from server.store.scripts import LOAD
from server.store.store import loaded_from
from tools.redis_rig import LocalCluster

HERE = Path(__file__).resolve().parent.parent


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench.cluster", description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=1500, help="rooms of 2 bots (default 1500)")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--pace", type=float, default=1.0, help="flips per second per player")
    parser.add_argument("--replicas", type=int, default=0, help="replicas per primary")
    parser.add_argument("--json", default="", help="also write the figures to this file")
    return parser.parse_args(argv)


def _stats(cluster: LocalCluster) -> dict[int, dict[str, float]]:
    """Per primary: commands run (those in scripts too), used memory, process CPU."""
    out: dict[int, dict[str, float]] = {}
    for port in cluster.primaries():
        client = redis.Redis(port=port)
        try:
            calls = client.info("commandstats")
            memory = client.info("memory")
        finally:
            client.close()
        out[port] = {
            **{k.removeprefix("cmdstat_"): float(v["calls"]) for k, v in calls.items()},
            "calls": float(sum(int(v["calls"]) for v in calls.values())),
            "used_memory": float(memory["used_memory"]),
            "cpu_s": _cpu_s(cluster.procs[port].pid),
        }
    return out


def _rooms(cluster: LocalCluster) -> list[str]:
    codes: list[str] = []
    for port in cluster.primaries():
        client = redis.Redis(port=port)
        try:
            for key in client.scan_iter("krig:{*}:room", count=1000):
                codes.append(key.decode().split("{", 1)[1].split("}", 1)[0])
        finally:
            client.close()
    return codes


def _conserved(cluster: LocalCluster, codes: list[str]) -> tuple[int, list[str]]:
    """Every room's cards, read from the cluster: (rooms checked, rooms whose cards are wrong)."""
    client = redis.RedisCluster(host="127.0.0.1", port=cluster.primaries()[0])
    bad: list[str] = []
    checked = 0
    try:
        load = client.register_script(LOAD)
        for code in codes:
            keys = [room_key(code), old_journal_key(code), old_tail_key(code)]
            loaded = loaded_from(load(keys=keys, args=[journal_prefix(code)]))
            if loaded is None:
                continue
            rec = rooms.rebuild(loaded.blob, loaded.tail)
            if rec.state is None:
                continue
            checked += 1
            if census(rec.state) != sorted(rec.state.rules.deck()):
                bad.append(code)
    finally:
        client.close()
    return checked, bad


def run(args: argparse.Namespace) -> dict[str, Any]:
    cluster = LocalCluster(primaries=3, replicas=args.replicas, node_timeout_ms=5000).start()
    nodes: list[subprocess.Popen[bytes]] = []
    ports = [free_port(), free_port()]
    try:
        for i, port in enumerate(ports):
            proc = subprocess.Popen(
                [_krig_bin("krig-server"), "serve", "--port", str(port), "--redis-url", cluster.url,
                 "--node-id", f"bench-{i}", "--log-level", "warning", "--log-format", "json",
                 "--max-conns-per-addr", "0", "--rooms-per-min", "0", "--grace-s", "600",
                 "--msg-rate", "1000", "--msg-burst", "1000"],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=HERE,
            )  # fmt: skip
            assert proc.stdout is not None
            while b"listening" not in proc.stdout.readline():
                if proc.poll() is not None:
                    raise RuntimeError("krig-server did not start")
            nodes.append(proc)
        urls = ",".join(f"ws://127.0.0.1:{p}/ws" for p in ports)
        rate = args.rooms * 2 * args.pace
        before = _stats(cluster)
        load = subprocess.Popen(
            [_krig_bin("krig"), "load", "--url", urls, "--rooms", str(args.rooms), "--players",
             "2", "--rate", f"{rate:.0f}", "--duration", str(args.seconds + args.warmup),
             "--warmup", str(args.warmup), "--json"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=HERE,
        )  # fmt: skip
        # The measured window: after the rooms are open and the warm-up is over.
        time.sleep(args.warmup + min(30.0, args.rooms / 100))
        cpu0 = {p.pid: _cpu_s(p.pid) for p in (*nodes, load)}
        mid = _stats(cluster)
        t0 = time.monotonic()
        window = max(5.0, args.seconds - min(30.0, args.rooms / 100) - 2)
        time.sleep(window)
        elapsed = time.monotonic() - t0
        cpu1 = {p.pid: _cpu_s(p.pid) for p in (*nodes, load)}
        after = _stats(cluster)
        rss = [_rss_kib(p.pid) for p in nodes]
        out, err = load.communicate(timeout=args.seconds + args.warmup + 300)
        if load.returncode:
            raise RuntimeError(f"krig load failed: {err.decode()[-2000:]}")
        report: dict[str, Any] = json.loads(out)
        codes = _rooms(cluster)
        checked, bad = _conserved(cluster, codes)
        flips_window = report["flips_per_s"] * elapsed  # (the load's own rate: steady here)
        shards = {
            str(port): {
                "cpu_share": (after[port]["cpu_s"] - mid[port]["cpu_s"]) / elapsed,
                "commands_per_s": (after[port]["calls"] - mid[port]["calls"]) / elapsed,
                "used_memory_mib": after[port]["used_memory"] / 2**20,
            }
            for port in after
        }
        redis_cpu = sum(after[p]["cpu_s"] - mid[p]["cpu_s"] for p in after)
        redis_calls = sum(after[p]["calls"] - mid[p]["calls"] for p in after)
        redis_memory = sum(after[p]["used_memory"] - before[p]["used_memory"] for p in after)
        names = {k for p in after for k in after[p] if k not in ("calls", "used_memory", "cpu_s")}
        per_command = {
            name: sum(after[p].get(name, 0.0) - mid[p].get(name, 0.0) for p in after)
            / max(flips_window, 1)
            for name in sorted(names)
        }
        return {
            "rooms": args.rooms,
            "bots": args.rooms * 2,
            "pace_flips_per_player_s": args.pace,
            "asked_flips_per_s": rate,
            "load": report,
            "window_s": elapsed,
            "nodes": [
                {
                    "cpu_share": (cpu1[p.pid] - cpu0[p.pid]) / elapsed,
                    "us_per_flip": (cpu1[p.pid] - cpu0[p.pid]) / max(flips_window / 2, 1) * 1e6,
                    "rss_mib": r / 1024,
                }
                for p, r in zip(nodes, rss, strict=True)
            ],
            "load_client_cpu_share": (cpu1[load.pid] - cpu0[load.pid]) / elapsed,
            "shards": shards,
            "redis_us_per_flip": redis_cpu / max(flips_window, 1) * 1e6,
            "redis_commands_per_flip": redis_calls / max(flips_window, 1),
            "redis_per_command_per_flip": {k: v for k, v in per_command.items() if v >= 0.01},
            "redis_bytes_per_room": redis_memory / max(len(codes), 1),
            "rooms_in_redis": len(codes),
            "rooms_checked": checked,
            "rooms_with_wrong_cards": bad,
            "cpus": os.cpu_count(),
        }
    finally:
        for proc in nodes:
            proc.terminate()
        for proc in nodes:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        cluster.cleanup()


def format_report(r: dict[str, Any]) -> str:
    load = r["load"]
    lat = load.get("reveal_latency_ms") or {}
    nodes = r["nodes"]
    lines = [
        f"bench.cluster: 3 Redis primaries (redis-server 7), 2 krig nodes, {r['rooms']:,} rooms "
        f"of 2 bots ({r['bots']:,} connections) at {r['pace_flips_per_player_s']:g} flip/s a "
        f"player, every room on both nodes; {r['cpus']} cpus shared by all",
        f"carried   {load['flips_per_s']:,.0f} flips/s of {r['asked_flips_per_s']:,.0f} asked; "
        f"reveal p50 {lat.get('p50', 0):.1f} ms p99 {lat.get('p99', 0):.1f} ms "
        f"max {lat.get('max', 0):.1f} ms; errors {load['errors'] or 'none'}; "
        f"games {load['games_finished']}; reconnects {load['reconnects']}",
        "krig      "
        + "; ".join(
            f"node {i}: {n['cpu_share']:.0%} of a core, {n['us_per_flip']:.0f} us/flip, "
            f"{n['rss_mib']:.0f} MiB"
            for i, n in enumerate(nodes)
        ),
        f"redis     {r['redis_us_per_flip']:.1f} us/flip over the shards, "
        f"{r['redis_commands_per_flip']:.2f} commands/flip, "
        f"{r['redis_bytes_per_room']:,.0f} B per room ("
        + ", ".join(f"{k} {v:.2f}" for k, v in r["redis_per_command_per_flip"].items())
        + "); "
        + "; ".join(
            f"{port}: {s['cpu_share']:.0%} cpu, {s['commands_per_s']:,.0f} cmd/s, "
            f"{s['used_memory_mib']:.0f} MiB"
            for port, s in r["shards"].items()
        ),
        f"load      the bots' client {r['load_client_cpu_share']:.0%} of a core",
        f"lost      {len(r['rooms_with_wrong_cards'])} rooms with wrong cards of "
        f"{r['rooms_checked']:,} checked ({r['rooms_in_redis']:,} rooms in Redis); "
        f"error answers: {sum(load['errors'].values()) if load['errors'] else 0}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = _parse(argv)
    report = run(args)
    print(format_report(report))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))
    return 1 if report["rooms_with_wrong_cards"] or report["load"]["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
