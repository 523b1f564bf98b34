"""``krig-server serve --workers N``: N worker processes on one port and one Redis.

The supervisor (this module, in the process the command started) holds no
socket of the game. It:

- starts the embedded redis-server once, when there is no ``--redis-url``,
  and gives every worker its URL;
- starts N workers (``python -P -c ...worker_main``, each an ordinary
  ``krig-server serve`` node with a node id of its own), which bind the
  same port with ``SO_REUSEPORT``: the kernel spreads new connections over
  them;
- restarts a worker that dies, after a pause that doubles while it keeps
  dying (``RESTART_FIRST_S`` to ``RESTART_MAX_S``), and logs it. Its players
  were cut off; they reconnect, land on any worker and resume, as after a
  node's death in a cluster (the room is in Redis);
- on SIGTERM sends every worker SIGTERM (each drains as a single server
  does: ``/readyz`` 503 for ``drain_s`` while serving, then 1012 to its
  clients), waits for them, stops the embedded Redis and exits 0; a second
  SIGTERM, or SIGINT, is passed on too (stop now).

Each worker answers ``/metrics`` for the whole set (server/transport/siblings.py).
With ``--workers 1`` (the default) there is no supervisor: one process, as ever.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import shutil
import signal
import socket
import sys
import tempfile
import time

import structlog

from krig_runtime import process
from server import addresses, config, logs
from server.config import Settings
from server.errors import SetupError, refuse_to_start
from server.store.embedded import RedisProcess
from server.transport.app import SHUTDOWN_STEP_S
from server.transport.siblings import Slot

log = structlog.get_logger("krig.workers")

SPEC_ENV = "KRIG_WORKER_SPEC"
"""How the supervisor tells a worker its settings and its slot (JSON; not a setting)."""
RESTART_FIRST_S = 0.5
RESTART_MAX_S = 30.0
STEADY_S = 30.0
"""A worker that ran this long before dying is restarted after the first pause again."""
START_S = 30.0
"""A worker must say it listens within this time."""


def worker_count(settings: Settings) -> int:
    return settings.workers or os.cpu_count() or 1


def worker_main() -> int:
    """A worker's process: its settings and slot from the supervisor, then one node."""
    from server.serve import run_server

    spec = json.loads(os.environ.pop(SPEC_ENV))
    settings = Settings(**spec["settings"])
    config.check(settings)
    slot = Slot(spec["index"], spec["count"], spec["directory"])
    structlog.contextvars.bind_contextvars(worker=slot.index)
    try:
        return run_server(settings, slot)
    except SetupError as exc:
        return refuse_to_start(exc)


class Worker:
    def __init__(self, index: int) -> None:
        self.index = index
        self.proc: asyncio.subprocess.Process | None = None
        self.started = 0.0
        self.pause = RESTART_FIRST_S
        self.starts = 0


class Supervisor:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.count = worker_count(settings)
        self.workers = [Worker(i) for i in range(self.count)]
        self.directory = ""
        self.redis_url = settings.redis_url
        self.stopping: signal.Signals | None = None
        self.stop = asyncio.Event()
        self.hurry = asyncio.Event()

    # ------------------------------------------------------------ a worker

    def _spec(self, index: int) -> str:
        s = dataclasses.replace(
            self.settings,
            workers=1,
            redis_url=self.redis_url,
            data_dir="",
            ephemeral=False,
            # A node of its own, a new one at each start (a node id is never reused: the
            # other nodes take a silent one for dead, and its seats for disconnected).
            node_id=f"{self.settings.node_id}-w{index}-{self.workers[index].starts}"
            if self.settings.node_id
            else "",
        )
        spec = {
            "settings": dataclasses.asdict(s),
            "index": index,
            "count": self.count,
            "directory": self.directory,
        }
        return json.dumps(spec)

    async def _start(self, w: Worker) -> bool:
        """Start worker ``w``; True once it listens, False if it exited first."""
        w.starts += 1
        code = "from server.workers import worker_main; raise SystemExit(worker_main())"
        w.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-P", "-c", code,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            env={**os.environ, SPEC_ENV: self._spec(w.index)},
            start_new_session=True,  # signals reach it from the supervisor only
            preexec_fn=process.die_with_parent(),  # the supervisor killed: SIGTERM, a drain
        )  # fmt: skip
        w.started = time.monotonic()
        assert w.proc.stdout is not None
        try:
            async with asyncio.timeout(START_S):
                while line := await w.proc.stdout.readline():
                    if b"listening" in line:
                        log.info("worker_started", worker=w.index, pid=w.proc.pid, start=w.starts)
                        asyncio.get_running_loop().create_task(_drain(w.proc.stdout))
                        return True
        except TimeoutError:
            log.error("worker_start_timeout", worker=w.index, pid=w.proc.pid, seconds=START_S)
            with contextlib.suppress(ProcessLookupError):
                w.proc.kill()
        await w.proc.wait()
        return False

    async def _keep(self, w: Worker) -> None:
        """Restart ``w`` whenever it dies, until the supervisor stops."""
        while True:
            assert w.proc is not None
            code = await w.proc.wait()
            if self.stopping is not None:
                return
            ran = time.monotonic() - w.started
            if ran >= STEADY_S:
                w.pause = RESTART_FIRST_S
            log.warning(
                "worker_exited",
                worker=w.index,
                pid=w.proc.pid,
                code=code if code >= 0 else None,
                signal=signal.Signals(-code).name if code < 0 else None,
                ran_s=round(ran, 1),
                restart_in_s=w.pause,
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stop.wait(), w.pause)
            if self.stopping is not None:
                return
            w.pause = min(w.pause * 2, RESTART_MAX_S)
            await self._start(w)
            if self.stopping is not None and w.proc is not None and w.proc.returncode is None:
                w.proc.send_signal(self.stopping)  # (the stop came while it started)

    # ------------------------------------------------------------ the set

    def _on_signal(self, sig: signal.Signals) -> None:
        if self.stopping is None:
            self.stopping = sig
            self.stop.set()
            log.info("workers_stopping", signal=sig.name, workers=self.count)
        else:
            self.hurry.set()
        self._send(sig)

    def _send(self, sig: signal.Signals) -> None:
        for w in self.workers:
            if w.proc is not None and w.proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    w.proc.send_signal(sig)

    async def run(self) -> int:
        s = self.settings
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, self._on_signal, sig)
        loop.add_signal_handler(signal.SIGUSR1, self._send, signal.SIGUSR1)
        embedded: RedisProcess | None = None
        self.directory = tempfile.mkdtemp(prefix="krig-w-")
        try:
            if not self.redis_url:
                embedded = await asyncio.to_thread(RedisProcess.for_settings(s).start)
                self.redis_url = embedded.url
            log.info("workers_starting", workers=self.count, redis=self.redis_url)
            started = await asyncio.gather(*(self._start(w) for w in self.workers))
            if not all(started):
                failed = [w for w, ok in zip(self.workers, started, strict=True) if not ok]
                code = failed[0].proc.returncode if failed[0].proc is not None else 1
                log.error("workers_failed_to_start", workers=[w.index for w in failed], code=code)
                self.stopping = signal.SIGTERM
                self._send(signal.SIGINT)
                await self._wait_all(SHUTDOWN_STEP_S * 3)
                return code if code and code > 0 else 1
            tls = bool(s.tls_cert)
            where = f"{'wss' if tls else 'ws'}://{s.host}:{s.port}/ws"
            log.info("listening", url=where, workers=self.count, redis=self.redis_url)
            lines = addresses.listening_lines(s.host, s.port, tls, s.public_url)
            lines[0] += f", {self.count} workers"
            print("\n".join(lines), flush=True)
            keepers = [loop.create_task(self._keep(w)) for w in self.workers]
            await self.stop.wait()
            # Each worker drains on its own; then the closing steps (server/transport/app.py).
            bound = (s.drain_s if self.stopping == signal.SIGTERM else 0) + 4 * SHUTDOWN_STEP_S
            clean = await self._wait_all(bound + 5)
            for task in keepers:
                task.cancel()
            log.info("workers_stopped", workers=self.count, clean=clean)
            return 0 if clean else 1
        finally:
            if embedded is not None:
                await asyncio.to_thread(embedded.cleanup)
            shutil.rmtree(self.directory, ignore_errors=True)
            _ignore_from_now(loop)

    async def _wait_all(self, seconds: float) -> bool:
        """Wait for every worker to exit (killed after ``seconds``); True if all exited 0."""
        procs = [w.proc for w in self.workers if w.proc is not None]
        waits = [asyncio.ensure_future(p.wait()) for p in procs]
        if not waits:
            return True
        _, pending = await asyncio.wait(waits, timeout=seconds)
        if pending:
            stuck = [p.pid for p in procs if p.returncode is None]
            log.warning("workers_killed", pids=stuck, seconds=seconds)
            for p in procs:
                if p.returncode is None:
                    with contextlib.suppress(ProcessLookupError):
                        p.kill()
            await asyncio.wait(pending)
            return False
        return all(p.returncode == 0 for p in procs)


async def _drain(stream: asyncio.StreamReader) -> None:
    """Read (and drop) what a worker prints after it listens, so it never blocks on a pipe."""
    with contextlib.suppress(Exception):
        while await stream.readline():
            pass


def _ignore_from_now(loop: asyncio.AbstractEventLoop) -> None:
    """Stopped: a late SIGTERM or SIGINT is ignored until the process exits."""
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.remove_signal_handler(sig)
        signal.signal(sig, signal.SIG_IGN)


def port_free(host: str, port: int) -> OSError | None:
    """None if nothing holds ``host:port``; else the bind's error. Bound without
    SO_REUSEPORT, so another set of workers on the port counts as holding it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            return exc
    return None


def run_supervisor(settings: Settings) -> int:
    logs.configure(settings.log_format, settings.log_level)
    if not hasattr(socket, "SO_REUSEPORT"):
        print("krig-server: --workers needs SO_REUSEPORT (Linux, BSD, macOS)", file=sys.stderr)
        return 2
    busy = port_free(settings.host, settings.port)
    if busy is not None:
        print(
            f"krig-server: cannot serve on {settings.host}:{settings.port}: {busy}",
            file=sys.stderr,
        )
        return 1
    return asyncio.run(Supervisor(settings).run())
