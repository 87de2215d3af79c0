"""The lobby's list of open tables: one row per table, its words and its chairs.

A wide window gives each table one line (the words, then the chairs at its right); a
narrow one (a portrait window) gives it three: the host, the table's words, the chairs.
A one-hand table (a quick game) carries a "One hand" tag in the accent colour, at the
start of its line (wide) or at the right of its host's line (narrow), so it stands out
from the tables that play a whole game. A name too long for its place is cut with "…".
Sizes are pixels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from canasta.engine.rules import preset_rules
from canasta.i18n import _, number
from canasta.persistence.setting_rows import describe
from canasta.ui.effects import draw_panel
from canasta.ui.text import blit_text, elide, fit_text_size, get_font
from canasta.ui.theme import Theme

#: A chair box's width in a wide row, in units (the lobby's row height).
BOX_UNITS = 2


def level_word(level: str) -> str:
    """A computer level ("easy", "medium", "hard") as the settings name it, translated."""
    return dict(describe("computer_level").choices).get(level, level)


def length_word(table: Any) -> str:
    """How long a listed table plays: "one hand" (a quick game), or "game to 5,000" (the
    preset's target score), so a player knows how long a game lasts before sitting down."""
    if table.quick:
        return _("one hand")
    try:
        target = preset_rules(table.preset, table.players).target_score
    except (KeyError, ValueError):  # a preset or seats this version does not know
        target = 5000
    return _("game to {points}").format(points=number(target))


def open_chair(table: Any, chair: Any) -> bool:
    """A listed table's chair anyone may sit at: a free one, or (the server says so with
    ``open``) one a computer plays in a started game because its person left or was away
    past the grace period."""
    return bool(getattr(chair, "open", chair.name is None and table.status == "lobby"))


def people(table: Any) -> int:
    """How many chairs people hold (a chair a computer plays for its absent person is not
    counted once the game has started)."""
    return sum(
        1
        for c in table.chairs
        if c.name is not None and (table.status == "lobby" or not c.computer)
    )


def table_words(table: Any) -> tuple[str, str]:
    """A listed table's host ("Open table" when nobody hosts it) and its words (rules,
    seats, people, computer level, a whole game's length, clock, playing, who takes a
    chair over at the next deal; a one-hand table's length is its tag, :func:`quick_tag`)."""
    host = table.chairs[table.host].name or _("Open table")
    words = _("{preset} · {players} players · {people}/{players} people · computer: {level}"
              ).format(preset=_(table.preset), players=table.players, people=people(table),
                       level=level_word(table.level))  # fmt: skip
    if not table.quick:
        words += " · " + length_word(table)
    if table.clock is not None:
        words += " · " + _("clock")
    if table.status != "lobby":  # a chair a computer plays can be taken over
        words += " · " + _("playing")
    for chair in table.chairs:  # taken over mid-hand: that person's from the next deal
        waiting = getattr(chair, "waiting", None)
        if waiting is not None:
            words += " · " + _("{name} from the next deal").format(name=waiting)
    return host, words


def quick_tag(table: Any) -> str:
    """The tag a listed table carries: "One hand" for a quick game, else ""."""
    return _("One hand") if table.quick else ""


def tag_rect(text: str, size: int) -> pygame.Rect:
    """The tag's rect for ``text`` at ``size`` px (at the origin)."""
    w, h = get_font(size, True).size(text)
    pad = max(4, size // 2)
    return pygame.Rect(0, 0, w + 2 * pad, h + pad // 2 + 2)


def draw_tag(surface: pygame.Surface, text: str, size: int, theme: Theme,
             **anchor: tuple[int, int]) -> pygame.Rect:  # fmt: skip
    """Draw the tag ``text`` (bold, on the accent colour) at ``anchor`` (``midleft=`` or
    ``midright=``, window px); returns its rect."""
    rect = tag_rect(text, size)
    for name, point in anchor.items():
        setattr(rect, name, point)
    pygame.draw.rect(surface, theme.accent, rect, border_radius=rect.height // 2)
    blit_text(surface, text, size, theme.button_text, bold=True, center=rect.center)
    return rect


def draw_rows(
    surface: pygame.Surface,
    tables: Sequence[Any],
    area: pygame.Rect,
    unit: int,
    theme: Theme,
    own: Callable[[Any, int], bool],
) -> tuple[list[tuple[pygame.Rect, Any]], list[tuple[pygame.Rect, Any, int]]]:
    """Draw the rows of ``tables`` from the top of ``area`` (as many as fit); ``own`` says
    whether a chair is the person's kept seat. Returns the rows (rect, table) and the
    chairs one may click to sit at (rect, table, chair)."""
    rows: list[tuple[pygame.Rect, Any]] = []
    seats: list[tuple[pygame.Rect, Any, int]] = []
    size = unit // 2
    y = area.y
    for table in tables:
        box = unit * BOX_UNITS
        wide = area.width - 20 - (box + 6) * table.players >= area.width // 2
        host, words = table_words(table)
        line = unit * 3 // 5
        word_px, word_lines = (0, [words]) if wide else words_lines(words, area.width - 20, line)
        step = round(word_px * 1.25)
        extra = step * (len(word_lines) - 1)  # the words' second line, when they wrap
        height = unit if wide else unit * 2 + unit * 3 // 5 + extra
        rect = pygame.Rect(area.x, y, area.width, height)
        if rect.bottom > area.bottom:
            break
        draw_panel(surface, rect, (0, 0, 0, 90), 8)
        tag = quick_tag(table)
        tag_px = max(12, size * 4 // 5)
        tag_w = tag_rect(tag, tag_px).width + 8 if tag else 0
        if wide:
            room = area.width - 20 - (box + 6) * table.players - tag_w
            text = f"{host} · {words}"
            fitted = fit_text_size(text, room, size, report=False)
            if blit_width(text, fitted) > room:  # a long name gives way
                text = f"{elide(host, room // 3, fitted)} · {words}"
                fitted = fit_text_size(text, room, size)
            if tag:
                draw_tag(surface, tag, tag_px, theme, midleft=(rect.x + 10, rect.centery))
            blit_text(surface, text, fitted, theme.text,
                      midleft=(rect.x + 10 + tag_w, rect.centery))  # fmt: skip
            chairs_top, x = rect.y + 5, rect.right - (box + 6) * table.players
        else:
            room = area.width - 20
            if tag:
                draw_tag(surface, tag, tag_px, theme,
                         midright=(rect.right - 10, rect.y + line // 2 + 4))  # fmt: skip
            blit_text(surface, elide(host, room - tag_w, size, bold=True), size, theme.text,
                      bold=True, midleft=(rect.x + 10, rect.y + line // 2 + 4))  # fmt: skip
            for i, each in enumerate(word_lines):
                blit_text(surface, each, word_px, theme.text_dim,
                          midleft=(rect.x + 10, rect.y + line + line // 2 + i * step))  # fmt: skip
            box = min(box, (room - 6 * (table.players - 1)) // table.players)
            chairs_top, x = rect.y + line * 2 + 5 + extra, rect.x + 10
        rows.append((rect, table))
        # The chairs: a free one is a place to sit (its side by its place in the row).
        for chair, info in enumerate(table.chairs):
            seat = pygame.Rect(x, chairs_top, box, unit - 10)
            mine = own(table, chair)
            free = open_chair(table, info) or mine
            draw_panel(surface, seat, (255, 255, 255, 60) if free else (0, 0, 0, 80), 6)
            taker = getattr(info, "waiting", None)  # (the computer's until the next deal)
            label = (
                _("Sit {n}").format(n=chair + 1) if free else info.name or taker or _("Computer")
            )
            label = _("Your chair") if mine else label
            fitted = fit_text_size(label, box - 8, unit // 2 - 4, report=False)
            blit_text(surface, elide(label, box - 8, fitted), fitted,
                      theme.text if free else theme.text_dim, center=seat.center)  # fmt: skip
            if free:
                seats.append((seat, table, chair))
            x += box + 6
        y += height + 8
    return rows, seats


def words_lines(words: str, room: int, line: int) -> tuple[int, list[str]]:
    """A listed table's words in a narrow row (``room`` px wide, a line ``line`` px high):
    ``(size, lines)``, one line when it fits at a readable size, else two at that size
    (the second cut with "…" if need be) rather than one shrunk out of sight or cut before
    its end ("playing" is the last word)."""
    fitted = fit_text_size(words, room, line * 3 // 4, report=False)
    readable = min(line * 3 // 4, 16)
    if fitted >= readable:
        return fitted, [elide(words, room, fitted)]
    font = get_font(readable)
    lines = [""]
    for part in words.split(" · "):  # broken between its parts, never inside one
        trial = f"{lines[-1]} · {part}" if lines[-1] else part
        if lines[-1] and font.size(trial)[0] > room and len(lines) < 2:
            lines.append(part)
        else:
            lines[-1] = trial
    return readable, [elide(each, room, readable) for each in lines]


def blit_width(text: str, size: int) -> int:
    """The width (px) of ``text`` drawn at ``size`` px."""
    return int(get_font(size).size(text)[0])


__all__ = [
    "draw_rows",
    "draw_tag",
    "length_word",
    "level_word",
    "open_chair",
    "people",
    "quick_tag",
    "table_words",
]
