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
  play (its tail entry: store.COMMIT without a record), less the resync log.

Neither acknowledges a flip or sends an event to anyone: a real server
must do both, so a floor is an upper bound for any server doing its work.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

import msgspec
from websockets.asyncio.server import ServerConnection, serve

from protocol import process
from protocol.codec import encode
from server import rooms
from server.records import RoomRecord, RoomUpdate, encode_record, encode_update
from server.redis_pipe import RedisPipe
from server.rooms import Outcome
from server.store import COMMIT, channel, log_key, record_key, room_key, tail_key

STORE_INPUTS = """
local cur = redis.call('GET', KEYS[1]) or '0'
if cur ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('APPEND', KEYS[2], ARGV[3])
return 1
"""
"""The ``inputs`` floor's commit: compare-and-set the version, append the step's inputs."""

MODES = ("record", "inputs")
TTL_S = 3600
LOG_KEEP = 16
PLAYERS = ("p0", "p1")


@dataclass
class Table:
    code: str
    conns: list[ServerConnection] = field(default_factory=list)
    flips: dict[int, bytes] = field(default_factory=dict)
    rec: RoomRecord | None = None

    def deal(self) -> None:
        """Seat both players and start a game (the start itself is not stored)."""
        out = Outcome()
        now = int(time.time() * 1000)
        rec = rooms.new_room(self.code, "p0", "a", "classic", {}, 2, False, "c0", now, out)
        rooms.join(rec, out, "p1", "b", "c1", None)
        for player in PLAYERS:
            rooms.set_ready(rec, out, player, True)
        self.rec = rec


class Floor:
    def __init__(self, pipe: RedisPipe, mode: str) -> None:
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
        rec.updated_ms = int(time.time() * 1000)
        step = rec.state.steps
        inputs_before = len(rec.inputs)
        for player in PLAYERS:
            rooms.play(rec, out, player, step, None)
        frames = [encode(e) for e in out.events]
        expected = rec.version
        rec.version += 1
        code = table.code
        if self.mode == "record":
            blob = encode_record(rec)
            update = RoomUpdate(
                code=code,
                version=rec.version,
                first_seq=rec.seq - len(frames) + 1,
                last_seq=rec.seq,
                record=blob,
                frames=frames,
                acted_ms=rec.updated_ms,
                removed=[],
            )
            keys = (room_key(code), log_key(code), record_key(code, rec.game), tail_key(code))
            # The arguments of Store.commit: no game record, publish (no node listens).
            args: list[bytes | str | int] = [
                expected, rec.version, rec.seq, blob, TTL_S, LOG_KEEP, channel(code),
                encode_update(update), b"", TTL_S, b"", b"", *frames,
            ]  # fmt: skip
            command: tuple[bytes | str | int, ...] = ("EVALSHA", self.sha, 4, *keys, *args)
        else:
            inputs = rec.inputs[inputs_before:]
            where = (f"floor:{code}:v", f"floor:{code}:in")
            command = ("EVALSHA", self.sha, 2, *where, expected, rec.version, inputs)
        stored = (await self.pipe.execute_many([command]))[0]
        if stored == 0:
            raise RuntimeError(f"table {code}: the version moved on under the floor")
        again = Outcome()
        for player in PLAYERS:  # a finished game: both ask for a rematch
            if rec.status == "over":
                rooms.set_ready(rec, again, player, True)


def floor_server(port: int, loop: str, redis_url: str, mode: str) -> None:
    """Serve a game floor (``mode``: record or inputs) on ``port``."""
    if mode not in MODES:
        raise SystemExit(f"mode must be one of {', '.join(MODES)}")
    process.raise_open_files()
    process.tune_for_throughput()  # as krig-server and the load client do

    async def main() -> None:
        floor = Floor(RedisPipe(redis_url, "bench-floor"), mode)
        await floor.load_scripts()
        async with serve(floor.handler, "127.0.0.1", port, compression=None, max_size=4096):
            print("floor listening", flush=True)
            await asyncio.Future()

    process.run(main(), loop)
