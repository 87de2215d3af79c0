"""Planned cards are dimmed in the hand, and only they: the card lying over a planned
card's right part keeps its own colours, so its corner does not read as planned too."""

from __future__ import annotations

import pygame

from canasta.engine.card_words import card_name
from tests.ui.test_table_buttons import KINGS7, table

POSITION = {
    "rules": {"players": 2},
    "hands": [["QS", "QH", "QD", "KC", "4C"], ["7C", "8C"]],
    "melds": [{"K": KINGS7}, {"5": ["5C", "5D", "5H"]}],
    "pile": ["5H"],
    "turn": 0,
    "phase": "play",
}


def drawn(scene) -> pygame.Surface:
    manager = scene.manager_for_test
    for _ in range(60):
        manager.update(1 / 60)
    surface = pygame.Surface(pygame.display.get_surface().get_size())
    scene.draw(surface)
    return surface


def test_only_the_planned_cards_are_dimmed() -> None:
    scene = table(POSITION, (1280, 800))
    order = list(scene.board.plan.my_hand)  # left to right, each card over the one before
    names = [card_name(card) for card in order]
    planned = [card for card in order if card_name(card).startswith("Q")]
    last = order.index(planned[-1])
    assert names[last + 1] == "K\u2663"  # the King of clubs lies over the last Queen
    before = drawn(scene)
    for card in planned:
        scene.selection.toggle(card)
    scene.planner.add_selection()
    assert scene.planner.planned_cards() == set(planned)
    after = drawn(scene)
    queen = scene.board.card_rect(planned[-1])
    king = scene.board.card_rect(order[last + 1])
    covered = queen.clip(king)
    assert covered.width > 10
    y = covered.centery
    assert all(
        after.get_at((x, y)) == before.get_at((x, y)) for x in range(covered.x, covered.right)
    )
    assert any(after.get_at((x, y)) != before.get_at((x, y)) for x in range(queen.x, king.x))
