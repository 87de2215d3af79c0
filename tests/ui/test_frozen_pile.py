"""The card that froze the pile lies crosswise under it, its turned corner showing, as How
to play says (a 2♣ upcard under the 5♦ shows)."""

from __future__ import annotations

import math

import pygame
import pytest

from canasta.controller import TableView
from canasta.engine.cards import CARD_CODE
from canasta.engine.position import state_from_data
from canasta.scenes.table.targets import freezing_card, plan_table
from canasta.ui.decks import CORNER_INDEX
from canasta.ui.layout import compute_layout


def view_of(pile: list[str], players: int = 2) -> TableView:
    hands = [["4S", "9C", "9D"], ["5C", "6C", "6D"], ["7D", "7H"], ["8S", "8H"]][:players]
    data = {"rules": {"players": players}, "hands": hands, "pile": pile, "turn": 0,
            "phase": "draw", "opened": [True, True]}  # fmt: skip
    seen = state_from_data(data).view_for(0)
    return TableView(seat=0, watching=False, seen=seen, deal_number=1,
                     opening_minimums=(50, 50), person_to_move=True, can_reset=False,
                     can_ask=False, asking=False)  # fmt: skip


def card(view: TableView, code: str) -> int:
    return next(c for c in view.pile if CARD_CODE[c] == code)


def test_the_freezing_card_is_the_topmost_wild_card_or_red_three() -> None:
    view = view_of(["7S", "2C", "QD", "JK", "5D"])
    assert freezing_card(view.pile) == card(view, "JK")
    red = view_of(["3H", "QD"])
    assert freezing_card(red.pile) == card(red, "3H")
    assert freezing_card(view_of(["7S", "3S", "QD"]).pile) is None  # a black three: not frozen


@pytest.mark.parametrize("size", [(1280, 800), (600, 960), (960, 600), (1920, 1080)])
@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("players", [2, 4])
def test_the_wild_card_that_froze_the_pile_shows_its_turned_corner(size, large, players) -> None:
    view = view_of(["7S", "2C", "5D"], players)
    assert view.pile_frozen
    layout = compute_layout(size, players, large)
    plan = plan_table(view, layout)
    two, top = plan.targets[card(view, "2C")], plan.targets[card(view, "5D")]
    assert two.angle == 90 and top.angle == 0 and two.z < top.z
    cw, ch = layout.card
    upright = pygame.Rect(two.x, two.y, cw, ch)
    turned = pygame.Rect(0, 0, ch, cw)
    turned.center = upright.center
    # Turned a quarter counter-clockwise, the card's top-left index lies at the lower
    # left: the index's height runs along the bottom edge, its width up the left edge.
    down, across = CORNER_INDEX[large]
    index_h, index_w = math.ceil(down * ch), math.ceil(across * cw)
    corner = pygame.Rect(turned.x, turned.bottom - index_w, index_h, index_w)
    above = pygame.Rect(top.x, top.y, cw, ch)
    assert not corner.colliderect(above), (size, corner, above)  # the top card leaves it
    assert not turned.colliderect(layout.stock), (size, turned, layout.stock)


def test_an_unfrozen_pile_lies_square() -> None:
    view = view_of(["7S", "QD", "5D"])
    plan = plan_table(view, compute_layout((1280, 800), 2))
    assert {plan.targets[c].angle for c in view.pile} == {0}


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("players", [2, 4])
def test_the_crosswise_card_lies_over_the_discard_pile_and_nothing_else(players, large) -> None:
    """At 1280x800 the turned card reached 8 px into the person's melds (and 5 px into the
    message strip): the middle band now keeps room below the piles for its corner, at
    every window size the table supports."""
    from tests.ui.test_ui_layout import _all_sizes

    view = view_of(["7S", "2C", "5D"], players)
    sizes = [*_all_sizes(), (1280, 800), (1440, 900)]
    for size in sizes:
        layout = compute_layout(size, players, large)
        plan = plan_table(view, layout)
        two = plan.targets[card(view, "2C")]
        cw, ch = layout.card
        turned = pygame.Rect(0, 0, ch, cw)
        turned.center = pygame.Rect(two.x, two.y, cw, ch).center
        assert turned == layout.crosswise, size
        assert turned.colliderect(layout.discard), size
        assert pygame.Rect(0, 0, *size).contains(turned), size
        for name, rect in layout.named_rects().items():
            if name != "discard":
                assert not turned.colliderect(rect), (size, name, turned, rect)
