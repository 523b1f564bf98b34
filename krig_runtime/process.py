"""Process-wide settings for the programs that carry a lot of frames (server, load client).

asyncio reads every socket with ``recv(256 KiB)``: a buffer that size is
allocated and freed on every read. With glibc's defaults, whether that is
cheap depends on the process's memory layout (a buffer over the mmap
threshold, or one that frees the top of the heap, is a round of system
calls and fresh pages on every read), so the same program ran at two speeds
from one command line to the next: the bench's bare echo measured 24,000 or
37,000 round trips/s depending on an unused extra argument. Fixed
thresholds (buffers up to 1 MiB from the heap, the heap's top trimmed only
past 16 MiB, 4 MiB kept spare) end it; the price is a few MiB of resident
memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import gc
import os
import sys
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

M_TRIM_THRESHOLD = -1
M_TOP_PAD = -2
M_MMAP_THRESHOLD = -3
SETTINGS = ((M_MMAP_THRESHOLD, 1 << 20), (M_TRIM_THRESHOLD, 16 << 20), (M_TOP_PAD, 4 << 20))


def reader_gone() -> int:
    """Stdout's reader went away (``krig-server presets | head -3``): end quietly,
    as Unix tools do, not with a traceback or a message about something else.

    Stdout is pointed at /dev/null so the interpreter's last flush does not
    complain too. The status is 1 (a tool killed by SIGPIPE would give 141)."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 1


def raise_open_files() -> int:
    """The soft limit on open files raised to the hard one (a bench holds 10,000 sockets)."""
    import resource  # (Unix only; this module is imported by clients everywhere)

    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 1 << 20
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return want


def die_with_parent(sig: int = 15) -> Callable[[], None] | None:
    """A ``preexec_fn`` asking Linux to send the child ``sig`` (SIGTERM) when its parent
    dies (``kill -9`` of a supervisor), resolved before the fork; None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    pr_set_pdeathsig = 1

    def arm() -> None:
        prctl(pr_set_pdeathsig, sig, 0, 0, 0)

    return arm


def steady_malloc() -> bool:
    """Set the thresholds above; False where the C library is not glibc."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return all(libc.mallopt(param, value) for param, value in SETTINGS)
    except (OSError, AttributeError):  # musl (Alpine) has no mallopt
        return False


def tune_for_throughput() -> None:
    """What a long-running process that handles many small frames wants.

    Objects alive after start-up never take part in a collection again
    (``gc.freeze``), and young collections run less often: a full collection
    of a large heap would show up as latency.
    """
    steady_malloc()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


FULL_COLLECTION_S = 300.0
"""Seconds between two full collections of a long-running server (``collect_now_and_then``)."""


async def collect_now_and_then(every_s: float = FULL_COLLECTION_S) -> None:
    """A full collection every ``every_s`` seconds, for as long as the loop runs.

    With the thresholds above a full collection comes about every 250 million
    objects made and kept, which a server in its steady state (as many freed as
    made) never reaches: an object that lived through two young collections (a
    closed connection, a room's record) and then died in a reference cycle
    stayed for the life of the process. One pause every few minutes (a few ms per
    100,000 live objects) frees them.
    """
    while True:
        await asyncio.sleep(every_s)
        gc.collect()


LOOPS = ("auto", "asyncio", "uvloop")
"""Event loops a program can run on: ``auto`` (the default: uvloop where it is
installed, a normal dependency everywhere but Windows, else the standard one),
``asyncio`` (the standard one) or ``uvloop`` (libuv, in C; insisted on: an
error where it is missing). uvloop took 6-13% off krig's server CPU a flip,
see docs/PERFORMANCE.md."""


class LoopUnavailable(Exception):
    """The event loop asked for is unknown or not installed."""


def choose_loop(name: str) -> tuple[str, Callable[[], asyncio.AbstractEventLoop]]:
    """The loop ``name`` stands for (``auto``: uvloop if it imports) and its factory."""
    if name == "asyncio":
        return "asyncio", asyncio.new_event_loop
    if name in ("uvloop", "auto"):
        try:
            import uvloop
        except ImportError:
            if name == "auto":
                return "asyncio", asyncio.new_event_loop
            raise LoopUnavailable("uvloop is not installed (pip install uvloop)") from None
        return "uvloop", uvloop.new_event_loop
    raise LoopUnavailable(f"unknown event loop {name!r}: one of {', '.join(LOOPS)}")


def loop_name(loop: asyncio.AbstractEventLoop | None = None) -> str:
    """Which loop this is (default: the running one): ``uvloop`` or ``asyncio``."""
    loop = loop or asyncio.get_running_loop()
    return "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"


def run(main: Coroutine[Any, Any, T], loop: str = "auto") -> T:
    """``asyncio.run`` on the event loop named ``loop`` (raises LoopUnavailable)."""
    try:
        _, factory = choose_loop(loop)
    except LoopUnavailable:
        main.close()  # never started: no "coroutine was never awaited" warning
        raise
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(main)
