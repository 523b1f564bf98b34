"""Ways into a room: create one, join or watch one by code, or quick-join a public game.

Each returns the committed record and the seat taken (None: watching); the
connection then enters the room (``Node.enter``). The per-address limits on
new rooms and on unknown codes are counted in Redis, so they hold across
nodes.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable

import structlog

from protocol import messages as m
from protocol.errors import ErrorCode
from server import rooms
from server.config import Settings
from server.engine import RulesError, make_rules
from server.errors import Refused
from server.rooms import Outcome
from server.rooms.codes import new_code, normalize
from server.rooms.state import RoomRecord
from server.service.service import RoomService, now_ms, waiting_for_store
from server.store.store import NotDurable, Player, Store

log = structlog.get_logger("krig.entry")

CODE_TRIES = 8
"""Fresh codes drawn before giving up on a new room (a collision is one in 10^5)."""
HOMED_TRIES = 64
"""Codes drawn for one that is this worker's own (one in N is); then any will do."""
QUICK_TRIES = 500
_STALE_QUICK = {
    ErrorCode.ROOM_FULL,
    ErrorCode.ALREADY_STARTED,
    ErrorCode.UNKNOWN_ROOM,
    ErrorCode.ROOM_LOCKED,
}


def _first_events(rec: RoomRecord, out: Outcome, events: list[m.RoomEvent]) -> None:
    out.events.extend(events)


class Entry:
    def __init__(self, settings: Settings, store: Store, service: RoomService) -> None:
        self.settings = settings
        self.store = store
        self.service = service
        self.homed: Callable[[str], bool] | None = None
        """One worker of ``--workers N``: whether a room code is this worker's own (a new
        room gets such a code, so the players who join it by code are handed to this
        worker and its steps are committed in one place: server/transport/routing.py)."""

    def _new_code(self) -> str:
        code = new_code()
        for _ in range(HOMED_TRIES):
            if self.homed is None or self.homed(code):
                break
            code = new_code()
        return code

    async def create(self, player: Player, conn: str, peer: str, msg: m.CreateRoom) -> RoomRecord:
        """A new room with ``player`` as its host in seat 0."""
        await self._count_room_opened(peer)
        return await self._open(
            player,
            conn,
            msg.preset,
            dict(msg.options),
            msg.seats,
            msg.public,
            msg.id,
            msg.ready_checks,
            fill_at_ms=0,
        )

    async def _open(
        self,
        player: Player,
        conn: str,
        preset: str,
        options: dict[str, bool | int | str],
        seats: int,
        public: bool,
        action_id: int,
        ready_checks: bool,
        fill_at_ms: int,
    ) -> RoomRecord:
        for _ in range(CODE_TRIES):
            code = self._new_code()
            out = Outcome()
            rec = rooms.new_room(
                code, player.id, player.name, preset, options, seats, public, conn,
                now_ms(), out, ready_checks,
            )  # fmt: skip
            rec.fill_at_ms = fill_at_ms
            rooms.remember(rec, player.id, action_id, 0, "")
            # (The new room's first events go into its log like any others.)
            first = functools.partial(_first_events, events=out.events)
            try:
                rec, _, _ = await self.service.apply(code, first, create=rec)
            except Refused as exc:
                if exc.code == ErrorCode.INTERNAL:
                    continue  # code collision: draw another
                raise
            return rec
        raise Refused(ErrorCode.INTERNAL, "could not allocate a room code")

    async def join(
        self, player: Player, conn: str, peer: str, text: str, seat: int | None, spectate: bool
    ) -> tuple[RoomRecord, int | None]:
        """Take a seat (or watch) in the room whose code a person typed as ``text``."""
        code = normalize(text)
        try:
            missing = code is None or await self.store.load(code) is None
        except NotDurable:
            raise waiting_for_store() from None
        if code is None or missing:
            guesses = await self.store.count_guess(peer, 60)
            if guesses > self.settings.guess_limit:
                log.warning("room_code_guessing", peer=peer, guesses=guesses)
                raise Refused(ErrorCode.RATE_LIMITED, "too many unknown room codes; wait a minute")
            raise Refused(ErrorCode.UNKNOWN_ROOM, f"no room has the code {text!r}")
        pid, name = player.id, player.name

        def run(rec: RoomRecord, out: Outcome) -> int | None:
            if spectate:
                rooms.spectate(rec, out, pid, conn)
                return None
            return rooms.join(rec, out, pid, name, conn, seat)

        rec, _, taken = await self.service.apply(code, run)
        return rec, taken

    async def quick(
        self, player: Player, conn: str, peer: str, msg: m.QuickJoin
    ) -> tuple[RoomRecord, int]:
        """Join the filling public room for (preset, players), or open the next one.

        A pointer in Redis names the room being filled; a short lock lets one
        connection at a time open a new room, so concurrent joiners share
        rooms, and the room's compare-and-set never lets a seat be taken twice.
        """
        try:
            make_rules(msg.preset, {"players": msg.players})
        except RulesError as exc:
            raise Refused(ErrorCode.BAD_RULES, str(exc)) from None
        pid, name = player.id, player.name
        preset, players = msg.preset, msg.players
        for _ in range(QUICK_TRIES):
            current = await self.store.quick_room(preset, players)
            if current is not None:
                try:
                    rec, _, taken = await self.service.apply(
                        current,
                        lambda rc, o: rooms.join(rc, o, pid, name, conn, None, ready=True),
                    )
                except Refused as exc:
                    if exc.code not in _STALE_QUICK:
                        raise
                else:
                    return rec, taken
            if await self.store.lock_quick(preset, players, conn):
                try:
                    if await self.store.quick_room(preset, players) != current:
                        continue  # another joiner opened a room meanwhile: try that one
                    await self._count_room_opened(peer)
                    fill_s = self.settings.quick_fill_s
                    rec = await self._open(
                        player, conn, preset, {}, players, True, msg.id, False,
                        fill_at_ms=now_ms() + int(fill_s * 1000) if fill_s > 0 else 0,
                    )  # fmt: skip
                    await self.store.set_quick_room(preset, players, rec.code)
                    return rec, 0
                finally:
                    await self.store.unlock_quick(preset, players)
            await asyncio.sleep(0.01)
        raise Refused(ErrorCode.INTERNAL, "could not find or open a room; try again")

    async def _count_room_opened(self, peer: str) -> None:
        limit = self.settings.rooms_per_min
        if limit and await self.store.count_create(peer, 60) > limit:
            log.warning("room_creation_limited", peer=peer, limit=limit)
            raise Refused(
                ErrorCode.RATE_LIMITED, f"at most {limit} new rooms a minute from one address"
            )
