"""Drawing from the stock (docs/rules.md#drawing, #red-threes, #empty-stock): one card, two
with draw two, red threes."""

from __future__ import annotations

from canasta.engine import Code, EndReason, Phase
from canasta.engine.moves import discard

from .helpers import K7, codes, hand, legal, pos, refused


def test_draw_takes_one_card_from_the_top_of_the_stock() -> None:
    state = pos([["7H", "7D", "9C"], ["4C", "4D"]], pile=["5C"], stock_top=["QS", "QH"])
    stock_before = len(state.stock)
    legal(state, "draw")
    assert hand(state, 0) == ["7D", "7H", "9C", "QS"]
    assert len(state.stock) == stock_before - 1
    assert state.phase is Phase.PLAY and state.turn == 0


def test_draw_two_option_takes_two_cards_with_two_players() -> None:
    state = pos([["7H", "7D", "9C"], ["4C"]], pile=["5C"], stock_top=["QS", "QH"], draw_two=True)
    legal(state, "draw")
    assert hand(state, 0) == ["7D", "7H", "9C", "QH", "QS"]
    # Still one discard ends the turn.
    legal(state, "discard 9C")
    assert state.turn == 1 and state.phase is Phase.DRAW


def test_draw_two_option_has_no_effect_with_four_players() -> None:
    state = pos(
        [["7H", "7D", "9C"], ["4C"], ["4D"], ["4H"]],
        pile=["5C"],
        stock_top=["QS", "QH"],
        draw_two=True,
    )
    legal(state, "draw")
    assert hand(state, 0) == ["7D", "7H", "9C", "QS"]


def test_red_three_drawn_is_laid_out_and_replaced() -> None:
    state = pos([["7H", "7D", "9C"], ["4C"]], pile=["5C"], stock_top=["3H", "QS"])
    legal(state, "draw")
    assert codes(state.red_threes[0]) == ["3H"]
    assert hand(state, 0) == ["7D", "7H", "9C", "QS"]
    assert state.phase is Phase.PLAY


def test_red_three_replaced_by_a_red_three_is_laid_out_again() -> None:
    state = pos([["7H", "7D", "9C"], ["4C"]], pile=["5C"], stock_top=["3H", "3D", "QS"])
    legal(state, "draw")
    assert codes(state.red_threes[0]) == ["3D", "3H"]
    assert hand(state, 0) == ["7D", "7H", "9C", "QS"]


def test_red_three_as_last_stock_card_ends_the_hand() -> None:
    state = pos([["7H", "7D", "9C"], ["4C"]], pile=["5C"], stock_top=["3H"], stock_size=1)
    legal(state, "draw")
    assert codes(state.red_threes[0]) == ["3H"]
    assert hand(state, 0) == ["7D", "7H", "9C"]
    assert state.ended and state.end_reason is EndReason.STOCK_EXHAUSTED
    assert state.went_out == -1


def test_red_three_as_last_card_with_the_option_off_play_goes_on() -> None:
    state = pos(
        [["7H", "7D", "9C"], ["4C"]],
        pile=["5C"],
        stock_top=["3H"],
        stock_size=1,
        red_three_last_card_ends=False,
    )
    legal(state, "draw")
    assert codes(state.red_threes[0]) == ["3H"]
    assert state.phase is Phase.PLAY and not state.stock
    legal(state, "discard 9C")
    assert state.turn == 1


def test_red_three_with_one_card_behind_it_is_replaced_by_that_card() -> None:
    # The red three is not the stock's last card: the last card replaces it, play goes on.
    state = pos([["7H", "7D", "9C"], ["4C"]], pile=["5C"], stock_top=["3H", "KC"], stock_size=2)
    legal(state, "draw")
    assert codes(state.red_threes[0]) == ["3H"]
    assert hand(state, 0) == ["7D", "7H", "9C", "KC"]
    assert state.phase is Phase.PLAY and not state.stock


def test_replacement_red_three_as_last_card_ends_the_hand() -> None:
    state = pos([["7H", "7D", "9C"], ["4C"]], pile=["5C"], stock_top=["3H", "3D"], stock_size=2)
    legal(state, "draw")
    assert codes(state.red_threes[0]) == ["3D", "3H"]
    assert state.end_reason is EndReason.STOCK_EXHAUSTED


def test_drawing_the_last_plain_card_lets_play_go_on() -> None:
    state = pos([["7H", "7D", "9C"], ["4C", "8D"]], pile=["5C"], stock_top=["KC"], stock_size=1)
    legal(state, "draw")
    assert state.phase is Phase.PLAY and not state.stock
    assert hand(state, 0) == ["7D", "7H", "9C", "KC"]


def test_draw_only_in_the_draw_phase() -> None:
    state = pos([["7H", "7D", "9C"], ["4C"]], pile=["5C"], phase="play")
    refused(state, "draw", Code.WRONG_PHASE)
    refused(state, "take 7H 7D", Code.WRONG_PHASE)
    before = pos([["7H", "7D", "9C"], ["4C"]], pile=["5C"])
    refused(before, "discard 9C", Code.WRONG_PHASE)
    refused(before, "meld 7H 7D 9C", Code.WRONG_PHASE)


def test_draw_from_an_empty_stock_is_refused() -> None:
    state = pos(
        [["7H", "7D", "9C"], ["4C"]],
        pile=["KC"],
        melds=[{"K": K7[:3]}, {}],
        stock_size=0,
    )
    refused(state, "draw", Code.STOCK_EMPTY_DECLINE)
    refusal = state.check(state.parse_move("draw"))
    assert refusal is not None
    assert refusal.message() == (
        "The stock is empty: take the pile to play on, or decline it, which ends the hand."
    )


# docs/rules.md#empty-stock
def test_classic_empty_stock_the_pile_may_be_declined_ending_the_hand() -> None:
    # Classic plays on while each player in turn can take the pile; the forced take is the
    # Book rules' (docs/rules.md#empty-stock), so here declining is a move.
    state = pos([["KH", "7D", "9C"], ["4C"]], pile=["KC"], melds=[{"K": K7[:3]}, {}], stock_size=0)
    assert [m.text() for m in state.legal_moves()] == ["decline", "take"]
    legal(state, "decline")
    assert state.ended and state.end_reason is EndReason.STOCK_EXHAUSTED
    assert state.went_out == -1
    assert hand(state, 0) == ["7D", "9C", "KH"]


def test_declining_is_refused_while_the_stock_holds_cards_and_at_other_tables() -> None:
    state = pos([["KH", "7D", "9C"], ["4C"]], pile=["KC"], melds=[{"K": K7[:3]}, {}])
    refused(state, "decline", Code.DECLINE_STOCK_LEFT, stock=len(state.stock))
    assert "decline" not in [m.text() for m in state.legal_moves()]
    other = pos(
        [["KH", "7D", "9C"], ["4C"]],
        pile=["KC"],
        melds=[{"K": K7[:3]}, {}],
        stock_size=0,
        empty_stock="take_or_end",
    )
    refused(other, "decline", Code.DECLINE_NOT_HERE)
    played = pos([["KH", "7D", "9C"], ["4C"]], pile=["KC"], phase="play")
    refused(played, "decline", Code.WRONG_PHASE)


def test_card_not_in_hand_is_refused() -> None:
    state = pos([["7H", "7D", "9C"], ["4C"]], pile=["5C"], phase="play")
    other = discard(state.hands[1][0])
    refusal = state.check(other)
    assert refusal is not None and refusal.code is Code.NOT_IN_HAND
    assert state.check(state.parse_move("discard 9C")) is None
