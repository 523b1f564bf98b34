"""The felt watched as a player sees it: real headless Chromium, sampled every 50 ms.

Two people (a desktop and a phone with a touch screen) play whole games at a
person's pace (each flip 0.25-0.9 s after the button lights up) on a 16-card
deck (jack to ace), where wars are frequent and games short. Every page keeps
a timeline of what its felt shows (each card in each seat's spot, which is
topmost at its centre, the trick result) and the frames it received; the
assertions compare the two:

- no card of an earlier trick ever shares a seat's spot with a newer one;
- every war's deciding cards (the last reveal of the trick, from the frames)
  lie face up, unmoved and topmost (``elementFromPoint``) for >= 600 ms;
- after every reveal the trick's winner is named on the felt;
- on the phone (390x844) the Flip button and "Play again" are fully in view,
  and nothing tells a touch-screen player to press Space.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import random
import re
import time
from typing import Any

from playwright.async_api import TimeoutError as PlaywrightTimeout
from server_support import ServerProc
from test_browser import Browser, _host, browser, web_server  # noqa: F401 (fixtures)

from client_cli.bot import play_game
from client_cli.session import ServerError, Session
from protocol import messages as m
from protocol.codec import decode_server
from protocol.record_json import to_json
from server.engine import Rules

DESK = {"width": 1280, "height": 1000}
PHONE = {"width": 390, "height": 844}
TOUCH: dict[str, Any] = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
SMALL = {"min_rank": "11"}
"""Jack to ace: 16 cards, a tie in about one trick of three, games of a few dozen tricks."""
WAR_SHOWN_MS = 600
RULE_OPTION_NAMES = [f.name for f in dataclasses.fields(Rules)]

SAMPLER = """() => {
  window.__samples = [];
  const slotTrick = (slot) => {
    const m = /^s?(\\d+)\\./.exec(slot || '');
    return m ? Number(m[1]) : null;
  };
  // Face up as drawn: the card's turn (a rotation about Y) is past its half.
  const faceShown = (c) => {
    const tr = getComputedStyle(c.querySelector('.card-inner')).transform;
    const m = /^matrix3d\\(([^,]+)/.exec(tr);
    return c.classList.contains('up') && (!m || parseFloat(m[1]) > 0);
  };
  setInterval(() => {
    const seats = [...document.querySelectorAll('#seats > li.seat')].map((li) => {
      const played = li.querySelector('.played');
      const cards = played ? [...played.querySelectorAll(':scope > .card')].map((c) => {
        const r = c.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { slot: c.dataset.slot, trick: slotTrick(c.dataset.slot),
                 label: c.getAttribute('aria-label'), up: c.classList.contains('up'),
                 top: !!hit && c.contains(hit), face: faceShown(c),
                 x: Math.round(r.left), y: Math.round(r.top) };
      }) : [];
      return { seat: Number(li.id.slice(5)), cards };
    });
    const res = document.getElementById('trick-result');
    const t = krig.table, v = krig.view;
    const behind = t.game === v.game ? t.stats.tricks - v.stats.tricks : 0;
    window.__samples.push({ t: performance.now(), seats, game: krig.view.game, behind,
      result: res ? { trick: Number(res.dataset.trick), text: res.textContent } : null });
  }, 50);
}"""

RANKS = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
SUITS = ["clubs", "diamonds", "hearts", "spades"]


def card_name(card: int) -> str:
    if card == 60:
        return "red joker"
    if card == 61:
        return "black joker"
    return f"{RANKS.get(card >> 2, str(card >> 2))} of {SUITS[card & 3]}"


async def person(page: Any, stop: asyncio.Event, touch: bool, rng: random.Random) -> int:
    """Flip 0.25-0.9 s after the Flip button lights up, as long as the game goes on."""
    flips = 0
    while not stop.is_set():
        lit = await page.evaluate(
            "() => { const b = document.getElementById('flip'); return !!b && !b.disabled; }"
        )
        if lit:
            await asyncio.sleep(rng.uniform(0.25, 0.9))
            if touch:
                # (the game may end, or the button go out, while the finger is on its way)
                with contextlib.suppress(PlaywrightTimeout):
                    await page.tap("#flip:not([disabled])", timeout=2000)
            else:
                await page.keyboard.press("Space")
            flips += 1
            await page.wait_for_timeout(60)
        else:
            await page.wait_for_timeout(25)
    return flips


Trick = tuple[int, int]
"""(game, trick)."""


def tricks_won(messages: list[Any]) -> list[tuple[Trick, m.TrickWon]]:
    game = 0
    out = []
    for msg in messages:
        if isinstance(msg, m.GameStarted):
            game = msg.game
        elif isinstance(msg, m.TrickWon):
            out.append(((game, msg.trick), msg))
    return out


def deciding_cards(messages: list[Any]) -> dict[Trick, dict[int, str]]:
    """Per war trick: each deciding seat's card (its last reveal), from the frames."""
    out: dict[Trick, dict[int, str]] = {}
    last: m.Revealed | None = None
    game = 0
    for msg in messages:
        if isinstance(msg, m.GameStarted):
            game = msg.game
        elif isinstance(msg, m.Revealed):
            last = msg
        elif isinstance(msg, m.TrickWon) and msg.wars and last is not None:
            ups = {s: card_name(c) for s, c in enumerate(last.up) if c is not None}
            out[(game, msg.trick)] = ups
    return out


def longest_shown(samples: list[dict[str, Any]], key: Trick, ups: dict[int, str]) -> float:
    """The longest time (ms) every deciding card of a trick was face up, topmost at its
    centre and unmoved. (Face up by its state: whether its turn has been drawn yet is the
    compositor's, which a loaded machine starves; ``face`` is kept for failure messages.)"""
    game, trick = key
    best = 0.0
    start: float | None = None
    where: dict[int, tuple[int, int]] = {}
    for sample in samples:
        if sample["game"] != game:
            continue
        seats = {s["seat"]: s["cards"] for s in sample["seats"]}
        spots: dict[int, tuple[int, int]] = {}
        for seat, label in ups.items():
            for card in seats.get(seat, []):
                same = card["label"] == label and card["trick"] == trick
                if same and card["up"] and card["top"]:
                    spots[seat] = (card["x"], card["y"])
        ok = len(spots) == len(ups) and (start is None or spots == where)
        if ok and start is None:
            start, where = sample["t"], spots
        elif not ok and start is not None:
            start = None
            if len(spots) == len(ups):  # moved: a new run starts here
                start, where = sample["t"], spots
        if start is not None:
            best = max(best, sample["t"] - start)
    return best


def seen(samples: list[dict[str, Any]], key: Trick, ups: dict[int, str]) -> list[Any]:
    """(For a failure's message) how each deciding card looked, sample by sample."""
    out = []
    for sample in samples:
        if sample["game"] == key[0]:
            cards = [
                (c["face"], c["top"], c["x"], c["y"])
                for spot in sample["seats"]
                for c in spot["cards"]
                if c["trick"] == key[1] and c["label"] == ups.get(spot["seat"])
            ]
            if cards:
                out.append((round(sample["t"]), cards))
    return out


def names_on_felt(samples: list[dict[str, Any]], key: Trick) -> set[str]:
    game, trick = key
    return {
        s["result"]["text"]
        for s in samples
        if s["game"] == game and s["result"] is not None and s["result"]["trick"] == trick
    }


async def test_a_whole_game_at_a_persons_pace_shows_every_trick_and_war_right(
    web_server: ServerProc,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    frames: dict[str, list[bytes]] = {"Ada": [], "Bo": []}
    ada = await browser.page(web_server.http + "/", name="Ada", viewport=DESK, frames=frames["Ada"])
    code = await _host(ada, "classic", 2, SMALL, cap=40)
    bo = await browser.page(
        f"{web_server.http}/r/{code}", name="Bo", viewport=PHONE, frames=frames["Bo"], **TOUCH
    )
    pages = {"Ada": ada, "Bo": bo}
    for page in pages.values():
        await page.wait_for_function("() => krig.view.room && krig.view.room.state === 'playing'")
        await page.evaluate(SAMPLER)
    rng = random.Random(31)
    wars = 0
    games = 0
    flip_seen_in_view = False
    while games < 3 and (wars < 3 or games < 1):
        stop = asyncio.Event()
        players = [
            asyncio.ensure_future(person(ada, stop, False, rng)),
            asyncio.ensure_future(person(bo, stop, True, rng)),
        ]
        give_up = time.monotonic() + 150
        while time.monotonic() < give_up:
            if all([await p.evaluate("krig.view.phase === 'over'") for p in pages.values()]):
                break
            # The phone: Flip is fully in view without scrolling, and no word of a Space bar.
            box = await bo.evaluate(
                """() => { const b = document.getElementById('flip'); if (!b) return null;
                   const r = b.getBoundingClientRect();
                   return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                           sy: scrollY, text: document.body.innerText}; }"""
            )
            if box is not None:
                flip_seen_in_view = True
                assert box["sy"] == 0 and box["top"] >= 0 and box["bottom"] <= PHONE["height"], box
                assert box["left"] >= 0 and box["right"] <= PHONE["width"], box
                assert "Space" not in box["text"], box["text"]
            await asyncio.sleep(0.3)
        stop.set()
        await asyncio.gather(*players)
        games += 1
        # Game over on the phone: "Play again" fully in view without scrolling.
        await bo.wait_for_selector("#rematch")
        box = await bo.evaluate(
            """() => { const r = document.getElementById('rematch').getBoundingClientRect();
               return {top: r.top, bottom: r.bottom, sy: scrollY}; }"""
        )
        assert box["sy"] == 0 and box["top"] >= 0 and box["bottom"] <= PHONE["height"], box
        messages = [decode_server(f) for f in frames["Ada"]]
        wars = len(deciding_cards(messages))
        if games < 3 and (wars < 3 or games < 1):
            for page in pages.values():
                await page.click("#rematch")
            await ada.wait_for_function(f"() => krig.view.room.game === {games + 1}")
    assert flip_seen_in_view
    assert wars >= 1, "no war in three games of a 16-card deck"

    for name, page in pages.items():
        samples: list[dict[str, Any]] = await page.evaluate("window.__samples")
        assert len(samples) > 100
        messages = [decode_server(f) for f in frames[name]]
        seat = 0 if name == "Ada" else 1
        # 0. The felt, paced, stays close behind the game (it catches up when tricks queue).
        behind = max(sample["behind"] for sample in samples)
        print(f"{name}: the felt was at most {behind} trick(s) behind the game")
        assert behind <= 3, behind
        # 1. A seat's spot never holds cards of two tricks.
        for sample in samples:
            for spot in sample["seats"]:
                tricks = {c["trick"] for c in spot["cards"]}
                assert len(tricks) <= 1, (name, sample["t"], spot)
        # 2. Every war's deciding cards: face up, on top, unmoved, >= 600 ms.
        for key, ups in deciding_cards(messages).items():
            shown = longest_shown(samples, key, ups)
            assert shown >= WAR_SHOWN_MS, (name, key, ups, shown, seen(samples, key, ups))
        # 3. After every reveal, the trick's winner is named on the felt.
        for key, won in tricks_won(messages):
            winner = "You" if won.winner == seat else ("Bo" if won.winner == 1 else "Ada")
            said = names_on_felt(samples, key)
            assert any(re.search(rf"\b{winner} takes? {won.total}\b", s) for s in said), (
                name,
                key,
                said,
            )


SEES_HOME = """
window.__sawHome = false;
new MutationObserver(() => {
  if (document.getElementById('home')) window.__sawHome = true;
}).observe(document, { subtree: true, childList: true });
"""


async def test_a_reload_mid_war_goes_straight_back_to_the_war_and_its_tricks(
    web_server: ServerProc,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    """Bo has laid his war cards, Ada reloads: no home page on the way; the page names the
    war's seats and face-down count, shows Bo's cards down, the recent tricks in the log."""
    frames: list[bytes] = []

    async def watch_home(page: Any) -> None:
        await page.add_init_script(SEES_HOME)

    ada = await browser.page(
        web_server.http + "/", name="Ada", viewport=DESK, frames=frames, setup=watch_home
    )
    code = await _host(ada, "classic", 2, SMALL, cap=60)
    bo = Session(web_server.url, "Bo")
    await bo.connect()
    stop = asyncio.Event()

    async def bo_plays() -> None:
        while not stop.is_set():
            t = bo.table
            if t.my_turn:
                with contextlib.suppress(ServerError):
                    await bo.flip(t.step)
            elif t.phase == "over" and t.room is not None and not t.room.seats[1].ready:
                with contextlib.suppress(ServerError):
                    await bo.rematch()
            await asyncio.sleep(0.05)

    try:
        await bo.join(code)
        playing = asyncio.ensure_future(bo_plays())
        give_up = time.monotonic() + 120
        while True:
            assert time.monotonic() < give_up, "no war in two minutes of 16-card games"
            state = await ada.evaluate(
                "() => ({phase: krig.table.phase, acted: [...krig.table.acted],"
                " war: krig.table.warSeats, lit: !!document.querySelector('#flip:not([disabled])'),"
                " over: !!document.querySelector('#rematch:not([disabled])')})"
            )
            if state["phase"] == "war" and 0 in state["war"] and state["acted"] == [1]:
                break
            if state["over"]:
                await ada.click("#rematch")
            elif state["lit"] and state["phase"] != "war":
                await ada.keyboard.press("Space")
            await asyncio.sleep(0.05)
        stop.set()
        await playing
        wars = [msg for msg in map(decode_server, frames) if isinstance(msg, m.War)]
        war = wars[-1]
        tricks = await ada.evaluate("krig.table.stats.tricks")
        await ada.reload()
        await ada.wait_for_function("() => krig.view.room && krig.view.phase === 'war'")
        assert not await ada.evaluate("window.__sawHome"), "the home page was drawn on the way"
        phase = await ada.inner_text("#phase")
        assert "You and Bo tied" in phase, phase
        assert f"{war.down} face down, then one up." in phase, phase
        assert "Your turn" in phase, phase
        assert (await ada.inner_text("#flip")).startswith(f"Lay {war.down} down, 1 up")
        # Bo's cards of this step: face down, as many as the war's, then the one to turn up.
        pending = await ada.locator("#seat-1 .played .card.pending.war-down").count()
        assert pending == war.down, pending
        assert await ada.locator("#seat-1 .played .card.pending").count() == war.down + 1
        # The log has the game's recent tricks (the server keeps the last ten).
        assert await ada.locator("#trick-log li").count() == min(10, tricks)
        if tricks:
            assert await ada.locator("#trick-result").count() == 1
        # And the war plays on from there.
        await ada.keyboard.press("Space")
        await ada.wait_for_function(
            f"() => krig.view.stats.tricks > {tricks} || krig.view.phase !== 'war'"
            " || krig.view.war > 1"
        )
    finally:
        stop.set()
        await bo.close()


def expected_positions(events: list[Any]) -> list[tuple[list[int], m.TrickWon | None]]:
    """The record, trick by trick: each seat's cards once k tricks are over, and trick k."""
    start = events[0]
    assert isinstance(start, m.GameStarted)
    counts = list(start.counts)
    out: list[tuple[list[int], m.TrickWon | None]] = [(list(counts), None)]
    for e in events[1:]:
        if isinstance(e, m.Revealed):
            for s, card in enumerate(e.up):
                if card is not None:
                    counts[s] -= e.down[s] + 1
        elif isinstance(e, m.TrickWon):
            counts[e.winner] += e.total
            for s in e.stolen_from:
                counts[s] -= 1
            if e.returned_to is not None:
                counts[e.returned_to] += len(e.returned)
            out.append((list(counts), e))
        elif isinstance(e, m.PlayerOut):
            counts[e.seat] -= e.to_pot
        elif isinstance(e, m.GameOver):
            if not isinstance(events[events.index(e) - 1], m.TrickWon):
                out.append((list(e.counts), None))  # (ended in a trick: a war nobody finished)
            assert out[-1][0] == e.counts
    return out


async def check_positions(page: Any, names: list[str], want: list[Any]) -> None:
    """Every position of the replay page's slider against the record."""
    assert await page.evaluate("krig.replay.tricks") == len(want) - 1
    for k, (counts, won) in enumerate(want):
        await page.fill("#rp-slider", str(k))
        await page.wait_for_function(f"() => krig.replay.pos === {k}")
        shown = [await page.get_attribute(f"#pile-{s}", "aria-label") for s in range(len(names))]
        assert shown == [f"cards: {n}" for n in counts], (k, shown, counts)
        if won is not None:
            if k < len(want) - 1:  # (at the end the felt says who won the game)
                text = await page.inner_text("#trick-result")
                assert f"{names[won.winner]} takes {won.total}" in text, (k, text)
                assert await page.get_attribute("#trick-result", "data-trick") == str(won.trick)
            log = await page.inner_text("#trick-log li:first-child")
            assert f"#{won.trick}" in log and f"{names[won.winner]} takes {won.total}" in log
    assert await page.locator("#game-over #result").count() == 1


async def test_a_finished_game_is_watched_again_from_its_link_and_from_its_file(
    web_server: ServerProc,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    names = ["Ada", "Bo"]
    players = [Session(web_server.url, n) for n in names]
    for s in players:
        await s.connect()
    try:
        options: dict[str, bool | int | str] = {"min_rank": 11, "max_tricks": 30}
        code = (await players[0].create("classic", 2, options=options)).code
        await players[1].join(code)
        await asyncio.gather(*(play_game(s, timeout=60) for s in players))
        reply = await players[0].request(lambda i: m.GetRecord(id=i, code=code, game=1))
        assert isinstance(reply, m.Record)
        record = reply.record
    finally:
        for s in players:
            await s.close()
    events = [decode_server(f) for f in record.events]
    want = expected_positions(events)

    # From its link: the same felt, the deal checked, every trick as the record has it.
    page = await browser.page(f"{web_server.http}/r/{code}/g/1", name=None, viewport=DESK)
    await page.wait_for_selector("#rp-slider")
    await page.wait_for_selector("#deal-check.ok")
    assert "The deal was fair." in await page.inner_text("#deal-check")
    assert "came off them in the order dealt" in await page.inner_text("#deal-check")
    assert await page.locator("#name-form").count() == 0  # (no name needed to watch)
    await check_positions(page, names, want)
    # One trick forward shows it played (cards laid, turned, taken), one back undoes it.
    await page.fill("#rp-slider", "0")
    await page.click("#rp-forward")
    await page.wait_for_selector("#trick-result[data-trick='1']")
    first = want[1][1]
    if first is not None:
        assert f"{names[first.winner]} takes {first.total}" in await page.inner_text(
            "#trick-result"
        )
    await page.click("#rp-back")
    await page.wait_for_function("() => krig.replay.pos === 0")
    assert await page.locator("#trick-result").count() == 0
    # Play at 4x runs to the end by itself.
    await page.select_option("#rp-speed", "4")
    await page.click("#rp-play")
    await page.wait_for_function(
        "() => krig.replay.pos === krig.replay.tricks && !krig.replay.playing", timeout=60_000
    )
    await page.wait_for_selector("#game-over #result")

    # From its file (krig-server record --json), dropped on /replay.
    text = json.dumps(to_json(record))
    drop = await browser.page(f"{web_server.http}/replay", name=None, viewport=DESK)
    await drop.wait_for_selector("#replay.drop-zone")
    await drop.evaluate(
        """(text) => {
            const dt = new DataTransfer();
            dt.items.add(new File([text], 'game.json', { type: 'application/json' }));
            document.getElementById('replay').dispatchEvent(
                new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
        }""",
        text,
    )
    await drop.wait_for_selector("#deal-check.ok")
    await check_positions(drop, names, want)
    # A file that is not a record is refused in words.
    await drop.set_input_files(
        "#record-file",
        files=[{"name": "x.json", "mimeType": "application/json", "buffer": b'{"a": 1}'}],
    )
    await drop.wait_for_selector("#error:not([hidden])")
    assert "not a game record" in await drop.inner_text("#error")


FITS = """() => {
  const out = [];
  const c = document.createElement('canvas').getContext('2d');
  for (const sel of document.querySelectorAll('#create-form select')) {
    const cs = getComputedStyle(sel);
    c.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    // (the room a closed select gives its text: its width less padding and the arrow)
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    for (const o of sel.options) {
      const w = c.measureText(o.text).width;
      if (w > room) out.push([sel.id, o.text, Math.round(w), Math.round(room)]);
    }
  }
  return out;
}"""


async def test_the_host_form_groups_the_rules_keeps_texts_whole_and_plays_the_computer_at_once(
    web_server: ServerProc,  # noqa: F811
    browser: Browser,  # noqa: F811
) -> None:
    for viewport in (DESK, PHONE):
        page = await browser.page(web_server.http + "/", name="Ada", viewport=viewport)
        await page.click("#create-rules summary")
        groups = await page.eval_on_selector_all(
            "#create-rules fieldset",
            "(fs) => fs.map((f) => [f.querySelector('legend').textContent,"
            " [...f.querySelectorAll('[id^=opt-]')].map((e) => e.id.slice(4))])",
        )
        assert [g[0] for g in groups] == ["The deck", "Wars", "Won cards", "How a game ends"]
        grouped = sorted(n for _, names in groups for n in names)
        assert grouped == sorted(set(RULE_OPTION_NAMES) - {"players", "max_tricks"})
        assert await page.evaluate(FITS) == [], viewport
        hint = await page.inner_text("#create-cap-hint")
        assert hint == "None: the game goes on until one player has every card."
        await page.fill("#create-cap", "50")
        assert await page.inner_text("#create-cap-hint") == "After 50 tricks, most cards wins."
        await page.close()
    # One click: a room with a computer player, the game on at once (no wait for others).
    page = await browser.page(web_server.http + "/", name="Ada", viewport=DESK)
    clicked = time.monotonic()
    await page.click("#play-computer")
    await page.wait_for_function(
        "() => krig.table.room && krig.table.room.state === 'playing'", timeout=5000
    )
    assert time.monotonic() - clicked < 5
    seats = await page.evaluate("krig.table.room.seats")
    assert seats[0]["name"] == "Ada" and seats[1]["bot"] is True
    assert not await page.evaluate("krig.table.room.public")
