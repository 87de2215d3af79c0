"""Melds and lay-offs (docs/rules.md#melds, #black-threes)."""

from __future__ import annotations

from typing import Any

from canasta.engine import Code, EndReason, HandState
from canasta.engine.cards import BLACK_THREE, KING, SEVEN, cards_with_code

from .helpers import K7, codes, hand, legal, pos, refused

OPENED = [{"K": ["KS", "KH", "KD"]}, {}]
BIG = ["7H", "7D", "7C", "7S", "8C", "8D", "2C", "2D", "JK", "JK", "AS", "AH", "5S"]


def opened(hand_codes: list[str], **kw: Any) -> HandState:
    """Side 0 has opened (three kings); seat 0 has drawn and plays."""
    return pos([hand_codes, ["4C"]], melds=OPENED, phase="play", **kw)


def test_three_natural_cards_make_a_meld() -> None:
    state = opened(BIG)
    legal(state, "meld 7H 7D 7C")
    assert codes(state.melds[0][SEVEN]) == ["7C", "7D", "7H"]
    assert (state.msize[0][SEVEN], state.mwild[0][SEVEN]) == (3, 0)


def test_meld_needs_three_cards() -> None:
    refused(opened(BIG), "meld 7H 7D", Code.MELD_TOO_SMALL, count=2)


def test_meld_needs_two_naturals() -> None:
    state = opened(BIG)
    refused(state, "meld 7H 2C JK", Code.MELD_NEEDS_NATURALS, naturals=1)
    refused(state, "meld 2C 2D JK", Code.MELD_NEEDS_NATURALS, naturals=0)
    legal(state, "meld 7H 7D 2C")
    assert (state.msize[0][SEVEN], state.mwild[0][SEVEN]) == (3, 1)


def test_wilds_never_outnumber_naturals() -> None:
    state = opened(BIG)
    refused(state, "meld 7H 7D 2C 2D JK", Code.TOO_MANY_WILDS, wilds=3, naturals=2)
    legal(state, "meld 7H 7D 2C JK")
    refused(state, "layoff 7 JK", Code.TOO_MANY_WILDS, wilds=3, naturals=2)
    legal(state, "layoff 7 7C JK")
    assert (state.msize[0][SEVEN], state.mwild[0][SEVEN]) == (6, 3)


def test_at_most_three_wilds_in_a_meld() -> None:
    state = opened(BIG)
    refused(state, "meld 7H 7D 7C 7S 2C 2D JK JK", Code.WILD_CAP, cap=3, wilds=4)
    legal(state, "meld 7H 7D 7C 7S 2C 2D JK")
    refused(state, "layoff 7 JK", Code.WILD_CAP, cap=3, wilds=4)


def test_wild_cap_lifted_with_max_wilds_none() -> None:
    state = opened(BIG, max_wilds_per_meld=None)
    legal(state, "meld 7H 7D 7C 7S 2C 2D JK JK")
    assert (state.msize[0][SEVEN], state.mwild[0][SEVEN]) == (8, 4)
    # Still never more wild cards than naturals.
    state = opened(BIG, max_wilds_per_meld=None)
    refused(state, "meld 7H 7D 7C 2C 2D JK JK", Code.TOO_MANY_WILDS, wilds=4, naturals=3)


def test_one_rank_per_meld() -> None:
    state = opened(BIG)
    refused(state, "meld 7H 7D 8C", Code.MELD_MIXED_RANKS)
    refused(state, "meld 7H 8C 8D 2C", Code.MELD_MIXED_RANKS)


def test_one_meld_per_rank_per_side() -> None:
    state = opened(["KC", "KC", "KS", "9C", "5S"])
    refused(state, "meld KC KC KS", Code.MELD_EXISTS, rank="Kings")
    legal(state, "layoff K KC KC KS")
    assert state.msize[0][KING] == 6


def test_opponents_meld_of_a_rank_does_not_block_ours() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {"7": ["7C", "7C", "7S"]}]
    state = pos([["7H", "7D", "7H", "9C", "5S"], ["4C"]], melds=melds, phase="play")
    legal(state, "meld 7H 7D 7H")
    assert state.msize[1][SEVEN] == 3 and state.msize[0][SEVEN] == 3


def test_lay_off_only_on_own_sides_meld() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {"7": ["7C", "7C", "7S"]}]
    state = pos([["7H", "KC", "2C", "9C", "5S"], ["4C"]], melds=melds, phase="play")
    # The other side's meld of 7s: the refusal names the rule.
    refused(state, "layoff 7 7H", Code.OPPONENTS_MELD_OF, rank="7s")
    refusal = state.check(state.parse_move("layoff 7 7H"))
    assert refusal is not None and refusal.message() == (
        "The meld of 7s is the other side's: you may lay off only on your own side's melds."
    )
    refused(state, "layoff 9 9C", Code.NO_SUCH_MELD, rank="9s")
    legal(state, "layoff K KC 2C")
    assert codes(state.melds[0][KING]) == ["2C", "KC", "KD", "KH", "KS"]


def test_lay_off_wrong_rank() -> None:
    state = opened(BIG)
    refused(state, "layoff K 7H", Code.LAYOFF_WRONG_RANK, rank="Kings")
    refused(state, "layoff K 2C 7H", Code.LAYOFF_WRONG_RANK, rank="Kings")


def test_partners_share_melds() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {}]
    state = pos([["4C"], ["4D"], ["KC", "9C", "5S"], ["4H"]], melds=melds, turn=2, phase="play")
    legal(state, "layoff K KC")
    assert state.msize[0][KING] == 4


def test_red_three_is_never_melded() -> None:
    # A red three never stays in a hand (dealt, drawn or taken it is laid out at once);
    # should one be there, melding it is refused.
    state = opened(["7H", "7D", "7C", "9C", "5S"])
    red = cards_with_code("3H")[0]
    state._give(0, red)
    move = state.parse_move("meld 7H 7D 3H")
    refusal = state.check(move)
    assert refusal is not None and refusal.code is Code.RED_THREE
    melding = [m for m in state.legal_moves() if m.type.value in ("meld", "layoff")]
    assert melding and all(red not in m.cards for m in melding)


def test_black_threes_melded_only_when_going_out() -> None:
    base = ["3C", "3S", "3C", "7H", "7D", "7S", "5H"]
    state = pos([base, ["4C"]], melds=[{"K": K7}, {}], phase="play")
    refused(state, "meld 3C 3S 3C", Code.BLACK_THREE_NOT_GOING_OUT)
    legal(state, "meld 7H 7D 7S")
    legal(state, "meld 3C 3S 3C")
    assert codes(state.melds[0][BLACK_THREE]) == ["3C", "3C", "3S"]
    legal(state, "discard 5H")
    assert state.end_reason is EndReason.WENT_OUT and state.went_out == 0


def test_four_black_threes_go_out() -> None:
    state = pos([["3C", "3S", "3C", "3S"], ["4C"]], melds=[{"K": K7}, {}], phase="play")
    legal(state, "meld 3C 3S 3C 3S")
    assert state.went_out == 0 and state.msize[0][BLACK_THREE] == 4


def test_black_threes_three_or_four_and_no_wilds() -> None:
    state = pos([["3C", "3S", "2C", "5H"], ["4C"]], melds=[{"K": K7}, {}], phase="play")
    refused(state, "meld 3C 3S", Code.BLACK_THREE_COUNT, count=2)
    refused(state, "meld 3C 3S 2C", Code.BLACK_THREE_WITH_WILD)


def test_black_threes_need_the_canasta_for_going_out() -> None:
    state = pos([["3C", "3S", "3C", "5H"], ["4C"]], melds=[OPENED[0], {}], phase="play")
    refused(state, "meld 3C 3S 3C", Code.NEED_CANASTA, needed=1, have=0)


def test_black_threes_cannot_be_laid_off() -> None:
    state = pos([["3C", "5H", "9C"], ["4C"]], melds=[{"K": K7}, {}], phase="play")
    refused(state, "layoff 3 3C", Code.BLACK_THREE_NO_LAYOFF)
    assert hand(state, 0) == ["3C", "5H", "9C"]
