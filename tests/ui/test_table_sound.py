"""The canasta sound plays once, when a move takes a meld to seven cards or more."""

from __future__ import annotations

from typing import Any

import pygame

from canasta.ai import TrackingPlayer
from canasta.controller import TableController
from canasta.engine import Game, RuleSet
from canasta.engine.cards import CARD_CODE, KING
from canasta.engine.position import state_from_data
from canasta.scenes.base import SceneManager
from canasta.scenes.table import TableScene
from canasta.ui.audio import Sound
from canasta.ui.input import post_click

SIZE = (1280, 800)


class Recorder(Sound):
    """A silent sound layer that remembers what it was asked to play."""

    def __init__(self) -> None:
        super().__init__(enabled=False)
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        self.played.append(name)
        return False


def table_with(kings: list[str], hand: list[str]) -> tuple[TableScene, SceneManager, Recorder]:
    pygame.display.set_mode(SIZE)
    game = Game(RuleSet(players=2), 5)
    data: dict[str, Any] = {"rules": {"players": 2}, "hands": [hand, ["4D", "4H", "6C"]],
                            "melds": [{"K": kings}, {}], "pile": ["5H"], "turn": 0,
                            "phase": "play"}  # fmt: skip
    game.hand = state_from_data(data)
    sound = Recorder()
    scene = TableScene(TableController(game, [None, TrackingPlayer(1)]), lambda c: None,
                       lambda: None, sound=sound)  # fmt: skip
    manager = SceneManager(SIZE)
    manager.push(scene)
    step(manager, 2.0)
    sound.played.clear()
    return scene, manager, sound


def step(manager: SceneManager, seconds: float = 0.0) -> None:
    for event in pygame.event.get():
        manager.handle_event(event)
    for _ in range(max(1, round(seconds * 60))):
        manager.update(1 / 60)


def click_cards(scene: TableScene, manager: SceneManager, codes: list[str]) -> None:
    """Lift hand cards of these codes by clicking them."""
    held = [c for c in scene.controller.view().hand]
    for code in codes:
        card = next(c for c in held if CARD_CODE[c] == code)
        held.remove(card)
        rect = scene.card_rect(card)
        post_click((rect.x + 4, rect.y + 12))
        step(manager)


def test_a_layoff_from_six_to_eight_plays_the_canasta_sound_once() -> None:
    scene, manager, sound = table_with(["KS", "KH", "KD", "KC", "KS", "JK"],
                                       ["KH", "KD", "5C", "9D"])  # fmt: skip
    click_cards(scene, manager, ["KH", "KD"])
    post_click(scene.meld_rect(KING).center)
    step(manager, 1.0)
    assert len(scene.controller.view().meld(0, KING)) == 8
    assert sound.played.count("canasta") == 1
    assert "meld" not in sound.played


def test_a_card_added_to_a_canasta_plays_the_meld_sound() -> None:
    scene, manager, sound = table_with(["KS", "KH", "KD", "KC", "KS", "KH", "KD"],
                                       ["KC", "5C", "9D"])  # fmt: skip
    click_cards(scene, manager, ["KC"])
    post_click(scene.meld_rect(KING).center)
    step(manager, 1.0)
    assert len(scene.controller.view().meld(0, KING)) == 8
    assert sound.played.count("canasta") == 0
    assert sound.played.count("meld") == 1
