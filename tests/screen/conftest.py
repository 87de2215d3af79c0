"""Screen tests run headless: SDL's dummy video and audio drivers, no real time."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


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
