"""Which primary of a Redis Cluster serves a command: the slot map, and its redirects.

Every command goes to the primary that serves its key's slot, as ``CLUSTER
SLOTS`` last said. A ``MOVED`` answer updates one slot at once and reads the
whole map again in the background; an ``ASK`` answer sends one command once to
the importing node (after ``ASKING``). What the pipe does with each answer is
in :mod:`server.store.pipe`; this module only knows where things are.
"""

from __future__ import annotations

import asyncio
import random

from redis.crc import key_slot
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from server.store.connection import Command, Links, one_off
from server.store.target import Address, Target

SLOTS = 16384


def command_key(command: Command) -> bytes | None:
    """The key that routes ``command`` in a cluster (None: any node will do)."""
    name = str(command[0]).upper() if not isinstance(command[0], bytes) else command[0].decode()
    name = name.upper()
    if name in ("EVALSHA", "EVAL", "EVALSHA_RO", "EVAL_RO", "FCALL"):
        if int(command[2]) == 0:
            return None
        key = command[3]
    elif name in ("SCRIPT", "WAIT", "PING", "CLIENT", "PUBLISH", "INFO", "CLUSTER", "ROLE"):
        return None
    elif len(command) > 1:
        key = command[1]
    else:
        return None
    return key if isinstance(key, bytes) else str(key).encode()


def redirect(message: str, current: Address) -> tuple[int, Address]:
    """(slot, address) of a MOVED or ASK answer to a command sent to ``current``:
    ``MOVED 3999 127.0.0.1:6381``. An empty endpoint (``MOVED 3999 :6381``) means
    the host the command was sent to (the cluster spec: the node does not know
    its own address as the client reaches it)."""
    _, slot, where = message.split(" ", 2)
    host, _, port = where.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]  # an IPv6 address, as a cluster may write it
    if not host:
        if not isinstance(current, tuple):
            return int(slot), current  # (a unix socket: the same one)
        host = current[0]
    return int(slot), (host, int(port))


class SlotMap:
    """The primary of every slot, as last read; the pipe's links to servers that
    left the map are closed when it is read again."""

    def __init__(self, target: Target, name: str, links: Links) -> None:
        self.target = target
        self.name = name
        self.links = links
        self.slots: list[Address | None] = [None] * SLOTS
        self._refreshing: asyncio.Task[None] | None = None

    async def refresh(self) -> None:
        """Read the map (``CLUSTER SLOTS``) from any node that answers; callers at
        the same time share one reading."""
        task = self._refreshing
        if task is None or task.done():
            task = self._refreshing = asyncio.get_running_loop().create_task(self._read())
        await asyncio.shield(task)

    def moved(self, slot: int, where: Address) -> None:
        """A ``MOVED`` answer: that slot now, the whole map soon."""
        self.slots[slot] = where
        if self._refreshing is None or self._refreshing.done():
            self._refreshing = asyncio.get_running_loop().create_task(self._read())
            self._refreshing.add_done_callback(lambda t: t.cancelled() or t.exception())

    async def _read(self) -> None:
        known = [
            *self.target.addresses,
            *(a for a in self.links.main if a not in self.target.addresses),
        ]
        random.shuffle(known)
        last: Exception | None = None
        for address in known:
            try:
                reply = await one_off(address, self.target.options, self.name, ("CLUSTER", "SLOTS"))
            except (OSError, RedisConnectionError, ResponseError, TimeoutError) as exc:
                last = exc
                continue
            slots: list[Address | None] = [None] * SLOTS
            for start, end, primary, *_ in reply:
                # An empty or NULL endpoint (``cluster-preferred-endpoint-type
                # unknown-endpoint``): the host this answer came from.
                host = (primary[0] or b"").decode() or (
                    address[0] if isinstance(address, tuple) else ""
                )
                where = (host, int(primary[1]))
                for slot in range(int(start), int(end) + 1):
                    slots[slot] = where
            self.slots = slots
            self.links.keep_only(slots)
            return
        raise RedisConnectionError(f"no node of the cluster answers: {last}")

    async def address_for(self, command: Command) -> Address:
        """The primary to send ``command`` to (the map read first if it has no answer)."""
        key = command_key(command)
        if key is None:
            for address in self.slots:
                if address is not None:
                    return address
            await self.refresh()
            return next(a for a in self.slots if a is not None)
        slot = key_slot(key)
        address = self.slots[slot]
        if address is None:
            await self.refresh()
            address = self.slots[slot]
            if address is None:
                raise RedisConnectionError(f"no node of the cluster serves slot {slot}")
        return address

    def known_address(self, command: Command) -> Address | None:
        """Where ``command`` goes as the map stands, without reading it (None: unknown)."""
        key = command_key(command)
        if key is None:
            return next((a for a in self.slots if a is not None), None)
        return self.slots[key_slot(key)]

    async def primaries(self) -> list[Address]:
        if all(a is None for a in self.slots):
            await self.refresh()
        return list(dict.fromkeys(a for a in self.slots if a is not None))

    def slot_address(self, key: str) -> Address | None:
        """The primary serving ``key``'s slot, as last known."""
        return self.slots[key_slot(key.encode())]
