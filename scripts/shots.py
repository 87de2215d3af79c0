"""Shared set-up of the screenshot scripts: arguments, a window, and a ``shot`` helper.

``start(description, home_prefix)`` parses ``OUT_DIR [--size WxH]``, points CANASTA_HOME
at a fresh temporary folder, opens the window and returns a :class:`Shots`.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame


@dataclass
class Shots:
    """Where screenshots go and the window they are taken of.

    Attributes:
        out: the output folder; size: the window (w, h) px; written: PNG paths so far.
    """

    out: Path
    size: tuple[int, int]
    screen: pygame.Surface
    written: list[str] = field(default_factory=list)

    def shot(self, app: Any, name: str, seconds: float = 1.0) -> None:
        """Advance ``app`` by ``seconds`` of game time, draw it, save ``OUT/name.png``."""
        for _ in range(int(seconds * 60)):
            app.manager.update(1 / 60)
        app.manager.draw(self.screen)
        pygame.display.flip()
        path = self.out / f"{name}.png"
        pygame.image.save(self.screen, str(path))
        self.written.append(str(path))


def start(description: str, home_prefix: str) -> Shots:
    """Parse the arguments, set up a temporary CANASTA_HOME and open the window."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["CANASTA_HOME"] = tempfile.mkdtemp(prefix=home_prefix)
    w, h = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    return Shots(args.out, (w, h), pygame.display.set_mode((w, h)))
