"""Screenshots of the browser table, for people to look at (not committed).

    .venv/bin/python tools/screenshots.py OUTDIR

Starts a krig-server (its own private Redis) on a free port, drives headless
Chromium pages and CLI players through a game, and writes:

- ``home.png``: the home page, desktop width;
- ``host-form.png``: the host's form with every rule open, in its groups;
- ``name.png``: the first visit's name question (from an invite link: the host named);
- ``waiting.png``: the host's waiting room (3 seats, one friend in);
- ``war.png``: a war on the table (the tie, then the face-down stacks);
- ``war-decided.png``: a war's deciding cards on top, the winner's lit, the haul said;
- ``trick-won.png``: an ordinary trick won, said on the felt;
- ``game-over.png``: game over at desktop width, the deal checked, the replay link;
- ``replay.png``: the game watched again (/r/CODE/g/N), half way;
- ``phone.png``, ``phone-over.png`` and ``phone-4.png``: the table on a phone
  (390x844, touch): mid-game, game over, and four players.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from client_cli.bot import play_game  # noqa: E402
from client_cli.session import Session  # noqa: E402
from server.store.embedded import free_port  # noqa: E402

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
TOUCH = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
LIT = "!!document.querySelector('#flip:not([disabled])')"
"""The Flip button is there and lit."""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@contextlib.contextmanager
def krig_server() -> Iterator[int]:
    port = free_port()
    data = tempfile.TemporaryDirectory(prefix="krig-shots-")  # (its own Redis, its own games)
    args = [sys.executable, "-m", "server.cli", "serve", "--port", str(port)]
    args += ["--log-format", "json", "--quick-fill-s", "0", "--grace-s", "5"]
    args += ["--data-dir", data.name]
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if b"listening" in line:
                break
            if not line and proc.poll() is not None:
                raise SystemExit("krig-server did not start")
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        data.cleanup()


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


async def named_page(
    browser: Any, url: str, name: str, viewport: dict[str, int], **context: Any
) -> Any:
    page = await browser.new_page(viewport=viewport, **context)
    await page.add_init_script(f"localStorage.setItem('krig.name', {name!r})")
    await page.goto(url)
    await page.wait_for_function("() => window.krig && window.krig.connected")
    return page


async def host_room(page: Any, preset: str, seats: int, cap: int, extra: str = "") -> str:
    await page.select_option("#create-preset", preset)
    await page.select_option("#create-seats", str(seats))
    await page.fill("#create-cap", str(cap))
    if extra:
        await page.click("#create-rules summary")
        name, value = extra.split("=")
        await page.fill(f"#opt-{name}", value)
        await page.click("#create-rules summary")
    await page.click("#create-form button[type=submit]")
    await page.wait_for_function("() => krig.table.code && krig.table.room")
    code = await page.evaluate("krig.table.code")
    assert isinstance(code, str)
    return code


async def flip_until(page: Any, condition: str, seconds: float = 90, hold: str = "false") -> bool:
    """Press Space whenever the page may flip, until ``condition`` (JS) holds;
    not while ``hold`` (JS) holds."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if await page.evaluate(condition):
            return True
        if await page.evaluate("krig.table.phase") == "over":
            return bool(await page.evaluate(condition))
        if await page.evaluate(hold):
            await page.wait_for_timeout(40)
            continue
        if await page.evaluate(LIT):
            if await page.evaluate("matchMedia('(pointer: coarse)').matches"):
                await page.tap("#flip")  # (a phone: a finger, not a Space bar)
            else:
                await page.keyboard.press("Space")
        await page.wait_for_timeout(40)
    return False


async def moments(page: Any, out: Path, taken: set[str]) -> None:
    """Play a game on ``page`` (Space when lit), taking each moment's picture once."""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        seen = await page.evaluate(
            """() => { const v = krig.view, g = v.gathering;
               return { over: v.phase === 'over', war: v.phase === 'war' && krig.table.acted.has(1)
                          && !krig.table.acted.has(0),
                        hold: krig.table.phase === 'war' && !krig.table.acted.has(1),
                        decided: !!(g && g.wars && g.stage === 'show'),
                        won: !!(g && !g.wars && g.stage === 'show' && v.stats.tricks >= 3) }; }"""
        )
        if seen["over"]:
            return
        for name, key, wait in (("war", "war", 450), ("war-decided", "decided", 250),
                                ("trick-won", "won", 250)):  # fmt: skip
            if seen[key] and name not in taken:
                await page.wait_for_timeout(wait)  # (the cards have turned over)
                await page.screenshot(path=str(out / f"{name}.png"))
                taken.add(name)
        hold = "war" not in taken and (seen["war"] or seen["hold"])  # (Bo lays his first)
        if not hold and await page.evaluate(LIT):
            await page.keyboard.press("Space")
        await page.wait_for_timeout(40)


async def shots(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with krig_server() as port:
        http, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
        async with chromium() as browser:
            form = await named_page(browser, http + "/", "Ada", DESKTOP)
            await form.click("#create-rules summary")
            await form.wait_for_timeout(800)
            await form.screenshot(path=str(out / "host-form.png"), full_page=True)
            await form.close()

            first = await browser.new_page(viewport=DESKTOP)
            await first.goto(http + "/r/ABC-DEF?from=Ada")
            await first.wait_for_selector("#name-form")
            await first.fill("#name", "Bo")
            await first.wait_for_timeout(800)  # (the fan's cards have turned over)
            await first.screenshot(path=str(out / "name.png"))
            await first.close()

            page = await named_page(browser, http + "/", "Ada", DESKTOP)
            lobby_host = Session(ws, "Cleo")
            await lobby_host.connect()
            await lobby_host.create("swedish", 3, public=True)
            await page.wait_for_selector("#lobby li")
            await page.wait_for_timeout(800)  # (the fan's cards have turned over)
            await page.screenshot(path=str(out / "home.png"), full_page=True)

            code = await host_room(page, "classic", 3, 0)
            bo = Session(ws, "Bo")
            await bo.connect()
            await bo.join(code)
            await bo.chat("hi Ada! one more and we can start")
            await page.wait_for_selector("#chat-lines li")
            await page.click("#room-rules summary")
            await page.screenshot(path=str(out / "waiting.png"), full_page=True)
            await bo.close()
            await lobby_host.close()
            await page.click("#leave")

            # A war: a small deck (jack to ace) ties often; rematches until one comes up.
            code = await host_room(page, "classic", 2, 60, "min_rank=11")
            bot = Session(ws, "Bo")
            await bot.connect()
            await bot.join(code)
            await bot.chat("good luck")
            taken: set[str] = set()
            for game in range(8):
                playing = asyncio.ensure_future(play_game(bot, delay=lambda: 0.6, timeout=120))
                await moments(page, out, taken)
                await playing
                if {"war", "war-decided", "trick-won"} <= taken:
                    break
                await page.click("#rematch")
                await bot.rematch()
                await page.wait_for_function(f"() => krig.table.game === {game + 2}")
            for missing in sorted({"war", "war-decided", "trick-won"} - taken):
                print(f"{missing}.png not written: no such moment came up", file=sys.stderr)
            await flip_until(page, "krig.view.phase === 'over'", 120)
            await page.wait_for_selector("#check-deal:not([disabled])")
            await page.click("#check-deal")
            await page.wait_for_selector("#deal-check")
            await page.wait_for_timeout(1200)
            await page.screenshot(path=str(out / "game-over.png"), full_page=True)
            replay = await page.get_attribute("#watch-again", "href")
            await bot.close()
            await page.close()

            # The last game watched again, half way through.
            watch = await browser.new_page(viewport=DESKTOP)
            await watch.goto(replay)
            await watch.wait_for_selector("#deal-check")
            half = await watch.evaluate("Math.floor(krig.replay.tricks / 2)")
            await watch.fill("#rp-slider", str(max(0, half - 1)))
            await watch.click("#rp-forward")
            await watch.wait_for_timeout(600)
            await watch.screenshot(path=str(out / "replay.png"), full_page=True)
            await watch.close()

            # A phone (touch), two players: mid-game, then game over.
            phone = await named_page(browser, http + "/", "Ada", PHONE, **TOUCH)
            code = await host_room(phone, "quick", 2, 30)
            bot = Session(ws, "Bo")
            await bot.connect()
            await bot.join(code)
            playing = asyncio.ensure_future(play_game(bot, delay=lambda: 0.3, timeout=120))
            await flip_until(phone, "krig.view.stats.tricks >= 4 && krig.table.acted.size === 1")
            await phone.wait_for_timeout(300)
            await phone.screenshot(path=str(out / "phone.png"))
            await flip_until(phone, "krig.view.phase === 'over'", 120)
            await playing
            await phone.wait_for_function("krig.view.phase === 'over'")
            await phone.wait_for_timeout(900)
            await phone.screenshot(path=str(out / "phone-over.png"))
            await bot.close()
            await phone.close()

            # Phone width, four seats: the host starts now with computer players.
            phone = await named_page(browser, http + "/", "Ada", PHONE)
            await host_room(phone, "classic", 4, 40)
            await phone.click("#start")
            await flip_until(phone, "krig.table.stats.tricks >= 3 && krig.table.acted.has(0)")
            await phone.wait_for_timeout(700)
            await phone.screenshot(path=str(out / "phone-4.png"), full_page=True)
            await phone.close()
    for png in sorted(out.glob("*.png")):
        print(png)


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    asyncio.run(shots(Path(sys.argv[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
