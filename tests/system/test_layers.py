"""The layers keep to themselves, and the console scripts work from any folder.

- the rules engine, the room transitions and the protocol are pure: they never
  import asyncio, socket, redis or websockets (read from the source, so an
  import inside a function counts too);
- the client speaks the protocol only: it never imports the server;
- only the transport touches websockets' internals (the server's other
  modules may name its public types, never its protocol machinery);
- the room service never holds a socket: it imports neither websockets nor
  the transport (a member is a ``server.service.sink.Sink``);
- the transport names no Redis key: it imports neither the key catalogue nor
  the scripts, and no string of it looks like a krig key;
- ``krig`` and ``krig-server`` start in a folder whose own ``protocol.py``,
  ``server.py`` and ``client_cli.py`` would shadow krig's packages for
  ``python -m``.
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest
from server_support import KRIG, KRIG_SERVER, ROOT

PURE = ("server/engine", "server/rooms", "protocol")
IMPURE = ("asyncio", "socket", "redis", "websockets", "hiredis", "selectors", "subprocess")
WEBSOCKETS_INTERNALS = ("websockets.protocol", "websockets.frames", "websockets.server")


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def _modules(folder: str) -> list[Path]:
    paths = sorted((ROOT / folder).rglob("*.py"))
    assert paths, folder
    return paths


@pytest.mark.parametrize("folder", PURE)
def test_the_engine_rooms_and_protocol_do_no_io(folder: str) -> None:
    for path in _modules(folder):
        bad = {m for m in _imports(path) if m.split(".")[0] in IMPURE}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_client_never_imports_the_server() -> None:
    for path in _modules("client_cli"):
        bad = {m for m in _imports(path) if m.split(".")[0] == "server"}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_protocol_stands_alone() -> None:
    for path in _modules("protocol"):
        bad = {m for m in _imports(path) if m.split(".")[0] in ("server", "client_cli")}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_only_the_transport_touches_websockets_internals() -> None:
    for path in _modules("server"):
        if path.is_relative_to(ROOT / "server" / "transport"):
            continue
        bad = {m for m in _imports(path) if m.startswith(WEBSOCKETS_INTERNALS)}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_service_never_touches_a_socket() -> None:
    for path in _modules("server/service"):
        bad = {
            m
            for m in _imports(path)
            if m.split(".")[0] == "websockets" or m.startswith("server.transport")
        }
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


KEY_MODULES = ("server.store.keys", "server.store.scripts")
KEY_TEXT = re.compile(r"krig:[{a-z]")
"""A krig Redis key's start (``krig:{CODE}:room``, ``krig:player:ID``; see
server/store/keys.py); the page's and the HTTP answers' ``krig: ...`` do not match."""


def _strings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    found = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)]
    return [s for s in found if isinstance(s, str)]


def test_the_transport_names_no_redis_key() -> None:
    for path in _modules("server/transport"):
        bad = {m for m in _imports(path) if m.startswith(KEY_MODULES)}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"
        keys = [s for s in _strings(path) if KEY_TEXT.search(s)]
        assert not keys, f"{path.relative_to(ROOT)} names Redis keys: {keys}"


def test_the_key_check_sees_a_key(tmp_path: Path) -> None:
    """(It can fail: a key in an f-string's text is found, an HTTP answer is not.)"""
    keyed = tmp_path / "keyed.py"
    keyed.write_text(
        'code = "AB"\nkey = f"krig:{{{code}}}:room"\nok = "krig: the game is at /ws"\n'
    )
    assert [s for s in _strings(keyed) if KEY_TEXT.search(s)] == ["krig:{"]


def test_the_layering_test_sees_an_impure_import(tmp_path: Path) -> None:
    """(The checks above can fail: an import of asyncio inside a function is found.)"""
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def f() -> None:\n    import asyncio.tasks\n")
    assert "asyncio.tasks" in _imports(sneaky)


def test_console_scripts_work_from_any_folder(tmp_path: Path) -> None:
    for name in ("protocol", "server", "client_cli"):
        (tmp_path / f"{name}.py").write_text("raise ImportError('a stray module of this folder')\n")
    presets = subprocess.run(
        [KRIG_SERVER, "presets"],
        check=False,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert presets.returncode == 0, presets.stderr
    assert "classic" in presets.stdout
    helped = subprocess.run(
        [KRIG, "--help"], check=False, cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert helped.returncode == 0, helped.stderr
    assert "krig" in helped.stdout
    # The trap is real: ``python -m`` in this folder picks the stray module up.
    python = Path(KRIG_SERVER).parent / "python"
    trapped = subprocess.run(
        [str(python), "-m", "server.cli", "presets"],
        check=False,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert trapped.returncode != 0
