"""The browser table in a real headless Chromium (Playwright with Debian's chromium).

A browser player and a CLI bot play whole games in one room; the page is
reloaded mid-game and resumes its seat; every frame the page received is
audited for hidden cards; a screenshot of a war is saved to artifacts/.
The page's msgpack codec is checked against the protocol's golden vectors.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import re
import shutil
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from checks import assert_conserved, assert_no_leak, load_room
from server_support import ROOT, ServerProc

from client_cli.bot import play_game
from client_cli.session import Session
from protocol import messages as m
from protocol.codec import decode_client, decode_server, is_bundle, split_frame
from protocol.errors import ErrorCode
from server.engine import PRESETS, Rules, RulesError
from server.engine.rules import _CHOICES as RULE_CHOICES
from server.store.embedded import RedisProcess

ARTIFACTS = ROOT / "artifacts"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="chromium is not installed (dev.py test installs it with apt-get as root)",
)


def _keep_binary(kept: list[bytes], payload: str | bytes) -> None:
    if isinstance(payload, bytes):
        kept.extend(split_frame(payload))  # a bundle (PROTOCOL.md §2a): each of its messages


def _keep_raw(kept: list[bytes], payload: str | bytes) -> None:
    if isinstance(payload, bytes):
        kept.append(payload)


async def _stuck(page: Any, frames: list[bytes]) -> str:
    """What a page that stopped playing knows (for the failure message)."""
    state = await page.evaluate(
        """() => JSON.stringify({
            seq: krig.table.seq, step: krig.table.step, phase: krig.table.phase,
            awaiting: krig.table.awaiting, acted: [...krig.table.acted],
            playedFor: krig.playedFor, connected: krig.connected,
            ahead: [...krig.ahead.keys()], waiting: krig.waiting.size})"""
    )
    tail = [decode_server(f) for f in frames[-12:]]
    return f"the page stopped playing: {state}; last frames: {tail}"


async def _host_from_page(page: Any) -> str:
    """Submit the page's "Host a room" form as filled; the new room's code."""
    await page.click("#create-form button[type=submit]")
    await page.wait_for_function("() => window.krig.table.code && window.krig.table.room")
    code = await page.evaluate("window.krig.table.code")
    assert isinstance(code, str)
    return code


@contextlib.asynccontextmanager
async def _playing_a_bot(page: Any, server: ServerProc) -> AsyncIterator[Session]:
    """The page hosts a room as its form is filled, a CLI bot joins, both are
    ready: the game is on. The bot is closed on the way out."""
    code = await _host_from_page(page)
    bot = Session(server.url, "Bot")
    try:
        await bot.connect()
        await bot.join(code)
        await page.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
        yield bot
    finally:
        await bot.close()


@pytest.fixture(scope="module")
def web_server(redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory) -> Any:
    srv = ServerProc(redis_proc.url, "web", tmp_path_factory.mktemp("web")).start()
    yield srv
    srv.stop()


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        await b.close()


async def _page(
    browser: Any,
    url: str,
    frames: list[bytes] | None = None,
    sent: list[bytes] | None = None,
    raw: list[bytes] | None = None,
) -> Any:
    """A phone-sized page on ``url``; ``frames`` gets the messages it receives (a
    bundle's one by one; ``raw``: the frames as they came), ``sent`` what it sends."""
    page = await browser.new_page(viewport={"width": 412, "height": 915})  # a phone
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors

    def on_socket(ws: Any) -> None:
        for event, kept in (("framereceived", frames), ("framesent", sent)):
            if kept is not None:
                ws.on(event, functools.partial(_keep_binary, kept))
        if raw is not None:
            ws.on("framereceived", functools.partial(_keep_raw, raw))

    page.on("websocket", on_socket)
    await page.goto(url)
    await page.wait_for_function("() => window.krig && window.krig.connected")
    return page


async def test_the_page_codec_matches_the_golden_vectors(
    web_server: ServerProc, browser: Any
) -> None:
    vectors = json.loads((ROOT / "protocol" / "golden_v1.json").read_text())["vectors"]
    for v in vectors:  # what JSON.stringify gives: integers past 2**53 arrive as BigInt
        v["expect"] = json.dumps(v["value"], separators=(",", ":"), default=str)
        v["expect"] = re.sub(r"(?<=[:\[,])(\d{17,})(?=[,\]}])", r'"\1"', v["expect"])
    page = await _page(browser, web_server.http + "/")
    bad = await page.evaluate(
        """async (vectors) => {
            const codec = await import('/static/msgpack.js');
            const hex = (bytes) =>
                Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
            const bad = [];
            for (const v of vectors) {
                const bytes = Uint8Array.from(v.hex.match(/../g), (h) => parseInt(h, 16));
                const value = codec.decode(bytes);
                // As golden_v1.json writes them: big integers as text, bytes as base64.
                const big = (k, x) => (typeof x === 'bigint' ? String(x)
                    : x instanceof Uint8Array ? btoa(String.fromCharCode(...x)) : x);
                const text = JSON.stringify(value, big);
                if (text !== v.expect) bad.push(['decode', v.type, text]);
                if (hex(codec.encode(value)) !== v.hex) bad.push(['encode', v.type]);
            }
            return bad;
        }""",
        vectors,
    )
    assert len(vectors) > 40 and bad == []
    assert page.errors == []


def test_the_page_offers_every_preset() -> None:
    source = (ROOT / "server" / "web" / "app.js").read_text()
    listed = re.search(r"PRESETS = \[(.*?)\]", source, re.S)
    assert listed is not None
    assert sorted(re.findall(r'"(\w+)"', listed.group(1))) == sorted(PRESETS)


def test_the_page_has_a_sentence_for_every_error_code() -> None:
    source = (ROOT / "server" / "web" / "app.js").read_text()
    listed = re.search(r"const ERRORS = \{(.*?)\n\};", source, re.S)
    assert listed is not None
    assert sorted(re.findall(r"^  (\w+):", listed.group(1), re.M)) == sorted(
        e.value for e in ErrorCode
    )


async def test_the_page_offers_every_rule_option(
    web_server: ServerProc, browser: Any, redis_url: str
) -> None:
    """The page's option fields match the server's rules (names, choices, bounds),
    and what the host picks is what the room gets."""
    page = await _page(browser, web_server.http + "/")
    offered = await page.evaluate(
        "async () => (await import('/static/app.js')).RULE_OPTIONS"
    )  # the page's own module instance: importing it again does not run it twice
    kinds = {name: kind for name, _, kind in offered}
    assert sorted(kinds) == sorted(
        f.name for f in dataclasses.fields(Rules) if f.name not in ("players", "max_tricks")
    )
    for f in dataclasses.fields(Rules):
        kind = kinds.get(f.name)
        if kind is None:
            continue
        if f.name in RULE_CHOICES:
            assert sorted(kind) == sorted(RULE_CHOICES[f.name]), f.name
        elif f.type == "bool":
            assert kind == "bool", f.name
        else:  # the bounds are the server's: the ends are allowed, one past is not
            Rules(**{f.name: kind["min"]})
            Rules(**{f.name: kind["max"]})
            with pytest.raises(RulesError):
                Rules(**{f.name: kind["max"] + 1})
            if kind["min"] > 0:
                with pytest.raises(RulesError):
                    Rules(**{f.name: kind["min"] - 1})
    await page.fill("#name", "Options")
    await page.select_option("#create-preset", "classic")
    await page.click("#create-rules summary")
    await page.fill("#opt-war_down", "1")
    await page.select_option("#opt-gather_order", "shuffled")
    await page.select_option("#opt-steal", "true")
    await page.select_option("#opt-detect_cycles", "false")
    await page.fill("#create-cap", "300")
    code = await _host_from_page(page)
    assert load_room(redis_url, code).options == {
        "war_down": 1, "gather_order": "shuffled", "steal": True,
        "detect_cycles": False, "max_tricks": 300,
    }  # fmt: skip
    await page.click("#rules summary")
    shown = await page.inner_text("#rules-list")
    assert "gather_order" in shown and "shuffled" in shown
    # Options that cannot go together: the page says which and why.
    await page.click("#leave")
    await page.wait_for_selector("#create-form")
    await page.select_option("#create-seats", "3")
    await page.fill("#opt-min_rank", "4")  # 44 cards do not deal evenly to 3 seats
    await page.click("#create-form button[type=submit]")
    await page.wait_for_selector("#error:not([hidden])")
    error = await page.inner_text("#error")
    assert error.startswith("Those rules are not allowed.") and "min_rank" in error
    assert page.errors == []


async def test_errors_are_sentences(web_server: ServerProc, browser: Any) -> None:
    page = await _page(browser, web_server.http + "/")
    await page.fill("#join-code", "ZZZ-ZZZ")
    await page.click("#join")
    await page.wait_for_selector("#error:not([hidden])")
    assert await page.inner_text("#error") == "There is no room with that code."
    # A link to a room that does not exist says so too.
    gone = await _page(browser, web_server.http + "/r/QQQ-QQQ")
    await gone.wait_for_selector("#error:not([hidden])")
    assert await gone.inner_text("#error") == "There is no room with that code."


async def test_a_page_the_host_removes_is_told_and_leaves_the_room(
    web_server: ServerProc, browser: Any
) -> None:
    host = Session(web_server.url, "Host")
    await host.connect()
    try:
        code = (await host.create("classic", 2, ready_checks=True)).code
        await host.configure(spectating=False)
        page = await _page(browser, web_server.http + f"/r/{code}")
        await page.wait_for_function("() => window.krig.table.seat === 1")
        await host.remove_seat(1)
        await page.wait_for_selector("#error:not([hidden])")
        assert await page.inner_text("#error") == "The host removed you from the room."
        await page.wait_for_function("() => window.krig.table.code === null")
        assert not page.url.endswith(f"/r/{code}")
        assert page.errors == []
    finally:
        await host.close()


async def test_a_browser_and_a_cli_bot_play_whole_games(
    web_server: ServerProc, browser: Any, redis_url: str
) -> None:
    frames: list[bytes] = []
    raw: list[bytes] = []
    page = await _page(browser, web_server.http + "/", frames, raw=raw)
    await page.fill("#name", "Ada")
    await page.select_option("#create-preset", "quick")
    await page.fill("#create-cap", "150")
    code = await _host_from_page(page)
    assert page.url.endswith(f"/r/{code}")
    bot = Session(web_server.url, "Bot")
    await bot.connect()
    await bot.join(code)  # (taking a seat means ready: the game starts)
    reloaded = war_shot = False
    games = 0
    try:
        while games < 3 and not (reloaded and war_shot):
            playing = asyncio.ensure_future(play_game(bot, timeout=120))
            give_up = time.monotonic() + 120
            while await page.evaluate("window.krig.table.phase") != "over":
                assert time.monotonic() < give_up, await _stuck(page, frames)
                table = await page.evaluate(
                    "({phase: krig.table.phase, step: krig.table.step, seat: krig.table.seat})"
                )
                assert table["seat"] == 0
                if table["phase"] == "war" and not war_shot:
                    ARTIFACTS.mkdir(exist_ok=True)
                    await page.screenshot(path=str(ARTIFACTS / "browser-war.png"), full_page=True)
                    assert await page.locator("#seats .card.back").count() > 0
                    print(f"screenshot of a war: {ARTIFACTS / 'browser-war.png'}")
                    war_shot = True
                if table["step"] > 8 and not reloaded:
                    await page.reload()  # the token in sessionStorage resumes the seat
                    await page.wait_for_function(
                        "() => window.krig.connected && window.krig.table.room"
                    )
                    assert await page.evaluate("krig.table.code") == code
                    reloaded = True
                    continue
                if await page.is_enabled("#flip") and await page.is_visible("#flip"):
                    await page.keyboard.press("Space")
                await page.wait_for_timeout(5)
            await playing
            games += 1
            assert "win" in await page.inner_text("#phase") or "draw" in await page.inner_text(
                "#phase"
            )
            assert_conserved(redis_url, code)
            if not (reloaded and war_shot):
                await page.click("#rematch")
                await bot.rematch()
                await page.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
        assert reloaded and war_shot
        # Every card on the page has a text alternative.
        assert await page.locator(".card:not([aria-label])").count() == 0
        # The page never received a card before the rules revealed it.
        assert assert_no_leak(frames, 0) > 100
        assert not any(isinstance(decode_server(f), m.Error) for f in frames)
        assert page.errors == []
        # The page asked for bundles (PROTOCOL.md §2a) and played from them.
        assert any(is_bundle(f) for f in raw)
        assert len(frames) > len(raw) * 1.5, (len(frames), len(raw))
    finally:
        await bot.close()


async def test_the_page_sends_a_flip_once_however_often_the_key_is_pressed(
    web_server: ServerProc, browser: Any
) -> None:
    """Until the server's ``acted`` comes back the table still shows the seat's
    turn: key presses in that time must not send the flip again."""
    received: list[bytes] = []
    sent: list[bytes] = []
    page = await _page(browser, web_server.http + "/", received, sent)
    async with _playing_a_bot(page, web_server) as bot:
        step = await page.evaluate("krig.table.step")
        await page.evaluate(  # three presses in one turn of the page's loop
            """() => { for (let i = 0; i < 3; i++)
                 document.dispatchEvent(new KeyboardEvent('keydown', {key: ' '})); }"""
        )
        await page.wait_for_function("() => krig.table.acted.has(0)")
        await page.wait_for_timeout(300)  # a second flip's refusal would be back by now
        flips = [msg for msg in map(decode_client, sent) if isinstance(msg, m.FlipCard)]
        assert [f.step for f in flips] == [step]
        assert not any(isinstance(decode_server(f), m.Error) for f in received)
        # Refused or answered, the key works again at the next step.
        await bot.flip(step)
        await page.wait_for_function(
            f"() => krig.table.step > {step} || krig.table.phase === 'over'"
        )
        if await page.evaluate(
            "['battle', 'war'].includes(krig.table.phase) && krig.table.awaiting.includes(0)"
        ):
            await page.keyboard.press("Space")
            await page.wait_for_function("() => krig.table.acted.has(0)")
        assert page.errors == []


async def test_a_flip_pressed_while_reconnecting_does_not_hold_the_step(
    web_server: ServerProc, browser: Any
) -> None:
    """A flip pressed while the page is between connections is not sent, so it is
    never answered: it must fail at once, or the step stays marked as played."""
    page = await _page(browser, web_server.http + "/")
    async with _playing_a_bot(page, web_server):
        await page.evaluate(
            """async () => {
                krig.ws.close();
                while (krig.connected) await new Promise((r) => setTimeout(r, 5));
                document.dispatchEvent(new KeyboardEvent('keydown', {key: ' '}));
            }"""
        )
        assert not await page.evaluate("krig.table.acted.has(0)")
        await page.wait_for_function("() => krig.connected && krig.table.room")
        await page.wait_for_function("() => !document.getElementById('flip').disabled")
        await page.keyboard.press("Space")
        await page.wait_for_function("() => krig.table.acted.has(0)")
        assert page.errors == []


async def test_a_page_reloaded_into_its_room_never_reuses_an_action_id(
    web_server: ServerProc, browser: Any
) -> None:
    """The server answers a reused id with that id's first answer and does
    nothing (PROTOCOL.md §3): a reloaded page that counted from 1 again had its
    first actions silently dropped."""
    sent: list[bytes] = []
    page = await _page(browser, web_server.http + "/", sent=sent)
    code = await _host_from_page(page)
    bot = Session(web_server.url, "Bot")
    try:
        await bot.connect()
        await bot.join(code)
        await bot.wait(lambda t: t.room is not None and len(t.room.seats) == 2, 10)
        before = len(sent)
        await page.reload()  # the token in sessionStorage resumes the session
        await page.wait_for_function("() => window.krig.connected && window.krig.table.room")
        await page.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
        await page.click("#flip")
        await bot.wait(lambda t: 0 in t.acted, 10)
        ids = [getattr(decode_client(f), "id", None) for f in sent]
        old, new = (
            [i for i in ids[:before] if i is not None],
            [i for i in ids[before:] if i is not None],
        )
        assert old and new and min(new) > max(old), (old, new)
        assert page.errors == []
    finally:
        await bot.close()


async def test_lobby_and_quick_join_from_the_page(web_server: ServerProc, browser: Any) -> None:
    host = Session(web_server.url, "Host")
    await host.connect()
    page = await _page(browser, web_server.http + "/")
    try:
        room = await host.create("classic", 2, public=True)
        join_button = page.locator("#lobby li", has_text=room.code).locator("button")
        await join_button.wait_for()  # the live lobby shows the new room
        await join_button.click()
        await page.wait_for_function(
            f"() => krig.table.code === '{room.code}' && krig.table.seat === 1"
        )
        await page.click("#leave")
        await page.wait_for_selector("#home:not([hidden])")
        # Quick-join: the page and a CLI player end up at one table.
        await page.select_option("#quick-preset", "polish")
        await page.select_option("#quick-players", "2")
        await page.click("#quick")
        await page.wait_for_function("() => krig.table.code && krig.table.room")
        code = await page.evaluate("krig.table.code")
        other = Session(web_server.url, "Other")
        await other.connect()
        joined = await other.quick(2, "polish")
        assert joined.code == code
        await other.close()
        assert page.errors == []
    finally:
        await host.close()


async def test_an_arneson_hand_is_played_by_clicking(web_server: ServerProc, browser: Any) -> None:
    frames: list[bytes] = []
    page = await _page(browser, web_server.http + "/", frames)
    await page.select_option("#create-preset", "arneson")
    await page.fill("#create-cap", "40")
    await _host_from_page(page)
    bot = Session(web_server.url, "Bot")
    await bot.connect()
    await bot.join(await page.evaluate("krig.table.code"))
    playing = asyncio.ensure_future(play_game(bot, timeout=120))
    try:
        clicks = 0
        give_up = time.monotonic() + 120
        while await page.evaluate("krig.table.phase") != "over":
            assert time.monotonic() < give_up, await _stuck(page, frames)
            first = page.locator("#hand button.card").first
            if await first.count() and await first.is_enabled():
                label = await first.get_attribute("aria-label")
                assert label is not None and label.startswith("Play ")
                await first.click()
                clicks += 1
            await page.wait_for_timeout(5)
        await playing
        assert clicks > 5
        assert await page.locator("#flip").is_hidden()  # a hand game has no flip button
        assert assert_no_leak(frames, 0) > 50  # the bot's hand and choices never reached the page
        assert page.errors == []
    finally:
        await bot.close()
