"""Where cards go inside an area: hands, melds, stacks and piles (pure functions).

Positions are card top-left corners in window pixels; card sizes are ``(w, h)`` pixels.
Re-exported by :mod:`canasta.ui.layout`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import pygame

Pos = tuple[int, int]


def _runs(keys: Sequence[Hashable]) -> list[int]:
    """Lengths of runs of equal consecutive keys."""
    runs: list[int] = []
    previous: object = object()
    for key in keys:
        if runs and key == previous:
            runs[-1] += 1
        else:
            runs.append(1)
        previous = key
    return runs


def place_hand(
    n: int,
    area: pygame.Rect,
    card: tuple[int, int],
    groups: Sequence[Hashable] | None = None,
    *,
    max_step: float = 0.62,
    min_step: float = 0.3,
    group_gap: float = 0.22,
) -> list[Pos]:
    """Top-left positions of ``n`` overlapping cards of size ``card`` in ``area``.

    Cards go left to right, centred, bottom-aligned (the space above is room to lift
    selected cards). ``groups`` (one key per card, e.g. its kind, in display order) adds a
    gap of ``group_gap`` card widths between runs of equal keys. Steps between cards run from
    ``max_step`` down to ``min_step`` card widths; below that the hand wraps into rows
    that overlap vertically (later rows lower and drawn on top).
    """
    if n <= 0:
        return []
    cw, ch = card
    runs = _runs(groups) if groups is not None and len(groups) == n else [n]
    gaps = len(runs) - 1
    avail = area.width - cw
    step, gap = cw * max_step, cw * group_gap
    if n > 1 and (n - 1) * step + gaps * gap > avail:
        gap = min(gap, cw * 0.1)
        step = (avail - gaps * gap) / (n - 1)
    if n == 1 or step >= cw * min_step:
        total = cw + (n - 1) * step + gaps * gap
        x = area.x + (area.width - total) / 2
        y = area.bottom - ch
        out: list[Pos] = []
        for run in runs:
            for _ in range(run):
                out.append((round(x), y))
                x += step
            x += gap
        return out
    per_row = max(1, int(avail / (cw * min_step)) + 1)
    rows = math.ceil(n / per_row)
    per_row = math.ceil(n / rows)
    row_step = min(ch * 0.3, (area.height - ch) / (rows - 1)) if rows > 1 else 0.0
    out = []
    for r in range(rows):
        count = min(per_row, n - r * per_row)
        row_area = pygame.Rect(area.x, 0, area.width, ch)
        row_area.bottom = round(area.bottom - (rows - 1 - r) * row_step)
        out.extend(place_hand(count, row_area, card, max_step=max_step, min_step=0.0))
    return out


def place_melds(
    counts: Sequence[int],
    area: pygame.Rect,
    card: tuple[int, int],
    *,
    max_offset: float = 0.28,
    corner: tuple[float, float] = (0.0, 0.0),
) -> list[list[Pos]]:
    """Positions for melds: one column per meld, cards stacked downward.

    ``counts[i]`` is the number of cards shown in meld ``i`` (a closed canasta may be shown
    as a short squared pile: pass a small count). Melds fill ``area`` from the left and
    wrap into further rows; the vertical offset between cards is at most ``max_offset``
    card heights and shrinks so each column stays inside its row.

    ``corner`` is the card's corner index as fractions of the card ``(height, width)``
    (see :data:`canasta.ui.decks.CORNER_INDEX`): the offset never shrinks below its
    height, so every card's rank and suit stay readable; a meld too long for its row at
    that offset is laid two (or more) abreast, card ``k`` in column ``k % columns`` of
    line ``k // columns``, each column just right of the last by the index's width, so
    the corners read in play order left to right, top to bottom; when even that does not
    fit, more rows are used. The default ``(0, 0)``
    lets columns squeeze without limit.

    Returns, per meld, the top-left of each of its cards (first card on top of the
    column, drawn first).
    """
    if not counts:
        return []
    cw, ch = card
    gap = max(4, round(cw * 0.08))
    index_h = math.ceil(corner[0] * ch) + 1 if corner[0] > 0 else 0.0  # +1: rounding
    dx = max(1, math.ceil(corner[1] * cw))
    for rows in range(1, len(counts) + 1):
        placed = _meld_rows(counts, area, card, rows, gap, index_h, dx, max_offset)
        if placed is not None:
            return placed
    placed = _meld_rows(counts, area, card, len(counts), gap, index_h, dx, max_offset, True)
    assert placed is not None
    return placed


def _meld_rows(
    counts: Sequence[int],
    area: pygame.Rect,
    card: tuple[int, int],
    rows: int,
    gap: int,
    index_h: float,
    dx: int,
    max_offset: float,
    force: bool = False,
) -> list[list[Pos]] | None:
    """Melds laid in ``rows`` rows, or None when they do not fit (``force``: lay anyway)."""
    cw, ch = card
    slot_h = area.height / rows
    row_step = slot_h if slot_h >= ch or rows == 1 else (area.height - ch) / (rows - 1)

    def shape(count: int, row: int) -> tuple[float, int, int]:
        """(room for the offsets, lines of cards, width) of a meld in ``row``."""
        if rows == 1:
            room = max(0.0, area.height - ch)
        elif slot_h >= ch:
            room = slot_h - ch
        else:  # rows overlap: the next row covers the lower part of this one
            room = max(0.0, min(row_step * 0.3, row_step - index_h)) if row < rows - 1 else 0.0
        fit = count if index_h <= 0 else 1 + int(room / index_h + 1e-9)
        columns = max(1, math.ceil(count / max(1, fit)))
        per = math.ceil(count / columns) if count > 0 else 0
        return room, per, cw + (columns - 1) * dx

    out: list[list[Pos]] = []
    row, x = 0, 0
    for count in counts:
        room, per, width = shape(count, row)
        if x > 0 and x + width > area.width:
            row, x = row + 1, 0
            if row >= rows and not force:
                return None
            room, per, width = shape(count, min(row, rows - 1))
        if width > area.width and not force:
            return None
        offset = min(max(ch * max_offset, index_h), room / (per - 1)) if per > 1 else 0.0
        top = area.y + min(row, rows - 1) * row_step
        left = area.x + x
        columns = max(1, math.ceil(count / per)) if per else 1
        out.append([(left + (k % columns) * dx, round(top + (k // columns) * offset))
                    for k in range(max(0, count))])  # fmt: skip
        x += width + gap
    return out


def place_stack(
    n: int,
    area: pygame.Rect,
    card: tuple[int, int],
    *,
    max_offset: float = 0.22,
    align: str = "top",
) -> list[Pos]:
    """Positions of ``n`` cards stacked downward, horizontally centred in ``area``.

    Used for the red-three column (``align="top"``) and side opponents' face-down hands
    (``align="center"``). The offset is at most ``max_offset`` card heights and shrinks to
    keep the stack inside ``area``.
    """
    if n <= 0:
        return []
    cw, ch = card
    offset = min(ch * max_offset, (area.height - ch) / (n - 1)) if n > 1 else 0.0
    offset = max(0.0, offset)
    total = ch + (n - 1) * offset
    x = area.x + (area.width - cw) // 2
    top = area.y if align == "top" else area.y + (area.height - total) / 2
    return [(x, round(top + k * offset)) for k in range(n)]


def place_pile(n: int, rect: pygame.Rect, *, step: int = 2, max_layers: int = 4) -> list[Pos]:
    """Positions of the visible layers of a pile of ``n`` cards drawn at ``rect``.

    Shows up to ``max_layers`` cards (one layer per ~12 cards), each ``step`` px up-left of
    the one below, so a pile looks thicker as it grows. The last position is the top card.
    """
    if n <= 0:
        return []
    layers = max(1, min(max_layers, 1 + (n - 1) // 12))
    return [(rect.x - k * step, rect.y - k * step) for k in range(layers)]
