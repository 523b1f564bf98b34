"""How the table looks: cards as coloured chips, the clock, seat lines (Rich text, no markup).

Everything that comes from other people (names, chat) goes into ``Text``
objects as plain strings, so nothing they type is read as markup.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from protocol.cards import BLACK_JOKER, RED_JOKER, card_text

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED = Style(color="red3", bgcolor="grey93", bold=True)
BLACK = Style(color="black", bgcolor="grey93", bold=True)
BACK = Style(color="dodger_blue2", bgcolor="grey93")
PLAIN_RED = Style(color="red", bold=True)
PLAIN_BLACK = Style(bold=True)


def is_red(code: int) -> bool:
    return code == RED_JOKER or (code != BLACK_JOKER and (code & 3) in (1, 2))


def face(code: int, unicode: bool = True) -> str:
    """``7♥``, ``10♠``, ``JK`` (unicode) or ``7H``, ``10S``, ``RJ`` (ascii)."""
    text = card_text(code)
    if code in (RED_JOKER, BLACK_JOKER):
        return "JK" if unicode else text
    return text[:-1] + SUITS[text[-1]] if unicode else text


def chip(code: int | None, unicode: bool = True) -> Text:
    """One card, four cells wide: a face (red or black on a card-white ground) or a back."""
    if code is None:
        return Text(" ▒▒ " if unicode else "[##]", style=BACK if unicode else "")
    label = face(code, unicode)
    if unicode:
        return Text(f"{label:>3} ", style=RED if is_red(code) else BLACK)
    return Text(f"[{label:>3}]", style=PLAIN_RED if is_red(code) else PLAIN_BLACK)


def chips(codes: list[int | None], unicode: bool, width: int) -> Text:
    """A seat's cards on the table, face-down runs folded ("▒▒ x3") when they do not fit."""
    out = Text()
    if not codes:
        return out
    full = len(codes) * (4 if unicode else 5) + len(codes) - 1
    if full <= width:
        for i, c in enumerate(codes):
            if i:
                out.append(" ")
            out.append_text(chip(c, unicode))
        return out
    # Fold each run of face-down cards into one back with a count.
    i = 0
    first = True
    while i < len(codes):
        if not first:
            out.append(" ")
        first = False
        if codes[i] is None:
            j = i
            while j < len(codes) and codes[j] is None:
                j += 1
            out.append_text(chip(None, unicode))
            if j - i > 1:
                out.append(f"\u00d7{j - i}" if unicode else f"x{j - i}")
            i = j
        else:
            out.append_text(chip(codes[i], unicode))
            i += 1
    if out.cell_len > width:  # still too wide: keep the latest cards
        out = Text("… ") + out[out.cell_len - width + 2 :]
    return out


def card_words(codes: list[int], unicode: bool) -> Text:
    """Cards in running text (the trick log): coloured, no ground."""
    out = Text()
    for i, c in enumerate(codes):
        if i:
            out.append(" ")
        out.append(face(c, unicode), style=PLAIN_RED if is_red(c) else PLAIN_BLACK)
    return out


def clock(ms_left: int) -> str:
    secs = max(0, (ms_left + 999) // 1000)
    return f"{secs // 60}:{secs % 60:02d}"


def rule(width: int, unicode: bool) -> Text:
    return Text(("─" if unicode else "-") * max(0, width), style="grey50")


BORDER = "grey58"


def big_cards(codes: list[int | None], unicode: bool, width: int) -> list[Text]:
    """Cards three lines high (a frame around rank and suit), face-down runs folded to
    fit ``width``: the three lines, each a Text."""
    runs: list[tuple[int | None, int]] = []  # (card, 1) or (None, how many down)
    fits = len(codes) * 6 - 1 <= width
    for c in codes:
        if c is None and runs and runs[-1][0] is None and not fits:
            runs[-1] = (None, runs[-1][1] + 1)
        else:
            runs.append((c, 1))
    while runs and len(runs) * 6 - 1 > width:  # still too wide: keep the latest
        runs.pop(0)
    top, mid, bottom = Text(), Text(), Text()
    tl, tr, bl, br, h, v = (
        ("╭", "╮", "╰", "╯", "─", "│") if unicode else ("+", "+", "+", "+", "-", "|")
    )
    for i, (c, n) in enumerate(runs):
        if i:
            for line in (top, mid, bottom):
                line.append(" ")
        top.append(tl + h * 3 + tr, style=BORDER)
        bottom.append(bl + h * 3 + br, style=BORDER)
        mid.append(v, style=BORDER)
        if c is None:
            inner = ("▒▒▒" if unicode else "###") if n == 1 else f"x{n}".center(3)
            if unicode and n > 1:
                inner = f"\u00d7{n}".center(3)
            mid.append(inner, style=BACK)
        else:
            label = face(c, unicode)
            rank, suit = label[:-1], label[-1]
            if label in ("JK", "RJ", "BJ"):
                rank, suit = label, ""
            inner = f"{rank}{suit}" if len(rank) == 2 and suit else f"{rank:<2}{suit}"
            mid.append(f"{inner:<3}", style=RED if is_red(c) else BLACK)
        mid.append(v, style=BORDER)
    return [top, mid, bottom]


def large_cards(codes: list[int | None], unicode: bool, width: int) -> list[Text]:
    """Cards five lines high and seven cells wide (rank in the corners, the suit in the
    middle), face-down runs folded to fit ``width``: the five lines, each a Text."""
    runs: list[tuple[int | None, int]] = []  # (card, 1) or (None, how many down)
    fits = len(codes) * 8 - 1 <= width
    for c in codes:
        if c is None and runs and runs[-1][0] is None and not fits:
            runs[-1] = (None, runs[-1][1] + 1)
        else:
            runs.append((c, 1))
    while runs and len(runs) * 8 - 1 > width:  # still too wide: keep the latest
        runs.pop(0)
    lines = [Text() for _ in range(5)]
    tl, tr, bl, br, h, v = (
        ("╭", "╮", "╰", "╯", "─", "│") if unicode else ("+", "+", "+", "+", "-", "|")
    )
    shade = "▒" if unicode else "#"
    for i, (c, n) in enumerate(runs):
        if i:
            for line in lines:
                line.append(" ")
        lines[0].append(tl + h * 5 + tr, style=BORDER)
        lines[4].append(bl + h * 5 + br, style=BORDER)
        if c is None:
            count = (f"\u00d7{n}" if unicode else f"x{n}") if n > 1 else shade * 5
            inner = [shade * 5, count.center(5, shade) if n > 1 else shade * 5, shade * 5]
            for k, text in enumerate(inner):
                lines[k + 1].append(v, style=BORDER)
                lines[k + 1].append(text, style=BACK)
                lines[k + 1].append(v, style=BORDER)
            continue
        label = face(c, unicode)
        rank, suit = label[:-1], label[-1]
        if label in ("JK", "RJ", "BJ"):
            rank, suit = label, "*"
        style = RED if is_red(c) else BLACK
        for k, text in enumerate((f"{rank:<5}", f"{suit:^5}", f"{rank:>5}")):
            lines[k + 1].append(v, style=BORDER)
            lines[k + 1].append(text, style=style)
            lines[k + 1].append(v, style=BORDER)
    return lines
