"""Write the 32 card-back designs as SVG, at the standard and the large-index shape.

Usage: python -m scripts.make_backs [ASSETS_DIR]   (default assets)

Writes ``backs/standard/<name>.svg``, ``backs/large/<name>.svg`` and ``backs/decks.json``
(name -> title, main colour). Sixteen motifs, each in two colourways. nanosvg has no
clipPath, so every motif is made of polygons clipped here to the inner panel.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

from scripts import output_folder
from scripts.art.svg import document, fmt, mix, rrect, rrect_path

Poly = list[tuple[float, float]]
Box = tuple[float, float, float, float]  # left, top, right, bottom

PAPER = "#f7f4ec"


def clip(poly: Poly, box: Box) -> Poly:
    """Sutherland-Hodgman clip of a polygon to an axis-aligned box."""
    left, top, right, bottom = box
    edges: list[Callable[[tuple[float, float]], float]] = [
        lambda p: p[0] - left,
        lambda p: right - p[0],
        lambda p: p[1] - top,
        lambda p: bottom - p[1],
    ]
    out = poly
    for inside in edges:
        if not out:
            break
        src, out = out, []
        for i, cur in enumerate(src):
            prev = src[i - 1]
            a, b = inside(prev), inside(cur)
            if b >= 0:
                if a < 0:
                    out.append(_cross(prev, cur, a, b))
                out.append(cur)
            elif a >= 0:
                out.append(_cross(prev, cur, a, b))
    return out


def _cross(
    p: tuple[float, float], q: tuple[float, float], a: float, b: float
) -> tuple[float, float]:
    t = a / (a - b)
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def polys(shapes: list[Poly], box: Box, fill: str, opacity: float = 1.0) -> str:
    """One path of all ``shapes`` clipped to ``box``."""
    parts = []
    for shape in shapes:
        c = clip(shape, box)
        if len(c) >= 3:
            parts.append("M" + " L".join(f"{fmt(x)} {fmt(y)}" for x, y in c) + " Z")
    op = f' fill-opacity="{fmt(opacity)}"' if opacity < 1 else ""
    return f'<path d="{" ".join(parts)}" fill="{fill}"{op}/>' if parts else ""


def circle(cx: float, cy: float, r: float, n: int = 20) -> Poly:
    return [
        (cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n))
        for i in range(n)
    ]


def ngon(cx: float, cy: float, r: float, n: int, rot: float = 0.0, inner: float = 0.0) -> Poly:
    pts: Poly = []
    steps = n * 2 if inner else n
    for i in range(steps):
        rr = r if not inner or i % 2 == 0 else r * inner
        a = rot + 2 * math.pi * i / steps
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def grid(box: Box, step: float, stagger: bool = False) -> list[tuple[float, float, int, int]]:
    """Cell centres covering ``box`` (symmetric about its centre), with row/col indices."""
    left, top, right, bottom = box
    cx, cy = (left + right) / 2, (top + bottom) / 2
    nx = int((right - left) / step / 2) + 2
    ny = int((bottom - top) / step / 2) + 2
    out = []
    for j in range(-ny, ny + 1):
        for i in range(-nx, nx + 1):
            x = cx + i * step + (step / 2 if stagger and j % 2 else 0)
            out.append((x, cy + j * step * (0.866 if stagger else 1), i, j))
    return out


# Motifs: (box, fg, accent) -> SVG body. ------------------------------------------------------


def m_lattice(b: Box, fg: str, ac: str) -> str:
    s = 22
    return polys([ngon(x, y, s * 0.62, 4) for x, y, *_ in grid(b, s)], b, fg, 0.55) + polys(
        [ngon(x, y, s * 0.16, 4) for x, y, *_ in grid(b, s)], b, ac
    )


def m_dots(b: Box, fg: str, ac: str) -> str:
    return polys([circle(x, y, 5.5) for x, y, *_ in grid(b, 17, True)], b, fg)


def m_stripes(b: Box, fg: str, ac: str) -> str:
    left, top, right, bottom = b
    h = bottom - top
    shapes = [
        [(x, top), (x + 9, top), (x + 9 + h, bottom), (x + h, bottom)]
        for x in range(int(left - h), int(right) + 1, 20)
    ]
    thin = [
        [(x + 13, top), (x + 15, top), (x + 15 + h, bottom), (x + 13 + h, bottom)]
        for x in range(int(left - h), int(right) + 1, 20)
    ]
    return polys(shapes, b, fg) + polys(thin, b, ac)


def m_checks(b: Box, fg: str, ac: str) -> str:
    s = 18
    return polys(
        [ngon(x, y, s * 0.707, 4, math.pi / 4) for x, y, i, j in grid(b, s) if (i + j) % 2 == 0],
        b,
        fg,
    )


def m_chevrons(b: Box, fg: str, ac: str) -> str:
    left, top, right, bottom = b
    shapes = []
    for y in range(int(top) - 40, int(bottom) + 40, 22):
        for x in range(int(left) - 20, int(right) + 20, 28):
            shapes.append(
                [
                    (x, y),
                    (x + 14, y + 12),
                    (x + 28, y),
                    (x + 28, y + 8),
                    (x + 14, y + 20),
                    (x, y + 8),
                ]
            )
    return polys(shapes, b, fg)


def m_waves(b: Box, fg: str, ac: str) -> str:
    left, top, right, bottom = b
    shapes = []
    for y0 in range(int(top) - 10, int(bottom) + 10, 18):
        xs = [left + (right - left) * i / 40 for i in range(41)]
        upper = [(x, y0 + 5 * math.sin((x - left) / 12)) for x in xs]
        lower = [(x, y + 7) for x, y in reversed(upper)]
        shapes.append(upper + lower)
    return polys(shapes, b, fg)


def m_scales(b: Box, fg: str, ac: str) -> str:
    shapes, rims = [], []
    for x, y, *_ in grid(b, 20, True):
        arc = [
            (x + 10 * math.cos(a), y + 10 * math.sin(a))
            for a in [math.pi * k / 12 for k in range(13)]
        ]
        rims.append(arc)
        shapes.append(
            [
                (x + 7 * math.cos(a), y + 7 * math.sin(a))
                for a in [math.pi * k / 12 for k in range(13)]
            ]
        )
    return polys(rims, b, fg) + polys(shapes, b, ac, 0.6)


def m_hexes(b: Box, fg: str, ac: str) -> str:
    return polys([ngon(x, y, 10, 6, math.pi / 6) for x, y, *_ in grid(b, 20, True)], b, fg, 0.7)


def m_stars(b: Box, fg: str, ac: str) -> str:
    return polys([ngon(x, y, 8, 5, -math.pi / 2, 0.45) for x, y, *_ in grid(b, 24, True)], b, fg)


def m_frames(b: Box, fg: str, ac: str) -> str:
    left, top, right, bottom = b
    cx, cy = (left + right) / 2, (top + bottom) / 2
    out = []
    for k in range(0, 12):
        d = 6 + k * 9
        w, h = (right - left) / 2 - d, (bottom - top) / 2 - d
        if w <= 4 or h <= 4:
            break
        color = fg if k % 2 == 0 else ac
        out.append(
            rrect(cx - w, cy - h, 2 * w, 2 * h, 8, "none", f' stroke="{color}" stroke-width="3.5"')
        )
    return "".join(out)


def m_sunburst(b: Box, fg: str, ac: str) -> str:
    left, top, right, bottom = b
    cx, cy = (left + right) / 2, (top + bottom) / 2
    r = math.hypot(right - left, bottom - top)
    rays = [
        [
            (cx, cy),
            (cx + r * math.cos(a), cy + r * math.sin(a)),
            (cx + r * math.cos(a + math.pi / 24), cy + r * math.sin(a + math.pi / 24)),
        ]
        for a in [2 * math.pi * k / 24 for k in range(24)]
    ]
    return polys(rays, b, fg) + polys([circle(cx, cy, 22)], b, ac)


def m_rosette(b: Box, fg: str, ac: str) -> str:
    left, top, right, bottom = b
    cx, cy = (left + right) / 2, (top + bottom) / 2
    rings = []
    for ring, (r, n, size) in enumerate(
        ((0, 1, 12), (34, 8, 11), (66, 16, 9), (98, 24, 8), (130, 32, 7))
    ):
        for k in range(n):
            a = 2 * math.pi * (k + ring * 0.5) / n
            rings.append(circle(cx + r * math.cos(a), cy + r * math.sin(a), size))
    return polys(rings, b, fg) + polys([circle(cx, cy, 5)], b, ac)


def m_tartan(b: Box, fg: str, ac: str) -> str:
    left, top, right, bottom = b
    wide = [
        [(x, top), (x + 16, top), (x + 16, bottom), (x, bottom)]
        for x in range(int(left), int(right), 40)
    ]
    wide += [
        [(left, y), (right, y), (right, y + 16), (left, y + 16)]
        for y in range(int(top), int(bottom), 40)
    ]
    thin = [
        [(x + 26, top), (x + 28, top), (x + 28, bottom), (x + 26, bottom)]
        for x in range(int(left), int(right), 40)
    ]
    thin += [
        [(left, y + 26), (right, y + 26), (right, y + 28), (left, y + 28)]
        for y in range(int(top), int(bottom), 40)
    ]
    return polys(wide, b, fg, 0.45) + polys(thin, b, ac, 0.8)


def m_herringbone(b: Box, fg: str, ac: str) -> str:
    shapes = []
    for x, y, i, _j in grid(b, 16):
        if i % 2 == 0:
            shapes.append([(x - 8, y - 2), (x + 8, y - 10), (x + 8, y - 5), (x - 8, y + 3)])
        else:
            shapes.append([(x - 8, y - 10), (x + 8, y - 2), (x + 8, y + 3), (x - 8, y - 5)])
    return polys(shapes, b, fg)


def m_clover(b: Box, fg: str, ac: str) -> str:
    shapes = []
    for x, y, *_ in grid(b, 26):
        for dx, dy in ((0, -5), (5, 0), (0, 5), (-5, 0)):
            shapes.append(circle(x + dx, y + dy, 5, 12))
    return polys(shapes, b, fg) + polys([circle(x, y, 2, 8) for x, y, *_ in grid(b, 26)], b, ac)


def m_harlequin(b: Box, fg: str, ac: str) -> str:
    return polys(
        [ngon(x, y, 12, 4, 0) for x, y, i, j in grid(b, 24) if (i + j) % 2 == 0], b, fg
    ) + polys([ngon(x, y, 12, 4, 0) for x, y, i, j in grid(b, 24) if (i + j) % 2 == 1], b, ac, 0.35)


MOTIFS: dict[str, Callable[[Box, str, str], str]] = {
    "lattice": m_lattice,
    "dots": m_dots,
    "stripes": m_stripes,
    "checks": m_checks,
    "chevrons": m_chevrons,
    "waves": m_waves,
    "scales": m_scales,
    "hexes": m_hexes,
    "stars": m_stars,
    "frames": m_frames,
    "sunburst": m_sunburst,
    "rosette": m_rosette,
    "tartan": m_tartan,
    "herringbone": m_herringbone,
    "clover": m_clover,
    "harlequin": m_harlequin,
}

#: Colourways: (name, panel colour, pattern colour, accent).
COLOURWAYS = [
    ("crimson", "#9e1b2c", "#e4606f", "#f6d36b"),
    ("navy", "#1c3170", "#5677c9", "#e9eef8"),
    ("forest", "#1f5a34", "#5fa777", "#f0e6b8"),
    ("plum", "#5a2456", "#a25a9c", "#f3d1ee"),
    ("teal", "#0f5e63", "#4aa7aa", "#f7e8b0"),
    ("burgundy", "#5e1424", "#a9475a", "#e8c27a"),
    ("slate", "#3a4656", "#7e8ea3", "#f1f3f6"),
    ("midnight", "#141a33", "#3e4d8a", "#d4af5a"),
    ("emerald", "#0d6b4f", "#36b487", "#fffbe8"),
    ("royal", "#2a3fa8", "#7d92ea", "#ffd86b"),
    ("maroon", "#6b1d1d", "#b3534b", "#fbe2c4"),
    ("charcoal", "#2b2b2f", "#6b6b74", "#e8b04a"),
    ("ochre", "#9a6a14", "#d9a845", "#fff4d6"),
    ("copper", "#8a4321", "#cf7c4d", "#fde3cf"),
    ("indigo", "#30236e", "#6c5ac2", "#e6e0ff"),
    ("olive", "#4f5a1c", "#94a24a", "#f7f1cf"),
]


def back_svg(w: float, h: float, motif: str, way: tuple[str, str, str, str]) -> str:
    """One back: paper border, coloured panel, motif, masking frame, fine rule."""
    _, panel, fg, ac = way
    r = w * 0.07
    inset = w * 0.055
    box = (inset, inset, w - inset, h - inset)
    ir = r * 0.6
    body = rrect(1.5, 1.5, w - 3, h - 3, r, PAPER, ' stroke="#9a9aa4" stroke-width="3"')
    body += rrect(inset, inset, w - 2 * inset, h - 2 * inset, ir, panel)
    body += MOTIFS[motif](box, fg, ac)
    frame = (
        rrect_path(1.5, 1.5, w - 3, h - 3, r)
        + " "
        + rrect_path(inset, inset, w - 2 * inset, h - 2 * inset, ir)
    )
    body += f'<path d="{frame}" fill="{PAPER}" fill-rule="evenodd"/>'
    body += rrect(
        inset,
        inset,
        w - 2 * inset,
        h - 2 * inset,
        ir,
        "none",
        f' stroke="{mix(panel, "#000000", 0.3)}" stroke-width="2"',
    )
    return document(w, h, body)


def designs() -> list[tuple[str, str, tuple[str, str, str, str]]]:
    """The 32 (name, motif, colourway) designs: each motif in two colourways."""
    out = []
    names = list(MOTIFS)
    for i, motif in enumerate(names):
        for way in (COLOURWAYS[i], COLOURWAYS[(i + 7) % len(COLOURWAYS)]):
            out.append((f"{way[0]}-{motif}", motif, way))
    return out


def main() -> None:
    """Write every back and decks.json."""
    root = output_folder("assets", __doc__) / "backs"
    decks: dict[str, object] = {}
    for shape, (w, h) in (("standard", (250, 350)), ("large", (226, 350))):
        (root / shape).mkdir(parents=True, exist_ok=True)
        for name, motif, way in designs():
            (root / shape / f"{name}.svg").write_text(back_svg(w, h, motif, way), encoding="utf-8")
            title = f"{way[0].title()} {motif}"
            decks[name] = {"title": title, "color": way[1], "motif": motif}
    (root / "decks.json").write_text(json.dumps(decks, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {len(decks)} backs under {root}")


if __name__ == "__main__":
    main()
