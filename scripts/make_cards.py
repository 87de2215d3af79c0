"""Write the card faces: three styles x (standard, large index) x 54 faces, as SVG.

Usage: python -m scripts.make_cards [ASSETS_DIR]   (default assets)

Writes ``cards/<style>/<code>.svg`` and ``cards/<style>-large/<code>.svg`` (codes ``AS`` ..
``KC``, ``JK-R``, ``JK-B``) and ``cards/styles.json``. Faces are drawn in the *token*
colours of ``styles.json`` (face, red ink, black ink); the game swaps them for the chosen
suit palette's colours when it renders a card. Indices are stroked paths (nanosvg draws no
<text>), so a card is one vector image at any size.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from scripts import output_folder
from scripts.art.svg import circ, document, fmt, glyph, rrect, star, suit, word

FACE = "#fdfcf6"
RED = "#c61626"
BLACK = "#16161e"
GOLD = "#d9a93c"
SKIN = "#f4dcc0"
BORDER = "#9a9aa4"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"

_PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(c, r) for c in (0, 1) for r in (0, 1 / 3, 2 / 3, 1)] + [(0.5, 0.5)],
    10: [(c, r) for c in (0, 1) for r in (0, 1 / 3, 2 / 3, 1)] + [(0.5, 1 / 6), (0.5, 5 / 6)],
}


@dataclass(frozen=True)
class Style:
    """How one face style draws: glyph weight and caps, serifs, pip or jumbo centres."""

    name: str
    title: str
    description: str
    weight: float
    cap: str
    serif: bool
    jumbo: bool
    border: str


STYLES = [
    Style(
        "modern",
        "Modern",
        "Clean geometric indices, flat courts.",
        14,
        "round",
        False,
        False,
        BORDER,
    ),
    Style(
        "classic",
        "Classic",
        "Serifed indices, double-headed courts, ornate aces.",
        12,
        "butt",
        True,
        False,
        "#8c8272",
    ),
    Style(
        "jumbo",
        "Canasta Jumbo",
        "Our own: a big rank in the middle of every card, sunburst courts; easiest to read small.",
        16,
        "square",
        False,
        True,
        "#7a7f8c",
    ),
]


@dataclass(frozen=True)
class Frame:
    """Card geometry in user units: size and the corner index."""

    w: float
    h: float
    rank_h: float
    pip_h: float
    pad_x: float
    pad_y: float

    @property
    def col(self) -> float:
        """Centre x of the index column."""
        return self.pad_x + self.rank_h * 0.33


STANDARD = Frame(250, 350, 52, 32, 9, 14)
LARGE = Frame(226, 350, 74, 42, 8, 12)


def ink_for(s: str) -> str:
    return RED if s in "HD" else BLACK


def corner(f: Frame, st: Style, label: str | None, s: str | None, ink: str) -> str:
    """Both corner indices (top-left and the rotated bottom-right copy)."""
    parts = []
    if label is not None:
        parts.append(
            glyph(
                label,
                f.col,
                f.pad_y,
                f.rank_h,
                ink,
                st.weight,
                cap=st.cap,
                serif=st.serif,
                squeeze=0.9,
            )
        )
        pip_y = f.pad_y + f.rank_h * 1.1 + f.pip_h / 2
    else:
        pip_y = f.pad_y + f.pip_h * 0.7
    if s is not None:
        parts.append(suit(s, f.col, pip_y, f.pip_h, ink))
    else:
        parts.append(star(f.col, pip_y, f.pip_h * 0.75, ink))
    block = "".join(parts)
    return f'{block}<g transform="rotate(180 {fmt(f.w / 2)} {fmt(f.h / 2)})">{block}</g>'


def blank(f: Frame, st: Style) -> str:
    return rrect(
        1.5, 1.5, f.w - 3, f.h - 3, f.w * 0.07, FACE, f' stroke="{st.border}" stroke-width="3"'
    )


def centre_box(f: Frame) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the area between the corner indices."""
    left = f.col + f.rank_h * 0.42 + 6
    return left, f.h * 0.12, f.w - left, f.h * 0.88


def pips(f: Frame, count: int, s: str, ink: str) -> str:
    left, top, right, bottom = centre_box(f)
    width = right - left
    size = min(f.h * (0.12 if count < 9 else 0.1), width * 0.42)
    if f.w / f.h < 0.68:  # large-index cards: smaller centre pips, clear of the index
        size *= 0.82
    x0, x1 = left + size * 0.62, right - size * 0.62
    y0, y1 = top + size * 0.72, bottom - size * 0.72
    out = []
    for cx, cy in _PIPS[count]:
        out.append(suit(s, x0 + (x1 - x0) * cx, y0 + (y1 - y0) * cy, size, ink, flip=cy > 0.5))
    return "".join(out)


def jumbo_centre(f: Frame, st: Style, label: str, s: str, ink: str) -> str:
    left, top, right, bottom = centre_box(f)
    cx = f.w / 2
    h = min((bottom - top) * 0.42, (right - left) * 1.1)
    tint = "#f3ede0" if ink == BLACK else "#fbe9e6"
    body = rrect(left + 2, top + 6, right - left - 4, bottom - top - 12, 14, tint)
    body += glyph(
        label, cx, top + (bottom - top) * 0.1, h, ink, st.weight * 0.9, cap=st.cap, squeeze=0.95
    )
    body += suit(s, cx, top + (bottom - top) * 0.74, h * 0.62, ink)
    return body


def ace(f: Frame, st: Style, s: str, ink: str) -> str:
    cx, cy = f.w / 2, f.h / 2
    left, _, right, _ = centre_box(f)
    size = min(f.h * 0.34, (right - left) * 0.9)
    out = ""
    if st.name == "classic":
        r = size * 0.78
        out += circ(cx, cy, r, "none", f' stroke="{GOLD}" stroke-width="4"')
        out += circ(cx, cy, r - 8, "none", f' stroke="{ink}" stroke-width="1.5"')
        for i in range(8):
            a = math.pi * i / 4
            out += star(cx + (r + 9) * math.cos(a), cy + (r + 9) * math.sin(a), 6, GOLD, 4, 0.4)
        size *= 0.8
    elif st.name == "jumbo":
        out += sunburst(cx, cy, size * 0.85, "#f1e4c4")
    return out + suit(s, cx, cy, size, ink)


def sunburst(cx: float, cy: float, r: float, color: str, rays: int = 16) -> str:
    parts = []
    for i in range(rays):
        a0 = 2 * math.pi * i / rays
        a1 = a0 + math.pi / rays
        parts.append(
            f"M{fmt(cx)} {fmt(cy)} L{fmt(cx + r * math.cos(a0))} {fmt(cy + r * math.sin(a0))} "
            f"L{fmt(cx + r * math.cos(a1))} {fmt(cy + r * math.sin(a1))} Z"
        )
    return f'<path d="{" ".join(parts)}" fill="{color}"/>'


def headwear(rank: str, cx: float, head_y: float, r: float, ink: str) -> str:
    """Crown (K), tiara (Q) or feathered cap (J) over a head of radius r at (cx, head_y)."""
    top = head_y - r
    if rank == "K":
        pts = [
            (-1.0, 0.1),
            (-1.05, -1.1),
            (-0.5, -0.55),
            (0, -1.35),
            (0.5, -0.55),
            (1.05, -1.1),
            (1.0, 0.1),
        ]
        poly = " ".join(f"{fmt(cx + x * r)},{fmt(top + y * r * 0.9)}" for x, y in pts)
        return f'<polygon points="{poly}" fill="{GOLD}" stroke="{ink}" stroke-width="2"/>' + star(
            cx, top - r * 0.55, r * 0.22, ink, 4, 0.5
        )
    if rank == "Q":
        band = rrect(
            cx - r * 0.95,
            top - r * 0.3,
            r * 1.9,
            r * 0.38,
            r * 0.15,
            GOLD,
            f' stroke="{ink}" stroke-width="1.5"',
        )
        pearls = "".join(
            f'<circle cx="{fmt(cx + k * r * 0.45)}" cy="{fmt(top - r * (0.55 - abs(k) * 0.12))}" '
            f'r="{fmt(r * 0.17)}" fill="{GOLD}" stroke="{ink}" stroke-width="1.2"/>'
            for k in (-2, -1, 0, 1, 2)
        )
        return band + pearls
    cap = (
        f"M{fmt(cx - r * 1.15)} {fmt(top + r * 0.35)} C{fmt(cx - r * 1.2)} {fmt(top - r * 0.9)} "
        f"{fmt(cx + r * 1.3)} {fmt(top - r * 0.95)} {fmt(cx + r * 1.2)} {fmt(top + r * 0.3)} Z"
    )
    feather = (
        f"M{fmt(cx + r * 0.6)} {fmt(top - r * 0.4)} C{fmt(cx + r * 1.6)} {fmt(top - r * 1.6)} "
        f"{fmt(cx + r * 2.0)} {fmt(top - r * 0.6)} {fmt(cx + r * 1.9)} {fmt(top - r * 0.1)} "
        f"C{fmt(cx + r * 1.5)} {fmt(top - r * 0.8)} {fmt(cx + r * 1.1)} {fmt(top - r * 0.6)} "
        f"{fmt(cx + r * 0.6)} {fmt(top - r * 0.4)} Z"
    )
    return f'<path d="{cap}" fill="{ink}"/><path d="{feather}" fill="{GOLD}"/>'


def bust(rank: str, s: str, cx: float, base: float, height: float, ink: str) -> str:
    """A court figure from the shoulders up, standing on ``base``, ``height`` tall."""
    r = height * 0.17
    head_y = base - height * 0.52
    sh = height * 0.5
    robe = (
        f"M{fmt(cx - sh)} {fmt(base)} C{fmt(cx - sh)} {fmt(base - height * 0.28)} "
        f"{fmt(cx - sh * 0.55)} {fmt(head_y + r * 1.3)} {fmt(cx)} {fmt(head_y + r * 1.2)} "
        f"C{fmt(cx + sh * 0.55)} {fmt(head_y + r * 1.3)} "
        f"{fmt(cx + sh)} {fmt(base - height * 0.28)} "
        f"{fmt(cx + sh)} {fmt(base)} Z"
    )
    trim = (
        f"M{fmt(cx - r * 0.9)} {fmt(head_y + r * 1.25)} L{fmt(cx)} {fmt(head_y + r * 2.3)} "
        f"L{fmt(cx + r * 0.9)} {fmt(head_y + r * 1.25)}"
    )
    out = f'<path d="{robe}" fill="{ink}"/>'
    out += f'<path d="{trim}" fill="none" stroke="{GOLD}" stroke-width="{fmt(r * 0.35)}"/>'
    out += suit(s, cx, base - height * 0.16, r * 1.1, GOLD)
    if rank == "Q":  # long hair behind the face
        for dx in (-0.85, 0.85):
            out += (
                f'<ellipse cx="{fmt(cx + dx * r)}" cy="{fmt(head_y + r * 0.45)}" '
                f'rx="{fmt(r * 0.42)}" ry="{fmt(r * 1.05)}" fill="{ink}"/>'
            )
    out += circ(cx, head_y, r, SKIN, f' stroke="{ink}" stroke-width="1.5"')
    if rank == "K":  # beard
        out += (
            f'<path d="M{fmt(cx - r * 0.85)} {fmt(head_y + r * 0.3)} '
            f"Q{fmt(cx)} {fmt(head_y + r * 2.1)} "
            f"{fmt(cx + r * 0.85)} {fmt(head_y + r * 0.3)} Q{fmt(cx)} {fmt(head_y + r * 0.9)} "
            f'{fmt(cx - r * 0.85)} {fmt(head_y + r * 0.3)} Z" fill="{ink}"/>'
        )
    eye = r * 0.12
    for dx in (-0.35, 0.35):
        out += circ(cx + dx * r, head_y - r * 0.1, eye, ink)
    return out + headwear(rank, cx, head_y, r, ink)


def court(f: Frame, st: Style, rank: str, s: str, ink: str) -> str:
    left, top, right, bottom = centre_box(f)
    w, h = right - left, bottom - top
    cx, cy = f.w / 2, f.h / 2
    tint = {"J": "#e3ecf8", "Q": "#f8e3ea", "K": "#f6ecc8"}[rank]
    out = rrect(left, top, w, h, 10, tint, f' stroke="{ink}" stroke-width="3"')
    if st.name == "classic":
        out += rrect(
            left + 6, top + 6, w - 12, h - 12, 6, "none", f' stroke="{GOLD}" stroke-width="2"'
        )
        half = bust(rank, s, cx, cy, h * 0.46, ink)
        out += half + f'<g transform="rotate(180 {fmt(cx)} {fmt(cy)})">{half}</g>'
        rule = f"M{fmt(left + 6)} {fmt(cy)} H{fmt(right - 6)}"
        out += f'<path d="{rule}" stroke="{GOLD}" stroke-width="2"/>'
        return out
    if st.name == "jumbo":
        out += sunburst(cx, cy, min(w, h) * 0.62, "#ffffff")
        gh = min(h * 0.36, w * 1.1)
        out += glyph(rank, cx, cy - gh * 0.5, gh, ink, st.weight * 0.9, cap=st.cap)
        out += headwear(rank, cx, cy - gh * 0.5 - gh * 0.05, gh * 0.18, ink) if rank != "J" else ""
        out += suit(s, cx, cy + gh * 0.78, gh * 0.36, ink)
        return out
    out += bust(rank, s, cx, bottom - 3, h * 0.62, ink)
    out += suit(s, left + w * 0.18, top + w * 0.18, w * 0.2, ink)
    return out


def joker(f: Frame, st: Style, ink: str) -> str:
    left, top, right, bottom = centre_box(f)
    cx = f.w / 2
    w = right - left
    tint = "#fbe6e8" if ink == RED else "#e6e8f0"
    out = rrect(left, top + 10, w, bottom - top - 20, 12, tint, f' stroke="{ink}" stroke-width="3"')
    sy = top + (bottom - top) * 0.38
    if st.name == "classic":  # a jester's cap with bells
        r = w * 0.42
        out += (
            f'<path d="M{fmt(cx - r)} {fmt(sy + r * 0.6)} Q{fmt(cx - r * 1.1)} {fmt(sy - r * 0.6)} '
            f"{fmt(cx - r * 0.9)} {fmt(sy - r * 0.9)} Q{fmt(cx - r * 0.3)} {fmt(sy - r * 0.2)} "
            f"{fmt(cx)} {fmt(sy - r * 1.1)} Q{fmt(cx + r * 0.3)} {fmt(sy - r * 0.2)} "
            f"{fmt(cx + r * 0.9)} {fmt(sy - r * 0.9)} Q{fmt(cx + r * 1.1)} {fmt(sy - r * 0.6)} "
            f'{fmt(cx + r)} {fmt(sy + r * 0.6)} Z" fill="{ink}"/>'
        )
        for bx, by in ((-0.9, -0.9), (0, -1.1), (0.9, -0.9)):
            out += circ(cx + bx * r, sy + by * r, r * 0.14, GOLD)
        out += rrect(cx - r, sy + r * 0.45, 2 * r, r * 0.3, r * 0.1, GOLD)
    else:
        if st.name == "jumbo":
            out += sunburst(cx, sy, w * 0.55, "#ffffff")
        out += star(cx, sy, w * 0.42, ink)
        out += star(cx, sy, w * 0.2, GOLD)
    letter = min(w / 5.6, (bottom - top) * 0.13)
    out += word("JOKER", cx, top + (bottom - top) * 0.7, letter, ink, st.weight * 1.1, st.cap)
    return out


def face_svg(f: Frame, st: Style, code: str) -> str:
    """The SVG document of one face (``AS`` .. ``KC``, ``JK-R``, ``JK-B``)."""
    if code.startswith("JK"):
        ink = RED if code == "JK-R" else BLACK
        body = blank(f, st) + joker(f, st, ink) + corner(f, st, None, None, ink)
        return document(f.w, f.h, body, code)
    rank, s = code[:-1], code[-1]
    label = "10" if rank == "T" else rank
    ink = ink_for(s)
    body = blank(f, st)
    if label in ("J", "Q", "K"):
        body += court(f, st, label, s, ink)
    elif label == "A":
        body += ace(f, st, s, ink)
    elif st.jumbo:
        body += jumbo_centre(f, st, label, s, ink)
    else:
        body += pips(f, int(label), s, ink)
    body += corner(f, st, label, s, ink)
    return document(f.w, f.h, body, code)


def codes() -> list[str]:
    """The 54 face codes: 52 ranks x suits (T for ten) and the two jokers."""
    out = [("T" if r == "10" else r) + s for s in SUITS for r in RANKS]
    return out + ["JK-R", "JK-B"]


def main() -> None:
    """Write every face and styles.json."""
    root = output_folder("assets", __doc__) / "cards"
    meta: dict[str, object] = {
        "tokens": {"face": FACE, "red": RED, "black": BLACK},
        "aspect": {"standard": STANDARD.h / STANDARD.w, "large": LARGE.h / LARGE.w},
        "corner_radius": 0.07,
        "styles": {},
    }
    styles: dict[str, object] = {}
    for st in STYLES:
        styles[st.name] = {"title": st.title, "description": st.description}
        for folder, frame in ((st.name, STANDARD), (f"{st.name}-large", LARGE)):
            out = root / folder
            out.mkdir(parents=True, exist_ok=True)
            for code in codes():
                (out / f"{code}.svg").write_text(face_svg(frame, st, code), encoding="utf-8")
    meta["styles"] = styles
    (root / "styles.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {len(STYLES) * 2 * 54} faces under {root}")


if __name__ == "__main__":
    main()
