"""``krig-server serve``: the composition root. Builds the parts of one server process
and runs them: a private Redis when no URL is given, the pipelined connection
every Redis call goes through (``server.store.pipe``), the :class:`~server.service.node.Node`
(the room service and everything round it), and the listening server
(``server.transport.app``), which it hands the transport's framing.

Nothing else builds a store or a node for a server: the transport is given its
node, and the service is given its store and the transport's framing.
"""

from __future__ import annotations

import asyncio
import contextlib
import faulthandler
import os
import secrets
import socket
import sys

from krig_runtime import process
from server import logs
from server.config import Settings
from server.errors import SetupError
from server.service.node import Node
from server.store.embedded import RedisProcess
from server.store.pipe import RedisPipe
from server.transport.app import App, tls_context
from server.transport.outbox import wire_frame
from server.transport.siblings import Slot


async def serve(
    settings: Settings, slot: Slot | None = None, stop: asyncio.Future[None] | None = None
) -> None:
    """One node serving until ``stop`` (None: until SIGTERM or SIGINT)."""
    url = settings.redis_url
    embedded: RedisProcess | None = None
    if not url:
        embedded = await asyncio.to_thread(RedisProcess.for_settings(settings).start)
        url = embedded.url
    try:
        node_id = settings.node_id or f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(2)}"
        pipe = RedisPipe(url, f"krig-{node_id}")
        collector = asyncio.get_running_loop().create_task(
            process.collect_now_and_then(), name="collect"
        )
        try:
            node = Node(settings, node_id, pipe, frame=wire_frame)
            await node.store.ping()
            await App(settings, node, slot).run(url, stop)
        finally:
            collector.cancel()
            await pipe.close()
    finally:
        if embedded is not None:
            await asyncio.to_thread(embedded.cleanup)


def run_server(settings: Settings, slot: Slot | None = None) -> int:
    """``krig-server serve``: one node, or (``slot``) one worker of ``--workers N``."""
    logs.configure(settings.log_format, settings.log_level)
    with contextlib.suppress(ValueError, OSError):
        process.raise_open_files()  # a node holds a socket per player (10,000 and more)
    # SIGABRT (or a crash in C code) prints every thread's Python stack to stderr.
    faulthandler.enable()
    # Fewer, cheaper collections (full ones had put 20 ms stalls into the
    # reveal latency's tail), and a heap that does not churn on every read.
    process.tune_for_throughput()
    if settings.tls_key and not settings.tls_cert:
        print("krig-server: --tls-key needs --tls-cert", file=sys.stderr)
        return 2
    try:
        tls_context(settings)  # a certificate that cannot be read: say so before starting
    except OSError as exc:
        print(f"krig-server: --tls-cert/--tls-key: {exc}", file=sys.stderr)
        return 2
    try:
        process.run(serve(settings, slot), settings.loop)
    except process.LoopUnavailable as exc:
        raise SetupError(f"--loop: {exc}") from None
    except OSError as exc:
        print(
            f"krig-server: cannot serve on {settings.host}:{settings.port}: {exc}", file=sys.stderr
        )
        return 1
    return 0
