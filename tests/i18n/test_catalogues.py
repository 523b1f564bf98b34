"""The catalogues (krig_locales/<lang>/krig.ftl) are complete and consistent: the same keys in
every language, every key used by the code and every key the code uses present, the same
placeholders, and the plural forms each language's CLDR rules ask for."""

from __future__ import annotations

import ast
import json
import re
import typing
from functools import cache
from pathlib import Path

import babel
import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor

from client_cli import i18n, rules_text
from client_cli.render import OUT_REASONS
from client_cli.words import REFUSALS
from krig_locales import LANGUAGES, QUOTES, catalogues
from protocol import messages as m

ROOT = Path(__file__).resolve().parents[2]
OTHERS = [lang for lang in LANGUAGES if lang != "en"]
CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
# (``seat-`` alone would take the TUI's widget ids, as ``seat-list``, for keys)
PREFIXES = (
    "error", "result", "lines", "replay", "event", "out", "end", "reason", "rule", "preset",
    "source", "tui", "proof",
)  # fmt: skip


CATALOGUES = ("shared", "web")
"""The clients' catalogues (krig.ftl and tui.ftl), and the page's own (web.ftl: its keys
are checked against the page's code in test_web_catalogues.py)."""


@cache
def messages(lang: str, which: str = "shared") -> dict[str, ftl.Message]:
    if which == "web":
        text = (catalogues(lang)[0].parent / "web.ftl").read_text(encoding="utf-8")
    else:
        text = "\n".join(p.read_text(encoding="utf-8") for p in catalogues(lang))  # (tui.ftl)
    resource = FluentParser().parse(text)
    junk = [e.content for e in resource.body if isinstance(e, ftl.Junk)]
    assert not junk, f"{lang}: entries Fluent cannot read: {junk}"
    return {e.id.name: e for e in resource.body if isinstance(e, ftl.Message)}


def variables(node: object) -> set[str]:
    """Every $variable a message refers to (in any variant)."""
    found: set[str] = set()

    class Finder(Visitor):
        def visit_VariableReference(self, ref: ftl.VariableReference) -> None:
            found.add(ref.id.name)

    Finder().visit(node)
    return found


def plural_selects(node: object) -> list[set[str]]:
    """The variant keys of every select expression that chooses by plural category."""
    out: list[set[str]] = []

    class Finder(Visitor):
        def visit_SelectExpression(self, select: ftl.SelectExpression) -> None:
            keys = {v.key.name for v in select.variants if isinstance(v.key, ftl.Identifier)}
            if keys & (CATEGORIES - {"other"}):  # ([0] and other exact numbers may be added)
                out.append(keys)
            self.generic_visit(select)

    Finder().visit(node)
    return out


@pytest.mark.parametrize("which", CATALOGUES)
def test_every_language_has_exactly_the_english_keys(which: str) -> None:
    english = set(messages("en", which))
    for lang in OTHERS:
        have = set(messages(lang, which))
        assert not english - have, f"{lang} lacks {sorted(english - have)}"
        assert not have - english, f"{lang} has keys English lacks: {sorted(have - english)}"


@pytest.mark.parametrize("which", CATALOGUES)
@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_match_english(lang: str, which: str) -> None:
    english = messages("en", which)
    for key, message in messages(lang, which).items():
        assert variables(message) == variables(english[key]), (lang, key)


@pytest.mark.parametrize("which", CATALOGUES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_are_complete_for_the_language(lang: str, which: str) -> None:
    """Every plural choice names each CLDR category of the language (Babel's rules), and
    no category the language does not have."""
    wanted = set(babel.Locale.parse(lang).plural_form.tags) | {"other"}
    for key, message in messages(lang, which).items():
        for keys in plural_selects(message):
            assert keys == wanted, f"{lang} {key}: {sorted(keys)}, CLDR: {sorted(wanted)}"


def _code_keys() -> set[str]:
    """Catalogue keys written out in the client's code (string literals)."""
    found: set[str] = set()
    shape = re.compile(rf"^(?:(?:{'|'.join(PREFIXES)}|cli)-[\w-]*\w|seat-n)$")
    for path in sorted((ROOT / "client_cli").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found |= {node.value} if shape.match(node.value) else set()
    return found


def _computed_keys() -> set[str]:
    """Keys the code builds from data: every error code, option, value, preset, reason."""
    found = {f"error-{code}" for code in REFUSALS}
    for o in rules_text.OPTIONS:
        found |= {f"rule-{o.name}", f"rule-{o.name}-source"}
        found |= {f"rule-{o.name}-{v}" for v in ("n", "minutes", "seconds")}
        found |= {f"rule-{o.name}-{str(v).lower()}" for v in o.values()}
    for name in rules_text.PRESETS:
        found |= {f"preset-{name}", f"preset-{name}-title", f"preset-{name}-source"}
    for reason in rules_text.REASONS:
        found |= {f"reason-{reason}", f"reason-{reason}-any", f"end-{reason}"}
    found |= {f"out-{reason}" for reason in OUT_REASONS}
    states = typing.get_args(typing.get_type_hints(m.RoomInfo)["state"])  # (a room's states)
    found |= {f"cli-state-{state}" for state in states}
    sources = json.loads(QUOTES.read_text(encoding="utf-8"))["sources"]
    found |= {f"source-{code}" for code in sources}
    return found


def test_no_unused_key_and_no_missing_key() -> None:
    written = _code_keys()
    english = set(messages("en"))
    missing = sorted(k for k in written if k not in english)
    assert not missing, f"the code uses keys no catalogue has: {missing}"
    unused = sorted(english - written - _computed_keys())
    assert not unused, f"keys nothing uses: {unused}"


def test_every_key_is_said_in_every_language() -> None:
    """Each entry formats without an error in each language, given its placeholders."""
    for lang in LANGUAGES:
        for key, message in messages(lang).items():
            args = dict.fromkeys(variables(message), 3)
            assert i18n.say_in(lang, key, **args), (lang, key)


def test_plurals_as_each_language_says_them() -> None:
    def won(lang: str, n: int) -> str:
        return i18n.say_in(lang, "event-won", name="ada", total=n)

    assert [won("pl", n) for n in (2, 5, 22)] == [
        "ada bierze 2 karty",
        "ada bierze 5 kart",
        "ada bierze 22 karty",
    ]
    assert [won("hr", n) for n in (1, 2, 5)] == [
        "ada uzima 1 kartu",
        "ada uzima 2 karte",
        "ada uzima 5 karata",
    ]
    assert [won("lv", n) for n in (0, 1, 2, 10, 21)] == [
        "ada paņem 0 kāršu",  # (Latvian's zero form: 0, 10-20, 30…)
        "ada paņem 1 kārti",
        "ada paņem 2 kārtis",
        "ada paņem 10 kāršu",
        "ada paņem 21 kārti",
    ]
    assert won("en", 2) == "ada wins 2 cards"
    assert i18n.say_in("nb", "event-won", name="ada", total=1) == "ada vinner 1 kort"


def test_numbers_per_language() -> None:
    assert i18n.number(1234567, "en") == "1,234,567"
    assert i18n.number(1234567, "pl") == "1\xa0234\xa0567"
    assert i18n.number(1234567, "nb") == "1\xa0234\xa0567"
    assert i18n.number(1234567, "hr") == "1.234.567"
    assert i18n.number(0.5, "sv") == "0,5"
    assert i18n.and_list(["ada", "bo", "cy"], "sv") == "ada, bo och cy"


def test_the_language_is_chosen_in_order() -> None:
    choose = i18n.choose
    env = {"KRIG_LANG": "sv", "LC_ALL": "pl_PL.UTF-8", "LC_MESSAGES": "hr_HR", "LANG": "lv_LV"}
    assert choose("nb", env) == "nb"  # --lang first
    assert choose(None, env) == "sv"  # then KRIG_LANG
    assert choose(None, {**env, "KRIG_LANG": ""}) == "pl"  # then LC_ALL
    assert choose(None, {"LC_MESSAGES": "hr_HR.UTF-8", "LANG": "lv_LV"}) == "hr"
    assert choose(None, {"LANG": "lv_LV.UTF-8"}) == "lv"
    assert choose(None, {}) == "en"  # else English
    assert choose(None, {"LANG": "de_DE.UTF-8"}) == "en"  # a language krig does not speak
    assert choose(None, {"LC_ALL": "C", "LANG": "pl_PL"}) == "en"  # the first one set decides
    assert choose(None, {"KRIG_LANG": "xx", "LANG": "pl_PL"}) == "pl"  # (unknown: skipped)
    for norwegian in ("no", "nn_NO.UTF-8", "nb-NO", "NB"):
        assert choose(norwegian, {}) == "nb", norwegian


def test_quotes_are_the_sources_own_sentences() -> None:
    """Each quote names an option and values that exist, a source of docs/RULES.md, and is
    written in that source's language (its words are in that language's catalogue's
    alphabet); the sentences were checked verbatim against the seed texts when taken."""
    data = json.loads(QUOTES.read_text(encoding="utf-8"))
    assert set(data["sources"]) == {"NO", "PL", "LV", "HR", "SE"}
    assert {s["lang"] for s in data["sources"].values()} == set(OTHERS)
    rules_doc = (ROOT / "docs" / "RULES.md").read_text()
    covered = set()
    for q in data["quotes"]:
        option = rules_text.BY_NAME[q["option"]]
        for value in q["values"] or []:
            option.parse(str(value).lower())  # (a value the option takes)
        assert q["source"] in option.source or q["source"] in rules_doc, q
        covered.add(q["option"])
    sourced = {o.name for o in rules_text.OPTIONS if "project" not in o.source.split(" ")[0]}
    assert sourced <= covered, (
        f"options from a source text without its sentence: {sourced - covered}"
    )
    polish = rules_text.source_quotes("war_down", 1)
    assert [q.source for q in polish][:1] == ["PL"] and polish[0].lang == "pl"
    assert polish[0].source_name == "Polish"
    assert i18n.say_in("hr", "source-PL") == "poljski"
    assert rules_text.source_quotes("steal", False) == []


def test_english_sources_are_the_ones_docs_rules_gives() -> None:
    """The catalogue's English source column is the client's (which tests/client keeps in
    step with docs/RULES.md and krig-server presets)."""
    for o in rules_text.OPTIONS:
        assert i18n.say_in("en", f"rule-{o.name}-source") == o.source, o.name
    for p in rules_text.PRESETS.values():
        assert i18n.say_in("en", f"preset-{p.name}-source") == p.source, p.name
        assert i18n.say_in("en", f"preset-{p.name}-title") == p.name  # (English: as typed)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_text_fits_80_columns(lang: str) -> None:
    for line in i18n.say_in(lang, "cli-description").splitlines():
        assert len(line) <= 80, (lang, line)
