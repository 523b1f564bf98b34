"""krig's catalogues: one Fluent file per language (``<lang>/krig.ftl``), shared by the
terminal client and (served by the server) the browser table, and the source texts'
own sentences behind the rules (``quotes.json``).

Data only: the client reads them with ``client_cli.i18n``; docs/TRANSLATING.md says how
to add a language.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent
LANGUAGES = ("en", "nb", "pl", "lv", "hr", "sv")
"""English first (the fallback), then the five languages of the source texts."""


def catalogue(lang: str) -> Path:
    """The Fluent file of ``lang`` (one of LANGUAGES)."""
    return ROOT / lang / "krig.ftl"


QUOTES = ROOT / "quotes.json"
