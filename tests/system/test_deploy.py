"""deploy/ is checked by its tools (no Docker engine here), and its topology is run with processes.

hadolint and yamllint also run as steps of ``dev.py test``; here every file
gets its own check. System tools (haproxy, systemd-analyze) are installed by
``dev.py test`` with apt-get; a check without its tool is skipped, saying so.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from checks import assert_conserved, settled_after
from server_support import ROOT, ServerProc, close_all, play_all, seat_players

from server.store.embedded import RedisProcess, free_port

DEPLOY = ROOT / "deploy"
BIN = Path(sys.executable).parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False, timeout=120)


def _tool(name: str) -> str:
    found = shutil.which(name, path=f"{BIN}:/usr/sbin:/usr/bin:/sbin:/bin")
    if found is None:
        pytest.skip(f"{name} is not installed here (dev.py test installs it with apt-get as root)")
    return found


def test_dockerfile_hadolint() -> None:
    done = _run(_tool("hadolint"), str(DEPLOY / "Dockerfile"))
    assert done.returncode == 0, done.stdout + done.stderr
    text = (DEPLOY / "Dockerfile").read_text()
    assert re.search(r"^USER \d+:\d+$", text, re.M), "a numeric non-root user"
    assert '\nENTRYPOINT ["krig-server", "serve"]' in text, "exec form: SIGTERM reaches PID 1"
    assert "HEALTHCHECK" in text and "/healthz" in text
    assert text.count("FROM python:3.11.11-slim-bookworm") == 2, "pinned base, two stages"
    # Without KRIG_REDIS_URL the rooms go to a volume the non-root user owns.
    assert "KRIG_DATA_DIR=/data" in text and 'VOLUME ["/data"]' in text
    assert "chown 10001:10001 /data" in text


def test_compose_schema() -> None:
    done = _run(
        _tool("check-jsonschema"), "--builtin-schema", "vendor.compose-spec",
        str(DEPLOY / "compose.yaml"),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_kubernetes_manifests() -> None:
    manifests = sorted(str(p) for p in (DEPLOY / "k8s").glob("*.yaml"))
    done = _run(_tool("kubernetes-validate"), "--strict", "-k", "1.30.0", *manifests)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("passed") == 5


def test_yamllint() -> None:
    done = _run(_tool("yamllint"), "--strict", "deploy", ".yamllint.yaml")
    assert done.returncode == 0, done.stdout + done.stderr


def test_haproxy_config() -> None:
    done = _run(_tool("haproxy"), "-c", "-f", str(DEPLOY / "haproxy.cfg"))
    assert done.returncode == 0 and "Configuration file is valid" in done.stdout, done.stderr
    # The only warnings allowed: the compose service names do not resolve outside compose.
    for line in done.stderr.splitlines():
        if "[WARNING]" in line:
            assert "could not resolve address" in line, line


def test_systemd_unit(tmp_path: Path) -> None:
    tool = _tool("systemd-analyze")
    # verify checks that ExecStart exists: point it at this venv's krig-server.
    unit = (DEPLOY / "systemd" / "krig-server.service").read_text()
    unit = unit.replace("/opt/krig/bin/krig-server", str(BIN / "krig-server"))
    (tmp_path / "krig-server.service").write_text(unit)
    done = _run(tool, "verify", str(tmp_path / "krig-server.service"))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "EnvironmentFile=/etc/krig/krig-server.env" in unit
    assert (DEPLOY / "systemd" / "krig-server.env").exists()


def _haproxy_for(nodes: list[ServerProc], port: int, path: Path) -> Path:
    """deploy/haproxy.cfg with the compose names replaced by these local processes."""
    text = (DEPLOY / "haproxy.cfg").read_text().replace("bind :8080", f"bind 127.0.0.1:{port}")
    for i, node in enumerate(nodes, 1):
        text = text.replace(f"krig{i}:8765", f"127.0.0.1:{node.port}")
    text = text.replace("log stdout format raw", "log stderr format raw")
    path.write_text(text)
    return path


@pytest.mark.parametrize("limit", [1024, 4096])
def test_haproxy_starts_with_the_shipped_config_under_an_ordinary_open_file_limit(
    tmp_path: Path, limit: int
) -> None:
    """The shipped config, only its port moved: HAProxy must start and listen.

    With ``maxconn 100000`` it needed about 200,000 open files and refused to
    start where ``ulimit -n`` is lower (``Cannot raise FD limit``), which is
    most hosts.
    """
    haproxy = _tool("haproxy")
    port = free_port()
    cfg = tmp_path / "haproxy.cfg"
    shipped = (DEPLOY / "haproxy.cfg").read_text()
    cfg.write_text(shipped.replace("bind :8080", f"bind 127.0.0.1:{port}"))
    log = open(tmp_path / "haproxy.log", "wb")  # noqa: SIM115 - the child keeps it
    # `ulimit -n N` sets the soft and the hard limit: HAProxy cannot raise it.
    lb = subprocess.Popen(
        ["sh", "-c", f'ulimit -n {limit} && exec "$0" -db -f "$1"', haproxy, str(cfg)],
        stdout=log,
        stderr=log,
    )
    try:
        deadline = time.monotonic() + 10
        listening = False
        while not listening and lb.poll() is None and time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                listening = True
            except OSError:
                time.sleep(0.1)
        said = (tmp_path / "haproxy.log").read_text(errors="replace")
        assert listening, (
            f"haproxy (exit {lb.poll()}) did not listen with ulimit -n {limit}: {said}"
        )
        assert "Cannot raise FD limit" not in said
    finally:
        lb.terminate()
        lb.wait(10)
        log.close()


async def test_compose_topology_with_processes(tmp_path: Path) -> None:
    """Redis with AOF, two nodes and HAProxy (leastconn, /readyz checks); a node dies mid-game."""
    haproxy = shutil.which("haproxy", path="/usr/sbin:/usr/bin")
    rp = RedisProcess(port=free_port(), appendonly=True, workdir=str(tmp_path / "redis")).start()
    nodes = [ServerProc(rp.url, f"compose{i}", tmp_path).start() for i in (1, 2)]
    lb: subprocess.Popen[bytes] | None = None
    try:
        if haproxy is not None:
            port = free_port()
            cfg = _haproxy_for(nodes, port, tmp_path / "haproxy.cfg")
            lb_log = open(tmp_path / "haproxy.log", "wb")  # noqa: SIM115 - the child keeps it
            lb = subprocess.Popen([haproxy, "-db", "-f", str(cfg)], stderr=lb_log)
            urls: list[str] | str = f"ws://127.0.0.1:{port}/ws"
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:  # both backends up
                await asyncio.sleep(0.3)
                if sum(n.proc is not None for n in nodes) == 2:
                    try:
                        import urllib.request

                        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                            break
                    except OSError:
                        continue
        else:
            print("haproxy is not installed: clients get both node URLs instead")
            urls = [n.url for n in nodes]
        sessions = await seat_players(urls, 4, "classic", {"max_tricks": 300})
        for _ in range(3):
            step = sessions[0].table.step
            await asyncio.gather(*(s.flip(step) for s in sessions if s.table.my_turn))
            # Settled: past the step and knowing who acts next (the reveal and
            # the trick's end can reach a seat in two frames).
            await asyncio.gather(*(s.wait(settled_after(step)) for s in sessions))
        nodes[0].signal(signal.SIGKILL)  # one node stops mid-game
        await play_all(sessions, timeout=90)
        code = sessions[0].table.code or ""
        rec = assert_conserved(rp.url, code)
        assert rec.status == "over"
        ends = {(r.result, tuple(r.winners)) for r in (s.table.result for s in sessions) if r}
        assert len(ends) == 1 and all(s.table.result for s in sessions)
        assert sum(s.reconnects for s in sessions) >= 1  # someone was on the killed node
        await close_all(sessions)
    finally:
        if lb is not None:
            lb.terminate()
            lb.wait()
        for node in nodes:
            node.kill()
        rp.cleanup()
