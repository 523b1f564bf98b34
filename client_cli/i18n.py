"""The client's language: which one, and its sentences from the Fluent catalogues.

The language comes from ``--lang``, then ``KRIG_LANG``, then the locale variables
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set wins, as in POSIX), else
English. Norwegian is Bokmål (``nb``); ``no`` and ``nn`` are taken as it.

``t(key, **args)`` says a catalogue entry (krig_locales/<lang>/*.ftl) with its
plural forms chosen by CLDR's rules for the language and its numbers written as the
language writes them (Babel, through fluent.runtime). Names, chat and room codes are
passed in as text and never translated.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from typing import Any

import babel.lists
import babel.numbers
from fluent.runtime import FluentBundle
from fluent.syntax import FluentParser, ast

from krig_locales import LANGUAGES, catalogues

ENGLISH = "en"
ALIASES = {"no": "nb", "nn": "nb", "nob": "nb", "nno": "nb"}
"""Other names for a language krig speaks: Norwegian in general (and Nynorsk, for which
there is no catalogue yet) is Bokmål."""
ENV_ORDER = ("LC_ALL", "LC_MESSAGES", "LANG")

_current = [ENGLISH]


def normalize(tag: str | None) -> str | None:
    """A language krig speaks for a tag as written (``pl``, ``pl_PL.UTF-8``, ``nb-NO``,
    ``no``), or None when it speaks no such language (``C``, ``POSIX``, ``de_DE``)."""
    if not tag:
        return None
    base = tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    base = ALIASES.get(base, base)
    return base if base in LANGUAGES else None


def choose(flag: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``--lang``, then KRIG_LANG, then the locale variables."""
    env = os.environ if environ is None else environ
    for tag in (flag, env.get("KRIG_LANG")):
        found = normalize(tag)
        if found:
            return found
    for name in ENV_ORDER:
        value = env.get(name)
        if value:  # POSIX: the first one set decides, even when it names another language
            return normalize(value) or ENGLISH
    return ENGLISH


def set_language(lang: str) -> str:
    """Speak ``lang`` from now on (a tag as ``normalize`` takes it); returns the one chosen."""
    _current[0] = normalize(lang) or ENGLISH
    return _current[0]


def language() -> str:
    return _current[0]


@cache
def _resource(lang: str) -> ast.Resource:
    """The catalogue of ``lang`` (every *.ftl file of the language, one resource), parsed
    once."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in catalogues(lang))
    return FluentParser().parse(text)


@cache
def bundle(lang: str) -> FluentBundle:
    """The catalogue of ``lang`` to format from (no bidi isolation marks: a terminal)."""
    b = FluentBundle([lang], use_isolating=False)
    b.add_resource(_resource(lang))
    return b


def has(key: str, lang: str | None = None) -> bool:
    return key in keys(lang)


@cache
def _keys(lang: str) -> frozenset[str]:
    return frozenset(e.id.name for e in _resource(lang).body if isinstance(e, ast.Message))


def keys(lang: str | None = None) -> frozenset[str]:
    """Every entry of the catalogue of ``lang`` (the current language by default)."""
    return _keys(lang or language())


def t(key: str, /, **args: Any) -> str:
    """The catalogue's sentence ``key`` in the current language, with ``args`` put in."""
    return say_in(language(), key, **args)


def say_in(lang: str, key: str, /, **args: Any) -> str:
    """The catalogue's sentence ``key`` in ``lang``; English when ``lang`` lacks it (a test
    keeps every catalogue complete, so only while a key is new)."""
    b = bundle(lang)
    if not b.has_message(key):
        b = bundle(ENGLISH)
        if not b.has_message(key):
            raise KeyError(f"no catalogue has {key!r}")
    pattern = b.get_message(key).value
    if pattern is None:
        raise KeyError(f"{key!r} has no value")
    text, errors = b.format_pattern(pattern, args)
    if errors:
        raise errors[0]
    return str(text)


def number(value: int | float, lang: str | None = None) -> str:
    """A number as the language writes it (``1 000`` in Polish, ``1,000`` in English)."""
    return str(babel.numbers.format_decimal(value, locale=lang or language()))


def and_list(items: list[str], lang: str | None = None) -> str:
    """``a and b``, ``a, b and c``, as the language joins a list (CLDR, through Babel)."""
    return str(babel.lists.format_list(items, locale=lang or language())) if items else ""
