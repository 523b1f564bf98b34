"""Driving the full-screen krig headless (Textual's Pilot): the screen as a person sees it."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

from rich.console import Console
from textual.pilot import Pilot

from client_cli.session import Session
from client_cli.tui.app import KrigApp

WAIT_S = 20.0
"""How long a condition may take to come true (a bound, not a timing assertion)."""


def screen_text(app: KrigApp) -> str:
    """The current screen as plain text, cell for cell (what export_screenshot draws)."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), force_terminal=True,
        color_system="truecolor", record=True, legacy_windows=False, safe_box=False,
    )  # fmt: skip
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text()


async def until(
    pilot: Pilot[int], check: Callable[[], bool], what: str = "", timeout: float = WAIT_S
) -> None:
    """Let the app run until ``check()`` holds; fail with the screen if it never does."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() > deadline:
            app = pilot.app
            assert isinstance(app, KrigApp)
            raise AssertionError(f"never came true: {what}\n{screen_text(app)}")
        await pilot.pause(0.05)


async def shows(pilot: Pilot[int], text: str, timeout: float = WAIT_S) -> str:
    """Wait until ``text`` is on the screen; the screen."""
    app = pilot.app
    assert isinstance(app, KrigApp)
    await until(pilot, lambda: text in screen_text(app), repr(text), timeout)
    return screen_text(app)


async def type_text(pilot: Pilot[int], text: str) -> None:
    await pilot.press(*["space" if ch == " " else ch for ch in text])


def session(app: KrigApp) -> Session:
    assert app.session is not None
    return app.session
