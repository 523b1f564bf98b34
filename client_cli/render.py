"""Plain one-line descriptions of protocol messages, for line mode and replays."""

from __future__ import annotations

from protocol import messages as m
from protocol.cards import card_text

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card(code: int | None, unicode: bool = True) -> str:
    if code is None:
        return "##"
    text = card_text(code)
    if unicode and text[-1] in SUIT_SYMBOLS and text not in ("RJ", "BJ"):
        return text[:-1] + SUIT_SYMBOLS[text[-1]]
    return text


def cards(codes: list[int] | list[int | None], unicode: bool = True) -> str:
    return " ".join(card(c, unicode) for c in codes)


def describe(msg: object, names: list[str] | None = None, unicode: bool = True) -> str | None:
    """One line for a room event (None for messages not worth a line)."""

    def who(seat: int) -> str:
        if names and 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return f"seat {seat + 1}"

    if isinstance(msg, m.GameStarted):
        return (
            f"game {msg.game} starts: {msg.players} players, {'/'.join(map(str, msg.counts))} cards"
        )
    if isinstance(msg, m.Revealed):
        shown = ", ".join(
            f"{who(s)} {card(c, unicode)}" + (f" (+{msg.down[s]} down)" if msg.down[s] else "")
            for s, c in enumerate(msg.up)
            if c is not None
        )
        label = "war" if msg.war else "trick"
        return f"{label} {msg.trick}{'.' + str(msg.war) if msg.war else ''}: {shown}"
    if isinstance(msg, m.War):
        return f"WAR between {', '.join(who(s) for s in msg.seats)}: {msg.down} down, then one up"
    if isinstance(msg, m.TrickWon):
        extra = ""
        if msg.returned_to is not None and msg.returned:
            extra += f"; {who(msg.returned_to)} takes back {cards(msg.returned, unicode)}"
        if msg.stolen_from:
            extra += f"; steals from {', '.join(who(s) for s in msg.stolen_from)}"
        return f"{who(msg.winner)} wins {msg.total} cards{extra}"
    if isinstance(msg, m.Shuffled):
        return f"{who(msg.seat)} shuffles {msg.count} won cards into a new pile"
    if isinstance(msg, m.PlayerOut):
        return f"{who(msg.seat)} is out ({msg.reason.replace('_', ' ')})"
    if isinstance(msg, m.GameOver):
        if msg.result == "draw":
            return (
                f"game over: draw between {', '.join(who(s) for s in msg.winners)} ({msg.reason})"
            )
        return f"game over: {who(msg.winners[0])} wins ({msg.reason}); cards {msg.counts}"
    if isinstance(msg, m.DealRevealed):
        return f"deal revealed: commitment {msg.commitment[:19]}… can now be checked"
    if isinstance(msg, m.PlayerJoined):
        return f"{msg.name} sits at seat {msg.seat + 1}{' (computer)' if msg.bot else ''}"
    if isinstance(msg, m.PlayerLeft):
        return f"{who(msg.seat)} left"
    if isinstance(msg, m.PlayerDisconnected):
        return f"{who(msg.seat)} lost the connection"
    if isinstance(msg, m.PlayerReconnected):
        return f"{who(msg.seat)} is back"
    if isinstance(msg, m.ChatSaid):
        return f"{msg.name}{'' if msg.seat is not None else ' (watching)'}: {msg.text}"
    return None
