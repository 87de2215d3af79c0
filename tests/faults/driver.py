"""Drive the real app through one action on a prepared CANASTA_HOME and report what the
player saw: ``python -m tests.faults.driver CASES.json`` runs a batch (as the user it is
started as) and prints one JSON outcome per case.

An action is what a player does: ``start`` (open the game on the home screen),
``continue`` (press Continue game), ``new`` (press Start new game), ``setting`` (change
the sound setting on the settings screen), ``turns`` (continue, then play three turns) or
``finish`` (continue a game one turn from its end and play to the scoreboard). Every
seat is played by :class:`~canasta.ai.HeuristicPlayer` (the person's too), in this
process (no worker), with the table's clock advanced by hand: no real time passes.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

import pygame

import canasta.app.application as app_module
from canasta.ai import HeuristicPlayer
from canasta.app import App
from canasta.i18n import Words
from canasta.persistence.paths import HOME_ENV
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.home import HomeScene
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.settings import SettingsScene
from canasta.scenes.table import TableScene

SIZE = (1280, 800)
ACTIONS = ("start", "continue", "new", "setting", "turns", "finish")
#: Turn boundaries the "turns" action plays.
TURNS = 3


@dataclass
class Outcome:
    """What one action did.

    Attributes:
        status: 0, or 1 when it raised (``error`` then holds the traceback).
        shown: every line the player was shown (home's notice box and the banner), in order.
        healed: the lines shown at the save point after the fault was mended.
        scene: the screen it ended on ("home", "table", "settings", "scoreboard").
        boundaries: turn boundaries reached at the table.
        over: the game at the table is over.
    """

    status: int = 0
    shown: list[str] = field(default_factory=list)
    healed: list[str] = field(default_factory=list)
    scene: str = ""
    boundaries: int = 0
    over: bool = False
    error: str = ""


def heuristic_seats(players: int, person: int | None, level: str = "medium", seed: int = 0):
    """Computer seats that play as the test's person does (deterministic)."""
    return [None if seat == person else HeuristicPlayer() for seat in range(players)]


def run_action(action: str, heal: Callable[[], None] | None = None) -> Outcome:
    """Run ``action`` on the CANASTA_HOME in force; never raises. ``heal``: mend the fault
    afterwards, then reach the next save point (the next turn at a table, else a plain
    save point) and record what that showed."""
    out = Outcome()
    real_seats = app_module.seat_players
    app_module.seat_players = heuristic_seats  # type: ignore[assignment]
    try:
        app = open_app(out.shown)
        shown = out.shown
        _act(app, action, out)
        collect_home(app, shown)
        top = app.manager.top
        out.scene = _scene_name(top)
        if app.table is not None:
            out.over = app.table.controller.game.over
        if heal is not None:
            heal()
            shown_before = len(shown)
            if app.table is not None:
                app.turn_ended(app.table.controller)
            else:
                app.session.save_point()
                app.tell()
            collect_home(app, shown)
            out.healed = shown[shown_before:]
            del shown[shown_before:]
        app.close()
    except Exception:  # noqa: BLE001 - the outcome reports it
        out.status = 1
        out.error = traceback.format_exc()
    finally:
        app_module.seat_players = real_seats
    return out


def open_app(shown: list[str]) -> App:
    """The app on its home screen, as ``canasta`` opens it, with no worker process (the
    computers think in this process); every line it shows is added to ``shown``. Seat
    deterministic players with ``app_module.seat_players = heuristic_seats`` first."""
    app = App(SIZE)
    app.decision_worker = lambda: None  # type: ignore[method-assign]
    real_show = app.manager.banner.show

    def show(lines: list[Words]) -> None:
        shown.extend(str(line) for line in lines)
        real_show(lines)

    app.manager.banner.show = show  # type: ignore[method-assign]
    app.home()
    collect_home(app, shown)
    return app


def collect_home(app: App, shown: list[str]) -> None:
    """Add the home screen's notice lines not yet collected (each home shows its own):
    its standing lines (a folder that cannot be written) once, then its one-time lines."""
    top = app.manager.top
    if isinstance(top, HomeScene):
        if not getattr(top, "_standing_collected", False):
            shown.extend(str(line) for line in top.standing)
            top._standing_collected = True  # type: ignore[attr-defined]
        done = getattr(top, "_collected", 0)
        shown.extend(str(line) for line in top.notices[done:])
        top._collected = len(top.notices)  # type: ignore[attr-defined]


def _scene_name(scene: object) -> str:
    for name, kind in (("home", HomeScene), ("table", TableScene),
                       ("scoreboard", ScoreboardScene), ("settings", SettingsScene)):  # fmt: skip
        if isinstance(scene, kind):
            return name
    return type(scene).__name__


def press(app: App, label: str) -> bool:
    home = app.manager.top
    assert isinstance(home, HomeScene)
    if label not in home.named:
        return False
    home.named[label].click()
    return True


def _act(app: App, action: str, out: Outcome) -> None:
    if action == "start":
        return
    if action == "new":
        press(app, "Start new game")
        question = app.manager.top
        if isinstance(question, ConfirmDialog):  # "Abandon the game in progress?": yes
            question.yes_button.click()
    elif action == "setting":
        press(app, "Settings")
        scene = app.manager.top
        assert isinstance(scene, SettingsScene)
        scene.on_change("sound", not scene.settings.sound)
    elif action in ("continue", "turns", "finish"):
        if press(app, "Continue game") and action != "continue":
            play(app, out, TURNS if action == "turns" else 400)
    else:
        raise ValueError(f"no action {action!r}")


def play(app: App, out: Outcome, boundaries: int) -> None:
    """Play at the table until ``boundaries`` turn boundaries or the scoreboard."""
    table = app.table
    if table is None:
        return
    controller = table.controller
    advisor = HeuristicPlayer()
    real_turn_ended = table.on_turn_end

    def counted(c):  # type: ignore[no-untyped-def]
        out.boundaries += 1
        assert real_turn_ended is not None
        real_turn_ended(c)

    table.on_turn_end = counted
    for _ in range(5000):
        if isinstance(app.manager.top, ScoreboardScene) or out.boundaries >= boundaries:
            return
        if table.hand_waiting:  # the hands shown face up: the person goes on to the scores
            table.hand_waiting = False
            table.on_hand_over(controller)
        elif controller.person_to_move():
            refusal = controller.submit(advisor.choose(controller.hand.view_for(0)))
            assert refusal is None, refusal
            table.sync()
        else:
            table.update(10.0)  # cards land, the computer's pause ends, the hand ends
    raise AssertionError("the game did not reach the scoreboard")


def main(argv: list[str]) -> int:
    """Run the cases in the JSON file ``argv[0]``: a list of ``{"home", "action", "heal"}``
    (``heal``: ``[path, mode]`` pairs to chmod after the action)."""
    with open(argv[0], encoding="utf-8") as handle:
        cases = json.load(handle)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    for case in cases:
        os.environ[HOME_ENV] = case["home"]
        modes = [(str(path), int(mode)) for path, mode in case.get("heal", [])]
        heal = (lambda m=modes: _chmod(m)) if modes else None
        print(json.dumps(asdict(run_action(case["action"], heal))), flush=True)
    return 0


def _chmod(modes: list[tuple[str, int]]) -> None:
    for path, mode in modes:
        os.chmod(path, mode)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
