"""A loopback TCP proxy for fault injection: pass, delay, cut or black-hole traffic.

``blackhole`` models a half-open connection: both sockets stay open but no
byte is forwarded in either direction (a peer's network vanished without a
FIN or RST). ``cut`` resets every current connection.
"""

from __future__ import annotations

import asyncio
import contextlib

from server.store.embedded import free_port


class TcpProxy:
    def __init__(self, target_port: int, target_host: str = "127.0.0.1") -> None:
        self.target = (target_host, target_port)
        self.port = free_port()
        self.delay_s = 0.0
        self.blackholed = False
        self._server: asyncio.Server | None = None
        self._pairs: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = []
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> TcpProxy:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", self.port)
        return self

    def url(self, path: str = "/ws") -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self._pairs.append((writer, up_writer))
        for src, dst in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.get_running_loop().create_task(self._pump(src, dst))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pump(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        try:
            while data := await src.read(65536):
                if self.delay_s:
                    await asyncio.sleep(self.delay_s)
                while self.blackholed:
                    await asyncio.sleep(0.05)  # hold the bytes; forward nothing
                dst.write(data)
                await dst.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            if not self.blackholed:
                dst.close()

    def cut(self) -> None:
        """Reset every connection through the proxy now."""
        for a, b in self._pairs:
            for w in (a, b):
                w.transport.abort()
        self._pairs.clear()

    async def close(self) -> None:
        self.blackholed = False
        self.cut()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await self._server.wait_closed()
        for task in list(self._tasks):
            task.cancel()
