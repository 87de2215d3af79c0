"""Counts a player reads at a glance on the table: every meld
of four or more cards shows its size, and in a narrow window the seat plates with the
other players' card counts are not covered by their hands."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from canasta.controller import TableView
from canasta.engine.position import state_from_data
from canasta.scenes.table.board import Board
from canasta.scenes.table.buttons import place_table_buttons
from canasta.scenes.table.context import TableContext
from canasta.scenes.table.melds import MeldsSection
from canasta.scenes.table.seats import SeatsSection
from canasta.scenes.table.selection import Selection
from canasta.ui.audio import Sound
from canasta.ui.card_images import CardRenderer
from canasta.ui.layout import compute_layout
from canasta.ui.theme import GREEN
from canasta.ui.tween import Animator
from canasta.ui.widgets import Badge, Toast
from tests.ui.test_table_sections import StubControl

SIZES = [(1280, 800), (600, 960)]


def view_of(players: int, hand_sizes: tuple[int, ...] = (8, 11, 4, 11)) -> TableView:
    """Seat 0's view: side 0 holds five 8s, three Kings and an eight-card canasta of 7s;
    side 1 four 5s and three Queens."""
    deck = [f"{r}{s}" for r in "469TJA" for s in "CDHS"] * 2
    hands = [deck[sum(hand_sizes[:i]) : sum(hand_sizes[: i + 1])] for i in range(players)]
    data = {"rules": {"players": players}, "hands": hands, "pile": ["5C", "QH"],
            "melds": [{"8": ["8C", "8C", "8D", "8H", "8H"], "K": ["KS", "KH", "KD"],
                       "7": ["7C", "7D", "7H", "7S", "7C", "7D", "7H", "2C"]},
                      {"5": ["5D", "5H", "5S", "JK"], "Q": ["QC", "QD", "QS"]}],
            "turn": 0, "phase": "play", "opened": [True, True]}  # fmt: skip
    seen = state_from_data(data).view_for(0)
    return TableView(seat=0, watching=False, seen=seen, deal_number=1,
                     opening_minimums=(50, 50), person_to_move=True, can_reset=False,
                     can_ask=False, asking=False)  # fmt: skip


def make_ctx(view: TableView, size: tuple[int, int]) -> TableContext:
    """A settled board for ``view`` in a window of ``size``."""
    pygame.display.set_mode(size)
    control = StubControl(view)
    animator = Animator()
    board = Board(animator)
    layout = compute_layout(size, view.players)
    board.resize(layout, CardRenderer(*layout.card), CardRenderer(*layout.small_card))
    board.deal(view)
    animator.finish_all()
    return TableContext(control, Selection(), board, Toast(animator), Sound(enabled=False), GREEN,
                        places=place_table_buttons(layout))  # fmt: skip


def drawn(ctx: TableContext, *sections: Any) -> pygame.Surface:
    surface = pygame.display.get_surface()
    surface.fill((0, 0, 0))
    for section in sections:
        section.resize(surface.get_size())
        section.draw_under(surface)
    ctx.board.draw(surface, (255, 255, 0))
    for section in sections:
        section.draw(surface)
    return surface


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_every_meld_of_four_or_more_shows_its_count_on_the_meld(size, players) -> None:
    ctx = make_ctx(view_of(players), size)
    melds = MeldsSection(ctx)
    surface = drawn(ctx, melds)
    badges = melds.count_badges()
    assert sorted(text for text, _ in badges) == ["4", "5", "8"]  # not the threes
    plan = ctx.board.plan
    assert plan is not None
    rects = [*plan.meld_rects[0].values(), *plan.meld_rects[1].values()]
    for _text, at in badges:
        # on its own meld's cards, in the badge's colour
        assert sum(r.collidepoint(at) for r in rects) >= 1, (size, at)
        chip = Badge(size=melds.badge_px()).rect_for(_text, at)
        assert surface.get_at((chip.x + 3, chip.centery))[:3] == GREEN.badge_bg, (size, at)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_the_other_seats_labels_read_over_their_hands(size, players) -> None:
    """At 600x960 "West · 11" lay on West's card backs, unreadable.
    A label in the top band sits on a dark plate over the cards, checked at these sizes."""
    ctx = make_ctx(view_of(players), size)
    seats = SeatsSection(ctx)
    surface = drawn(ctx, seats)
    layout = ctx.board.layout
    assert layout is not None
    for rel, area in enumerate(layout.hands[1:], start=1):
        if area.height > area.width * 1.5:
            continue  # a side column: its label stands above the stack, on the felt
        # just left of the first letter, inside the plate: dark under light text
        r, g, b = surface.get_at((area.x + 4, area.centery))[:3]
        assert max(r, g, b) < 100, (rel, size, (r, g, b))


def test_a_meld_in_motion_waits_for_its_count_until_its_cards_rest() -> None:
    """Right after a lay-off the "4" badge sat at the meld's new corner,
    over the next meld's index, while the cards were still moving there."""
    ctx = make_ctx(view_of(4), (1280, 800))
    melds = MeldsSection(ctx)
    assert sorted(text for text, _ in melds.count_badges()) == ["4", "5", "8"]
    view = ctx.view()
    fives = view.meld(1, 1)  # side 1's 5s (kind 1): 5D 5H 5S and a joker
    assert len(fives) == 4
    sprite = ctx.board.sprites[fives[0]]
    sprite.x += 40  # a card on its way
    assert sorted(text for text, _ in melds.count_badges()) == ["5", "8"]
    sprite.x -= 40  # at rest again
    assert sorted(text for text, _ in melds.count_badges()) == ["4", "5", "8"]
