"""The table as lines of text: a pure function of the client's Table, for any size.

Kept separate from the terminal so it can be tested directly; the terminal
loop (:mod:`client_cli.tui`) only draws these lines and reads keys.
"""

from __future__ import annotations

import time

from client_cli.render import card
from client_cli.table import Table

BACK = "▒▒"
BACK_ASCII = "##"


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _clock(ms_left: int) -> str:
    secs = max(0, ms_left // 1000)
    return f"{secs // 60}:{secs % 60:02d}"


def render(
    table: Table,
    width: int = 80,
    height: int = 24,
    unicode: bool = True,
    status: str = "",
    messages: list[str] | None = None,
    now_ms: int | None = None,
) -> list[str]:
    """Exactly ``height`` lines of at most ``width`` characters."""
    now = int(time.time() * 1000) if now_ms is None else now_ms
    room = table.room
    lines: list[str] = []
    head = "krig"
    if room is not None:
        head += f"  room {room.code}  {room.preset}  game {room.game}"
    if table.phase in ("battle", "war") and table.last_reveal is not None:
        head += f"  trick {table.last_reveal.trick + (0 if table.phase == 'war' else 1)}"
    if table.phase == "war":
        head += "  WAR!"
    if status:
        head += f"  [{status}]"
    lines.append(_fit(head, width))
    lines.append("─" * min(width, 80))
    names = [s.name or "(free)" for s in room.seats] if room is not None else []
    # The trick on the table, or the last one until the next reveal.
    shown = table.on_table if any(table.on_table) else table.last_table
    for s, name in enumerate(names):
        me = " (you)" if s == table.seat else ""
        count = table.counts[s] if s < len(table.counts) else 0
        out = s < len(table.active) and not table.active[s]
        if table.phase in ("battle", "war") and s in table.awaiting:
            state = "✓ flipped" if s in table.acted else "… to flip"
        elif out:
            state = "out"
        else:
            state = ""
        laid = shown[s] if s < len(shown) else []
        cards = " ".join(
            (BACK if unicode else BACK_ASCII) if c is None else card(c, unicode) for c in laid
        )
        left = f"{name}{me}"[:16].ljust(16)
        line = f"{left} {count:3d} cards  {state:10} {cards}"
        if len(line) <= width or not cards:
            lines.append(_fit(line.rstrip(), width))
        else:  # narrow terminal: the cards get their own line
            lines.append(_fit(f"{left} {count:3d} cards  {state}", width))
            lines.append(_fit(f"  {cards}", width))
    lines.append("─" * min(width, 80))
    if table.last_trick is not None and table.phase != "over":
        t = table.last_trick
        winner = names[t.winner] if t.winner < len(names) else f"seat {t.winner + 1}"
        lines.append(_fit(f"last trick: {winner} took {t.total} cards", width))
    if table.result is not None:
        r = table.result
        if r.result == "draw":
            lines.append(_fit(f"GAME OVER: draw ({r.reason})", width))
        else:
            w = names[r.winners[0]] if r.winners[0] < len(names) else "?"
            lines.append(_fit(f"GAME OVER: {w} wins ({r.reason})", width))
    clocks = []
    if table.deadline_ms and table.phase in ("battle", "war"):
        clocks.append(f"turn {_clock(table.deadline_ms - now)}")
    if table.game_ends_ms and table.phase != "over":
        clocks.append(f"game {_clock(table.game_ends_ms - now)} left")
    if clocks:
        lines.append("clock: " + "   ".join(clocks))
    if table.hand_game and table.seat is not None:
        hand = "  ".join(f"[{i + 1}] {card(c, unicode)}" for i, c in enumerate(table.hand))
        lines.append(_fit(f"your hand: {hand}", width))
    footer = "q quit"
    if table.my_turn:
        footer = ("1-5 choose a card" if table.hand_game else "SPACE flip") + "   " + footer
    elif table.phase == "over":
        footer = "r rematch   " + footer
    body_room = height - len(lines) - 1
    for msg in (messages or [])[-max(0, body_room) :]:
        lines.append(_fit(msg, width))
    while len(lines) < height - 1:
        lines.append("")
    lines = lines[: height - 1]
    lines.append(_fit(footer, width))
    return lines
