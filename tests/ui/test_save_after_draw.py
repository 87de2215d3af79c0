"""A stock draw is final: Menu -> Continue, or a killed process, brings the turn back after
the draw, never before it (drawing, leaving and continuing showed the
next stock card and let the person take the pile instead). The game is saved after the
person's stock draw and pile take; Reset still keeps the drawn card."""

from __future__ import annotations

import pygame
import pytest

from canasta.ai import HeuristicPlayer
from canasta.app import App
from canasta.engine.moves import Move, MoveType
from canasta.engine.state import Phase
from canasta.persistence.session import Session
from canasta.persistence.store import Store
from canasta.scenes.table import TableScene
from tests.ui.test_table_keyboard import press
from tests.ui.test_table_plays_a_hand import pump

SIZE = (1280, 800)


def at_person_draw(request: pytest.FixtureRequest) -> tuple[App, TableScene]:
    """A new 2-player game, played on until the person (seat 0) is to draw."""
    pygame.init()
    pygame.display.set_mode(SIZE)
    app = App(SIZE, seed=31)
    request.addfinalizer(app.close)
    app.new_game(2)
    table = app.table
    assert isinstance(table, TableScene)
    for _ in range(2000):
        pump(app, 0.1)
        hand = table.controller.hand
        waiting = table.controller.person_to_move() and hand.phase is Phase.DRAW
        if waiting and not table.animator.busy:
            return app, table
    pytest.fail("the person never came to draw")


def next_draw_with(app: App, table: TableScene, wanted: MoveType) -> None:
    """Play the person's turns as the heuristic player would until a move of type
    ``wanted`` is legal for the person (at the draw: a stock draw or a pile take)."""
    advisor = HeuristicPlayer()
    controller = table.controller
    for _ in range(4000):
        hand = controller.hand
        assert not hand.ended, "the hand ended before the wanted move was legal"
        if controller.person_to_move() and not table.animator.busy:
            if any(m.type is wanted for m in hand.legal_moves()):
                return
            assert controller.submit(advisor.choose(hand.view_for(0))) is None
        pump(app, 0.1)
    pytest.fail("the wanted move never became legal")


def test_menu_and_continue_keep_the_stock_draw(request: pytest.FixtureRequest) -> None:
    app, table = at_person_draw(request)
    hand = table.controller.hand
    stock_before, held_before = len(hand.stock), set(hand.hands[0])
    press(app, pygame.K_s)  # draw from the stock
    pump(app, 0.5)
    drawn = set(table.controller.hand.hands[0]) - held_before
    assert drawn and table.controller.hand.phase is Phase.PLAY
    stock_after = len(table.controller.hand.stock)
    assert stock_after < stock_before

    # The process is killed here: the file on disk already holds the draw.
    on_disk = Store().load_game()
    assert on_disk is not None
    assert on_disk.game.hand.history[-1].type is MoveType.DRAW
    assert drawn <= set(on_disk.game.hand.hands[0])

    app.home()  # Menu
    app.continue_game()
    again = app.table
    assert isinstance(again, TableScene)
    hand = again.controller.hand
    assert hand.phase is Phase.PLAY  # not back to the draw
    assert len(hand.stock) == stock_after
    assert drawn <= set(hand.hands[0])
    # The card drawn before leaving is still marked as just drawn.
    assert again.just_drawn == drawn
    assert set(again.controller.view().drawn) == drawn


def test_reset_after_continue_still_keeps_the_drawn_card(request: pytest.FixtureRequest) -> None:
    app, table = at_person_draw(request)
    advisor = HeuristicPlayer()
    for _ in range(30):  # draw; play the turn out until a draw leaves a meld to make
        press(app, pygame.K_s)
        pump(app, 0.5)
        hand = table.controller.hand
        assert hand.history[-1].type is MoveType.DRAW
        if any(m.type is MoveType.MELD for m in hand.legal_moves()):
            break
        while table.controller.person_to_move():
            assert table.controller.submit(advisor.choose(hand.view_for(0))) is None
        next_draw_with(app, table, MoveType.DRAW)
    app.home()
    app.continue_game()
    controller = app.table.controller
    hand = controller.hand
    assert hand.phase is Phase.PLAY and hand.history[-1].type is MoveType.DRAW
    after_draw = sorted(hand.hands[0])
    meld = next(m for m in hand.legal_moves() if m.type is MoveType.MELD)
    assert controller.submit(meld) is None
    assert sorted(controller.hand.hands[0]) != after_draw
    assert controller.reset_turn()
    assert sorted(controller.hand.hands[0]) == after_draw
    assert controller.hand.phase is Phase.PLAY


def test_a_pile_take_is_saved_and_its_reset_too(request: pytest.FixtureRequest) -> None:
    app, table = at_person_draw(request)
    controller = table.controller
    next_draw_with(app, table, MoveType.TAKE)
    hand = controller.hand
    assert hand.phase is Phase.DRAW
    take = next(m for m in hand.legal_moves() if m.type is MoveType.TAKE)
    assert controller.submit(take) is None
    pump(app, 0.5)
    saved = Store().load_game()
    assert saved is not None and saved.game.hand.history[-1] == take
    assert controller.reset_turn()
    pump(app, 0.1)
    saved = Store().load_game()
    assert saved is not None and saved.game.hand.phase is Phase.DRAW
    assert Move(MoveType.TAKE, take.cards) not in saved.game.hand.history[-3:]
    assert Session(Store()).continue_game() is not None
