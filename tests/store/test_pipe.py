"""The hot path's own Redis connections (commit pipe, raw subscription), on a real Redis."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest
import redis
from redis.crc import key_slot
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, ResponseError

from server.errors import RedisUrlError
from server.store import pipe as redis_pipe
from server.store.cluster import command_key, redirect
from server.store.connection import Command
from server.store.embedded import RedisNotFound, RedisProcess, RedisStartError, free_port
from server.store.pipe import RedisPipe
from server.store.replicas import role_behind
from server.store.subscription import SILENT_S, RawSubscription
from server.store.target import parse_target
from tools.redis_rig import LocalCluster


def test_every_url_kind_uses_the_pipe() -> None:
    for url in (
        "redis://127.0.0.1:6379/0", "unix:///run/redis.sock?db=1", "rediss://host:6380/0",
        "redis+sentinel://s:26379/krig", "redis+cluster://a:7000,b:7001",
    ):  # fmt: skip
        assert parse_target(url).kind in ("direct", "sentinel", "cluster")
    with pytest.raises(RedisUrlError):
        parse_target("memcached://a:11211")
    target = parse_target("redis+cluster://:pw@a:7000,[::1]:7001,c")
    assert target.kind == "cluster" and target.options.password == "pw"
    assert target.addresses == [("a", 7000), ("::1", 7001), ("c", 6379)]
    target = parse_target("rediss://u:p@h:6380/2?ssl_cert_reqs=none")
    assert target.kind == "direct" and target.options.db == 2 and target.options.tls is not None
    assert (target.options.username, target.options.password) == ("u", "p")
    sentinel = parse_target("redis+sentinel://:s3cret@a:26379,b:26380/krig/2")
    assert sentinel.service == "krig" and sentinel.options.db == 2
    assert sentinel.addresses == [("a", 26379), ("b", 26380)]
    with pytest.raises(RedisUrlError, match="names no service"):
        parse_target("redis+sentinel://a:26379")
    assert command_key(("EVALSHA", "f" * 40, 2, "krig:{AB}:room", "x")) == b"krig:{AB}:room"
    assert command_key(("EVALSHA", "f" * 40, 0)) is None
    assert command_key(("HSET", "krig:lobby:{l3}", "AB", b"")) == b"krig:lobby:{l3}"


async def test_concurrent_callers_each_get_their_own_reply(redis_proc: RedisProcess) -> None:
    url = redis_proc.url.rsplit("/", 1)[0] + "/3"
    pipe = RedisPipe(url, "pipe-test")
    try:
        # Hundreds of callers at once on one connection: replies matched in order.
        keys = [f"pipe:{i}" for i in range(300)]
        await asyncio.gather(*(pipe.execute_many([("SET", k, k.upper())]) for k in keys))
        got = await asyncio.gather(*(pipe.execute_many([("GET", k), ("STRLEN", k)]) for k in keys))
        assert got == [[k.upper().encode(), len(k)] for k in keys]
        # An error reply fails that call only; the connection goes on.
        with pytest.raises(ResponseError):
            await pipe.execute_many([("INCR", "pipe:0")])
        with pytest.raises(NoScriptError):
            await pipe.execute_many([("EVALSHA", "0" * 40, 0)])
        assert await pipe.execute_many([("GET", "pipe:1")]) == [b"PIPE:1"]
        # SELECT from the URL, and the connection's name for CLIENT LIST.
        admin = redis.Redis.from_url(url)
        assert admin.get("pipe:2") == b"PIPE:2"
        assert redis.Redis.from_url(redis_proc.url).get("pipe:2") is None  # not db 0
        names = [c["name"] for c in admin.client_list()]
        assert "pipe-test" in names
        # Killed from the outside: the next call reconnects by itself.
        killed = admin.client_kill_filter(_type="normal", skipme=True)
        assert killed >= 1
        assert await pipe.execute_many([("GET", "pipe:3")]) == [b"PIPE:3"]
        admin.delete(*keys)
        admin.close()
    finally:
        await pipe.close()


async def test_a_restarted_redis_is_reconnected_and_a_dead_one_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(redis_pipe, "RETRY_FOR_S", 3.0)  # (10 s in the server)
    proc = RedisProcess(port=free_port()).start()
    pipe = RedisPipe(proc.url, "pipe-restart")
    try:
        assert await pipe.execute_many([("PING",)]) == [b"PONG"]
        proc.stop()
        restarted = asyncio.ensure_future(asyncio.to_thread(proc.start))
        # Waits (bounded backoff) through the restart instead of failing.
        assert await pipe.execute_many([("PING",)]) == [b"PONG"]
        await restarted
        proc.stop()
        with pytest.raises(RedisConnectionError):
            await pipe.execute_many([("PING",)])  # gone for good: an error, not a hang
    finally:
        await pipe.close()
        proc.cleanup()


async def test_raw_subscription_delivers_in_order_and_notices_silence(
    redis_proc: RedisProcess,
) -> None:
    got: list[tuple[bytes, bytes]] = []

    def handler(chan: bytes, data: bytes) -> None:
        if data == b"boom":
            raise ValueError("a bad message")  # logged; the subscription goes on
        got.append((chan, data))

    pipe = RedisPipe(redis_proc.url, "sub-test-pipe")
    sub = await RawSubscription.open(pipe, "sub-test", handler)
    runner = asyncio.ensure_future(sub.run())
    admin = redis.Redis.from_url(redis_proc.url)
    try:
        await sub.subscribe("t:a", "t:b")
        await asyncio.sleep(0.1)
        sent = []
        for i in range(500):
            chan = "t:a" if i % 3 else "t:b"
            admin.publish(chan, b"boom" if i == 250 else str(i).encode())
            if i != 250:
                sent.append((chan.encode(), str(i).encode()))
        for _ in range(100):
            if len(got) >= len(sent):
                break
            await asyncio.sleep(0.02)
        assert got == sent
        await sub.unsubscribe("t:b")
        await asyncio.sleep(0.1)
        admin.publish("t:b", b"gone")
        admin.publish("t:a", b"last")
        await asyncio.sleep(0.2)
        assert got[-1] == (b"t:a", b"last") and (b"t:b", b"gone") not in got
        assert "sub-test" in [c["name"] for c in admin.client_list()]
        # Redis answers each heartbeat's ping; a link silent for long is cut.
        sub.ping()
        await asyncio.sleep(0.1)
        assert not runner.done()
        for proto in sub._conns.values():
            proto.last_data -= SILENT_S + 1
        sub.ping()
        with pytest.raises(RedisConnectionError, match="no answer"):
            await asyncio.wait_for(runner, 5)
    finally:
        admin.close()
        await sub.close()
        await pipe.close()


async def test_a_command_that_cannot_be_packed_leaves_the_pipe_in_step(
    redis_proc: RedisProcess,
) -> None:
    pipe = RedisPipe(redis_proc.url.rsplit("/", 1)[0] + "/4", "pack-test")
    try:
        results = await asyncio.gather(
            pipe.execute_many([("SET", "pack:a", "A")]),
            pipe.execute_many([("SET", "pack:b", object())]),  # type: ignore[list-item]
            pipe.execute_many([("GET", "pack:a")]),
            return_exceptions=True,
        )
        assert results[0] == [b"OK"]
        assert isinstance(results[1], TypeError)
        assert results[2] == [b"A"]
        assert await pipe.execute_many([("GET", "pack:b")]) == [None]
    finally:
        await pipe.close()


def test_a_redirect_with_an_empty_endpoint_goes_to_the_host_asked() -> None:
    """The cluster spec: ``MOVED 3999 :6381`` means the host the command went to
    (a node that does not know its own address as the client reaches it)."""
    assert redirect("MOVED 3999 10.0.0.7:6381", ("10.0.0.5", 6379)) == (3999, ("10.0.0.7", 6381))
    assert redirect("MOVED 3999 :6381", ("redis-a.internal", 6379)) == (
        3999,
        ("redis-a.internal", 6381),
    )
    assert redirect("ASK 12 :7001", ("10.1.2.3", 7000)) == (12, ("10.1.2.3", 7001))
    assert redirect("MOVED 5 ::1:7002", ("::1", 7000)) == (5, ("::1", 7002))
    assert redirect("MOVED 5 [::1]:7002", ("localhost", 7000)) == (5, ("::1", 7002))
    assert redirect("MOVED 7 host.example:7003", ("10.0.0.1", 7000)) == (7, ("host.example", 7003))


async def test_a_cluster_that_names_no_endpoint_is_followed_to_the_host_asked() -> None:
    """A real cluster that does not say its nodes' addresses
    (``cluster-preferred-endpoint-type unknown-endpoint``: ``MOVED 3999 :PORT``),
    reached as ``localhost``: a command sent to the wrong primary is redirected to
    the right one on ``localhost`` (before: on 127.0.0.1, another address)."""
    try:
        local = LocalCluster(
            primaries=2,
            replicas=0,
            appendonly=False,
            extra=("--cluster-preferred-endpoint-type", "unknown-endpoint"),
        ).start()
    except (RedisNotFound, RedisStartError) as exc:
        pytest.skip(f"no cluster here: {exc}")
    try:
        first, second = local.primaries()[:2]
        moved = redis.Redis(port=first)
        key = next(f"k{i}" for i in range(1000) if _served_by(moved, f"k{i}", second))
        with pytest.raises(redis.ResponseError, match=rf"^(MOVED )?\d+ :{second}$"):
            moved.execute_command("SET", key, "x")  # type: ignore[no-untyped-call]
        moved.close()
        pipe = RedisPipe(f"redis+cluster://localhost:{first}", "endpoint-test")
        try:
            await pipe.refresh_slots()
            pipe.slot_map.slots = [("localhost", first)] * 16384  # a stale map: all on the first
            assert await pipe.execute_many([("SET", key, "v"), ("GET", key)]) == [b"OK", b"v"]
            assert pipe.slot_map.slots[key_slot(key.encode())] == ("localhost", second)
            assert all(a[0] == "localhost" for a in pipe.links.main if isinstance(a, tuple))
        finally:
            await pipe.close()
    finally:
        local.cleanup()


def _served_by(client: redis.Redis, key: str, port: int) -> bool:
    slot = key_slot(key.encode())
    for start, end, primary, *_ in client.execute_command("CLUSTER", "SLOTS"):  # type: ignore[no-untyped-call]
        if int(start) <= slot <= int(end):
            return int(primary[1]) == port
    return False


async def test_every_sentinel_is_followed_for_a_failover_under_way(
    redis_proc: RedisProcess,
) -> None:
    """Only the Sentinel a ``SENTINEL FAILOVER`` is sent to says ``+try-failover``, so
    a node that follows one Sentinel of three misses two failovers in three, and the
    writes the old primary takes after the promotion are confirmed by a replica that
    still follows it (``--redis-min-replicas 1``, two replicas: the fault simulator's
    seed 325, and the chaos soak's take-backs). Every Sentinel is followed. (Two
    plain redis-servers stand in for Sentinels: a Sentinel's events are pub/sub
    messages.)"""
    second = RedisProcess(port=free_port()).start()
    url = f"redis+sentinel://127.0.0.1:{redis_proc.port},127.0.0.1:{second.port}/krig"
    pipe = RedisPipe(url, "follow-test", min_replicas=1)
    sentinels = pipe.sentinels
    assert sentinels is not None
    follower = asyncio.get_running_loop().create_task(sentinels._follow())
    try:
        for port in (redis_proc.port or 0, second.port or 0):
            sentinels._suspect_until = 0.0
            sentinel = redis.Redis(port=port)
            try:
                for _ in range(100):  # (until the follower has subscribed)
                    sentinel.publish(
                        "+try-failover", "master krig 127.0.0.1 6379 @ krig 127.0.0.1 6379"
                    )
                    await asyncio.sleep(0.02)
                    if sentinels._suspect_until:
                        break
            finally:
                sentinel.close()
            heard = sentinels._suspect_until > 0
            assert heard, f"+try-failover from the Sentinel on {port} not heard"
    finally:
        follower.cancel()
        await pipe.close()
        second.cleanup()


async def test_durable_turns_share_one_wait_while_another_is_unanswered(
    redis_proc: RedisProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``WAIT`` that cannot be met (no replica here) holds its connection for
    WAIT_MS. Durable calls made meanwhile, each in a turn of its own, are held and
    share the next ``WAIT``: two timeouts for thirty calls, not thirty in a row (a
    primary that had just taken over, replicas not yet back, held play for 30 s)."""
    monkeypatch.setattr(redis_pipe, "WAIT_MS", 300)
    url = redis_proc.url.rsplit("/", 1)[0] + "/4"
    admin = redis.Redis.from_url(url)
    admin.config_resetstat()
    pipe = RedisPipe(url, "pipe-waits", min_replicas=1)
    try:
        calls = []
        for i in range(30):
            calls.append(asyncio.ensure_future(
                pipe.execute_many([("SET", f"held:{i}", i)], durable=True)
            ))  # fmt: skip
            await asyncio.sleep(0.01)  # (each call in a turn of its own)
        outcomes = await asyncio.gather(*calls, return_exceptions=True)
        assert all(isinstance(o, redis_pipe.NotDurable) for o in outcomes), outcomes
        waits = admin.info("commandstats").get("cmdstat_wait", {}).get("calls", 0)
        assert 1 <= waits <= 3, f"{waits} WAITs for 30 durable calls"
        # The held commands ran, in order, on the same connection.
        held = admin.mget([f"held:{i}" for i in range(30)])
        assert held == [str(i).encode() for i in range(30)]
        # Nothing is left held: a call without WAIT on the main link still gets its reply.
        assert await pipe.execute_many([("GET", "held:29")]) == [b"29"]
    finally:
        admin.delete(*[f"held:{i}" for i in range(30)])
        admin.close()
        await pipe.close()


async def test_a_durable_call_that_goes_again_waits_for_the_replicas_now_known(
    redis_proc: RedisProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ``WAIT`` of each round counts the replicas as known when it is sent: a
    call that started while the old primary had two, and goes again on one that has
    fewer, does not wait for replicas that are no longer there."""
    monkeypatch.setattr(redis_pipe, "WAIT_MS", 200)
    url = redis_proc.url.rsplit("/", 1)[0] + "/4"
    admin = redis.Redis.from_url(url)
    admin.config_resetstat()
    pipe = RedisPipe(url, "pipe-rewait", min_replicas=1)
    sent: list[tuple[int, int] | None] = []
    send = pipe._send

    async def recording(*args: object) -> object:
        sent.append(args[3])  # type: ignore[arg-type]
        if len(sent) == 1:  # the first round: as if the primary were lost meanwhile
            pipe.replicas_online = 0
            raise RedisConnectionError("lost")
        return await send(*args)  # type: ignore[arg-type]

    try:
        await pipe.read_replicas()
        pipe.replicas_online = 2  # (what the old primary had)
        monkeypatch.setattr(pipe, "_send", recording)
        with pytest.raises(redis_pipe.NotDurable):
            await pipe.execute_many([("SET", "rewait", 1)], durable=True)
        assert sent[0] == (2, 200) and sent[1] == (1, 200), sent
    finally:
        admin.delete("rewait")
        admin.close()
        await pipe.close()


async def test_replies_from_a_connection_lost_before_its_wait_answered_are_not_durable(
    tmp_path: Path,
) -> None:
    """A call's first command was answered, then its connection was lost before the
    rest and their ``WAIT`` were: the rest go again and a replica confirms them, but
    nothing confirmed the first (the primary lost may have been the only one to hold
    it), so the call is NotDurable, not a success."""
    primary = RedisProcess(port=free_port(), workdir=str(tmp_path / "p")).start()
    replica = RedisProcess(
        port=free_port(), workdir=str(tmp_path / "r"),
        extra=("--replicaof", "127.0.0.1", str(primary.port)),
    ).start()  # fmt: skip
    assert primary.port is not None
    admin = redis.Redis(port=primary.port)
    pipe = RedisPipe(f"redis://127.0.0.1:{primary.port}/0", "pipe-unconfirmed", min_replicas=1)
    try:
        while (await pipe.read_replicas()) < 1:
            await asyncio.sleep(0.05)
        # SET is answered at once; BLPOP holds the connection until it is cut.
        commands: list[Command] = [("SET", "unconfirmed", 1), ("BLPOP", "nothing", 1)]
        call = asyncio.ensure_future(pipe.execute_many(commands, durable=True))
        deadline = asyncio.get_running_loop().time() + 3
        while admin.get("unconfirmed") is None:
            assert asyncio.get_running_loop().time() < deadline
            await asyncio.sleep(0.02)
        assert not call.done()
        admin.client_kill_filter(_type="normal", skipme=True)
        with pytest.raises(redis_pipe.NotDurable, match="lost before its replicas confirmed"):
            await call
        # A call whose every reply came on one connection, with its WAIT, is durable.
        assert await pipe.execute_many([("SET", "confirmed", 1)], durable=True) == [b"OK"]
    finally:
        admin.close()
        await pipe.close()
        replica.stop()
        primary.stop()


async def test_a_replica_the_pipe_did_not_know_must_hold_a_durable_write_too(
    tmp_path: Path,
) -> None:
    """A replica that came online since the pipe last read them (the readiness probe
    reads once a second) may be the one Sentinel promotes, so a durable write counts
    only once it holds it too: the ``ROLE`` written before each ``WAIT`` names it.
    Before, a write one replica confirmed while the new one lagged was delivered,
    and a failover to the laggard took it back (the fault simulator's seed 9049)."""
    primary = RedisProcess(port=free_port(), workdir=str(tmp_path / "p")).start()
    follow = ("--replicaof", "127.0.0.1", str(primary.port))
    first = RedisProcess(port=free_port(), workdir=str(tmp_path / "r1"), extra=follow).start()
    assert primary.port is not None
    pipe = RedisPipe(f"redis://127.0.0.1:{primary.port}/0", "pipe-role", min_replicas=1)
    admin = redis.Redis(port=primary.port)
    second: RedisProcess | None = None
    try:
        while (await pipe.read_replicas()) < 1:
            await asyncio.sleep(0.05)
        second = RedisProcess(port=free_port(), workdir=str(tmp_path / "r2"), extra=follow)
        second.start()
        while sum(isinstance(v, dict) and v.get("state") == "online"
                  for v in admin.info("replication").values()) < 2:  # fmt: skip
            await asyncio.sleep(0.05)
        assert pipe.replicas_online == 1  # (not read again: as between two probes)
        assert second.proc is not None
        second.proc.send_signal(signal.SIGSTOP)  # (online to its primary, confirming nothing)
        with pytest.raises(redis_pipe.NotDurable):
            await pipe.execute_many([("SET", "held by one", 1)], durable=True)
        assert pipe.replicas_online == 2
        second.proc.send_signal(signal.SIGCONT)
        assert await pipe.execute_many([("SET", "held by both", 1)], durable=True) == [b"OK"]
    finally:
        if second is not None and second.proc is not None:
            second.proc.send_signal(signal.SIGCONT)
        admin.close()
        await pipe.close()
        for server in (second, first, primary):
            if server is not None:
                server.stop()


async def test_a_replica_short_of_the_write_in_the_role_after_the_wait_is_behind(
    tmp_path: Path,
) -> None:
    """``ROLE`` after a ``WAIT`` names each replica online with the offset it last
    acknowledged: one short of the primary's offset in the ``ROLE`` before (a
    SIGSTOPped replica here; in the simulator's seed 26976 a lagging one, while the
    one that came back during the WAIT met it) makes the write not confirmed."""
    primary = RedisProcess(port=free_port(), workdir=str(tmp_path / "p")).start()
    follow = ("--replicaof", "127.0.0.1", str(primary.port))
    replica = RedisProcess(port=free_port(), workdir=str(tmp_path / "r"), extra=follow).start()
    assert primary.port is not None and replica.proc is not None
    admin = redis.Redis(port=primary.port)
    try:
        while not any(isinstance(v, dict) and v.get("state") == "online"
                      for v in admin.info("replication").values()):  # fmt: skip
            await asyncio.sleep(0.05)
        # As the pipe writes them: the writes, ROLE, WAIT, ROLE.
        admin.set("both", 1)
        before = admin.role()
        assert admin.wait(1, 2000) == 1
        assert role_behind(before, admin.role()) == 0  # (it holds the write)
        replica.proc.send_signal(signal.SIGSTOP)
        admin.set("one", 1)
        before = admin.role()
        assert admin.wait(1, 300) == 0
        assert role_behind(before, admin.role()) == 1
    finally:
        replica.proc.send_signal(signal.SIGCONT)
        admin.close()
        replica.stop()
        primary.stop()
