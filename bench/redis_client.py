"""Which Redis client the bench floors call through: krig's pipe, or coredis.

The floors of ``bench stack`` (the echo that makes one script call a frame,
and the game floors of bench/floor.py) call Redis the way krig's hot path
does: one ``EVALSHA`` at a time from many connections at once. With
``--redis-client coredis`` (``KRIG_BENCH_REDIS_CLIENT=coredis`` in the floors'
processes) they call through coredis instead, which multiplexes commands over
few connections as the pipe does, so the two can be set side by side in one
sitting. krig-server itself always uses its pipe: coredis stands in only where
a floor's whole Redis use is one script call (one server, no Sentinel or
cluster, no ``WAIT``).

coredis is not a dependency of krig: ``.venv/bin/pip install coredis`` first.
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Protocol

from server.store.connection import Command
from server.store.pipe import RedisPipe
from server.store.target import parse_target

CLIENTS = ("pipe", "coredis")
ENV = "KRIG_BENCH_REDIS_CLIENT"


class Calls(Protocol):
    async def execute_many(self, commands: list[Command], durable: bool = False) -> list[Any]: ...


class CoredisPipe:
    """``RedisPipe.execute_many`` for the floors' two commands, through coredis."""

    def __init__(self, url: str, name: str) -> None:
        # (not a dependency: installed by hand for this one comparison, so untyped here)
        coredis: Any = importlib.import_module("coredis")

        target = parse_target(url)
        if target.kind != "direct":
            raise SystemExit("the coredis floor speaks to one Redis server (redis://, unix://)")
        address = target.addresses[0]
        where: dict[str, Any] = (
            {"unix_socket_path": address}
            if isinstance(address, str)
            else {"host": address[0], "port": address[1]}
        )
        self.client = coredis.Redis(
            **where, db=target.options.db, password=target.options.password,
            client_name=name, decode_responses=False,
        )  # fmt: skip
        self._entered = False

    async def execute_many(self, commands: list[Command], durable: bool = False) -> list[Any]:
        if not self._entered:  # (coredis 6: a client is used inside its context)
            await self.client.__aenter__()
            self._entered = True
        return [await self._one(c) for c in commands]

    async def _one(self, command: Command) -> Any:
        name = str(command[0]).upper()
        if name == "EVALSHA":
            sha, count = command[1], int(command[2])
            keys = [str(k) for k in command[3 : 3 + count]]
            args = list(command[3 + count :])
            return await self.client.evalsha(sha, keys=keys, args=args)
        if name == "SCRIPT" and str(command[1]).upper() == "LOAD":
            return await self.client.script_load(command[2])
        raise NotImplementedError(f"the coredis floor does not send {name}")


def bench_pipe(url: str, name: str) -> Calls:
    """The client the environment names (``KRIG_BENCH_REDIS_CLIENT``; the pipe by default)."""
    kind = os.environ.get(ENV, "pipe")
    if kind == "coredis":
        return CoredisPipe(url, name)
    if kind != "pipe":
        raise SystemExit(f"{ENV} must be one of {', '.join(CLIENTS)}")
    return RedisPipe(url, name)
