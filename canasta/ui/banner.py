"""A banner for lines the player must read (a file that could not be saved or read).

It sits over every scene at the top of the window, wraps its lines to the window's width,
and stays for a reading time (about 8 seconds, longer for long lines) or until it is
clicked. Its clock is advanced by :meth:`Banner.update` (seconds), never by real time.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from canasta.i18n import Words
from canasta.ui.effects import draw_panel
from canasta.ui.paragraphs import wrap_text
from canasta.ui.text import blit_text
from canasta.ui.theme import Theme, default_theme

#: Seconds a banner stays at the least, and per word on top of that.
MIN_SECONDS = 8.0
SECONDS_PER_WORD = 0.3
#: The most lines kept on the banner (older ones drop off).
MAX_LINES = 4


class Banner:
    """Lines for the player at the top of the window.

    Attributes:
        lines: the lines showing (oldest first); empty when hidden.
        left: seconds until the banner hides itself.
        rect: where it was last drawn (window px; empty when hidden).
    """

    def __init__(self, theme: Theme | None = None) -> None:
        self.theme = theme  # None: the default theme, read when first drawn
        self.lines: list[Words] = []
        self.left = 0.0
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def visible(self) -> bool:
        """True while lines show."""
        return bool(self.lines)

    def show(self, lines: Sequence[Words]) -> None:
        """Add ``lines`` (each shown once, read in the language in use when drawn) and give
        the reader time for all of them."""
        if not lines:
            return
        self.lines = (self.lines + list(lines))[-MAX_LINES:]
        words = sum(len(str(line).split()) for line in self.lines)
        self.left = max(self.left, MIN_SECONDS + SECONDS_PER_WORD * words)

    def hide(self) -> None:
        """Remove the banner at once."""
        self.lines, self.left = [], 0.0
        self.rect = pygame.Rect(0, 0, 0, 0)

    def wake_in(self) -> float | None:
        """Seconds until the banner hides itself (the loop wakes to redraw), or None."""
        return max(0.0, self.left) if self.lines else None

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds; hide when the reading time is over."""
        if self.lines:
            self.left -= dt
            if self.left <= 0:
                self.hide()

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` (window px) is on the banner."""
        return self.visible and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, top: int | None = None) -> None:
        """Draw the lines, wrapped, on a panel centred at the top of ``surface``, or from
        window y ``top`` (px) down where the scene asks (kept inside the window)."""
        if not self.lines:
            return
        w, h = surface.get_size()
        size = max(14, min(20, h // 40))
        width = min(w - 24, 900)
        wrapped = [part for line in self.lines for part in wrap_text(str(line), size, width - 32)]
        step = round(size * 1.3)
        self.rect = pygame.Rect(0, 0, width, len(wrapped) * step + 20)
        self.rect.midtop = (w // 2, 10)
        if top is not None:
            self.rect.top = max(10, min(top, h - self.rect.height - 10))
        draw_panel(surface, self.rect, (40, 12, 12, 225), 10)
        y = self.rect.top + 10 + step // 2
        for part in wrapped:
            colour = (self.theme or default_theme()).text
            blit_text(surface, part, size, colour, center=(self.rect.centerx, y))
            y += step
