"""The long press at the table: held still for 0.45 s, it lifts every card of the rank
(posted mouse events through the gesture recogniser, the scene and its sections)."""

from __future__ import annotations

from typing import Any

import pygame

from canasta.ai import TrackingPlayer
from canasta.controller import TableController
from canasta.engine import Game, RuleSet
from canasta.engine.cards import CARD_CODE
from canasta.engine.position import state_from_data
from canasta.scenes.base import SceneManager
from canasta.scenes.table import TableScene
from canasta.ui.input import LONG_PRESS_S, mouse_down, mouse_up

SIZE = (1280, 800)
DT = 1 / 60


def test_a_long_press_lifts_the_whole_rank_and_a_second_lowers_it() -> None:
    pygame.display.set_mode(SIZE)
    game = Game(RuleSet(players=2), 5)
    data: dict[str, Any] = {"rules": {"players": 2}, "turn": 0, "phase": "play",
                            "hands": [["9S", "9H", "9D", "5C", "KD"], ["4D", "4H", "6C"]],
                            "pile": ["5H"]}  # fmt: skip
    game.hand = state_from_data(data)
    scene = TableScene(TableController(game, [None, TrackingPlayer(1)]), lambda c: None,
                       lambda: None)  # fmt: skip
    manager = SceneManager(SIZE)
    manager.push(scene)
    for _ in range(120):
        manager.update(DT)
    nines = {c for c in game.hand.hands[0] if CARD_CODE[c][0] == "9"}
    nine = min(nines)
    rect = scene.card_rect(nine)
    at = (rect.x + 4, rect.y + 12)

    def hold(seconds: float) -> None:
        manager.handle_event(mouse_down(at))
        for _ in range(round(seconds / DT)):
            manager.update(DT)
        manager.handle_event(mouse_up(at))
        manager.update(DT)

    hold(LONG_PRESS_S / 2)  # a short press is a click: one card
    assert scene.selected == {nine}
    hold(LONG_PRESS_S + 0.1)  # held: every nine
    assert scene.selected == nines
    for _ in range(30):
        manager.update(DT)
    assert all(scene.sprites[c].lift > 0 for c in nines)  # lifted on screen
    assert scene.sprites[next(c for c in game.hand.hands[0] if c not in nines)].lift == 0
    hold(LONG_PRESS_S + 0.1)  # held again: all were lifted, so all are lowered
    assert scene.selected == set()
