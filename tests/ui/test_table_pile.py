"""The pile invites a click only when it could be taken: no glow and no
"or take the pile" while a black three (or a wild card) blocks it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from canasta.engine.cards import CARD_CODE
from canasta.scenes.table import piles
from canasta.scenes.table.furniture import prompt_for
from tests.ui.test_table_buttons import table


def at_draw(pile: list[str]) -> dict[str, Any]:
    return {
        "rules": {"players": 2},
        "hands": [["4S", "4H", "5D", "9C", "JD"], ["7C", "8C"]],
        "melds": [{}, {}],
        "pile": pile,
        "turn": 0,
        "phase": "draw",
    }


def glows(monkeypatch: pytest.MonkeyPatch, data: dict[str, Any]) -> tuple[list, Any]:
    scene = table(data, (1280, 800))
    glowing: list[pygame.Rect] = []
    monkeypatch.setattr(piles, "draw_glow", lambda s, rect, *a, **k: glowing.append(rect))
    scene.draw(pygame.display.get_surface())
    return glowing, scene


@pytest.mark.parametrize(
    ("top", "words"),
    [
        ("3S", "Your turn: draw from the stock (a black three blocks the pile)."),
        ("2D", "Your turn: draw from the stock (a wild card on top: the pile can't be taken)."),
    ],
)
def test_a_blocked_pile_does_not_glow_and_the_prompt_says_why(monkeypatch, top, words) -> None:
    glowing, scene = glows(monkeypatch, at_draw(["5H", top]))
    assert scene.layout.stock in glowing
    assert scene.layout.discard not in glowing
    assert prompt_for(scene.controller.view()) == words


def test_an_open_pile_glows_beside_the_stock(monkeypatch) -> None:
    data = at_draw(["9H", "AD"])
    data["hands"][0] = ["AS", "AH", "5D", "9C", "JD"]  # three aces: 60, enough to open
    glowing, scene = glows(monkeypatch, data)
    assert scene.layout.stock in glowing and scene.layout.discard in glowing
    assert (
        prompt_for(scene.controller.view()) == "Your turn: draw from the stock, or take the pile."
    )


def test_a_pile_no_card_of_the_hand_can_take_is_not_offered(monkeypatch) -> None:
    """The pile is open, but no cards of the hand take its top card (no
    7 in the hand): the prompt offers the stock only, and says why, as the glow does."""
    glowing, scene = glows(monkeypatch, at_draw(["9H", "7D"]))
    assert scene.layout.stock in glowing and scene.layout.discard not in glowing
    view = scene.controller.view()
    assert view.pile_closed is None
    assert prompt_for(view) == (
        "Your turn: draw from the stock (your cards can't take the pile now)."
    )


def test_blocked_shows_once_the_black_three_lies_on_the_pile(monkeypatch) -> None:
    """play10: BLOCKED was drawn on the empty pile while the discarded black three still
    flew there from the hand; it now waits for the card to land."""
    data = {**at_draw(["5H", "9D"]), "phase": "play"}
    data["hands"][0] = ["4S", "4H", "5D", "9C", "3C"]
    scene = table(data, (1280, 800))
    chips: list[str] = []
    monkeypatch.setattr(piles, "chip", lambda s, text, *a, **k: chips.append(text))
    controller = scene.controller
    three = next(c for c in controller.hand.hands[0] if CARD_CODE[c] == "3C")
    assert controller.intent_discard((three,)) is None
    manager = scene.manager_for_test  # type: ignore[attr-defined]
    manager.update(1 / 60)
    assert controller.hand.pile[-1] == three
    assert not scene.ctx.board.rests(three)  # still in flight
    scene.draw(pygame.display.get_surface())
    assert "BLOCKED" not in chips
    for _ in range(120):
        manager.update(1 / 60)
    assert scene.ctx.board.rests(three) and controller.hand.pile[-1] == three
    scene.draw(pygame.display.get_surface())
    assert chips.count("BLOCKED") == 1
