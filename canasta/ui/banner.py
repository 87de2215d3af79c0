"""A banner for lines the player must read (a file that could not be saved or read).

It sits over every scene at the top of the window, wraps its lines to the window's width,
and stays for a reading time (about 8 seconds, longer for long lines) or until it is
clicked. Where the scene keeps it inside a place of its own (the table's message strip,
so it hides no card), the lines show there a page at a time, each page for its own
reading time. Its clock is advanced by :meth:`Banner.update` (seconds), never by real time.
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
#: Seconds a page stays at the least (in a scene's place), and the font sizes (px) tried
#: there, largest first, before the lines are shown a page at a time.
PAGE_SECONDS = 4.0
ROOM_SIZES = (16, 15, 14, 13, 12)


class Banner:
    """Lines for the player at the top of the window.

    Attributes:
        lines: the lines showing (oldest first); empty when hidden.
        left: seconds until the banner hides itself.
        rect: where it was last drawn (window px; empty when hidden).
        shown: seconds the lines have been showing (which page shows in a scene's place).
    """

    def __init__(self, theme: Theme | None = None) -> None:
        self.theme = theme  # None: the default theme, read when first drawn
        self.lines: list[Words] = []
        self.left = 0.0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.shown = 0.0

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
        self.lines, self.left, self.shown = [], 0.0, 0.0
        self.rect = pygame.Rect(0, 0, 0, 0)

    def wake_in(self) -> float | None:
        """Seconds until the banner hides itself (the loop wakes to redraw), or None."""
        return max(0.0, self.left) if self.lines else None

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds; hide when the reading time is over."""
        if self.lines:
            self.left -= dt
            self.shown += dt
            if self.left <= 0:
                self.hide()

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` (window px) is on the banner."""
        return self.visible and self.rect.collidepoint(pos)

    def draw(
        self, surface: pygame.Surface, top: int | None = None, room: pygame.Rect | None = None
    ) -> None:
        """Draw the lines, wrapped, on a panel centred at the top of ``surface``, or from
        window y ``top`` (px) down where the scene asks (kept inside the window), or inside
        ``room`` (window px) where the scene keeps it (:meth:`_draw_in`)."""
        if not self.lines:
            return
        if room is not None and room.width >= 120 and room.height >= 24:
            self._draw_in(surface, room)
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

    def _draw_in(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """The lines inside ``room``: at the largest of :data:`ROOM_SIZES` where they all
        fit, else at the smallest a page (as many wrapped lines as fit) at a time, each
        page for :data:`PAGE_SECONDS` plus :data:`SECONDS_PER_WORD` a word; the reading
        time grows to cover every page."""
        texts = [str(line) for line in self.lines]
        for size in ROOM_SIZES:
            wrapped = [part for text in texts for part in wrap_text(text, size, room.width - 20)]
            step = round(size * 1.25)
            per_page = max(1, (room.height - 12) // step)
            if len(wrapped) <= per_page:
                break
        pages = [wrapped[i : i + per_page] for i in range(0, len(wrapped), per_page)]
        times = [PAGE_SECONDS + SECONDS_PER_WORD * len(" ".join(p).split()) for p in pages]
        if len(pages) > 1:
            self.left = max(self.left, sum(times) - self.shown)
        index, elapsed = 0, self.shown
        while index < len(pages) - 1 and elapsed >= times[index]:
            elapsed -= times[index]
            index += 1
        page = pages[index]
        self.rect = pygame.Rect(room)
        draw_panel(surface, self.rect, (40, 12, 12, 255), 10)
        y = room.top + (room.height - len(page) * step) // 2 + step // 2
        colour = (self.theme or default_theme()).text
        for part in page:
            blit_text(surface, part, size, colour, center=(room.centerx, y))
            y += step
