"""The window: title and icon, its first size, the size and place it had last time,
fullscreen, vsync and high-density screens.

High-density screens: the game draws at the window's real pixels. Layout, text and card
images are computed from the window size (cards are SVG rendered at the size needed), so
a bigger window in real pixels is simply drawn sharper. pygame-ce's ``SCALED`` flag was
not chosen: it draws a fixed logical size and stretches the finished picture to the
window, which blurs text and card edges by the stretch factor and would fix the layout's
shape. Instead the game asks Windows for per-monitor DPI awareness (so Windows does not
bitmap-stretch the window) and opens its first window larger on a large desktop.

Vsync: SDL synchronises the window surface's updates with the screen's refresh where it
presents them through a renderer (Windows and macOS by default) when the hint
``SDL_RENDER_VSYNC`` is 1, which the game sets unless the player set it; X11 without
acceleration offers none and is unaffected. When nothing moves no frame is drawn at all.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import MutableMapping

import pygame

from canasta.ui.assets import AssetError, render_svg, svg_text
from canasta.window_limits import SMALLEST_WINDOW

TITLE = "Canasta"
#: Window size (w, h) px of the landscape shape and the free window's first size on a
#: desktop up to 1920 x 1200.
LANDSCAPE = (1280, 800)
#: The icon's size in pixels (window managers scale it down for title bars).
ICON_SIZE = 64
#: The smallest part of a window (px) that must be on a desktop for its old place to be
#: used again.
ON_SCREEN_PX = 64

log = logging.getLogger(__name__)


def display_hints(environ: MutableMapping[str, str] | None = None) -> None:
    """Set the SDL hints read when the display opens (each only if not already set):
    per-monitor DPI awareness on Windows and vsync of the window surface."""
    env = os.environ if environ is None else environ
    env.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    env.setdefault("SDL_RENDER_VSYNC", "1")


def desktop_sizes() -> list[tuple[int, int]]:
    """The sizes (w, h) px of the desktops, or ``[LANDSCAPE]`` when none is known."""
    try:
        sizes = [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes()]
    except pygame.error:
        sizes = []
    return sizes or [LANDSCAPE]


def first_size(desktop: tuple[int, int]) -> tuple[int, int]:
    """The free window's first size (w, h) px on a ``desktop`` of (w, h) px: 1280 x 800,
    grown in the same shape on a desktop larger than 1920 x 1200 (e.g. 2304 x 1440 on a
    3840 x 2160 screen) so the table is not tiny on a high-density screen."""
    scale = max(1.0, min(desktop[0] / 1920, desktop[1] / 1200))
    return round(LANDSCAPE[0] * scale), round(LANDSCAPE[1] * scale)


#: Room (w, h) px a window fitted to a desktop leaves for the title bar and a panel.
FIT_MARGIN = (0, 64)
#: The longest side of a fitted window is at most this many times its shortest side.
FIT_SHAPE = 2.0


def desktop_at(
    position: list[int] | tuple[int, int], desktops: list[tuple[int, int]]
) -> tuple[int, int]:
    """The desktop (w, h) px a window placed at ``position`` (x, y) px opens on: the one
    whose columns hold x (desktops taken side by side, left to right, as in
    :func:`usable_position`), else the first (where a window without a place opens)."""
    if len(position) == 2:
        left = 0
        for desktop in desktops:
            if left <= int(position[0]) < left + desktop[0]:
                return desktop
            left += desktop[0]
    return desktops[0]


def fit_to_desktop(size: tuple[int, int], desktop: tuple[int, int]) -> tuple[int, int]:
    """A free window's size (w, h) px fitted to a ``desktop`` (w, h) px.

    A side no longer than the desktop's is kept; a longer one is brought down to the
    desktop's less :data:`FIT_MARGIN`. The shape is then kept sensible: the longer side at
    most :data:`FIT_SHAPE` times the shorter (a 1280 x 800 window remembered from a
    landscape screen opens at 600 x 800 on a 600 x 960 portrait screen, and the layout
    follows the shape); a side is first raised to :data:`SMALLEST_WINDOW`'s where the
    desktop has the room. A size that fits is returned unchanged.
    """
    if size[0] <= desktop[0] and size[1] <= desktop[1]:
        return size[0], size[1]
    room = [d if s <= d else max(1, d - m)
            for s, d, m in zip(size, desktop, FIT_MARGIN, strict=True)]  # fmt: skip
    w, h = min(size[0], room[0]), min(size[1], room[1])
    w, h = (
        max(side, min(least, free))
        for side, least, free in zip((w, h), SMALLEST_WINDOW, room, strict=True)
    )
    return min(w, round(h * FIT_SHAPE)), min(h, round(w * FIT_SHAPE))


def landscape_size(desktop: tuple[int, int] | None = None) -> tuple[int, int]:
    """The fixed landscape window (w, h) px: :data:`LANDSCAPE`, or smaller in the same
    shape where the ``desktop`` (w, h) px (None: the smallest desktop) has less room than
    that, leaving :data:`FIT_MARGIN` (e.g. 1024 x 640 on a 1024 x 768 desktop, 600 x 375
    on a 600 x 960 one; never below 544 x 340, the smallest that holds
    :data:`SMALLEST_WINDOW`)."""
    if desktop is None:
        desktop = min(desktop_sizes())
    w, h = LANDSCAPE
    room_w = desktop[0] if w <= desktop[0] else desktop[0] - FIT_MARGIN[0]
    room_h = desktop[1] if h <= desktop[1] else desktop[1] - FIT_MARGIN[1]
    least = max(least / side for least, side in zip(SMALLEST_WINDOW, LANDSCAPE, strict=True))
    scale = max(least, min(1.0, room_w / w, room_h / h))
    return round(w * scale), round(h * scale)


def portrait_size(desktop_h: int | None = None) -> tuple[int, int]:
    """A portrait window (w, h) px that fits a desktop ``desktop_h`` px high (None: the
    smallest desktop's height), at most 800 x 1280."""
    if desktop_h is None:
        desktop_h = min(h for _, h in desktop_sizes())
    h = max(640, min(1280, desktop_h - 64))
    return round(h * 0.625), h


def usable_position(
    position: list[int] | tuple[int, int],
    size: tuple[int, int],
    desktops: list[tuple[int, int]],
) -> tuple[int, int] | None:
    """``position`` (x, y) px if a window of ``size`` there shows at least
    ``ON_SCREEN_PX`` px of its top on the desktops (taken side by side, left to right);
    None otherwise (e.g. the screen it was on is gone), or when no position is given."""
    if len(position) != 2:
        return None
    x, y = int(position[0]), int(position[1])
    width = sum(w for w, _ in desktops)
    height = max(h for _, h in desktops)
    if x + size[0] < ON_SCREEN_PX or x > width - ON_SCREEN_PX:
        return None
    if y < 0 or y > height - ON_SCREEN_PX:
        return None
    return x, y


def set_icon() -> None:
    """Give the window the game's icon (``assets/icon.svg``); logs and goes on without
    one if it cannot be read."""
    try:
        icon = render_svg(svg_text("icon.svg"), (ICON_SIZE, ICON_SIZE))
    except AssetError as error:
        log.warning("no window icon: %s", error)
        return
    pygame.display.set_icon(icon)


def window_position() -> tuple[int, int] | None:
    """Where the window's top-left corner is on the desktop (px), or None when there is
    no real window (no display, or a headless video driver)."""
    if pygame.display.get_surface() is None or headless():
        return None
    try:
        x, y = _window().position
    except (pygame.error, AttributeError):
        return None
    return int(x), int(y)


def move_window(position: tuple[int, int]) -> None:
    """Put the window's top-left corner at ``position`` px (ignored without a window)."""
    try:
        _window().position = position
    except (pygame.error, AttributeError) as error:
        log.info("window not moved: %s", error)


def set_mode(size: tuple[int, int], flags: int) -> tuple[int, int]:
    """Open the window, or change it, at ``size`` (w, h) px with pygame ``flags``; returns
    the size it got. A resizable window cannot be made smaller than
    :data:`SMALLEST_WINDOW` (the table does not fit in less); a fixed one has no least
    size (a fixed portrait window is 400 px wide on a small screen, and its table fits)."""
    resizable = bool(flags & pygame.RESIZABLE)
    _least_size((0, 0))  # first, or SDL would keep a fixed window at the old least size
    got = pygame.display.set_mode(size, flags).get_size()
    if resizable:
        _least_size(SMALLEST_WINDOW)
    return int(got[0]), int(got[1])


def _least_size(size: tuple[int, int]) -> None:
    if pygame.display.get_surface() is None:
        return
    try:
        _window().minimum_size = size
    except (pygame.error, AttributeError, ValueError) as error:
        log.info("window's least size not set: %s", error)


def screen() -> pygame.Surface:
    """The window's surface (the one the last ``set_mode`` made).

    Raises:
        pygame.error: when no window is open.
    """
    surface = pygame.display.get_surface()
    if surface is None:
        raise pygame.error("no window is open")
    return surface


def headless() -> bool:
    """True under SDL's dummy or offscreen video driver (tests, CI)."""
    return pygame.display.get_init() and pygame.display.get_driver() in ("dummy", "offscreen")


def _window() -> pygame.Window:
    """The display module's window as a ``pygame.Window`` (only its place is used; the
    warning about drawing through it does not apply)."""
    with warnings.catch_warnings(action="ignore", category=DeprecationWarning):
        return pygame.Window.from_display_module()
