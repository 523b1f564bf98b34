"""Screenshots of the browser table, for people to look at (not committed).

    .venv/bin/python tools/screenshots.py OUTDIR

Starts a krig-server (its own private Redis) on a free port, drives headless
Chromium pages and CLI players through a game, and writes:

- ``home.png``: the home page, desktop width;
- ``name.png``: the first visit's name question;
- ``waiting.png``: the host's waiting room (3 seats, one friend in);
- ``war.png``: a war on the table (the tie, then the face-down stacks);
- ``game-over.png``: game over at desktop width, the deal checked;
- ``phone.png`` and ``phone-4.png``: the table at phone width (2 and 4 players).
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
PHONE = {"width": 412, "height": 915}
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


async def named_page(browser: Any, url: str, name: str, viewport: dict[str, int]) -> Any:
    page = await browser.new_page(viewport=viewport)
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
        if await page.is_visible("#flip") and await page.is_enabled("#flip"):
            await page.keyboard.press("Space")
        await page.wait_for_timeout(40)
    return False


async def shots(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with krig_server() as port:
        http, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
        async with chromium() as browser:
            first = await browser.new_page(viewport=DESKTOP)
            await first.goto(http + "/")
            await first.wait_for_selector("#name-form")
            await first.fill("#name", "Ada")
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
            got_war = False
            for game in range(6):
                playing = asyncio.ensure_future(play_game(bot, delay=lambda: 0.6, timeout=120))
                got_war = await flip_until(
                    page,
                    "krig.table.phase === 'war' && krig.table.acted.has(1)"
                    " && !krig.table.acted.has(0)",
                    hold="krig.table.phase === 'war' && !krig.table.acted.has(1)",
                )
                if got_war:
                    await page.wait_for_timeout(450)
                    await page.screenshot(path=str(out / "war.png"), full_page=True)
                await flip_until(page, "krig.table.phase === 'over'", 120)
                await playing
                if got_war:
                    break
                await page.click("#rematch")
                await bot.rematch()
                await page.wait_for_function(f"() => krig.table.game === {game + 2}")
            if not got_war:
                print("no war came up; war.png not written", file=sys.stderr)
            await page.wait_for_selector("#check-deal:not([disabled])")
            await page.click("#check-deal")
            await page.wait_for_selector("#deal-check")
            await page.wait_for_timeout(1200)
            await page.screenshot(path=str(out / "game-over.png"), full_page=True)
            await bot.close()
            await page.close()

            # Phone width, two players, mid-game.
            phone = await named_page(browser, http + "/", "Ada", PHONE)
            code = await host_room(phone, "quick", 2, 80)
            bot = Session(ws, "Bo")
            await bot.connect()
            await bot.join(code)
            playing = asyncio.ensure_future(play_game(bot, delay=lambda: 0.8, timeout=120))
            await flip_until(phone, "krig.table.stats.tricks >= 4 && krig.table.acted.size === 1")
            await phone.wait_for_timeout(300)
            await phone.screenshot(path=str(out / "phone.png"), full_page=True)
            playing.cancel()
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
