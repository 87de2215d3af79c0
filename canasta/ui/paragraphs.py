"""Wrapped paragraphs of text for screens with prose (how to play).

Sizes are font sizes in px; widths are px.
"""

from __future__ import annotations

import pygame

from canasta.ui.text import MIN_TEXT_PX, blit_text, fit_text_size, get_font, misfit


def wrap_text(
    text: str, size: int, max_w: int, bold: bool = False, *, report: bool = True
) -> list[str]:
    """Split ``text`` into lines no wider than ``max_w`` px at font ``size`` (a single word
    wider than that gets a line of its own, and is a misfit unless ``report`` is False:
    see :func:`canasta.ui.text.report_text`)."""
    font = get_font(size, bold)
    lines: list[str] = []
    for number, paragraph in enumerate(text.split("\n")):
        if number:
            lines.append("")  # a blank line between paragraphs
        line = ""
        for word in _words(paragraph):
            if report and font.size(word)[0] > max_w:
                misfit(f"the word {word!r} is wider than its {max_w} px line at {size} px")
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > max_w:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def _words(text: str) -> list[str]:
    """The words of ``text``, split at ordinary spaces only: a no-break space (French
    "Indice\u00a0:") holds its two sides on one line."""
    return [word for word in text.replace("\t", " ").replace("\n", " ").split(" ") if word]


#: Line step as a share of the font size.
LINE_GAP = 1.25


def text_height(size: int, lines: int, line_gap: float = LINE_GAP) -> int:
    """Height (px) of ``lines`` lines of font ``size`` px, ``line_gap`` sizes apart."""
    return size + round(size * line_gap) * max(0, lines - 1)


def fit_lines(
    text: str,
    max_w: int,
    max_h: int,
    largest: int,
    smallest: int,
    *,
    report: bool = True,
    bold: bool = False,
) -> tuple[int, list[str]]:
    """The largest font size (px) from ``largest`` down to ``smallest`` at which ``text``,
    wrapped to ``max_w`` px, fits ``max_h`` px, and its lines; at ``smallest`` the lines
    may not fit (check with :func:`text_height`; a misfit unless ``report`` is False)."""
    size = largest
    while True:
        lines = wrap_text(text, size, max_w, bold, report=False)
        fits = all(get_font(size, bold).size(line)[0] <= max_w for line in lines)
        if fits and text_height(size, len(lines)) <= max_h:
            return size, lines
        if size <= smallest:
            if report:
                misfit(f"{text!r} does not fit {max_w}x{max_h} px even at {size} px")
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
    for number, line in enumerate(lines := wrap_text(text, size, rect.width)):
        if y + size > rect.bottom:
            misfit(f"{len(lines) - number} lines of {text[:40]!r}... fall below their box")
            break
        if line:
            blit_text(surface, line, size, color, topleft=(rect.left, y))
        y += step
    return y


def balanced_lines(text: str, size: int, max_w: int, bold: bool = False) -> list[str]:
    """``text`` wrapped at font ``size`` px into as few lines as in ``max_w`` px, with the
    lines as even as they go (the narrowest width that needs no more lines): no word left
    alone on a last line ("…wirf 3♣ / ab.")."""
    lines = wrap_text(text, size, max_w, bold, report=False)
    if len(lines) < 2 or "\n" in text:
        return lines
    font = get_font(size, bold)
    low = max(font.size(word)[0] for word in _words(text))
    high = max_w
    while low < high:  # the narrowest width giving no more lines
        mid = (low + high) // 2
        if len(wrap_text(text, size, mid, bold, report=False)) <= len(lines):
            high = mid
        else:
            low = mid + 1
    return wrap_text(text, size, high, bold, report=False)


#: A single line is not shrunk below this (px) when wrapping it would read larger.
WRAP_BELOW_PX = 16


def fit_box(text: str, box: pygame.Rect, largest: int, bold: bool = False) -> tuple[int, list[str]]:
    """The font size (px) and lines to show ``text`` in ``box``: one line up to ``largest``
    px if it reads at :data:`WRAP_BELOW_PX` or more, else wrapped lines when they read
    larger than the one line, never below :data:`~canasta.ui.text.MIN_TEXT_PX`. A text
    that fits no way is a misfit (:func:`canasta.ui.text.report_text`)."""
    one = fit_text_size(text, box.width, min(largest, box.height), bold, report=False)
    one_fits = get_font(one, bold).size(text)[0] <= box.width
    if one_fits and one >= min(largest, WRAP_BELOW_PX):
        return one, [text]
    size, lines = fit_lines(
        text, box.width, box.height, min(largest, WRAP_BELOW_PX), MIN_TEXT_PX,
        report=False, bold=bold,
    )  # fmt: skip
    wrapped_fits = text_height(size, len(lines)) <= box.height and all(
        get_font(size, bold).size(line)[0] <= box.width for line in lines
    )
    if wrapped_fits and (size > one or not one_fits):
        return size, lines
    if not one_fits:
        misfit(f"{text!r} fits no way in {box.size} px")
    return one, [text]


def draw_box(
    surface: pygame.Surface,
    text: str,
    box: pygame.Rect,
    largest: int,
    color: tuple[int, ...],
    *,
    bold: bool = False,
    align: str = "center",
) -> pygame.Rect:
    """Draw ``text`` in ``box`` as :func:`fit_box` sizes it, each line centred (``align``
    "center") or from the box's left ("left"), the lines centred in the box's height.

    Returns the rectangle the lines cover (px).
    """
    size, lines = fit_box(text, box, largest, bold)
    step = round(size * LINE_GAP)
    top = box.centery - text_height(size, len(lines)) / 2
    covered = pygame.Rect(box.centerx, box.centery, 0, 0)
    for i, line in enumerate(lines):
        y = top + i * step + size / 2
        if align == "left":
            drawn = blit_text(surface, line, size, color, bold=bold, midleft=(box.x, y))
        else:
            drawn = blit_text(surface, line, size, color, bold=bold, center=(box.centerx, y))
        covered = covered.union(drawn) if i else drawn
    return covered
