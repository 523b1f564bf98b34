"""``krig-server`` under tracemalloc, for finding what grows (debug only, never in production).

    python -m tools.memprobe DIR [EVERY_S] -- serve --port ... --redis-url ...

Runs ``server.cli.main`` with the rest of the arguments, and every ``EVERY_S``
seconds (default 30) a thread writes ``DIR/snap-N.pickle`` (a tracemalloc
snapshot, 10 frames; not with KRIG_MEMPROBE_TRACE=0) and ``DIR/types-N.json``
(live objects by type, from ``gc.get_objects``); with KRIG_MEMPROBE_COLLECT=1
it then runs a full collection and writes ``DIR/after-N.json`` (what is left,
and how many objects it freed). Compare two with ``python -m tools.memprobe --diff A B``.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import threading
import time
import tracemalloc
import types as types_
from collections import Counter
from pathlib import Path


def _dump_every(out: Path, every: float, collect: bool) -> None:
    n = 0
    while True:
        time.sleep(every)
        n += 1
        if tracemalloc.is_tracing():
            tracemalloc.take_snapshot().dump(str(out / f"snap-{n}.pickle"))
        types = Counter(type(o).__qualname__ for o in gc.get_objects())
        (out / f"types-{n}.json").write_text(json.dumps(dict(types.most_common(300))))
        if collect:
            # What a full collection frees (cyclic garbage left in the oldest generation)
            # against what stays referenced.
            gc.set_debug(gc.DEBUG_SAVEALL)
            freed = gc.collect()
            gc.set_debug(0)
            (out / f"garbage-{n}.json").write_text(json.dumps(_garbage(gc.garbage)))
            gc.garbage.clear()
            gc.collect()
            after = Counter(type(o).__qualname__ for o in gc.get_objects())
            after["(freed by gc.collect)"] = freed
            (out / f"after-{n}.json").write_text(json.dumps(dict(after.most_common(300))))


def _garbage(found: list[object]) -> dict[str, dict[str, int]]:
    """Cyclic garbage by type, and its frames and exceptions by where they were raised."""
    types = Counter(type(o).__qualname__ for o in found)
    frames: Counter[str] = Counter()
    raised: Counter[str] = Counter()
    for o in found:
        if isinstance(o, types_.FrameType):
            frames[f"{o.f_code.co_filename.split('/')[-1]}:{o.f_code.co_qualname}"] += 1
        elif isinstance(o, BaseException):
            where = []
            tb = o.__traceback__
            while tb is not None:
                code = tb.tb_frame.f_code
                where.append(f"{code.co_filename.split('/')[-1]}:{code.co_qualname}:{tb.tb_lineno}")
                tb = tb.tb_next
            raised[f"{type(o).__qualname__} " + " > ".join(where)] += 1
    return {
        "types": dict(types.most_common(40)),
        "frames": dict(frames.most_common(40)),
        "raised": dict(raised.most_common(40)),
    }


def diff(a: Path, b: Path, top: int = 25) -> None:
    old = tracemalloc.Snapshot.load(str(a))
    new = tracemalloc.Snapshot.load(str(b))
    for stat in new.compare_to(old, "traceback")[:top]:
        print(f"{stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks")
        for line in stat.traceback.format()[-8:]:
            print("    " + line)
    ta = json.loads(a.with_name(a.name.replace("snap", "types").replace(".pickle", ".json"))
                    .read_text())  # fmt: skip
    tb = json.loads(b.with_name(b.name.replace("snap", "types").replace(".pickle", ".json"))
                    .read_text())  # fmt: skip
    grown = sorted(((tb.get(k, 0) - ta.get(k, 0), k) for k in tb), reverse=True)[:25]
    print("objects by type:", ", ".join(f"{k} {d:+d}" for d, k in grown if d))


def main() -> int:
    if sys.argv[1] == "--diff":
        diff(Path(sys.argv[2]), Path(sys.argv[3]))
        return 0
    split = sys.argv.index("--")
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    every = float(sys.argv[2]) if split > 2 else 30.0
    if os.environ.get("KRIG_MEMPROBE_TRACE", "1") != "0":
        tracemalloc.start(10)
    collect = bool(os.environ.get("KRIG_MEMPROBE_COLLECT"))
    threading.Thread(target=_dump_every, args=(out, every, collect), daemon=True).start()
    sys.argv = ["krig-server", *sys.argv[split + 1 :]]
    from server.cli import main as server_main

    return server_main()


if __name__ == "__main__":
    sys.exit(main())
