"""Players' sessions in Redis: made, resumed with a token that rotates, and the room
each is in (so a resumed session finds it)."""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import time
from dataclasses import dataclass

from redis.exceptions import RedisError

from server.store.keys import player_key
from server.store.replies import Calls, as_text, script_sha
from server.store.scripts import ROTATE

RESUME_RETRY_MS = 30_000
"""How long a resume's token still passes if the store did not confirm the resume
(so its client never got the new token): it says hello again with the old one."""


@dataclass(slots=True)
class Player:
    id: str
    name: str
    room: str


def now_ms() -> int:
    return int(time.time() * 1000)


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class Players:
    """The sessions' keys (``Store.players``); every call durable (``Store.run``)."""

    def __init__(self, run: Calls, session_ttl_s: int) -> None:
        self.run = run
        self.session_ttl_s = session_ttl_s
        self._rotate_sha = script_sha(ROTATE)

    async def new_player(self, name: str) -> tuple[Player, str]:
        player = "p" + secrets.token_hex(6)
        secret = secrets.token_urlsafe(24)
        key = player_key(player)
        await self.run(
            [("HSET", key, "tok", _digest(secret), "name", name, "room", ""),
             ("EXPIRE", key, self.session_ttl_s)]
        )  # fmt: skip
        return Player(player, name, ""), f"{player}.{secret}"

    async def resume(self, token: str) -> tuple[Player, str] | None:
        """Check a token and rotate it: the old token stops working once the store
        confirms the new one (before that, the client never got the new one: see
        ROTATE), else RESUME_RETRY_MS after."""
        player, sep, secret = token.partition(".")
        if not sep or not player.startswith("p") or not secret:
            return None
        fresh = secrets.token_urlsafe(24)
        key = player_key(player)
        ok, (name, room) = await self.run(
            [("EVALSHA", self._rotate_sha, 1, key, _digest(secret), _digest(fresh),
              self.session_ttl_s, now_ms(), RESUME_RETRY_MS),
             ("HMGET", key, "name", "room")]
        )  # fmt: skip
        if not int(ok or 0):
            return None
        # Confirmed (durable): the token given stops working now, not at prev_till.
        with contextlib.suppress(RedisError):  # (if not, it does at prev_till)
            await self.run([("HDEL", key, "prev", "prev_till")])
        return Player(player, as_text(name), as_text(room)), f"{player}.{fresh}"

    async def set_player_room(self, player: str, room: str, name: str | None = None) -> None:
        more = () if name is None else ("name", name)
        await self.run([("HSET", player_key(player), "room", room, *more)])
