"""The layers keep to themselves, and the console scripts work from any folder.

- the rules engine, the room transitions and the protocol are pure: they never
  import asyncio, socket, redis or websockets (read from the source, so an
  import inside a function counts too);
- the client speaks the protocol only: it never imports the server;
- only the transport touches websockets' internals (the server's other
  modules may name its public types, never its protocol machinery);
- the room service never holds a socket: it imports neither websockets nor
  the transport (a member is a ``server.service.sink.Sink``);
- the server has one Redis path (``server.store.pipe``): it imports redis-py
  only for its exception types and its key-slot helper, never its clients;
- the transport names no Redis key: it imports neither the key catalogue nor
  the scripts, and no string of it looks like a krig key;
- no module imports round a circle, and each unit (a server subpackage or top
  module, or a package) imports only units of a lower layer (LAYERS, as
  docs/ARCHITECTURE.md draws them);
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


REDIS_HELPERS = {"redis.exceptions", "redis.crc"}
"""What the server may take from redis-py: its exception types and ``key_slot``."""


def test_the_server_has_one_redis_path() -> None:
    for path in _modules("server"):
        clients = {
            name for name in _imports(path)
            if (name == "redis" or name.startswith("redis.")) and name not in REDIS_HELPERS
        }  # fmt: skip
        assert not clients, f"{path.relative_to(ROOT)} imports redis-py's {sorted(clients)}"


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


# ------------------------------------------------------------- the import graph

PACKAGES = ("server", "protocol", "client_cli", "krig_runtime", "krig_bots", "krig_locales")

LAYERS: dict[str, int] = {
    "protocol": 0, "krig_runtime": 0, "krig_locales": 0,
    "krig_bots": 1, "server.errors": 1, "server.addresses": 1, "server.metrics": 1,
    "server.logs": 1,
    "server.engine": 2, "server.config": 2, "server.web_assets": 2,
    "server.rooms": 3,
    "server.store": 4, "server.simulate": 4, "server.verify": 4,
    "server.service": 5,
    "server.transport": 6,
    "server.serve": 7,
    "server.workers": 8,
    "server.cli": 9, "client_cli": 9,
}  # fmt: skip
"""docs/ARCHITECTURE.md's layers, lowest first: a unit imports only units of a lower
layer (the one package or module it is, each server subpackage and top module
a unit of its own; ``server`` itself is only a namespace)."""


def _module_names() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in _modules(package):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The krig module ``name`` is, or is in (None: not krig's)."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in known:
            return ".".join(parts)
        parts.pop()
    return None


def _import_graph() -> dict[str, set[str]]:
    """Module -> the krig modules it imports (at any depth of the file, so an import
    inside a function or under ``TYPE_CHECKING`` counts too)."""
    known = _module_names()
    graph: dict[str, set[str]] = {}
    for module, path in known.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            targets.update(t for t in (_resolve(n, known) for n in names) if t is not None)
        targets.discard(module)
        graph[module] = targets
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every set of modules that import each other round a circle (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            circle = []
            while True:
                top = stack.pop()
                circle.append(top)
                if top == node:
                    break
            if len(circle) > 1:
                found.append(sorted(circle))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _unit(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "server" else parts[0]


def _upward(graph: dict[str, set[str]]) -> list[str]:
    """Imports of a unit from a unit of its own layer or one above it."""
    bad = []
    for module, targets in sorted(graph.items()):
        here = _unit(module)
        if here == "server":
            continue
        assert here in LAYERS, f"{here} has no layer: give it one in LAYERS"
        for target in sorted(targets):
            there = _unit(target)
            if there in (here, "server"):
                continue
            assert there in LAYERS, f"{there} has no layer: give it one in LAYERS"
            if LAYERS[there] >= LAYERS[here]:
                bad.append(f"{module} imports {target} ({here} {LAYERS[here]} -> {there} "
                           f"{LAYERS[there]})")  # fmt: skip
    return bad


def test_no_module_imports_round_a_circle() -> None:
    assert _cycles(_import_graph()) == []


def test_no_unit_imports_its_own_layer_or_one_above() -> None:
    assert _upward(_import_graph()) == []


def test_the_graph_checks_see_a_circle_and_an_upward_import() -> None:
    """(They can fail: a circle of three and an import of the service from the store.)"""
    circle = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(circle) == [["a", "b", "c"]]
    upward = {"server.store.store": {"server.service.node", "server.rooms"}}
    assert _upward(upward) == [
        "server.store.store imports server.service.node (server.store 4 -> server.service 5)"
    ]
    graph = _import_graph()
    assert "client_cli.tui.base" in graph["client_cli.tui.room"]  # (the graph is read)
    assert "server.store.pipe" in graph["server.service.node"]


# ------------------------------------------------------------------- sizes

MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 300
SIZED = ("server", "protocol")
"""Issue 32: no module of the server or the protocol over 600 lines, no class over 300
(a class that long does more than one job: split it by job, as store/pipe.py was)."""


def _too_long(path: Path) -> list[str]:
    text = path.read_text()
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []
    lines = len(text.splitlines())
    if lines > MAX_MODULE_LINES:
        found.append(f"{name}: {lines} lines (at most {MAX_MODULE_LINES})")
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.ClassDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_CLASS_LINES:
                found.append(
                    f"{name}: class {node.name} {length} lines (at most {MAX_CLASS_LINES})"
                )
    return found


def test_no_server_or_protocol_module_or_class_is_too_long() -> None:
    assert [x for folder in SIZED for path in _modules(folder) for x in _too_long(path)] == []


def test_the_size_check_sees_a_long_module_and_a_long_class(tmp_path: Path) -> None:
    """(It can fail: 601 lines, and a class of 301.)"""
    long = tmp_path / "long.py"
    body = "\n".join(f"    x{i} = {i}" for i in range(300))
    long.write_text("class Long:\n" + body + "\n" + "y = 0\n" * (600 - 301) + "z = 1\n")
    found = _too_long(long)
    assert len(found) == 2 and "601 lines" in found[0] and "class Long 301 lines" in found[1]
