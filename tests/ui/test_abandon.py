"""A game in progress is never thrown away without asking, and an abandoned game counts
as a loss in Stats; Continue game says what is saved."""

from __future__ import annotations

import pygame
import pytest

from canasta.app import App
from canasta.persistence.session import Session
from canasta.persistence.store import Store
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.home import HomeScene
from canasta.scenes.stats import stat_rows
from canasta.scenes.table import TableScene
from tests.persistence.helpers import boundaries, controller_for
from tests.ui.test_table_plays_a_hand import click

SIZE = (1280, 800)


@pytest.fixture
def window():
    pygame.init()
    return pygame.display.set_mode(SIZE)


def played_a_while(session: Session, turns: int = 6) -> str:
    """Start a 2-player full game and play ``turns`` turns of it (saved); its id."""
    session.update_settings(game_type="full")
    game = session.new_game(11, players=2)
    walk = boundaries(session, controller_for(game))
    for _ in range(turns):
        next(walk)
    assert session.current is not None
    return session.current.game_id


def test_a_new_game_counts_the_unfinished_one_as_a_loss() -> None:
    session = Session(Store())
    first = played_a_while(session)
    again = Session(Store())  # the app restarted: the game is on disk only
    at_stake = again.game_at_stake()
    assert at_stake is not None and at_stake.game_id == first
    again.new_game(12, players=2)
    line = again.stats.lines["2p-full"]
    assert (line.games_played, line.games_won, line.games_abandoned) == (1, 0, 1)
    assert line.current_streak == 0 and line.win_rate == 0.0
    assert ("Games abandoned", "1") in stat_rows(line)
    # The new game is the one saved; abandoning is counted once, even if asked again.
    assert again.current is not None and again.current.game_id != first
    assert Session(Store()).stats.lines["2p-full"].games_abandoned == 1
    assert again.game_at_stake() is None  # nothing of the new game is played yet


def test_a_game_where_nothing_was_played_is_not_counted() -> None:
    session = Session(Store())
    session.new_game(11, players=2)
    session.new_game(12, players=2)
    assert session.stats.lines["2p-quick"].games_played == 0
    assert session.stats.lines["2p-full"].games_played == 0


def test_start_new_game_asks_first_and_keep_playing_goes_back_to_the_game(window) -> None:
    """ "Keep playing" ("Seguir jugando") promises the game: it sits down at the saved
    game, which is neither abandoned nor counted."""
    game_id = played_a_while(Session(Store()))
    app = App(SIZE, seed=5)
    app.home()
    home = app.manager.top
    assert isinstance(home, HomeScene)
    assert home.saved == "Classic \u00b7 2 players, full \u00b7 hand 1 \u00b7 us 0, them 0"
    click(app, home.named["Start new game"].rect.center)
    dialog = app.manager.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.question == "Abandon the game in progress? It counts as a loss in Stats."
    assert dialog.no_button.label == "Keep playing"
    click(app, dialog.no_button.rect.center)
    table = app.manager.top
    assert isinstance(table, TableScene) and app.session.has_saved_game()
    assert app.session.current is not None and app.session.current.game_id == game_id
    assert app.session.stats.lines["2p-full"].games_played == 0
    assert table.controller.view().hand == app.session.current.game.hand.view_for(0).hand
    app.home()
    home = app.manager.top
    assert isinstance(home, HomeScene)
    click(app, home.named["Start new game"].rect.center)
    click(app, app.manager.top.yes_button.rect.center)  # "Abandon it"
    assert isinstance(app.manager.top, TableScene)
    line = app.session.stats.lines["2p-full"]
    assert (line.games_played, line.games_abandoned) == (1, 1)
    app.close()


def test_the_question_dims_every_home_button_behind_it(window) -> None:
    """Play online did not look dimmed behind "Abandon the game?"
    (it was dimmed as Settings and Quit were, to about half; the buttons under the panel
    looked darker). The veil now takes every button behind the panel below 40 %."""
    played_a_while(Session(Store()))
    app = App(SIZE, seed=5)
    app.home()
    home = app.manager.top
    assert isinstance(home, HomeScene)
    surface = pygame.display.get_surface()
    app.manager.draw(surface)
    names = ("Play online", "Settings", "How to play", "Stats", "Quit")
    spots = {n: (home.named[n].rect.x + 6, home.named[n].rect.centery) for n in names}
    before = {n: sum(surface.get_at(p)[:3]) for n, p in spots.items()}
    click(app, home.named["Start new game"].rect.center)
    assert isinstance(app.manager.top, ConfirmDialog)
    app.manager.draw(surface)
    after = {n: sum(surface.get_at(p)[:3]) for n, p in spots.items()}
    for name in names:
        assert after[name] < 0.4 * before[name], (name, before[name], after[name])
    app.close()
