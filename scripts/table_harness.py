"""A headless table for screenshots, benchmarks and tests (dummy video driver).

``make_table(players, seed, size, demo=True)`` builds a TableScene on a seeded game;
``settle(scene)`` advances time until animations stop; ``render(scene, path)`` saves a PNG.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from canasta.ai import HeuristicPlayer  # noqa: E402
from canasta.ai.player import Player  # noqa: E402
from canasta.controller import TableController  # noqa: E402
from canasta.engine import CLASSIC, Game  # noqa: E402
from canasta.scenes.base import SceneManager  # noqa: E402
from canasta.scenes.table import TableScene  # noqa: E402


def make_table(
    players: int = 4, seed: int = 1, size: tuple[int, int] = (1280, 800), demo: bool = True
) -> tuple[TableScene, SceneManager, pygame.Surface]:
    """A table scene pushed on a manager, with a window surface of ``size`` px."""
    pygame.init()
    screen = pygame.display.set_mode(size)
    game = Game(CLASSIC.with_options(players=players), seed)
    seats: list[Player | None] = [HeuristicPlayer() for _ in range(players)]
    if not demo:
        seats[0] = None
    controller = TableController(game, seats)
    manager = SceneManager(size)
    scene = TableScene(controller, lambda c: None, lambda: None)
    manager.push(scene)
    return scene, manager, screen


def settle(manager: SceneManager, seconds: float = 3.0, dt: float = 1 / 60) -> None:
    """Advance the manager by ``seconds`` in steps of ``dt`` (no real time passes)."""
    for _ in range(int(seconds / dt)):
        manager.update(dt)


def render(manager: SceneManager, screen: pygame.Surface, path: str) -> None:
    """Draw one frame and save it as PNG at ``path``."""
    manager.draw(screen)
    pygame.image.save(screen, path)
