"""A worker among ``--workers N``: how it answers ``/metrics`` for the whole set.

A scrape through the shared port reaches any one worker (the kernel spreads
connections over the workers' listening sockets), so the worker that
answers asks every other one for its figures, over a Unix socket each
worker listens on in the supervisor's private directory (``w{index}.sock``),
and answers for all of them (``metrics.merged_exposition``). A worker that
does not answer within ``ASK_S`` (dead, being restarted, or stuck) is left
out of that scrape and counted in ``krig_workers{state="answered"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

import structlog

from server import metrics

log = structlog.get_logger("krig.workers")

ASK_S = 1.0
"""How long a scrape waits for the other workers' figures."""


@dataclass(frozen=True, slots=True)
class Slot:
    """This process's place in the set: its index, how many there are, where they meet."""

    index: int
    count: int
    directory: str

    def socket_path(self, index: int) -> Path:
        return Path(self.directory) / f"w{index}.sock"


class Siblings:
    """This worker's side: its own socket, and asking the others at a scrape."""

    def __init__(self, slot: Slot) -> None:
        self.slot = slot
        self.node_id = ""
        self._server: asyncio.AbstractServer | None = None

    def own(self) -> dict[str, object]:
        return {
            "node": self.node_id,
            "pid": str(os.getpid()),
            "families": metrics.families(),
        }

    async def start(self, node_id: str) -> None:
        self.node_id = node_id
        path = self.slot.socket_path(self.slot.index)
        path.unlink(missing_ok=True)  # the socket of this slot's worker before a restart
        self._server = await asyncio.start_unix_server(self._answer, path=str(path))

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            self.slot.socket_path(self.slot.index).unlink(missing_ok=True)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 1.0)

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await asyncio.wait_for(reader.readline(), ASK_S)
            writer.write(json.dumps(self.own()).encode())
            await writer.drain()
        except (OSError, TimeoutError):
            pass
        finally:
            writer.close()

    async def _ask(self, index: int) -> dict[str, object] | None:
        try:
            reader, writer = await asyncio.open_unix_connection(str(self.slot.socket_path(index)))
        except OSError:
            return None  # no worker there now (dead, or starting again)
        try:
            writer.write(b"metrics\n")
            await writer.drain()
            answer: dict[str, object] = json.loads(await reader.read())  # (to EOF)
            return answer
        except (OSError, ValueError):
            return None
        finally:
            writer.close()

    async def exposition(self) -> bytes:
        """``/metrics`` for every worker of the set that answers within ASK_S."""
        others = [i for i in range(self.slot.count) if i != self.slot.index]
        asks = {i: asyncio.ensure_future(self._ask(i)) for i in others}
        if asks:
            _, pending = await asyncio.wait(asks.values(), timeout=ASK_S)
            for fut in pending:
                fut.cancel()
        answers: dict[int, dict[str, object]] = {self.slot.index: self.own()}
        for i, fut in asks.items():
            if fut.done() and not fut.cancelled() and (got := fut.result()) is not None:
                answers[i] = got
        missing = sorted(set(range(self.slot.count)) - set(answers))
        if missing:
            log.warning("metrics_workers_missing", workers=missing)
        per_worker = {i: list(a["families"]) for i, a in answers.items()}  # type: ignore[call-overload]
        info = {i: {"node": str(a["node"]), "pid": str(a["pid"])} for i, a in answers.items()}
        return metrics.merged_exposition(per_worker, info, self.slot.count)
