"""A connection's first message: the client's ``hello``, read, checked and answered.

The first frame must be a ``hello`` in this server's protocol version, within
``hello_timeout_s``; its token, if any, must name a live session. Anything else
closes the connection with the close code the protocol gives for it
(protocol/PROTOCOL.md). What the player then sees of its room is
:class:`server.transport.member.Member`'s.
"""

from __future__ import annotations

import asyncio

from protocol import messages as m
from protocol.codec import ProtocolError, decode_client
from protocol.errors import CloseCode, ErrorCode
from protocol.limits import MAX_CLIENT_FRAME
from protocol.version import MAJOR
from server.service.node import Node
from server.store.store import Player
from server.transport.inbox import OfferingConnection


class BadHello(Exception):
    """The hello is refused: the error to send, then the code to close with."""

    def __init__(self, action_id: int | None, code: ErrorCode, message: str, close: int) -> None:
        super().__init__(message)
        self.action_id = action_id
        self.code = code
        self.message = message
        self.close = close


async def read_hello(ws: OfferingConnection, timeout_s: float) -> m.Hello:
    """The client's hello, or :class:`BadHello`."""
    try:
        frame = await asyncio.wait_for(ws.recv(), timeout_s)
    except TimeoutError:
        raise BadHello(
            None, ErrorCode.HELLO_FIRST, "send hello first", CloseCode.BAD_HELLO
        ) from None
    try:
        hello = decode_client(frame)
    except ProtocolError as exc:
        raise BadHello(exc.action_id, exc.code, exc.message, CloseCode.BAD_HELLO) from None
    if not isinstance(hello, m.Hello):
        raise BadHello(
            getattr(hello, "id", None), ErrorCode.HELLO_FIRST,
            "the first message must be hello", CloseCode.BAD_HELLO,
        )  # fmt: skip
    if hello.v != MAJOR:
        raise BadHello(
            None, ErrorCode.UNSUPPORTED_VERSION,
            f"this server speaks protocol version {MAJOR}, not {hello.v}",
            CloseCode.UNSUPPORTED_VERSION,
        )  # fmt: skip
    return hello


async def player_of(node: Node, hello: m.Hello) -> tuple[Player, str, bool]:
    """(player, session token, resumed): the session the token names, or a new one."""
    if hello.token is None:
        player, token = await node.new_player(hello.name)
        return player, token, False
    found = await node.resume(hello.token)
    if found is None:
        raise BadHello(
            None, ErrorCode.BAD_SESSION,
            "that session token is not valid (expired, or already used to resume)",
            CloseCode.BAD_HELLO,
        )  # fmt: skip
    player, token = found
    return player, token, True


def welcome(
    node: Node, token: str, player: str, resumed: bool, room: str | None, seat: int | None,
    bundle: bool,
) -> m.Welcome:  # fmt: skip
    return m.Welcome(
        v=MAJOR,
        session=token,
        player=player,
        resumed=resumed,
        room=room,
        seat=seat,
        heartbeat_s=node.settings.heartbeat_s,
        max_frame=MAX_CLIENT_FRAME,
        bundle=bundle,
    )
