"""The disk-fault matrix runs the real app headless: SDL's dummy video and audio drivers."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def _pygame_session():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    yield
    pygame.quit()
