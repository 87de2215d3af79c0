"""Screenshots of replays: a 4-player hand replayed from your seat and with every hand
face up, the scoreboard offering the replay, the stats list of recent games, and a
portrait replay.

Usage: python scripts/replay_screens.py OUT_DIR [--size 1280x800]

Runs with whatever video driver SDL has (under Xvfb: a real window; set
SDL_VIDEODRIVER=dummy to render off-screen). Files go to a temporary CANASTA_HOME. Prints
the PNG paths as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["CANASTA_HOME"] = tempfile.mkdtemp(prefix="canasta-replay-shots-")

import pygame  # noqa: E402

from canasta.app import App  # noqa: E402
from canasta.scenes.replay import ReplayScene  # noqa: E402
from canasta.scenes.scoreboard import ScoreboardScene  # noqa: E402
from canasta.scenes.stats import StatsScene  # noqa: E402
from tests.persistence.helpers import boundaries, controller_for  # noqa: E402


def main() -> None:
    """Render the replay screens to OUT_DIR."""
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    screen = pygame.display.set_mode((w, h))
    written: list[str] = []

    def shot(app: App, name: str, seconds: float = 1.0) -> None:
        for _ in range(int(seconds * 60)):
            app.manager.update(1 / 60)
        app.manager.draw(screen)
        pygame.display.flip()
        path = args.out / f"{name}.png"
        pygame.image.save(screen, str(path))
        written.append(str(path))

    app = App((w, h), seed=12)
    app.session.update_settings(game_type="quick", speed="fast")
    for seed in (5, 6):  # two finished games for the stats list
        app.session.new_game(seed=seed, players=4 if seed == 5 else 2)
        for _ in boundaries(app.session, controller_for(app.session.current.game)):
            pass
    app.session.update_settings(speed="normal")
    app.demo = True
    app.new_game(4)
    table = app.table
    assert table is not None
    while not isinstance(app.manager.top, ScoreboardScene):
        for _ in range(60):
            app.manager.update(1 / 30)
    shot(app, "replay-scoreboard", 0.3)
    board = app.manager.top
    assert isinstance(board, ScoreboardScene)
    next(b for b in board.buttons if b.label == "Replay hand").click()
    scene = app.manager.top
    assert isinstance(scene, ReplayScene)
    shot(app, "replay-deal", 2.0)
    target = scene.turn_starts[len(scene.turn_starts) * 2 // 3] + 2
    scene.show(target)
    shot(app, "replay-seat", 1.0)
    scene.toggle_view()
    shot(app, "replay-all", 1.0)
    app.stats(show_games=True)
    assert isinstance(app.manager.top, StatsScene)
    shot(app, "replay-stats-recent", 0.2)
    print(json.dumps(written, indent=1))


if __name__ == "__main__":
    main()
