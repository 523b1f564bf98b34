"""The browser table in a real headless Chromium (Playwright with Debian's chromium).

Real krig-server subprocesses; pages play by the keyboard as people would
(Space flips, 1-3 choose); CLI sessions (client_cli.session) sit at the same
tables. Every page's console is watched (an error fails its test), every
frame a page receives is audited for cards before their reveal, and the
page's msgpack codec and rule words are checked against the protocol's golden
vectors and the server's rules. Games are short: small decks (``min_rank``)
and round caps (``max_tricks``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
import re
import shutil
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis
from checks import assert_conserved, assert_no_leak, load_room
from server_support import ROOT, ServerProc
from tls_support import self_signed

from client_cli.bot import play_game
from client_cli.session import ServerError, Session
from protocol import messages as m
from protocol.codec import decode_client, decode_server, encode, is_bundle, split_frame
from protocol.errors import ErrorCode
from server.engine import PRESETS, Rules, RulesError
from server.engine.rules import _CHOICES as RULE_CHOICES
from server.engine.rules import PRESET_SOURCES
from server.store.embedded import RedisProcess

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 412, "height": 915}
DESKTOP = {"width": 1280, "height": 860}
SHORT = {"min_rank": 10, "max_tricks": 40}
"""A 20-card deck (10 to ace: ties and wars are frequent) and a round cap."""

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


async def _stuck(page: Any, frames: list[bytes] | None = None) -> str:
    """What a page that stopped playing knows (for the failure message)."""
    state = await page.evaluate(
        """() => JSON.stringify({
            seq: krig.table.seq, step: krig.table.step, phase: krig.table.phase,
            awaiting: krig.table.awaiting, acted: [...krig.table.acted], seat: krig.table.seat,
            playedFor: krig.playedFor, connected: krig.connected,
            ahead: [...krig.ahead.keys()], waiting: krig.waiting.size})"""
    )
    tail = [decode_server(f) for f in (frames or [])[-12:]]
    return f"the page stopped playing: {state}; last frames: {tail}"


@dataclasses.dataclass
class Tab:
    """A page and what it logged."""

    page: Any
    errors: list[str]


class Browser:
    """Pages of one Chromium, each in its own context (its own storage: another person)."""

    def __init__(self, chromium: Any) -> None:
        self.chromium = chromium
        self.tabs: list[Tab] = []

    async def page(
        self,
        url: str,
        name: str | None = "Ada",
        frames: list[bytes] | None = None,
        sent: list[bytes] | None = None,
        raw: list[bytes] | None = None,
        viewport: dict[str, int] | None = None,
        wait: bool = True,
        setup: Any = None,
        **context: Any,
    ) -> Any:
        """A page on ``url`` (phone-sized unless told), its name remembered (None: a
        first visit); ``frames`` gets the messages it receives (a bundle's one by
        one; ``raw``: the frames as they came), ``sent`` what it sends."""
        ctx = await self.chromium.new_context(viewport=viewport or PHONE, **context)
        if name is not None:
            await ctx.add_init_script(f"localStorage.setItem('krig.name', {json.dumps(name)})")
        page = await ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
        page.on(
            "console",
            lambda msg: (
                errors.append(f"console.{msg.type}: {msg.text}") if msg.type == "error" else None
            ),
        )

        def on_socket(ws: Any) -> None:
            for event, kept in (("framereceived", frames), ("framesent", sent)):
                if kept is not None:
                    ws.on(event, functools.partial(_keep_binary, kept))
            if raw is not None:
                ws.on("framereceived", functools.partial(_keep_raw, raw))

        page.on("websocket", on_socket)
        self.tabs.append(Tab(page, errors))
        if setup is not None:
            await setup(page)
        await page.goto(url)
        if wait:
            await page.wait_for_function("() => window.krig && window.krig.connected")
        return page

    def console_errors(self) -> list[str]:
        return [e for tab in self.tabs for e in tab.errors]


@pytest.fixture(scope="module")
def web_server(redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory) -> Any:
    srv = ServerProc(redis_proc.url, "web", tmp_path_factory.mktemp("web")).start()
    yield srv
    srv.stop()


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    """Chromium; at the end, no page it opened may have logged a console error."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        chromium = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        b = Browser(chromium)
        try:
            yield b
        finally:
            await chromium.close()
        assert b.console_errors() == []


async def _host(
    page: Any,
    preset: str = "classic",
    seats: int = 2,
    options: dict[str, str] | None = None,
    cap: int = 0,
) -> str:
    """Fill the page's "Host a game" form and submit it; the new room's code."""
    await page.select_option("#create-preset", preset)
    await page.select_option("#create-seats", str(seats))
    await page.fill("#create-cap", str(cap))
    if options:
        await page.click("#create-rules summary")
        for name, value in options.items():
            if await page.locator(f"select#opt-{name}").count():
                await page.select_option(f"#opt-{name}", value)
            else:
                await page.fill(f"#opt-{name}", value)
    await page.click("#create-form button[type=submit]")
    await page.wait_for_function("() => window.krig.table.code && window.krig.table.room")
    code = await page.evaluate("window.krig.table.code")
    assert isinstance(code, str)
    return code


async def _can_flip(page: Any) -> bool:
    return bool(
        await page.evaluate(
            "() => { const b = document.getElementById('flip'); return !!b && !b.disabled; }"
        )
    )


async def _play_out(
    pages: list[Any], seconds: float = 120, frames: list[bytes] | None = None
) -> None:
    """Every page presses Space whenever its Flip button is on, until all show game over."""
    give_up = time.monotonic() + seconds
    while True:
        phases = [await p.evaluate("krig.table.phase") for p in pages]
        if all(ph == "over" for ph in phases):
            return
        assert time.monotonic() < give_up, await _stuck(
            pages[phases.index("battle")] if "battle" in phases else pages[0], frames
        )
        for p in pages:
            if await _can_flip(p):
                await p.keyboard.press("Space")
        await asyncio.sleep(0.005)


# ---------------------------------------------------------------- the pieces


async def test_the_page_codec_matches_the_golden_vectors(
    web_server: ServerProc, browser: Browser
) -> None:
    vectors = json.loads((ROOT / "protocol" / "golden_v1.json").read_text())["vectors"]
    for v in vectors:  # what JSON.stringify gives: integers past 2**53 arrive as BigInt
        v["expect"] = json.dumps(v["value"], separators=(",", ":"), default=str)
        v["expect"] = re.sub(r"(?<=[:\[,])(\d{17,})(?=[,\]}])", r'"\1"', v["expect"])
    page = await browser.page(web_server.http + "/")
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


def test_the_page_offers_every_preset_with_its_source() -> None:
    source = (ROOT / "server" / "web" / "rules.js").read_text()
    listed = re.findall(r'^  \["(\w+)", (\{.*?\}), "(.*?)", "', source, re.M)
    assert sorted(name for name, _, _ in listed) == sorted(PRESETS)
    defaults = Rules().to_dict()
    for name, opts, where in listed:
        assert where == PRESET_SOURCES[name], name
        changed = {k: v for k, v in PRESETS[name].to_dict().items() if defaults[k] != v}
        written = json.loads(re.sub(r"(\w+):", r'"\1":', opts)) if opts != "{}" else {}
        assert written == changed, name


def test_the_page_has_a_sentence_for_every_error_code() -> None:
    source = (ROOT / "server" / "web" / "app.js").read_text()
    listed = re.search(r"const ERRORS = \{(.*?)\n\};", source, re.S)
    assert listed is not None
    listed_codes = re.findall(r"^  (\w+):", listed.group(1), re.M)
    assert len(listed_codes) == len(set(listed_codes))  # (one sentence each)
    assert sorted(listed_codes) == sorted(e.value for e in ErrorCode)


def _docs_sources() -> dict[str, str]:
    """docs/RULES.md's option table: option name -> its source column."""
    rows = {}
    text = (ROOT / "docs" / "RULES.md").read_text()
    options = text.split("## Options", 1)[1].split("\n## ", 1)[0]  # (not the other tables)
    for line in options.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = cells[3]
    return rows


async def test_every_rule_option_is_in_words_with_its_source(
    web_server: ServerProc, browser: Browser
) -> None:
    """rules.js names every option of the server's rules, with its choices and bounds;
    every value has words and the sources docs/RULES.md gives for that option."""
    page = await browser.page(web_server.http + "/")
    offered = await page.evaluate(
        """async () => {
            const r = await import('/static/rules.js');
            const sample = (o) => Array.isArray(o.kind) ? o.kind : o.kind === 'bool' ? [true, false]
                : [o.kind.min, o.kind.max, Math.min(o.kind.max, o.kind.min + 1)];
            return r.RULE_OPTIONS.map((o) => ({
                name: o.name, kind: o.kind,
                values: sample(o).map((v) => ({v, words: o.words(v), sources: o.sources(v),
                                               line: r.ruleLine(o.name, v)})),
            }));
        }"""
    )
    kinds = {o["name"]: o["kind"] for o in offered}
    assert sorted(kinds) == sorted(f.name for f in dataclasses.fields(Rules))
    for f in dataclasses.fields(Rules):
        kind = kinds[f.name]
        if f.name in RULE_CHOICES:
            assert sorted(kind) == sorted(RULE_CHOICES[f.name]), f.name
        elif f.type == "bool":
            assert kind == "bool", f.name
        else:  # the bounds are the server's: the ends are allowed, one past is not
            fine = {"min_rank": 2, "players": 2}
            Rules(**{f.name: kind["min"]})
            Rules(
                **(
                    {f.name: kind["max"]}
                    if f.name != "min_rank"
                    else {"min_rank": 14, "players": 2}
                )
            )
            with pytest.raises(RulesError):
                Rules(**{**fine, f.name: kind["max"] + 1})
            with pytest.raises(RulesError):
                Rules(**{**fine, f.name: kind["min"] - 1})
    docs = _docs_sources()
    defaults = Rules().to_dict()
    for option in offered:
        for value in option["values"]:
            assert value["words"] and value["sources"], (option["name"], value)
            for code in value["sources"]:
                if code == "usual":  # (the full deck, no jokers: what the texts take for granted)
                    assert value["v"] == defaults[option["name"]], option["name"]
                else:
                    assert code in docs[option["name"]], (option["name"], code)
            assert f": {value['words']} (" in value["line"]  # "Label: words (sources)"
    line = await page.evaluate(
        "async () => (await import('/static/rules.js')).ruleLine('war_down', 3)"
    )
    assert line == "Face-down cards in a war: 3 (Norwegian, Croatian, Swedish)"


async def test_what_the_host_picks_is_what_the_room_gets(
    web_server: ServerProc, browser: Browser, redis_url: str
) -> None:
    page = await browser.page(web_server.http + "/", name="Options")
    code = await _host(
        page, "classic", 2,
        {"war_down": "1", "gather_order": "seat_order", "steal": "true", "detect_cycles": "false"},
        cap=300,
    )  # fmt: skip
    assert load_room(redis_url, code).options == {
        "war_down": 1, "gather_order": "seat_order", "steal": True,
        "detect_cycles": False, "max_tricks": 300,
    }  # fmt: skip
    await page.click("#rules summary")
    shown = await page.inner_text("#rules-list")
    assert "Face-down cards in a war: 1 (Polish)" in shown
    assert "Order of the won cards: seat by seat (krig's own" in shown
    assert "gather_order" not in shown  # words, not identifiers
    # Options that cannot go together: the page says which and why.
    await page.click("#leave")
    await page.wait_for_selector("#create-form")
    await page.click("#create-rules summary")
    await page.select_option("#opt-war_players", "all_in_battle")
    await page.select_option("#opt-loser_takes_tied", "true")  # no tied cards to give back
    await page.click("#create-form button[type=submit]")
    await page.wait_for_selector("#error:not([hidden])")
    error = await page.inner_text("#error")
    assert error.startswith("Those rules are not allowed.") and "loser_takes_tied" in error


async def test_errors_are_sentences(web_server: ServerProc, browser: Browser) -> None:
    page = await browser.page(web_server.http + "/")
    await page.fill("#join-code", "ZZZ-ZZZ")
    await page.click("#join")
    await page.wait_for_selector("#error:not([hidden])")
    assert (await page.inner_text("#error")).startswith("There is no room with that code.")
    # A link to a room that does not exist says so too.
    gone = await browser.page(web_server.http + "/r/QQQ-QQQ")
    await gone.wait_for_selector("#error:not([hidden])")
    assert (await gone.inner_text("#error")).startswith("There is no room with that code.")


# ------------------------------------------------------------------ arriving


async def test_a_first_visit_asks_for_a_name_and_an_invite_link_seats_you_under_it(
    web_server: ServerProc, browser: Browser
) -> None:
    host = Session(web_server.url, "Ada")
    await host.connect()
    try:
        code = (await host.create("classic", 3)).code
        # A first visit: the name is asked before anything, and remembered.
        page = await browser.page(web_server.http + "/", name=None)
        await page.wait_for_selector("#name-form")
        # The old bug: a session made before the name was typed (here as "guest"),
        # then the invite link opened in the same tab resumed it and seated "guest".
        await page.evaluate("localStorage.setItem('krig.name', 'Bo')")
        await page.goto(web_server.http + f"/r/{code}")
        await page.wait_for_function(f"() => krig.table.code === '{code}' && krig.table.seat === 1")
        await host.wait(lambda t: t.room is not None and t.room.seats[1].name == "Bo", 10)
        # Taking a seat means ready: no "I'm ready" button without ready checks.
        assert await page.locator("#ready").count() == 0
        assert (await page.inner_text("#seat-1")).count("ready") >= 1
        # A first visit through the link: asked for a name (told whose table), then seated.
        link = await page.input_value("#invite-link")
        assert link == f"{web_server.http}/r/{code}?from=Ada"
        other = await browser.page(link, name=None)
        await other.wait_for_selector("#name-form")
        told = await other.inner_text("#name-form")
        assert f"You are invited to Ada's table (room {code})." in told
        await other.fill("#name", "Bo")
        await other.click("#name-ok")
        await other.wait_for_function(
            f"() => krig.table.code === '{code}' && krig.table.seat === 2"
        )
        # Names at a table are told apart.
        await host.wait(lambda t: t.room is not None and t.room.seats[2].name == "Bo 2", 10)
        await page.wait_for_selector("#seat-2 >> text=Bo 2")
        assert await other.evaluate("localStorage.getItem('krig.name')") == "Bo"
        # The invite link, with copy (and share where the browser has it): folded away
        # once the game is on.
        assert await other.input_value("#invite-link") == link
        assert not await other.is_visible("#copy")
        await other.click("#invite summary")
        await other.context.grant_permissions(["clipboard-read", "clipboard-write"])
        await other.click("#copy")
        await other.wait_for_selector("#copy >> text=Copied")
        assert await other.evaluate("navigator.clipboard.readText()") == link
        has_share = await other.evaluate("typeof navigator.share === 'function'")
        assert await other.locator("#share").count() == (1 if has_share else 0)
    finally:
        await host.close()


async def test_a_link_to_a_game_under_way_offers_to_watch(
    web_server: ServerProc, browser: Browser
) -> None:
    players = [Session(web_server.url, n) for n in ("Ada", "Bo")]
    for s in players:
        await s.connect()
    try:
        code = (await players[0].create("classic", 2, options={"max_tricks": 400})).code
        await players[1].join(code)  # full and ready: the game is on
        page = await browser.page(web_server.http + f"/r/{code}", name="Cy")
        await page.wait_for_selector("#offer")
        assert "under way" in await page.inner_text("#offer")
        await page.click("#offer-watch")
        await page.wait_for_function(f"() => krig.table.code === '{code}' && krig.table.room")
        assert await page.evaluate("krig.table.seat") is None
        # (The players learn the count at their next snapshot: the server sends no
        # event when someone starts watching.)
        assert await page.inner_text("#spectators") == "1 watching"
        # A spectator's own wording, never "flip your card"; no Flip button.
        phase = await page.inner_text("#phase")
        assert "waiting for" in phase.lower() or "reveal" in phase.lower(), phase
        assert "your" not in phase.lower()
        assert await page.locator("#flip").count() == 0
        await players[0].flip(players[0].table.step)
        await page.wait_for_function("() => krig.table.acted.size === 1")
        phase = await page.inner_text("#phase")
        assert phase == "Waiting for Bo to flip.", phase
    finally:
        for s in players:
            await s.close()


# --------------------------------------------------------------- whole games


async def test_two_browsers_play_a_whole_game_and_a_rematch(
    web_server: ServerProc, browser: Browser, redis_url: str
) -> None:
    frames: list[list[bytes]] = [[], []]
    raw: list[bytes] = []
    ada = await browser.page(web_server.http + "/", "Ada", frames[0], raw=raw, viewport=DESKTOP)
    code = await _host(ada, "classic", 2, {"min_rank": "10"}, cap=40)
    bo = await browser.page(web_server.http + f"/r/{code}", "Bo", frames[1])
    pages = [ada, bo]
    await ada.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
    await bo.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
    # The reveal you can see: a flipped card lies face down on both tables...
    await ada.keyboard.press("Space")
    for p in pages:
        await p.wait_for_function("() => krig.table.acted.has(0)")
        assert await p.locator("#seat-0 .played .card.down.pending").count() == 1
        assert await p.locator("#seat-0 .played .card.up:not(.gather)").count() == 0
        assert (
            await p.locator("#seat-0 .played .card.down").first.get_attribute("aria-label")
            == "face-down card"
        )
    assert await bo.inner_text("#phase") == "Your turn: flip your card (Space)."
    assert await ada.inner_text("#phase") == "Waiting for Bo to flip."
    # ...and both turn over together at the reveal, each named for a screen reader.
    await bo.keyboard.press("Space")
    for p in pages:
        await p.wait_for_function(
            "() => krig.table.stats.tricks >= 1 || krig.table.phase === 'war'"
        )
        labels = await p.locator(".played .card.up").evaluate_all(
            "(cards) => cards.map((c) => c.getAttribute('aria-label'))"
        )
        assert len(labels) >= 2
        assert all(
            re.fullmatch(r"(\d+|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)", x)
            for x in labels
        )
        assert (await p.inner_text("#announce")).startswith(("Revealed:", "War cards:"))
    await _play_out(pages, 120, frames[0])
    results = [await p.inner_text("#result") for p in pages]
    assert sorted(results) in (["You lose", "You win"], ["Draw", "Draw"]), results
    for p in pages:
        # Standings, tricks, wars, the longest war; the counts add up to the deck.
        rows = await p.locator("#standings tbody tr").count()
        assert rows == 2
        stats = await p.inner_text("#stats")
        assert re.match(r"\d+ tricks · \d+ wars? · longest war: ", stats), stats
        cards = [
            int(x) for x in await p.locator("#standings tbody td:nth-child(3)").all_inner_texts()
        ]
        assert sum(cards) == 20
        piles = [int(x) for x in await p.locator(".pile-count").all_inner_texts()]
        assert sum(piles) == 20
        # The trick log marks its wars.
        logged = await p.evaluate("krig.table.log.filter((e) => e.wars > 0).length")
        assert await p.locator("#trick-log .war-tag").count() == logged
        assert await p.locator(".card:not([aria-label])").count() == 0
        # Check the deal: the commitment verified in the page (WebCrypto).
        await p.wait_for_selector("#check-deal:not([disabled])")
        await p.click("#check-deal")
        await p.wait_for_selector("#deal-check")
        check = await p.inner_text("#deal-check")
        assert "The deal was fair." in check and "WebCrypto" in check, check
        assert (
            "announced when the game started" in check
            and "came off them in the order dealt" in check
        )
        assert "✗" not in check
    assert_conserved(redis_url, code)
    # Rematch: who is in shows on both pages; the one who asked names who it waits for,
    # and may take it back.
    await ada.click("#rematch")
    await bo.wait_for_selector("#rematch-status >> text=Ada wants a rematch: 1 of 2.")
    await ada.wait_for_selector("#rematch[disabled] >> text=Waiting for Bo…")
    await ada.click("#rematch-undo")
    await bo.wait_for_selector("#rematch-status >> text=Nobody has asked for a rematch yet")
    await ada.wait_for_selector("#rematch:not([disabled]) >> text=Play again")
    await ada.click("#rematch")
    await bo.wait_for_selector("#rematch-status >> text=Ada wants a rematch: 1 of 2.")
    await bo.click("#rematch")
    for p in pages:
        await p.wait_for_function(
            "() => ['battle', 'war'].includes(krig.table.phase) && krig.table.game === 2"
        )
    # The running score, in the room: one game won by whoever won it.
    winners = await ada.evaluate("krig.table.room.wins")
    assert sorted(winners) in ([0, 1], [0, 0]), winners  # (a draw counts for no one)
    if sum(winners):
        name = "Ada" if winners[0] else "Bo"
        assert f"{name} 1" in await ada.inner_text("#score")
    # The page never received a card before the rules revealed it.
    for seat, mine in enumerate(frames):
        assert assert_no_leak(mine, seat) > 20
        assert not any(isinstance(decode_server(f), m.Error) for f in mine)
    # The page asked for bundles (PROTOCOL.md §2a) and played from them.
    assert any(is_bundle(f) for f in raw)
    assert len(frames[0]) > len(raw) * 1.3, (len(frames[0]), len(raw))


async def test_four_browsers_play_a_four_player_game(
    web_server: ServerProc, browser: Browser
) -> None:
    frames: list[list[bytes]] = [[], [], [], []]
    names = ["Ada", "Bo", "Cy", "Ada"]
    first = await browser.page(web_server.http + "/", names[0], frames[0], viewport=DESKTOP)
    code = await _host(first, "classic", 4, {"min_rank": "10"}, cap=30)
    pages = [first]
    for i in range(1, 4):
        pages.append(await browser.page(web_server.http + f"/r/{code}", names[i], frames[i]))
    for p in pages:
        await p.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
    seats = [await p.evaluate("krig.table.seat") for p in pages]
    assert seats == [0, 1, 2, 3]
    assert await first.inner_text("#seat-3 .seat-name") == "Ada 2"  # told apart
    await _play_out(pages, 150, frames[0])
    titles = [await p.inner_text("#result") for p in pages]
    winners = await first.evaluate("krig.table.result.winners")
    for s, title in enumerate(titles):
        if len(winners) == 1:
            assert title == ("You win" if s in winners else "You lose"), (s, title)
        else:
            assert title in ("Draw", "You lose"), title
    for s, p in enumerate(pages):
        rows = await p.locator("#standings tbody tr").all_inner_texts()
        assert len(rows) == 4  # standings for 3-4 players
        assert [r.split("\t")[0] for r in rows] == sorted(r.split("\t")[0] for r in rows)
        assert sum(int(r.split("\t")[2]) for r in rows) == 20
        assert assert_no_leak(frames[s], s) > 15  # (a short game: 20 cards, a round cap)


# ------------------------------------------------------------ chat and host


async def test_a_browser_and_a_cli_player_share_a_room_and_chat(
    web_server: ServerProc, browser: Browser
) -> None:
    page = await browser.page(web_server.http + "/", "Ada")
    code = await _host(page, "classic", 2, {"min_rank": "10"}, cap=20)
    cli = Session(web_server.url, "Bo")
    await cli.connect()
    try:
        await cli.join(code)
        await page.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
        # Text is text: markup from another player is shown, never run or rendered.
        await cli.chat("<b>hi</b> & <img src=x onerror=alert(1)>")
        await page.wait_for_selector("#chat-lines li")
        assert (
            await page.inner_text("#chat-lines li")
            == "Bo: <b>hi</b> & <img src=x onerror=alert(1)>"
        )
        assert await page.locator("#chat-lines b >> text=hi").count() == 0
        assert await page.locator("#chat-lines img").count() == 0
        await page.fill("#chat-input", "good luck, Bo")
        await page.press("#chat-input", "Enter")
        await cli.wait(lambda t: any(c.text == "good luck, Bo" for c in t.chat), 10)
        said = next(c for c in cli.table.chat if c.text == "good luck, Bo")
        assert (said.seat, said.name) == (0, "Ada")
        await page.wait_for_function("() => document.getElementById('chat-input').value === ''")
        # The CLI plays, the page flips: one game between them (Esc leaves the chat box).
        await page.press("#chat-input", "Escape")
        playing = asyncio.ensure_future(play_game(cli, timeout=90))
        await _play_out([page], 90)
        await playing
    finally:
        await cli.close()


async def test_the_hosts_controls_each_do_what_they_say(
    web_server: ServerProc, browser: Browser
) -> None:
    page = await browser.page(web_server.http + "/", "Ada", viewport=DESKTOP)
    code = await _host(page, "classic", 4)
    watcher = Session(web_server.url, "Wes")
    await watcher.connect()
    others: list[Session] = []

    def room() -> m.RoomInfo:
        assert watcher.table.room is not None
        return watcher.table.room

    async def seen(check: Any) -> None:
        await watcher.wait(lambda t: t.room is not None and check(t.room), 10)

    try:
        await watcher.spectate(code)
        await seen(lambda r: r.spectators == 1)
        # Add a computer player at the level chosen, then remove that seat.
        await page.select_option("#bot-level", "hard")
        await page.click("#add-bot")
        await seen(lambda r: r.seats[1].bot and r.seats[1].level == "hard")
        await page.wait_for_selector("#seat-1 >> text=ready (computer, hard)")
        await page.click("#seat-1 .remove-seat")
        await seen(lambda r: r.seats[1].name is None)
        # Lock: nobody new may sit down.
        await page.check("#lock")
        await seen(lambda r: r.locked)
        # (The room's news carries the spectator count: the host sees Wes watching.)
        await page.wait_for_selector("#spectators >> text=1 watching")
        bo = Session(web_server.url, "Bo")
        await bo.connect()
        others.append(bo)
        with pytest.raises(ServerError) as refused:
            await bo.join(code)
        assert refused.value.code == "room_locked"
        await page.uncheck("#lock")
        await seen(lambda r: not r.locked)
        # Public: listed in the lobby.
        await page.check("#public")
        await seen(lambda r: r.public)
        assert code in [r.code for r in (await bo.lobby()).rooms]
        # Spectating off: a new spectator is refused.
        await page.uncheck("#spectating")
        await seen(lambda r: not r.spectating)
        with pytest.raises(ServerError) as refused:
            await bo.spectate(code)
        assert refused.value.code == "spectating_off"
        # Chat off: a line is refused, and the page says the chat is off.
        await page.uncheck("#chat-on")
        await seen(lambda r: not r.chat)
        with pytest.raises(ServerError) as refused:
            await watcher.chat("hello?")
        assert refused.value.code == "chat_off"
        await page.wait_for_selector("#chat-off")
        # A turn timer.
        await page.select_option("#turn-timer", "20")
        await seen(lambda r: r.turn_s == 20)
        # The rules: a preset and an option, shown in words with the source.
        await page.click("#room-rules summary")
        await page.select_option("#room-preset", "quick")
        await seen(lambda r: r.preset == "quick")
        await page.fill("#room-opt-war_down", "2")
        await page.press("#room-opt-war_down", "Tab")
        await seen(lambda r: r.rules["war_down"] == 2)
        await page.click("#rules summary")
        assert "Face-down cards in a war: 2 (Swedish)" in await page.inner_text("#rules-list")
        # Ready checks: a player who joins is not ready, and start waits for it.
        await page.check("#ready-checks")
        await seen(lambda r: r.ready_checks)
        await bo.join(code)
        await seen(lambda r: r.seats[1].name == "Bo" and not r.seats[1].ready)
        await page.click("#start")
        await page.wait_for_selector("#error:not([hidden]) >> text=Not everyone is ready.")
        assert room().state == "lobby"
        await bo.ready()
        await page.click("#ready")  # (ready checks are for the host too)
        await seen(lambda r: r.seats[0].ready and r.seats[1].ready)
        # Start now: computer players take the two empty seats and the game begins.
        await page.click("#start")
        await watcher.wait(lambda t: t.phase in ("battle", "war"), 10)
        assert [s.bot for s in room().seats] == [False, False, True, True]
        await page.wait_for_selector("#flip")
    finally:
        for s in [watcher, *others]:
            await s.close()


async def test_a_page_the_host_removes_is_told_and_leaves_the_room(
    web_server: ServerProc, browser: Browser
) -> None:
    host = Session(web_server.url, "Host")
    await host.connect()
    try:
        code = (await host.create("classic", 2, ready_checks=True)).code
        await host.configure(spectating=False)
        page = await browser.page(web_server.http + f"/r/{code}")
        await page.wait_for_function("() => window.krig.table.seat === 1")
        await page.wait_for_selector("#ready")  # ready checks: this page must say so
        await host.remove_seat(1)
        await page.wait_for_selector("#notice")
        assert (await page.inner_text("#notice")).startswith("The host removed you from the room.")
        await page.wait_for_function("() => window.krig.table.code === null")
        assert not page.url.endswith(f"/r/{code}")
    finally:
        await host.close()


# --------------------------------------------------------- connection trouble


async def test_a_reload_mid_game_returns_to_the_same_seat(
    web_server: ServerProc, browser: Browser
) -> None:
    frames: list[bytes] = []
    page = await browser.page(web_server.http + "/", "Ada", frames)
    code = await _host(page, "quick", 2, cap=150)
    bot = Session(web_server.url, "Bot")
    await bot.connect()
    try:
        await bot.join(code)
        playing = asyncio.ensure_future(play_game(bot, timeout=120))
        await page.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
        while await page.evaluate("krig.table.step") < 6:
            if await _can_flip(page):
                await page.keyboard.press("Space")
            await asyncio.sleep(0.01)
        await page.reload()  # the token in sessionStorage resumes the seat
        await page.wait_for_function("() => window.krig.connected && window.krig.table.room")
        assert await page.evaluate("[krig.table.code, krig.table.seat]") == [code, 0]
        await _play_out([page], 120, frames)
        await playing
        assert assert_no_leak(frames, 0) > 50
    finally:
        await bot.close()


async def test_a_dropped_connection_shows_a_banner_and_no_live_flip_button(
    web_server: ServerProc, browser: Browser
) -> None:
    """While the page is between connections the Flip button is off (a flip then
    is never sent, so never answered); a flip pressed then does not hold the step.
    Back, it asks for what it missed (PROTOCOL.md §5), and the answer ends with a
    snapshot (which sets a page right whose last events a store that went back in
    time numbered as others: the fault simulator's seed 27625)."""
    frames: list[bytes] = []
    sent: list[bytes] = []
    page = await browser.page(web_server.http + "/", frames=frames, sent=sent)
    code = await _host(page)
    bot = Session(web_server.url, "Bot")
    await bot.connect()
    try:
        await bot.join(code)
        await page.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
        assert await _can_flip(page)
        seen = await page.evaluate(
            """async () => {
                krig.ws.close();
                while (krig.connected) await new Promise((r) => setTimeout(r, 5));
                document.dispatchEvent(new KeyboardEvent('keydown', {key: ' '}));
                await new Promise((r) => setTimeout(r, 0));
                const flip = document.getElementById('flip');
                return {banner: document.getElementById('banner')?.textContent ?? null,
                        flipOn: Boolean(flip && !flip.disabled), acted: krig.table.acted.has(0),
                        seq: krig.table.seq, line: document.getElementById('phase').textContent};
            }"""
        )
        assert seen["banner"] is not None and "Connection lost" in seen["banner"], seen
        assert not seen["flipOn"] and not seen["acted"], seen
        assert "Reconnecting" in seen["line"], seen  # (not "waiting for Bot": the flip is ours)
        received_before = len(frames)
        await page.wait_for_function("() => krig.connected && krig.table.room")
        asked: list[m.Resync] = []
        for _ in range(100):
            asked = [x for x in map(decode_client, sent) if isinstance(x, m.Resync)]
            if asked:
                break
            await asyncio.sleep(0.05)
        assert asked and asked[0].after >= seen["seq"], asked
        for _ in range(100):
            since = [decode_server(f) for f in frames[received_before:]]
            if m.Ack(id=asked[0].id, step=0) in since:
                break
            await asyncio.sleep(0.05)
        answer = since[: since.index(m.Ack(id=asked[0].id, step=0))]
        snapshots = [x for x in answer if isinstance(x, m.Snapshot)]
        assert len(snapshots) >= 2, answer  # (the resume's, and the resync's last)
        assert await page.locator("#banner").count() == 0
        await page.wait_for_function("() => !document.getElementById('flip').disabled")
        await page.keyboard.press("Space")
        await page.wait_for_function("() => krig.table.acted.has(0)")
    finally:
        await bot.close()


async def test_a_room_that_is_gone_is_reported(web_server: ServerProc, browser: Browser) -> None:
    """The contract for a room the server no longer has (PROTOCOL.md, ``room_gone``):
    ``error {id: nil, code: room_gone}`` unasked, or as the answer to an action in
    it. The page says so, goes home and never keeps a table with a live Flip button.
    (The server's frames are the real server's; this one is added on the way.)"""
    routes: list[Any] = []

    def through(route: Any) -> None:
        route.connect_to_server()  # (every frame passes as it is)
        routes.append(route)

    async def setup(page: Any) -> None:
        await page.route_web_socket(re.compile(r".*/ws$"), through)

    page = await browser.page(web_server.http + "/", setup=setup)
    code = await _host(page)
    bot = Session(web_server.url, "Bot")
    await bot.connect()
    try:
        await bot.join(code)
        await page.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
        assert await _can_flip(page)
        gone = m.Error(id=None, code="room_gone", message="this room no longer exists")
        routes[-1].send(encode(gone))
        await page.wait_for_selector("#notice")
        assert (await page.inner_text("#notice")).startswith("This room is gone")
        assert await page.evaluate("krig.table.code") is None
        assert await page.locator("#flip").count() == 0 and await page.locator("#home").count() == 1
        assert page.url == web_server.http + "/"
    finally:
        await bot.close()


async def test_a_room_deleted_on_the_server_is_reported(
    web_server: ServerProc, browser: Browser, redis_url: str
) -> None:
    """The same with the real server: the room vanishes from Redis under a game."""
    page = await browser.page(web_server.http + "/")
    code = await _host(page)
    bot = Session(web_server.url, "Bot")
    await bot.connect()
    client = redis.Redis.from_url(redis_url)
    try:
        await bot.join(code)
        await page.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
        assert await _can_flip(page)
        for key in client.scan_iter(f"krig:{{{code}}}:*"):
            client.delete(key)
        # Told unasked: the page goes home, with no Flip button left behind.
        await page.wait_for_selector("#notice", timeout=20_000)
        assert (await page.inner_text("#notice")).startswith("This room is gone")
        assert await page.evaluate("krig.table.code") is None
        assert await page.locator("#flip").count() == 0
        assert page.url == web_server.http + "/"
    finally:
        client.close()
        await bot.close()


# ------------------------------------------------------------- the rest


async def test_an_arneson_hand_is_played_by_its_keys(
    web_server: ServerProc, browser: Browser
) -> None:
    frames: list[bytes] = []
    page = await browser.page(web_server.http + "/", "Ada", frames)
    code = await _host(page, "arneson", 2, cap=20)  # (26 cards each: 20 tricks are played)
    bot = Session(web_server.url, "Bot")
    await bot.connect()
    try:
        await bot.join(code)
        playing = asyncio.ensure_future(play_game(bot, timeout=120))
        presses = 0
        give_up = time.monotonic() + 120
        while await page.evaluate("krig.table.phase") != "over":
            assert time.monotonic() < give_up, await _stuck(page, frames)
            # (read at once: a locator's count, then its state, raced the hand's
            # re-render at the game's end and waited 30 s for a card that had gone)
            label = await page.evaluate(
                "() => { const b = document.querySelector('#hand button.card');"
                " return b && !b.disabled ? b.getAttribute('aria-label') : null }"
            )
            if label is not None:
                assert re.fullmatch(r"Play .+ of \w+ \(key 1\)", label), label
                await page.keyboard.press("1")
                presses += 1
            await asyncio.sleep(0.005)
        await playing
        assert presses >= 20  # one choice a battle at least
        assert await page.locator("#flip").count() == 0  # a hand game has no flip button
        assert assert_no_leak(frames, 0) > 50  # the bot's hand and choices never reached the page
    finally:
        await bot.close()


async def test_the_page_sends_a_flip_once_however_often_the_key_is_pressed(
    web_server: ServerProc, browser: Browser
) -> None:
    received: list[bytes] = []
    sent: list[bytes] = []
    page = await browser.page(web_server.http + "/", "Ada", received, sent)
    code = await _host(page)
    bot = Session(web_server.url, "Bot")
    await bot.connect()
    try:
        await bot.join(code)
        await page.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
        step = await page.evaluate("krig.table.step")
        await page.evaluate(  # three presses in one turn of the page's loop
            """() => { for (let i = 0; i < 3; i++)
                 document.dispatchEvent(new KeyboardEvent('keydown', {key: ' '})); }"""
        )
        await page.wait_for_function("() => krig.table.acted.has(0)")
        # A chat line after the presses: its answer comes after any second flip's would.
        await page.fill("#chat-input", "one flip")
        await page.press("#chat-input", "Enter")
        await page.wait_for_selector("#chat-lines >> text=one flip")
        flips = [msg for msg in map(decode_client, sent) if isinstance(msg, m.FlipCard)]
        assert [f.step for f in flips] == [step]
        assert not any(isinstance(decode_server(f), m.Error) for f in received)
    finally:
        await bot.close()


async def test_a_page_reloaded_into_its_room_never_reuses_an_action_id(
    web_server: ServerProc, browser: Browser
) -> None:
    """The server answers a reused id with that id's first answer and does
    nothing (PROTOCOL.md §3): a reloaded page that counted from 1 again had its
    first actions silently dropped."""
    sent: list[bytes] = []
    page = await browser.page(web_server.http + "/", sent=sent)
    code = await _host(page)
    bot = Session(web_server.url, "Bot")
    try:
        await bot.connect()
        await bot.join(code)
        await bot.wait(lambda t: t.room is not None and len(t.room.seats) == 2, 10)
        before = len(sent)
        await page.reload()
        await page.wait_for_function("() => window.krig.connected && window.krig.table.room")
        await page.wait_for_function("() => ['battle', 'war'].includes(krig.table.phase)")
        await page.click("#flip")
        await bot.wait(lambda t: 0 in t.acted, 10)
        ids = [getattr(decode_client(f), "id", None) for f in sent]
        old = [i for i in ids[:before] if i is not None]
        new = [i for i in ids[before:] if i is not None]
        assert old and new and min(new) > max(old), (old, new)
    finally:
        await bot.close()


async def test_lobby_and_quick_join_from_the_page(web_server: ServerProc, browser: Browser) -> None:
    host = Session(web_server.url, "Host")
    await host.connect()
    page = await browser.page(web_server.http + "/")
    try:
        room = await host.create("classic", 2, public=True)
        join_button = page.locator("#lobby li", has_text=room.code).locator("button")
        await join_button.wait_for()  # the live lobby shows the new room
        await join_button.click()
        await page.wait_for_function(
            f"() => krig.table.code === '{room.code}' && krig.table.seat === 1"
        )
        await page.click("#leave")
        await page.wait_for_selector("#home")
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
    finally:
        await host.close()


async def test_sound_is_off_by_default_and_motion_can_be_reduced(
    web_server: ServerProc, browser: Browser
) -> None:
    page = await browser.page(web_server.http + "/")
    assert await page.get_attribute("#sound", "aria-pressed") == "false"
    await page.click("#sound")
    assert await page.get_attribute("#sound", "aria-pressed") == "true"
    assert await page.evaluate("localStorage.getItem('krig.sound')") == "on"
    await page.reload()
    await page.wait_for_function("() => window.krig && window.krig.connected")
    assert await page.get_attribute("#sound", "aria-pressed") == "true"
    await page.click("#sound")
    # A card turns over with an animation, unless the person asked for less motion.
    turning = "getComputedStyle(document.querySelector('.fan .card.up .card-inner')).animationName"
    assert await page.evaluate(turning) == "turn"
    await page.emulate_media(reduced_motion="reduce")
    assert await page.evaluate(turning) == "none"


async def test_an_https_page_plays_over_wss_and_invites_at_the_public_url(
    redis_proc: RedisProcess, tmp_path: Any, browser: Browser
) -> None:
    """With --tls-cert/--tls-key the page is https and its socket wss; with
    --public-url the invite link is the address friends reach."""
    if shutil.which("openssl") is None:
        pytest.skip("the openssl CLI is not installed")
    cert, key = self_signed(tmp_path)
    public = "https://krig.example.org"
    srv = ServerProc(
        redis_proc.url, "https", tmp_path, tls_cert=str(cert), tls_key=str(key), public_url=public
    ).start()
    page = None
    try:
        url = f"https://localhost:{srv.port}/"
        page = await browser.page(url, "Ada", ignore_https_errors=True)
        assert await page.evaluate("krig.ws.url") == f"wss://localhost:{srv.port}/ws"
        code = await _host(page)
        assert await page.input_value("#invite-link") == f"{public}/r/{code}?from=Ada"
        assert await page.locator("#invite-hint").count() == 0
    finally:
        if page is not None:
            await page.close()  # (before its server goes: no reconnecting page)
        srv.stop()


async def test_a_server_on_this_machine_only_says_so_at_the_invite(
    web_server: ServerProc, browser: Browser
) -> None:
    """...to the host, in the waiting room, once: not in the game, nor to a guest, nor again."""
    page = await browser.page(web_server.http + "/")
    code = await _host(page)
    assert await page.input_value("#invite-link") == f"{web_server.http}/r/{code}?from=Ada"
    assert "--host 0.0.0.0" in await page.inner_text("#invite-hint")
    guest = await browser.page(f"{web_server.http}/r/{code}", name="Bo")
    await guest.wait_for_function("() => krig.table.room && krig.table.room.state === 'playing'")
    assert await guest.locator("#invite-hint").count() == 0
    await page.wait_for_function("() => krig.table.room.state === 'playing'")
    assert await page.locator("#invite-hint").count() == 0
    await page.click("#leave")
    await _host(page)  # another room: the host has read it once
    assert await page.locator("#invite-hint").count() == 0


async def test_the_deal_check_fails_a_deal_that_was_changed_and_titles_read_right(
    web_server: ServerProc, browser: Browser
) -> None:
    """checkDeal (deal.js) against a real commitment, then with one card swapped;
    the game-over title as each viewer reads it (table.js)."""
    page = await browser.page(web_server.http + "/")
    checked = await page.evaluate(
        """async () => {
            const deal = await import('/static/deal.js');
            const { checkDeal, commitmentInput, sha256, sha256Fallback } = deal;
            const proof = { piles: [[56, 44, 52], [48, 57, 40]], set_aside: [], seed: 7,
                            nonce: 'ab'.repeat(32) };
            const { digest } = await sha256(commitmentInput(proof));
            const rules = { min_rank: 10, jokers: 0, hand_size: 0 };
            const deck = { piles: [[56, 44, 52, 41, 45, 49, 53, 57, 47, 51],
                                   [48, 40, 42, 46, 50, 54, 58, 43, 55, 59]],
                           set_aside: [], seed: 7, nonce: 'cd'.repeat(32) };
            const deckDigest = (await sha256(commitmentInput(deck))).digest;
            const seen = { commitment: `sha256:${deckDigest}`, counts: [10, 10], rules,
                           laid: [[[0, 56], [1, 44]], [[0, 48], [1, 40]]] };
            const good = await checkDeal({ ...deck, commitment: seen.commitment }, seen);
            const swapped = { ...deck,
                              piles: [[44, 56, ...deck.piles[0].slice(2)], deck.piles[1]] };
            const bad = await checkDeal({ ...swapped, commitment: seen.commitment }, seen);
            return { same: digest === sha256Fallback(commitmentInput(proof)), good, bad };
        }"""
    )
    assert checked["same"]  # WebCrypto and the page's own SHA-256 agree
    assert checked["good"]["ok"] and len(checked["good"]["lines"]) == 4, checked["good"]
    assert not checked["bad"]["ok"]
    assert any("not to the commitment" in line for line in checked["bad"]["lines"])
    assert any("did not come off the dealt piles" in line for line in checked["bad"]["lines"])
    titles = await page.evaluate(
        """async () => {
            const { resultTitle } = await import('/static/table.js');
            const room = { seats: [{ name: 'Ada' }, { name: 'Bo' }, { name: 'Cy' }] };
            const won = { result: 'win', winners: [0] };
            const tied = { result: 'draw', winners: [0, 1] };
            return [null, 0, 1].map((seat) => resultTitle({ seat, room, result: won }))
                .concat([0, 2, null].map((seat) => resultTitle({ seat, room, result: tied })));
        }"""
    )
    assert titles == ["Ada wins", "You win", "You lose", "Draw", "You lose", "Draw"]
