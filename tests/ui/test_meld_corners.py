"""Every meld card's corner index (rank and suit) stays in sight: at
1280x800 with large-index cards a six-card meld used to squeeze until J read as I and no
suit showed."""

from __future__ import annotations

import math

import pygame
import pytest

from canasta.controller import TableController
from canasta.engine.game import Game
from canasta.engine.position import state_from_data
from canasta.engine.rules import CLASSIC
from canasta.scenes.table.targets import plan_table
from canasta.ui.decks import CORNER_INDEX
from canasta.ui.layout import compute_layout, place_melds


def sizes():
    """Landscape from 960x600 and portrait from 600x960 up to full HD, in steps."""
    for w in range(960, 1921, 320):
        for h in range(600, 1081, 160):
            yield (w, h)
            yield (h, w)


def covered_corners(columns, card, corner) -> list[tuple[int, int]]:
    """(meld, card) of every card whose corner index a card drawn after it overlaps."""
    cw, ch = card
    index = (math.ceil(corner[1] * cw), math.ceil(corner[0] * ch))
    drawn = [(m, k, pygame.Rect(pos, card)) for m, col in enumerate(columns)
             for k, pos in enumerate(col)]  # fmt: skip
    out = []
    for i, (m, k, rect) in enumerate(drawn):
        mark = pygame.Rect(rect.topleft, index)
        if any(mark.colliderect(later) for _, _, later in drawn[i + 1 :]):
            out.append((m, k))
    return out


@pytest.mark.parametrize("counts", [[6], [6, 6, 5, 5, 4, 3], [6] * 8, [3] * 11, [5, 1, 6, 2]])
@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("players", [2, 4])
def test_every_meld_card_shows_its_rank_and_suit_at_every_size(players, large, counts) -> None:
    for size in sizes():
        layout = compute_layout(size, players, large)
        corner = CORNER_INDEX[large]
        for area in layout.melds:
            columns = place_melds(counts, area, layout.card, corner=corner)
            assert [len(c) for c in columns] == counts
            assert covered_corners(columns, layout.card, corner) == [], (size, counts)
            for column in columns:
                for pos in column:
                    assert area.contains(pygame.Rect(pos, layout.card)), (size, counts)
                assert reading_order(column) == list(range(len(column))), (size, counts)


def reading_order(column) -> list[int]:
    """The cards' indexes as an eye reads the corners: top to bottom, left to right."""
    return sorted(range(len(column)), key=lambda k: (column[k][1], column[k][0]))


@pytest.mark.parametrize("players", [2, 4])
def test_a_five_card_meld_at_1280x800_reads_in_play_order(players) -> None:
    """Five 8s in a column too short for them: a second column starting at the top would
    read 8 8 / 8 8 / 8 out of order, so the wrap runs two abreast: card k sits in column
    k % 2, line k // 2."""
    layout = compute_layout((1280, 800), players, False)
    corner = CORNER_INDEX[False]
    (column,) = place_melds([5], layout.melds[0], layout.card, corner=corner)
    xs = sorted({x for x, _ in column})
    assert len(xs) == 2, column  # the meld really wraps at this size
    assert [xs.index(x) for x, _ in column] == [0, 1, 0, 1, 0]
    assert reading_order(column) == [0, 1, 2, 3, 4]
    assert covered_corners([column], layout.card, corner) == []


def test_the_tables_six_card_meld_keeps_every_corner_at_1280x800() -> None:
    """The table's own plan: a six-card meld of Jacks, large-index cards."""
    state = state_from_data({
        "hands": [["4S", "9C"], ["5C", "6C"]],
        "melds": [{"J": ["JD", "JH", "JS", "JC", "JD", "2C"], "5": ["5H", "5D", "5S", "5C", "5H"]},
                  {"Q": ["QD", "QH", "QS", "QC", "QD", "QH"]}],
        "pile": ["8C"], "turn": 0, "phase": "draw",
    })  # fmt: skip
    game = Game(CLASSIC, 5)
    game.hand = state
    view = TableController(game, [None, None]).view()  # the person in seat 0
    for large in (False, True):
        layout = compute_layout((1280, 800), 2, large)
        plan = plan_table(view, layout)
        corner = CORNER_INDEX[large]
        for side in (0, 1):
            columns = []
            for kind in plan.meld_order[side]:
                cards = state.melds[side if side == 0 else 1][kind]
                spots = sorted((plan.targets[c].z, plan.targets[c].x, plan.targets[c].y)
                               for c in cards)  # fmt: skip
                columns.append([(x, y) for _, x, y in spots])
            assert covered_corners(columns, layout.card, corner) == [], (large, side)
