"""Screenshots of the browser client in a real browser (Debian's headless Chromium through
Playwright): the lobby, the chair map and a table in the middle of a hand, for a phone held
upright and on its side, a tablet and two desktop sizes.

Usage: python3 -m scripts.web_screens [--out shots/web] [--turns 6]
Writes PNG files named LAYOUT-SCREEN.png (e.g. phone-table.png) and prints their paths.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.web.browser import LAYOUTS, chromium, page
from tests.web.helpers import (
    PATIENCE_MS,
    WebServer,
    create_table,
    enter,
    play_turn,
    wait_turn_or_end,
)

ROOT = Path(__file__).resolve().parents[1]


def shoot(out: Path, turns: int) -> list[Path]:
    """Take every layout's screenshots into ``out``; return the files."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as data, chromium() as browser:
        server = WebServer(Path(data))
        try:
            for name, width, height, touch in LAYOUTS:
                tab = page(browser, width, height, touch)
                enter(tab, server.http, "Ann")
                tab.wait_for_selector("#new2", timeout=PATIENCE_MS)
                tab.screenshot(path=out / f"{name}-lobby.png")
                players = 4 if width >= 1280 else 2
                create_table(tab, players=players, quick=False)
                tab.click("#ready")
                tab.wait_for_selector("#start:not([disabled])", timeout=PATIENCE_MS)
                tab.screenshot(path=out / f"{name}-chairs.png")
                tab.click("#start")
                played = 0
                while played < turns and wait_turn_or_end(tab) == "turn":
                    play_turn(tab)
                    played += 1
                wait_turn_or_end(tab)
                tab.wait_for_function(
                    "() => document.getAnimations().length === 0", timeout=PATIENCE_MS
                )
                tab.screenshot(path=out / f"{name}-table.png")
                written += [out / f"{name}-{s}.png" for s in ("lobby", "chairs", "table")]
                tab.context.close()
        finally:
            server.stop()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "shots" / "web")
    parser.add_argument("--turns", type=int, default=6, help="moves the browser plays first")
    args = parser.parse_args(argv)
    for path in shoot(args.out, args.turns):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
