"""The table in each of the page's six languages: real headless Chromium, a browser set to
the language (navigator.languages), plays the computer from the home page to the game over,
on a 16-card deck (jack to ace) so that a war comes soon. At a war and at the game over the
room's visible text has no English word of the page's catalogues left (names, room codes,
card codes and the short ALLOWED list below excepted); a screenshot per language is kept
(SCREENSHOTS, else the test's temporary directory). The switcher changes the language at
once, sets <html lang>, and is remembered on the next visit."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from server_support import ServerProc
from test_browser import Browser, browser, web_server  # noqa: F401 (fixtures)

from krig_locales import LANGUAGES, ROOT

DESK = {"width": 1280, "height": 1000}
CAN_FLIP = "(() => { const b = document.getElementById('flip'); return !!b && !b.disabled; })()"
WORD = re.compile(r"[^\W\d_]{3,}")
ALLOWED = {
    "krig",  # the game's name
    "space", "enter", "esc",  # key names on the keyboard (kbd)
    "send",  # Norwegian for "send" too
}  # fmt: skip


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def vocabulary(lang: str) -> set[str]:
    """The words of a language's catalogues (values only, not keys or comments)."""
    found: set[str] = set()
    for name in ("krig.ftl", "web.ftl"):
        for line in (ROOT / lang / name).read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                continue
            value = line.split("=", 1)[1] if re.match(r"^[a-z][\w-]* =", line) else line
            found |= words(re.sub(r"\{[^}]*\}|\[[^]]*\]", " ", value))
    return found


ENGLISH = vocabulary("en")


def english_left(text: str, lang: str, names: list[str]) -> set[str]:
    """English words in ``text`` that the language's own catalogues do not also use."""
    mine = vocabulary(lang) | ALLOWED | {w for n in names for w in words(n)}
    return {w for w in words(text) if w in ENGLISH and w not in mine}


async def shown_text(page: Any) -> str:
    text: str = await page.evaluate(
        """() => { const room = document.getElementById('table');
           const top = document.querySelector('header.top');
           return (top ? top.innerText : '') + '\\n' + (room ? room.innerText : '') + '\\n' +
             [...document.querySelectorAll('#table [aria-label], header [aria-label]')]
               .map((e) => e.getAttribute('aria-label')).join('\\n'); }"""
    )
    return text


async def room_names(page: Any) -> list[str]:
    names: list[str] = await page.evaluate(
        "krig.table.room.seats.map((s) => s.name || '').concat([krig.table.code])"
    )
    return names


def shots_dir(tmp_path: Path) -> Path:
    where = Path(os.environ.get("SCREENSHOTS", str(tmp_path)))
    where.mkdir(parents=True, exist_ok=True)
    return where


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_game_with_a_war_in_each_language_leaves_no_english(
    lang: str,
    web_server: ServerProc,  # noqa: F811
    browser: Browser,  # noqa: F811
    tmp_path: Path,
) -> None:
    page = await browser.page(web_server.http + "/", name="Ada", viewport=DESK, locale=lang)
    assert await page.evaluate("document.documentElement.lang") == lang
    assert await page.input_value("#lang") == lang
    await page.click("#create-rules summary")
    await page.fill("#opt-min_rank", "11")
    await page.fill("#create-cap", "40")
    await page.click("#play-computer")
    await page.wait_for_function("() => krig.table.room && krig.table.room.state === 'playing'")
    war_text = ""
    games = 0
    while True:
        for _ in range(4000):
            if await page.evaluate("krig.view.phase === 'over'"):
                break
            if not war_text and await page.evaluate("krig.table.phase === 'war'"):
                # (the felt follows the game at a person's pace: let it reach the war)
                # (a war that ends the game at once, a short war, may never reach the felt)
                await page.wait_for_function(
                    "() => krig.view.phase === 'war' || krig.table.phase !== 'war'", timeout=10000
                )
                await page.wait_for_timeout(300)
                if await page.evaluate("krig.view.phase === 'war'"):
                    war_text = await shown_text(page)
                    await page.screenshot(path=str(shots_dir(tmp_path) / f"war-{lang}.png"))
            if await page.evaluate(CAN_FLIP):
                await page.keyboard.press("Space")
            await page.wait_for_timeout(40)
        await page.wait_for_selector("#game-over #rematch")
        games += 1
        if war_text or games == 4:
            break
        await page.click("#rematch")
        await page.wait_for_function(
            f"() => krig.view.room.game === {games + 1} && krig.view.phase !== 'over'"
        )
    assert war_text, "no war in four games of a 16-card deck"
    names = await room_names(page)
    over_text = await shown_text(page)
    await page.screenshot(path=str(shots_dir(tmp_path) / f"over-{lang}.png"), full_page=True)
    if lang == "en":
        assert "Play again" in over_text and "Last tricks" in over_text
        return
    assert english_left(war_text, lang, names) == set(), war_text
    assert english_left(over_text, lang, names) == set(), over_text


async def test_the_switcher_changes_the_language_and_remembers_it(
    web_server: ServerProc,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    page = await browser.page(web_server.http + "/", name="Ada", viewport=DESK, locale="en-GB")
    assert await page.evaluate("document.documentElement.lang") == "en"
    assert "Sound" in await page.inner_text("#sound")
    await page.select_option("#lang", "pl")
    await page.wait_for_function("() => document.documentElement.lang === 'pl'")
    assert "Dźwięk" in await page.inner_text("#sound")
    assert await page.evaluate("localStorage.getItem('krig.lang')") == "pl"
    await page.reload()
    await page.wait_for_function("() => window.krig && window.krig.connected")
    assert await page.evaluate("document.documentElement.lang") == "pl"
    assert await page.input_value("#lang") == "pl"
    # A Norwegian browser (no, nb or nn) gets Bokmål; a language krig lacks, English.
    nb = await browser.page(web_server.http + "/", name="Bo", viewport=DESK, locale="nn-NO")
    assert await nb.evaluate("document.documentElement.lang") == "nb"
    de = await browser.page(web_server.http + "/", name="Cy", viewport=DESK, locale="de-DE")
    assert await de.evaluate("document.documentElement.lang") == "en"
