"""The browser table's static files (server/web/), served on the game's own port.

``/``, ``/r/CODE``, ``/r/CODE/g/N`` and ``/replay`` give the page; ``/static/NAME``
(and ``/static/vendor/NAME``) its modules, styles and vendored libraries. Files are
read once at start-up and served from memory, each with an ETag (a hash of its
bytes): the page says ``Cache-Control: no-cache``, so a browser asks again on a
reload, sends ``If-None-Match``, and gets ``304 Not Modified`` without a body
while nothing changed.
"""

from __future__ import annotations

import hashlib
import html
import re
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path

from server.addresses import Invite

WEB_DIR = Path(__file__).resolve().parent / "web"
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
PAGE_PATH = re.compile(r"^/(r/[A-Za-z0-9-]{1,16}(/g/[0-9]{1,9})?|replay)?$")
"""The page's own addresses: home, a room's (an invite), a game's record (``/r/CODE/g/N``,
a game watched again) and ``/replay`` (a record file opened in the page)."""
INVITE_MARK = "<!-- krig:invite -->"
"""Where index.html gets the invite addresses (meta tags) that this server knows."""


@dataclass(frozen=True, slots=True)
class Asset:
    kind: str
    body: bytes
    etag: str


def _asset(kind: str, body: bytes) -> Asset:
    return Asset(kind, body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')


def _load() -> dict[str, Asset]:
    files = {}
    for path in sorted(WEB_DIR.rglob("*")):
        if path.is_file() and path.suffix in TYPES:
            name = path.relative_to(WEB_DIR).as_posix()
            files[name] = _asset(TYPES[path.suffix], path.read_bytes())
    return files


def _page(template: Asset, invite: Invite) -> Asset:
    tags = "\n  ".join(
        f'<meta name="krig-{name}" content="{html.escape(value, quote=True)}">'
        for name, value in (
            ("public-url", invite.public_url),
            ("network-url", invite.network_url),
            ("local-only", "1" if invite.local_only else ""),
        )
    )
    text = template.body.decode().replace(INVITE_MARK, tags, 1)
    return _asset(template.kind, text.encode())


Reply = tuple[HTTPStatus, list[tuple[str, str]], bytes]
"""(status, headers other than the security ones, body)."""


class Site:
    """The page and its files, as this server serves them."""

    def __init__(self, invite: Invite | None = None) -> None:
        self.files = _load()
        self.page = _page(self.files["index.html"], invite or Invite())

    def lookup(self, path: str, if_none_match: str | None = None) -> Reply | None:
        """The reply for a page path; None when it is not one."""
        if PAGE_PATH.match(path):
            return self._reply(self.page, if_none_match)
        if path == "/favicon.ico":
            found = self.files.get("favicon.svg")
            if found is not None:
                return self._reply(found, if_none_match)
            return HTTPStatus.NO_CONTENT, [("Content-Type", "image/x-icon")], b""
        if path.startswith("/static/"):
            found = self.files.get(path.removeprefix("/static/"))
            if found is None or path.endswith("index.html"):
                return HTTPStatus.NOT_FOUND, [("Content-Type", TYPES[".html"])], b"not found\n"
            return self._reply(found, if_none_match)
        return None

    @staticmethod
    def _reply(asset: Asset, if_none_match: str | None) -> Reply:
        headers = [("ETag", asset.etag), ("Content-Type", asset.kind)]
        if if_none_match is not None and _matches(if_none_match, asset.etag):
            return HTTPStatus.NOT_MODIFIED, headers, b""
        return HTTPStatus.OK, headers, asset.body


def _matches(header: str, etag: str) -> bool:
    tags = [t.strip().removeprefix("W/") for t in header.split(",")]
    return "*" in tags or etag in tags


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
