"""Colour themes and the felt background.

Colours are ``(r, g, b)`` or ``(r, g, b, a)`` tuples of ints 0..255.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from canasta.ui.assets import AssetError, LazyRegistry, load_image, load_json
from canasta.ui.colors import parse_hex

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
        card_back: main colour of the theme's matching deck back.
        title: display name ("Dark red"); texture: felt texture tile under
        ``assets/textures`` ("felt", "baize", "linen", "suede", "leather", or "plain");
        texture_strength: how far the texture darkens and lightens the felt (0..1);
        deck: name of the deck back that matches the theme.
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
    title: str = ""
    texture: str = "plain"
    texture_strength: float = 0.0
    deck: str = ""


def _load_themes() -> dict[str, Theme]:
    out: dict[str, Theme] = {}
    for name, data in load_json("themes.json").items():
        colors = {
            key: tuple(value) if key == "frost" else parse_hex(value)
            for key, value in data.items()
            if key not in ("title", "texture", "deck", "texture_strength")
        }
        out[name] = Theme(
            name=name,
            title=data["title"],
            texture=data["texture"],
            texture_strength=float(data["texture_strength"]),
            deck=data["deck"],
            **colors,
        )
    return out


#: The 18 table themes by name (``green``, ``blue``, ``merlot``, ... ``celeste``), read from
#: ``assets/themes.json`` (written by ``scripts/make_themes.py``) on first use.
THEMES: LazyRegistry[Theme] = LazyRegistry(_load_themes)
#: The theme a screen uses when none is given.
DEFAULT_THEME = "green"


def default_theme() -> Theme:
    """The green table (the default), read on first use.

    Raises:
        AssetError: if ``themes.json`` cannot be read.
    """
    return THEMES[DEFAULT_THEME]


def __getattr__(name: str) -> Any:
    """``GREEN`` and ``BLUE``: two themes by their old constant names (PEP 562, so that
    importing this module reads no file)."""
    if name in ("GREEN", "BLUE"):
        return THEMES[name.lower()]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_FELT_CACHE: dict[tuple[str, int, int], pygame.Surface] = {}
_TEXTURES: dict[str, pygame.Surface | None] = {}
_GRADIENT_W, _GRADIENT_H = 48, 32


def _mix(a: RGB, b: RGB, k: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * k),
        round(a[1] + (b[1] - a[1]) * k),
        round(a[2] + (b[2] - a[2]) * k),
    )


def felt_surface(size: tuple[int, int], theme: Theme | None = None) -> pygame.Surface:
    """Return the felt background for a window of ``size`` (w, h) pixels, cached per size
    (``theme`` None: the default theme).

    A radial gradient from ``theme.felt`` (centre, slightly above middle) to
    ``theme.felt_edge`` (corners), plus a faint vertical darkening toward the bottom.
    A small gradient is computed per pixel and smooth-scaled once to the full size.
    """
    theme = theme or default_theme()
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
    _apply_texture(surface, theme.texture, theme.texture_strength)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert()
    if len(_FELT_CACHE) > 8:
        _FELT_CACHE.clear()
    _FELT_CACHE[key] = surface
    return surface


def _texture_layers(name: str, strength: float) -> tuple[pygame.Surface, pygame.Surface] | None:
    """Two tiles from a grey texture: a multiply layer (shadows) and an add layer (lights)."""
    if name == "plain" or strength <= 0:
        return None
    if name not in _TEXTURES:
        try:
            _TEXTURES[name] = load_image("textures", f"{name}.png")
        except AssetError as exc:
            raise AssetError(f"cannot read texture {name!r}: {exc}") from exc
    tile = _TEXTURES[name]
    assert tile is not None
    size = tile.get_size()
    dark = pygame.Surface(size)
    light = pygame.Surface(size)
    dark.fill((255, 255, 255))
    light.fill((0, 0, 0))
    for y in range(size[1]):
        for x in range(size[0]):
            v = tile.get_at((x, y))[0] - 128
            if v < 0:
                k = 255 + round(v * 2 * strength)
                dark.set_at((x, y), (k, k, k))
            else:
                k = round(v * strength)
                light.set_at((x, y), (k, k, k))
    return dark, light


_LAYERS: dict[tuple[str, float], tuple[pygame.Surface, pygame.Surface] | None] = {}


def _apply_texture(surface: pygame.Surface, name: str, strength: float) -> None:
    key = (name, strength)
    if key not in _LAYERS:
        _LAYERS[key] = _texture_layers(name, strength)
    layers = _LAYERS[key]
    if layers is None:
        return
    dark, light = layers
    tw, th = dark.get_size()
    w, h = surface.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            surface.blit(dark, (x, y), special_flags=pygame.BLEND_RGB_MULT)
            surface.blit(light, (x, y), special_flags=pygame.BLEND_RGB_ADD)


def paint_felt(surface: pygame.Surface, theme: Theme | None = None) -> None:
    """Fill all of ``surface`` with the cached felt background for its size."""
    surface.blit(felt_surface(surface.get_size(), theme), (0, 0))
