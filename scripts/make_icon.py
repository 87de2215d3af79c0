"""Write the window icon, ``assets/icon.svg``: three cards fanned on a felt square (a red
heart Ace between two black spades), drawn with the card art's own suit shapes.

Usage: python -m scripts.make_icon [ASSETS_DIR]   (default assets)
"""

from __future__ import annotations

from scripts import output_folder
from scripts.art.svg import document, fmt, rrect, suit

SIZE = 256
FELT, FELT_EDGE = "#1f6b45", "#0f3d27"
CARD, CARD_EDGE = "#fbf8f1", "#9a9486"
RED, BLACK = "#c8102e", "#1b1b1f"


def card(angle: float, mark: str, colour: str) -> str:
    """One card turned ``angle`` degrees about the bottom centre, with a big suit mark."""
    w, h = 104, 146
    x, y = (SIZE - w) / 2, 48
    pivot = f"{fmt(SIZE / 2)} {fmt(y + h + 40)}"
    body = rrect(x, y, w, h, 12, CARD, f' stroke="{CARD_EDGE}" stroke-width="3"')
    body += suit(mark, SIZE / 2, y + h * 0.47, 62, colour)
    body += suit(mark, x + 20, y + 24, 22, colour)
    return f'<g transform="rotate({fmt(angle)} {pivot})">{body}</g>'


def icon() -> str:
    """The icon's SVG text."""
    felt = rrect(8, 8, SIZE - 16, SIZE - 16, 44, FELT, f' stroke="{FELT_EDGE}" stroke-width="10"')
    cards = card(-24, "S", BLACK) + card(24, "C", BLACK) + card(0, "H", RED)
    return document(SIZE, SIZE, felt + cards, title="Canasta")


def main() -> None:
    """Write the icon."""
    root = output_folder("assets", __doc__)
    root.mkdir(parents=True, exist_ok=True)
    (root / "icon.svg").write_text(icon(), encoding="utf-8")
    print(f"wrote {root / 'icon.svg'}")


if __name__ == "__main__":
    main()
