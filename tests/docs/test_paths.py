"""Every repository path the docs and the code's docstrings name exists.

A file moved or renamed leaves its old name behind in README.md, docs/, PROTOCOL.md
and docstrings; this finds each such name (``server/store.py``, ``tests/test_fuzz.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOP = (
    "server",
    "client_cli",
    "protocol",
    "tests",
    "docs",
    "bench",
    "tools",
    "deploy",
    "krig_runtime",
    "examples",
    ".ci",
)
PATH = re.compile(r"(?<![\w./-])((?:" + "|".join(re.escape(t) for t in TOP) + r")/[\w./-]*\w)")
"""A path that starts at one of the repository's top folders."""

SOURCES = ["README.md", "*.md", "docs/**/*.md", "protocol/*.md", "deploy/**/*.md"]
CODE = [
    "server/**/*.py",
    "client_cli/**/*.py",
    "protocol/**/*.py",
    "krig_runtime/**/*.py",
    "bench/**/*.py",
    "tools/**/*.py",
    "tests/**/*.py",
    "dev.py",
]


def _named(text: str) -> set[str]:
    found = set()
    for match in PATH.finditer(text):
        path = match.group(1).rstrip(".")
        if any(ch in path for ch in "*{}<>") or path.endswith("/"):
            continue
        found.add(path)
    return found


def _exists(path: str) -> bool:
    """``path`` names a file or folder, or a name in a module (``server/store/pipe.RedisPipe``)."""
    base = Path(path.split("::", maxsplit=1)[0])
    if (ROOT / base).exists() or (ROOT / f"{base}.py").exists():
        return True
    pieces = base.name.split(".")
    for cut in range(len(pieces) - 1, 0, -1):
        module = ROOT / base.parent / (".".join(pieces[:cut]) + ".py")
        if module.exists() and pieces[cut] not in ("py", "md", "json", "js", "css", "html"):
            return True
    return False


def _files(patterns: list[str]) -> list[Path]:
    out: set[Path] = set()
    for pattern in patterns:
        out.update(p for p in ROOT.glob(pattern) if ".venv" not in p.parts)
    return sorted(out)


def test_the_docs_name_only_paths_that_exist() -> None:
    missing = {
        f"{doc.relative_to(ROOT)}: {path}"
        for doc in _files(SOURCES)
        for path in _named(doc.read_text(encoding="utf-8"))
        if not _exists(path)
    }
    assert not missing, "docs name paths that do not exist:\n" + "\n".join(sorted(missing))


def test_the_code_names_only_paths_that_exist() -> None:
    this = Path(__file__).resolve()
    missing = {
        f"{src.relative_to(ROOT)}: {path}"
        for src in _files(CODE)
        if src.resolve() != this
        for path in _named(src.read_text(encoding="utf-8"))
        if not _exists(path)
    }
    assert not missing, "code names paths that do not exist:\n" + "\n".join(sorted(missing))


def test_a_stale_path_is_found() -> None:
    assert _named("see `server/store.py` and tests/test_fuzz.py.") == {
        "server/store.py",
        "tests/test_fuzz.py",
    }
    assert not _exists("server/store.py")
    assert _exists("server/store/pipe.py")
