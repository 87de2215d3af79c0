"""The smallest window, 480 x 340: every table layout fits in every window at least that
big (below it the hand band can fall off the window and the scores lie over the stock);
``--size``, a remembered size and the free window's least size all keep to it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import canasta.app.window as window
from canasta.app import App
from canasta.persistence.paths import default_paths
from canasta.persistence.settings_file import load_settings
from canasta.ui.layout import compute_layout
from canasta.window_limits import SMALLEST_WINDOW, at_least_smallest

#: Shapes (w, h) swept from the smallest window that holds them: 16:10, 4:3, 16:9, 2:1,
#: square, and portrait 3:4, 10:16, 9:16, 1:2.
SHAPES = [(16, 10), (4, 3), (16, 9), (2, 1), (1, 1), (3, 4), (10, 16), (9, 16), (1, 2)]


def layout_problems(size: tuple[int, int], players: int, large: bool, button_w: int) -> list[str]:
    """Where a table area leaves a ``size`` window or lies over another (as in
    test_ui_layout's sweep)."""
    layout = compute_layout(size, players, large, button_w)
    screen = pygame.Rect((0, 0), size)
    rects = layout.named_rects()
    found = [f"{name} {tuple(r)} leaves the window" for name, r in rects.items()
             if r.width <= 0 or r.height <= 0 or not screen.contains(r)]  # fmt: skip
    found += [f"{a} {tuple(ra)} lies over {b} {tuple(rb)}"
              for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2)
              if ra.colliderect(rb)]  # fmt: skip
    return found


def swept_sizes() -> Iterator[tuple[int, int]]:
    """The smallest window; each side at its least with the other growing; every shape
    in ``SHAPES`` from the smallest window holding it up to twice that; the fixed
    landscape and portrait windows on small desktops."""
    least_w, least_h = SMALLEST_WINDOW
    yield SMALLEST_WINDOW
    yield from ((least_w, h) for h in range(least_h, 1400, 7))
    yield from ((w, least_h) for w in range(least_w, 2600, 11))
    for sw, sh in SHAPES:
        scale = max(least_w / sw, least_h / sh)
        for step in range(0, 41):
            k = scale * (1 + step / 40)
            yield round(sw * k + 0.4999), round(sh * k + 0.4999)
    for desktop in [(400, 300), (600, 960), (1024, 768), (1280, 720), (1366, 768)]:
        yield window.landscape_size(desktop)
        yield window.portrait_size(desktop[1])  # 400 x 640 at the least: a portrait table


@pytest.mark.parametrize("players", [2, 4])
def test_every_table_layout_fits_every_window_from_the_smallest(players: int) -> None:
    sizes = sorted(set(swept_sizes()))
    assert len(sizes) > 600
    found = {}
    for size in sizes:
        for large, button_w in itertools.product((False, True), (0, 400)):
            problems = layout_problems(size, players, large, button_w)
            if problems:
                found[size, large, button_w] = problems
    assert found == {}


def test_below_the_smallest_window_a_table_does_not_fit() -> None:
    """The sweep can fail: the old smallest window."""
    assert layout_problems((320, 320), 2, False, 0) == [
        "hand0 (6, 285, 308, 50) leaves the window",  # 15 px below it
        "stock (11, 131, 36, 50) lies over scores (6, 106, 40, 100)",
    ]


def test_a_remembered_size_below_the_smallest_loads_raised_to_it(display: pygame.Surface):
    """An older game allowed 320 x 320: the file still loads, every other setting kept,
    with no complaint; the window opens at the smallest size."""
    path: Path = default_paths().settings
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("sound = false\nwindow_size = [320, 320]\nwindow_position = [5, 6]\n")
    settings, notices = load_settings(path)
    assert notices == []
    assert settings.window_size == [480, 340] and settings.window_position == [5, 6]
    assert settings.sound is False
    assert App().free_size == (480, 340)
    assert at_least_smallest((1000, 200)) == (1000, 340)


def test_the_free_window_cannot_be_made_smaller_than_the_smallest(display: pygame.Surface):
    assert window.set_mode((800, 600), pygame.RESIZABLE) == (800, 600)
    assert window._window().minimum_size == (480, 340)
    assert window.set_mode((400, 640), 0) == (400, 640)  # a fixed portrait window
    assert pygame.display.get_window_size() == (400, 640)
    assert window._window().minimum_size[0] < 400
    window.set_mode((800, 600), pygame.RESIZABLE)
    assert window._window().minimum_size == (480, 340)


@pytest.fixture
def display() -> pygame.Surface:
    pygame.init()
    return pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
