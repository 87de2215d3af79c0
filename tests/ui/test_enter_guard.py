"""Repeated Enter does not skip the end of a hand: for GUARD_S of the
scenes' own clock (advanced by update(dt), no real time) after the hands turn face up, and
again after the scores appear, Enter and Space are ignored; after it they go on."""

from __future__ import annotations

import pygame

from canasta.app import App
from canasta.engine.position import state_from_data
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.table import TableScene
from canasta.ui.input import GUARD_S, Key

KINGS7 = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]


def test_enter_pressed_on_as_the_hand_ends_is_ignored_for_a_moment(table_app: App) -> None:
    app = table_app
    table = app.table
    assert isinstance(table, TableScene)
    game = app.controller.game  # type: ignore[union-attr]
    state = state_from_data({"rules": {"players": 2}, "hands": [["QS", "QH", "QD", "4C"],
                             ["7C", "8C"]], "melds": [{"K": KINGS7}, {}], "pile": ["5H"],
                             "turn": 0, "phase": "play"})  # fmt: skip
    state.rules = game.rules
    game.hand = state
    app.controller.submit_plan(  # type: ignore[union-attr]
        [state.parse_move("meld QS QH QD"), state.parse_move("discard 4C")]
    )
    table.sync()
    app.manager.update(1 / 60)
    assert table.hand_waiting
    enter = Key(pygame.K_RETURN)
    for _frame in range(int(GUARD_S * 60) - 6):  # Enter held down while the hands turn up
        assert app.manager.top.handle(enter)
        assert app.manager.top is table and table.hand_waiting
        app.manager.update(1 / 60)
    for _frame in range(12):
        app.manager.update(1 / 60)
    assert app.manager.top.handle(enter)  # GUARD_S later: on to the scores
    board = app.manager.top
    assert isinstance(board, ScoreboardScene) and not table.hand_waiting
    before = board.focus
    assert board.handle(enter) and app.manager.top is board  # the same key: ignored
    board.update(GUARD_S / 2)
    assert board.handle(Key(pygame.K_SPACE)) and app.manager.top is board
    board.update(GUARD_S / 2 + 0.01)
    assert board.focus == before
    assert board.handle(enter)  # now it presses the focused button
    assert app.manager.top is not board
