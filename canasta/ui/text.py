"""Text rendering with pygame's default font, cached.

Sizes are pygame font sizes in pixels (roughly the line height); colours are RGB tuples.
The default font has no suit symbols (``♣ ♦ ♥ ♠``): they are drawn as shapes
(:mod:`canasta.ui.pips`) in the space the font gives them, so "10♦" reads as on a card and
text measures the same as it draws.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame

_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}
#: Suit symbol -> suit letter, for the symbols drawn as shapes.
_SUITS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
#: A suit symbol takes the room of this letter (as wide as a capital is tall).
_SUIT_ROOM = "O"
#: Spaces the default font draws as a box (French writes "1 250" and "gagnez !" with
#: them): drawn as an ordinary space.
_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " "})
#: Suit shapes are drawn this many times larger, then smoothly scaled down (antialiasing).
_SUIT_SCALE = 4


class _Font(pygame.font.Font):
    """The default font, with the suit symbols it lacks measured and drawn as shapes."""

    def size(self, text: str | bytes) -> tuple[int, int]:
        if isinstance(text, str):
            text = text.translate(_SPACES)
        if isinstance(text, str) and any(ch in _SUITS for ch in text):
            text = "".join(_SUIT_ROOM if ch in _SUITS else ch for ch in text)
        return super().size(text)

    def render(self, text: str | bytes | None, antialias: bool, color: Any,
               bgcolor: Any = None, wraplength: int = 0) -> pygame.Surface:  # fmt: skip
        if isinstance(text, str):
            text = text.translate(_SPACES)
        if not isinstance(text, str) or not any(ch in _SUITS for ch in text):
            return super().render(text, antialias, color, bgcolor, wraplength)
        plain = "".join(_SUIT_ROOM if ch in _SUITS else ch for ch in text)
        runs: list[tuple[int, pygame.Surface]] = []  # (x, image) of the text between suits
        run_start = 0
        for i, ch in enumerate([*text, _SUIT_ROOM]):
            if i == len(text) or ch in _SUITS:
                if i > run_start:
                    image = super().render(text[run_start:i], antialias, color, bgcolor)
                    runs.append((super().size(plain[:run_start])[0], image))
                run_start = i + 1
        height = max([super().render(_SUIT_ROOM, antialias, color).get_height()]
                     + [image.get_height() for _, image in runs])  # fmt: skip
        surface = pygame.Surface((super().size(plain)[0], height), pygame.SRCALPHA)
        if bgcolor is not None:
            surface.fill(bgcolor)
        for x, image in runs:
            surface.blit(image, (x, 0))
        self._draw_suits(surface, text, color)
        return surface

    def _draw_suits(self, surface: pygame.Surface, text: str, color: Any) -> None:
        """Draw each suit symbol of ``text`` as the suit's shape into the room the text
        keeps for it in ``surface``, as tall as a capital letter, in ``color``."""
        from canasta.ui.pips import draw_suit

        cap = self.metrics("H")[0]
        cap_h = max(4, cap[3]) if cap else max(4, round(self.get_ascent() * 0.7))
        middle = self.get_ascent() - cap_h / 2
        rgb = pygame.Color(color)
        for i, ch in enumerate(text):
            suit = _SUITS.get(ch)
            if suit is None:
                continue
            x = super().size("".join(_SUIT_ROOM if c in _SUITS else c for c in text[:i]))[0]
            width = super().size(_SUIT_ROOM)[0]
            side = max(width, round(cap_h * 1.2))
            big = pygame.Surface((side * _SUIT_SCALE, side * _SUIT_SCALE), pygame.SRCALPHA)
            centre = (big.get_width() / 2, big.get_height() / 2)
            draw_suit(big, suit, centre, cap_h * 1.1 * _SUIT_SCALE, tuple(rgb))
            small = pygame.transform.smoothscale(big, (side, side))
            surface.blit(small, (round(x + (width - side) / 2), round(middle - side / 2)))


@dataclass
class TextReport:
    """What text the screen drew while :func:`report_text` listened (for layout tests).

    Attributes:
        drawn: ``(text, rect, surface, clip)`` per :func:`blit_text` call: the words, where
            they landed (px), the surface they were drawn on, and its clip then (a scrolled
            list clips its rows).
        misfits: one line per text that did not fit its box at a readable size: too long at
            :data:`MIN_TEXT_PX` for :func:`fit_text_size`, a word wider than its line, a
            paragraph's lines cut off at the bottom of its box.
    """

    drawn: list[tuple[str, pygame.Rect, pygame.Surface, pygame.Rect]] = field(default_factory=list)
    misfits: list[str] = field(default_factory=list)


_REPORT: TextReport | None = None


@contextmanager
def report_text() -> Iterator[TextReport]:
    """Record every text drawn and every text that did not fit, until the block ends."""
    global _REPORT
    outer, _REPORT = _REPORT, TextReport()
    try:
        yield _REPORT
    finally:
        _REPORT = outer


def misfit(line: str) -> None:
    """Note a text that did not fit its box (kept only while :func:`report_text` listens)."""
    if _REPORT is not None:
        _REPORT.misfits.append(line)


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
        font = _Font(None, size)
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
    if _REPORT is not None:
        _REPORT.drawn.append((text, rect, surface, surface.get_clip()))
    return rect


#: No text is drawn smaller than this (px): below it letters stop being readable.
MIN_TEXT_PX = 12


def elide(text: str, max_w: int, size: int, bold: bool = False) -> str:
    """``text`` as drawn at ``size`` px in ``max_w`` px: whole when it fits, else cut and
    ended with "…" (a player's long name in a small place); at least one character."""
    font = get_font(size, bold)
    if font.size(text)[0] <= max_w:
        return text
    low, high = 1, len(text)  # the longest start that fits with the ellipsis
    while low < high:
        mid = (low + high + 1) // 2
        if font.size(text[:mid].rstrip() + "\u2026")[0] <= max_w:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "\u2026"


def fit_text_size(
    text: str, max_w: int, max_h: int, bold: bool = False, *, report: bool = True
) -> int:
    """Return the largest font size (px) at which ``text`` fits in ``max_w`` x ``max_h``,
    but never below :data:`MIN_TEXT_PX` (a box too small for readable text is the
    layout's to widen, not the text's to shrink out of sight). A text still too wide there
    is a misfit (see :func:`report_text`) unless ``report`` is False (a caller that then
    wraps it)."""
    size = max(MIN_TEXT_PX, int(max_h * 1.3))
    while size > MIN_TEXT_PX:
        w, h = get_font(size, bold).size(text)
        if w <= max_w and h <= max_h:
            break
        size -= 1
    if _REPORT is not None and report and size == MIN_TEXT_PX:
        w = get_font(size, bold).size(text)[0]
        if w > max_w:
            misfit(f"{text!r} needs {w} px at {size} px, its box is {max_w} px wide")
    return size
