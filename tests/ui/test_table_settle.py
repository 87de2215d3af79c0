"""A hand just dealt is dealt card by card; a hand under way (continued from a save, or
set out from a position) settles in one short move, so the table is usable at once
(about 3 s on Continue, 5 to 8 s for ``canasta position --window``, an
empty hand still at 5 s). Cards still move from the stock: nothing jumps."""

from __future__ import annotations

from typing import Any

import pygame

from canasta.ai import TrackingPlayer
from canasta.controller import TableController
from canasta.engine import CLASSIC, Game
from canasta.engine.position import state_from_data
from canasta.scenes.base import SceneManager
from canasta.scenes.table import TableScene
from canasta.scenes.table.board import MOVE_SECONDS
from canasta.scenes.table.scene import just_dealt
from tests.ui.test_i18n_layout import FOUR, TWO

FPS = 60


def opened(data: dict[str, Any] | None, players: int = 2) -> tuple[TableScene, SceneManager]:
    """A table just opened on position ``data`` (None: a hand just dealt)."""
    size = (1280, 800)
    pygame.display.set_mode(size)
    rules = CLASSIC.with_options(**(data or {}).get("rules", {"players": players}))
    game = Game(rules, 5)
    if data is not None:
        game.hand = state_from_data(data)
    seats: list[Any] = [None, *(TrackingPlayer(s) for s in range(1, rules.players))]
    manager = SceneManager(size)
    scene = TableScene(TableController(game, seats), lambda c: None, lambda: None)
    manager.push(scene)
    return scene, manager


def frames_to_rest(scene: TableScene, manager: SceneManager) -> tuple[int, set[tuple]]:
    """Frames until no card moves, and every card's first position after the first frame
    (to check they left the stock together, not jumped into place)."""
    manager.update(1 / FPS)
    first = {(round(s.pos[0]), round(s.pos[1])) for s in scene.board.sprites.values()}
    for frame in range(1, 20 * FPS):
        if not scene.animator.busy:
            return frame, first
        manager.update(1 / FPS)
    raise AssertionError("the cards never came to rest")


def test_a_hand_just_dealt_is_dealt_card_by_card() -> None:
    for players in (2, 4):
        scene, manager = opened(None, players)
        assert just_dealt(scene.controller.view())
        frames, _first = frames_to_rest(scene, manager)
        assert frames > 1.0 * FPS, frames  # a stagger of 0.022 s per card dealt


def test_a_hand_under_way_settles_in_one_short_move() -> None:
    for data in (TWO, FOUR):
        scene, manager = opened(data)
        view = scene.controller.view()
        assert not just_dealt(view)
        stock = scene.layout.stock.topleft  # type: ignore[union-attr]
        frames, first = frames_to_rest(scene, manager)
        assert frames <= round(MOVE_SECONDS * FPS) + 2, frames  # 0.38 s, was seconds
        # After one frame every card is still near the stock: they move, none jumps.
        assert all(abs(x - stock[0]) < 60 and abs(y - stock[1]) < 60 for x, y in first)
        for key, sprite in scene.board.sprites.items():
            target = sprite.target
            assert target is not None and sprite.pos == (target.x, target.y), key
        assert len(scene.board.sprites) == 108  # every card, in its place
