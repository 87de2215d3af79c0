"""A position file played in the window (``canasta position FILE --window``): the table
opens at the hand as it stands, out-of-play cards said in the score panel, the game is
neither saved nor counted, and Play again sets the same position out again."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest

from canasta.app import App
from canasta.engine import CLASSIC, HandState
from canasta.persistence.positions import load_position, position_from_data, position_to_json
from canasta.persistence.store import Store
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.table import TableScene
from tests.ui.test_abandon import played_a_while

SIZE = (1280, 800)
#: Two players, seat 0 to draw, three cards left in the stock: the rest out of play.
SHORT_STOCK = {
    "schema_version": 1,
    "rules": {"players": 2},
    "hands": [["7H", "7D", "KC", "5C", "9D", "2C", "QH"], ["4D", "6C", "8H", "TC", "AC"]],
    "pile": ["4C", "7S"],
    "melds": [{"K": ["KS", "KH", "KD"]}, {}],
    "stock_size": 3,
    "turn": 0,
    "phase": "draw",
}


@pytest.fixture
def position_file(tmp_path: Path) -> Path:
    path = tmp_path / "short.json"
    path.write_text(json.dumps(SHORT_STOCK), encoding="utf-8")
    return path


def play_out(hand: HandState, seed: int) -> None:
    """Random legal moves until the hand ends."""
    rng = random.Random(seed)
    while not hand.ended:
        hand.play(rng.choice(hand.legal_moves()))


def test_the_table_opens_at_the_position_and_saves_nothing(position_file: Path) -> None:
    pygame.display.set_mode(SIZE)
    app = App(SIZE)
    saved_id = played_a_while(app.session)  # a game in progress on disk
    app.open_position(load_position(position_file))
    assert isinstance(app.manager.top, TableScene)
    assert app.controller is not None
    view = app.controller.view()
    # Seat 0 holds the file's cards, with the file's meld; 3 cards are left in the stock,
    # so 108 - 7 - 5 (hands) - 2 (pile) - 3 (meld) - 3 (stock) = 88 are out of play.
    assert sorted(view.seen.hand) == sorted(load_position(position_file).hands[0])
    assert view.seen.stock_size == 3
    assert len(view.seen.out_of_play) == 88
    assert view.person_to_move and view.seen.phase == "draw"
    assert not app.session.tracked
    # The saved game is untouched and nothing was counted as abandoned.
    kept = Store().load_game()
    assert kept is not None and kept.game_id == saved_id
    assert app.session.stats.lines["2p-full"].games_abandoned == 0


def test_play_again_sets_the_same_position_out_again(position_file: Path) -> None:
    pygame.display.set_mode(SIZE)
    app = App(SIZE)
    app.open_position(load_position(position_file))
    controller = app.controller
    assert controller is not None
    play_out(controller.hand, seed=3)
    controller.hand_score = controller.game.finish_hand()
    app.hand_over(controller)
    board = app.manager.top
    assert isinstance(board, ScoreboardScene)
    again = next(b for b in board.buttons if b.label == "Play this position again")
    again.on_click()
    assert app.controller is not controller
    assert app.controller.hand == load_position(position_file)
    assert app.controller.hand.history == []


def test_an_ordinary_game_plays_its_deal_again_not_a_position(position_file: Path) -> None:
    pygame.display.set_mode(SIZE)
    app = App(SIZE)
    app.open_position(load_position(position_file))
    app.new_game(players=2)
    controller = app.controller
    assert controller is not None
    first = controller.hand.deal_number
    play_out(controller.hand, seed=4)
    controller.hand_score = controller.game.finish_hand()
    app.hand_over(controller)
    board = app.manager.top
    again = next(b for b in board.buttons if b.label == "Play this deal again")
    again.on_click()  # the game is saved and under way, so it asks first
    dialog = app.manager.top
    assert isinstance(dialog, ConfirmDialog)
    dialog.yes_button.on_click()
    assert app.controller is not None and app.controller is not controller
    assert app.controller.hand.deal_number == first
    assert app.session.tracked  # an ordinary game is saved


def test_an_ended_hand_cannot_be_sat_at() -> None:
    hand = HandState.deal(CLASSIC.with_options(players=2), 5, 0, (0, 0))
    play_out(hand, seed=5)
    app = App(SIZE)
    with pytest.raises(ValueError, match="over"):
        app.open_position(position_from_data(json.loads(position_to_json(hand))))
