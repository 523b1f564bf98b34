"""Frames to clients, queued per connection and written once per event-loop turn.

A flip makes several frames for the same socket within one turn of the
loop: the seat's ``acted`` event and its ``ack``; a reveal, the trick's end
and a hand. Written one by one, each was a ``send`` system call on the
server and a wake-up and a read on the client; queued and written together
at the end of the turn they cost one of each. Order is kept: frames go into
the websockets protocol's buffer at once, so anything websockets itself
writes in between (a pong, a close) carries them out first, in order.
"""

from __future__ import annotations

import asyncio
import struct

import structlog
from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

log = structlog.get_logger("krig.outbox")

_queued: set[ServerConnection] = set()
"""Connections with frames waiting for this turn's flush."""


def wire_frame(message: bytes) -> bytes:
    """``message`` as a server writes it: one unmasked binary frame, no extension.

    The same bytes go to every client, so a room's broadcast is framed once
    (``send_frames``' ``wire``), not once per member by websockets.
    """
    n = len(message)
    if n < 126:
        head = bytes((0x82, n))
    elif n < 65536:
        head = struct.pack("!BBH", 0x82, 126, n)
    else:
        head = struct.pack("!BBQ", 0x82, 127, n)
    return head + message


def send_frames(ws: ServerConnection, frames: list[bytes], wire: list[bytes] | None = None) -> None:
    """Queue ``frames`` for ``ws``; they are written together before the loop next waits.

    Each frame is framed by ``wire_frame`` (``wire``: already framed) and put
    in websockets' output as its ``send_binary`` would put it (a connection
    with an extension, which krig never negotiates, is framed by websockets).
    Like ``websockets.broadcast``: a connection that is not open (or is in
    the middle of a fragmented message, which krig never sends) is skipped,
    and a failure is logged, never raised.
    """
    if ws.protocol.state is not State.OPEN or ws.send_in_progress is not None:
        return
    try:
        protocol = ws.protocol
        if protocol.extensions or protocol.expect_continuation_frame:
            for frame in frames:
                protocol.send_binary(frame)
        else:
            protocol.writes.extend(wire if wire is not None else [wire_frame(f) for f in frames])
    except Exception as exc:
        log.warning("send_failed", error=repr(exc))
        return
    if ws not in _queued:
        _queued.add(ws)
        asyncio.get_running_loop().call_soon(_flush, ws)


def _flush(ws: ServerConnection) -> None:
    _queued.discard(ws)
    try:
        if ws.protocol.state is not State.OPEN:
            ws.send_data()  # closing: websockets writes what is left its own way
            return
        data = ws.protocol.data_to_send()
        if data:  # (empty: websockets wrote them already, with something of its own)
            ws.transport.write(data[0] if len(data) == 1 else b"".join(data))
    except Exception as exc:
        log.warning("send_failed", error=repr(exc))
