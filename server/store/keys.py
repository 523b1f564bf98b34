"""Every Redis key and channel krig uses, in one catalogue.

Every key is either hash-tagged by its room (``{CODE}``: a Redis Cluster keeps a
room's keys in one slot, so the commit script touches one slot), or sharded
over a few tags so that no key is one global hot spot. Every script touches
one slot. The same layout serves one Redis, Sentinel and a Cluster.

A room (all under the tag ``{CODE}``):

- ``krig:{CODE}:room``     hash ``v`` the version of the record ``b``, ``s`` its last
  sequence number, ``b`` the record blob, ``h`` how many entries the record's
  journal starts with (the resync log kept from before it, its own commit last)
- ``krig:{CODE}:j:V``      list, the journal of the record of version ``V``: its
  first ``h`` entries (encoded JournalEntry: a commit's version, sequence numbers,
  events as frames, and for a step of play the step) are the resync log, and each
  step of play committed since is appended (one ``RPUSHX``). The room is ``b``
  with the steps of versions ``V+1, V+2...`` applied, the standing steps; an
  entry after them is a stray (a step whose append found another there first:
  refused, left in place, gone at the next record write). A record write renames
  the list to the new record's version, so a step of a node that has not heard
  of it finds no list (``RPUSHX`` appends nothing), and trims it to
  ``log_keep`` entries' worth
- ``krig:{CODE}:ev``       channel: a RoomUpdate per commit, published only when
  a node other than the committing one serves the room (sharded pub/sub,
  ``SPUBLISH``, on a cluster)
- ``krig:{CODE}:record:N`` a finished game's record (its events are rebuilt
  from the deal and the inputs when it is read: ``server.rooms.replay``)

Players, nodes, timers and the lobby:

- ``krig:player:ID``       hash ``tok`` (sha256 of the secret), ``name``, ``room``
- ``krig:{nodes}``         zset of server nodes by last heartbeat (ms); touched by
  each node once every 2 s: not a hot spot
- ``krig:{nodes}:formats`` hash node -> the store format it reads and writes
- ``krig:node:{ID}:rooms`` set of rooms with a seat connected through that node
- ``krig:due:{dN}``        zset of rooms by when they need an automatic move (ms),
  one of DUE_SHARDS by the room's code
- ``krig:lobby:{lN}``      hash code -> encoded RoomSummary of public rooms, one of
  LOBBY_SHARDS by the room's code
- ``krig:lobby:{lN}:ev``   channel: a LobbyRoom frame per change of a public room
  of that shard

Quick-join and the per-address limits (one key each, spread over a cluster by
their whole names):

- ``krig:quick:PRESET:N``       the public room being filled for a quick game (a code)
- ``krig:quick:PRESET:N:lock``  held while one connection opens the next such room
- ``krig:guess:ADDRESS``        unknown room codes tried in the current minute
- ``krig:creates:ADDRESS``      rooms opened in the current minute
"""

from __future__ import annotations

import zlib

DUE_SHARDS = 16
"""The deadline set's shards: each node's sweep claims from every one (one round trip)."""
LOBBY_SHARDS = 8
"""The lobby's shards: a lobby read gathers every one (one round trip)."""


def room_key(code: str) -> str:
    return f"krig:{{{code}}}:room"


def journal_key(code: str, version: int) -> str:
    """The journal of room ``code``'s record of ``version`` (store format 4)."""
    return f"{journal_prefix(code)}{version}"


def journal_prefix(code: str) -> str:
    """What a script reading the room's hash puts its record's version after (the same
    slot: the room's tag)."""
    return f"krig:{{{code}}}:j:"


def channel(code: str) -> str:
    return f"krig:{{{code}}}:ev"


def record_key(code: str, game: int) -> str:
    return f"krig:{{{code}}}:record:{game}"


def player_key(player: str) -> str:
    return f"krig:player:{player}"


NODES = "krig:{nodes}"
FORMATS = "krig:{nodes}:formats"
OLD_NODES = "krig:nodes"
OLD_FORMATS = "krig:formats"
"""Where nodes of store format 2 and before say they are (a starting node checks them)."""
OLD_DUE = "krig:due"
OLD_LOBBY = "krig:lobby"
"""Store format 2's deadline set and lobby: moved into their shards by a starting node."""


def old_journal_key(code: str) -> str:
    """Store format 3's one journal a room (renamed to its record's at the first read)."""
    return f"krig:{{{code}}}:journal"


def old_tail_key(code: str) -> str:
    """Store format 2's tail of steps (read once, then deleted by the room's next commit)."""
    return f"krig:{{{code}}}:tail"


def old_log_key(code: str) -> str:
    return f"krig:{{{code}}}:log"


def _shard(code: str, shards: int) -> int:
    return zlib.crc32(code.encode()) % shards


def due_key(shard: int) -> str:
    return f"krig:due:{{d{shard}}}"


DUE_KEYS = [due_key(n) for n in range(DUE_SHARDS)]


def due_key_of(code: str) -> str:
    return DUE_KEYS[_shard(code, DUE_SHARDS)]


def lobby_key(shard: int) -> str:
    return f"krig:lobby:{{l{shard}}}"


def lobby_channel(shard: int) -> str:
    return f"krig:lobby:{{l{shard}}}:ev"


LOBBY_KEYS = [lobby_key(n) for n in range(LOBBY_SHARDS)]
LOBBY_CHANNELS = [lobby_channel(n) for n in range(LOBBY_SHARDS)]


def lobby_shard_of(code: str) -> int:
    return _shard(code, LOBBY_SHARDS)


def node_rooms_key(node: str) -> str:
    return f"krig:node:{{{node}}}:rooms"


def quick_key(preset: str, players: int) -> str:
    return f"krig:quick:{preset}:{players}"


def quick_lock_key(preset: str, players: int) -> str:
    return quick_key(preset, players) + ":lock"


def guess_key(address: str) -> str:
    return f"krig:guess:{address}"


def creates_key(address: str) -> str:
    return f"krig:creates:{address}"
