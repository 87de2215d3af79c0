"""Taking the discard pile (docs/rules.md#taking-the-pile, #frozen-pile, #blocked-pile)."""

from __future__ import annotations

from canasta.engine import Code, Phase

from .helpers import codes, hand, legal, pos, refused

OPEN = [{"K": ["KS", "KH", "KD"]}, {}]  # side 0 has opened with three kings
HAND = ["7H", "7D", "9C", "9D", "2C", "JK", "5S"]


def test_take_with_natural_pair_moves_rest_of_pile_to_hand() -> None:
    state = pos([HAND, ["4C"]], pile=["QC", "8S", "7S"], melds=OPEN)
    legal(state, "take 7H 7D")
    assert codes(state.melds[0][3]) == ["7D", "7H", "7S"]  # kind 3 is the 7s
    assert hand(state, 0) == ["2C", "5S", "8S", "9C", "9D", "JK", "QC"]
    assert codes(state.known[0]) == ["8S", "QC"]
    assert state.pile == [] and state.pile_freezers == 0
    assert state.phase is Phase.PLAY and state.took_pile


def test_take_with_natural_and_wild_when_unfrozen() -> None:
    state = pos([HAND, ["4C"]], pile=["QC", "7S"], melds=OPEN)
    legal(state, "take 7H 2C")
    assert codes(state.melds[0][3]) == ["2C", "7H", "7S"]
    assert state.mwild[0][3] == 1
    state = pos([HAND, ["4C"]], pile=["QC", "7S"], melds=OPEN)
    legal(state, "take 7H JK")


def test_take_onto_own_meld_when_unfrozen() -> None:
    state = pos([HAND, ["4C"]], pile=["QC", "KC"], melds=OPEN)
    legal(state, "take")
    assert codes(state.melds[0][9]) == ["KC", "KD", "KH", "KS"]
    assert "QC" in hand(state, 0)


def test_wild_or_red_three_on_top_cannot_be_taken() -> None:
    for top in ("2H", "JK", "3H"):
        state = pos([["2C", "2D", "JK", "5S"], ["4C"]], pile=["QC", top], melds=OPEN)
        refused(state, "take 2C 2D", Code.PILE_TOP_WILD)
        assert all(m.type.value != "take" for m in state.legal_moves())


def test_black_three_on_top_blocks_the_pile() -> None:
    state = pos([["3C", "3S", "5S", "9C"], ["4C"]], pile=["QC", "3C"], melds=OPEN)
    refused(state, "take 3C 3S", Code.PILE_TOP_BLACK_THREE)
    refused(state, "take 5S 9C", Code.PILE_TOP_BLACK_THREE)


def test_covered_black_three_no_longer_blocks() -> None:
    state = pos([HAND, ["4C"]], pile=["3C", "7S"], melds=OPEN)
    legal(state, "take 7H 7D")
    assert "3C" in hand(state, 0)


def test_pile_frozen_against_unopened_side_needs_a_natural_pair() -> None:
    hands = [HAND + ["QS", "QH", "QD"], ["4C"]]
    state = pos(hands, pile=["8S", "7S"])
    refused(
        state, "take 7H 2C", Code.PILE_FROZEN_NEEDS_PAIR, rank="7s", reason=" until your side opens"
    )
    refused(state, "take", Code.PILE_FROZEN_NEEDS_PAIR)
    legal(state, "take 7H 7D")


def test_pile_frozen_by_a_wild_in_it_even_for_an_opened_side() -> None:
    melds = [{"K": ["KS", "KH", "KD"], "7": ["7C", "7C", "7S"]}, {}]
    state = pos([["7H", "9C", "2C", "KC", "5S"], ["4C"]], pile=["2D", "QC", "KS"], melds=melds)
    assert state.pile_freezers == 1
    refused(state, "take", Code.PILE_FROZEN_NEEDS_PAIR, reason=" by a wild card or red three in it")
    refused(state, "take KC 2C", Code.PILE_FROZEN_NEEDS_PAIR)
    state = pos([["KC", "KH", "9C", "5S"], ["4C"]], pile=["2D", "QC", "KS"], melds=[{}, {}])
    state.opened = [True, False]
    legal(state, "take KC KH")
    assert state.pile_freezers == 0


def test_pile_frozen_by_discarded_wild() -> None:
    hands = [["2C", "9C", "7S", "5S"], ["7H", "7D", "2D", "9D"]]
    state = pos(hands, pile=["QC"], melds=OPEN, extra={"opened": [True, True]})
    legal(state, "draw")
    legal(state, "discard 2C")
    assert state.pile_freezers == 1
    refused(state, "take 7H 7D", Code.PILE_TOP_WILD)
    legal(state, "draw")
    legal(state, "discard 9D")
    legal(state, "draw")
    legal(state, "discard 7S")
    assert state.pile_frozen_for(1)
    refused(state, "take 7D 2D", Code.PILE_FROZEN_NEEDS_PAIR)
    legal(state, "take 7H 7D")
    assert state.pile_freezers == 0 and "2C" in hand(state, 1)


def test_pile_always_frozen_option() -> None:
    plain = pos([["KC", "9C", "5S"], ["4C"]], pile=["QC", "KS"], melds=OPEN)
    assert not plain.pile_frozen_for(0)
    legal(plain, "take")
    frozen = pos(
        [["KC", "9C", "5S"], ["4C"]], pile=["QC", "KS"], melds=OPEN, pile_always_frozen=True
    )
    assert frozen.pile_freezers == 0 and frozen.pile_frozen_for(0)
    refused(frozen, "take", Code.PILE_FROZEN_NEEDS_PAIR, reason=" (pile always frozen)")
    paired = pos(
        [["QS", "QH", "2C", "5S"], ["4C"]], pile=["8C", "QC"], melds=OPEN, pile_always_frozen=True
    )
    refused(paired, "take QS 2C", Code.PILE_FROZEN_NEEDS_PAIR)
    legal(paired, "take QS QH")


def test_take_with_wrong_cards_is_refused() -> None:
    state = pos([HAND, ["4C"]], pile=["QC", "7S"], melds=OPEN)
    refused(state, "take 9C 9D", Code.TAKE_CARDS_WRONG_RANK, rank="7s")
    refused(state, "take 7H 5S", Code.TAKE_CARDS_WRONG_RANK, rank="7s")


def test_unfrozen_take_without_pair_or_meld_is_refused() -> None:
    state = pos([HAND, ["4C"]], pile=["QC", "7S"], melds=OPEN)
    refused(state, "take", Code.PILE_NEEDS_MELD, rank="7s")
    refused(state, "take 7H", Code.PILE_NEEDS_MELD, rank="7s")
    refused(state, "take 2C JK", Code.PILE_NEEDS_MELD, rank="7s")


def test_empty_pile_cannot_be_taken() -> None:
    state = pos([HAND, ["4C"]], pile=[], melds=OPEN)
    refused(state, "take 7H 7D", Code.PILE_EMPTY)


def test_red_three_in_taken_pile_is_laid_out_without_replacement() -> None:
    state = pos([HAND, ["4C"]], pile=["3H", "QC", "7S"], melds=OPEN, stock_top=["AS"])
    assert state.pile_freezers == 1  # the buried red three freezes the pile
    stock = len(state.stock)
    legal(state, "take 7H 7D")
    assert codes(state.red_threes[0]) == ["3H"]
    assert hand(state, 0) == ["2C", "5S", "9C", "9D", "JK", "QC"]
    assert len(state.stock) == stock


def test_red_three_in_taken_pile_replaced_with_the_option() -> None:
    state = pos(
        [HAND, ["4C"]],
        pile=["3H", "QC", "7S"],
        melds=OPEN,
        stock_top=["AS"],
        red_three_from_pile_replaced=True,
    )
    legal(state, "take 7H 7D")
    assert codes(state.red_threes[0]) == ["3H"]
    assert hand(state, 0) == ["2C", "5S", "9C", "9D", "AS", "JK", "QC"]
    assert "AS" not in codes(state.known[0])  # the stock card is not public


def test_take_that_empties_the_hand_keeps_the_rest_of_the_pile() -> None:
    # The pile's rest joins the hand: taking with the last two cards is not going out.
    melds = [{"K": ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]}, {}]
    state = pos([["7H", "7D"], ["4C"]], pile=["5C", "7S"], melds=melds)
    legal(state, "take 7H 7D")
    assert not state.ended and state.phase is Phase.PLAY
    assert hand(state, 0) == ["5C"]
    legal(state, "discard 5C")
    assert state.ended and state.went_out == 0
