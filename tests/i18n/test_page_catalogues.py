"""The page's side of the shared catalogues, in real Chromium: the server serves every
language's krig.ftl and the vendored @fluent/bundle, and the browser says each entry as
the terminal client does (CLDR plurals through Intl.PluralRules there, Babel here)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from server_support import ServerProc

from client_cli import i18n
from krig_locales import LANGUAGES
from server.store.embedded import RedisProcess

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="chromium is not installed (dev.py test installs it with apt-get as root)",
)

CASES: list[tuple[str, dict[str, Any]]] = [
    *[("event-won", {"name": "ada", "total": n}) for n in (0, 1, 2, 4, 5, 10, 11, 21, 22, 52)],
    *[("rule-players-n", {"n": n}) for n in (1, 2, 3, 4)],
    *[("reason-wars_won", {"winner": "bo", "wars": n}) for n in (1, 2, 3, 5, 21)],
    ("event-war", {"names": "ada, bo", "down": 3}),
    ("error-unknown_room", {}),
    ("rule-war_down", {}),
    ("preset-polish", {}),
    ("cli-epilog", {}),
]

SAY = """async ([lang, cases]) => {
  const { FluentBundle, FluentResource } = await import("/static/vendor/fluent/index.js");
  const text = await (await fetch(`/static/locales/${lang}/krig.ftl`)).text();
  const bundle = new FluentBundle(lang, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(text));
  if (errors.length) throw new Error(String(errors[0]));
  return cases.map(([key, args]) => bundle.formatPattern(bundle.getMessage(key).value, args));
}"""


@pytest.fixture(scope="module")
def server(
    redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProc]:
    proc = ServerProc(redis_proc.url, "i18n-page", tmp_path_factory.mktemp("logs")).start()
    yield proc
    proc.stop()


async def test_the_page_says_what_the_terminal_says(server: ServerProc) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        chromium = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await chromium.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            await page.goto(server.http + "/")
            for lang in LANGUAGES:
                said = await page.evaluate(SAY, [lang, CASES])
                expected = [i18n.say_in(lang, key, **args) for key, args in CASES]
                assert said == expected, lang
            assert errors == []
        finally:
            await chromium.close()
