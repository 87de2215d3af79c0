"""Wrapped paragraphs of text for screens with prose (how to play).

Sizes are font sizes in px; widths are px.
"""

from __future__ import annotations

import pygame

from canasta.ui.text import blit_text, get_font


def wrap_text(text: str, size: int, max_w: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``max_w`` px at font ``size`` (a single word
    wider than that gets a line of its own)."""
    font = get_font(size, bold)
    lines: list[str] = []
    for number, paragraph in enumerate(text.split("\n")):
        if number:
            lines.append("")  # a blank line between paragraphs
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > max_w:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


#: Line step as a share of the font size.
LINE_GAP = 1.25


def text_height(size: int, lines: int, line_gap: float = LINE_GAP) -> int:
    """Height (px) of ``lines`` lines of font ``size`` px, ``line_gap`` sizes apart."""
    return size + round(size * line_gap) * max(0, lines - 1)


def fit_lines(
    text: str, max_w: int, max_h: int, largest: int, smallest: int
) -> tuple[int, list[str]]:
    """The largest font size (px) from ``largest`` down to ``smallest`` at which ``text``,
    wrapped to ``max_w`` px, fits ``max_h`` px, and its lines; at ``smallest`` the lines
    may not fit (check with :func:`text_height`)."""
    size = largest
    while True:
        lines = wrap_text(text, size, max_w)
        fits = all(get_font(size).size(line)[0] <= max_w for line in lines)
        if (fits and text_height(size, len(lines)) <= max_h) or size <= smallest:
            return size, lines
        size -= 1


def draw_paragraph(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: tuple[int, ...],
    rect: pygame.Rect,
    line_gap: float = LINE_GAP,
) -> int:
    """Draw ``text`` wrapped into ``rect`` from its top left; return the y below the last
    line (px). Lines that fall below ``rect`` are not drawn."""
    y = rect.top
    step = round(size * line_gap)
    for line in wrap_text(text, size, rect.width):
        if y + size > rect.bottom:
            break
        if line:
            blit_text(surface, line, size, color, topleft=(rect.left, y))
        y += step
    return y
