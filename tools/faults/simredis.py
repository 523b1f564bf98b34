"""A simulated Redis deployment: a primary, its replicas, pub/sub, and failovers.

Only for the fault simulator, and only while tests/faults/test_contract.py
runs the same operations on a real redis-server and on this, with the same
results. It keeps what the commit depends on:

- the commands the store sends (strings, hashes, lists, sorted sets, sets),
  with Redis' replies (bulk strings as bytes, integers, nil as None);
- the store's Lua scripts (``server.store.scripts``), each run at once, as
  Redis runs a script; a script this module does not know is refused
  loudly (the store changed: teach it here, and the contract suite checks);
- replication: every write of the primary goes into a replication stream
  that each replica applies when the simulation says (lag), and ``WAIT``
  counts the replicas that hold a write;
- a failover promotes the replica that holds the most; what it does not
  hold is gone (as in Redis); the old primary comes back later as a replica;
- a primary restarted from an older dump: the store back in time;
- PUBLISH hands the message to :class:`Bus` (the simulation's pub/sub).
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from server.store import scripts

Write = tuple[str, tuple[bytes, ...]]
"""One primitive write, as the replication stream carries it."""


class ScriptUnknown(RuntimeError):
    """The store ran a script the simulated Redis does not implement."""


class ResponseError(RuntimeError):
    """A Redis error reply (WRONGTYPE, a bad argument)."""


def b(value: object) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode()
    if isinstance(value, bool):
        return b"1" if value else b"0"
    if isinstance(value, int):
        return str(value).encode()
    if isinstance(value, float):
        return (str(int(value)) if value.is_integer() else repr(value)).encode()
    raise TypeError(f"not a Redis argument: {value!r}")


def _score(value: bytes) -> float:
    text = value.decode().lower()
    if text in ("-inf", "+inf", "inf"):
        return float(text if text != "+inf" else "inf")
    return float(text)


def _fmt_score(score: float) -> bytes:
    return str(int(score)).encode() if score.is_integer() else repr(score).encode()


class ZSet(dict[bytes, float]):
    def ordered(self) -> list[tuple[bytes, float]]:
        return sorted(self.items(), key=lambda kv: (kv[1], kv[0]))


SCRIPT_NAMES = {
    "COMMIT": scripts.COMMIT,
    "STEP": scripts.STEP,
    "LOAD": scripts.LOAD,
    "JOURNAL": scripts.JOURNAL,
    "HEARTBEAT": scripts.HEARTBEAT,
    "CLAIM_DUE": scripts.CLAIM_DUE,
    "ROTATE": scripts.ROTATE,
    "JOIN": scripts.JOIN,
}


_NAMES: dict[bytes, str] = {}
"""sha1 -> the script's name in SCRIPT_NAMES (found once)."""


class Dataset:
    """One redis-server's keys. ``log`` (set on a primary) receives every write."""

    def __init__(self) -> None:
        self.data: dict[bytes, Any] = {}
        self.log: Callable[[Write], None] | None = None
        self.publish: Callable[[bytes, bytes], int] = lambda channel, message: 0

    # ------------------------------------------------------------ primitives

    def _w(self, name: str, *args: bytes) -> None:
        if self.log is not None:
            self.log((name, args))

    def _get(self, key: bytes, kind: type) -> Any:
        value = self.data.get(key)
        if value is not None and type(value) is not kind:
            raise ResponseError("WRONGTYPE Operation against a key holding the wrong kind of value")
        return value

    def apply(self, write: Write) -> None:
        """A write from the replication stream (nothing is logged again)."""
        name, args = write
        getattr(self, "_do_" + name)(*args)

    def _do_set(self, key: bytes, value: bytes) -> None:
        self.data[key] = value

    def _do_del(self, key: bytes) -> None:
        self.data.pop(key, None)

    def _do_hset(self, key: bytes, *pairs: bytes) -> None:
        h = self._get(key, dict)
        if h is None:
            h = self.data[key] = {}
        for f, v in zip(pairs[::2], pairs[1::2], strict=True):
            h[f] = v

    def _do_rename(self, key: bytes, new: bytes) -> None:
        self.data[new] = self.data.pop(key)

    def _do_hdel(self, key: bytes, *fields: bytes) -> None:
        h = self._get(key, dict)
        if h is not None:
            for f in fields:
                h.pop(f, None)
            if not h:
                del self.data[key]

    def _do_rpush(self, key: bytes, *values: bytes) -> None:
        lst = self._get(key, list)
        if lst is None:
            lst = self.data[key] = []
        lst.extend(values)

    def _do_rpop(self, key: bytes) -> None:
        lst = self._get(key, list)
        if lst:
            lst.pop()
            if not lst:
                del self.data[key]

    def _do_ltrim(self, key: bytes, start: bytes, stop: bytes) -> None:
        lst = self._get(key, list)
        if lst is None:
            return
        kept = lst[self._slice(len(lst), int(start), int(stop))]
        if kept:
            self.data[key] = kept
        else:
            del self.data[key]

    def _do_zadd(self, key: bytes, score: bytes, member: bytes) -> None:
        z = self._get(key, ZSet)
        if z is None:
            z = self.data[key] = ZSet()
        z[member] = _score(score)

    def _do_zrem(self, key: bytes, *members: bytes) -> None:
        z = self._get(key, ZSet)
        if z is not None:
            for member in members:
                z.pop(member, None)
            if not z:
                del self.data[key]

    def _do_sadd(self, key: bytes, *members: bytes) -> None:
        s = self._get(key, set)
        if s is None:
            s = self.data[key] = set()
        s.update(members)

    @staticmethod
    def _slice(n: int, start: int, stop: int) -> slice:
        if start < 0:
            start = max(0, n + start)
        if stop < 0:
            stop = n + stop
        return slice(start, max(start, stop + 1))

    # -------------------------------------------------------------- commands

    def run(self, command: tuple[Any, ...]) -> Any:
        """One command, as Redis answers it."""
        head = command[0]
        name = (head.decode() if isinstance(head, bytes) else str(head)).lower()
        args = [a if type(a) is bytes else b(a) for a in command[1:]]
        handler = getattr(self, "cmd_" + name, None)
        if handler is None:
            raise ResponseError(f"ERR unknown command '{name}' (not simulated)")
        return handler(*args)

    def write(self, name: str, *args: bytes) -> None:
        """A primitive write: applied here and put in the replication stream."""
        getattr(self, "_do_" + name)(*args)
        self._w(name, *args)

    def cmd_ping(self) -> bytes:
        return b"PONG"

    def cmd_get(self, key: bytes) -> bytes | None:
        value: bytes | None = self._get(key, bytes)
        return value

    def cmd_set(self, key: bytes, value: bytes, *opts: bytes) -> bytes | None:
        words = [o.upper() for o in opts]
        if b"NX" in words and key in self.data:
            return None
        self.write("set", key, value)
        return b"OK"

    def cmd_del(self, *keys: bytes) -> int:
        n = 0
        for key in keys:
            if key in self.data:
                self.write("del", key)
                n += 1
        return n

    def cmd_expire(self, key: bytes, seconds: bytes) -> int:
        return 1 if key in self.data else 0  # (no run lasts as long as a room's expiry)

    def cmd_incr(self, key: bytes) -> int:
        value = int(self._get(key, bytes) or b"0") + 1
        self.write("set", key, b(value))
        return value

    def cmd_hset(self, key: bytes, *pairs: bytes) -> int:
        h = self._get(key, dict) or {}
        new = sum(1 for f in pairs[::2] if f not in h)
        self.write("hset", key, *pairs)
        return new

    def cmd_hget(self, key: bytes, f: bytes) -> bytes | None:
        h = self._get(key, dict) or {}
        value: bytes | None = h.get(f)
        return value

    def cmd_hmget(self, key: bytes, *fields: bytes) -> list[bytes | None]:
        h = self._get(key, dict) or {}
        return [h.get(f) for f in fields]

    def cmd_hdel(self, key: bytes, *fields: bytes) -> int:
        h = self._get(key, dict) or {}
        gone = [f for f in fields if f in h]
        if gone:
            self.write("hdel", key, *gone)
        return len(gone)

    def cmd_hvals(self, key: bytes) -> list[bytes]:
        return list((self._get(key, dict) or {}).values())

    def cmd_hgetall(self, key: bytes) -> list[bytes]:
        return [x for kv in (self._get(key, dict) or {}).items() for x in kv]

    def cmd_rpush(self, key: bytes, *values: bytes) -> int:
        self.write("rpush", key, *values)
        return len(self.data[key])

    def cmd_rpushx(self, key: bytes, *values: bytes) -> int:
        if self._get(key, list) is None:
            return 0
        return self.cmd_rpush(key, *values)

    def cmd_exists(self, *keys: bytes) -> int:
        return sum(1 for key in keys if key in self.data)

    def cmd_rename(self, key: bytes, new: bytes) -> bytes:
        if key not in self.data:
            raise ResponseError("ERR no such key")
        self.write("rename", key, new)
        return b"OK"

    def cmd_rpop(self, key: bytes) -> bytes | None:
        lst = self._get(key, list)
        if not lst:
            return None
        last: bytes = lst[-1]
        self.write("rpop", key)
        return last

    def cmd_llen(self, key: bytes) -> int:
        return len(self._get(key, list) or [])

    def cmd_lrange(self, key: bytes, start: bytes, stop: bytes) -> list[bytes]:
        lst = self._get(key, list) or []
        return list(lst[self._slice(len(lst), int(start), int(stop))])

    def cmd_lindex(self, key: bytes, index: bytes) -> bytes | None:
        lst = self._get(key, list) or []
        i = int(index)
        if -len(lst) <= i < len(lst):
            value: bytes = lst[i]
            return value
        return None

    def cmd_ltrim(self, key: bytes, start: bytes, stop: bytes) -> bytes:
        if key in self.data:
            self.write("ltrim", key, start, stop)
        return b"OK"

    def cmd_zadd(self, key: bytes, *args: bytes) -> int:
        flags = []
        rest = list(args)
        while rest and rest[0].upper() in (b"LT", b"GT", b"NX", b"XX"):
            flags.append(rest.pop(0).upper())
        z = self._get(key, ZSet) or ZSet()
        added = 0
        for score, member in zip(rest[::2], rest[1::2], strict=True):
            new = _score(score)
            old = z.get(member)
            if old is not None and (
                (b"LT" in flags and new >= old) or (b"GT" in flags and new <= old)
                or b"NX" in flags
            ):  # fmt: skip
                continue
            if old is None and b"XX" in flags:
                continue
            added += old is None
            self.write("zadd", key, score, member)
            z = self._get(key, ZSet)
        return added

    def cmd_zrem(self, key: bytes, *members: bytes) -> int:
        z = self._get(key, ZSet) or ZSet()
        gone = [x for x in members if x in z]
        if gone:
            self.write("zrem", key, *gone)
        return len(gone)

    def cmd_zscore(self, key: bytes, member: bytes) -> bytes | None:
        z = self._get(key, ZSet) or ZSet()
        return None if member not in z else _fmt_score(z[member])

    def cmd_zrangebyscore(self, key: bytes, low: bytes, high: bytes, *opts: bytes) -> list[bytes]:
        z = self._get(key, ZSet)
        if not z:
            return []
        lo, hi = _score(low), _score(high)
        found = [(m, s) for m, s in z.ordered() if lo <= s <= hi]
        words = [o.upper() for o in opts]
        if b"LIMIT" in words:
            at = words.index(b"LIMIT")
            offset, count = int(opts[at + 1]), int(opts[at + 2])
            found = found[offset:] if count < 0 else found[offset : offset + count]
        if b"WITHSCORES" in words:
            return [x for m, s in found for x in (m, _fmt_score(s))]
        return [m for m, _ in found]

    def cmd_zrange(self, key: bytes, start: bytes, stop: bytes, *opts: bytes) -> list[bytes]:
        z = self._get(key, ZSet) or ZSet()
        ordered = z.ordered()
        found = ordered[self._slice(len(ordered), int(start), int(stop))]
        if b"WITHSCORES" in [o.upper() for o in opts]:
            return [x for m, s in found for x in (m, _fmt_score(s))]
        return [m for m, _ in found]

    def cmd_sadd(self, key: bytes, *members: bytes) -> int:
        s = self._get(key, set) or set()
        new = [x for x in members if x not in s]
        if new:
            self.write("sadd", key, *new)
        return len(new)

    def cmd_smembers(self, key: bytes) -> list[bytes]:
        return sorted(self._get(key, set) or set())

    def cmd_publish(self, channel: bytes, message: bytes) -> int:
        return self.publish(channel, message)

    cmd_spublish = cmd_publish

    # --------------------------------------------------------------- scripts

    def cmd_evalsha(self, sha: bytes, numkeys: bytes, *rest: bytes) -> Any:
        name = _NAMES.get(sha)
        if name is None:
            body = self.scripts.get(sha.decode())
            if body is None:
                raise ResponseError("NOSCRIPT No matching script. Please use EVAL.")
            name = next((n for n, text in SCRIPT_NAMES.items() if text == body), None)
            if name is None:
                raise ScriptUnknown("the store runs a script the simulated Redis does not know")
            _NAMES[sha] = name
        k = int(numkeys)
        return getattr(self, "script_" + name.lower())(list(rest[:k]), list(rest[k:]))

    scripts: ClassVar[dict[str, str]] = {}
    """sha1 -> body, of every script the store registered (shared: SCRIPT LOAD)."""

    def _upgrade(self, room: bytes, old: bytes, journal: bytes, j: bytes) -> bytes:
        if self.cmd_exists(old):
            self.cmd_rename(old, journal)
        self.cmd_hset(room, b"h", j)
        self.cmd_hdel(room, b"j")
        return j

    def script_commit(self, keys: list[bytes], argv: list[bytes]) -> int:
        n = int(argv[11])
        if n == 0:
            if self.cmd_exists(keys[0]):
                return 0
            self.cmd_del(keys[2])
        elif n < 0:
            if self.cmd_hget(keys[0], b"v") != argv[0]:
                return 0
            self.cmd_del(keys[2], keys[4], keys[5])
        else:
            if self.cmd_llen(keys[1]) != n:
                return 0
            if n > int(argv[12]):
                self.cmd_ltrim(keys[1], b"0", b(int(argv[12]) - 1))
            self.cmd_rename(keys[1], keys[2])
        length = self.cmd_rpush(keys[2], argv[5])
        keep = int(argv[4])
        if length > keep:
            self.cmd_ltrim(keys[2], b(-keep), b"-1")
            length = keep
        self.cmd_hset(keys[0], b"v", b(int(argv[0]) + 1), b"s", argv[1], b"b", argv[2],
                      b"h", b(length))  # fmt: skip
        if argv[6] != b"":
            self.cmd_set(keys[3], argv[6], b"EX", argv[7])
        if argv[8] != b"":
            self.run((argv[10], argv[8], argv[9]))
        return 1

    def script_step(self, keys: list[bytes], argv: list[bytes]) -> int:
        n = self.cmd_rpushx(keys[0], argv[1])
        if n != int(argv[0]):
            if n > 0:
                self.cmd_rpop(keys[0])
            return 0
        self.run((argv[4], argv[2], argv[3]))
        return 1

    def script_load(self, keys: list[bytes], argv: list[bytes]) -> list[bytes] | None:
        v, s, blob, h, j = self.cmd_hmget(keys[0], b"v", b"s", b"b", b"h", b"j")
        if v is None or blob is None:
            return None
        if h is None and j is not None:
            h = self._upgrade(keys[0], keys[1], argv[0] + v, j)
        assert s is not None
        if h is None:
            return [b"format 2", v, s, blob, *self.cmd_lrange(keys[2], b"0", b"-1")]
        journal = argv[0] + v
        if self.cmd_llen(journal) < int(h):
            return None
        start = str(max(int(h) - 1, 0)).encode()
        return [v, s, blob, h, *self.cmd_lrange(journal, start, b"-1")]

    def script_journal(self, keys: list[bytes], argv: list[bytes]) -> list[Any] | None:
        v, h, j = self.cmd_hmget(keys[0], b"v", b"h", b"j")
        if v is None:
            return None
        if h is None and j is not None:
            h = self._upgrade(keys[0], keys[1], argv[0] + v, j)
        if h is None:
            return None
        journal = argv[0] + v
        if argv[1] == b"last":
            return [v, h, self.cmd_llen(journal), self.cmd_lindex(journal, b"-1")]
        return [v, h, *self.cmd_lrange(journal, b"0", b"-1")]

    def script_heartbeat(self, keys: list[bytes], argv: list[bytes]) -> int:
        known = self.cmd_zscore(keys[0], argv[0])
        self.cmd_zadd(keys[0], argv[1], argv[0])
        self.cmd_hset(keys[1], argv[0], argv[2])
        return 1 if known is not None else 0

    def script_claim_due(self, keys: list[bytes], argv: list[bytes]) -> list[bytes]:
        due = self.cmd_zrangebyscore(keys[0], b"-inf", argv[0], b"LIMIT", b"0", argv[2])
        for code in due:
            self.cmd_zadd(keys[0], argv[1], code)
        return due

    def script_rotate(self, keys: list[bytes], argv: list[bytes]) -> int:
        tok, prev, till = self.cmd_hmget(keys[0], b"tok", b"prev", b"prev_till")
        if tok is not None and tok == argv[0]:
            until = str(int(argv[3]) + int(argv[4])).encode()
            self.cmd_hset(keys[0], b"tok", argv[1], b"prev", argv[0], b"prev_till", until)
        elif prev is not None and prev == argv[0] and int(till or 0) >= int(argv[3]):
            self.cmd_hset(keys[0], b"tok", argv[1])
        else:
            return 0
        self.cmd_expire(keys[0], argv[2])
        return 1

    def script_join(self, keys: list[bytes], argv: list[bytes]) -> list[bytes]:
        silent: list[bytes] = []
        for k in range(0, len(keys), 2):
            for node in self.cmd_zrangebyscore(keys[k], argv[3], b"+inf"):
                if node != argv[0]:
                    fmt = self.cmd_hget(keys[k + 1], node)
                    if fmt is None:
                        silent.append(node)
                    elif fmt != argv[1]:
                        return [b"differs", node, fmt]
        self.cmd_hset(keys[1], argv[0], argv[1])
        self.cmd_zadd(keys[0], argv[2], argv[0])
        return [b"joined", *silent]


@dataclass
class Server:
    """One simulated redis-server: its data and how much of the stream it holds."""

    name: str
    data: Dataset = field(default_factory=Dataset)
    offset: int = 0
    """Writes of the replication stream this server holds."""
    up: bool = True
    link: bool = True
    """A replica's link to its primary (cut: it applies nothing)."""
    slow_until: float = 0.0
    slow_s: float = 0.0
    """A replica that applies the stream ``slow_s`` late until ``slow_until`` (a
    loaded machine), its link up: it still counts as following the primary."""


class Deployment:
    """A primary and its replicas; the replication stream; failovers; dumps."""

    def __init__(self, replicas: int, publish: Callable[[bytes, bytes], int]) -> None:
        self.servers = [Server(f"redis{i}") for i in range(1 + replicas)]
        self.primary: Server | None = self.servers[0]
        self.stream: list[Write] = []
        self.epoch = 0
        """Raised at every failover: a command's reply from an older epoch is lost."""
        self.publish = publish
        self.dump: tuple[dict[bytes, Any], int] | None = None
        self.waiters: list[tuple[int, int, int, Any]] = []
        """WAITs in progress: (offset, replicas, epoch, a future done when answered)."""
        self._make_primary(self.servers[0])

    def _make_primary(self, server: Server) -> None:
        self.primary = server
        for s in self.servers:
            s.data.log = None
        server.data.log = self._logged
        server.data.publish = self.publish

    def _logged(self, write: Write) -> None:
        self.stream.append(write)
        if self.primary is not None:
            self.primary.offset = len(self.stream)

    def replicas(self) -> list[Server]:
        return [s for s in self.servers if s is not self.primary]

    def replicate(self, server: Server, upto: int | None = None) -> None:
        """``server`` (a replica, linked) applies the stream up to ``upto`` (all)."""
        if server is self.primary or not server.up or not server.link:
            return
        end = len(self.stream) if upto is None else min(upto, len(self.stream))
        if server.offset >= end:
            return
        while server.offset < end:
            server.data.apply(self.stream[server.offset])
            server.offset += 1
        if self.waiters:
            self.changed()

    def changed(self) -> None:
        """Replication moved on (or the primary changed): WAITs that are answered now end."""
        keep = []
        for offset, n, epoch, done in self.waiters:
            if done.done():
                continue
            if self.epoch != epoch or self.acked(offset) >= n:
                done.set_result(None)
            else:
                keep.append((offset, n, epoch, done))
        self.waiters = keep

    def acked(self, offset: int) -> int:
        """Replicas holding the stream up to ``offset`` (WAIT's answer)."""
        return sum(1 for s in self.replicas() if s.up and s.link and s.offset >= offset)

    def failover(self, to: Server | None = None) -> Server | None:
        """Promote ``to`` (None: the replica that holds the most); the stream past it is gone."""
        candidates = [s for s in self.replicas() if s.up]
        if not candidates:
            return None
        best = to if to in candidates else max(candidates, key=lambda s: s.offset)
        assert best is not None
        del self.stream[best.offset :]
        old = self.primary
        self._make_primary(best)
        self.epoch += 1
        if old is not None:
            old.up = False  # (killed, or demoted: it comes back with rejoin)
        for s in self.replicas():
            if s.up and s.offset > best.offset:
                self.resync(s)
        self.changed()
        return best

    def resync(self, server: Server) -> None:
        """A full resynchronisation: ``server`` becomes a copy of the primary."""
        assert self.primary is not None
        server.data.data = copy.deepcopy(self.primary.data.data)
        server.offset = len(self.stream)

    def rejoin(self, server: Server) -> None:
        """A server that was down comes back as a replica (fully resynchronised)."""
        server.up = True
        server.link = True
        self.resync(server)

    def save(self) -> None:
        """The primary's dump (BGSAVE): a later restart may come back to it."""
        assert self.primary is not None
        self.dump = (copy.deepcopy(self.primary.data.data), len(self.stream))

    def back_in_time(self) -> bool:
        """The primary restarts from its last dump, and its replicas follow it."""
        if self.dump is None or self.primary is None:
            return False
        data, offset = self.dump
        self.primary.data.data = copy.deepcopy(data)
        del self.stream[offset:]
        self.primary.offset = offset
        self.epoch += 1
        for s in self.replicas():
            if s.up:
                self.resync(s)
        self.changed()
        return True


class SimPipeBase:
    """What ``server.store.store.Store`` asks of its pipe beside the calls: one
    server (no cluster), the replicas a durable call needs, the scripts (every
    simulated server knows each one registered), Sentinel's switch callbacks."""

    cluster = False

    def __init__(self) -> None:
        self.min_replicas = 0
        self.scripts: dict[str, str] = {}
        self.on_switch: list[Callable[[], None]] = []

    def register(self, body: str) -> str:
        sha = hashlib.sha1(body.encode()).hexdigest()
        self.scripts[sha] = body
        Dataset.scripts[sha] = body
        return sha

    async def close(self) -> None:
        return None


class DirectPipe(SimPipeBase):
    """The simulated deployment behind ``server.store.store.Store``, without a simulation
    round it: each call runs at once on the primary, and the replicas apply the
    stream at once unless their link is cut. For the contract suite, which runs
    the same operations through a real ``RedisPipe``."""

    def __init__(self, replicas: int = 0) -> None:
        super().__init__()
        self.dep = Deployment(replicas, lambda channel, message: 0)

    async def execute_many(self, commands: list[Any], durable: bool = False) -> list[Any]:
        from server.store.pipe import NotDurable

        primary = self.dep.primary
        assert primary is not None
        results = []
        for command in commands:
            try:
                results.append(primary.data.run(command))
            except ResponseError as exc:
                results.append(exc)
        offset = len(self.dep.stream)
        for replica in self.dep.replicas():
            self.dep.replicate(replica)
        failed = next((r for r in results if isinstance(r, BaseException)), None)
        if failed is not None:
            raise failed
        if durable and self.min_replicas > 0 and self.dep.acked(offset) < self.min_replicas:
            raise NotDurable(f"fewer than {self.min_replicas} replica(s) confirmed the write")
        return results

    def post(self, commands: list[Any]) -> None:
        primary = self.dep.primary
        assert primary is not None
        for command in commands:
            with contextlib.suppress(ResponseError):
                primary.data.run(command)

    def dump(self) -> dict[bytes, Any]:
        """Every key of the primary, as :func:`dump_redis` reads a real one."""
        assert self.dep.primary is not None
        out: dict[bytes, Any] = {}
        for key, value in self.dep.primary.data.data.items():
            if isinstance(value, ZSet):
                out[key] = ("zset", [(m, s) for m, s in value.ordered()])
            elif isinstance(value, dict):
                out[key] = ("hash", sorted(value.items()))
            elif isinstance(value, list):
                out[key] = ("list", list(value))
            elif isinstance(value, set):
                out[key] = ("set", sorted(value))
            else:
                out[key] = ("string", value)
        return out
