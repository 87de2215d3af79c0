"""The replay scene's controls: icon buttons, the turn timeline, and where they go.

Pure drawing and geometry (pixels); what the controls do is the replay scene's business.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from canasta.ui.layout import TableLayout
from canasta.ui.theme import Theme
from canasta.ui.widgets import Button

#: Icon names a :class:`IconButton` can draw.
ICONS = ("start", "back", "play", "pause", "forward", "end")


class IconButton(Button):
    """A button drawn with a transport icon (triangles and bars) instead of a word.

    ``icon`` is one of :data:`ICONS`; ``label`` is kept for tests and screen readers.
    """

    def __init__(
        self, icon: str, label: str, on_click: Callable[[], None], *, theme: Theme
    ) -> None:
        super().__init__((0, 0, 1, 1), "", on_click, theme=theme)
        self.icon = icon
        self.name = label

    def draw(self, surface: pygame.Surface) -> None:
        """The button, then its icon in the label colour."""
        super().draw(surface)
        draw_icon(surface, self.icon, self.rect, self.theme.button_text)


def draw_icon(
    surface: pygame.Surface, icon: str, rect: pygame.Rect, color: tuple[int, ...]
) -> None:
    """Draw ``icon`` centred in ``rect``: triangles for play and steps, bars for pause and
    for the ends (start: bar then triangle pointing left)."""
    cx, cy = rect.center
    r = max(4, min(rect.width, rect.height) * 0.24)

    def triangle(x: float, direction: int) -> None:
        tip = (x + direction * r, cy)
        pygame.draw.polygon(surface, color, [tip, (x - direction * r * 0.7, cy - r),
                                             (x - direction * r * 0.7, cy + r)])  # fmt: skip

    bar_w = max(2, round(r * 0.45))
    if icon == "play":
        triangle(cx + r * 0.15, 1)
    elif icon == "pause":
        for dx in (-r * 0.55, r * 0.55):
            pygame.draw.rect(surface, color, (round(cx + dx - bar_w / 2), round(cy - r), bar_w,
                                              round(2 * r)))  # fmt: skip
    elif icon in ("back", "forward"):
        direction = 1 if icon == "forward" else -1
        triangle(cx - direction * r * 0.45, direction)
        triangle(cx + direction * r * 0.75, direction)
    elif icon in ("start", "end"):
        direction = 1 if icon == "end" else -1
        triangle(cx - direction * r * 0.3, direction)
        x = cx + direction * (r * 0.95)
        pygame.draw.rect(surface, color, (round(x - bar_w / 2), round(cy - r), bar_w, round(2 * r)))


@dataclass
class ControlsLayout:
    """Where the replay's controls go for one table layout (px).

    Attributes:
        text: the line saying which move is shown.
        buttons: the row of transport buttons and the speed button, left to right.
        timeline: the strip with a mark at the start of every turn.
        view, back: the view toggle and Back (the table's Reset and Menu places).
    """

    text: pygame.Rect
    buttons: list[pygame.Rect]
    timeline: pygame.Rect
    view: pygame.Rect
    back: pygame.Rect


def controls_layout(layout: TableLayout, count: int, last_w: int = 0) -> ControlsLayout:
    """Place ``count`` buttons (the last one three times as wide, and at least ``last_w``
    px: the speed, whose words "Speed: normal" read on one line) in the message
    strip: the text on top, the buttons under it, the timeline at the bottom. A short
    strip (portrait) puts the text at the left and the buttons at the right."""
    strip = layout.message
    m = max(4, layout.margin // 2)
    tall = strip.height >= 84
    timeline_h = max(8, min(16, strip.height // 8))
    timeline = pygame.Rect(strip.x + m, strip.bottom - timeline_h - 2, strip.width - 2 * m,
                           timeline_h)  # fmt: skip
    if tall:
        text = pygame.Rect(strip.x, strip.y, strip.width, strip.height * 3 // 10)
        row = pygame.Rect(strip.x + m, text.bottom + m, strip.width - 2 * m,
                          timeline.y - text.bottom - 2 * m)  # fmt: skip
    else:
        text = pygame.Rect(strip.x, strip.y, strip.width * 2 // 5, strip.height - timeline_h)
        row = pygame.Rect(text.right + m, strip.y + 2, strip.right - text.right - 2 * m,
                          strip.height - timeline_h - 6)  # fmt: skip
    gap = max(3, m)
    unit = (row.width - gap * (count - 1)) / (count + 2)
    if last_w > unit * 3 and row.height >= 2 * 18 + gap:
        # Too narrow for the speed's words beside the icons: the speed goes under them.
        icons = (row.width - gap * (count - 2)) / (count + 1)
        height = max(18, min((row.height - gap) // 2, round(icons * 0.9), 44))
        y = row.y + (row.height - 2 * height - gap) // 2
        rects, x = [], float(row.x) + icons
        for _i in range(count - 1):
            rects.append(pygame.Rect(round(x), y, round(icons), height))
            x += icons + gap
        speed = pygame.Rect(0, y + height + gap, min(last_w, row.width), height)
        speed.centerx = row.centerx
        return ControlsLayout(text, [*rects, speed], timeline, layout.reset_button,
                              layout.menu_button)  # fmt: skip
    height = max(18, min(row.height, round(unit * 0.9), 44))
    y = row.y + (row.height - height) // 2
    rects, x = [], float(row.x)
    for i in range(count):
        width = unit * (3 if i == count - 1 else 1)
        rects.append(pygame.Rect(round(x), y, round(width), height))
        x += width + gap
    return ControlsLayout(text, rects, timeline, layout.reset_button, layout.menu_button)


def timeline_index(rect: pygame.Rect, starts: list[int], pos: tuple[int, int]) -> int | None:
    """The turn start nearest to a click at ``pos`` on the timeline (None: off it)."""
    if not starts or not rect.inflate(0, 12).collidepoint(pos):
        return None
    fraction = (pos[0] - rect.x) / max(1, rect.width)
    turn = min(len(starts) - 1, max(0, int(fraction * len(starts))))
    return starts[turn]


def draw_timeline(
    surface: pygame.Surface,
    rect: pygame.Rect,
    starts: list[int],
    current: int,
    total: int,
    theme: Theme,
) -> None:
    """The timeline: one segment per turn (the current turn lit), and the play head at
    move ``current`` of ``total``."""
    pygame.draw.rect(surface, (0, 0, 0), rect, border_radius=rect.height // 2)
    if not starts:
        return
    width = rect.width / len(starts)
    turn = max(i for i, s in enumerate(starts) if s <= current) if current >= starts[0] else 0
    for i in range(len(starts)):
        seg = pygame.Rect(round(rect.x + i * width) + 1, rect.y + 2, max(1, round(width) - 2),
                          rect.height - 4)  # fmt: skip
        color = theme.accent if i == turn else (theme.text_dim if i < turn else theme.button)
        pygame.draw.rect(surface, color, seg, border_radius=2)
    end = starts[turn + 1] if turn + 1 < len(starts) else total
    span = max(1, end - starts[turn])
    x = rect.x + (turn + min(1.0, (current - starts[turn]) / span)) * width
    pygame.draw.line(surface, theme.text, (round(x), rect.y - 3), (round(x), rect.bottom + 2), 3)
