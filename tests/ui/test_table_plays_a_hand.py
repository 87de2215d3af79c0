"""A whole hand played on the table through posted mouse events (dummy video driver).

The test is the person in seat 0: it asks the heuristic player which move it would make
from seat 0's view, then makes that move only by clicking cards, the stock, the pile and
the meld area, exactly as a person would.
"""

from __future__ import annotations

import pygame
import pytest

from canasta.ai import HeuristicPlayer
from canasta.app import App
from canasta.controller import TableController
from canasta.engine.cards import CARD_KIND
from canasta.engine.moves import Move, MoveType
from canasta.engine.state import Phase
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.table import TableScene
from canasta.ui.input import post_click

DT = 1 / 60


def pump(app: App, seconds: float = 0.0) -> None:
    """Deliver posted events, then advance the scenes by ``seconds`` of game time, asking
    the scenes when they next change after every frame, as the frame loop does."""
    for event in pygame.event.get():
        app.manager.handle_event(event)
    for _ in range(max(1, round(seconds / DT))):
        app.manager.update(DT)
        wake = app.manager.wake_in()
        assert wake is None or wake >= 0.0


def click(app: App, pos: tuple[int, int]) -> None:
    post_click((int(pos[0]), int(pos[1])))
    pump(app)


def card_point(table: TableScene, card: int) -> tuple[int, int]:
    """A point on the visible strip of a card in the person's hand."""
    assert table.full is not None
    rect = table.sprites[card].rect(table.full.size)
    return rect.x + 4, rect.y + 12


def empty_meld_spot(table: TableScene) -> tuple[int, int]:
    assert table.layout is not None and table.plan is not None
    area = table.layout.melds[0]
    taken = list(table.plan.meld_rects[0].values())
    for x in range(area.right - 10, area.x, -20):
        point = (x, area.bottom - 10)
        if not any(r.collidepoint(point) for r in taken):
            return point
    raise AssertionError("no empty spot in the meld area")


def play_by_clicks(app: App, table: TableScene, move: Move) -> None:
    """Make ``move`` with clicks only."""
    assert table.layout is not None and table.plan is not None
    for card in move.cards:
        click(app, card_point(table, card))
    if move.type is MoveType.DRAW:
        click(app, table.layout.stock.center)
    elif move.type is MoveType.TAKE:
        if move.cards:
            click(app, table.layout.discard.center)
        else:
            click(app, table.layout.discard.center)  # select the pile's top card
            click(app, table.plan.meld_rects[0][CARD_KIND[table.controller.hand.pile[-1]]].center)
    elif move.type is MoveType.MELD:
        click(app, empty_meld_spot(table))
    elif move.type is MoveType.LAYOFF:
        click(app, table.plan.meld_rects[0][move.target].center)
    elif move.type is MoveType.DISCARD:
        click(app, table.layout.discard.center)
    else:
        pytest.fail(f"unexpected move for a 2-player hand: {move.text()}")


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_hand_by_clicks_reaches_the_scoreboard(
    players: int, request: pytest.FixtureRequest
) -> None:
    pygame.init()
    size = (1280, 800)
    pygame.display.set_mode(size)
    app = App(size, seed=11 + players)
    request.addfinalizer(app.close)
    app.new_game(players)
    table = app.table
    assert isinstance(table, TableScene)
    controller: TableController = table.controller
    advisor = HeuristicPlayer()
    person_moves = 0
    for _ in range(20000):
        if isinstance(app.manager.top, ScoreboardScene):
            break
        pump(app, 0.1)
        if table.hand_waiting:  # every hand face up until the person clicks
            assert controller.hand.ended and table.reveal
            click(app, table.layout.stock.center)
            continue
        if not controller.person_to_move() or table.animator.busy:
            continue
        hand = controller.hand
        before = len(hand.history)
        move = advisor.choose(hand.view_for(0))
        play_by_clicks(app, table, move)
        assert len(hand.history) == before + 1, f"clicks did not make {move.text()}"
        assert hand.history[-1].type is move.type
        person_moves += 1
    else:
        pytest.fail("the hand did not reach the scoreboard")
    assert person_moves >= 3
    assert controller.hand.phase is Phase.ENDED
    board = app.manager.top
    assert isinstance(board, ScoreboardScene)
    score = controller.hand_score
    assert score is not None
    assert list(controller.game.totals) == [score.sides[0].total, score.sides[1].total]
    # The hands were shown at the end: only the stock is hidden, every hand face up.
    hidden = [k for k in table.sprites if k < 0]
    assert len(table.sprites) == 108 and len(hidden) == len(controller.hand.stock)
    others = [c for seat in range(1, players) for c in controller.hand.hands[seat]]
    assert others and all(table.sprites[c].face_up for c in others)
    surface = pygame.display.get_surface()
    assert surface is not None
    app.manager.draw(surface)
    # Continue deals the next hand (a full game is to 5,000).
    click(app, board.buttons[0].rect.center)
    assert app.manager.top is table
    assert len(controller.game.deal_numbers) == 2
    assert not controller.hand.ended


def test_a_refused_click_shows_the_rule(table_app: App) -> None:
    app = table_app
    table = app.table
    assert table is not None
    controller = table.controller
    for _ in range(4000):
        pump(app, 0.1)
        if controller.person_to_move() and not table.animator.busy:
            break
    assert controller.hand.phase is Phase.DRAW and controller.hand.turn == 0
    # Discarding before drawing is refused with the rule's words, and nothing changes.
    assert table.layout is not None and table.plan is not None
    hand_before = list(controller.hand.hands[0])
    click(app, card_point(table, table.plan.my_hand[0]))
    click(app, table.layout.stock.center)
    # That was a draw: it is legal, so the hand grew by one.
    assert len(controller.hand.hands[0]) == len(hand_before) + 1
    pump(app, 1.0)
    two = table.plan.my_hand[:2]
    for card in two:
        click(app, card_point(table, card))
    click(app, table.layout.discard.center)
    assert table.toast.visible
    assert table.toast.text == "Discard exactly one card."
    assert len(controller.hand.hands[0]) == len(hand_before) + 1


def test_a_second_click_on_the_stock_does_not_catch_the_card_in_flight(table_app: App) -> None:
    app = table_app
    table = app.table
    assert table is not None and table.layout is not None
    controller = table.controller
    for _ in range(5000):
        pump(app, 0.1)
        if controller.person_to_move() and not table.animator.busy:
            break
    assert controller.person_to_move() and controller.hand.phase is Phase.DRAW
    click(app, table.layout.stock.center)
    click(app, table.layout.stock.center)  # the drawn card is still flying from here
    assert table.selected == set()
    assert table.toast.text.startswith("That isn't possible now")
