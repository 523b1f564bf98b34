"""Durable before delivered: with ``--redis-min-replicas 1`` nothing reaches a player
before a replica holds it, and a table whose store cannot confirm says so.

A primary and a replica that follows it through a loopback proxy (its
replication link can be cut: ``tests/tcp_proxy.py`` holds every byte), two
krig nodes with ``--redis-min-replicas 1``, a room's seats on both nodes.
With the link cut, a flip gets ``waiting_for_store`` within the bound the
service states (``ANSWER_WITHIN_S``), and neither player hears the flip's
events (not its ``acted``, on either node); the session sends the flip again
with the same id, and once the link is back it is applied, once, and both
players see it. The game then plays to its end.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import redis
from checks import settled_after
from server_support import ServerProc, close_all, play_all, room_in_redis, seat_players
from tcp_proxy import TcpProxy
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

from client_cli.session import Session, SessionClosed
from protocol import messages as m
from protocol.codec import decode_client, decode_server, decode_server_frame, encode
from server.service.service import ANSWER_WITHIN_S
from server.store.embedded import RedisProcess, free_port
from server.store.pipe import NotDurable, RedisPipe


async def _replicated(primary: int, timeout_s: float = 20.0) -> None:
    client = redis.Redis(port=primary)
    deadline = time.monotonic() + timeout_s
    try:
        while True:
            info = client.info("replication")
            replica = info.get("slave0")
            if isinstance(replica, dict) and replica.get("state") == "online":
                return
            assert time.monotonic() < deadline, f"the replica never came online: {info}"
            await asyncio.sleep(0.1)
    finally:
        client.close()


@pytest.fixture()
async def linked(tmp_path: Path) -> AsyncIterator[tuple[RedisProcess, TcpProxy]]:
    """A primary, and a replica whose link to it goes through a proxy."""
    primary = RedisProcess(port=free_port(), workdir=str(tmp_path / "a")).start()
    assert primary.port is not None
    proxy = await TcpProxy(primary.port).start()
    replica = RedisProcess(
        port=free_port(),
        workdir=str(tmp_path / "b"),
        extra=("--replicaof", "127.0.0.1", str(proxy.port), "--repl-diskless-sync-delay", "0"),
    ).start()
    try:
        await _replicated(primary.port)
        yield primary, proxy
    finally:
        await proxy.close()
        replica.cleanup()
        primary.cleanup()


def _events(session: Session) -> list[object]:
    assert session.frames is not None
    return [msg for frame in session.frames for msg in decode_server_frame(frame)]


async def test_a_flip_no_replica_holds_reaches_nobody_and_the_table_says_it_waits(
    linked: tuple[RedisProcess, TcpProxy], tmp_path: Path
) -> None:
    primary, proxy = linked
    nodes = [
        ServerProc(primary.url, f"dur{x}", tmp_path, redis_min_replicas=1).start()
        for x in ("A", "B")
    ]
    sessions: list[Session] = []
    try:
        sessions = await seat_players([n.url for n in nodes], 2, "classic", {"max_tricks": 60})
        a, b = sessions
        assert a.urls[0] != b.urls[0]  # one seat on each node
        for _ in range(3):  # a few steps as usual
            step = a.table.step
            await asyncio.gather(*(s.flip(step) for s in sessions))
            await asyncio.gather(*(s.wait(settled_after(step), 15) for s in sessions))
        step, seqs = a.table.step, (a.table.seq, b.table.seq)
        a.frames, b.frames = [], []

        proxy.blackholed = True  # the replica hears nothing more, and says nothing
        sent = time.monotonic()
        flip = asyncio.ensure_future(a.flip(step))
        while a.store_waits == 0:
            assert not flip.done(), flip
            assert time.monotonic() - sent < ANSWER_WITHIN_S + 2.0, "no answer within the bound"
            await asyncio.sleep(0.02)
        answered = time.monotonic() - sent
        await asyncio.sleep(1.5)  # a retry or two, still unconfirmed
        # Nobody, on either node, heard of the flip: no frame of the room at all.
        assert (a.table.seq, b.table.seq) == seqs
        assert not [e for e in _events(a) + _events(b) if getattr(e, "seq", None) is not None]
        waits = [e for e in _events(a) if isinstance(e, m.Error)]
        assert waits and {e.code for e in waits} == {"waiting_for_store"}, waits
        assert not flip.done()

        proxy.blackholed = False  # the replica catches up: the retry is confirmed
        ack = await asyncio.wait_for(flip, 20)
        assert ack.step == step
        await asyncio.gather(
            *(s.wait(lambda t: bool(t.acted) and t.step == step, 15) for s in sessions)
        )
        acted = [e for e in _events(b) if isinstance(e, m.Acted)]
        assert [e.seat for e in acted] == [a.table.seat]  # once, on the other node too
        rec = room_in_redis(redis.Redis.from_url(primary.url), a.table.code or "")
        assert rec is not None and rec.seq == a.table.seq == b.table.seq

        await b.flip(step)
        await asyncio.gather(*(s.wait(settled_after(step), 15) for s in sessions))
        await play_all(sessions, timeout=90)
        assert all(s.table.result is not None for s in sessions)
        print(f"waiting_for_store after {answered:.2f} s (bound {ANSWER_WITHIN_S} s)")
    finally:
        await close_all(sessions)
        for node in nodes:
            assert node.stop() == 0, node.log_tail()


async def test_a_resume_no_replica_holds_is_answered_waiting_and_sent_again_with_its_token(
    linked: tuple[RedisProcess, TcpProxy], tmp_path: Path
) -> None:
    """With the link cut, a resume's token rotation is not confirmed: the hello is
    answered ``waiting_for_store`` (closed 1013), and the client, which never got the
    new token, says hello again with the same one once the link is back: it is
    welcomed into its seat, not refused ``bad_session``."""
    primary, proxy = linked
    node = ServerProc(primary.url, "durres", tmp_path, redis_min_replicas=1).start()
    sessions: list[Session] = []
    try:
        sessions = await seat_players([node.url], 2, "classic", {"max_tricks": 60})
        a = sessions[0]
        token, seat, code = a.token or "", a.table.seat, a.table.code
        await a.close()

        proxy.blackholed = True
        async with connect(node.url, subprotocols=[Subprotocol("krig.v1")]) as ws:
            await ws.send(encode(m.Hello(v=1, name="ada", token=token, client="test")))
            reply = decode_server(
                await asyncio.wait_for(ws.recv(decode=False), ANSWER_WITHIN_S + 5)
            )
            assert isinstance(reply, m.Error) and reply.code == "waiting_for_store", reply
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 5)
            assert ws.close_code == 1013

        proxy.blackholed = False
        again = Session(node.url, "ada", token=token, reconnect=False)
        sessions.append(again)
        deadline = time.monotonic() + 20
        while True:  # (waiting_for_store again until the replica has caught up)
            try:
                welcome = await again.connect()
                break
            except ConnectionError:
                assert time.monotonic() < deadline, "never welcomed"
                await asyncio.sleep(0.5)
        assert welcome.resumed and (welcome.room, welcome.seat) == (code, seat)
        with pytest.raises(SessionClosed, match="bad_session"):  # (rotated, confirmed)
            await Session(node.url, "eve", token=token, reconnect=False).connect()
    finally:
        await close_all(sessions)
        assert node.stop() == 0, node.log_tail()


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
async def test_the_page_says_the_table_waits_for_its_store_and_sends_the_flip_again(
    linked: tuple[RedisProcess, TcpProxy], tmp_path: Path
) -> None:
    """The browser table: a flip answered ``waiting_for_store`` shows "the table is
    waiting for its store" and is sent again with the same id until it is applied
    (the banner then goes). With SCREENSHOTS_DIR set, a screenshot of the waiting
    table is kept there."""
    from playwright.async_api import async_playwright

    primary, proxy = linked
    node = ServerProc(primary.url, "durweb", tmp_path, redis_min_replicas=1).start()
    bot = Session(node.url, "Bot")
    sent: list[bytes] = []
    try:
        async with async_playwright() as p:
            chromium = await p.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            try:
                ctx = await chromium.new_context(viewport={"width": 412, "height": 915})
                await ctx.add_init_script("localStorage.setItem('krig.name', 'Ada')")
                page = await ctx.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                page.on(
                    "websocket",
                    lambda ws: ws.on(
                        "framesent",
                        lambda data: sent.append(data if isinstance(data, bytes) else b""),
                    ),
                )
                await page.goto(node.http + "/")
                await page.wait_for_function("() => window.krig && window.krig.connected")
                await page.click("#create-form button[type=submit]")
                await page.wait_for_function(
                    "() => window.krig.table.code && window.krig.table.room"
                )
                code = await page.evaluate("window.krig.table.code")
                await bot.connect()
                await bot.join(code)
                await bot.ready()
                await page.wait_for_selector("#flip:not([disabled])", timeout=15000)

                proxy.blackholed = True
                sent.clear()
                await page.click("#flip")
                await page.wait_for_selector(
                    "#error >> text=waiting for its store", timeout=(ANSWER_WITHIN_S + 3) * 1000
                )
                assert await page.evaluate("window.krig.table.acted.size") == 0
                await asyncio.sleep(1.5)  # sent again, still unconfirmed
                where = os.environ.get("SCREENSHOTS_DIR")
                if where:
                    Path(where).mkdir(parents=True, exist_ok=True)
                    await page.screenshot(path=str(Path(where) / "waiting-for-store.png"))
                assert 0 not in bot.table.acted

                proxy.blackholed = False
                await bot.wait(lambda t: 0 in t.acted, 20)
                await page.wait_for_function("() => window.krig.table.acted.has(0)")
                await page.wait_for_selector("#error", state="hidden", timeout=10000)
                flips = [msg for msg in map(decode_client, sent) if isinstance(msg, m.FlipCard)]
                assert len(flips) >= 2 and len({f.id for f in flips}) == 1  # one id, resent
                assert errors == []
            finally:
                await chromium.close()
    finally:
        await bot.close()
        assert node.stop() == 0, node.log_tail()


async def test_a_durable_write_waits_for_every_replica_the_primary_has(tmp_path: Path) -> None:
    """Sentinel promotes a replica chosen on offsets it read up to seconds before, so
    a write only one of two replicas holds can be the one a failover takes back (the
    chaos soak's take-backs at --redis-min-replicas 1 with two replicas; the fault
    simulator's seed 151). A durable write waits for every replica online: one that
    hears nothing holds the write back (NotDurable), though the other has it."""
    primary = RedisProcess(port=free_port(), workdir=str(tmp_path / "a")).start()
    assert primary.port is not None
    proxy = await TcpProxy(primary.port).start()
    sync = ("--repl-diskless-sync-delay", "0")
    near = RedisProcess(
        port=free_port(),
        workdir=str(tmp_path / "b"),
        extra=("--replicaof", "127.0.0.1", str(primary.port), *sync),
    ).start()
    far = RedisProcess(
        port=free_port(),
        workdir=str(tmp_path / "c"),
        extra=("--replicaof", "127.0.0.1", str(proxy.port), *sync),
    ).start()
    pipe = RedisPipe(primary.url, "every-replica", min_replicas=1)
    try:
        deadline = time.monotonic() + 20
        while await pipe.read_replicas() < 2:
            assert time.monotonic() < deadline, "the replicas never came online"
            await asyncio.sleep(0.1)
        assert pipe.replicas_to_wait() == 2
        await pipe.execute_many([("SET", "k", "1")], durable=True)  # (both have it)
        proxy.blackholed = True  # the far replica hears nothing more, still "online"
        with pytest.raises(NotDurable):
            await pipe.execute_many([("SET", "k", "2")], durable=True)
        assert redis.Redis(port=near.port or 0).get("k") == b"2"  # (one replica held it)
    finally:
        await pipe.close()
        await proxy.close()
        far.cleanup()
        near.cleanup()
        primary.cleanup()
