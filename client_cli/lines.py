"""Line mode: one line per event, and simple prompts to play (scripts, tests, pipes).

Used when stdout is not a terminal, or with ``--lines``.  Enter flips; in a
hand game, a number chooses that card of the hand.  ``--auto`` plays by
itself (like a bot that prints).
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from client_cli.bot import STRATEGIES, play_game
from client_cli.render import cards, describe
from client_cli.session import (
    OUT_OF_ROOM,
    WAITING_FOR_STORE,
    LeftRoom,
    RoomGone,
    ServerError,
    Session,
    SessionClosed,
)
from client_cli.words import error_words, refusal
from protocol import messages as m


def _names(session: Session) -> list[str]:
    room = session.table.room
    return [s.name or "" for s in room.seats] if room is not None else []


def printer(session: Session, unicode: bool) -> Any:
    """An ``on_message`` callback printing each event as a line."""
    reconnects = [0]
    waiting = [False]

    def show(msg: object) -> None:
        if session.reconnects != reconnects[0]:
            reconnects[0] = session.reconnects
            print("(reconnected; resuming)", flush=True)
        if isinstance(msg, m.Error) and msg.code == WAITING_FOR_STORE:
            if not waiting[0]:  # (said once; the session sends the action again itself)
                waiting[0] = True
                print(f"({error_words(msg).rstrip('.')})", flush=True)
            return
        waiting[0] = False
        if isinstance(msg, m.Error):
            # An answer to an action (it has the action's id) is the asker's to
            # report, or a retry's to hide; only a message of the server's own
            # (no id: a frame it could not read, being put out) is printed here.
            if msg.id is None and msg.code not in OUT_OF_ROOM:  # (those end the command: cli)
                print(f"server says: {error_words(msg)}", flush=True)
            return
        line = describe(msg, _names(session), unicode)
        if line is not None:
            print(line, flush=True)

    return show


def _out(session: Session) -> int:
    """Out of the room (it is gone, or the host took the seat): say why; exit status 1."""
    out = session.out_of_room()
    why = error_words(out.error) if isinstance(out, LeftRoom) else str(out)
    print(f"{why.rstrip('.')}; you are in no room now", flush=True)
    return 1


async def _read_line() -> str | None:
    line = await asyncio.to_thread(sys.stdin.readline)
    return line if line else None


async def play_lines(session: Session, auto: bool, strategy: str, unicode: bool) -> int:
    """Play this seat game after game until stdin closes (or one game with ``auto``)."""
    t = session.table
    if auto:
        try:
            await play_game(session, STRATEGIES[strategy], timeout=3600)
        except (RoomGone, LeftRoom):
            return _out(session)
        return 0
    while True:
        await session.wait(
            lambda tb: tb.my_turn or tb.phase == "over" or tb.code is None, timeout=3600
        )
        if t.code is None:
            return _out(session)
        if t.phase == "over":
            return 0
        if t.hand_game:
            print(
                f"your hand: {cards(t.hand, unicode)}  (type 1-{len(t.hand)} and Enter)", flush=True
            )
        else:
            print("your turn: press Enter to flip", flush=True)
        line = await _read_line()
        if t.code is None:  # (the server said so meanwhile, and the printer showed it)
            return _out(session)
        if line is None:
            return 0
        try:
            if t.hand_game:
                index = int(line.strip() or "1") - 1
                if not 0 <= index < len(t.hand):
                    print(f"choose a number from 1 to {len(t.hand)}", flush=True)
                    continue
                await session.choose(t.step, t.hand[index])
            else:
                await session.flip(t.step)
        except ValueError:
            print("type the number of a card", flush=True)
        except ServerError as exc:
            print(f"server says: {refusal(exc.code, exc.message)}", flush=True)
        except SessionClosed as exc:
            print(f"the session ended: {exc}", flush=True)
            return 1
