"""The real browser of the web tests and scripts: Debian's headless Chromium driven by
Playwright for Python (never a browser Playwright downloads itself)."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: The system's Chromium (``apt-get install chromium``).
CHROMIUM = Path("/usr/bin/chromium")
#: Headless, and nothing that reaches beyond loopback on its own.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: The layouts the client is made for: (name, width, height, touch) in CSS pixels.
LAYOUTS = [
    ("phone", 360, 640, True),
    ("phone-landscape", 640, 360, True),
    ("tablet", 768, 1024, True),
    ("desktop", 1280, 800, False),
    ("desktop-hd", 1920, 1080, False),
]


def available() -> bool:
    """Whether Playwright and the system Chromium are both installed."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return CHROMIUM.exists() or shutil.which("chromium") is not None


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium (a Playwright ``Browser``), closed at the end."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def page(browser: Any, width: int = 360, height: int = 640, touch: bool = True,
         language: str = "en-US", still: bool = False) -> Any:  # fmt: skip
    """A new page in a fresh context (its own storage) of the given size; ``still``: the
    player asks for less motion (``prefers-reduced-motion``), so no card slides."""
    context = browser.new_context(
        reduced_motion="reduce" if still else "no-preference",
        viewport={"width": width, "height": height},
        has_touch=touch,
        is_mobile=touch and width < 900,
        device_scale_factor=2 if touch else 1,
        locale=language,
    )
    return context.new_page()
