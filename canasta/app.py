"""The application: one window, one clock, one loop, and the scene manager.

``run`` opens the window on the home screen (or straight on the table for ``--players``,
``--seed`` or ``--demo``) and loops until the person quits or ``quit_after`` seconds pass.
"""

from __future__ import annotations

import os
import random

import pygame

from canasta.ai.levels import DEFAULT_LEVEL, seat_players
from canasta.controller import DecisionWorker, TableController
from canasta.engine import CLASSIC, Game
from canasta.scenes.base import SceneManager
from canasta.scenes.home import HomeScene
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.table import TableScene
from canasta.ui.audio import Sound

FPS = 60
TITLE = "Canasta"


class App:
    """Owns the scene manager and moves between home, table and scoreboard.

    Args:
        size: window size (w, h) px.
        demo: seat computer players in every chair.
        seed: the first game's seed (None: random).
        level: the opponents' level (``easy``, ``medium`` or ``hard``); the partner is
            always ``hard``.

    Setting the environment variable ``CANASTA_TRACE=1`` prints every move and every wait
    for the person on standard output.
    """

    def __init__(
        self,
        size: tuple[int, int],
        demo: bool = False,
        seed: int | None = None,
        level: str = DEFAULT_LEVEL,
    ):
        self.manager = SceneManager(size)
        self.demo = demo
        self.seed = seed
        self.sound = Sound(enabled=os.environ.get("SDL_AUDIODRIVER") != "dummy")
        self.table: TableScene | None = None
        self.trace = os.environ.get("CANASTA_TRACE") == "1"
        self.level = level
        self.worker: DecisionWorker | None = None

    def home(self) -> None:
        """Show the home screen (and forget any table)."""
        self.table = None
        self.manager.clear()
        self.manager.push(HomeScene(self.new_game, self.manager.request_quit))

    def new_game(self, players: int) -> None:
        """Start a new game for 2 or 4 players at the table."""
        seed = self.seed if self.seed is not None else random.randrange(1, 2**31)
        self.seed = None  # the next game is a fresh one
        rules = CLASSIC.with_options(players=players)
        game = Game(rules, seed)
        seats = seat_players(players, None if self.demo else 0, self.level, seed)
        controller = TableController(game, seats, worker=self.decision_worker(), hint_seed=seed)
        self.table = TableScene(
            controller, self.hand_over, self.home, sound=self.sound, trace=self.trace
        )
        self.manager.clear()
        self.manager.push(self.table)

    def decision_worker(self) -> DecisionWorker | None:
        """The process computer players think in, started once (None if it cannot start)."""
        if self.worker is None or not self.worker.alive:
            try:
                self.worker = DecisionWorker()
            except OSError:
                self.worker = None
        return self.worker

    def close(self) -> None:
        """Stop the worker process."""
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def hand_over(self, controller: TableController) -> None:
        """Show the scoreboard for the hand just played."""
        players = controller.game.rules.players
        board = ScoreboardScene(
            controller,
            controller.person if controller.person is not None else 0,
            on_continue=self.next_hand,
            on_new_game=lambda: self.new_game(players),
            on_home=self.home,
            auto_continue=4.0 if self.demo else None,
        )
        self.manager.push(board)

    def next_hand(self) -> None:
        """Leave the scoreboard and deal the next hand."""
        self.manager.pop()
        if self.table is not None:
            self.table.controller.next_hand()
            self.table.start_hand()


def run(
    players: int | None = None,
    seed: int | None = None,
    demo: bool = False,
    quit_after: float | None = None,
    size: tuple[int, int] = (1280, 800),
) -> int:
    """Open the window and play until quit; return the exit status (0).

    Args:
        players: start a game at once with 2 or 4 players (None: the home screen).
        seed: deal a reproducible game.
        demo: computer players in every seat.
        quit_after: close the window cleanly after this many seconds.
        size: window size (w, h) px.
    """
    pygame.init()
    pygame.display.set_caption(TITLE)
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    clock = pygame.time.Clock()
    app = App(size, demo=demo, seed=seed)
    if players is not None or seed is not None or demo:
        app.new_game(players or 2)
    else:
        app.home()
    report_first = os.environ.get("CANASTA_REPORT_FIRST_FRAME") == "1"
    elapsed = 0.0
    manager = app.manager
    while not manager.quit_requested:
        dt = min(clock.tick(FPS) / 1000, 0.1)
        elapsed += dt
        for event in pygame.event.get():
            if event.type == pygame.VIDEORESIZE:
                screen = pygame.display.get_surface() or screen
            manager.handle_event(event)
        manager.update(dt)
        manager.draw(screen)
        pygame.display.flip()
        if report_first:
            print("first-frame", flush=True)
            report_first = False
        if quit_after is not None and elapsed >= quit_after:
            manager.request_quit()
    app.close()
    pygame.quit()
    return 0
