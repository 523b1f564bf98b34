"""Find a bot's strategy by name: a built-in one, ``path/to/file.py:function`` or
``package.module:function``."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path

from krig_bots import BUILT_IN, Strategy


class StrategyError(ValueError):
    """A ``--strategy`` that names no function krig can call."""


@dataclass(frozen=True, slots=True)
class Loaded:
    name: str
    """As the user wrote it (the arena's leaderboard names bots by it)."""
    strategy: Strategy
    built_in: bool
    """krig's own (called inline); others run guarded: a thread for a plain function."""


def load_strategy(spec: str) -> Loaded:
    """The strategy ``spec`` names; :class:`StrategyError` says why not, in words."""
    if spec in BUILT_IN:
        return Loaded(spec, BUILT_IN[spec], True)
    where, sep, attr = spec.rpartition(":")
    if not sep or not where or not attr:
        raise StrategyError(
            f"{spec!r} is not a strategy: name one of {', '.join(BUILT_IN)}, "
            "or a function as path/to/bot.py:choose or package.module:choose"
        )
    if where.endswith(".py") or "/" in where or "\\" in where:
        path = Path(where)
        if not path.is_file():
            raise StrategyError(f"{where}: no such file")
        name = f"krig_bot_{abs(hash(str(path.resolve())))}"
        spec_ = importlib.util.spec_from_file_location(name, path)
        if spec_ is None or spec_.loader is None:
            raise StrategyError(f"{where}: not a Python file")
        module = importlib.util.module_from_spec(spec_)
        sys.modules[name] = module
        try:
            spec_.loader.exec_module(module)
        except Exception as exc:
            raise StrategyError(f"{where} failed to load: {type(exc).__name__}: {exc}") from None
    else:
        try:
            module = importlib.import_module(where)
        except Exception as exc:
            raise StrategyError(f"cannot import {where}: {type(exc).__name__}: {exc}") from None
    fn = getattr(module, attr, None)
    if fn is None or not callable(fn):
        raise StrategyError(f"{where} has no function {attr!r}")
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        params = None  # (a builtin: trust it)
    if params is not None and len(params) < 1:
        raise StrategyError(f"{spec}: a strategy takes one argument, the view of the table")
    return Loaded(spec, fn, False)
