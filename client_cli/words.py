"""What the client tells a person: refusals, results and links, as sentences.

A server's ``error.message`` is meant for people, but a schema refusal
(``bad_message``) carries the decoder's raw text (``Expected `int` <= 4 - at
`$.seats` ``): every refusal is said here in words of the client's own, with
the server's sentence kept where it adds something (which rule, which seat).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from protocol import messages as m

ROOM_GONE = "room_gone"
"""The room no longer exists (sent unasked, ``id`` nil, to every member): out of it."""
REMOVED = "removed"

REFUSALS: dict[str, str] = {
    "bad_frame": "The server could not read what krig sent.",
    "too_large": "That was too long for the server.",
    "bad_message": "The server did not accept that request.",
    "unknown_type": "This server does not know that action (an older server?).",
    "unsupported_version": "This server speaks another version of the krig protocol.",
    "hello_first": "The connection was not set up properly; try again.",
    "bad_session": "Your old session has expired; a new one is needed.",
    "rate_limited": "Too much at once: wait a moment and try again.",
    "shutting_down": "That server is shutting down; try again in a moment.",
    "unknown_room": "No room has that code. Check it with the host.",
    "room_full": "Every seat in that room is taken; you can watch it instead.",
    "room_locked": "The host has locked that room.",
    "not_in_room": "You are not in a room.",
    "already_in_room": "You are already in a room; leave it first.",
    "not_host": "Only the host can do that.",
    "bad_rules": "Those rules cannot be played.",
    "not_ready": "Not every player is ready yet.",
    "spectating_off": "The host does not allow watchers in that room.",
    "seat_taken": "That seat is taken.",
    "removed": "The host took your seat away, and the room allows no watchers.",
    "chat_off": "The host has turned the chat off.",
    "not_started": "The game has not started yet.",
    "already_started": "The game has already started.",
    "game_over": "The game is over.",
    "not_a_player": "Watchers cannot play.",
    "seat_out": "You are out of this game.",
    "not_awaiting": "It is not your turn.",
    "already_acted": "You have already played this turn.",
    "wrong_action": "That is not how this game is played (flip, or choose a card).",
    "card_not_in_hand": "That card is not in your hand.",
    "stale_step": "The table had moved on; look again.",
    "waiting_for_store": "The table is waiting for its store; trying again.",
    "internal": "The server failed; nothing was changed. Try again.",
    ROOM_GONE: "The room is gone: the server no longer has it.",
}
"""Every error code of PROTOCOL.md §6 (and ``room_gone``), as a sentence."""

_RAW = re.compile(r"Expected `|at `\$|Object missing|Invalid enum|\$\.|^\w+ \(\w+\)$")
"""A decoder's own text (a schema refusal), never shown to a person."""


def refusal(code: str, message: str = "") -> str:
    """A refusal as a sentence: the server's own sentence when it is one, else the client's."""
    detail = message.strip()
    raw = not detail or bool(_RAW.search(detail))
    if code == "waiting_for_store":  # (the server's sentence speaks of action ids)
        return REFUSALS[code]
    if code == "bad_rules" and not raw:
        return f"Those rules cannot be played: {detail.rstrip('.')}."
    if not raw:
        return _sentence(detail)
    return REFUSALS.get(code, "The server refused that.")


def error_words(error: m.Error) -> str:
    return refusal(error.code, error.message)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def browser_link(ws_url: str, code: str) -> str:
    """The browser's link to room ``code`` on the server of ``ws_url`` (ws→http, wss→https)."""
    parts = urlsplit(ws_url)
    scheme = {"wss": "https", "ws": "http"}.get(parts.scheme, parts.scheme)
    return urlunsplit((scheme, parts.netloc, f"/r/{code}", "", ""))


def ws_url(text: str) -> str:
    """A server address as typed (ws://…/ws, or a browser's http(s)://HOST:PORT) as a ws URL.

    ValueError with a sentence when it cannot be one."""
    raw = text.strip()
    if "://" not in raw:
        raw = "ws://" + raw
    parts = urlsplit(raw)
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    if scheme not in ("ws", "wss") or not parts.netloc:
        raise ValueError(
            f"{text!r} is not a server address; write it as ws://HOST:PORT/ws "
            "(or wss://, or the http(s):// address of the browser page)"
        )
    path = parts.path if parts.path not in ("", "/") and not parts.path.startswith("/r/") else "/ws"
    return urlunsplit((scheme, parts.netloc, path, parts.query, ""))


def result_words(winners: list[int], draw: bool, seat: int | None, names: list[str]) -> str:
    """The result from the viewer's side: "You win", "You lose", "Draw", "Ada wins"."""

    def name(s: int) -> str:
        return names[s] if 0 <= s < len(names) and names[s] else f"seat {s + 1}"

    if draw:
        if seat is not None and seat in winners:
            others = [name(s) for s in winners if s != seat]
            return "Draw" + (f" with {', '.join(others)}" if others and len(winners) > 2 else "")
        if seat is None or len(winners) == len(names):
            return "Draw"
        return f"Draw between {' and '.join(name(s) for s in winners)}: you lose"
    if seat is not None:
        return "You win" if seat in winners else "You lose"
    return f"{name(winners[0])} wins" if winners else "Game over"
