"""Text rendering with pygame's default font, cached.

Sizes are pygame font sizes in pixels (roughly the line height); colours are RGB tuples.
"""

from __future__ import annotations

import pygame

_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}
_TEXTS: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}
_TEXT_CACHE_LIMIT = 512


def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """Return the default font (``pygame.font.Font(None, size)``) at ``size`` px, cached."""
    size = max(1, int(size))
    key = (size, bold)
    font = _FONTS.get(key)
    if font is None:
        if not pygame.font.get_init():
            pygame.font.init()
        font = pygame.font.Font(None, size)
        font.bold = bold
        _FONTS[key] = font
    return font


def render_text(
    text: str,
    size: int,
    color: tuple[int, ...] = (255, 255, 255),
    bold: bool = False,
) -> pygame.Surface:
    """Return an antialiased surface of ``text`` at font ``size`` px in ``color``, cached."""
    key = (text, int(size), tuple(color), bold)
    surface = _TEXTS.get(key)
    if surface is None:
        surface = get_font(size, bold).render(text, True, color)
        if len(_TEXTS) >= _TEXT_CACHE_LIMIT:
            _TEXTS.clear()
        _TEXTS[key] = surface
    return surface


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: tuple[int, ...],
    *,
    center: tuple[float, float] | None = None,
    topleft: tuple[float, float] | None = None,
    midleft: tuple[float, float] | None = None,
    midright: tuple[float, float] | None = None,
    bold: bool = False,
    alpha: int = 255,
) -> pygame.Rect:
    """Draw ``text`` anchored at one of the given points (default ``topleft=(0, 0)``).

    Returns the rectangle drawn, in ``surface`` pixels.
    """
    image = render_text(text, size, color, bold)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(max(0, alpha))
    rect = image.get_rect()
    if center is not None:
        rect.center = (round(center[0]), round(center[1]))
    elif midleft is not None:
        rect.midleft = (round(midleft[0]), round(midleft[1]))
    elif midright is not None:
        rect.midright = (round(midright[0]), round(midright[1]))
    elif topleft is not None:
        rect.topleft = (round(topleft[0]), round(topleft[1]))
    surface.blit(image, rect)
    return rect


def fit_text_size(text: str, max_w: int, max_h: int, bold: bool = False) -> int:
    """Return the largest font size (px) at which ``text`` fits in ``max_w`` x ``max_h``."""
    size = max(4, int(max_h * 1.3))
    while size > 4:
        w, h = get_font(size, bold).size(text)
        if w <= max_w and h <= max_h:
            break
        size -= 1
    return size
