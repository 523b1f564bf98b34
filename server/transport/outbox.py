"""Frames to clients, queued per connection and written once per event-loop turn.

A flip makes several frames for the same socket within one turn of the
loop: the seat's ``acted`` event and its ``ack``; a reveal, the trick's end
and a hand. Written one by one, each was a ``send`` system call on the
server and a wake-up and a read on the client; queued and written together
at the end of the turn they cost one of each. Order is kept: frames go into
the websockets protocol's buffer at once, so anything websockets itself
writes in between (a pong, a close) carries them out first, in order.

A client that asked for bundles (hello ``bundle``, PROTOCOL.md §2a) gets the
messages of a turn in one frame instead: a msgpack array of them, built at
the end of the turn (``release``). One frame instead of a step's four to
seven is one parse and one wake-up of the client's WebSocket stack instead
of several. Its connection's ``close`` releases the bundle first, so a
message sent before a close still goes out before it.
"""

from __future__ import annotations

import asyncio
import struct

import structlog
from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

from protocol.limits import MAX_BUNDLE

log = structlog.get_logger("krig.outbox")


class _Turn:
    """The connections with frames waiting for this turn's flush, in the order they
    were queued, and the loop their one flush is scheduled on."""

    __slots__ = ("flush_on", "queued")

    def __init__(self) -> None:
        self.queued: dict[ServerConnection, None] = {}
        self.flush_on: asyncio.AbstractEventLoop | None = None


_turn = _Turn()


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


def _array_head(n: int) -> bytes:
    if n < 16:
        return bytes((0x90 | n,))
    return struct.pack("!BH", 0xDC, n)  # (a bundle under 64 KiB has fewer than 65536)


def bundled(messages: list[bytes]) -> list[bytes]:
    """``messages`` (encoded, in order) as the payloads of as few frames as
    ``MAX_BUNDLE`` allows: each an array of messages, or one message alone."""
    payloads: list[bytes] = []
    group: list[bytes] = []
    size = 0
    for message in messages:
        if group and size + len(message) > MAX_BUNDLE - 5:  # (5: the array's head)
            payloads.append(_payload(group))
            group, size = [], 0
        group.append(message)
        size += len(message)
    if group:
        payloads.append(_payload(group))
    return payloads


def _payload(group: list[bytes]) -> bytes:
    return group[0] if len(group) == 1 else _array_head(len(group)) + b"".join(group)


def _put(ws: ServerConnection, payloads: list[bytes], wire: list[bytes] | None) -> None:
    """Into websockets' output, as its ``send_binary`` would put them."""
    protocol = ws.protocol
    if protocol.extensions or protocol.expect_continuation_frame:
        for payload in payloads:
            protocol.send_binary(payload)
    else:
        protocol.writes.extend(wire if wire is not None else [wire_frame(p) for p in payloads])


def send_frames(ws: ServerConnection, frames: list[bytes], wire: list[bytes] | None = None) -> None:
    """Queue ``frames`` for ``ws``; they are written together before the loop next waits.

    Each frame is framed by ``wire_frame`` (``wire``: already framed) and put
    in websockets' output as its ``send_binary`` would put it (a connection
    with an extension, which krig never negotiates, is framed by websockets).
    A connection whose ``bundle`` is a list (its client asked for bundles)
    collects them there instead, for ``release`` at the end of the turn.
    Like ``websockets.broadcast``: a connection that is not open (or is in
    the middle of a fragmented message, which krig never sends) is skipped,
    and a failure is logged, never raised.
    """
    if ws.protocol.state is not State.OPEN or ws.send_in_progress is not None:
        return
    bundle: list[bytes] | None = getattr(ws, "bundle", None)
    if bundle is not None:
        bundle.extend(frames)
    else:
        try:
            _put(ws, frames, wire)
        except Exception as exc:
            log.warning("send_failed", error=repr(exc))
            return
    turn = _turn
    if ws not in turn.queued:
        turn.queued[ws] = None
        if turn.flush_on is not ws.loop:  # (a loop that stopped with a flush pending: ignored)
            turn.flush_on = ws.loop
            ws.loop.call_soon(_flush_queued)


def release(ws: ServerConnection) -> None:
    """Put the messages bundled for ``ws`` in websockets' output as frames, now."""
    bundle: list[bytes] | None = getattr(ws, "bundle", None)
    if not bundle:
        return
    try:
        if ws.protocol.state is State.OPEN:
            _put(ws, bundled(bundle), None)  # (the payloads hold no reference to the list)
    except Exception as exc:  # (as send_frames: logged, never raised)
        log.warning("send_failed", error=repr(exc))
    finally:
        bundle.clear()


def _flush_queued() -> None:
    """Write what every connection queued in the turn: one callback a turn, not one each."""
    turn = _turn
    turn.flush_on = None
    queued = list(turn.queued)
    turn.queued.clear()
    for ws in queued:
        _flush(ws)


def _flush(ws: ServerConnection) -> None:
    try:
        if ws.protocol.state is not State.OPEN:
            bundle: list[bytes] | None = getattr(ws, "bundle", None)
            if bundle:
                bundle.clear()  # (as send_frames skips a connection no longer open)
            ws.send_data()  # closing: websockets writes what is left its own way
            return
        release(ws)
        data = ws.protocol.data_to_send()
        if data:  # (empty: websockets wrote them already, with something of its own)
            ws.transport.write(data[0] if len(data) == 1 else b"".join(data))
    except Exception as exc:
        log.warning("send_failed", error=repr(exc))
