"""The page's own catalogues (krig_locales/<lang>/web.ftl) against the page's code: every key
the page's code (server/web/*.js) names present and none unused; the shared keys the page
names (krig.ftl's result-*, rule-*) exist. Their keys, placeholders and plural forms in
every language are checked with the others' in test_catalogues.py."""

from __future__ import annotations

import re
from pathlib import Path

from fluent.syntax import ast as ftl
from test_catalogues import messages as shared_messages

from krig_locales import LANGUAGES

WEB = Path(__file__).resolve().parents[2] / "server" / "web"
KEY = re.compile(r"""["'`]((?:web|result)-[a-z_-]*[a-z_])["'`]""")


def messages(lang: str) -> dict[str, ftl.Message]:
    return shared_messages(lang, "web")


def page_keys() -> set[str]:
    """Keys written out in the page's modules (string literals)."""
    found: set[str] = set()
    for path in sorted(WEB.glob("*.js")):
        found |= set(KEY.findall(path.read_text(encoding="utf-8")))
    return found


def test_no_unused_key_and_no_missing_key() -> None:
    written = page_keys()
    english = set(messages("en")) | set(shared_messages("en"))
    missing = sorted(written - english)
    assert not missing, f"the page uses keys no catalogue has: {missing}"
    unused = sorted(set(messages("en")) - written)
    assert not unused, f"web.ftl keys the page never uses: {unused}"


def test_no_key_is_in_both_files() -> None:
    """The page's keys never shadow the shared ones (the page loads both files)."""
    for lang in LANGUAGES:
        assert not set(messages(lang)) & set(shared_messages(lang)), lang
