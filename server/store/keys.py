"""Every Redis key and channel krig uses, in one catalogue.

One room's keys share the hash tag ``{CODE}``, so a Redis Cluster keeps them
in one slot and the commit script touches one slot:

- ``krig:{CODE}:room``  hash ``v`` version, ``s`` last sequence number, ``b`` record blob
- ``krig:{CODE}:log``   list of the room's last events, as encoded frames
- ``krig:{CODE}:tail``  list of the steps of play committed since ``b`` was
  written (encoded StepEntry); the room is ``b`` with them applied
- ``krig:{CODE}:ev``    pub/sub channel: one RoomUpdate per commit (when a node
  other than the committing one listens)
- ``krig:{CODE}:record:N`` a finished game's record (its events are rebuilt
  from the deal and the inputs when it is read: ``server.rooms.replay``)

Players, nodes, timers and the lobby:

- ``krig:player:ID``    hash ``tok`` (sha256 of the secret), ``name``, ``room``
- ``krig:nodes``        zset of server nodes by last heartbeat (ms)
- ``krig:formats``      hash node -> the store format it reads and writes
- ``krig:node:ID:rooms`` set of rooms with a seat connected through that node
- ``krig:node:ID:ctl``  the node's control channel (its subscription's heartbeat)
- ``krig:due``          zset of rooms by when they need an automatic move (ms)
- ``krig:lobby``        hash code -> encoded RoomSummary of public rooms
- ``krig:lobby:ev``     pub/sub channel: a LobbyRoom frame per change of a public room

Quick-join and the per-address limits:

- ``krig:quick:PRESET:N``       the public room being filled for a quick game (a code)
- ``krig:quick:PRESET:N:lock``  held while one connection opens the next such room
- ``krig:guess:ADDRESS``        unknown room codes tried in the current minute
- ``krig:creates:ADDRESS``      rooms opened in the current minute
"""

from __future__ import annotations


def room_key(code: str) -> str:
    return f"krig:{{{code}}}:room"


def log_key(code: str) -> str:
    return f"krig:{{{code}}}:log"


def tail_key(code: str) -> str:
    return f"krig:{{{code}}}:tail"


def channel(code: str) -> str:
    return f"krig:{{{code}}}:ev"


def record_key(code: str, game: int) -> str:
    return f"krig:{{{code}}}:record:{game}"


def player_key(player: str) -> str:
    return f"krig:player:{player}"


NODES = "krig:nodes"
FORMATS = "krig:formats"
DUE = "krig:due"
LOBBY = "krig:lobby"
LOBBY_CHANNEL = "krig:lobby:ev"


def node_rooms_key(node: str) -> str:
    return f"krig:node:{node}:rooms"


def node_channel(node: str) -> str:
    return f"krig:node:{node}:ctl"


def quick_key(preset: str, players: int) -> str:
    return f"krig:quick:{preset}:{players}"


def quick_lock_key(preset: str, players: int) -> str:
    return quick_key(preset, players) + ":lock"


def guess_key(address: str) -> str:
    return f"krig:guess:{address}"


def creates_key(address: str) -> str:
    return f"krig:creates:{address}"
