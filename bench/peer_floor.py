"""The durable Colyseus room's work, in the leanest Python: the floor of bench/peers.py.

    python bench/peer_floor.py --port P --redis-url redis://127.0.0.1:R

A minimal War server that does what ``colyseus-cas`` does and nothing more,
on the stack krig runs on (CPython 3.11, websockets 17 on asyncio, msgspec
msgpack, one pipelined Redis connection: krig's own ``RedisPipe``), and
speaks as much of krig's protocol as ``bench/peers/load.mjs`` uses: hello,
create, join, ready, flip, rematch. Per step it reads each seat's flip,
plays the trick (``bench/peers/war.mjs``'s rules, ported), stores the
room's state with one awaited compare-and-set (the peer's Lua script) and
only then sends each seat the reveal, one frame. No action id, ack, event
number, hash chain, resync log, session, rate limit, metric or other node:
what a CPython server pays for the durable peer's work alone. krig's own
layers are what it costs over this (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import sys
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.server import ServerConnection, serve
from websockets.typing import Subprotocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from krig_runtime import process
from server.store.pipe import RedisPipe

CAS = """
local cur = redis.call('HGET', KEYS[1], 'v') or '0'
if cur ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'b', ARGV[3])
return 1
"""
WAR_DOWN = 3
encode = msgspec.msgpack.Encoder().encode
decode = msgspec.msgpack.Decoder().decode


class War:
    """Classic two-player War as bench/peers/war.mjs plays it."""

    def __init__(self) -> None:
        deck = [rank * 4 + suit for rank in range(2, 15) for suit in range(4)]
        random.shuffle(deck)
        self.piles: list[list[int]] = [deck[0::2], deck[1::2]]
        self.table: list[list[int]] = [[], []]
        self.step = 0
        self.trick = 1
        self.war = 0
        self.over = False
        self.mark = ""
        self.power = 1
        self.lam = 0

    def reveal(self) -> dict[str, Any]:
        down = WAR_DOWN if self.war else 0
        up = [0, 0]
        for seat in (0, 1):
            pile, table = self.piles[seat], self.table[seat]
            k = min(down, len(pile) - 1)
            table.extend(pile[:k])
            up[seat] = pile[k]
            table.append(up[seat])
            del pile[: k + 1]
        out: dict[str, Any] = {"t": "revealed", "step": self.step, "up": up, "war": self.war}
        self.step += 1
        a, b = up[0] >> 2, up[1] >> 2
        if a != b:
            self._win(0 if a > b else 1)
        else:
            self.war += 1
            short = [s for s in (0, 1) if len(self.piles[s]) < WAR_DOWN + 1]
            if len(short) == 2:
                self.over = True
            elif short:
                lost = short[0]
                self.table[lost].extend(self.piles[lost])
                self.piles[lost] = []
                self._win(1 - lost)
                self.over = True
        return out

    def _win(self, winner: int) -> None:
        cards = self.table[winner] + self.table[1 - winner]
        self.table = [[], []]
        self.piles[winner].extend(cards)
        self.trick += 1
        self.war = 0
        if not self.piles[1 - winner]:
            self.over = True
            return
        key = f"{self.piles[0]}|{self.piles[1]}"
        if key == self.mark:
            self.over = True
            return
        self.lam += 1
        if self.lam == self.power:
            self.mark, self.power, self.lam = key, self.power * 2, 0


class Room:
    def __init__(self, code: str) -> None:
        self.code = code
        self.key = f"floor:{{{code}}}"
        self.seats: list[ServerConnection] = []
        self.ready = [False, False]
        self.flipped = [False, False]
        self.rematch = [False, False]
        self.game: War | None = None
        self.version = 0


class Floor:
    def __init__(self, pipe: RedisPipe) -> None:
        self.pipe = pipe
        self.sha = ""
        self.rooms: dict[str, Room] = {}
        self.codes = itertools.count(1)

    async def store(self, room: Room) -> None:
        """One awaited compare-and-set of the room's state."""
        game = room.game
        assert game is not None
        expected = room.version
        room.version += 1
        blob = encode([game.piles, game.step, game.trick, game.war])
        (ok,) = await self.pipe.execute_many(
            [("EVALSHA", self.sha, 1, room.key, expected, room.version, blob)]
        )
        if ok != 1:
            raise RuntimeError(f"room {room.code}: the version moved on")

    async def deal(self, room: Room) -> None:
        room.game = War()
        room.flipped = [False, False]
        room.rematch = [False, False]
        await self.store(room)
        frame = encode({"t": "game_started", "step": 0})
        for ws in room.seats:
            await ws.send(frame)

    async def reveal(self, room: Room) -> None:
        assert room.game is not None
        out = room.game.reveal()
        if room.game.over:
            out = [out, {"t": "game_over"}]  # type: ignore[assignment]
        await self.store(room)
        frame = encode(out)
        for ws in room.seats:
            await ws.send(frame)

    async def handler(self, ws: ServerConnection) -> None:
        room: Room | None = None
        seat = 0
        async for data in ws:
            m = decode(data)  # type: ignore[arg-type]  # (binary frames only)
            t = m["t"]
            if t == "flip":
                assert room is not None and room.game is not None
                if m["step"] != room.game.step or room.flipped[seat] or room.game.over:
                    await ws.send(encode({"t": "error", "code": "stale_step"}))
                    continue
                room.flipped[seat] = True
                if room.flipped[0] and room.flipped[1]:
                    room.flipped = [False, False]
                    await self.reveal(room)
            elif t == "rematch":
                assert room is not None
                room.rematch[seat] = True
                if room.rematch[0] and room.rematch[1]:
                    await self.deal(room)
            elif t == "hello":
                await ws.send(encode({"t": "welcome", "v": 1}))
            elif t == "create":
                code = f"R{next(self.codes)}"
                room = self.rooms[code] = Room(code)
                room.seats.append(ws)
                await ws.send(encode({"t": "joined", "code": code}))
            elif t == "join":
                room = self.rooms[m["code"]]
                seat = len(room.seats)
                room.seats.append(ws)
                await ws.send(encode({"t": "joined", "code": room.code}))
            elif t == "ready":
                assert room is not None
                room.ready[seat] = True
                if room.ready[0] and room.ready[1]:
                    await self.deal(room)


async def main(port: int, redis_url: str) -> None:
    pipe = RedisPipe(redis_url, "peer-floor")
    floor = Floor(pipe)
    floor.sha = (await pipe.execute_many([("SCRIPT", "LOAD", CAS)]))[0]
    async with serve(
        floor.handler, "127.0.0.1", port, compression=None, max_size=1 << 16,
        subprotocols=[Subprotocol("krig.v1")],
    ):  # fmt: skip
        print(f"peer floor listening on {port}", flush=True)
        await asyncio.Future()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--loop", choices=process.LOOPS, default="asyncio")
    args = parser.parse_args()
    process.tune_for_throughput()
    process.run(main(args.port, args.redis_url), args.loop)
