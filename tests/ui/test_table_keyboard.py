"""Keyboard play at the table (dummy video driver): a whole hand by keys alone, planned
melds played together, the finish search with its confirmation, and the help overlay."""

from __future__ import annotations

import pygame
import pytest

from canasta.ai import HeuristicPlayer
from canasta.ai.player import Player
from canasta.app import App
from canasta.controller import TableController
from canasta.engine import CLASSIC, Game
from canasta.engine.moves import Move, MoveType
from canasta.engine.position import state_from_data
from canasta.engine.state import EndReason, Phase
from canasta.scenes.base import SceneManager
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.table import TableScene
from canasta.ui.input import Click, post_key

DT = 1 / 60


def pump(app: App, seconds: float = 0.0) -> None:
    """Deliver posted events, then advance the scenes by ``seconds`` of game time."""
    for event in pygame.event.get():
        app.manager.handle_event(event)
    for _ in range(max(1, round(seconds / DT))):
        app.manager.update(DT)


def press(app_or_manager: App | SceneManager, key: int, unicode: str = "") -> None:
    post_key(key, unicode=unicode)
    manager = app_or_manager.manager if isinstance(app_or_manager, App) else app_or_manager
    for event in pygame.event.get():
        manager.handle_event(event)
    manager.update(1 / 60)


def focus_on(app: App | SceneManager, table: TableScene, card: int) -> None:
    """Move the focus ring to ``card``: Home, then Right presses (the ring stops at the
    ends of the hand)."""
    cards = table.focus.cards()
    assert card in cards
    press(app, pygame.K_HOME)
    for _ in range(len(cards)):
        if table.focus.focused_card() == card:
            return
        press(app, pygame.K_RIGHT)
    raise AssertionError("the focus ring never reached the card")


def lift(app: App | SceneManager, table: TableScene, cards: tuple[int, ...]) -> None:
    for card in cards:
        focus_on(app, table, card)
        press(app, pygame.K_RETURN)
        assert card in table.selected


def play_by_keys(app: App, table: TableScene, move: Move) -> None:
    """Make ``move`` with key presses only."""
    t = move.type
    if t is MoveType.DRAW:
        press(app, pygame.K_s)
    elif t is MoveType.TAKE:
        lift(app, table, move.cards)
        press(app, pygame.K_d)
    elif t is MoveType.MELD:
        lift(app, table, move.cards)
        press(app, pygame.K_m)
    elif t is MoveType.LAYOFF:
        lift(app, table, move.cards)
        for _ in range(20):
            if table.selection.meld_focus == move.target:
                break
            press(app, pygame.K_TAB)
        press(app, pygame.K_m)
    elif t is MoveType.DISCARD:
        lift(app, table, move.cards)
        press(app, pygame.K_RETURN)  # Enter on the one lifted card discards it
    elif t in (MoveType.YES, MoveType.NO):
        press(app, pygame.K_y if t is MoveType.YES else pygame.K_n)
    elif t is MoveType.ASK:
        press(app, pygame.K_a)
    else:
        pytest.fail(f"unexpected move {move.text()}")


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_hand_by_keyboard_alone(players: int, request: pytest.FixtureRequest) -> None:
    pygame.init()
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800), seed=21 + players)
    request.addfinalizer(app.close)
    app.new_game(players)
    table = app.table
    assert isinstance(table, TableScene)
    controller: TableController = table.controller
    advisor = HeuristicPlayer()
    kinds: set[MoveType] = set()
    for _ in range(20000):
        if isinstance(app.manager.top, ScoreboardScene):
            break
        pump(app, 0.1)
        if table.hand_waiting:  # every hand face up until the person presses Enter
            post_key(pygame.K_RETURN)
            continue
        if not controller.person_to_move() or table.animator.busy:
            continue
        hand = controller.hand
        before = len(hand.history)
        move = advisor.choose(hand.view_for(0))
        play_by_keys(app, table, move)
        assert len(hand.history) == before + 1, f"keys did not make {move.text()}"
        assert hand.history[-1].type is move.type
        kinds.add(move.type)
    else:
        pytest.fail("the hand did not reach the scoreboard")
    assert {MoveType.DRAW, MoveType.DISCARD} <= kinds
    assert controller.hand.phase is Phase.ENDED


def _table(data: dict[str, object]) -> tuple[TableScene, SceneManager]:
    pygame.init()
    pygame.display.set_mode((1280, 800))
    state = state_from_data({"turn": 0, **data})
    game = Game(state.rules, seed=1)
    game.hand = state
    seats: list[Player | None] = [None, *(HeuristicPlayer() for _ in range(state.players - 1))]
    manager = SceneManager((1280, 800))
    table = TableScene(TableController(game, seats), lambda c: None, lambda: None)
    manager.push(table)
    for _ in range(120):
        manager.update(1 / 30)
    return table, manager


def test_planned_melds_open_together_and_a_group_can_be_undone() -> None:
    # Side score 1,600: the opening minimum is 90; Aces (60) and Kings (30) only together.
    hands = [["AS", "AH", "AD", "KS", "KH", "KD", "QC", "9C", "5D"], ["4C", "6D"]]
    table, manager = _table(
        {"rules": {"players": 2}, "hands": hands, "phase": "play", "side_scores": [1600, 0]}
    )
    hand = table.controller.hand
    by_code = {code: card for card, code in ((c, _code(c)) for c in hand.hands[0])}
    lift(manager, table, (by_code["AS"], by_code["AH"], by_code["AD"]))
    press(manager, pygame.K_p)
    assert len(table.planner.groups) == 1 and not table.selected
    lift(manager, table, (by_code["QC"], by_code["9C"]))
    press(manager, pygame.K_p)
    # Clicking the second group takes it back.
    manager.draw(pygame.display.get_surface())
    assert table.handle(Click(table.planner.group_rects[1].center))
    assert len(table.planner.groups) == 1
    # Aces alone fall short as a plan: refused as a whole, nothing played.
    press(manager, pygame.K_g)
    assert table.toast.visible and "60 of the 90" in table.toast.text
    assert not hand.melds[0] and len(table.planner.groups) == 1
    lift(manager, table, (by_code["KS"], by_code["KH"], by_code["KD"]))
    press(manager, pygame.K_p)
    press(manager, pygame.K_g)
    assert hand.opened[0] and sorted(hand.melds[0]) == [9, 10]  # Kings and Aces
    assert table.planner.groups == []


def test_finish_searches_a_way_out_and_asks_for_confirmation() -> None:
    k7 = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]
    hands = [["7H", "7D", "7C", "QC", "QD", "QH", "9S"], ["4C", "6D"]]
    table, manager = _table(
        {"rules": {"players": 2}, "hands": hands, "melds": [{"K": k7}, {}], "phase": "play"}
    )
    press(manager, pygame.K_f)
    assert table.planner.confirm is not None
    assert [m.type for m in table.planner.confirm] == [MoveType.MELD, MoveType.MELD,
                                                       MoveType.DISCARD]  # fmt: skip
    manager.draw(pygame.display.get_surface())
    press(manager, pygame.K_ESCAPE)  # cancel: nothing played
    assert table.planner.confirm is None and not table.controller.hand.ended
    press(manager, pygame.K_f)
    press(manager, pygame.K_RETURN)
    hand = table.controller.hand
    assert hand.ended and hand.end_reason is EndReason.WENT_OUT and hand.went_out == 0


def test_finish_says_why_there_is_no_way_out() -> None:
    k7 = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]
    table, manager = _table(
        {"rules": {"players": 2}, "hands": [["7H", "9D", "5C"], ["4C"]],
         "melds": [{"K": k7}, {}], "phase": "play"}
    )  # fmt: skip
    press(manager, pygame.K_f)
    assert table.planner.confirm is None
    assert table.toast.text.startswith("No way to go out now: no meld can take your")


def test_finish_refuses_a_plan_that_does_not_go_out() -> None:
    # The side has no canasta: planning Kings and sixes leaves four cards, so Finish must
    # not offer "Go out" (a player report: it did, and then only played the melds).
    hands = [["KS", "KH", "KD", "2D", "6S", "6H", "2S", "7C", "9D", "JC", "QH"], ["4C", "6D"]]
    table, manager = _table({"rules": {"players": 2}, "hands": hands, "phase": "play"})
    hand = table.controller.hand
    by_code = {_code(c): c for c in hand.hands[0]}
    lift(manager, table, (by_code["KS"], by_code["KH"], by_code["KD"], by_code["2D"]))
    press(manager, pygame.K_p)
    lift(manager, table, (by_code["6S"], by_code["6H"], by_code["2S"]))
    press(manager, pygame.K_p)
    press(manager, pygame.K_f)
    assert table.planner.confirm is None
    # What stands in the way is the canasta, not the four cards.
    assert table.toast.text == "Your side needs 1 canasta to go out; it has 0."
    assert not hand.melds[0] and len(table.planner.groups) == 2


def test_help_overlay_lists_the_keys_and_is_modal() -> None:
    table, manager = _table({"rules": CLASSIC.to_dict(), "hands": [["7H", "9D"], ["4C"]]})
    press(manager, pygame.K_F1)
    assert table.help.open
    press(manager, pygame.K_s)  # swallowed while the overlay shows
    assert table.controller.hand.phase is Phase.DRAW
    manager.draw(pygame.display.get_surface())
    press(manager, pygame.K_ESCAPE)
    assert not table.help.open
    press(manager, pygame.K_s)
    assert table.controller.hand.phase is Phase.PLAY


def _code(card: int) -> str:
    from canasta.engine.cards import CARD_CODE

    return CARD_CODE[card]
