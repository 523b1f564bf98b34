"""A websockets client connection that hands each message to a callback as it is parsed.

websockets' own reading path queues each message and wakes a reader task to
take it (``async for message in ws``): a queue, a wake-up and a task switch
per frame. A session applies every frame to its table at once anyway, so
here the frame goes to the session's callback straight from the socket's
``data_received``; only the connection's life (``wait_closed``) needs a task.
Pings, pongs and the closing handshake are websockets' as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.frames import Frame, Opcode
from websockets.protocol import Event, State

FrameHandler = Callable[[bytes], None]


class FrameConnection(ClientConnection):
    """``on_frame`` (once set) gets every binary message; text messages are dropped."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.on_frame: FrameHandler | None = None
        self._parts: list[bytes] | None = None
        """A fragmented binary message being put together (krig servers never fragment)."""

    def process_event(self, event: Event) -> None:
        handler = self.on_frame
        if handler is None or self.response is None or not isinstance(event, Frame):
            super().process_event(event)
            return
        opcode = event.opcode
        if opcode is Opcode.BINARY:
            if event.fin:
                handler(bytes(event.data))
            else:
                self._parts = [bytes(event.data)]
        elif opcode is Opcode.CONT:
            if self._parts is not None:
                self._parts.append(bytes(event.data))
                if event.fin:
                    data, self._parts = b"".join(self._parts), None
                    handler(data)
        elif opcode is Opcode.TEXT:
            self._parts = None  # not part of the protocol: dropped, with its fragments
        else:
            super().process_event(event)  # control frames: pong acknowledgements

    def send_now(self, frame: bytes) -> bool:
        """Write ``frame`` at once, without awaiting (False: the connection is not open).

        What ``websockets.broadcast`` does: no wait for the write buffer to
        drain, which a session sending one small action at a time never needs.
        """
        if self.protocol.state is not State.OPEN or self.send_in_progress is not None:
            return False
        self.protocol.send_binary(frame)
        self.send_data()
        return True
