"""Table layout: areas on screen and disjoint; card placement stays in its area."""

import itertools

import pygame
import pytest

from canasta.ui.layout import (
    choose_card_width,
    compute_layout,
    place_hand,
    place_melds,
    place_pile,
    place_stack,
)

SIZES = [(1280, 800), (960, 600), (800, 600), (1920, 1080), (800, 1200)]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", SIZES)
def test_main_rects_on_screen_and_disjoint(size, players):
    layout = compute_layout(size, players)
    screen = pygame.Rect(0, 0, *size)
    rects = layout.named_rects()
    assert len(layout.hands) == players
    expected = players + 10  # hands, 2 melds, 2 red-three columns, 6 middle-band areas
    assert len(rects) == expected
    for name, rect in rects.items():
        assert rect.width > 0 and rect.height > 0, name
        assert screen.contains(rect), f"{name} {rect} leaves {size}"
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", SIZES)
def test_areas_fit_their_cards(size, players):
    layout = compute_layout(size, players)
    cw, ch = layout.card
    assert ch == round(cw * 1.4)
    for rect in (layout.stock, layout.discard):
        assert rect.size == (cw, ch)
    for side in (0, 1):
        assert layout.melds[side].height >= ch
        assert layout.red_threes[side].width >= cw
        # Your side is below the middle band, theirs above.
    assert layout.melds[0].top > layout.stock.bottom > layout.stock.top > layout.melds[1].bottom
    assert layout.hand.top > layout.melds[0].bottom
    assert layout.hand.height >= ch
    assert layout.message.width >= 120
    assert layout.reset_button.width >= 84 and layout.menu_button.height >= 28


def test_card_size_scales_with_window():
    small = compute_layout((960, 600), 2).card
    medium = compute_layout((1280, 800), 2).card
    large = compute_layout((1920, 1080), 2).card
    assert small[0] < medium[0] < large[0]
    assert choose_card_width((960, 600), 2) == small[0]
    assert 55 <= small[0] <= 65 and 100 <= large[0] <= 130


def test_four_player_seats_landscape_and_portrait():
    land = compute_layout((1280, 800), 4)
    me, left, top, right = land.hands
    assert left.right < land.melds[0].left and right.left > land.melds[0].right
    assert top.bottom < land.melds[1].top and me.top > land.melds[0].bottom
    port = compute_layout((800, 1200), 4)
    assert port.portrait and not land.portrait
    _, left, top, right = port.hands
    assert left.top == top.top == right.top and left.right < top.left < top.right < right.left


def test_bad_player_count():
    with pytest.raises(ValueError):
        compute_layout((1280, 800), 3)


@pytest.mark.parametrize("n", [1, 2, 11, 15, 30, 60])
@pytest.mark.parametrize("size", SIZES)
def test_hand_positions_inside_area(size, n):
    layout = compute_layout(size, 2)
    cw, ch = layout.card
    spots = place_hand(n, layout.hand, layout.card)
    assert len(spots) == n
    for x, y in spots:
        assert layout.hand.contains(pygame.Rect(x, y, cw, ch)), (x, y)
    xs = [x for x, _ in spots]
    if n <= 15:  # one row, left to right, centred
        assert xs == sorted(xs)
        left = xs[0] - layout.hand.left
        right = layout.hand.right - (xs[-1] + cw)
        assert abs(left - right) <= 1


def test_hand_single_card_centered_and_groups_add_gap():
    area = pygame.Rect(0, 0, 1000, 150)
    assert place_hand(1, area, (80, 112)) == [(460, 38)]
    plain = place_hand(4, area, (80, 112))
    grouped = place_hand(4, area, (80, 112), groups=[4, 4, 9, 9])
    step = plain[1][0] - plain[0][0]
    assert step == round(80 * 0.62) or abs(step - 49.6) <= 1
    assert grouped[2][0] - grouped[1][0] > grouped[1][0] - grouped[0][0]


def test_crowded_hand_wraps_into_rows():
    area = pygame.Rect(0, 0, 500, 200)
    spots = place_hand(40, area, (60, 84))
    rows = sorted({y for _, y in spots})
    assert len(rows) >= 2
    assert max(y for _, y in spots) == area.bottom - 84


def test_melds_columns_and_wrap():
    area = pygame.Rect(100, 100, 450, 300)
    card = (80, 112)
    melds = place_melds([3, 7, 4, 5, 6, 2], area, card)
    assert [len(m) for m in melds] == [3, 7, 4, 5, 6, 2]
    firsts = [m[0] for m in melds]
    per_row = (450 + 6) // (80 + 6)  # gap = max(4, round(80 * 0.08)) = 6
    assert per_row == 5
    assert [x for x, _ in firsts[:5]] == [100, 186, 272, 358, 444]
    assert firsts[5] == (100, 250)  # second row at half the height
    for meld in melds:
        ys = [y for _, y in meld]
        assert ys == sorted(ys)
        for x, y in meld:
            assert area.contains(pygame.Rect(x, y, *card))
    assert melds[0][1][1] - melds[0][0][1] <= round(112 * 0.28)


def test_melds_single_row_uses_full_offset():
    melds = place_melds([4], pygame.Rect(0, 0, 300, 400), (80, 112))
    assert [y for _, y in melds[0]] == [0, 31, 63, 94]


def test_stack_and_pile():
    area = pygame.Rect(0, 0, 90, 200)
    spots = place_stack(4, area, (80, 112))
    assert spots[0] == (5, 0) and spots[-1][1] + 112 <= 200
    centered = place_stack(1, area, (80, 112), align="center")
    assert centered == [(5, 44)]
    assert place_pile(0, pygame.Rect(10, 10, 80, 112)) == []
    assert place_pile(1, pygame.Rect(10, 10, 80, 112)) == [(10, 10)]
    assert len(place_pile(60, pygame.Rect(10, 10, 80, 112))) == 4


def _all_sizes():
    """Landscape from 960x600 and portrait from 600x960 up to full HD, in steps."""
    for w in range(960, 1921, 160):
        for h in range(600, 1081, 80):
            yield (w, h)
            yield (h, w)


@pytest.mark.parametrize("large_index", [False, True])
@pytest.mark.parametrize("players", [2, 4])
def test_every_window_size_has_disjoint_areas_and_cards_inside(players, large_index):
    checked = 0
    for size in _all_sizes():
        layout = compute_layout(size, players, large_index)
        screen = pygame.Rect(0, 0, *size)
        rects = layout.named_rects()
        for name, rect in rects.items():
            assert rect.width > 0 and rect.height > 0, (size, name)
            assert screen.contains(rect), (size, name, rect)
        for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
            assert not ra.colliderect(rb), (size, a, ra, b, rb)
        cw, ch = layout.card
        assert ch / cw == pytest.approx(1.55 if large_index else 1.4, abs=0.03), size
        for x, y in place_hand(15, layout.hand, layout.card):
            assert layout.hand.contains(pygame.Rect(x, y, cw, ch)), size
        # Eight melds, one grown long: every card stays inside its side's meld area.
        for side in (0, 1):
            area = layout.melds[side]
            for column in place_melds([3, 4, 5, 3, 12, 3, 4, 7], area, layout.card):
                for x, y in column:
                    assert area.contains(pygame.Rect(x, y, cw, ch)), (size, side)
        for rel in range(1, players):
            area = layout.hands[rel]
            small = layout.small_card
            if area.height > area.width * 1.5:
                spots = place_stack(11, area, small, align="center")
            else:
                spots = place_hand(15, area, small, max_step=0.3, min_step=0.05)
            for x, y in spots:
                assert area.contains(pygame.Rect(x, y, *small)), (size, rel)
        checked += 1
    assert checked == 2 * 7 * 7


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(800, 600), (960, 600), (1024, 640), (1280, 800)])
def test_the_message_strip_is_tall_enough_for_two_rows_and_two_lines(size, players):
    """At 800 x 600 the strip was 84 px high (a card's height), so the
    prompt went over the opponents' melds; the middle band now grows to STRIP_MIN_PX and
    the meld bands give the height, still a card high."""
    from canasta.ui.layout import STRIP_MIN_PX

    layout = compute_layout(size, players)
    assert STRIP_MIN_PX == 124
    assert layout.message.height >= STRIP_MIN_PX
    assert layout.melds[1].bottom < layout.message.top
    assert layout.message.bottom < layout.melds[0].top
    for side in (0, 1):
        assert layout.melds[side].height >= layout.card[1]
    # The piles sit in the middle of the band, clear of both meld bands.
    assert layout.melds[1].bottom < layout.stock.top
    assert layout.crosswise.bottom < layout.melds[0].top


def test_reset_and_menu_grow_for_a_long_label_up_to_two_card_widths():
    """The German Zurücksetzen" keeps its size in its 99 px button at 1280 x 800."""
    plain = compute_layout((1280, 800), 4)
    cw = plain.card[0]
    assert plain.reset_button.width == round(cw * 1.25) == 99
    wide = compute_layout((1280, 800), 4, button_w=140)
    assert wide.reset_button.width == wide.menu_button.width == 140
    assert wide.reset_button.right == plain.reset_button.right
    assert wide.message.right < wide.reset_button.left
    assert wide.message.width >= plain.message.width - 41  # the piles move left first
    assert wide.stock.left <= plain.stock.left
    capped = compute_layout((1280, 800), 4, button_w=400)
    assert capped.reset_button.width == 2 * cw


def test_four_players_in_the_smallest_window_put_the_scores_beside_the_partners_hand() -> None:
    """At 480 x 340 the middle band between the side seats' columns has no room for the
    score panel beside the piles: it sits in the top band's right end, wide and short,
    the partner's hand left of it, and the piles and the message strip share the band."""
    lay = compute_layout((480, 340), 4)
    top = lay.hands[2]
    assert lay.scores.y == top.y and lay.scores.height == top.height
    assert lay.scores.right == 480 - lay.margin and lay.scores.width >= 200
    assert top.right + lay.margin <= lay.scores.x and top.x == lay.margin
    assert lay.stock.x >= lay.hands[1].right + lay.margin
    assert lay.message.width >= 120 and lay.message.x >= lay.discard.right
    assert lay.message.right <= lay.menu_button.x
    wide = compute_layout((1280, 800), 4)  # a large window: beside the piles as before
    assert wide.scores.y > wide.hands[2].bottom and wide.hands[2].width == 1280 - 2 * wide.margin
