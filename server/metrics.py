"""Prometheus metrics served at ``/metrics`` (prometheus_client: the standard exposition).

Under ``--workers N`` every worker keeps its own figures in its own process,
as a single server does, and whichever worker a scrape reaches through the
shared port asks the others for theirs (``families``, over a local socket)
and answers for the whole set, each series labelled ``worker="i"``
(``merged_exposition``). Chosen over prometheus_client's multiprocess mode,
which keeps every value in a memory-mapped file and takes a lock on every
change, and does not aggregate custom collectors such as ``HotPath``: here
the hot path stays a plain ``+= 1``, and the scrape pays instead.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)

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


Family = dict[str, Any]
"""One metric family as plain data (JSON between workers): name, doc, type, unit, and its
samples as [name, labels, value]."""


def families(registry: CollectorRegistry = REGISTRY) -> list[Family]:
    """This process's metrics, as plain data."""
    return [
        {
            "name": metric.name,
            "doc": metric.documentation,
            "type": metric.type,
            "unit": metric.unit,
            "samples": [[s.name, dict(s.labels), s.value] for s in metric.samples],
        }
        for metric in registry.collect()
    ]


class _Fixed:
    """A collector that yields metrics already gathered."""

    def __init__(self, metrics: list[Metric]) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[Metric]:
        return iter(self.metrics)


def merged_exposition(
    per_worker: dict[int, list[Family]], info: dict[int, dict[str, str]], expected: int
) -> bytes:
    """The exposition of a set of workers: every family once, each sample labelled with
    its worker; ``krig_worker_info`` names each worker's node and pid; ``krig_workers``
    says how many there are and how many answered this scrape."""
    merged: dict[str, Metric] = {}
    for worker in sorted(per_worker):
        for fam in per_worker[worker]:
            metric = merged.get(fam["name"])
            if metric is None:
                metric = merged[fam["name"]] = Metric(
                    fam["name"], fam["doc"], fam["type"], fam["unit"]
                )
            for name, labels, value in fam["samples"]:
                metric.add_sample(name, {"worker": str(worker), **labels}, float(value))
    about = GaugeMetricFamily(
        "krig_worker_info", "The worker processes that answered: node id and pid", labels=[
            "worker", "node", "pid",
        ],
    )  # fmt: skip
    for worker in sorted(info):
        about.add_metric([str(worker), info[worker]["node"], info[worker]["pid"]], 1)
    count = GaugeMetricFamily(
        "krig_workers", "Worker processes: expected, and answered this scrape", labels=["state"]
    )
    count.add_metric(["expected"], expected)
    count.add_metric(["answered"], len(per_worker))
    registry = CollectorRegistry(auto_describe=False)
    registry.register(_Fixed([*merged.values(), about, count]))
    return generate_latest(registry)
