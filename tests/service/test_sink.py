"""The sinks a node's messages go into: a held one (a lobby watcher while its list is read)."""

from __future__ import annotations

from protocol import messages as m
from protocol.codec import decode_server, encode
from protocol.structures import RoomSummary
from server.config import Settings
from server.service.node import Node
from server.service.sink import Held, send_msg


class Kept:
    """A connection's sink that keeps what it is put, in order."""

    bundling = True

    def __init__(self) -> None:
        self.frames: list[bytes] = []

    def put(self, frames: list[bytes], wire: list[bytes] | None = None) -> None:
        self.frames.extend(frames)

    def shut(self, code: int, reason: str) -> None:
        raise AssertionError(f"closed: {code} {reason}")


def _room(code: str) -> m.LobbyRoom:
    return m.LobbyRoom(
        room=RoomSummary(
            code=code, preset="classic", players=2, taken=1, state="lobby", spectators=0, rules={}
        ),
        gone=False,
    )


def test_a_lobby_change_while_the_list_is_read_comes_after_the_list() -> None:
    """A watch_lobby's list is read after its watcher is registered (nothing is missed);
    a change that comes while it is read is held and sent after it, as the connection
    does (server.transport.connection), so an older list never hides a newer change
    (CI saw a page's lobby miss a room created just as it asked)."""
    node = Node(Settings(redis_url="redis://127.0.0.1:1"), "heldnode")
    ws = Kept()
    held = Held()
    node.watch_lobby("c1", held)
    node.delivery.lobby_changed(encode(_room("AAA-AAA")))  # (while the list is on the way)
    send_msg(ws, m.Lobby(id=1, rooms=[]))  # (the list, read before that room was listed)
    held.release(ws)
    node.watch_lobby("c1", ws, instead_of=held)
    node.delivery.lobby_changed(encode(_room("BBB-BBB")))
    got = [decode_server(f) for f in ws.frames]
    assert got == [m.Lobby(id=1, rooms=[]), _room("AAA-AAA"), _room("BBB-BBB")]
    held.release(ws)  # (released once: nothing twice)
    assert len(ws.frames) == 3


def test_a_connection_that_stopped_watching_while_its_list_was_read_is_not_watched_again() -> None:
    node = Node(Settings(redis_url="redis://127.0.0.1:1"), "heldnode2")
    held = Held()
    node.watch_lobby("c2", held)
    node.watch_lobby("c2", None)  # (the connection closed meanwhile)
    node.watch_lobby("c2", Kept(), instead_of=held)
    assert "c2" not in node.delivery.lobby_watchers
