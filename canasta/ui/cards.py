"""Card faces and backs, rendered once per size and cached; selection and glow helpers.

Faces are drawn at 2-4x the target size with polygons, circles and the default font, then
smooth-scaled down once, so edges are antialiased. Nothing here is scaled per frame.
"""

from __future__ import annotations

import pygame

from canasta.engine.cards import CARD_CODE, card_rank_char, card_suit, is_red
from canasta.ui.effects import draw_glow, draw_selection
from canasta.ui.pips import Color, draw_star, draw_suit
from canasta.ui.text import get_font

__all__ = [
    "CARD_ASPECT",
    "CardRenderer",
    "card_size_for_width",
    "draw_glow",
    "draw_selection",
]

RED = (198, 22, 38)
BLACK = (22, 22, 30)
FACE_BG = (253, 252, 246)
BORDER = (96, 96, 104)
COURT_TINT = {"J": (222, 234, 250), "Q": (250, 226, 232), "K": (248, 236, 196)}
DEFAULT_BACK = (150, 28, 40)
#: Card aspect ratio, height / width (poker cards are 88 x 63 mm).
CARD_ASPECT = 1.4
#: Cards at least this wide (px) get the classic pip layout; narrower ones one big pip.
PIP_LAYOUT_MIN_WIDTH = 100

_CACHE: dict[tuple[str, int, int], pygame.Surface] = {}
_CACHE_LIMIT = 600

_PIP_LAYOUT: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(c, r) for c in (0, 1) for r in (0, 1 / 3, 2 / 3, 1)] + [(0.5, 0.5)],
    10: [(c, r) for c in (0, 1) for r in (0, 1 / 3, 2 / 3, 1)] + [(0.5, 1 / 6), (0.5, 5 / 6)],
}


def card_size_for_width(width: int) -> tuple[int, int]:
    """Return ``(w, h)`` pixels of a card ``width`` px wide at the standard aspect (1.4)."""
    width = max(8, int(width))
    return width, round(width * CARD_ASPECT)


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def _rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


class CardRenderer:
    """Draws and caches card images of one size.

    Args:
        width, height: card size in pixels (e.g. 44 x 62 up to 140 x 196).
        back_color: main RGB colour of the back pattern.

    ``face(card)``/``back()`` return cached ``width`` x ``height`` SRCALPHA surfaces
    (transparent outside the rounded corners). The cache is shared by all renderers and keyed
    by code (jokers by colour) and size, so two decks' copies of a card share one image.
    """

    def __init__(
        self, width: int, height: int, back_color: tuple[int, int, int] = DEFAULT_BACK
    ) -> None:
        self.width = max(8, int(width))
        self.height = max(8, int(height))
        self.back_color = tuple(back_color)
        self.radius = max(3, round(self.width * 0.08))
        self.scale = 4 if self.width < 80 else 3 if self.width < 140 else 2

    @property
    def size(self) -> tuple[int, int]:
        """Card size ``(w, h)`` in pixels."""
        return (self.width, self.height)

    def face_key(self, card: int) -> str:
        """Cache key of a card's face: its code, or ``JK-R`` / ``JK-B`` for jokers."""
        code = CARD_CODE[card]
        if code == "JK":
            return "JK-R" if is_red(card) else "JK-B"
        return code

    def face(self, card: int) -> pygame.Surface:
        """Return the face image of card identity ``card`` (0..107)."""
        key = self.face_key(card)
        return self._cached(key, lambda: self._draw_face(card))

    def back(self) -> pygame.Surface:
        """Return the card back image."""
        key = "back-{}-{}-{}".format(*self.back_color)
        return self._cached(key, self._draw_back)

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

    def _cached(self, key: str, draw: object) -> pygame.Surface:
        full = (key, self.width, self.height)
        surface = _CACHE.get(full)
        if surface is None:
            assert callable(draw)
            big = draw()
            surface = pygame.transform.smoothscale(big, (self.width, self.height))
            # Smooth-scaling leaves the inside at alpha ~253; blending the image over itself
            # makes it opaque again while the corners stay transparent.
            surface.blit(surface.copy(), (0, 0))
            if _display_ready():
                surface = surface.convert_alpha()
            if len(_CACHE) >= _CACHE_LIMIT:
                _CACHE.clear()
            _CACHE[full] = surface
        return surface

    # Drawing, in supersampled pixels. ------------------------------------------------------

    def _blank(self, fill: tuple[int, int, int]) -> tuple[pygame.Surface, int, int, int]:
        s = self.scale
        w, h = self.width * s, self.height * s
        big = pygame.Surface((w, h), pygame.SRCALPHA)
        big.fill((*BORDER, 0))  # transparent, but border-coloured: no dark fringe when scaled
        r = self.radius * s
        pygame.draw.rect(big, BORDER, big.get_rect(), border_radius=r)
        pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * s, -2 * s), border_radius=r - s)
        return big, w, h, s

    def _draw_corner(
        self, big: pygame.Surface, label: str | None, suit: str | None, color: Color
    ) -> None:
        s = self.scale
        w, h = big.get_size()
        small = self.width < 70
        text_h = h * (0.25 if small else 0.2 if self.width < PIP_LAYOUT_MIN_WIDTH else 0.16)
        pad_x = w * 0.05 + s
        pad_y = h * 0.03 + s
        col_w = w * (0.28 if small else 0.22 if self.width < PIP_LAYOUT_MIN_WIDTH else 0.19)
        block = pygame.Surface((round(col_w + pad_x), round(h * 0.46)), pygame.SRCALPHA)
        block.fill((*BORDER, 0))  # keeps the card's transparent corner border-coloured
        cx = pad_x + col_w / 2
        if label is not None:
            font = get_font(round(text_h * 1.32), bold=True)
            glyph = font.render(label, True, color)
            gw, gh = glyph.get_size()
            max_w = col_w * (1.15 if len(label) > 1 else 1.0)
            if gw > max_w:
                glyph = pygame.transform.smoothscale(glyph, (round(max_w), gh))
            rect = glyph.get_rect(midtop=(round(cx), round(pad_y - gh * 0.08)))
            block.blit(glyph, rect)
            pip_top = rect.top + gh * 0.8
        else:
            pip_top = pad_y
        pip = text_h * (0.62 if small else 0.58)
        if suit is not None:
            draw_suit(block, suit, (cx, pip_top + pip / 2 + s), pip, color)
        else:
            draw_star(block, (cx, pip_top + pip * 0.4), pip * 1.6, color)
        big.blit(block, (0, 0))
        big.blit(pygame.transform.rotate(block, 180), block.get_rect(bottomright=(w, h)))

    def _draw_face(self, card: int) -> pygame.Surface:
        suit = card_suit(card)
        color = RED if is_red(card) else BLACK
        if suit is None:
            return self._draw_joker(color)
        rank = card_rank_char(card)
        big, w, h, s = self._blank(FACE_BG)
        if rank in "JQK":
            self._draw_court(big, rank, suit, color)
        elif rank == "A" or self.width < PIP_LAYOUT_MIN_WIDTH:
            size = h * (0.36 if rank == "A" else 0.3)
            draw_suit(big, suit, (w / 2, h / 2), size, color)
        else:
            self._draw_pips(big, int(rank) if rank != "T" else 10, suit, color)
        self._draw_corner(big, _rank_label(rank), suit, color)
        return big

    def _draw_pips(self, big: pygame.Surface, count: int, suit: str, color: Color) -> None:
        w, h = big.get_size()
        pip = h * (0.115 if count < 9 else 0.098)
        stamp = pygame.Surface((round(pip * 1.2), round(pip * 1.2)), pygame.SRCALPHA)
        draw_suit(stamp, suit, (stamp.get_width() / 2, stamp.get_height() / 2), pip, color)
        flipped = pygame.transform.rotate(stamp, 180)
        left, right = w * 0.34, w * 0.66
        top, bottom = h * 0.2, h * 0.8
        for col, row in _PIP_LAYOUT[count]:
            x = left + (right - left) * col
            y = top + (bottom - top) * row
            image = flipped if row > 0.5 else stamp
            big.blit(image, image.get_rect(center=(round(x), round(y))))

    def _draw_court(self, big: pygame.Surface, rank: str, suit: str, color: Color) -> None:
        w, h = big.get_size()
        s = self.scale
        small = self.width < PIP_LAYOUT_MIN_WIDTH
        frame = pygame.Rect(0, 0, round(w * (0.44 if small else 0.52)), round(h * 0.64))
        frame.center = (w // 2, h // 2)
        r = max(s, round(self.radius * s * 0.6))
        pygame.draw.rect(big, COURT_TINT[rank], frame, border_radius=r)
        pygame.draw.rect(big, color, frame, width=max(s, round(1.5 * s)), border_radius=r)
        inner = frame.inflate(-round(w * 0.06), -round(w * 0.06))
        pygame.draw.rect(big, (200, 170, 90), inner, width=max(1, s // 2 + 1), border_radius=r)
        letter_h = frame.height * (0.7 if small else 0.56)
        glyph = get_font(round(letter_h), bold=True).render(rank, True, color)
        if glyph.get_width() > inner.width * 0.92:
            k = inner.width * 0.92 / glyph.get_width()
            glyph = pygame.transform.smoothscale(
                glyph, (round(glyph.get_width() * k), round(glyph.get_height() * k))
            )
        big.blit(glyph, glyph.get_rect(center=(frame.centerx, frame.centery + frame.height * 0.03)))
        if small:
            return
        pip = frame.height * 0.15
        draw_suit(big, suit, (frame.centerx, frame.top + pip * 0.95), pip, color)
        stamp = pygame.Surface((round(pip * 1.3), round(pip * 1.3)), pygame.SRCALPHA)
        draw_suit(stamp, suit, (stamp.get_width() / 2, stamp.get_height() / 2), pip, color)
        flipped = pygame.transform.rotate(stamp, 180)
        big.blit(
            flipped, flipped.get_rect(center=(frame.centerx, round(frame.bottom - pip * 0.95)))
        )

    def _draw_joker(self, color: Color) -> pygame.Surface:
        big, w, h, s = self._blank(FACE_BG)
        band = pygame.Rect(0, 0, round(w * 0.8), round(h * 0.62))
        band.center = (w // 2, h // 2)
        tint = (252, 230, 232) if color == RED else (228, 230, 240)
        pygame.draw.rect(big, tint, band, border_radius=round(w * 0.08))
        pygame.draw.rect(
            big, color, band, width=max(s, round(1.5 * s)), border_radius=round(w * 0.08)
        )
        draw_star(big, (w / 2, h * 0.42), h * 0.3, color)
        draw_star(big, (w / 2, h * 0.42), h * 0.14, (255, 214, 90))
        label = get_font(round(h * 0.2), bold=True).render("JOKER", True, color)
        max_w = band.width * 0.9
        if label.get_width() > max_w:
            k = max_w / label.get_width()
            label = pygame.transform.smoothscale(
                label, (round(max_w), round(label.get_height() * k))
            )
        big.blit(label, label.get_rect(center=(w // 2, round(h * 0.66))))
        self._draw_corner(big, None, None, color)
        return big

    def _draw_back(self) -> pygame.Surface:
        big, w, h, s = self._blank((250, 250, 250))
        base = self.back_color
        light = tuple(min(255, c + 60) for c in base)
        inner = big.get_rect().inflate(-round(w * 0.14), -round(w * 0.14))
        r = max(s, round(self.radius * s * 0.7))
        panel = pygame.Surface(inner.size, pygame.SRCALPHA)
        panel.fill(base)
        step = max(4 * s, round(w * 0.11))
        lw = max(1, round(s * 0.9))
        for k in range(-inner.height, inner.width + inner.height, step):
            pygame.draw.line(panel, light, (k, 0), (k + inner.height, inner.height), lw)
            pygame.draw.line(panel, light, (k, inner.height), (k + inner.height, 0), lw)
        cx, cy = inner.width / 2, inner.height / 2
        d = min(inner.width, inner.height) * 0.32
        pygame.draw.polygon(
            panel,
            (250, 250, 250),
            [(cx, cy - d), (cx + d * 0.75, cy), (cx, cy + d), (cx - d * 0.75, cy)],
        )
        pygame.draw.polygon(
            panel,
            base,
            [(cx, cy - d * 0.8), (cx + d * 0.6, cy), (cx, cy + d * 0.8), (cx - d * 0.6, cy)],
        )
        draw_star(panel, (cx, cy), d * 0.9, (250, 250, 250))
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
        panel.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(panel, inner)
        return big
