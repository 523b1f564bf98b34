"""A fleet's metrics add up: a reveal is counted once, however many nodes deliver it."""

from __future__ import annotations

import asyncio
import urllib.request
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families
from server_support import ServerProc, close_all, seat_players

from server.store.embedded import RedisProcess


def _scrape(srv: ServerProc) -> dict[str, float]:
    with urllib.request.urlopen(f"{srv.http}/metrics", timeout=5) as reply:
        text = reply.read().decode()
    values: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if not sample.labels or (
                set(sample.labels) == {"le"} and sample.labels["le"] == "+Inf"
            ):
                values[sample.name] = values.get(sample.name, 0.0) + sample.value
    return values


async def test_a_room_served_by_two_nodes_counts_each_reveal_once(
    redis_proc: RedisProcess, tmp_path: Path
) -> None:
    nodes = [ServerProc(redis_proc.url, f"count{i}", tmp_path).start() for i in (1, 2)]
    # Seat 0 on one node, seat 1 on the other: both nodes deliver every reveal.
    sessions = await seat_players([n.url for n in nodes], 2, "classic", {"max_tricks": 500})
    try:
        before = [_scrape(n) for n in nodes]
        steps = 0
        t = sessions[0].table
        for _ in range(12):
            if t.phase == "over":
                break
            now = t.step
            await asyncio.gather(*(s.flip(now) for s in sessions))
            await asyncio.gather(
                *(s.wait(lambda tb, n=now: tb.step > n or tb.phase == "over", 10) for s in sessions)  # type: ignore[misc]
            )
            steps += 1
        await asyncio.sleep(0.3)
        after = [_scrape(n) for n in nodes]

        def grew(name: str) -> float:
            pairs = zip(after, before, strict=True)
            return sum(a.get(name, 0.0) - b.get(name, 0.0) for a, b in pairs)

        assert steps >= 5
        assert grew("krig_reveals_total") == steps
        assert grew("krig_reveal_latency_seconds_count") == steps
        assert grew("krig_flips_total") == 2 * steps
    finally:
        await close_all(sessions)
        for n in nodes:
            n.stop()
