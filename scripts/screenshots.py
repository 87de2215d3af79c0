"""Render README screenshots of the table mid-game (dummy video driver, seeded games).

Usage: python -m scripts.screenshots [OUT_DIR]   (default assets/screenshots)
"""

from __future__ import annotations

from scripts import output_folder
from scripts.table_harness import make_table, render, settle


def main() -> None:
    """Write table-4p.png and table-2p.png."""
    out = output_folder("assets/screenshots", __doc__)
    out.mkdir(parents=True, exist_ok=True)
    for players, seed, seconds in ((4, 7, 60.0), (2, 12, 30.0)):
        _scene, manager, screen = make_table(players, seed=seed, size=(1280, 800), demo=True)
        settle(manager, seconds)
        render(manager, screen, str(out / f"table-{players}p.png"))
        print(out / f"table-{players}p.png")


if __name__ == "__main__":
    main()
