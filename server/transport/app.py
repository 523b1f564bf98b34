"""The listening server: the WebSocket server, its HTTP endpoints and its lifetime.

It is handed a built :class:`~server.service.node.Node` (``server.serve``, the
composition root, builds the store, the node and this). One port serves
``/ws`` (the game, subprotocol ``krig.v1``), ``/healthz`` (the process is
up), ``/readyz`` (Redis answers and the node is not draining) and
``/metrics`` (Prometheus). SIGTERM or SIGINT: refuse new handshakes, close
every client with 1012 so it resumes on another node, and leave every room
in Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import ssl
from collections.abc import Awaitable, Iterable, Sequence
from http import HTTPStatus
from typing import Any

import structlog
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response
from websockets.typing import Origin

from krig_runtime import process
from protocol.errors import CloseCode
from protocol.limits import MAX_CLIENT_FRAME
from protocol.version import SUBPROTOCOL, SUPPORTED_SUBPROTOCOLS
from server import addresses, metrics, web_assets
from server.config import Settings
from server.service.node import Node
from server.transport.connection import Connection, peer_address
from server.transport.inbox import OfferingConnection
from server.transport.routing import Router, RoutingConnection, connection_factory, home
from server.transport.siblings import Siblings, Slot

log = structlog.get_logger("krig.server")
SHUTDOWN_STEP_S = 3.0


async def waited_out(
    step: str,
    waits: Sequence[asyncio.Future[Any]],
    seconds: float,
    watched: Iterable[asyncio.Task[Any]] = (),
) -> None:
    """Wait at most ``seconds`` for ``waits``, then go on without them.

    Unlike ``asyncio.wait_for``, this never waits for a cancelled task to
    finish, so a task that is slow to give up cannot hold the shutdown. What
    is still running is logged with where it waits (``watched``: the tasks
    worth naming, when ``waits`` only stands for them).
    """
    if not waits:
        return
    done, pending = await asyncio.wait(waits, timeout=seconds)
    for fut in done:
        if not fut.cancelled():
            fut.exception()  # retrieved: a close that failed changes nothing now
    if not pending:
        return
    for fut in pending:
        fut.cancel()
    stuck = [t for t in watched if not t.done()] or [
        p for p in pending if isinstance(p, asyncio.Task)
    ]
    log.warning(
        "shutdown_step_waited_out",
        step=step,
        seconds=seconds,
        left=len(pending),
        waiting_in=[awaiting(t) for t in stuck[:5]],
    )


def awaiting(task: asyncio.Task[Any]) -> str:
    """Where a suspended task waits: its chain of coroutines, outermost first."""
    where: list[str] = []
    coro: Any = task.get_coro()
    while coro is not None and len(where) < 12:
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None)
        if frame is None:
            break
        where.append(f"{frame.f_code.co_qualname}:{frame.f_lineno}")
        coro = getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None)
    return " > ".join(where) or repr(task)


def log_tasks() -> None:
    """SIGUSR1: log every unfinished task and where it waits (a server that will not stop)."""
    tasks = [t for t in asyncio.all_tasks() if not t.done()]
    waiting_in = [f"{t.get_name()}: {awaiting(t)}" for t in tasks[:100]]
    log.warning("tasks", count=len(tasks), waiting_in=waiting_in)


def tls_context(settings: Settings) -> ssl.SSLContext | None:
    """With --tls-cert and --tls-key: https and wss on the port (None: plain http and ws)."""
    if not settings.tls_cert:
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(settings.tls_cert, settings.tls_key or None)
    return context


def allowed_origins(text: str) -> list[Origin | None] | None:
    """The Origin allow-list; a missing Origin (non-browser clients) always passes."""
    listed = [Origin(o.strip()) for o in text.split(",") if o.strip()]
    return [None, *listed] if listed else None


class App:
    def __init__(self, settings: Settings, node: Node, slot: Slot | None = None) -> None:
        self.settings = settings
        self.node = node
        self.siblings = Siblings(slot) if slot is not None else None
        self.router = Router(slot) if slot is not None and not settings.tls_cert else None
        """Hands a connection to its room's worker (not under TLS: the socket's TLS state
        would stay behind; such rooms' seats may be on two workers)."""
        """One worker of ``--workers N`` (server/workers.py): it shares the port with the
        others and answers ``/metrics`` for all of them."""
        self.draining = False
        """SIGTERM: /readyz answers 503 while the node goes on serving (``drain_s``)."""
        self.closing = False
        """The node is closing its clients: new handshakes are refused."""
        self.hurry: asyncio.Event | None = None
        """Set by a second SIGTERM or a SIGINT during the drain: stop now."""
        self.per_addr: dict[str, int] = {}
        tls = bool(settings.tls_cert)
        self.site = web_assets.Site(
            addresses.invite(settings.host, settings.port, tls, settings.public_url)
        )

    def process_request(
        self, conn: ServerConnection, request: Request
    ) -> Response | Awaitable[Response] | None:
        path = request.path.split("?", 1)[0]
        if path == "/healthz":
            return conn.respond(HTTPStatus.OK, "ok\n")
        if path == "/readyz":
            ready = self.node.ready and not self.draining
            if ready:
                return conn.respond(HTTPStatus.OK, "ready\n")
            return conn.respond(HTTPStatus.SERVICE_UNAVAILABLE, "not ready\n")
        if path == "/metrics":
            if self.siblings is not None:
                return self._all_metrics(conn)
            return _metrics_response(conn, metrics.exposition())
        if path != "/ws":
            page = self.site.lookup(path, request.headers.get("If-None-Match"))
            if page is None:
                return conn.respond(HTTPStatus.NOT_FOUND, "krig: the game is at /ws\n")
            status, headers, body = page
            response = conn.respond(status, "")
            response.body = body
            host = request.headers.get("Host", "localhost")
            response.headers = Headers(
                [
                    *headers,
                    ("Content-Length", str(len(body))),
                    *web_assets.security_headers(host),
                ]
            )
            return response
        if self.closing:
            return conn.respond(
                HTTPStatus.SERVICE_UNAVAILABLE, "krig: this server is shutting down\n"
            )
        limit = self.settings.max_conns_per_addr
        peer = peer_address(conn, self.settings.client_ip_header)
        if limit and self.per_addr.get(peer, 0) >= limit:
            log.warning("too_many_connections", peer=peer, limit=limit)
            return conn.respond(
                HTTPStatus.TOO_MANY_REQUESTS,
                f"krig: at most {limit} connections from one address\n",
            )
        offered = [
            p.strip()
            for value in request.headers.get_all("Sec-WebSocket-Protocol")
            for p in value.split(",")
        ]
        if not any(p in SUPPORTED_SUBPROTOCOLS for p in offered):
            return conn.respond(
                HTTPStatus.UPGRADE_REQUIRED,
                "krig: unsupported protocol; this server speaks "
                f"{', '.join(SUPPORTED_SUBPROTOCOLS)}\n",
            )
        return None

    async def _all_metrics(self, conn: ServerConnection) -> Response:
        assert self.siblings is not None
        return _metrics_response(conn, await self.siblings.exposition())

    async def handler(self, ws: ServerConnection) -> None:
        assert isinstance(ws, OfferingConnection)  # (``create_connection`` below)
        peer = peer_address(ws, self.settings.client_ip_header)
        self.per_addr[peer] = self.per_addr.get(peer, 0) + 1
        try:
            await Connection(self.node, ws).run()
        finally:
            left = self.per_addr.pop(peer) - 1
            if left:
                self.per_addr[peer] = left

    async def run(self, redis_url: str, stop: asyncio.Future[None] | None = None) -> None:
        """Start the node, serve until ``stop`` (None: SIGTERM or SIGINT), drain and close,
        then stop the node. ``redis_url``: what the log's ``listening`` line names."""
        s = self.settings
        node_id = self.node.id
        siblings = self.siblings
        loop = asyncio.get_running_loop()
        signals = stop is None
        received: list[signal.Signals] = []
        hurry = self.hurry = asyncio.Event()
        if stop is None:
            stop = loop.create_future()
            done = stop

            def on_signal(sig: signal.Signals) -> None:
                received.append(sig)
                if not done.done():
                    done.set_result(None)
                else:
                    hurry.set()  # a second signal while draining: stop now

            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, on_signal, sig)
            loop.add_signal_handler(signal.SIGUSR1, log_tasks)
        try:
            await self.node.start()
            router = self.router
            if siblings is not None and router is not None:
                await siblings.start(node_id)
                count, index = siblings.slot.count, siblings.slot.index
                self.node.entry.homed = lambda code: home(code, count) == index
                RoutingConnection.router = router
            server = await serve(
                self.handler,
                s.host,
                s.port,
                # Flips taken from the socket (inbox.py); a worker's connections may first
                # be handed to their room's home worker (routing.py).
                create_connection=OfferingConnection if router is None else RoutingConnection,
                subprotocols=[SUBPROTOCOL],  # type: ignore[list-item]
                process_request=self.process_request,
                compression=None,
                max_size=MAX_CLIENT_FRAME,
                origins=allowed_origins(s.allowed_origins),
                open_timeout=s.open_timeout_s,
                ping_interval=s.heartbeat_s,
                ping_timeout=s.heartbeat_s,
                close_timeout=2,
                server_header="krig",
                reuse_port=siblings is not None,  # the workers share the port (SO_REUSEPORT)
                ssl=tls_context(s),
            )
            if router is not None:
                router.start(connection_factory(server))
            try:
                tls = bool(s.tls_cert)
                where = f"{'wss' if tls else 'ws'}://{s.host}:{s.port}/ws"
                log.info(
                    "listening", url=where, redis=redis_url, node=node_id, loop=process.loop_name()
                )
                lines = addresses.listening_lines(s.host, s.port, tls, s.public_url)
                print("\n".join(lines), flush=True)
                await stop
                self.draining = True
                if received[:1] == [signal.SIGTERM] and s.drain_s > 0:
                    # Still serving, and still letting players in, while /readyz says
                    # 503: a load balancer's health check takes the node out first.
                    log.info("draining", seconds=s.drain_s, connections=len(server.connections))
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(hurry.wait(), s.drain_s)
                self.closing = True
                log.info("closing", connections=len(server.connections))
                closing = [
                    asyncio.ensure_future(
                        ws.close(CloseCode.SERVICE_RESTART, "server restarting; reconnect")
                    )
                    for ws in list(server.connections)
                ]
                # Bounded: a peer that never answers the closing handshake must not
                # keep the process alive (an orchestrator would SIGKILL it).
                await waited_out("closing", closing, SHUTDOWN_STEP_S)
            finally:
                # Not websockets' own exit (``async with serve``): it waits for every
                # connection handler without a bound.
                server.close(close_connections=True)
                await waited_out(
                    "connection_handlers",
                    [asyncio.ensure_future(server.wait_closed())],
                    SHUTDOWN_STEP_S,
                    getattr(server, "handler_tasks", ()),
                )
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.node.forget_me(), SHUTDOWN_STEP_S)
        finally:
            if siblings is not None:
                await siblings.close()
            if self.router is not None:
                self.router.close()
            await self.node.stop(SHUTDOWN_STEP_S)
            log.info("stopped", node=node_id)
            if signals:
                _ignore_from_now(loop, {signal.SIGTERM, signal.SIGINT})


def _metrics_response(conn: ServerConnection, body: bytes) -> Response:
    response = conn.respond(HTTPStatus.OK, "")
    response.body = body
    response.headers = Headers(
        [
            ("Content-Type", "text/plain; version=0.0.4; charset=utf-8"),
            ("Content-Length", str(len(body))),
        ]
    )
    return response


def _ignore_from_now(loop: asyncio.AbstractEventLoop, signals: set[signal.Signals]) -> None:
    """Stopped: a further SIGTERM or SIGINT is ignored until the process exits.

    Once the loop is closed its handlers are gone, and a signal would take the
    default action: a second SIGTERM (an orchestrator, or an impatient
    operator) arriving in the last milliseconds before exit turned a clean
    stop into death by signal (exit -15). Blocked while the handlers are
    swapped, so none slips in between.
    """
    signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    try:
        for sig in signals:
            loop.remove_signal_handler(sig)
            signal.signal(sig, signal.SIG_IGN)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, signals)
