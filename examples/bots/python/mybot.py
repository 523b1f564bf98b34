"""A War bot in Python on krig's client library (docs/BOTS.md).

python examples/bots/python/mybot.py ws://127.0.0.1:8765/ws [CODE]
krig bot CODE --strategy examples/bots/python/mybot.py:choose
krig arena --bots smart,examples/bots/python/mybot.py:choose --games 200
"""

from __future__ import annotations

import asyncio
import sys

from client_cli.bots import Bot, Session, View, play_game, rank


def choose(view: View) -> int:
    """Win a battle as cheaply as possible; in a war, play the highest card."""
    hand = sorted(view.hand, key=rank)
    if view.phase == "war":
        return hand[-1]
    # What the others laid face up before? Nothing in a battle: guess from the cards
    # they are known to hold (None: a card nobody has seen yet).
    theirs = [c for s in view.contenders for c in (view.hands[s] if view.hands else ()) if c]
    if theirs:
        their_low = min(rank(c) for c in theirs)
        beats = [c for c in hand[:-1] if rank(c) > their_low]  # (never the best card)
        if beats:
            return beats[0]
    return hand[0]


async def main(url: str, code: str | None) -> None:
    s = Session(url, "py-bot")
    bot = Bot(choose)
    bot.follow(s)  # (from the start: it then knows the cards it saw go under a pile)
    await s.connect()
    try:
        if code:
            await s.join(code)
        else:
            await s.create("arneson", 2)
            await s.add_bot(level="normal")
        await s.wait(lambda t: t.phase in ("battle", "war"), 60)
        await play_game(s, bot)
        result = s.table.result
        assert result is not None
        print(f"game over: {result.result}, winners {result.winners}; I sat at {s.table.seat}")
    finally:
        await s.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None))
