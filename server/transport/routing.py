"""A room's players on one worker of ``--workers N``: a connection handed to the room's home.

The kernel spreads the connections to the shared port over the workers
(``SO_REUSEPORT``) with no idea of rooms, so the two seats of a room land on
two workers half the time with two. Each worker is a node, so that works,
but it costs: each node commits its own seat's flips (two commits a step,
not one), publishes them to the other, and delivers the other's (measured:
docs/PERFORMANCE.md). So every room has a home worker, ``home(code)``: a
new room is given a code homed at the worker that creates it
(``Entry.homed``), and a client that knows the room it is going to puts it
in the URL (``/ws?room=CODE``: ``krig join``, a resume, ``krig load``'s
joining seats). The worker that accepts such a connection reads only the
HTTP request line, and if the room's home is another worker, it passes the
socket itself (``SCM_RIGHTS`` over a Unix datagram socket in the
supervisor's directory) with the bytes read so far to that worker, which
goes on with the handshake as if it had accepted the connection. The
client sees nothing. A home worker that is not there (restarting) means the
connection is served where it landed, as without a hint.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import os
import socket
import zlib
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import structlog
from websockets.asyncio.server import Server, ServerConnection

from server.rooms.codes import normalize
from server.transport.inbox import OfferingConnection
from server.transport.siblings import Slot

log = structlog.get_logger("krig.workers")

MAX_REQUEST = 16 << 10
"""Bytes of a first read passed on with its socket (a handshake's request is well under)."""


def home(code: str, count: int) -> int:
    """The worker a room's players are served by (stable: the code alone decides)."""
    return zlib.crc32(code.encode()) % count


def hinted_room(data: bytes) -> str | None:
    """The room named by ``?room=CODE`` in an HTTP request's first line, if any."""
    if not data.startswith(b"GET "):
        return None
    end = data.find(b"\r\n", 0, MAX_REQUEST)
    if end < 0:
        return None
    parts = data[:end].split(b" ")
    if len(parts) != 3 or b"?" not in parts[1]:
        return None
    query = parts[1].split(b"?", 1)[1].decode("latin-1")
    values = parse_qs(query).get("room")
    return normalize(values[0]) if values else None


def connection_factory(server: Server) -> Callable[[], ServerConnection]:
    """websockets' connection factory of ``server``: what its listening socket calls for
    each connection it accepts, for the connections handed here. asyncio's server keeps
    it (``_protocol_factory``), uvloop's does not; websockets' ``create_server``
    closure holds it on every loop (the websockets pyproject.toml pins)."""
    made = server.create_server
    cells = dict(zip(made.__code__.co_freevars, made.__closure__ or (), strict=True))
    factory: Callable[[], ServerConnection] = cells["protocol_factory"].cell_contents
    return factory


class Router:
    """This worker's side: hand connections to their room's home; take those handed here."""

    def __init__(self, slot: Slot) -> None:
        self.slot = slot
        self.factory: Callable[[], ServerConnection] | None = None
        """websockets' connection factory of this worker's server (set once it serves)."""
        self._out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._out.setblocking(False)
        self._in: socket.socket | None = None
        self.handed = 0
        self.taken = 0

    def path(self, index: int) -> str:
        return str(self.slot.socket_path(index).with_name(f"h{index}.sock"))

    def start(self, factory: Callable[[], ServerConnection]) -> None:
        self.factory = factory
        path = self.path(self.slot.index)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(path)
        sock.setblocking(False)
        self._in = sock
        asyncio.get_running_loop().add_reader(sock.fileno(), self._take)

    def close(self) -> None:
        if self._in is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self._in.fileno())
            self._in.close()
            self._in = None
        self._out.close()

    def hand_off(self, conn: ServerConnection, data: bytes) -> bool:
        """Pass ``conn``'s socket to its room's home worker (True), or keep it here."""
        code = hinted_room(data)
        if code is None:
            return False
        target = home(code, self.slot.count)
        if target == self.slot.index or len(data) > MAX_REQUEST:
            return False
        sock = conn.transport.get_extra_info("socket")
        if sock is None:
            return False
        try:
            # (socket.send_fds drops its address in Python 3.11: sendmsg itself)
            rights = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [sock.fileno()]))]
            self._out.sendmsg([data], rights, 0, self.path(target))
        except OSError as exc:
            log.debug("handoff_refused", to=target, error=str(exc))
            return False  # no worker there now (restarting), or its queue is full
        self.handed += 1
        conn.transport.abort()  # our descriptor only: the socket lives on at the home worker
        return True

    def _take(self) -> None:
        assert self._in is not None
        while True:
            try:
                data, fds, _, _ = socket.recv_fds(self._in, MAX_REQUEST, 1)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                log.warning("handoff_receive_failed", error=str(exc))
                return
            for fd in fds:
                sock = socket.socket(fileno=fd)
                sock.setblocking(False)
                self.taken += 1
                asyncio.get_running_loop().create_task(self._adopt(sock, data))

    async def _adopt(self, sock: socket.socket, data: bytes) -> None:
        """Serve a connection another worker accepted, from the bytes it had read."""
        assert self.factory is not None
        factory = self.factory

        def made() -> ServerConnection:
            conn = factory()
            plain = conn.connection_made

            def connection_made(transport: Any) -> None:
                plain(transport)
                del conn.connection_made
                conn.data_received(data)  # before the transport reads: it starts after this

            conn.connection_made = connection_made  # type: ignore[method-assign]
            return conn

        try:
            await asyncio.get_running_loop().connect_accepted_socket(made, sock)
        except OSError:
            sock.close()


class RoutingConnection(OfferingConnection):
    """An accepted connection that may be handed to another worker on its first read; from
    then on an :class:`OfferingConnection` (its class is swapped: no cost on later reads)."""

    __slots__ = ()
    router: Router | None = None

    def data_received(self, data: bytes) -> None:
        self.__class__ = OfferingConnection  # type: ignore[assignment]
        router = RoutingConnection.router
        if router is not None and router.hand_off(self, data):
            return
        self.data_received(data)
