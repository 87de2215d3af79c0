"""Screenshots of replays: a 4-player hand replayed from your seat and with every hand
face up, the scoreboard offering the replay, the stats list of recent games, and a
portrait replay.

Usage: python -m scripts.replay_screens OUT_DIR [--size 1280x800]

Runs with whatever video driver SDL has (under Xvfb: a real window; set
SDL_VIDEODRIVER=dummy to render off-screen). Files go to a temporary CANASTA_HOME. Prints
the PNG paths as JSON.
"""

from __future__ import annotations

import json

from canasta.app import App  # noqa: E402
from canasta.scenes.replay import ReplayScene  # noqa: E402
from canasta.scenes.scoreboard import ScoreboardScene  # noqa: E402
from canasta.scenes.stats import StatsScene  # noqa: E402
from scripts.shots import start  # noqa: E402
from tests.persistence.helpers import boundaries, controller_for  # noqa: E402


def main() -> None:
    """Render the replay screens to OUT_DIR."""
    shots = start(__doc__.splitlines()[0], "canasta-replay-shots-")
    w, h = shots.size
    shot, written = shots.shot, shots.written

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
