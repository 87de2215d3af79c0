"""Write the 18 table themes, the 5 suit palettes and the felt textures.

Usage: python -m scripts.make_themes [ASSETS_DIR]   (default assets)

Writes ``themes.json``, ``palettes.json`` and ``textures/<name>.png`` (seamless 128 x 128
grey tiles, written with zlib; mid-grey 128 means "no change"). Theme colours are derived
from a felt colour and an accent, then nudged until every pair the table draws meets its
contrast floor: text on felt 4.5:1, dimmed text and accents 3:1, button and badge labels
4.5:1 (WCAG 2). The script fails if a palette marked high visibility has a suit colour
under 4.5:1 against its card face.
"""

from __future__ import annotations

import json
import math
import random
import struct
import zlib
from pathlib import Path

from canasta.ui.colors import RGB, contrast_ratio, mix, to_hex
from scripts import output_folder

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)

#: name -> (title, felt, accent, texture, deck)
THEMES: dict[str, tuple[str, RGB, RGB, str, str]] = {
    "green": ("Green", (34, 110, 64), (255, 204, 64), "baize", "crimson-lattice"),
    "blue": ("Blue", (32, 80, 136), (255, 190, 70), "felt", "royal-stripes"),
    "merlot": ("Merlot", (92, 26, 50), (240, 196, 110), "suede", "olive-stars"),
    "dark_red": ("Dark red", (118, 24, 30), (255, 214, 120), "felt", "emerald-dots"),
    "light_blue": ("Light blue", (164, 204, 232), (150, 40, 20), "linen", "royal-frames"),
    "black": ("Black", (24, 24, 28), (236, 190, 80), "leather", "maroon-sunburst"),
    "purple": ("Purple", (82, 44, 118), (250, 200, 90), "felt", "plum-checks"),
    "teal": ("Teal", (14, 104, 108), (255, 208, 110), "baize", "teal-chevrons"),
    "pink": ("Pink", (238, 184, 200), (140, 20, 70), "suede", "burgundy-clover"),
    "orange": ("Orange", (176, 82, 22), (255, 238, 160), "felt", "copper-herringbone"),
    "dark_blue": ("Dark blue", (16, 32, 76), (255, 200, 90), "felt", "charcoal-rosette"),
    "dark_green": ("Dark green", (12, 58, 34), (240, 210, 120), "baize", "ochre-waves"),
    "charcoal": ("Charcoal", (52, 54, 60), (120, 210, 255), "linen", "midnight-hexes"),
    "tobacco": ("Tobacco", (104, 68, 38), (250, 214, 140), "leather", "ochre-tartan"),
    "stone": ("Stone", (200, 194, 180), (120, 60, 20), "linen", "slate-harlequin"),
    "indigo": ("Indigo", (44, 38, 116), (255, 196, 100), "suede", "copper-scales"),
    "olive": ("Olive", (84, 92, 34), (255, 224, 130), "baize", "forest-stripes"),
    "celeste": ("Celeste", (170, 222, 214), (20, 90, 110), "felt", "indigo-hexes"),
}

#: The two themes the first table shipped with keep their hand-tuned colours.
FIXED: dict[str, dict[str, object]] = {
    "green": dict(
        felt=(34, 110, 64),
        felt_edge=(14, 58, 32),
        accent=(255, 204, 64),
        text=(244, 244, 236),
        text_dim=(190, 214, 196),
        badge_bg=(28, 32, 40),
        badge_text=(250, 250, 250),
        glow=(255, 226, 110),
        frost=(10, 30, 18, 150),
        button=(246, 240, 222),
        button_hover=(255, 226, 140),
        button_text=(24, 36, 28),
        button_disabled=(120, 140, 126),
        card_back=(150, 28, 40),
    ),
    "blue": dict(
        felt=(32, 80, 136),
        felt_edge=(12, 32, 64),
        accent=(255, 190, 70),
        text=(240, 244, 250),
        text_dim=(180, 200, 226),
        badge_bg=(20, 24, 36),
        badge_text=(250, 250, 250),
        glow=(120, 220, 255),
        frost=(8, 18, 40, 150),
        button=(238, 242, 250),
        button_hover=(255, 214, 130),
        button_text=(18, 28, 48),
        button_disabled=(110, 126, 150),
        card_back=(30, 60, 150),
    ),
}

PALETTES: dict[str, dict[str, object]] = {
    "standard": {
        "title": "Standard",
        "four_colour": False,
        "face": "#fdfcf6",
        "suits": {"S": "#16161e", "H": "#c61626", "D": "#c61626", "C": "#16161e"},
    },
    "four_colour": {
        "title": "Classic four-colour",
        "four_colour": True,
        "face": "#fdfcf6",
        "suits": {"S": "#16161e", "H": "#c61626", "D": "#1f57c3", "C": "#177a2f"},
    },
    "tournament": {
        "title": "Tournament",
        "four_colour": True,
        "face": "#ffffff",
        "suits": {"S": "#101014", "H": "#d40f1c", "D": "#d25f00", "C": "#1a56b8"},
    },
    "heirloom": {
        "title": "Heirloom",
        "four_colour": True,
        "face": "#f3ead6",
        "suits": {"S": "#2b2118", "H": "#8e1b1b", "D": "#7d4a0e", "C": "#1f4d3a"},
    },
    "high_visibility": {
        "title": "High visibility",
        "four_colour": True,
        "face": "#ffffff",
        "high_visibility": True,
        "suits": {"S": "#000000", "H": "#b0001a", "D": "#0030c0", "C": "#00631e"},
    },
}


def _until(color: RGB, target: RGB, ok: object, step: float = 0.06) -> RGB:
    """Move ``color`` toward ``target`` in small steps until ``ok(color)`` holds."""
    assert callable(ok)
    for _ in range(40):
        if ok(color):
            return color
        color = mix(color, target, step)
    raise SystemExit(f"cannot reach contrast with {color}")


def derive(felt: RGB, accent: RGB, deck_color: RGB) -> dict[str, object]:
    """Every theme colour from the felt and accent, meeting the contrast floors."""
    light = contrast_ratio(felt, BLACK) > contrast_ratio(felt, WHITE)
    if light:
        text: RGB = mix(felt, BLACK, 0.86)
        felt = _until(felt, WHITE, lambda f: contrast_ratio(text, mix(f, BLACK, 0.2)) >= 4.6)
        edge = mix(felt, BLACK, 0.2)
        dim = _until(mix(felt, BLACK, 0.6), BLACK, lambda c: contrast_ratio(c, edge) >= 3.2)
        accent = _until(accent, BLACK, lambda c: contrast_ratio(c, edge) >= 3.2)
        frost: tuple[int, ...] = (*mix(felt, WHITE, 0.55), 170)
        button = mix(felt, BLACK, 0.72)
        button_text: RGB = (250, 250, 250)
        hover = mix(button, accent, 0.35)
        disabled = mix(felt, (128, 128, 128), 0.6)
        glow = accent
    else:
        text = (244, 244, 236)
        felt = _until(felt, BLACK, lambda f: contrast_ratio(text, f) >= 4.8)
        edge = mix(felt, BLACK, 0.55)
        dim = _until(mix(text, felt, 0.3), text, lambda c: contrast_ratio(c, felt) >= 3.5)
        accent = _until(accent, WHITE, lambda c: contrast_ratio(c, felt) >= 3.2)
        frost = (*mix(felt, BLACK, 0.72), 150)
        button = (246, 240, 222)
        button_text = mix(felt, BLACK, 0.75)
        hover = mix(accent, WHITE, 0.35)
        disabled = mix(felt, (128, 128, 128), 0.5)
        glow = mix(accent, WHITE, 0.3)
    button_text = _until(
        button_text,
        BLACK if not light else WHITE,
        lambda c: contrast_ratio(c, button) >= 4.5 and contrast_ratio(c, hover) >= 4.5,
    )
    return dict(
        felt=felt,
        felt_edge=edge,
        accent=accent,
        text=text,
        text_dim=dim,
        badge_bg=(28, 32, 40),
        badge_text=(250, 250, 250),
        glow=glow,
        frost=frost,
        button=button,
        button_hover=hover,
        button_text=button_text,
        button_disabled=disabled,
        card_back=deck_color,
    )


def write_png(path: Path, size: int, values: list[int]) -> None:
    """A grey 8-bit PNG of ``size`` x ``size`` pixels (row-major ``values``)."""
    rows = b"".join(b"\x00" + bytes(values[y * size : (y + 1) * size]) for y in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 0, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def _value_noise(size: int, period: int, rng: random.Random) -> list[float]:
    """Smooth seamless noise in -1..1 with lattice spacing ``period`` px."""
    n = size // period
    lattice = [[rng.uniform(-1, 1) for _ in range(n)] for _ in range(n)]
    out = []
    for y in range(size):
        gy, fy = divmod(y / period, 1)
        for x in range(size):
            gx, fx = divmod(x / period, 1)
            i, j = int(gx) % n, int(gy) % n
            sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
            top = lattice[j][i] + (lattice[j][(i + 1) % n] - lattice[j][i]) * sx
            bot = (
                lattice[(j + 1) % n][i]
                + (lattice[(j + 1) % n][(i + 1) % n] - lattice[(j + 1) % n][i]) * sx
            )
            out.append(top + (bot - top) * sy)
    return out


def textures(size: int = 128) -> dict[str, list[int]]:
    """Grey tiles by name: felt, baize, linen, suede, leather."""
    rng = random.Random(4)
    fine = [rng.uniform(-1, 1) for _ in range(size * size)]
    soft = _value_noise(size, 16, rng)
    mid = _value_noise(size, 4, rng)
    suede = _value_noise(size, 8, rng)
    out: dict[str, list[float]] = {
        "felt": [0.55 * f + 0.45 * m for f, m in zip(fine, mid, strict=True)],
        "baize": [0.35 * f + 0.65 * s for f, s in zip(fine, soft, strict=True)],
        "linen": [
            0.5 * math.sin(2 * math.pi * (i % size) / 4) * (0.6 + 0.4 * m)
            + 0.5 * math.sin(2 * math.pi * (i // size) / 4) * (0.6 - 0.4 * m)
            + 0.3 * f
            for i, (f, m) in enumerate(zip(fine, mid, strict=True))
        ],
        "suede": [0.6 * m + 0.4 * s for m, s in zip(suede, soft, strict=True)],
    }
    points = [(rng.uniform(0, size), rng.uniform(0, size)) for _ in range(48)]
    leather = []
    for y in range(size):
        for x in range(size):
            ds = sorted(
                min(abs(x - px), size - abs(x - px)) ** 2
                + min(abs(y - py), size - abs(y - py)) ** 2
                for px, py in points
            )[:2]
            edge = math.sqrt(ds[1]) - math.sqrt(ds[0])
            leather.append(0.8 * min(1.0, edge / 5) - 0.4 + 0.2 * fine[y * size + x])
    out["leather"] = leather
    return {
        name: [max(0, min(255, round(128 + 127 * v))) for v in vals] for name, vals in out.items()
    }


def main() -> None:
    """Write themes.json, palettes.json and the textures."""
    root = output_folder("assets", __doc__)
    (root / "textures").mkdir(parents=True, exist_ok=True)
    decks = json.loads((root / "backs" / "decks.json").read_text(encoding="utf-8"))
    themes: dict[str, object] = {}
    for name, (title, felt, accent, texture, deck) in THEMES.items():
        if deck not in decks:
            raise SystemExit(f"theme {name}: no deck {deck!r} (run make_backs.py first)")
        deck_rgb = tuple(int(decks[deck]["color"][i : i + 2], 16) for i in (1, 3, 5))
        colors = FIXED.get(name) or derive(felt, accent, deck_rgb)  # type: ignore[arg-type]
        light = contrast_ratio(felt, BLACK) > contrast_ratio(felt, WHITE)
        entry: dict[str, object] = {
            "title": title,
            "texture": texture,
            "deck": deck,
            "texture_strength": 0.05 if light else 0.12,
        }
        for key, value in colors.items():
            entry[key] = list(value) if key == "frost" else to_hex(value)  # type: ignore[arg-type]
        themes[name] = entry
    for name, pal in PALETTES.items():
        if pal.get("high_visibility"):
            face = tuple(int(str(pal["face"])[i : i + 2], 16) for i in (1, 3, 5))
            for s, c in pal["suits"].items():  # type: ignore[attr-defined]
                rgb = tuple(int(c[i : i + 2], 16) for i in (1, 3, 5))
                if contrast_ratio(rgb, face) < 4.5:
                    raise SystemExit(f"palette {name}: {s} {c} under 4.5:1")
    (root / "themes.json").write_text(json.dumps(themes, indent=2) + "\n", encoding="utf-8")
    (root / "palettes.json").write_text(json.dumps(PALETTES, indent=2) + "\n", encoding="utf-8")
    for name, values in textures().items():
        write_png(root / "textures" / f"{name}.png", 128, values)
    print(f"wrote {len(themes)} themes, {len(PALETTES)} palettes, textures under {root}")


if __name__ == "__main__":
    main()
