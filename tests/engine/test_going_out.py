"""Going out, concealed going out and the end of the stock (docs/rules.md#going-out,
#concealed, #empty-stock)."""

from __future__ import annotations

from canasta.engine import Code, EndReason, Phase

from .helpers import K7, Q7_MIXED, hand, legal, pos, refused

K6 = K7[:6]


def test_going_out_needs_a_canasta() -> None:
    state = pos([["5H"], ["4C"]], melds=[{"K": K6}, {}], phase="play")
    refused(state, "discard 5H", Code.NEED_CANASTA, needed=1, have=0)
    state = pos([["7H", "7D", "7C"], ["4C"]], melds=[{"K": K6}, {}], phase="play")
    refused(state, "meld 7H 7D 7C", Code.NEED_CANASTA, needed=1, have=0)


def test_going_out_by_discarding_the_last_card() -> None:
    state = pos([["5H"], ["4C", "9C"]], melds=[{"K": K7}, {}], phase="play")
    legal(state, "discard 5H")
    assert state.ended and state.end_reason is EndReason.WENT_OUT and state.went_out == 0
    assert state.pile_top is not None and hand(state, 0) == []
    assert state.legal_moves() == []
    refused(state, "draw", Code.WRONG_PHASE)


def test_going_out_by_melding_every_card() -> None:
    state = pos([["7H", "7D", "7C"], ["4C"]], melds=[{"K": K7}, {}], phase="play")
    legal(state, "meld 7H 7D 7C")
    assert state.went_out == 0 and state.end_reason is EndReason.WENT_OUT


def test_canasta_completed_on_the_going_out_turn_counts() -> None:
    state = pos([["KC", "5H"], ["4C"]], melds=[{"K": K6}, {}], phase="play")
    legal(state, "layoff K KC")
    assert state.canastas(0) == 1
    legal(state, "discard 5H")
    assert state.went_out == 0


def test_side_that_cannot_go_out_must_keep_a_card() -> None:
    state = pos([["7H", "7D", "7C", "5S"], ["4C"]], melds=[{"K": K6[:3]}, {}], phase="play")
    refused(state, "meld 7H 7D 7C", Code.MUST_KEEP_CARD, needed=1)
    # A lay-off that completes the canasta makes the last card a legal discard.
    state = pos([["KC", "KD", "5H"], ["4C"]], melds=[{"K": K7[:5]}, {}], phase="play")
    legal(state, "layoff K KC KD")
    legal(state, "discard 5H")
    assert state.went_out == 0
    # Still one short of a canasta: the lay-off leaves a card that cannot be discarded.
    state = pos([["KC", "KD", "5H"], ["4C"]], melds=[{"K": K7[:4]}, {}], phase="play")
    refused(state, "layoff K KC KD", Code.MUST_KEEP_CARD, needed=1)


def test_last_card_completing_a_canasta_may_be_kept_for_a_lay_off() -> None:
    # One card left that completes the canasta by itself: keeping it is fine.
    state = pos([["7H", "7D", "7C", "KC"], ["4C"]], melds=[{"K": K6}, {}], phase="play")
    legal(state, "meld 7H 7D 7C")
    legal(state, "layoff K KC")
    assert state.went_out == 0


def test_two_canastas_to_go_out_with_the_option() -> None:
    state = pos([["5H"], ["4C"]], melds=[{"K": K7}, {}], phase="play", canastas_to_go_out_2p=2)
    refused(state, "discard 5H", Code.NEED_CANASTA, needed=2, have=1)
    melds = [{"K": K7, "Q": Q7_MIXED}, {}]
    state = pos([["5H"], ["4C"]], melds=melds, phase="play", canastas_to_go_out_2p=2)
    legal(state, "discard 5H")
    # The option is for two players: with four, one canasta is enough.
    four = pos(
        [["5H"], ["4C"], ["4D"], ["4H"]],
        melds=[{"K": K7}, {}],
        phase="play",
        canastas_to_go_out_2p=2,
    )
    legal(four, "discard 5H")


def test_one_card_pile_take_leaving_nothing_is_refused_without_a_canasta() -> None:
    state = pos([["7H", "7D"], ["4C"]], pile=["7S"], melds=[{"K": K6}, {}])
    refused(state, "take 7H 7D", Code.NEED_CANASTA, needed=1, have=0)
    assert state.legal_moves() == [state.parse_move("draw")]
    state = pos([["7H", "7D"], ["4C"]], pile=["7S"], melds=[{"K": K7}, {}])
    legal(state, "take 7H 7D")
    assert state.went_out == 0


def test_one_card_in_hand_cannot_take_a_one_card_pile_onto_a_meld() -> None:
    # The take would leave only 5H, and discarding it would be going out without a canasta.
    melds = [{"7": ["7C", "7D", "7S"]}, {}]
    state = pos([["5H"], ["4C"]], pile=["7H"], melds=melds)
    refused(state, "take", Code.MUST_KEEP_CARD, needed=1)
    state = pos([["5H"], ["4C"]], pile=["7H"], melds=[{"7": ["7C", "7D", "7S"], "K": K7}, {}])
    legal(state, "take")
    legal(state, "discard 5H")
    assert state.went_out == 0


def test_concealed_going_out_scores_200() -> None:
    eights = ["8C", "8D", "8H", "8S", "8C", "8D", "2C"]
    state = pos([eights + ["5S", "5H", "9C"], ["4C"]], stock_top=["5D"])
    legal(state, "draw")
    legal(state, "meld 5S 5H 5D")
    legal(state, "meld " + " ".join(eights))
    legal(state, "discard 9C")
    assert state.went_out == 0 and state.concealed
    assert state.score().sides[0].going_out == 200


def test_no_canasta_made_this_turn_is_not_concealed() -> None:
    # Nothing melded before, but the canasta was the partner's: not "including a canasta".
    state = pos(
        [["7H", "7D", "7C", "5S"], ["4C"], ["4D"], ["4H"]],
        melds=[{"K": K7}, {}],
        phase="play",
        extra={"melded_before": [False, False, True, False]},
    )
    legal(state, "meld 7H 7D 7C")
    legal(state, "discard 5S")
    assert state.went_out == 0 and not state.concealed
    assert state.score().sides[0].going_out == 100


def test_not_concealed_after_melding_on_an_earlier_turn() -> None:
    eights = ["8C", "8D", "8H", "8S", "8C", "8D", "2C"]
    state = pos(
        [eights + ["9C"], ["4C"]],
        melds=[{"5": ["5S", "5H", "5D"]}, {}],
        phase="play",
        extra={"melded_before": [True, False]},
    )
    legal(state, "meld " + " ".join(eights))
    legal(state, "discard 9C")
    assert state.went_out == 0 and not state.concealed
    assert state.score().sides[0].going_out == 100


def test_concealed_is_per_player_partner_may_have_melded() -> None:
    eights = ["8C", "8D", "8H", "8S", "8C", "8D", "2C"]
    state = pos(
        [eights + ["9C"], ["4C"], ["4D"], ["4H"]],
        melds=[{"5": ["5S", "5H", "5D"]}, {}],
        phase="play",
        extra={"melded_before": [False, False, True, False]},
    )
    legal(state, "meld " + " ".join(eights))
    legal(state, "discard 9C")
    assert state.went_out == 0 and state.concealed
    assert state.score().sides[0].going_out == 200


def test_stock_exhausted_player_must_take_the_pile() -> None:
    melds = [{"K": K6[:3]}, {"Q": ["QS", "QH", "QD"]}]
    state = pos([["KC", "9C", "9D", "5S"], ["QC", "8D", "8H"]], melds=melds, stock_size=0)
    state.phase = Phase.PLAY
    legal(state, "discard 5S")
    # Seat 1 cannot use 5S: the stock is empty, so the hand ends.
    assert state.ended and state.end_reason is EndReason.STOCK_EXHAUSTED
    assert state.went_out == -1
    assert state.score().sides[0].going_out == state.score().sides[1].going_out == 0


def test_stock_exhausted_play_goes_on_while_the_pile_can_be_taken() -> None:
    melds = [{"K": K6[:3]}, {"Q": ["QS", "QH", "QD"]}]
    state = pos([["KC", "9C", "9D", "QS"], ["QC", "8D", "8H", "6C"]], melds=melds, stock_size=0)
    state.phase = Phase.PLAY
    legal(state, "discard QS")
    assert not state.ended and state.turn == 1 and state.phase is Phase.DRAW
    refused(state, "draw", Code.STOCK_EMPTY_DECLINE)
    moves = state.legal_moves()
    assert [m.type.value for m in moves] == ["decline"] + ["take"] * (len(moves) - 1)
    legal(state, "take")
    assert state.msize[1][8] == 4  # kind 8 is the queens
    legal(state, "discard 8D")
    # Seat 0 holds no 8 and has no meld of 8s: the first who cannot take ends the hand.
    assert state.ended and state.end_reason is EndReason.STOCK_EXHAUSTED
    assert hand(state, 0) == ["9C", "9D", "KC"]
