"""Run as the ordinary user (root ignores file modes): ``python -m tests.ui.readonly_visits
HOME`` opens the real app headless on ``HOME`` (its config/ and data/ folders read-only,
owned by this user), visits Settings and the other screens, mends the folders and breaks
them again, and prints, as one JSON object, the home screen's notice lines at each step.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pygame

from canasta.app import App
from canasta.persistence.paths import HOME_ENV
from canasta.scenes.home import CONDITION_SECONDS, HomeScene


def lines(app: App) -> list[str]:
    """The home screen's notice box, as read (the home screen must be on top)."""
    top = app.manager.top
    assert isinstance(top, HomeScene), top
    return [str(line) for line in top.shown_notices()]


def chmod_folders(home: Path, mode: int) -> None:
    """Give ``home``'s config and data folders ``mode``."""
    for name in ("config", "data"):
        (home / name).chmod(mode)


def main(home: Path) -> dict[str, list[str]]:
    """The notice lines at each step (see the module doc)."""
    os.environ[HOME_ENV] = str(home)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800))
    app.decision_worker = lambda: None  # type: ignore[method-assign]
    app.home()
    out = {"start": lines(app)}
    app.settings()
    app.change_setting("sound", False)  # a change that cannot be written
    app.home()  # Back
    out["after settings"] = lines(app)
    app.stats()
    app.home()
    out["after stats"] = lines(app)
    chmod_folders(home, 0o755)  # mended while the home screen shows
    top = app.manager.top
    top.update(CONDITION_SECONDS - 0.5)
    out["mended, not looked yet"] = lines(app)
    top.update(0.5)
    out["mended, looked"] = lines(app)
    chmod_folders(home, 0o555)  # read-only again
    app.settings()
    app.home()
    out["read-only again"] = lines(app)
    chmod_folders(home, 0o755)
    app.close()
    return out


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))
