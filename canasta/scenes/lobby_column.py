"""The lobby's column of buttons: where the window is too short for all of it, a window of
whole items shows, moved by the wheel or by the arrows beside it."""

from __future__ import annotations

from typing import Any

import pygame

#: An arrow's side beside the column, px.
ARROW = 18


class ScrollColumn:
    """Items (anything with a ``rect``) stacked down ``area`` from its top, each
    ``(item, height, gap)``: ``height`` px tall with ``gap`` px under it. The items from
    :attr:`first` that fit whole are :attr:`shown`; the others are moved off the screen."""

    def __init__(self) -> None:
        self.items: list[tuple[Any, int, int]] = []
        self.area = pygame.Rect(0, 0, 0, 0)
        self.first = 0
        self.shown: list[Any] = []

    def place(self, items: list[tuple[Any, int, int]], area: pygame.Rect) -> None:
        """Stack ``items`` in ``area`` (px), keeping the first shown where it can."""
        self.items, self.area = items, pygame.Rect(area)
        self.first = min(self.first, self.last_first())
        self._lay()

    def fits(self) -> bool:
        """Whether every item shows at once."""
        return self.last_first() == 0

    def last_first(self) -> int:
        """The highest :attr:`first` worth scrolling to: from it, every later item shows."""
        room = self.area.height
        for i in range(len(self.items) - 1, -1, -1):
            _item, height, gap = self.items[i]
            room -= height + (gap if i < len(self.items) - 1 else 0)
            if room < 0:
                return i + 1
        return 0

    def scroll(self, steps: int) -> bool:
        """Move ``steps`` items (positive: up, towards the first); whether anything moved."""
        first = max(0, min(self.last_first(), self.first - steps))
        moved, self.first = first != self.first, first
        self._lay()
        return moved

    def reveal(self, item: Any) -> None:
        """Scroll so that ``item`` shows."""
        index = next(i for i, (each, _h, _g) in enumerate(self.items) if each is item)
        while item not in self.shown and self.first != index:
            self.scroll(1 if index < self.first else -1)

    def arrows(self) -> list[tuple[pygame.Rect, int]]:
        """(rect, steps) for the up arrow where items hide above, the down one where items
        hide below: to the right of the column."""
        x = self.area.right + 6
        found = []
        if self.first > 0:
            found.append((pygame.Rect(x, self.area.y, ARROW, ARROW), 1))
        if self.items and self.items[-1][0] not in self.shown:
            found.append((pygame.Rect(x, self.area.bottom - ARROW, ARROW, ARROW), -1))
        return found

    def click(self, pos: tuple[int, int]) -> bool:
        """Scroll by an arrow clicked at ``pos``; whether one was."""
        for rect, steps in self.arrows():
            if rect.inflate(8, 8).collidepoint(pos):
                return self.scroll(steps) or True
        return False

    def draw_arrows(self, surface: pygame.Surface, colour: Any) -> None:
        """The arrows that say more items hide above or below."""
        for rect, steps in self.arrows():
            tip, base = (rect.top, rect.bottom) if steps > 0 else (rect.bottom, rect.top)
            points = [(rect.centerx, tip), (rect.left, base), (rect.right, base)]
            pygame.draw.polygon(surface, colour, points)

    def _lay(self) -> None:
        y, full = self.area.y, False
        self.shown = []
        for i, (item, height, gap) in enumerate(self.items):
            full = full or (i >= self.first and y + height > self.area.bottom)
            if i < self.first or full:
                item.rect = pygame.Rect(self.area.x, -10 * height - 1000, self.area.width, height)
                continue
            item.rect = pygame.Rect(self.area.x, y, self.area.width, height)
            self.shown.append(item)
            y += height + gap


class Labelled:
    """A field in a column with its label ``above`` px over its box: the column places the
    two together, the box at the foot of the rect it is given."""

    def __init__(self, item: Any, above: int) -> None:
        self.item, self.above = item, above

    @property
    def rect(self) -> pygame.Rect:
        """The label's room and the box, px."""
        box = self.item.rect
        return pygame.Rect(box.x, box.y - self.above, box.width, box.height + self.above)

    @rect.setter
    def rect(self, rect: pygame.Rect) -> None:
        self.item.rect = pygame.Rect(rect.x, rect.y + self.above, rect.width,
                                     rect.height - self.above)  # fmt: skip
