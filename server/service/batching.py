"""One commit for the plays of a room that arrive together.

In War every seat flips at once, so the flips of a step tend to reach a node
in the same turn of its event loop. :class:`Batcher` collects the plays of a
room that arrive in one turn and applies them in one transition with one
commit: one Redis round trip, one record write and one frame per client for
the whole step instead of one per flip. Each play is still judged on its
own: a refused one gets its own error and changes nothing, since a
transition refuses before it changes the record.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

import structlog

from protocol.errors import ErrorCode
from server import metrics, rooms
from server.errors import Refused
from server.rooms import Outcome
from server.rooms.state import PlayInput, RoomRecord
from server.service.service import RoomService

log = structlog.get_logger("krig.batching")

Reply = Callable[[int], None]
"""Called with the step a play is answered with, once its batch is committed."""
Failed = Callable[[BaseException], None]
"""Called instead of the reply when the play is refused or cannot be committed."""


@dataclass(slots=True)
class _Play:
    """A seat's play waiting for its batch's commit."""

    play: PlayInput
    acted_ms: int
    reply: Reply
    failed: Failed
    refused: Refused | None = None
    answer: int = 0
    """The step the play is answered with (``rooms.play_input``)."""


class _Batch:
    """The plays of one room collected in one loop turn, applied as one transition."""

    __slots__ = ("plays", "task")

    def __init__(self) -> None:
        self.plays: list[_Play] = []
        self.task: asyncio.Task[None] | None = None
        """The task committing this batch (held here so it is not collected)."""

    def __call__(self, rec: RoomRecord, out: Outcome) -> None:
        """Every play in turn; a refused one is noted and the rest go on."""
        for p in self.plays:
            p.refused = None
        for p in self.plays:
            try:
                p.answer = rooms.play_input(rec, out, p.play)
            except Refused as exc:
                if out.from_cache:
                    raise  # judged again, all of them, on the current record
                # Kept without its traceback: the traceback's frames hold this play
                # (and the room's record, and the caller's frames), and the play the
                # refusal, a cycle only a full collection frees, which the server's
                # thresholds make rare (process.tune_for_throughput): it grew the
                # node's memory by a record per refused flip (the chaos soak's +150%/h).
                p.refused = exc.with_traceback(None)

    def fail(self, code: str, exc: BaseException) -> None:
        for p in self.plays:
            try:
                p.failed(exc)
            except Exception as error:  # (as a reply: logged, the others go on)
                log.warning("reply_failed", room=code, error=repr(error))


class Batcher:
    def __init__(self, service: RoomService) -> None:
        self.service = service
        self._open: dict[str, _Batch] = {}
        """Plays collected in this loop turn, per room."""
        self._committing: set[_Batch] = set()
        """The batches being committed (each holds its task; it leaves the set itself)."""
        self._loop: asyncio.AbstractEventLoop | None = None

    def play_soon(
        self, code: str, play: PlayInput, acted_ms: int, reply: Reply, failed: Failed
    ) -> None:
        """Apply a seat's play with the other plays of the room in this loop turn.

        Exactly one of ``reply`` (the play's acknowledgement, given the step to
        answer with; called as soon as the batch is committed, so it leaves in
        the same write as the step's events) and ``failed`` (given the
        exception) is called, from the batch's task: neither if the server
        stops before the task starts. No future and no callback handle a play.
        Each play is applied by ``rooms.play_input``, as a replay of the step's
        tail entry applies it.
        """
        batch = self._open.get(code)
        if batch is None:
            loop = self._loop
            if loop is None:
                loop = self._loop = asyncio.get_running_loop()
            batch = self._open[code] = _Batch()
            # The task's first step runs in the next turn: plays read in this one join.
            batch.task = loop.create_task(self._commit(code, batch))
            self._committing.add(batch)
        batch.plays.append(_Play(play, acted_ms, reply, failed))

    def play_together(
        self, code: str, play: PlayInput, acted_ms: int, reply: Reply
    ) -> asyncio.Future[None]:
        """``play_soon`` as a future: done when the play is committed and
        ``reply`` called; its exception when the play is refused."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def replied(step: int) -> None:
            try:
                reply(step)
            finally:
                if not done.done():  # (its waiter may be gone: cancelled)
                    done.set_result(None)

        def failed(exc: BaseException) -> None:
            if not done.done():
                done.set_exception(exc)

        self.play_soon(code, play, acted_ms, replied, failed)
        return done

    async def _commit(self, code: str, batch: _Batch) -> None:
        try:
            await self._commit_plays(code, batch)
        finally:  # (not a done callback: that would be one more callback a batch)
            self._committing.discard(batch)

    async def _commit_plays(self, code: str, batch: _Batch) -> None:
        if self._open.get(code) is batch:
            del self._open[code]  # later plays start a batch of their own
        acted_ms = 0
        plays = []
        for p in batch.plays:
            plays.append(p.play)
            acted_ms = max(acted_ms, p.acted_ms)
        try:
            await self.service.apply(code, batch, acted_ms=acted_ms, plays=plays)
        except Exception as exc:  # the room is gone, Redis unreachable: each play hears it
            batch.fail(code, exc)
            return
        except BaseException:  # cancelled (shutdown): the plays may or may not be in
            batch.fail(code, Refused(ErrorCode.INTERNAL, "the server is stopping"))
            raise
        applied = 0
        for p in batch.plays:
            try:
                if p.refused is not None:
                    p.failed(p.refused)
                    continue
                applied += 1
                p.reply(p.answer)
            except Exception as exc:  # a closed connection: logged, the others go on
                log.warning("reply_failed", room=code, error=repr(exc))
        metrics.HOT.flips += applied
