"""Regenerate every asset under assets/: card faces, backs, themes and palettes, sounds,
the window icon.

Usage: python -m scripts.make_assets [ASSETS_DIR]   (default assets; run from the repo root
with PYTHONPATH set to it). Each generator can also be run alone; backs come before themes
(a theme names its matching deck).
"""

from __future__ import annotations

import sys

from scripts import make_backs, make_cards, make_icon, make_sounds, make_themes, output_folder


def main() -> None:
    """Run the generators in order with the same command line."""
    output_folder("assets", __doc__)  # --help or a bad option stops here, before any writes
    for module in (make_cards, make_backs, make_themes, make_sounds, make_icon):
        module.main()


if __name__ == "__main__":
    sys.exit(main())
