"""What a new player found (the new-player test of 2026-12-02): cards are drawn raised
only while they are selected, and the one lifted card goes with the first Enter."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from canasta.app import App
from canasta.engine.cards import CARD_CODE
from canasta.engine.position import state_from_data
from canasta.persistence.session import Session
from canasta.persistence.store import Store
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.table import TableScene, seats, strip
from canasta.ui.input import post_key
from tests.ui.test_abandon import played_a_while
from tests.ui.test_table_buttons import KINGS7, position, table
from tests.ui.test_table_keyboard import _table, lift, press
from tests.ui.test_table_plays_a_hand import click, pump

SIZE = (1280, 800)


def settle(manager, seconds: float = 2.0) -> None:
    for _ in range(round(seconds * 60)):
        manager.update(1 / 60)


def raised(table) -> dict[str, float]:
    """Every card drawn raised now that is not selected: its code and lift (px)."""
    selected = set(table.selected)
    return {
        str(key): sprite.lift
        for key, sprite in table.sprites.items()
        if sprite.lift and key not in selected
    }


def test_melded_then_reset_cards_come_back_lowered() -> None:
    hands = [["AH", "AD", "AC", "QC", "9S", "5D"], ["4C", "6D"]]
    table, manager = _table(
        {"rules": {"players": 2}, "hands": hands, "phase": "draw", "stock": ["9H", "9D", "4S"]}
    )
    press(manager, pygame.K_s)  # draw; Reset goes back to just after the draw
    settle(manager)
    aces = tuple(c for c in table.controller.hand.hands[0] if CARD_CODE[c][0] == "A")
    lift(manager, table, aces)
    press(manager, pygame.K_m)
    settle(manager)
    assert table.controller.hand.melds[0], "the Aces were not melded"
    assert raised(table) == {}  # the meld's column is not raised above its place
    press(manager, pygame.K_u)
    settle(manager)
    assert not table.controller.hand.melds[0]
    assert not table.selected and raised(table) == {}


def test_the_cards_taken_with_the_pile_and_the_partners_hand_rest_lowered() -> None:
    hands = [["AC", "AS", "KH", "9S", "5D"], ["4C", "6D"], ["7S", "8S", "9D"], ["5C", "6C"]]
    table, manager = _table(
        {
            "rules": {"players": 4},
            "hands": hands,
            "phase": "draw",
            "pile": ["5H", "4H", "AH"],
            "side_scores": [0, 0],
        }  # fmt: skip
    )
    hand = table.controller.hand
    aces = tuple(c for c in hand.hands[0] if CARD_CODE[c][0] == "A")
    lift(manager, table, aces)
    press(manager, pygame.K_d)
    settle(manager)
    assert hand.melds[0] and len(hand.hands[0]) == 5, "the pile was not taken"  # 5 - 2 + 2
    assert not table.selected and raised(table) == {}
    # The first Enter on the one lifted card discards it (docs/guide/playing.md).
    nine = next(c for c in hand.hands[0] if CARD_CODE[c] == "9S")
    lift(manager, table, (nine,))
    press(manager, pygame.K_RETURN)
    assert nine not in hand.hands[0] and hand.turn == 1
    # The others play on; the hidden hands never borrow a raised card's place.
    for _ in range(20):
        settle(manager, 1.0)
        assert raised(table) == {}
        if hand.turn == 0:
            break
    assert hand.turn == 0


def test_the_command_lines_new_game_asks_before_dropping_the_saved_game() -> None:
    """``canasta --players 4 --seed 7`` over a saved game in progress: the window opens
    on the question; Keep playing sits down at the saved game, Abandon it deals."""
    pygame.display.set_mode(SIZE)
    first = played_a_while(Session(Store()))
    app = App(SIZE, seed=7)
    app.open_first(4, None, None, start=True)
    dialog = app.manager.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.question == "Abandon the game in progress? It counts as a loss in Stats."
    click(app, dialog.no_button.rect.center)  # Keep playing
    assert isinstance(app.manager.top, TableScene)
    assert app.controller is not None and app.controller.game.rules.players == 2
    kept = Store().load_game()
    assert kept is not None and kept.game_id == first and kept.game.rules.players == 2
    app.close()
    app = App(SIZE, seed=7)
    app.open_first(4, None, None, start=True)
    click(app, app.manager.top.yes_button.rect.center)  # Abandon it
    assert isinstance(app.manager.top, TableScene)
    assert app.controller is not None and app.controller.game.rules.players == 4
    app.close()


def test_the_scoreboards_new_game_keeps_the_number_of_players() -> None:
    """Home key 4 (Players is still 2 in Settings), a quick game played out, Enter on the
    scoreboard's New game: another 4-player game."""
    pygame.display.set_mode(SIZE)
    app = App(SIZE, seed=3)
    app.session.update_settings(game_type="quick")
    app.home()
    post_key(pygame.K_4)
    pump(app)
    table = app.manager.top
    assert isinstance(table, TableScene) and app.controller is not None
    game = app.controller.game
    assert game.rules.players == 4 and app.session.settings.players == 2
    hands = [["QS", "QH", "QD", "4C"], ["7C", "8C"], ["9C"], ["6C"]]
    state = state_from_data({"rules": {"players": 4}, "hands": hands, "melds": [{"K": KINGS7}, {}],
                             "pile": ["5H"], "turn": 0, "phase": "play"})  # fmt: skip
    state.rules = game.rules
    game.hand = state
    app.controller.submit_plan([state.parse_move("meld QS QH QD"), state.parse_move("discard 4C")])
    table.sync()
    pump(app, 2.0)
    post_key(pygame.K_RETURN)  # the hands face up: on to the scores
    pump(app)
    board = app.manager.top
    assert isinstance(board, ScoreboardScene) and board.over
    assert board.buttons[board.focus].label == "New game"
    pump(app, 1.0)  # Enter is ignored for GUARD_S after the scores appear
    post_key(pygame.K_RETURN)
    pump(app)
    assert isinstance(app.manager.top, TableScene) and app.controller.game is not game
    assert app.controller.game.rules.players == 4
    app.close()


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(800, 500), (960, 600), (1280, 800), (1280, 400), (360, 640)])
@pytest.mark.parametrize("phase", ["draw", "play"])
def test_the_prompt_is_never_under_a_button_that_shows(monkeypatch, size, players, phase):
    data = position(players)
    data["phase"] = phase
    scene = table(data, size)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = strip.blit_text

    def spy(surface: pygame.Surface, text: str, *a: Any, **k: Any) -> pygame.Rect:
        rect = real(surface, text, *a, **k)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(strip, "blit_text", spy)
    scene.draw(pygame.display.get_surface())
    shown = scene.buttons()
    assert drawn and shown
    for text, rect in drawn:
        assert rect.height >= 9, text  # 12 px type at the least
        for button in shown:
            assert not rect.colliderect(button.rect), (text, button.label)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(360, 640), (800, 500), (1280, 400), (1280, 800)])
def test_the_score_panels_lines_stay_inside_it(monkeypatch, size, players) -> None:
    data = {**position(players), "deal_number": 967258843}
    scene = table(data, size)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = seats.blit_text

    def spy(surface: pygame.Surface, text: str, *a: Any, **k: Any) -> pygame.Rect:
        rect = real(surface, text, *a, **k)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(seats, "blit_text", spy)
    scene.draw(pygame.display.get_surface())
    panel = scene.layout.scores
    lines = [(t, r) for t, r in drawn if r.colliderect(panel)]
    assert any(t == "Deal 967258843" for t, _ in lines)
    for text, rect in lines:
        assert panel.contains(rect), (text, rect, panel)


def test_a_short_stock_says_how_many_cards_are_out_of_play(monkeypatch) -> None:
    """A position that gives the stock leaves the cards it does not place out
    of the hand; the table says how many (here 108 - 6 in hands - 2 in melds and pile
    - 3 in the stock = 97)."""
    data = {"rules": {"players": 2}, "hands": [["4S", "5S", "9C"], ["7C", "8C", "JD"]],
            "melds": [{}, {}], "pile": ["5H", "6H"], "stock": ["9H", "9D", "4H"],
            "turn": 0, "phase": "draw"}  # fmt: skip
    scene = table(data, (1280, 800))
    assert len(scene.controller.view().seen.out_of_play) == 97
    drawn: list[tuple[str, pygame.Rect]] = []
    real = seats.blit_text
    monkeypatch.setattr(
        seats,
        "blit_text",
        lambda s, t, *a, **k: drawn.append((t, real(s, t, *a, **k))) or drawn[-1][1],
    )
    scene.draw(pygame.display.get_surface())
    words = " ".join(t for t, r in drawn if scene.layout.scores.contains(r))
    assert "97 cards out of play this hand" in words
    # A dealt hand (every card in play) says nothing of the kind.
    drawn.clear()
    table(position(2), (1280, 800)).draw(pygame.display.get_surface())
    assert not any("out of play" in t for t, _ in drawn)
