"""Fixtures of the browser tests: one headless Chromium per test process, a fresh server
per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import available, chromium
from tests.web.helpers import WebServer


# One browser per test module: Playwright's sync driver holds an event loop in the test
# thread while it runs, so it must be gone before a test of another module (xdist mixes
# them in one process) runs its own loop with asyncio.run.
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not available():
        pytest.fail("the browser tests need Playwright for Python and /usr/bin/chromium "
                    "(bash scripts/test.sh installs both)")  # fmt: skip
    with chromium() as running:
        yield running


@pytest.fixture
def server(tmp_path: Path) -> Iterator[WebServer]:
    running = WebServer(tmp_path / "data", rate=200.0, burst=400.0)
    try:
        yield running
    finally:
        running.stop()
