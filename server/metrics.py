"""Prometheus metrics served at ``/metrics`` (prometheus_client: the standard exposition)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

REGISTRY = CollectorRegistry()

CONNECTIONS = Gauge("krig_connections", "Open WebSocket connections", registry=REGISTRY)
ROOMS = Gauge("krig_local_rooms", "Rooms with a member connected to this node", registry=REGISTRY)
FLIPS = Counter("krig_flips_total", "Flips and choices applied", registry=REGISTRY)
REVEALS = Counter("krig_reveals_total", "Reveals delivered by this node", registry=REGISTRY)
GAMES = Counter("krig_games_finished_total", "Games finished", registry=REGISTRY)
ERRORS = Counter("krig_errors_total", "Actions refused, by code", ["code"], registry=REGISTRY)
CONFLICTS = Counter(
    "krig_commit_conflicts_total", "Compare-and-set retries (another writer won)", registry=REGISTRY
)
REVEAL_LATENCY = Histogram(
    "krig_reveal_latency_seconds",
    "From the last flip of a step arriving to its reveal being written to the sockets",
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0),
    registry=REGISTRY,
)


def exposition() -> bytes:
    return generate_latest(REGISTRY)
