"""The browser table's static files (server/web/), served on the game's own port.

``/`` and ``/r/CODE`` give the page; ``/static/NAME`` its script, codec and
styles. Files are read once at start-up and served from memory.
"""

from __future__ import annotations

import re
from http import HTTPStatus
from pathlib import Path

WEB_DIR = Path(__file__).resolve().parent / "web"
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
}
PAGE_PATH = re.compile(r"^/(r/[A-Za-z0-9-]{1,16})?$")


def _load() -> dict[str, tuple[str, bytes]]:
    files = {}
    for path in sorted(WEB_DIR.iterdir()):
        if path.suffix in TYPES:
            files[path.name] = (TYPES[path.suffix], path.read_bytes())
    return files


FILES = _load()


def lookup(path: str) -> tuple[HTTPStatus, str, bytes] | None:
    """(status, content type, body) for a page path; None when it is not a page path."""
    if PAGE_PATH.match(path):
        kind, body = FILES["index.html"]
        return HTTPStatus.OK, kind, body
    if path == "/favicon.ico":
        return HTTPStatus.NO_CONTENT, "image/x-icon", b""
    if path.startswith("/static/"):
        found = FILES.get(path.removeprefix("/static/"))
        if found is None:
            return HTTPStatus.NOT_FOUND, TYPES[".html"], b"not found\n"
        return HTTPStatus.OK, found[0], found[1]
    return None


HOST = re.compile(r"^[A-Za-z0-9.\-\[\]:]{1,255}$")


def security_headers(host: str) -> list[tuple[str, str]]:
    """The page may load only its own files and talk only to this server."""
    if not HOST.match(host):
        host = "localhost"
    return [
        (
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
            f"connect-src 'self' ws://{host} wss://{host}; frame-ancestors 'none'; "
            "base-uri 'none'; form-action 'none'",
        ),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-cache"),
    ]
