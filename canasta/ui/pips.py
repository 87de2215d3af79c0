"""Suit symbols and stars drawn as polygons and circles (no font glyphs).

All functions draw into a pygame surface; ``center`` is in pixels, ``size`` is the symbol's
height in pixels. Draw at a larger scale and smooth-scale down for antialiased edges (the
card renderer does this).
"""

from __future__ import annotations

import math

import pygame

Point = tuple[float, float]
Color = tuple[int, ...]


def _heart_outline(steps: int = 48) -> list[Point]:
    """Unit heart (point down), fitted to a box of width 1.0 and height 1.0 about (0, 0)."""
    raw: list[Point] = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    cy = (max(ys) + min(ys)) / 2
    return [(x / w, (y - cy) / h) for x, y in raw]


_HEART = _heart_outline()


def _place(points: list[Point], center: Point, sx: float, sy: float) -> list[Point]:
    cx, cy = center
    return [(cx + x * sx, cy + y * sy) for x, y in points]


def draw_heart(surface: pygame.Surface, center: Point, size: float, color: Color) -> None:
    """Heart of height ``size`` px (width about 1.05 x size) centred at ``center``."""
    pygame.draw.polygon(surface, color, _place(_HEART, center, size * 1.05, size))


def draw_diamond(surface: pygame.Surface, center: Point, size: float, color: Color) -> None:
    """Diamond (lozenge) of height ``size`` px, width 0.78 x size, centred at ``center``."""
    cx, cy = center
    h, w = size / 2, size * 0.39
    # Slightly concave sides read as a card diamond rather than a plain rhombus.
    pts: list[Point] = []
    corners = [(0.0, -h), (w, 0.0), (0.0, h), (-w, 0.0)]
    for i in range(4):
        ax, ay = corners[i]
        bx, by = corners[(i + 1) % 4]
        for j in range(8):
            t = j / 8
            bend = math.sin(math.pi * t) * 0.06
            mx, my = ax + (bx - ax) * t, ay + (by - ay) * t
            pts.append((cx + mx * (1 - bend), cy + my * (1 - bend)))
    pygame.draw.polygon(surface, color, pts)


def draw_spade(surface: pygame.Surface, center: Point, size: float, color: Color) -> None:
    """Spade of height ``size`` px centred at ``center`` (an upside-down heart and a stem)."""
    cx, cy = center
    body_h = size * 0.78
    body_center = (cx, cy - size / 2 + body_h / 2)
    flipped = [(x, -y) for x, y in _HEART]
    pygame.draw.polygon(surface, color, _place(flipped, body_center, body_h * 1.08, body_h))
    _draw_stem(surface, (cx, cy), size, color)


def draw_club(surface: pygame.Surface, center: Point, size: float, color: Color) -> None:
    """Club of height ``size`` px centred at ``center`` (three circles and a stem)."""
    cx, cy = center
    r = size * 0.235
    top = cy - size / 2 + r
    side_y = top + r * 1.45
    circles = [(cx, top), (cx - r * 1.12, side_y), (cx + r * 1.12, side_y)]
    for x, y in circles:
        pygame.draw.circle(surface, color, (round(x), round(y)), round(r))
    pygame.draw.circle(surface, color, (round(cx), round(side_y - r * 0.2)), round(r * 0.7))
    _draw_stem(surface, (cx, cy), size, color)


def _draw_stem(surface: pygame.Surface, center: Point, size: float, color: Color) -> None:
    cx, cy = center
    bottom = cy + size / 2
    top = cy + size * 0.05
    pts: list[Point] = [(cx - size * 0.04, top), (cx + size * 0.04, top)]
    # Flared foot: two concave curves down to the base.
    for i in range(7):
        t = i / 6
        pts.append((cx + size * (0.04 + 0.16 * t**2), top + (bottom - top) * t))
    for i in range(6, -1, -1):
        t = i / 6
        pts.append((cx - size * (0.04 + 0.16 * t**2), top + (bottom - top) * t))
    pygame.draw.polygon(surface, color, pts[2:])


def draw_suit(surface: pygame.Surface, suit: str, center: Point, size: float, color: Color) -> None:
    """Draw suit ``suit`` (``C``, ``D``, ``H`` or ``S``) of height ``size`` px at ``center``.

    Raises:
        ValueError: for any other suit letter.
    """
    drawers = {"C": draw_club, "D": draw_diamond, "H": draw_heart, "S": draw_spade}
    if suit not in drawers:
        raise ValueError(f"not a suit letter: {suit!r}")
    drawers[suit](surface, center, size, color)


def star_points(center: Point, size: float, points: int = 5, inner: float = 0.45) -> list[Point]:
    """Vertices of a star of height about ``size`` px with ``points`` tips (tip up)."""
    cx, cy = center
    outer_r = size / 2
    inner_r = outer_r * inner
    out: list[Point] = []
    for i in range(points * 2):
        r = outer_r if i % 2 == 0 else inner_r
        a = -math.pi / 2 + math.pi * i / points
        out.append((cx + r * math.cos(a), cy + r * math.sin(a) + size * 0.05))
    return out


def draw_star(
    surface: pygame.Surface, center: Point, size: float, color: Color, points: int = 5
) -> None:
    """Filled star of height about ``size`` px centred at ``center``."""
    pygame.draw.polygon(surface, color, star_points(center, size, points))
