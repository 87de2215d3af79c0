"""Card faces and backs rendered from the SVG assets, once per size, and cached.

Faces come from ``assets/cards/<style>[-large]/<code>.svg`` and backs from
``assets/backs/<standard|large>/<deck>.svg``, rendered by pygame-ce's nanosvg at the size
the layout asks for. Face SVGs are drawn in token colours (``TOKENS``) that are swapped for
the chosen palette's before rendering. Indices are vector paths in the SVG (nanosvg draws no
``<text>``), so a face is one image at any size. Nothing here is scaled per frame.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.engine.cards import CARD_CODE, card_suit, is_red
from canasta.ui import decks
from canasta.ui.assets import render_svg, svg_text
from canasta.ui.colors import to_hex
from canasta.ui.decks import (
    CARD_ASPECT,
    DEFAULT_DECK,
    DEFAULT_PALETTE,
    DEFAULT_STYLE,
    PALETTES,
    CardOptions,
    large_index_aspect,
)
from canasta.ui.effects import draw_glow, draw_selection

__all__ = [
    "CARD_ASPECT",
    "CardOptions",
    "CardRenderer",
    "card_size_for_width",
    "draw_glow",
    "draw_selection",
]


def __getattr__(name: str) -> object:
    """``RED`` and ``BLACK``: the standard palette's suit colours, read on first use;
    ``LARGE_INDEX_ASPECT``: see :mod:`canasta.ui.decks`."""
    if name in ("RED", "BLACK"):
        return PALETTES[DEFAULT_PALETTE].suits["H" if name == "RED" else "S"]
    if name == "LARGE_INDEX_ASPECT":
        return large_index_aspect()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_CACHE: dict[tuple[object, ...], pygame.Surface] = {}
_CACHE_LIMIT = 800


def card_size_for_width(width: int, large_index: bool = False) -> tuple[int, int]:
    """Return ``(w, h)`` pixels of a card ``width`` px wide (aspect 1.4, or thinner)."""
    width = max(8, int(width))
    return width, round(width * (large_index_aspect() if large_index else CARD_ASPECT))


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


class CardRenderer:
    """Renders and caches card images of one size and one look.

    Args:
        width, height: card size in pixels (e.g. 44 x 62 up to 130 x 182); large-index
            cards should be about ``LARGE_INDEX_ASPECT`` times taller than wide.
        style: face style name (:data:`canasta.ui.decks.CARD_STYLES`).
        deck: back design name (:data:`canasta.ui.decks.DECKS`).
        palette: suit palette name (:data:`canasta.ui.decks.PALETTES`).
        large_index: thinner faces with bigger corner marks.
        options: a :class:`CardOptions` to take all four from instead.

    Raises:
        ValueError: for an unknown style, deck or palette name.
        canasta.ui.assets.AssetError: if an asset file is missing.

    ``face(card)``/``back()`` return cached ``width`` x ``height`` SRCALPHA surfaces
    (transparent outside the rounded corners). The cache is shared by all renderers and keyed
    by look and size, so two decks' copies of a card share one image.
    """

    def __init__(
        self,
        width: int,
        height: int,
        *,
        style: str = DEFAULT_STYLE,
        deck: str = DEFAULT_DECK,
        palette: str = DEFAULT_PALETTE,
        large_index: bool = False,
        options: CardOptions | None = None,
    ) -> None:
        self.options = options or CardOptions(style, deck, palette, large_index)
        self.width = max(8, int(width))
        self.height = max(8, int(height))
        self.radius = max(3, round(self.width * decks.CORNER_RADIUS))

    @property
    def size(self) -> tuple[int, int]:
        """Card size ``(w, h)`` in pixels."""
        return (self.width, self.height)

    def face_key(self, card: int) -> str:
        """Asset name of a card's face: its code (``T`` for ten), or ``JK-R`` / ``JK-B``."""
        code = CARD_CODE[card]
        if code == "JK":
            return "JK-R" if is_red(card) else "JK-B"
        return code

    def face(self, card: int) -> pygame.Surface:
        """Return the face image of card identity ``card`` (0..107)."""
        key = self.face_key(card)
        opts = self.options
        full = ("face", opts.style, opts.large_index, opts.palette, key, self.width, self.height)
        return self._cached(full, lambda: self._render_face(card, key))

    def back(self) -> pygame.Surface:
        """Return the card back image of the chosen deck."""
        opts = self.options
        full = ("back", opts.deck, opts.large_index, self.width, self.height)
        shape = "large" if opts.large_index else "standard"
        return self._cached(
            full, lambda: render_svg(svg_text("backs", shape, f"{opts.deck}.svg"), self.size)
        )

    def image(self, card: int | None, face_up: bool = True) -> pygame.Surface:
        """Face of ``card`` if ``face_up`` and ``card`` is not None, else the back."""
        if card is None or not face_up:
            return self.back()
        return self.face(card)

    def prerender(self) -> None:
        """Render every distinct face (54) and the back now, e.g. behind a loading screen."""
        for card in range(54):
            self.face(card)
        self.back()

    def _render_face(self, card: int, key: str) -> pygame.Surface:
        opts = self.options
        folder = opts.style + ("-large" if opts.large_index else "")
        text = svg_text("cards", folder, f"{key}.svg")
        palette = PALETTES[opts.palette]
        ink = to_hex(palette.ink(card_suit(card), is_red(card)))
        tokens = decks.TOKENS
        text = text.replace(tokens["red"], ink).replace(tokens["black"], ink)
        text = text.replace(tokens["face"], to_hex(palette.face))
        return render_svg(text, self.size)

    def _cached(
        self, key: tuple[object, ...], draw: Callable[[], pygame.Surface]
    ) -> pygame.Surface:
        surface = _CACHE.get(key)
        if surface is None:
            surface = draw()
            if _display_ready():
                surface = surface.convert_alpha()
            if len(_CACHE) >= _CACHE_LIMIT:
                _CACHE.clear()
            _CACHE[key] = surface
        return surface
