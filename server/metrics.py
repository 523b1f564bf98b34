"""Prometheus metrics served at ``/metrics`` (prometheus_client: the standard exposition)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator

from prometheus_client import CollectorRegistry, Counter, Gauge, generate_latest
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily, Metric

REGISTRY = CollectorRegistry()

CONNECTIONS = Gauge("krig_connections", "Open WebSocket connections", registry=REGISTRY)
ROOMS = Gauge("krig_local_rooms", "Rooms with a member connected to this node", registry=REGISTRY)
GAMES = Counter("krig_games_finished_total", "Games finished", registry=REGISTRY)
ERRORS = Counter("krig_errors_total", "Actions refused, by code", ["code"], registry=REGISTRY)
CONFLICTS = Counter(
    "krig_commit_conflicts_total", "Compare-and-set retries (another writer won)", registry=REGISTRY
)
LATENCY_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0)


class HotPath:
    """The counts a step of play moves, kept as plain numbers and read at a scrape.

    prometheus_client's counters and histograms take a lock on every change;
    the server changes these from its one thread only, on every step.
    """

    def __init__(self) -> None:
        self.flips = 0
        self.reveals = 0
        self.latency = [0] * (len(LATENCY_BUCKETS) + 1)
        """Observations per bucket (the last: over every bound), not cumulative."""
        self.latency_sum = 0.0

    def reveal(self, seconds: float) -> None:
        """A reveal delivered ``seconds`` after the step's last flip arrived."""
        self.reveals += 1
        self.latency[bisect_left(LATENCY_BUCKETS, seconds)] += 1
        self.latency_sum += seconds

    def collect(self) -> Iterator[Metric]:
        yield CounterMetricFamily("krig_flips_total", "Flips and choices applied", value=self.flips)
        yield CounterMetricFamily(
            "krig_reveals_total", "Reveals delivered by this node", value=self.reveals
        )
        total, buckets = 0, []
        for bound, count in zip((*map(repr, LATENCY_BUCKETS), "+Inf"), self.latency, strict=True):
            total += count
            buckets.append((bound, total))
        yield HistogramMetricFamily(
            "krig_reveal_latency_seconds",
            "From the last flip of a step arriving to its reveal being written to the sockets",
            buckets=buckets,
            sum_value=self.latency_sum,
        )


HOT = HotPath()
REGISTRY.register(HOT)


def exposition() -> bytes:
    return generate_latest(REGISTRY)
