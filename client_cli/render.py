"""Plain one-line descriptions of protocol messages, for line mode and replays."""

from __future__ import annotations

from client_cli.i18n import has, t
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
    """One line for a room event (None for messages not worth a line), in the client's
    language; names and chat as they are written."""

    def who(seat: int) -> str:
        if names and 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return t("seat-n", seat=str(seat + 1))

    def all_of(seats: list[int]) -> str:
        return ", ".join(who(s) for s in seats)

    if isinstance(msg, m.GameStarted):
        counts = "/".join(map(str, msg.counts))
        return t("event-game-starts", game=str(msg.game), players=msg.players, counts=counts)
    if isinstance(msg, m.Revealed):
        shown = ", ".join(
            t("event-card-down", name=who(s), card=card(c, unicode), down=msg.down[s])
            if msg.down[s]
            else t("event-card", name=who(s), card=card(c, unicode))
            for s, c in enumerate(msg.up)
            if c is not None
        )
        if msg.war:
            return t("event-war-round", trick=str(msg.trick), war=str(msg.war), shown=shown)
        return t("event-trick", trick=str(msg.trick), shown=shown)
    if isinstance(msg, m.War):
        return t("event-war", names=all_of(msg.seats), down=msg.down)
    if isinstance(msg, m.TrickWon):
        line = t("event-won", name=who(msg.winner), total=msg.total)
        if msg.returned_to is not None and msg.returned:
            back = cards(msg.returned, unicode)
            line += t("event-won-takes-back", name=who(msg.returned_to), cards=back)
        if msg.stolen_from:
            line += t("event-won-steals", names=all_of(msg.stolen_from))
        return line
    if isinstance(msg, m.Shuffled):
        return t("event-shuffled", name=who(msg.seat), count=msg.count)
    if isinstance(msg, m.PlayerOut):
        return t("event-out", name=who(msg.seat), reason=_said("out", msg.reason))
    if isinstance(msg, m.GameOver):
        reason = _said("end", msg.reason)
        if msg.result == "draw":
            return t("event-game-over-draw", names=all_of(msg.winners), reason=reason)
        counts = "[" + ", ".join(map(str, msg.counts)) + "]"
        return t("event-game-over-win", name=who(msg.winners[0]), reason=reason, counts=counts)
    if isinstance(msg, m.DealRevealed):
        return t("event-deal-revealed", commitment=msg.commitment[:19])
    if isinstance(msg, m.PlayerJoined):
        key = "event-joined-bot" if msg.bot else "event-joined"
        return t(key, name=msg.name, seat=str(msg.seat + 1))
    if isinstance(msg, m.PlayerLeft):
        return t("event-left", name=who(msg.seat))
    if isinstance(msg, m.PlayerDisconnected):
        return t("event-disconnected", name=who(msg.seat))
    if isinstance(msg, m.PlayerReconnected):
        return t("event-back", name=who(msg.seat))
    if isinstance(msg, m.ChatSaid):
        key = "event-chat" if msg.seat is not None else "event-chat-watching"
        return t(key, name=msg.name, text=msg.text)
    return None


OUT_REASONS = ("no_cards", "short_war")
"""Why a seat is out (``player_out.reason``): ``out-<reason>`` in the catalogue."""


def _said(kind: str, reason: str) -> str:
    """A reason code (``player_out`` or ``game_over``) as the catalogue says it, or as it is."""
    key = f"{kind}-{reason}"
    return t(key) if has(key) else reason.replace("_", " ")
