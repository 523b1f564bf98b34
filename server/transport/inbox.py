"""A websockets server connection that offers each whole binary message to a callback.

websockets' own reading path queues each message and wakes the handler's
task to take it (``async for message in ws``): a queue, a wake-up and a
task switch per frame, then one more wake-up when the handler's ``await``
on the flip's commit returns. A flip needs neither: it is committed with
its step's other flips by ``Batcher.play_together`` and answered from there.
So the handler may take a message straight from the socket's
``data_received`` (``offer`` returns True); any message it declines goes to
websockets' queue as before, with its flow control, and the handler reads
it with ``recv``. ``waiting`` counts the messages in that queue, so an
offer can be declined while one is ahead of it: messages are handled in
the order they arrived. Text messages, fragmented messages and control
frames always take websockets' path.

It also holds the connection's ``bundle``: the messages for a client that
asked for bundled frames, collected in a turn by ``server.transport.outbox``.
And it is the room service's :class:`~server.service.sink.Sink` for its
client: ``put`` queues frames in the outbox, ``shut`` closes it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Literal, overload

from websockets.asyncio.server import ServerConnection
from websockets.frames import CloseCode, Frame, Opcode
from websockets.protocol import Event
from websockets.typing import Data

from server.transport import outbox

Offer = Callable[[bytes], bool]
"""Takes a whole binary message now (True), or declines it to the queue (False)."""
_closing: set[asyncio.Task[None]] = set()
"""Closes started by ``shut`` (kept referenced until done)."""


class OfferingConnection(ServerConnection):
    """``offer`` (once set) sees each whole binary message before websockets' queue does."""

    # Slots, not instance attributes: websockets' own fill the instance's
    # dict, and a third attribute of ours in it cost each idle connection 1.3
    # KiB (18.8-19.0 against 17.5-17.7 KiB, 10,000 idle connections on a
    # fresh server, `python -m bench.clients idle URL 10000 8`; the order of the first two
    # mattered as much).
    __slots__ = ("bundle", "offer", "waiting")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.offer: Offer | None = None
        self.waiting = 0
        """Messages put in websockets' queue and not yet taken by ``recv``."""
        self.bundle: list[bytes] | None = None
        """Messages to send at the end of this turn in one frame (None: not bundling)."""
        super().__init__(*args, **kwargs)

    # ------------------------------------------------ the service's Sink

    put = outbox.send_frames
    """Queue frames for this client (``outbox.send_frames``, called as a method: no
    layer in between on the hot path)."""

    @property
    def bundling(self) -> bool:
        """The client asked for bundles: its frames are built at the turn's end."""
        return self.bundle is not None

    def shut(self, code: int, reason: str) -> None:
        """Close (after what was queued) without waiting for the closing handshake."""
        task = self.loop.create_task(self.close(code, reason))
        _closing.add(task)
        task.add_done_callback(_closing.discard)

    async def close(self, code: int = CloseCode.NORMAL_CLOSURE, reason: str = "") -> None:
        """As websockets', after the messages bundled so far (they go before the close)."""
        outbox.release(self)
        await super().close(code, reason)

    def process_event(self, event: Event) -> None:
        if self.request is not None and isinstance(event, Frame):
            opcode = event.opcode
            if opcode is Opcode.BINARY or opcode is Opcode.TEXT:
                offer = self.offer
                if (
                    offer is not None
                    and opcode is Opcode.BINARY
                    and event.fin
                    and not self.waiting
                    and offer(bytes(event.data))
                ):
                    return
                self.waiting += 1  # a message starts (a fragmented one ends with its CONT frames)
        super().process_event(event)

    @overload
    async def recv(self, decode: Literal[True]) -> str: ...

    @overload
    async def recv(self, decode: Literal[False]) -> bytes: ...

    @overload
    async def recv(self, decode: bool | None = None) -> Data: ...

    async def recv(self, decode: bool | None = None) -> Data:
        """As websockets' (``async for`` uses it too); ``recv_streaming`` would not count."""
        message = await super().recv(decode)
        self.waiting -= 1
        return message
