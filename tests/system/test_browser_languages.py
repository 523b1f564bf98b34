"""The page in each of its six languages: real headless Chromium, a browser set to the
language (navigator.languages), from the home page (every rule open) through a waiting
room with the host's controls, a game against the computer on a 16-card deck (jack to ace,
so that a war comes soon) to the game over, the deal check and the replay page. At each
moment the page's visible text, its menus' options, placeholders, titles and
screen-reader labels have no English word left (names, room codes, card codes and the
short ALLOWED list below excepted), and a screenshot is kept (SCREENSHOTS, else the test's
temporary directory). The switcher changes the language at once, sets <html lang>, and is
remembered on the next visit."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from server_support import ServerProc
from test_browser import Browser, browser, web_server  # noqa: F401 (fixtures)

from krig_locales import LANGUAGES, ROOT, page_catalogues

DESK = {"width": 1280, "height": 1000}
WEB = ROOT.parent / "server" / "web"
CAN_FLIP = "(() => { const b = document.getElementById('flip'); return !!b && !b.disabled; })()"
WORD = re.compile(r"[^\W\d_]{3,}")
ALLOWED = {
    "krig",  # the game's name
    "space", "enter", "esc",  # key names as the keyboard says them (kbd)
    "send",  # Norwegian for "send" too
    "sha", "webcrypto", "http",  # the deal check names its hash and the browser's API
    "joker",  # printed on the joker's face, as on a real deck's (cards keep their print)
    "abc", "def",  # a room code's shape, the code field's placeholder (ABC-DEF)
    "english", "norsk", "polski", "latviešu", "hrvatski", "svenska",  # the switcher
}  # fmt: skip
MOMENTS = ("home", "waiting", "war", "over", "deal", "replay")


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def vocabulary(lang: str) -> set[str]:
    """The words of a language's catalogues for the page (values only, not keys or
    comments)."""
    found: set[str] = set()
    for path in page_catalogues(lang):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                continue
            value = line.split("=", 1)[1] if re.match(r"^[a-z][\w-]* =", line) else line
            # (codes such as game_over are no words of the language)
            found |= words(re.sub(r"\{[^}]*\}|\[[^]]*\]|\w+_\w+", " ", value))
    return found


def source_words() -> set[str]:
    """Words in the page's own string literals (server/web/*.js): English the code
    itself still says (rules.js's English, a fallback) shows up as English too."""
    found: set[str] = set()
    literal = re.compile(r'"([^"\\\n]*)"|`([^`]*)`')
    for path in sorted(WEB.glob("*.js")):
        for match in literal.finditer(path.read_text(encoding="utf-8")):
            text = re.sub(r"\$\{[^}]*\}", " ", match.group(1) or match.group(2) or "")
            found |= words(text)
    return found


ENGLISH = vocabulary("en") | source_words()


def english_left(text: str, lang: str, names: list[str]) -> set[str]:
    """English words in ``text`` that the language's own catalogues do not also use."""
    mine = vocabulary(lang) | ALLOWED | {w for n in names for w in words(n)}
    # (options, links, codes, and hex: the deal check's digests and seeds, "3fbad9…")
    said = re.sub(r"--[\w-]+|https?://\S+|\w+_\w+|\b[0-9a-f]{8,}", " ", text)
    return {w for w in words(said) if w in ENGLISH and w not in mine}


async def shown_text(page: Any) -> str:
    """What a person (and a screen reader) meets: the page's visible text, every menu
    option, placeholder, title and aria-label, and the window's title."""
    text: str = await page.evaluate(
        """() => { const app = document.getElementById('app');
           const attrs = [...app.querySelectorAll('[aria-label], [placeholder], [title]')]
             .flatMap((e) => ['aria-label', 'placeholder', 'title'].map((a) => e.getAttribute(a)));
           const options = [...app.querySelectorAll('option')].map((o) => o.textContent);
           return [document.title, app.innerText, ...attrs, ...options]
             .filter(Boolean).join('\\n'); }"""
    )
    return text


async def room_names(page: Any) -> list[str]:
    names: list[str] = await page.evaluate(
        "krig.table.room ? krig.table.room.seats.map((s) => s.name || '')"
        ".concat([krig.table.code]) : []"
    )
    return names


def shots_dir(tmp_path: Path) -> Path:
    where = Path(os.environ.get("SCREENSHOTS", str(tmp_path)))
    where.mkdir(parents=True, exist_ok=True)
    return where


async def _play_to_a_war_and_game_over(page: Any, take: Any) -> None:
    """Space whenever the Flip button is on, to a game over after a war (a rematch when
    a game ends without one); ``take("war")`` at the war, as the felt shows it."""
    seen_war = False
    games = 0
    while True:
        for _ in range(4000):
            if await page.evaluate("krig.view.phase === 'over'"):
                break
            if not seen_war and await page.evaluate("krig.table.phase === 'war'"):
                # (the felt follows the game at a person's pace: let it reach the war)
                # (a war that ends the game at once, a short war, may never reach the felt)
                await page.wait_for_function(
                    "() => krig.view.phase === 'war' || krig.table.phase !== 'war'", timeout=10000
                )
                await page.wait_for_timeout(300)
                if await page.evaluate("krig.view.phase === 'war'"):
                    await take("war")
                    seen_war = True
            if await page.evaluate(CAN_FLIP):
                await page.keyboard.press("Space")
            await page.wait_for_timeout(40)
        await page.wait_for_selector("#game-over #rematch")
        games += 1
        if seen_war or games == 4:
            break
        await page.click("#rematch")
        await page.wait_for_function(
            f"() => krig.view.room.game === {games + 1} && krig.view.phase !== 'over'"
        )
    assert seen_war, "no war in four games of a 16-card deck"


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_every_moment_in_each_language_leaves_no_english(
    lang: str,
    web_server: ServerProc,  # noqa: F811
    browser: Browser,  # noqa: F811
    tmp_path: Path,
) -> None:
    shown: dict[str, str] = {}
    names: list[str] = ["Ada"]

    async def take(moment: str, on: Any = None) -> None:
        where = on or page
        names.extend(await room_names(where))
        shown[moment] = await shown_text(where)
        shot = shots_dir(tmp_path) / f"{moment}-{lang}.png"
        await where.screenshot(path=str(shot), full_page=moment in ("home", "over", "deal"))

    page = await browser.page(web_server.http + "/", name="Ada", viewport=DESK, locale=lang)
    assert await page.evaluate("document.documentElement.lang") == lang
    assert await page.input_value("#lang") == lang
    # The home page, with every rule of the host form open.
    await page.click("#create-rules summary")
    await page.fill("#opt-min_rank", "11")
    await page.fill("#create-cap", "40")
    await take("home")
    # The waiting room: the host's controls, a computer's level, the rules to change.
    await page.click("#create-form button[type=submit]")
    await page.wait_for_selector("#host-controls")
    await page.select_option("#bot-level", "hard")
    await page.click("#room-rules summary")
    await page.click("#rules summary")
    await take("waiting")
    # The game, to a war and the game over (a computer takes the empty seat).
    await page.click("#start")
    await page.wait_for_function("() => krig.table.room && krig.table.room.state === 'playing'")
    await _play_to_a_war_and_game_over(page, take)
    await take("over")
    await page.click("#check-deal")
    await page.wait_for_selector("#deal-check")
    await take("deal")
    # The game watched again, a few tricks in.
    replay_url = await page.get_attribute("#watch-again", "href")
    replay = await browser.page(replay_url, name="Ada", viewport=DESK, locale=lang)
    await replay.wait_for_selector("#rp-slider")
    await replay.wait_for_selector("#deal-check")
    for _ in range(3):  # (a short game may have fewer tricks)
        if await replay.is_enabled("#rp-forward"):
            await replay.click("#rp-forward")
    await replay.wait_for_timeout(1500)
    await take("replay", replay)
    assert set(shown) == set(MOMENTS)
    if lang == "en":
        assert "You are the host" in shown["waiting"]
        assert "Play again" in shown["over"] and "Last tricks" in shown["over"]
        assert "The deal was fair." in shown["deal"]
        assert re.search(r"After trick \d+ of \d+", shown["replay"])
        return
    for moment in MOMENTS:
        left = english_left(shown[moment], lang, names)
        assert left == set(), (moment, sorted(left), shown[moment][:3000])


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
