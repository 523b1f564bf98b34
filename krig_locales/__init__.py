"""krig's catalogues: Fluent files per language (``<lang>/*.ftl``, ``krig.ftl`` the main
one), shared by the terminal client and (served by the server) the browser table, and the
source texts' own sentences behind the rules (``quotes.json``).

Data only: the client reads them with ``client_cli.i18n``; docs/TRANSLATING.md says how
to add a language.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent
LANGUAGES = ("en", "nb", "pl", "lv", "hr", "sv")
"""English first (the fallback), then the five languages of the source texts."""


def catalogue(lang: str) -> Path:
    """The main Fluent file of ``lang`` (one of LANGUAGES)."""
    return ROOT / lang / "krig.ftl"


PAGE_ONLY = "web.ftl"
"""The page's own sentences (read by the page with krig.ftl, never by the terminal)."""


def catalogues(lang: str) -> list[Path]:
    """The terminal client's Fluent files of ``lang``: ``krig.ftl`` first, then the rest by
    name (``tui.ftl`` for the terminal app's screens); one bundle per language. The page
    reads ``krig.ftl`` and ``web.ftl`` (``page_catalogues``)."""
    main = catalogue(lang)
    rest = (p for p in (ROOT / lang).glob("*.ftl") if p != main and p.name != PAGE_ONLY)
    return [main, *sorted(rest)]


def page_catalogues(lang: str) -> list[Path]:
    """The page's Fluent files of ``lang``, in the order the page loads them."""
    return [catalogue(lang), ROOT / lang / PAGE_ONLY]


QUOTES = ROOT / "quotes.json"
