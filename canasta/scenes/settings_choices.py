"""A settings row's choices: placed and drawn.

An option with at most :data:`MAX_PILLS` choices shows them side by side as pills, each
as wide as its word needs; one with more (themes, deck designs, suit colours) shows one
choice at a time between two arrows that step through the list, with its place in the
list (``3 / 18``). The default choice carries a star. Sizes are pixels.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from canasta.ui.pips import draw_star
from canasta.ui.text import MIN_TEXT_PX, blit_text, fit_text_size, get_font
from canasta.ui.theme import Theme

#: Options with more choices than this are shown as one choice between arrows.
MAX_PILLS = 3
#: The gap (px) between two pills, and between an arrow and the choice it steps.
GAP = 8


class Choices(Protocol):
    """What placing and drawing read of a row: its choices as (value, word)."""

    @property
    def choices(self) -> tuple[tuple[object, str], ...]: ...  # noqa: D102


def place_choices(
    row: Choices, area: pygame.Rect, default: object
) -> tuple[dict[object, pygame.Rect], tuple[pygame.Rect, pygame.Rect] | None, pygame.Rect | None]:
    """Where ``row``'s choices go in ``area``: ``(pills, arrows, stepper)``, either pills
    (value -> rect) with no arrows and no stepper, or no pills, the two arrows (back,
    on) and the stepper's rect between them. ``default``: the value that carries a star
    (its pill gets the star's room)."""
    n = len(row.choices)
    if n > MAX_PILLS:
        side = area.height
        arrows = (pygame.Rect(area.x, area.y, side, side),
                  pygame.Rect(area.right - side, area.y, side, side))  # fmt: skip
        stepper = pygame.Rect(area.x + side + GAP, area.y, area.width - 2 * (side + GAP),
                              area.height)  # fmt: skip
        return {}, arrows, stepper
    # Each choice as wide as its word needs at the row's text size (a star's room
    # on the default), the rest shared out evenly, so no word shrinks alone.
    font = get_font(round(area.height * 0.55))
    needs = [font.size(word)[0] + 20 + (round(area.height * 0.62) if value == default else 0)
             for value, word in row.choices]  # fmt: skip
    free = area.width - GAP * (n - 1)
    spare = free - sum(needs)
    if spare >= 0:
        widths = [w + spare // n for w in needs]
    else:  # too narrow for them all: each keeps its share, the words shrink alike
        widths = [free * w // sum(needs) for w in needs]
    pills = {}
    x = area.x
    for (value, _word), width in zip(row.choices, widths, strict=True):
        pills[value] = pygame.Rect(x, area.y, width, area.height)
        x += width + GAP
    return pills, None, None


def draw_pills(
    surface: pygame.Surface,
    theme: Theme,
    row: Choices,
    pills: dict[object, pygame.Rect],
    current: object,
    default: object,
    disabled: bool,
) -> None:
    """The choices side by side: the ``current`` one filled with the accent, the
    ``default`` one starred; a ``disabled`` row greyed, the value in force still told
    apart. One text size for all: the largest at which every word fits."""
    t = theme
    text_size = round(pills[row.choices[0][0]].height * 0.55)
    for value, word in row.choices:
        rect = pills[value]
        room = round(rect.height * 0.62) if value == default else 0
        text_size = min(text_size, fit_text_size(word, rect.width - 20 - room, text_size))
    for value, word in row.choices:
        rect = pills[value]
        chosen = value == current
        if disabled:  # greyed, the value in force still told apart
            fill, ink = t.button_disabled, (70, 80, 74)
            if chosen:
                (r, g, b), (r2, g2, b2) = fill, t.accent
                fill = ((r + r2) // 2, (g + g2) // 2, (b + b2) // 2)
                ink = t.button_text
        elif chosen:
            fill, ink = t.accent, t.button_text
        else:
            fill, ink = t.button, t.button_text
        radius = rect.height // 2
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        if chosen:
            pygame.draw.rect(surface, t.button_text, rect, 2, border_radius=radius)
        room = round(rect.height * 0.62) if value == default else 0
        blit_text(surface, word, text_size, ink, center=(rect.centerx - room // 2,
                                                          rect.centery))  # fmt: skip
        if value == default:
            star = (rect.right - rect.height * 0.45, rect.centery)
            draw_star(surface, star, rect.height * 0.4, ink)


def draw_stepper(
    surface: pygame.Surface,
    theme: Theme,
    row: Choices,
    rect: pygame.Rect,
    arrows: tuple[pygame.Rect, pygame.Rect],
    current: object,
    default: object,
    disabled: bool,
) -> None:
    """One choice (``current``) in ``rect`` between two ``arrows`` (back, on), with its
    place in the list (``3 / 18``) where both fit, starred when it is the ``default``."""
    t = theme
    fill = t.button_disabled if disabled else t.accent
    ink = (70, 80, 74) if disabled else t.button_text
    radius = rect.height // 2
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, t.button_text, rect, 2, border_radius=radius)
    values = [v for v, _word in row.choices]
    index = values.index(current) if current in values else 0
    word = row.choices[index][1]
    room = round(rect.height * 0.62) if current == default else 0
    count = f"{index + 1} / {len(values)}"
    count_size = max(MIN_TEXT_PX + 1, round(rect.height * 0.48))
    count_w = get_font(count_size).size(count)[0] + 8
    tallest = round(rect.height * 0.55)
    if get_font(MIN_TEXT_PX).size(word)[0] > rect.width - 24 - room - count_w:
        count_w = 0  # no room for both: the choice's word goes first, its place unsaid
    text_size = fit_text_size(word, rect.width - 24 - room - count_w, tallest)
    blit_text(surface, word, text_size, ink, center=(rect.centerx - (room + count_w) // 2,
                                                      rect.centery))  # fmt: skip
    if count_w:
        blit_text(surface, count, count_size, ink,
                  midright=(rect.right - 12 - room, rect.centery))  # fmt: skip
    if current == default:
        draw_star(surface, (rect.right - rect.height * 0.45, rect.centery),
                  rect.height * 0.4, ink)  # fmt: skip
    for delta, arrow in zip((-1, 1), arrows, strict=True):
        pygame.draw.ellipse(surface, t.button_disabled if disabled else t.button, arrow)
        cx, cy, r = arrow.centerx, arrow.centery, arrow.height * 0.22
        tip = (cx + delta * r * 1.1, cy)
        back = (cx - delta * r * 0.8, cy - r), (cx - delta * r * 0.8, cy + r)
        pygame.draw.polygon(surface, t.button_text, [tip, *back])


__all__ = ["GAP", "MAX_PILLS", "Choices", "draw_pills", "draw_stepper", "place_choices"]
