"""The nodes in Redis: which are live (their heartbeats), which store format each
keeps rooms in, and the rooms each serves (handed on when one dies)."""

from __future__ import annotations

from server.store.connection import Command
from server.store.keys import (
    FORMATS,
    LOBBY_KEYS,
    NODES,
    OLD_DUE,
    OLD_FORMATS,
    OLD_LOBBY,
    OLD_NODES,
    due_key_of,
    lobby_shard_of,
    node_rooms_key,
)
from server.store.replies import Calls, as_text, script_sha
from server.store.scripts import HEARTBEAT, JOIN, STORE_FORMAT


class Nodes:
    """The node registry (``Store.nodes``): ``run`` is durable, ``quick`` is not
    (``Store.run``, ``Store.quick``)."""

    def __init__(self, run: Calls, quick: Calls, cluster: bool) -> None:
        self.run = run
        self.quick = quick
        self.cluster = cluster
        self._heartbeat_sha = script_sha(HEARTBEAT)
        self._join_sha = script_sha(JOIN)

    async def join_nodes(self, node: str, now_ms: int, live_since_ms: int) -> tuple[str, list[str]]:
        """Register ``node`` (with :data:`STORE_FORMAT`) unless a live node keeps
        rooms another way: ``("differs", [that node, its format])``, else
        ``("joined", [live nodes that said no format])``. See :data:`JOIN`."""
        keys = [NODES, FORMATS] if self.cluster else [NODES, FORMATS, OLD_NODES, OLD_FORMATS]
        (reply,) = await self.quick(
            [("EVALSHA", self._join_sha, len(keys), *keys, node, STORE_FORMAT, now_ms,
              live_since_ms)]
        )  # fmt: skip
        verdict, *rest = [as_text(x) for x in reply]
        return verdict, rest

    async def adopt_old_keys(self) -> int:
        """Move store format 2's deadline set and lobby into their shards (one Redis:
        a cluster never held them). Run by a starting node once it has joined, so
        no node of format 2 is live; returns the entries moved."""
        if self.cluster:
            return 0
        due, lobby = await self.quick(
            [("ZRANGE", OLD_DUE, 0, -1, "WITHSCORES"), ("HGETALL", OLD_LOBBY)]
        )
        commands: list[Command] = []
        for code, score in zip(due[::2], due[1::2], strict=True):
            text = as_text(code)
            commands.append(("ZADD", due_key_of(text), "LT", score, text))
        for code, row in zip(lobby[::2], lobby[1::2], strict=True):
            text = as_text(code)
            commands.append(("HSETNX", LOBBY_KEYS[lobby_shard_of(text)], text, row))
        if commands:
            await self.quick([*commands, ("DEL", OLD_DUE, OLD_LOBBY)])
        return len(commands)

    async def heartbeat(self, node: str, now_ms: int) -> bool:
        """Record that ``node`` is alive; False when it had been reaped (or is new)."""
        (known,) = await self.quick(
            [("EVALSHA", self._heartbeat_sha, 2, NODES, FORMATS, node, now_ms, STORE_FORMAT)]
        )
        return bool(int(known or 0))

    async def dead_nodes(self, before_ms: int) -> list[str]:
        (nodes,) = await self.quick([("ZRANGEBYSCORE", NODES, "-inf", before_ms)])
        return [as_text(n) for n in nodes]

    async def node_rooms(self, node: str) -> list[str]:
        (codes,) = await self.quick([("SMEMBERS", node_rooms_key(node))])
        return [as_text(c) for c in codes]

    async def add_node_room(self, node: str, code: str) -> None:
        await self.run([("SADD", node_rooms_key(node), code)])

    async def forget_node(self, node: str) -> None:
        await self.quick(
            [("DEL", node_rooms_key(node)), ("ZREM", NODES, node), ("HDEL", FORMATS, node)]
        )
