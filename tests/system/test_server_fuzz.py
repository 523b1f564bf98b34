"""100,000 hostile frames against a live server (and Hypothesis-built ones).

The frames come from tools/hostile.py (seeded; the seed is printed on
failure). Nothing may crash the server, hang a connection, get an unexpected
error code, or grow the server's memory; a game still plays afterwards.
"""

from __future__ import annotations

import random
from pathlib import Path

import msgpack
from fuzz_frames import fuzz, rss_kib
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_support import ServerProc, close_all, play_all, seat_players
from websockets.sync.client import connect

from protocol import messages as m
from protocol.codec import Unknown, decode_server, encode
from server.store.embedded import RedisProcess
from tools.hostile import EXPECTED_CODES, FIELDS, TAGS

FRAMES = 100_000


async def test_hundred_thousand_hostile_frames(redis_proc: RedisProcess, tmp_path: Path) -> None:
    seed = random.randrange(1 << 30)
    srv = ServerProc(redis_proc.url, "fuzz", tmp_path, msg_rate=1e6, msg_burst=10**6).start()
    try:
        assert srv.proc is not None
        warm = await fuzz(srv.url, FRAMES // 10, seed)
        warm_kib = rss_kib(srv.proc.pid)
        report = await fuzz(srv.url, FRAMES - FRAMES // 10, seed + 1)
        end_kib = rss_kib(srv.proc.pid)
        print(f"seed {seed}: {report.summary()}; RSS {warm_kib} -> {end_kib} KiB")
        assert warm.frames + report.frames == FRAMES
        assert not warm.unexpected and not report.unexpected, f"seed {seed}"
        assert report.replies["bad_frame"] > 1000 and report.replies["bad_message"] > 1000
        assert srv.proc.poll() is None
        assert end_kib - warm_kib < 16 * 1024, "the server's memory grew under fuzzing"
        assert "action_failed" not in srv.log_path.read_text()  # no handler raised
        sessions = await seat_players(srv.url, 2, "quick", {"max_tricks": 20})
        await play_all(sessions)
        await close_all(sessions)
    finally:
        srv.stop()


_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats() | st.text(max_size=20) | st.binary(max_size=20) | st.sampled_from(TAGS),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)  # fmt: skip


def test_hypothesis_messages_get_clear_answers(redis_proc: RedisProcess, tmp_path: Path) -> None:
    srv = ServerProc(redis_proc.url, "hypo", tmp_path, msg_rate=1e6, msg_burst=10**6).start()
    try:
        with connect(srv.url, subprotocols=["krig.v1"], compression=None) as ws:  # type: ignore[list-item]
            ws.send(encode(m.Hello(v=1, name="hypo", token=None, client="")))
            assert isinstance(decode_server(ws.recv()), m.Welcome)  # type: ignore[arg-type]
            ids = iter(range(10**6, 10**7))

            @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
            @given(
                tag=st.sampled_from(TAGS), body=st.dictionaries(st.sampled_from(FIELDS), _values)
            )
            def one(tag: str, body: dict[str, object]) -> None:
                ws.send(msgpack.packb({"t": tag, **body}))
                ping = next(ids)
                ws.send(encode(m.Ping(id=ping)))
                while True:  # known messages or known errors, then our pong
                    reply = decode_server(ws.recv(timeout=10))  # type: ignore[arg-type]
                    if isinstance(reply, m.Pong) and reply.id == ping:
                        return
                    assert not isinstance(reply, Unknown)
                    if isinstance(reply, m.Error):
                        assert reply.code in EXPECTED_CODES, reply

            one()
    finally:
        srv.stop()
