"""Render preview PNGs of the screen toolkit without a window (SDL dummy video driver).

Usage: ``python3 -m scripts.ui_preview [OUT_DIR]`` (default ``/tmp/canasta-preview``).
Writes ``cards.png`` (a row of cards at several sizes), ``home.png`` (the home scene) and
``table-<w>x<h>-<players>p.png`` (the table layout with sample cards placed).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from canasta.engine.cards import CARD_KIND, cards_with_code  # noqa: E402
from canasta.scenes.base import SceneManager  # noqa: E402
from canasta.scenes.home import HomeScene  # noqa: E402
from canasta.ui.card_images import CardRenderer, card_size_for_width, draw_glow  # noqa: E402
from canasta.ui.effects import draw_panel  # noqa: E402
from canasta.ui.layout import (  # noqa: E402
    compute_layout,
    place_hand,
    place_melds,
    place_pile,
    place_stack,
)
from canasta.ui.sprites import CardSprite, draw_sprites  # noqa: E402
from canasta.ui.theme import BLUE, GREEN, paint_felt  # noqa: E402
from canasta.ui.tween import Animator  # noqa: E402
from canasta.ui.widgets import Badge, Button, Toast, blit_text  # noqa: E402
from scripts import output_folder

ROW = ["AS", "TH", "7C", "2D", "JK", "3H", "QS", "KD"]


def card(code: str) -> int:
    """First identity with ``code`` (the red joker for ``JK``)."""
    ids = cards_with_code(code)
    return ids[1] if code == "JK" else ids[0]


def cards_png(out: Path) -> None:
    """A row of cards and a back at 44, 64, 90 and 120 px wide."""
    surface = pygame.Surface((1240, 620))
    paint_felt(surface, GREEN)
    y = 12
    for width in (44, 64, 90, 120):
        renderer = CardRenderer(*card_size_for_width(width))
        x = 12
        for code in ROW:
            surface.blit(renderer.face(card(code)), (x, y))
            x += width + 10
        surface.blit(renderer.back(), (x, y))
        if width == 90:
            rect = pygame.Rect(x + width + 24, y, *renderer.size)
            draw_glow(surface, rect, GREEN.glow)
            surface.blit(renderer.face(card("JK")), rect)
        y += renderer.height + 14
    pygame.image.save(surface, out / "cards.png")


def home_png(out: Path, size: tuple[int, int]) -> None:
    """The home scene after its intro animation, second button hovered."""
    manager = SceneManager(size)
    home = HomeScene(on_new_game=lambda n: None, on_quit=lambda: None)
    manager.push(home)
    manager.update(1.0)
    home.buttons[1].hover = True
    surface = pygame.Surface(size)
    manager.draw(surface)
    pygame.image.save(surface, out / f"home-{size[0]}x{size[1]}.png")


def table_png(out: Path, size: tuple[int, int], players: int) -> None:
    """The table layout with a sample deal placed by the layout functions."""
    layout = compute_layout(size, players)
    theme = BLUE if players == 4 else GREEN
    surface = pygame.Surface(size)
    paint_felt(surface, theme)
    renderer = CardRenderer(*layout.card)
    small = CardRenderer(*layout.small_card)
    for name, rect in layout.named_rects().items():
        pygame.draw.rect(surface, (255, 255, 255), rect, 1)
        blit_text(surface, name, 14, (255, 255, 255), topleft=(rect.x + 2, rect.y + 2))
    hand = sorted(range(0, 108, 7))[:15]
    hand.sort(key=lambda c: CARD_KIND[c])
    sprites: list[CardSprite] = []
    for i, (x, y) in enumerate(
        place_hand(len(hand), layout.hand, layout.card, [CARD_KIND[c] for c in hand])
    ):
        sprites.append(
            CardSprite(hand[i], x, y, z=i, selected=i in (3, 4), lift=14 if i in (3, 4) else 0)
        )
    melds = [
        ["AS", "AH", "AD", "2C"],
        ["KD", "KS", "KC"],
        ["7C", "7D", "7H", "7S", "JK", "7C", "7D"],
        ["5H", "5S", "5C"],
    ]
    for side in (0, 1):
        for meld, positions in zip(
            melds,
            place_melds([len(m) for m in melds], layout.melds[side], layout.card),
            strict=True,
        ):
            for k, (code, (x, y)) in enumerate(zip(meld, positions, strict=True)):
                sprites.append(CardSprite(card(code), x, y, z=100 + k))
        for k, (x, y) in enumerate(place_stack(2, layout.red_threes[side], layout.card)):
            sprites.append(CardSprite(card("3H" if k else "3D"), x, y, z=200 + k))
    for k, (x, y) in enumerate(place_pile(40, layout.stock)):
        sprites.append(CardSprite(None, x, y, face_up=False, z=300 + k))
    draw_glow(surface, layout.discard, theme.glow)
    sprites.append(CardSprite(card("9H"), *layout.discard.topleft, z=400))
    draw_sprites(surface, sprites, renderer)
    badge = Badge(theme.badge_bg, theme.badge_text, max(14, layout.card[0] // 4))
    badge.draw(surface, "40", layout.stock.midbottom)
    for seat in range(1, players):
        area = layout.hands[seat]
        if area.width > area.height:
            spots = place_hand(13, area, layout.small_card, max_step=0.35)
        else:
            spots = place_stack(13, area, layout.small_card, max_offset=0.12, align="center")
        draw_sprites(surface, [CardSprite(None, x, y, face_up=False) for x, y in spots], small)
        badge.draw(surface, "13", area.center)
    draw_panel(surface, layout.scores, theme.frost)
    blit_text(
        surface, "Us 1240", 22, theme.text, topleft=(layout.scores.x + 10, layout.scores.y + 10)
    )
    animator = Animator()
    toast = Toast(animator, theme=theme)
    toast.show("Melds reach 30 of the 50 you need")
    toast.draw(surface, layout.message)
    for rect, label in ((layout.reset_button, "Reset"), (layout.menu_button, "Menu")):
        Button(rect, label, theme=theme).draw(surface)
    pygame.image.save(surface, out / f"table-{size[0]}x{size[1]}-{players}p.png")


def main() -> int:
    """Write all previews into the folder named on the command line (or the default)."""
    out = output_folder("/tmp/canasta-preview", __doc__)
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    cards_png(out)
    home_png(out, (1280, 800))
    home_png(out, (800, 1200))
    for size in ((1280, 800), (960, 600), (1920, 1080), (800, 1200)):
        for players in (2, 4):
            table_png(out, size, players)
    print(f"previews written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
