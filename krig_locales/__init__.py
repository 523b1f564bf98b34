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


def catalogues(lang: str) -> list[Path]:
    """Every Fluent file of ``lang``: ``krig.ftl`` first, then the rest by name (``tui.ftl``
    for the terminal app's screens, ``web.ftl`` for the page's); one bundle per language."""
    main = catalogue(lang)
    return [main, *sorted(p for p in (ROOT / lang).glob("*.ftl") if p != main)]


QUOTES = ROOT / "quotes.json"
