"""Small SVG writing helpers and the vector shapes every card style shares.

Everything is drawn as paths and basic shapes that nanosvg (pygame-ce's SVG renderer)
supports: no <text>, <pattern>, <use> or clipPath. Suit symbols live in a 100 x 100 box
centred at (50, 50); rank glyphs are centre-line strokes in a box 60 wide, 100 tall.
"""

from __future__ import annotations

import math

Color = str  # "#rrggbb"

#: Suit symbol paths (fill), in a 100 x 100 box, point/stem down.
SUIT_PATHS: dict[str, str] = {
    "H": (
        "M50 94 C 22 70 2 54 2 30 C 2 12 15 2 29 2 C 40 2 47 9 50 19 "
        "C 53 9 60 2 71 2 C 85 2 98 12 98 30 C 98 54 78 70 50 94 Z"
    ),
    "D": "M50 0 Q 66 28 86 50 Q 66 72 50 100 Q 34 72 14 50 Q 34 28 50 0 Z",
    "S": (
        "M50 0 C 58 16 98 36 98 60 C 98 76 87 84 75 84 C 66 84 59 80 55 73 "
        "C 56 85 61 94 70 100 L 30 100 C 39 94 44 85 45 73 C 41 80 34 84 25 84 "
        "C 13 84 2 76 2 60 C 2 36 42 16 50 0 Z"
    ),
    "C": (
        "M50 2 C 62 2 72 12 72 24 C 72 32 68 38 63 42 C 67 40 71 39 75 39 "
        "C 88 39 98 49 98 62 C 98 75 88 85 75 85 C 66 85 59 80 55 73 "
        "C 56 85 61 94 70 100 L 30 100 C 39 94 44 85 45 73 C 41 80 34 85 25 85 "
        "C 12 85 2 75 2 62 C 2 49 12 39 25 39 C 29 39 33 40 37 42 "
        "C 32 38 28 32 28 24 C 28 12 38 2 50 2 Z"
    ),
}

#: Rank glyphs as centre-line strokes in a 60 x 100 box (the 10 is 78 wide).
GLYPHS: dict[str, str] = {
    "A": "M4 100 L30 2 L56 100 M13 68 L47 68",
    "2": "M6 26 C6 8 18 2 30 2 C44 2 54 12 54 26 C54 46 30 62 6 98 L56 98",
    "3": (
        "M6 14 C12 6 20 2 30 2 C44 2 52 12 52 25 C52 38 42 46 26 46 "
        "C44 46 56 56 56 72 C56 89 44 98 28 98 C18 98 9 94 4 86"
    ),
    "4": "M42 100 L42 2 L3 70 L58 70",
    "5": (
        "M52 4 L14 4 L9 48 C15 42 22 39 30 39 C46 39 56 51 56 68 "
        "C56 87 44 98 28 98 C18 98 9 94 4 86"
    ),
    "6": (
        "M50 10 C45 4 38 2 31 2 C13 2 5 24 5 54 C5 84 15 98 31 98 "
        "C47 98 56 86 56 70 C56 53 46 43 31 43 C19 43 9 50 5 60"
    ),
    "7": "M4 4 L56 4 C40 30 28 62 22 100",
    "8": (
        "M30 46 C17 46 9 38 9 24 C9 11 18 2 30 2 C42 2 51 11 51 24 C51 38 43 46 30 46 "
        "C15 46 5 56 5 72 C5 88 16 98 30 98 C44 98 55 88 55 72 C55 56 45 46 30 46 Z"
    ),
    "9": (
        "M10 90 C15 96 22 98 29 98 C47 98 55 76 55 46 C55 16 45 2 29 2 "
        "C13 2 4 14 4 30 C4 47 14 57 29 57 C41 57 51 50 55 40"
    ),
    "10": (
        "M4 18 L20 3 L20 100 "
        "M58 2 C44 2 38 22 38 50 C38 78 44 98 58 98 C72 98 78 78 78 50 C78 22 72 2 58 2 Z"
    ),
    "J": "M44 2 L44 70 C44 89 36 98 23 98 C12 98 5 91 3 82",
    "Q": (
        "M30 2 C12 2 4 24 4 50 C4 76 12 98 30 98 C48 98 56 76 56 50 "
        "C56 24 48 2 30 2 Z M33 70 L58 104"
    ),
    "K": "M8 2 L8 100 M54 2 L8 62 M25 44 L56 100",
    "O": ("M30 2 C12 2 4 24 4 50 C4 76 12 98 30 98 C48 98 56 76 56 50 C56 24 48 2 30 2 Z"),
    "E": "M52 3 L8 3 L8 97 L52 97 M8 50 L44 50",
    "R": "M8 100 L8 3 L32 3 C47 3 55 13 55 27 C55 42 46 52 31 52 L8 52 M30 52 L56 100",
}

#: Extra strokes (short serifs) added to glyphs in the classic style.
SERIFS: dict[str, str] = {
    "A": "M-4 99 L12 99 M48 99 L64 99",
    "4": "M32 99 L52 99",
    "10": "M8 99 L32 99",
    "J": "M30 3 L58 3",
    "K": "M-2 3 L18 3 M-2 99 L18 99 M44 3 L62 3 M46 99 L64 99",
    "7": "M4 4 L4 16",
    "E": "M52 3 L52 14 M52 97 L52 86",
    "R": "M-2 99 L18 99",
}


def glyph_width(label: str) -> float:
    """Width of a glyph's box in glyph units (height is 100)."""
    return 78.0 if label == "10" else 60.0


def fmt(value: float) -> str:
    """A number for SVG: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def suit(s: str, cx: float, cy: float, size: float, fill: Color, flip: bool = False) -> str:
    """A suit symbol of height ``size`` centred at (cx, cy); ``flip`` turns it upside down."""
    k = size / 100
    rot = " rotate(180 50 50)" if flip else ""
    return (
        f'<path d="{SUIT_PATHS[s]}" fill="{fill}" '
        f'transform="translate({fmt(cx - 50 * k)} {fmt(cy - 50 * k)}) scale({fmt(k)}){rot}"/>'
    )


def glyph(
    label: str,
    cx: float,
    top: float,
    height: float,
    color: Color,
    weight: float,
    *,
    cap: str = "round",
    serif: bool = False,
    squeeze: float = 1.0,
) -> str:
    """Rank glyph ``label`` of ``height`` px, centred on ``cx``, top at ``top``.

    ``weight`` is the stroke width in glyph units (of 100 tall); ``squeeze`` narrows it.
    """
    k = height / 100
    kx = k * squeeze * (0.78 if label == "10" else 1.0)
    width = glyph_width(label) * kx
    d = GLYPHS[label] + (" " + SERIFS[label] if serif and label in SERIFS else "")
    join = "round" if cap == "round" else "miter"
    return (
        f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{fmt(weight)}" '
        f'stroke-linecap="{cap}" stroke-linejoin="{join}" '
        f'transform="translate({fmt(cx - width / 2)} {fmt(top)}) scale({fmt(kx)} {fmt(k)})"/>'
    )


def word(
    text: str, cx: float, top: float, height: float, color: Color, weight: float, cap: str
) -> str:
    """A word of glyphs (letters of :data:`GLYPHS`) centred on ``cx``."""
    gap = height * 0.16
    widths = [glyph_width(ch) * height / 100 for ch in text]
    x = cx - (sum(widths) + gap * (len(text) - 1)) / 2
    out = []
    for ch, w in zip(text, widths, strict=True):
        out.append(glyph(ch, x + w / 2, top, height, color, weight, cap=cap))
        x += w + gap
    return "".join(out)


def star(cx: float, cy: float, r: float, fill: Color, points: int = 5, inner: float = 0.45) -> str:
    """A filled star of outer radius ``r``, tip up."""
    pts = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + math.pi * i / points
        pts.append(f"{fmt(cx + rr * math.cos(a))},{fmt(cy + rr * math.sin(a))}")
    return f'<polygon points="{" ".join(pts)}" fill="{fill}"/>'


def rrect(
    x: float, y: float, w: float, h: float, r: float, fill: Color = "none", extra: str = ""
) -> str:
    """A rounded rectangle."""
    return (
        f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" rx="{fmt(r)}" '
        f'fill="{fill}"{extra}/>'
    )


def rrect_path(x: float, y: float, w: float, h: float, r: float) -> str:
    """Path data of a rounded rectangle (for even-odd frames)."""
    return (
        f"M{fmt(x + r)} {fmt(y)} H{fmt(x + w - r)} "
        f"A{fmt(r)} {fmt(r)} 0 0 1 {fmt(x + w)} {fmt(y + r)} "
        f"V{fmt(y + h - r)} A{fmt(r)} {fmt(r)} 0 0 1 {fmt(x + w - r)} {fmt(y + h)} "
        f"H{fmt(x + r)} A{fmt(r)} {fmt(r)} 0 0 1 {fmt(x)} {fmt(y + h - r)} "
        f"V{fmt(y + r)} A{fmt(r)} {fmt(r)} 0 0 1 {fmt(x + r)} {fmt(y)} Z"
    )


def document(width: float, height: float, body: str, title: str = "") -> str:
    """A complete SVG document of ``width`` x ``height`` user units."""
    head = f"<title>{title}</title>" if title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fmt(width)} {fmt(height)}" '
        f'width="{fmt(width)}" height="{fmt(height)}">{head}{body}</svg>\n'
    )


def hex_color(rgb: tuple[int, int, int]) -> Color:
    """``(r, g, b)`` -> ``"#rrggbb"``."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def rgb(color: Color) -> tuple[int, int, int]:
    """``"#rrggbb"`` -> ``(r, g, b)``."""
    return (int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16))


def mix(a: Color, b: Color, k: float) -> Color:
    """Colour ``k`` of the way from ``a`` to ``b``."""
    ra, rb = rgb(a), rgb(b)
    return hex_color(tuple(round(x + (y - x) * k) for x, y in zip(ra, rb, strict=True)))  # type: ignore[arg-type]


def circ(cx: float, cy: float, r: float, fill: Color = "none", extra: str = "") -> str:
    """A circle; ``extra`` holds further attributes (e.g. a stroke)."""
    return f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}" fill="{fill}"{extra}/>'
