"""Colour arithmetic: mixing, parsing and WCAG 2 contrast ratios (pure functions).

Colours are ``(r, g, b)`` tuples of ints 0..255 or ``"#rrggbb"`` strings.
"""

from __future__ import annotations

RGB = tuple[int, int, int]


def parse_hex(color: str) -> RGB:
    """``"#rrggbb"`` -> ``(r, g, b)``.

    Raises:
        ValueError: if ``color`` is not ``#`` followed by six hex digits.
    """
    if len(color) != 7 or color[0] != "#":
        raise ValueError(f"not a #rrggbb colour: {color!r}")
    return (int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16))


def to_hex(rgb: tuple[int, ...]) -> str:
    """``(r, g, b)`` -> ``"#rrggbb"``."""
    return "#{:02x}{:02x}{:02x}".format(*rgb[:3])


def mix(a: tuple[int, ...], b: tuple[int, ...], k: float) -> RGB:
    """The colour ``k`` (0..1) of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * k),
        round(a[1] + (b[1] - a[1]) * k),
        round(a[2] + (b[2] - a[2]) * k),
    )


def relative_luminance(rgb: tuple[int, ...]) -> float:
    """WCAG 2 relative luminance of an sRGB colour, 0.0 (black) .. 1.0 (white)."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2 contrast ratio of two colours, 1.0 .. 21.0 (4.5 is the AA level for text)."""
    la, lb = relative_luminance(a), relative_luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)
