"""The opening minimum (docs/rules.md#opening-minimum)."""

from __future__ import annotations

import pytest

from canasta.engine import CLASSIC, Code, Phase
from canasta.engine.cards import KING

from .helpers import codes, hand, legal, pos, refused


@pytest.mark.parametrize(
    ("score", "minimum"),
    [
        (-2000, 15),
        (-1, 15),
        (0, 50),
        (1499, 50),
        (1500, 90),
        (2999, 90),
        (3000, 120),
        (9000, 120),
    ],
)
def test_minimum_follows_the_sides_score(score: int, minimum: int) -> None:
    assert CLASSIC.opening_minimum(score) == minimum
    state = pos([["4C"], ["4D"]], side_scores=(score, 0))
    assert state.opening_minimum(0) == minimum
    assert state.opening_minimum(1) == 50


def test_several_melds_add_up_and_discard_waits_for_the_minimum() -> None:
    state = pos([["KS", "KH", "KD", "AS", "AH", "AD", "5C", "9D"], ["4C"]], phase="play")
    legal(state, "meld KS KH KD")
    assert state.opening_points == 30 and not state.opened[0]
    refused(state, "discard 5C", Code.OPENING_SHORT, points=30, minimum=50)
    legal(state, "meld AS AH AD")
    assert state.opening_points == 30 + 60 and state.opened[0]
    legal(state, "discard 5C")
    assert state.turn == 1


def test_discard_without_melding_is_fine_before_opening() -> None:
    state = pos([["KS", "5C", "9D"], ["4C"]], phase="play")
    legal(state, "discard 5C")


def test_fifteen_suffices_below_zero() -> None:
    state = pos([["7H", "7D", "7C", "5C", "9D"], ["4C"]], phase="play", side_scores=(-10, 0))
    legal(state, "meld 7H 7D 7C")
    assert state.opened[0] and state.opening_points == 15
    legal(state, "discard 5C")


def test_ninety_from_1500_and_120_from_3000() -> None:
    cards = ["KS", "KH", "KD", "AS", "AH", "AD", "5C", "9D"]
    state = pos([cards, ["4C"]], phase="play", side_scores=(1500, 0))
    legal(state, "meld KS KH KD")
    legal(state, "meld AS AH AD")  # 30 + 60 = 90: exactly the minimum
    assert state.opened[0]
    state = pos([cards, ["4C"]], phase="play", side_scores=(3000, 0))
    # 30 now and at most 60 more (the aces; 5C and 9D are kept): 90 < 120.
    refused(state, "meld KS KH KD", Code.OPENING_UNREACHABLE, minimum=120, points=30)


def test_opening_meld_must_leave_a_card_to_discard_and_one_to_keep() -> None:
    # Kings then aces would open with 90 but leave only 5C: discarding it would be going
    # out, which needs a canasta. So the kings alone cannot start the opening...
    state = pos([["KS", "KH", "KD", "AS", "AH", "AD", "5C"], ["4C"]], phase="play")
    refused(state, "meld KS KH KD", Code.OPENING_UNREACHABLE, minimum=50, points=30)
    # ...while the aces alone open (60) and keep two cards.
    legal(state, "meld AS AH AD")
    assert state.opened[0] and hand(state, 0) == ["5C", "KD", "KH", "KS"]
    assert state.legal_moves()


def test_opening_by_going_out_concealed_with_the_whole_hand() -> None:
    # 50 needs every card: seven 7s (35, a canasta) and three 5s (15), melded in one turn.
    sevens = ["7H", "7D", "7C", "7S", "7H", "7D", "7C"]
    state = pos([sevens + ["5S", "5H"], ["4C"]], stock_top=["5D"])
    legal(state, "draw")
    legal(state, "meld 5S 5H 5D")
    assert not state.opened[0] and state.opening_points == 15
    legal(state, "meld " + " ".join(sevens))
    assert state.ended and state.went_out == 0 and state.concealed


def test_meld_that_makes_the_minimum_unreachable_is_refused() -> None:
    state = pos([["7H", "7D", "7C", "4S", "5S", "9C", "9D"], ["4C"]], phase="play")
    refused(state, "meld 7H 7D 7C", Code.OPENING_UNREACHABLE, minimum=50, points=15)


def test_only_card_values_count_not_canasta_or_red_three_bonuses() -> None:
    fours = ["4C", "4D", "4H", "4S", "4C", "4D", "4H"]
    state = pos(
        [fours + ["5S", "9D"], ["6C"]],
        phase="play",
        red_threes=[["3H", "3D", "3H", "3D"], []],
    )
    # A canasta of seven 4s is worth 7 * 5 = 35 card points: short of 50.
    refused(state, "meld " + " ".join(fours), Code.OPENING_UNREACHABLE, minimum=50, points=35)


def test_wild_cards_count_their_values() -> None:
    state = pos([["9C", "9D", "JK", "5S", "6S"], ["4C"]], phase="play")
    legal(state, "meld 9C 9D JK")  # 10 + 10 + 50 = 70
    assert state.opened[0] and state.opening_points == 70


def test_partner_needs_no_minimum_once_the_side_opened() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {}]
    state = pos([["4C"], ["4D"], ["7H", "7D", "7C", "5S", "6S"], ["4H"]], melds=melds, turn=2)
    state.phase = Phase.PLAY
    legal(state, "meld 7H 7D 7C")
    legal(state, "discard 5S")


def test_pile_taken_before_opening_waits_until_the_minimum() -> None:
    hands = [["KS", "KH", "QS", "QH", "QD", "9C"], ["4C"]]
    state = pos(hands, pile=["AS", "AH", "KC"])
    legal(state, "take KS KH")
    # The top card counts (3 kings = 30); the buried aces do not, and wait by the table.
    assert state.opening_points == 30 and not state.opened[0]
    assert codes(state.waiting) == ["AH", "AS"]
    assert hand(state, 0) == ["9C", "QD", "QH", "QS"]
    refused(state, "discard 9C", Code.OPENING_SHORT, points=30, minimum=50)
    legal(state, "meld QS QH QD")
    assert state.opened[0] and state.waiting == []
    assert hand(state, 0) == ["9C", "AH", "AS"]
    assert codes(state.known[0]) == ["AH", "AS"]
    assert codes(state.melds[0][KING]) == ["KC", "KH", "KS"]
    legal(state, "discard 9C")


def test_pile_take_before_opening_refused_when_the_hand_cannot_reach_it() -> None:
    # With the buried aces (40) the take would reach 70; only the top card counts: 30.
    state = pos([["KS", "KH", "9C", "5S"], ["4C"]], pile=["AS", "AH", "KC"])
    refused(state, "take KS KH", Code.OPENING_UNREACHABLE_PILE, minimum=50, points=30, buried=2)
    refusal = state.check(state.parse_move("take KS KH"))
    assert refusal is not None and refusal.message() == (
        "Your side needs 50 points to open and this reaches 30: only the pile's top card "
        "counts, not the 2 cards under it, and your hand can't make up the rest."
    )


def test_pile_take_that_meets_the_minimum_gives_the_pile_at_once() -> None:
    state = pos([["KS", "KH", "9C"], ["4C"]], pile=["AS", "AH", "KC"], side_scores=(-50, 0))
    legal(state, "take KS KH")  # 30 >= 15
    assert state.opened[0] and state.waiting == []
    assert hand(state, 0) == ["9C", "AH", "AS"]


def test_frozen_until_opened_even_with_natural_and_wild() -> None:
    state = pos([["KS", "2C", "QS", "QH", "QD", "9C"], ["4C"]], pile=["AS", "KC"])
    refused(state, "take KS 2C", Code.PILE_FROZEN_NEEDS_PAIR, rank="Kings")
