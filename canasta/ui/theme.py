"""Colour themes and the felt background.

Colours are ``(r, g, b)`` or ``(r, g, b, a)`` tuples of ints 0..255.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@dataclass(frozen=True)
class Theme:
    """A table palette.

    Attributes:
        name: short identifier ("green", "blue").
        felt: felt colour at the centre of the table.
        felt_edge: darker felt colour at the window edges.
        accent: highlight colour (selection outline, focused button ring).
        text: main text colour on the felt.
        text_dim: secondary text (labels, counts).
        badge_bg: count-chip fill; badge_text: its text colour.
        glow: soft outline around a pile that can be taken / a valid target.
        frost: translucent panel fill (RGBA) for message strips and dialogs.
        button: button fill; button_hover: hovered fill; button_text: label colour;
        button_disabled: fill of a disabled button.
        card_back: main colour of the card back pattern.
    """

    name: str
    felt: RGB
    felt_edge: RGB
    accent: RGB
    text: RGB
    text_dim: RGB
    badge_bg: RGB
    badge_text: RGB
    glow: RGB
    frost: RGBA
    button: RGB
    button_hover: RGB
    button_text: RGB
    button_disabled: RGB
    card_back: RGB


GREEN = Theme(
    name="green",
    felt=(34, 110, 64),
    felt_edge=(14, 58, 32),
    accent=(255, 204, 64),
    text=(244, 244, 236),
    text_dim=(190, 214, 196),
    badge_bg=(28, 32, 40),
    badge_text=(250, 250, 250),
    glow=(255, 226, 110),
    frost=(10, 30, 18, 150),
    button=(246, 240, 222),
    button_hover=(255, 226, 140),
    button_text=(24, 36, 28),
    button_disabled=(120, 140, 126),
    card_back=(150, 28, 40),
)

BLUE = Theme(
    name="blue",
    felt=(32, 80, 136),
    felt_edge=(12, 32, 64),
    accent=(255, 190, 70),
    text=(240, 244, 250),
    text_dim=(180, 200, 226),
    badge_bg=(20, 24, 36),
    badge_text=(250, 250, 250),
    glow=(120, 220, 255),
    frost=(8, 18, 40, 150),
    button=(238, 242, 250),
    button_hover=(255, 214, 130),
    button_text=(18, 28, 48),
    button_disabled=(110, 126, 150),
    card_back=(30, 60, 150),
)

#: Themes by name.
THEMES: dict[str, Theme] = {GREEN.name: GREEN, BLUE.name: BLUE}

_FELT_CACHE: dict[tuple[str, int, int], pygame.Surface] = {}
_GRADIENT_W, _GRADIENT_H = 48, 32


def _mix(a: RGB, b: RGB, k: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * k),
        round(a[1] + (b[1] - a[1]) * k),
        round(a[2] + (b[2] - a[2]) * k),
    )


def felt_surface(size: tuple[int, int], theme: Theme = GREEN) -> pygame.Surface:
    """Return the felt background for a window of ``size`` (w, h) pixels, cached per size.

    A radial gradient from ``theme.felt`` (centre, slightly above middle) to
    ``theme.felt_edge`` (corners), plus a faint vertical darkening toward the bottom.
    A small gradient is computed per pixel and smooth-scaled once to the full size.
    """
    w, h = max(1, size[0]), max(1, size[1])
    key = (theme.name, w, h)
    cached = _FELT_CACHE.get(key)
    if cached is not None:
        return cached
    small = pygame.Surface((_GRADIENT_W, _GRADIENT_H))
    cx, cy = (_GRADIENT_W - 1) / 2, (_GRADIENT_H - 1) * 0.45
    max_d = ((cx**2) + (max(cy, _GRADIENT_H - 1 - cy) ** 2)) ** 0.5
    for y in range(_GRADIENT_H):
        for x in range(_GRADIENT_W):
            d = (((x - cx) ** 2) + ((y - cy) * 1.2) ** 2) ** 0.5 / max_d
            k = min(1.0, d) ** 1.6 * 0.9 + (y / (_GRADIENT_H - 1)) * 0.1
            small.set_at((x, y), _mix(theme.felt, theme.felt_edge, min(1.0, k)))
    surface = pygame.transform.smoothscale(small, (w, h))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert()
    if len(_FELT_CACHE) > 8:
        _FELT_CACHE.clear()
    _FELT_CACHE[key] = surface
    return surface


def paint_felt(surface: pygame.Surface, theme: Theme = GREEN) -> None:
    """Fill all of ``surface`` with the cached felt background for its size."""
    surface.blit(felt_surface(surface.get_size(), theme), (0, 0))
