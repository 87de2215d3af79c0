"""Outlines, glows and translucent panels drawn around rectangles (pixels).

Glow images are cached per (size, colour, spread, radius); only ``set_alpha`` changes per
frame, so a pulsing glow costs one blit.
"""

from __future__ import annotations

import pygame

_GLOWS: dict[tuple[int, int, tuple[int, ...], int, int], pygame.Surface] = {}
_PANELS: dict[tuple[int, int, tuple[int, ...], int], pygame.Surface] = {}


def draw_selection(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: tuple[int, ...] = (255, 204, 64),
    width: int = 3,
    radius: int = 6,
) -> None:
    """Draw a solid rounded outline ``width`` px thick just outside ``rect``."""
    outline = pygame.Rect(rect).inflate(2 * width, 2 * width)
    pygame.draw.rect(surface, color, outline, width=width, border_radius=radius + width)


def glow_surface(
    size: tuple[int, int], color: tuple[int, ...], spread: int = 10, radius: int = 8
) -> pygame.Surface:
    """Return a cached SRCALPHA image of a soft halo around a ``size`` (w, h) rectangle.

    The image is ``(w + 2*spread, h + 2*spread)`` pixels; the halo fades from opaque-ish at
    the rectangle's edge to transparent ``spread`` px outside it; the inside is transparent.
    """
    w, h = int(size[0]), int(size[1])
    spread = max(1, int(spread))
    key = (w, h, tuple(color[:3]), spread, int(radius))
    cached = _GLOWS.get(key)
    if cached is not None:
        return cached
    image = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
    rgb = tuple(color[:3])
    for i in range(spread, 0, -1):
        fade = 1.0 - i / (spread + 1)
        alpha = round(210 * fade**2)
        rect = pygame.Rect(spread - i, spread - i, w + 2 * i, h + 2 * i)
        pygame.draw.rect(image, (*rgb, alpha), rect, border_radius=radius + i)
    inner = pygame.Rect(spread, spread, w, h)
    pygame.draw.rect(image, (*rgb, 235), inner, border_radius=radius)
    pygame.draw.rect(image, (0, 0, 0, 0), inner.inflate(-4, -4), border_radius=max(0, radius - 2))
    if len(_GLOWS) > 64:
        _GLOWS.clear()
    _GLOWS[key] = image
    return image


def draw_glow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: tuple[int, ...] = (255, 226, 110),
    spread: int = 10,
    radius: int = 8,
    strength: float = 1.0,
) -> None:
    """Draw a soft coloured halo around ``rect``; ``strength`` in [0, 1] scales its opacity."""
    image = glow_surface((rect.width, rect.height), color, spread, radius)
    image.set_alpha(max(0, min(255, round(255 * strength))))
    surface.blit(image, (rect.x - spread, rect.y - spread))
    image.set_alpha(None)


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: tuple[int, ...] = (10, 30, 18, 150),
    radius: int = 10,
) -> None:
    """Draw a translucent ("frosted") rounded panel; ``color`` is RGBA (alpha 0..255)."""
    rgba = tuple(color) if len(color) == 4 else (*color[:3], 255)
    key = (rect.width, rect.height, rgba, int(radius))
    image = _PANELS.get(key)
    if image is None:
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(image, rgba, image.get_rect(), border_radius=radius)
        if len(_PANELS) > 64:
            _PANELS.clear()
        _PANELS[key] = image
    surface.blit(image, rect.topleft)
