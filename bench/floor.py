"""The game floors of ``bench stack``: the least a server must do per War step.

The echo floors say what websockets, msgpack and one Redis script call cost.
These say what the game itself adds, without krig's connection handling,
delivery and protocol: connections are paired into 2-seat tables; when both
seats have sent a flip, the real room transition runs (``rooms.play`` for
each seat: the rules engine, the events, their hash chain), then one Redis
script call stores the step, and each seat gets its own flip back (so the
echo load client drives it unchanged, one flip per round trip).

Two ways to store the step:

- ``record``: the whole room record encoded and written with krig's commit
  script (compare-and-set, the events' frames in the resync log, the update
  blob for other nodes), as krig does for every transition but a step of play;
- ``inputs``: only the step's inputs appended (2 bytes a seat) behind a
  compare-and-set of a version number: about what krig writes for a step of
  play (its journal entry: one RPUSHX), less the resync log.

Neither acknowledges a flip or sends an event to anyone: a real server
must do both, so a floor is an upper bound for any server doing its work.

A third, ``step``, does the whole of a step as krig does it, and nothing
else: ``rooms.play_input`` for each seat (under an action id, as krig
remembers them), krig's append of the step to the record's journal (the
whole record every ``STEPS_PER_RECORD``-th step, and after a game's end),
then each seat's ``ack`` and the step's events in one frame (a bundle,
PROTOCOL.md §2a). It reads and writes through websockets' sans-I/O protocol
from an ``asyncio.Protocol``, with one task per step and no other layer: no
sessions, rate limits, clocks, metrics or other nodes. What krig does beyond
it is what its layers cost.
"""

from __future__ import annotations

import asyncio
import functools
import time
from dataclasses import dataclass, field
from typing import cast

import msgspec
from websockets.asyncio.server import ServerConnection, serve
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.server import ServerProtocol

from bench.redis_client import Calls, bench_pipe
from krig_runtime import process
from protocol import messages as m
from protocol.codec import decode_client, encode
from server import rooms
from server.rooms import Outcome
from server.rooms.state import PlayInput, RoomRecord, StepEntry, encode_record, encode_step
from server.service.service import STEPS_PER_RECORD
from server.store.keys import journal_key, record_key, room_key
from server.store.scripts import COMMIT
from server.store.update import JournalEntry, encode_entry
from server.transport.outbox import bundled, wire_frame

STORE_INPUTS = """
local cur = redis.call('GET', KEYS[1]) or '0'
if cur ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('APPEND', KEYS[2], ARGV[3])
return 1
"""
"""The ``inputs`` floor's commit: compare-and-set the version, append the step's inputs."""

MODES = ("record", "inputs", "step")
TTL_S = 3600
LOG_KEEP = 16
PLAYERS = ("p0", "p1")


@dataclass
class Journal:
    """Where a table's journal stands (store format 4, server.store.scripts): the
    version of its record, the entries the record's journal starts with, the steps
    appended since."""

    base: int = 0
    head: int = 0
    steps: int = 0


@dataclass
class Table:
    code: str
    conns: list[ServerConnection] = field(default_factory=list)
    flips: dict[int, bytes] = field(default_factory=dict)
    rec: RoomRecord | None = None
    journal: Journal = field(default_factory=Journal)

    def deal(self) -> None:
        self.rec = _dealt(self.code)


def _dealt(code: str) -> RoomRecord:
    """A 2-seat classic room with both players seated and its game started
    (the start itself is not stored)."""
    out = Outcome()
    rec = rooms.new_room(
        code, "p0", "a", "classic", {}, 2, False, "c0", _ms(), out, ready_checks=True
    )
    rooms.join(rec, out, "p1", "b", "c1", None)
    for player in PLAYERS:
        rooms.set_ready(rec, out, player, True)
    return rec


def _rematch(rec: RoomRecord) -> None:
    """A finished game: both players ask for another (not stored either)."""
    again = Outcome()
    for player in PLAYERS:
        rooms.set_ready(rec, again, player, True)


def _commit_command(
    sha: bytes,
    rec: RoomRecord,
    expected: int,
    first_seq: int,
    frames: list[bytes],
    entry: bytes,
    journal: Journal,
) -> tuple[tuple[bytes | str | int, ...], int]:
    """krig's commit for a step, as Store.commit sends it, and the reply that says it
    was written: the whole record with the commit script (``entry`` empty), or a step
    of play appended to the record's journal; no game record, nothing published (no
    other node serves the table)."""
    code = rec.code
    blob = b"" if entry else encode_record(rec)
    appended = encode_entry(JournalEntry(rec.version, first_seq, rec.seq, frames, entry))
    if entry:
        journal.steps += 1
        return ("RPUSHX", journal_key(code, journal.base), appended), journal.head + journal.steps
    keys = (
        room_key(code),
        journal_key(code, journal.base),
        journal_key(code, rec.version),
        record_key(code, rec.game),
    )
    length = 0 if expected == 0 else journal.head + journal.steps
    args: list[bytes | str | int] = [
        expected, rec.seq, blob, TTL_S, LOG_KEEP, appended, b"", TTL_S, b"", b"", "PUBLISH",
        length, length,
    ]  # fmt: skip
    journal.base, journal.head, journal.steps = rec.version, min(LOG_KEEP, length + 1), 0
    return ("EVALSHA", sha, len(keys), *keys, *args), 1


class Floor:
    def __init__(self, pipe: Calls, mode: str) -> None:
        self.pipe = pipe
        self.mode = mode
        self.sha = b""
        self.open: Table | None = None
        self.tables = 0

    async def load_scripts(self) -> None:
        script = COMMIT if self.mode == "record" else STORE_INPUTS
        self.sha = (await self.pipe.execute_many([("SCRIPT", "LOAD", script)]))[0]

    async def handler(self, ws: ServerConnection) -> None:
        if self.open is None:  # the first of a pair waits for the second
            table = self.open = self._new_table()
            seat = 0
        else:
            table, self.open = self.open, None
            seat = 1
            table.deal()
        table.conns.append(ws)
        async for frame in ws:
            if not isinstance(frame, bytes):
                continue
            msgspec.msgpack.decode(frame)  # as the echo does (krig decodes into a struct)
            table.flips[seat] = frame
            if len(table.flips) == 2 and table.rec is not None:
                flips, table.flips = table.flips, {}
                await self.step(table, table.rec)
                for s, conn in enumerate(table.conns):
                    await conn.send(flips[s])

    def _new_table(self) -> Table:
        self.tables += 1
        return Table(code=f"FLOOR{self.tables}")

    async def step(self, table: Table, rec: RoomRecord) -> None:
        """Both seats' flips through the room transition, then one script call."""
        assert rec.state is not None
        out = Outcome()
        rec.updated_ms = _ms()
        step = rec.state.steps
        inputs_before = len(rec.inputs)
        for player in PLAYERS:
            rooms.play(rec, out, player, step, None)
        frames = [encode(e) for e in out.events]
        expected = rec.version
        rec.version += 1
        code = table.code
        if self.mode == "record":
            first_seq = rec.seq - len(frames) + 1
            command, written = _commit_command(
                self.sha, rec, expected, first_seq, frames, b"", table.journal
            )
        else:
            inputs = rec.inputs[inputs_before:]
            where = (f"floor:{code}:v", f"floor:{code}:in")
            command, written = ("EVALSHA", self.sha, 2, *where, expected, rec.version, inputs), 1
        stored = (await self.pipe.execute_many([command]))[0]
        if stored != written:
            raise RuntimeError(f"table {code}: the version moved on under the floor")
        if rec.status == "over":
            _rematch(rec)


class StepTable:
    """A 2-seat table of the ``step`` floor: a step is played, stored, then answered."""

    def __init__(self, code: str, pipe: Calls, sha: bytes) -> None:
        self.code = code
        self.pipe = pipe
        self.sha = sha
        self.seats: list[StepSeat] = []
        self.flips: dict[int, m.ClientMessage] = {}
        self.rec: RoomRecord | None = None
        self.tail = STEPS_PER_RECORD  # (the first commit writes the whole record)
        self.ids = 0
        self.steps: set[asyncio.Task[None]] = set()
        self.journal = Journal()

    def deal(self) -> None:
        self.rec = _dealt(self.code)

    def flip(self, seat: int, msg: m.ClientMessage) -> None:
        self.flips[seat] = msg
        rec = self.rec
        if len(self.flips) < 2 or rec is None or rec.state is None:
            return
        flips, self.flips = self.flips, {}
        out = Outcome()
        rec.updated_ms = _ms()
        first_seq = rec.seq + 1
        step = rec.state.steps
        plays = []
        for player in PLAYERS:  # (the echo client's frames all say id 1, step 1)
            self.ids += 1
            plays.append(PlayInput(player, self.ids, step, None))
        answers = [rooms.play_input(rec, out, play) for play in plays]
        frames = [encode(e) for e in out.events]
        expected = rec.version
        rec.version += 1
        if self.tail >= STEPS_PER_RECORD - 1 or rec.status != "playing":
            entry, self.tail = b"", 0
        else:
            entry = encode_step(StepEntry(rec.updated_ms, plays))
            self.tail += 1
        command, written = _commit_command(
            self.sha, rec, expected, first_seq, frames, entry, self.journal
        )
        acks = [encode(m.Ack(id=getattr(flips[s], "id", 0), step=answers[s])) for s in range(2)]
        task = asyncio.get_running_loop().create_task(self._store(command, written, acks, frames))
        self.steps.add(task)
        task.add_done_callback(self.steps.discard)
        if rec.status == "over":  # the new game is written whole
            _rematch(rec)
            self.tail = STEPS_PER_RECORD

    async def _store(
        self,
        command: tuple[bytes | str | int, ...],
        written: int,
        acks: list[bytes],
        frames: list[bytes],
    ) -> None:
        stored = (await self.pipe.execute_many([command]))[0]
        if stored != written:
            raise RuntimeError(f"table {self.code}: the version moved on under the floor")
        for seat, ack in zip(self.seats, acks, strict=False):
            seat.write([wire_frame(p) for p in bundled([*frames, ack])])


class StepSeat(asyncio.Protocol):
    """One connection of the ``step`` floor, on websockets' sans-I/O protocol."""

    def __init__(self, floor: StepFloor) -> None:
        self.floor = floor
        self.ws = ServerProtocol(max_size=4096)
        self.transport: asyncio.Transport | None = None
        self.table: StepTable | None = None
        self.seat = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        ws = self.ws
        ws.receive_data(data)
        for event in ws.events_received():
            if isinstance(event, Request):
                ws.send_response(ws.accept(event))
                self.floor.sit(self)
            elif isinstance(event, Frame) and event.opcode is Opcode.BINARY and self.table:
                self.table.flip(self.seat, decode_client(bytes(event.data)))
        self.write(ws.data_to_send())  # (the handshake's response, a pong, a close)
        if ws.close_expected() and self.transport is not None:
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.ws.receive_eof()

    def write(self, data: list[bytes]) -> None:
        if data and self.transport is not None and not self.transport.is_closing():
            self.transport.write(b"".join(data))


class StepFloor:
    def __init__(self, pipe: Calls) -> None:
        self.pipe = pipe
        self.sha = b""
        self.open: StepTable | None = None
        self.tables = 0

    def sit(self, seat: StepSeat) -> None:
        """The first of a pair waits for the second; the second deals."""
        if self.open is None:
            self.tables += 1
            table = self.open = StepTable(f"STEP{self.tables}", self.pipe, self.sha)
        else:
            table, self.open = self.open, None
            table.deal()
        seat.table, seat.seat = table, len(table.seats)
        table.seats.append(seat)


def _ms() -> int:
    return int(time.time() * 1000)


def floor_server(port: int, loop: str, redis_url: str, mode: str) -> None:
    """Serve a game floor (``mode``: record or inputs) on ``port``."""
    if mode not in MODES:
        raise SystemExit(f"mode must be one of {', '.join(MODES)}")
    process.raise_open_files()
    process.tune_for_throughput()  # as krig-server and the load client do

    async def main() -> None:
        if mode == "step":
            step_floor = StepFloor(bench_pipe(redis_url, "bench-floor"))
            step_floor.sha = (await step_floor.pipe.execute_many([("SCRIPT", "LOAD", COMMIT)]))[0]
            running = asyncio.get_running_loop()
            await running.create_server(functools.partial(StepSeat, step_floor), "127.0.0.1", port)
            print("floor listening", flush=True)
            await asyncio.Future()
        floor = Floor(bench_pipe(redis_url, "bench-floor"), mode)
        await floor.load_scripts()
        async with serve(floor.handler, "127.0.0.1", port, compression=None, max_size=4096):
            print("floor listening", flush=True)
            await asyncio.Future()

    process.run(main(), loop)
