"""The parts of websockets' insides that server.transport relies on are still there.

krig's inbox takes flips straight from ``Connection.process_event`` and its
outbox writes frames into ``Protocol.writes``: neither is public API. They
are checked here on a live connection, by name and kind, so that a websockets
release that moves one fails this test loudly (with what moved) instead of
the server failing quietly. pyproject.toml pins websockets to the versions
tested; widen the pin only with this test passing.
"""

from __future__ import annotations

import asyncio
import inspect
from importlib.metadata import version

from websockets.asyncio.client import connect
from websockets.asyncio.connection import Connection
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.frames import Frame, Opcode
from websockets.protocol import Protocol, State

from server.store.embedded import free_port
from server.transport.inbox import OfferingConnection

TESTED = ("17.4",)
"""The websockets releases (major.minor) krig is tested with (pyproject.toml's pin)."""


def _moved(what: str) -> str:
    return f"websockets {version('websockets')} moved {what}: server/transport relies on it"


def test_the_installed_websockets_is_a_tested_release() -> None:
    major_minor = ".".join(version("websockets").split(".")[:2])
    assert major_minor in TESTED, _moved(f"(untested release; tested: {', '.join(TESTED)})")


def test_the_overridden_methods_have_the_signatures_krig_overrides() -> None:
    for cls, name, params in (
        (Connection, "process_event", ["self", "event"]),
        (Connection, "recv", ["self", "decode"]),
        (Connection, "close", ["self", "code", "reason"]),
        (Connection, "send_data", ["self"]),
        (Protocol, "data_to_send", ["self"]),
        (Protocol, "send_binary", ["self", "data", "fin"]),
    ):
        method = getattr(cls, name, None)
        assert callable(method), _moved(f"{cls.__name__}.{name}")
        assert list(inspect.signature(method).parameters) == params, _moved(
            f"the parameters of {cls.__name__}.{name}"
        )
    assert issubclass(OfferingConnection, ServerConnection)
    assert {"BINARY", "TEXT", "CONT"} <= set(Opcode.__members__), _moved("Opcode")
    assert {"data", "fin", "opcode"} <= set(inspect.signature(Frame).parameters), _moved("Frame")


async def test_a_live_connection_has_the_attributes_krig_writes_through() -> None:
    seen: asyncio.Future[ServerConnection] = asyncio.get_running_loop().create_future()
    release = asyncio.Event()

    async def handler(ws: ServerConnection) -> None:
        seen.set_result(ws)
        await release.wait()

    port = free_port()
    server: Server = await serve(handler, "127.0.0.1", port, create_connection=OfferingConnection)
    try:
        async with connect(f"ws://127.0.0.1:{port}"):
            ws = await asyncio.wait_for(seen, 5)
            protocol = ws.protocol
            assert isinstance(protocol.writes, list), _moved("Protocol.writes")
            assert isinstance(protocol.extensions, list), _moved("Protocol.extensions")
            assert protocol.expect_continuation_frame is False, _moved(
                "Protocol.expect_continuation_frame"
            )
            assert protocol.state is State.OPEN, _moved("Protocol.state")
            assert hasattr(ws, "send_in_progress"), _moved("Connection.send_in_progress")
            assert ws.send_in_progress is None
            assert ws.transport is not None, _moved("Connection.transport")
            assert isinstance(server.handler_tasks, set), _moved("Server.handler_tasks")
            release.set()
    finally:
        server.close()
        await server.wait_closed()
