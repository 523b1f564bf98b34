"""The page's own catalogues (krig_locales/<lang>/web.ftl) are complete and consistent: the
same keys in every language as English, the same placeholders, the plural forms each
language's CLDR rules ask for, every key the page's code (server/web/*.js) names present
and none unused; the shared keys the page names (krig.ftl's result-*, rule-*) exist."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import babel
import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from test_catalogues import messages as shared_messages
from test_catalogues import plural_selects, variables

from krig_locales import LANGUAGES, ROOT

WEB = Path(__file__).resolve().parents[2] / "server" / "web"
OTHERS = [lang for lang in LANGUAGES if lang != "en"]
KEY = re.compile(r"""["'`]((?:web|result)-[a-z_-]*[a-z_])["'`]""")


@cache
def messages(lang: str) -> dict[str, ftl.Message]:
    text = (ROOT / lang / "web.ftl").read_text(encoding="utf-8")
    resource = FluentParser().parse(text)
    junk = [e.content for e in resource.body if isinstance(e, ftl.Junk)]
    assert not junk, f"{lang}: entries Fluent cannot read: {junk}"
    return {e.id.name: e for e in resource.body if isinstance(e, ftl.Message)}


def page_keys() -> set[str]:
    """Keys written out in the page's modules (string literals)."""
    found: set[str] = set()
    for path in sorted(WEB.glob("*.js")):
        found |= set(KEY.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_language_has_exactly_the_english_keys() -> None:
    english = set(messages("en"))
    for lang in OTHERS:
        have = set(messages(lang))
        assert not english - have, f"{lang} lacks {sorted(english - have)}"
        assert not have - english, f"{lang} has keys English lacks: {sorted(have - english)}"


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_match_english(lang: str) -> None:
    english = messages("en")
    for key, message in messages(lang).items():
        assert variables(message) == variables(english[key]), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_are_complete_for_the_language(lang: str) -> None:
    wanted = set(babel.Locale.parse(lang).plural_form.tags) | {"other"}
    for key, message in messages(lang).items():
        for keys in plural_selects(message):
            assert keys == wanted, f"{lang} {key}: {sorted(keys)}, CLDR: {sorted(wanted)}"


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
