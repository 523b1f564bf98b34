"""The hot path's counts read at a scrape as Prometheus counts."""

from __future__ import annotations

import pytest
from prometheus_client import CollectorRegistry, generate_latest

from server import metrics


def test_hot_path_counts_read_at_a_scrape_as_prometheus_counts() -> None:
    """Plain numbers on the hot path; the exposition a scraper reads is a counter and
    a histogram with cumulative buckets, a bound's own value counted in it."""
    hot = metrics.HotPath()
    hot.flips += 5
    for seconds in (0.0004, 0.0005, 0.003, 2.0):
        hot.reveal(seconds)
    registry = CollectorRegistry()
    registry.register(hot)
    lines = dict(
        line.rsplit(" ", 1)
        for line in generate_latest(registry).decode().splitlines()
        if line and not line.startswith("#")
    )
    assert float(lines["krig_flips_total"]) == 5 and float(lines["krig_reveals_total"]) == 4
    bucket = 'krig_reveal_latency_seconds_bucket{le="%s"}'
    assert float(lines[bucket % "0.0005"]) == 2
    assert float(lines[bucket % "0.002"]) == 2 and float(lines[bucket % "0.005"]) == 3
    assert float(lines[bucket % "1.0"]) == 3 and float(lines[bucket % "+Inf"]) == 4
    assert float(lines["krig_reveal_latency_seconds_count"]) == 4
    assert float(lines["krig_reveal_latency_seconds_sum"]) == pytest.approx(2.0039)
