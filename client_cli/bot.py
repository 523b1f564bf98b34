"""Headless seats: act whenever the table awaits this seat, until the game ends."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from client_cli.session import ServerError, Session
from client_cli.table import Table

Strategy = Callable[[Table], int]
"""Picks a hand card (Arneson) from the table."""

RETRYABLE = {"stale_step", "already_acted", "not_awaiting", "seat_out", "game_over"}
"""Answers that mean "the table moved on" (e.g. the server played this seat while
the connection was down): read the table again instead of giving up."""


def lowest_first(table: Table) -> int:
    return min(table.hand, key=lambda c: c >> 2)


def highest_first(table: Table) -> int:
    return max(table.hand, key=lambda c: c >> 2)


def random_card(table: Table) -> int:
    return random.choice(table.hand)


async def play_game(
    session: Session,
    strategy: Strategy = lowest_first,
    delay: Callable[[], float] | None = None,
    timeout: float = 120.0,
) -> None:
    """Play this seat until the current game is over."""
    t = session.table
    games_before = t.games_over
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while t.games_over == games_before:
        await session.wait(
            lambda tb: tb.my_turn or tb.games_over != games_before, deadline - loop.time()
        )
        if t.games_over != games_before:
            break
        if delay is not None:
            await asyncio.sleep(delay())
        step = t.step
        try:
            if t.hand_game:
                await session.choose(step, strategy(t))
            else:
                await session.flip(step)
        except ServerError as exc:
            if exc.code not in RETRYABLE:
                raise

            def moved(tb: Table, s: int = step) -> bool:
                return tb.step != s or not tb.my_turn

            await session.wait(moved, 5.0)
        # The server sends this seat's "acted" event before the ack, so the
        # table already knows this seat acted: no local bookkeeping needed.
