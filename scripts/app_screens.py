"""Screenshots of every scene of the app: home, settings, how to play (every page), stats
(with the reset question), the table, the scoreboard, and home with a notice.

Usage: python -m scripts.app_screens OUT_DIR [--size 1280x800]

Runs with whatever video driver SDL has (under Xvfb: a real window; set
SDL_VIDEODRIVER=dummy to render off-screen). Files go to a temporary CANASTA_HOME, so no
real settings or stats are touched. Prints the PNG paths as JSON.
"""

from __future__ import annotations

import json

from canasta.app import App  # noqa: E402
from canasta.persistence.paths import default_paths  # noqa: E402
from canasta.scenes.howto import HowToPlayScene  # noqa: E402
from canasta.scenes.stats import StatsScene  # noqa: E402
from canasta.scenes.table import TableScene  # noqa: E402
from scripts.shots import start  # noqa: E402


def main() -> None:
    """Render every scene to OUT_DIR."""
    shots = start(__doc__.splitlines()[0], "canasta-shots-")
    w, h = shots.size
    shot, written = shots.shot, shots.written

    app = App((w, h), seed=31)
    app.home()
    shot(app, "home-first-run")
    app.settings()
    shot(app, "settings")
    app.change_setting("players", 4)
    app.change_setting("theme", "blue")
    app.change_setting("deck_design", "blue")
    app.change_setting("large_index", True)
    shot(app, "settings-4p-blue")
    app.change_setting("theme", "green")
    app.change_setting("deck_design", "red")
    app.change_setting("large_index", False)
    app.change_setting("players", 2)
    app.how_to_play()
    scene = app.manager.top
    assert isinstance(scene, HowToPlayScene)
    for page in range(len(scene.pages)):
        scene.page = page
        shot(app, f"howto-{page + 1}", 0.1)
    app.new_game(4)
    table = app.table
    assert isinstance(table, TableScene)
    table.controller.players[0] = table.controller.players[1]  # let a computer play seat 0
    shot(app, "table-4p", 45.0)
    while app.manager.top is table:
        shot(app, "table-4p-hand-end", 5.0)
    shot(app, "scoreboard", 0.5)
    app.home()
    shot(app, "home-continue")
    stats = app.session.stats
    stats.record_game("4p-full", "a", True, 5230, "Classic")
    stats.record_game("4p-full", "b", False, 3120, "Book rules")
    stats.record_game("2p-quick", "c", True, 1850, "Classic")
    app.stats()
    shot(app, "stats")
    top = app.manager.top
    assert isinstance(top, StatsScene)
    top.ask_reset()
    shot(app, "stats-reset-question", 0.2)
    default_paths().settings.write_text('speed = "warp"\nplayers = 4\n')
    app2 = App((w, h))
    app2.home()
    shot(app2, "home-notice")
    print(json.dumps(written, indent=1))


if __name__ == "__main__":
    main()
