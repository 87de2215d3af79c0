"""Contact sheets of every card style, palette, deck back and table theme (PNG).

Usage: python -m scripts.gallery --out DIR [--card-width PX] [--quick]

Writes into DIR:
* ``cards-<style>[-large]-<palette>.png``: all 54 faces of a style in a palette;
* ``backs.png`` and ``backs-large.png``: the 32 deck backs;
* ``tables-<2|4>p-<landscape|portrait>.png``: a mid-game table in each of the 18 themes
  (each theme with its matching deck back), rendered at 1280x800 or 800x1280 and shrunk.
``--quick`` renders only the standard palette and one table sheet (for a fast look).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from canasta.ui.card_images import CardOptions, CardRenderer, card_size_for_width  # noqa: E402
from canasta.ui.decks import CARD_STYLES, DECKS, PALETTES  # noqa: E402
from canasta.ui.text import blit_text  # noqa: E402
from canasta.ui.theme import THEMES  # noqa: E402
from scripts.table_harness import make_table, settle  # noqa: E402

GAP = 8
LABEL_H = 30


def sheet(
    tiles: list[tuple[pygame.Surface, str]], cols: int, title: str, bg: tuple[int, int, int]
) -> pygame.Surface:
    """Tiles in a grid under a title; each tile may carry a caption (empty for none)."""
    tw = max(t.get_width() for t, _ in tiles)
    th = max(t.get_height() for t, _ in tiles)
    cap = 18 if any(c for _, c in tiles) else 0
    rows = (len(tiles) + cols - 1) // cols
    out = pygame.Surface((cols * (tw + GAP) + GAP, LABEL_H + rows * (th + cap + GAP) + GAP))
    out.fill(bg)
    blit_text(out, title, 22, (240, 240, 240), topleft=(GAP, 6))
    for i, (tile, caption) in enumerate(tiles):
        x = GAP + (i % cols) * (tw + GAP)
        y = LABEL_H + (i // cols) * (th + cap + GAP)
        out.blit(tile, (x, y))
        if caption:
            blit_text(out, caption, 15, (225, 225, 225), topleft=(x, y + th + 2))
    return out


def card_sheets(out: Path, width: int, palettes: list[str]) -> list[Path]:
    """One sheet per style, large index or not, and palette."""
    written = []
    for style in CARD_STYLES:
        for large in (False, True):
            for palette in palettes:
                size = card_size_for_width(width if not large else round(width * 0.9), large)
                r = CardRenderer(*size, style=style, palette=palette, large_index=large)
                tiles = [(r.face(c), "") for c in _order()]
                name = f"{style}{'-large' if large else ''}-{palette}"
                title = f"{CARD_STYLES[style].title}{' (large index)' if large else ''}, "
                title += f"{PALETTES[palette].title} palette, {size[0]}x{size[1]} px"
                image = sheet(tiles, 14, title, (28, 84, 52))
                path = out / f"cards-{name}.png"
                pygame.image.save(image, str(path))
                written.append(path)
    return written


def _order() -> list[int]:
    """Card identities in sheet order: spades, hearts, diamonds, clubs (A..K), jokers."""
    from canasta.engine.cards import cards_with_code

    ranks = "A23456789TJQK"
    ids = [cards_with_code(r + s)[0] for s in "SHDC" for r in ranks]
    jokers = cards_with_code("JK")
    from canasta.engine.cards import is_red

    red = next(c for c in jokers if is_red(c))
    black = next(c for c in jokers if not is_red(c))
    return ids + [red, black]


def back_sheets(out: Path, width: int) -> list[Path]:
    """The 32 backs at the standard and large-index shapes."""
    written = []
    for large in (False, True):
        size = card_size_for_width(width, large)
        tiles = []
        for name in DECKS:
            r = CardRenderer(*size, deck=name, large_index=large)
            tiles.append((r.back(), name))
        title = f"{len(DECKS)} deck backs{' (large index)' if large else ''}, {size[0]}x{size[1]}"
        path = out / f"backs{'-large' if large else ''}.png"
        pygame.image.save(sheet(tiles, 8, title, (40, 44, 52)), str(path))
        written.append(path)
    return written


def table_sheets(out: Path, quick: bool) -> list[Path]:
    """A seeded mid-game table in every theme, per player count and orientation."""
    written = []
    combos = [(4, (1280, 800))] if quick else [(2, (1280, 800)), (4, (1280, 800)),
                                               (2, (800, 1280)), (4, (800, 1280))]  # fmt: skip
    for players, size in combos:
        scene, manager, screen = make_table(players, seed=7 if players == 4 else 12,
                                            size=size, demo=True)  # fmt: skip
        settle(manager, 40.0 if players == 4 else 25.0)
        scene.animator.finish_all()
        tiles = []
        for theme in THEMES.values():
            scene.restyle(theme=theme, cards=CardOptions(deck=theme.deck))
            manager.draw(screen)
            thumb = pygame.transform.smoothscale(screen, (size[0] // 4, size[1] // 4))
            tiles.append((thumb.copy(), theme.title))
        orient = "portrait" if size[1] > size[0] else "landscape"
        cols = 6 if orient == "landscape" else 9
        title = f"{players} players, {orient} {size[0]}x{size[1]}, all {len(THEMES)} themes"
        path = out / f"tables-{players}p-{orient}.png"
        pygame.image.save(sheet(tiles, cols, title, (24, 24, 28)), str(path))
        written.append(path)
    return written


def main() -> None:
    """Render the contact sheets and print their paths."""
    parser = argparse.ArgumentParser(description="Canasta contact sheets")
    parser.add_argument("--out", required=True, help="folder for the PNG sheets")
    parser.add_argument("--card-width", type=int, default=90, help="card width in px")
    parser.add_argument("--quick", action="store_true", help="standard palette, one table sheet")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    pygame.display.set_mode((1280, 800))
    palettes = ["standard"] if args.quick else list(PALETTES)
    paths = card_sheets(out, args.card_width, palettes)
    paths += back_sheets(out, args.card_width)
    paths += table_sheets(out, args.quick)
    for path in paths:
        print(path)


if __name__ == "__main__":
    main()
