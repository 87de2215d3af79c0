"""Screen tests run headless: SDL's dummy video and audio drivers, no real time."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from canasta.app import App  # noqa: E402
from canasta.controller import InlineWorker  # noqa: E402


@pytest.fixture(autouse=True)
def _inline_worker(monkeypatch):
    """Computer players decide in this process at once: a computer's turn takes frames,
    not seconds, and no screen test waits in real time (the worker process keeps its own
    tests in tests/test_ai_levels.py)."""
    monkeypatch.setattr(App, "make_worker", InlineWorker)


@pytest.fixture(scope="session", autouse=True)
def _pygame_session():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


@pytest.fixture
def screen() -> pygame.Surface:
    """A 1280 x 800 dummy display surface."""
    return pygame.display.set_mode((1280, 800))


@pytest.fixture
def table_app(request: pytest.FixtureRequest) -> App:
    """The game in a 1280 x 800 window (seed 3) at a new 2-player table, closed after the
    test."""
    pygame.init()
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800), seed=3)
    request.addfinalizer(app.close)
    app.new_game(2)
    return app
