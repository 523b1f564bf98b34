"""Headless seats: act whenever the table awaits this seat, until the game ends.

A strategy (:mod:`krig_bots`) sees a :class:`~krig_bots.View` of the table and
returns a card. A bot that raises, takes too long or returns a card it does not
hold gets one line on stderr, and the automatic choice the server would make
(its lowest card in a battle, its highest in a war) is played for it: the game
goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import queue
import random
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

from client_cli.session import RoomGone, ServerError, Session
from client_cli.strategies import Loaded, load_strategy
from client_cli.table import Table
from client_cli.tracking import HandTracker
from krig_bots import BUILT_IN, Strategy, View, war_saver
from protocol.cards import card_text

STRATEGIES: dict[str, Strategy] = dict(BUILT_IN)
"""The built-in strategies by name (``--strategy``)."""

RETRYABLE = {"stale_step", "already_acted", "not_awaiting", "seat_out", "game_over"}
"""Answers that mean "the table moved on" (e.g. the server played this seat while
the connection was down): read the table again instead of giving up."""
MOVED_ON_WAIT_S = 15.0
"""How long a bot waits, after such an answer, to hear how the table moved on:
longer than a server waits out a Redis restart (10 s), so a late catch-up is not
taken for a stuck table (with 5 s, soaks counted rooms that were only slow)."""
DECIDE_S = 5.0
"""The longest a strategy may think when the room has no turn timer."""
MARGIN_S = 0.5
"""Left of a turn timer for the choice to reach the server."""


def human_delay() -> float:
    """A human-like pause before a flip: 0.3-1.2 s."""
    return 0.3 + random.random() * 0.9


def view_of(table: Table, tracker: HandTracker | None = None) -> View:
    """What the table shows this seat, as the strategy's view."""
    seat = table.seat if table.seat is not None else 0
    war = table.phase == "war" and table.war is not None
    hands = tracker.hands() if tracker is not None else ()
    if hands and seat < len(hands):
        hands = (*hands[:seat], tuple(table.hand), *hands[seat + 1 :])
    rules = table.room.rules if table.room is not None else {}
    left: float | None = None
    if table.deadline_ms:
        left = max(table.deadline_ms / 1000 - time.time(), 0.0)
    code = table.code or ""
    return View(
        seat=seat,
        players=len(table.counts),
        phase="war" if table.phase == "war" else "battle",
        hand=tuple(table.hand),
        counts=tuple(table.counts),
        active=tuple(table.active),
        table=tuple(tuple(row) for row in table.on_table),
        war_seats=tuple(s for s in table.war.seats if s not in table.war.stuck)
        if war and table.war is not None
        else (),
        seen=frozenset(table.revealed_cards),
        hands=hands,
        held=tracker.held() if tracker is not None else (),
        hand_groups=tracker.hand_groups() if tracker is not None else (),
        rules=dict(rules),
        step=table.step,
        time_left_s=left,
        rng_seed=hash((code, table.ended_game, seat, table.step)) & 0xFFFFFFFF,
    )


class _Worker:
    """A daemon thread that runs a plain function strategy (so a hang stops only it)."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[tuple[Callable[[View], Any], View, Any, Any]] = (
            queue.SimpleQueue()
        )
        self.busy = False
        threading.Thread(target=self._run, daemon=True, name="krig-bot").start()

    def _run(self) -> None:
        while True:
            fn, view, loop, fut = self.jobs.get()
            try:
                result: tuple[bool, Any] = (True, fn(view))
            except BaseException as exc:
                result = (False, exc)
            self.busy = False
            with contextlib.suppress(RuntimeError):  # (the loop is gone: nobody waits)
                loop.call_soon_threadsafe(_settle, fut, result)


def _settle(fut: asyncio.Future[Any], result: tuple[bool, Any]) -> None:
    if fut.done():
        return  # (timed out already)
    ok, value = result
    if ok:
        fut.set_result(value)
    else:
        fut.set_exception(value)


class Bot:
    """A strategy with its guard: time limit, legality, a line on stderr for each fault."""

    def __init__(
        self,
        strategy: Strategy | Loaded | str,
        *,
        decide_s: float = DECIDE_S,
        err: TextIO | None = None,
    ) -> None:
        if isinstance(strategy, str):
            strategy = load_strategy(strategy)
        if isinstance(strategy, Loaded):
            self.name, self.fn, self.inline = strategy.name, strategy.strategy, strategy.built_in
        else:
            self.name = getattr(strategy, "__name__", "bot")
            self.fn, self.inline = strategy, False
        self.decide_s = decide_s
        self.err = err
        self.faults = 0
        self.tracker = HandTracker()
        self._worker: _Worker | None = None

    def _say(self, view: View, what: str, card: int) -> None:
        self.faults += 1
        out = self.err if self.err is not None else sys.stderr
        print(
            f"krig: bot {self.name} {what} at step {view.step}; "
            f"the automatic choice plays for it: {card_text(card)}",
            file=out,
            flush=True,
        )

    def limit(self, view: View) -> float:
        if view.time_left_s is None:
            return self.decide_s
        return max(min(self.decide_s, view.time_left_s - MARGIN_S), 0.05)

    async def choose(self, view: View) -> int:
        """The strategy's card, or the automatic one when it fails (said on stderr)."""
        limit = self.limit(view)
        try:
            if self.inline:
                card: Any = self.fn(view)
                if inspect.isawaitable(card):
                    card = await asyncio.wait_for(card, limit)
            elif inspect.iscoroutinefunction(self.fn):
                card = await asyncio.wait_for(self.fn(view), limit)
            else:
                worker = self._worker
                if worker is None or worker.busy:  # (a hung call keeps its thread)
                    worker = self._worker = _Worker()
                loop = asyncio.get_running_loop()
                fut: asyncio.Future[Any] = loop.create_future()
                worker.busy = True
                worker.jobs.put((self.fn, view, loop, fut))
                card = await asyncio.wait_for(fut, limit)
                if inspect.isawaitable(card):
                    card = await asyncio.wait_for(card, limit)
        except TimeoutError:
            auto = war_saver(view)
            self._say(view, f"took longer than {limit:.1f} s", auto)
            return auto
        except Exception as exc:
            auto = war_saver(view)
            self._say(view, f"raised {type(exc).__name__}: {exc}", auto)
            return auto
        if type(card) is not int or card not in view.hand:
            auto = war_saver(view)
            held = " ".join(card_text(c) for c in view.hand)
            self._say(view, f"returned {card!r}, not a card in its hand ({held})", auto)
            return auto
        return card

    def follow(self, session: Session) -> None:
        """Have the tracker hear the room's events (for ``View.hands``)."""
        before = session.on_message
        tracker = self.tracker

        def on_message(msg: Any) -> None:
            room = session.table.room
            seat = session.table.seat
            tracker.feed(msg, room.rules if room is not None else {}, -1 if seat is None else seat)
            if before is not None:
                before(msg)

        session.on_message = on_message


async def play_game(
    session: Session,
    strategy: Strategy | Bot | str = war_saver,
    delay: Callable[[], float] | None = None,
    timeout: float = 120.0,
) -> None:
    """Play this seat until the current game is over."""
    bot = strategy if isinstance(strategy, Bot) else Bot(strategy)
    t = session.table
    games_before = t.games_over
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while t.games_over == games_before:
        await session.wait(
            lambda tb: tb.my_turn or tb.games_over != games_before or tb.code is None,
            deadline - loop.time(),
        )
        if t.games_over != games_before:
            break
        if t.code is None:
            raise session.out_of_room()
        if delay is not None:
            await asyncio.sleep(delay())
        step = t.step
        try:
            if t.hand_game:
                card = await bot.choose(view_of(t, bot.tracker))
                if t.step != step or not t.my_turn:
                    continue  # (the server played this seat while the bot thought)
                await session.choose(step, card)
            else:
                await session.flip(step)
        except ServerError as exc:
            if exc.code == "room_gone":
                raise RoomGone(session.room_gone) from None
            if exc.code not in RETRYABLE:
                raise

            def moved(tb: Table, s: int = step) -> bool:
                return tb.step != s or not tb.my_turn

            await session.wait(moved, MOVED_ON_WAIT_S)
        # The server sends this seat's "acted" event before the ack, so the
        # table already knows this seat acted: no local bookkeeping needed.
