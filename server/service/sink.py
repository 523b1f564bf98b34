"""Where a member's messages go: the service's one view of a client connection.

The room service and its delivery never hold a socket. A member of a room
is a :class:`Sink`: encoded messages go in, in order, and the sink may be
closed with a close code and a reason. The transport implements it
(``server.transport.inbox.OfferingConnection``: frames queued and written
once per loop turn); a test or a simulation may put anything there that
keeps the same promise.

A broadcast's frames are the same bytes for every member, so the service
frames them once per update with the transport's :data:`Framer` and hands
every sink that wants them (``bundling`` False) the framed copies too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from msgspec import Struct

from protocol.codec import encode

Framer = Callable[[bytes], bytes]
"""An encoded message as the transport writes it (a WebSocket frame): the same bytes for
every sink, so a room's broadcast is framed once (``LocalDelivery``'s ``frame``)."""


class Sink(Protocol):
    """One member's connection: messages in, in order; a close."""

    @property
    def bundling(self) -> bool:
        """Whether the sink frames what it is sent itself (then ``put`` gets no ``wire``)."""
        ...

    def put(self, frames: list[bytes], wire: list[bytes] | None = None) -> None:
        """Queue encoded messages, after everything queued before; never raises.

        ``wire``: the same messages, each already framed by the transport's
        :data:`Framer` (None: the sink frames them). A sink that is closed
        drops them.
        """
        ...

    def shut(self, code: int, reason: str) -> None:
        """Close the connection with ``code`` and ``reason``, after what was queued."""
        ...


def send_msg(sink: Sink, message: Struct) -> None:
    """Queue one message now, in order with room broadcasts (no await between them)."""
    sink.put([encode(message)])


class Held:
    """A sink that keeps what it is put until :meth:`release` (the lobby's changes that
    come while a ``watch_lobby``'s list is read: sent after the list, never before it,
    so an older list never hides a newer change)."""

    bundling = True

    def __init__(self) -> None:
        self._frames: list[bytes] = []

    def put(self, frames: list[bytes], wire: list[bytes] | None = None) -> None:
        self._frames.extend(frames)

    def shut(self, code: int, reason: str) -> None:
        pass  # (nothing to close: the connection behind it is closed by its own path)

    def release(self, sink: Sink) -> None:
        """Put everything held into ``sink``, in order."""
        if self._frames:
            sink.put(self._frames)
        self._frames = []
