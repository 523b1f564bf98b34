"""What the client tells a person: refusals, results and links, as sentences.

A server's ``error.message`` is meant for people, but a schema refusal
(``bad_message``) carries the decoder's raw text (``Expected `int` <= 4 - at
`$.seats` ``): every refusal is said here in words of the client's own, with
the server's sentence kept where it adds something (which rule, which seat).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from client_cli.i18n import ENGLISH, and_list, language, t
from client_cli.session import RoomGone, SessionClosed
from protocol import messages as m
from protocol.errors import ErrorCode

ROOM_GONE = "room_gone"
"""The room no longer exists (sent unasked, ``id`` nil, to every member): out of it."""
REMOVED = "removed"

REFUSALS: tuple[str, ...] = tuple(code.value for code in ErrorCode)
"""Every error code of PROTOCOL.md §6 (``room_gone`` too): the catalogue says each as a
sentence (``error-<code>``)."""


_RAW = re.compile(r"Expected `|at `\$|Object missing|Invalid enum|\$\.|^\w+ \(\w+\)$")
"""A decoder's own text (a schema refusal), never shown to a person."""


def refusal(code: str, message: str = "") -> str:
    """A refusal as a sentence in the client's language. In English, the server's own
    sentence when it is one (it names the rule, or the code); in another language the
    code's sentence (the server's text is English, for tools and logs)."""
    detail = message.strip()
    raw = not detail or bool(_RAW.search(detail))
    if code == "waiting_for_store":  # (the server's sentence speaks of action ids)
        return t("error-waiting_for_store")
    if language() == ENGLISH and not raw:
        if code == "bad_rules":
            return t("error-bad_rules-detail", detail=detail.rstrip("."))
        return _sentence(detail)
    return t(f"error-{code}") if code in REFUSALS else t("error-unknown")


def error_words(error: m.Error) -> str:
    return refusal(error.code, error.message)


def gone_words(gone: SessionClosed) -> str:
    """Why the session is in no room: the room is gone (``room_gone``), naming its code."""
    if not isinstance(gone, RoomGone):
        return str(gone)
    return t("lines-room-gone", code=gone.code or "").replace("  ", " ")


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
        raise ValueError(t("error-not-an-address", address=repr(text)))
    path = parts.path if parts.path not in ("", "/") and not parts.path.startswith("/r/") else "/ws"
    return urlunsplit((scheme, parts.netloc, path, parts.query, ""))


def result_words(winners: list[int], draw: bool, seat: int | None, names: list[str]) -> str:
    """The result from the viewer's side: "You win", "You lose", "Draw", "Ada wins"."""

    def name(s: int) -> str:
        return names[s] if 0 <= s < len(names) and names[s] else t("seat-n", seat=str(s + 1))

    if draw:
        if seat is not None and seat in winners:
            others = [name(s) for s in winners if s != seat]
            if others and len(winners) > 2:
                return t("result-draw-with", names=", ".join(others))
            return t("result-draw")
        if seat is None or len(winners) == len(names):
            return t("result-draw")
        return t("result-draw-between", names=and_list([name(s) for s in winners]))
    if seat is not None:
        return t("result-you-win") if seat in winners else t("result-you-lose")
    return t("result-wins", name=name(winners[0])) if winners else t("result-game-over")
