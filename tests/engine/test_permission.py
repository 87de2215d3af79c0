"""Asking the partner "may I go out?" (docs/rules.md#asking-your-partner)."""

from __future__ import annotations

from typing import Any

from canasta.engine import Code, HandState, Phase
from canasta.engine.cards import SEVEN
from canasta.engine.moves import NO, YES, discard
from canasta.engine.position import state_to_data

from .helpers import K7, hand, legal, pos, refused

READY = ["7H", "7D", "7C", "8C", "8D", "8H"]  # with the 5S drawn: 777, 888, discard 5S


def table(hand0: list[str] = READY, **rules: Any) -> HandState:
    options: dict[str, Any] = {"ask_permission": True, **rules}
    return pos(
        [hand0, ["4C", "4D"], ["9C", "9D", "6S"], ["4H", "4S"]],
        melds=[{"K": K7}, {}],
        stock_top=["5S"],
        **options,
    )


def test_ask_only_after_drawing() -> None:
    state = table()
    refused(state, "ask", Code.WRONG_PHASE)
    legal(state, "draw")
    legal(state, "ask")
    assert state.phase is Phase.ANSWER and state.mover == 2 and state.turn == 0
    assert state.legal_moves() == [YES, NO]
    # The asker waits: nothing else is legal until the partner answers.
    refusal = state.check(discard(state.hands[0][0]))
    assert refusal is not None and refusal.code is Code.WRONG_PHASE


def test_ask_refused_after_melding() -> None:
    state = table()
    legal(state, "draw")
    legal(state, "meld 7H 7D 7C")
    refused(state, "ask", Code.CANNOT_ASK)


def test_ask_refused_without_a_way_to_go_out() -> None:
    state = table(["7H", "7D", "7C", "8C", "8D", "9H"])
    legal(state, "draw")
    refused(state, "ask", Code.ASK_NO_WAY_OUT)
    refusal = state.check(state.parse_move("ask"))
    assert refusal is not None
    assert refusal.message() == "You can ask your partner only when your hand can go out this turn."
    assert all(m.type.value != "ask" for m in state.legal_moves())


def test_ask_refused_with_the_option_off_or_two_players() -> None:
    state = table(ask_permission=False)
    legal(state, "draw")
    refused(state, "ask", Code.NO_PARTNER)
    two = pos([READY, ["4C"]], melds=[{"K": K7}, {}], stock_top=["5S"], ask_permission=True)
    legal(two, "draw")
    refused(two, "ask", Code.NO_PARTNER)


def test_ask_only_once_a_turn() -> None:
    state = table()
    legal(state, "draw")
    legal(state, "ask")
    legal(state, "yes")
    refused(state, "ask", Code.CANNOT_ASK)


def test_answer_only_when_asked() -> None:
    state = table()
    legal(state, "draw")
    refused(state, "yes", Code.WRONG_PHASE)
    refused(state, "no", Code.WRONG_PHASE)


def test_no_forbids_going_out() -> None:
    state = table()
    legal(state, "draw")
    legal(state, "ask")
    legal(state, "no")
    assert state.permission is False and state.mover == 0
    legal(state, "meld 7H 7D 7C")
    refused(state, "meld 8C 8D 8H", Code.PERMISSION_REFUSED)
    legal(state, "discard 5S")
    assert not state.ended and state.turn == 1


def test_no_forbids_discarding_the_last_card() -> None:
    state = pos(
        [["5S"], ["4C"], ["4D"], ["4H"]],
        melds=[{"K": K7}, {}],
        phase="play",
        ask_permission=True,
        extra={"asked": True, "permission": False},
    )
    refused(state, "discard 5S", Code.PERMISSION_REFUSED)
    state2 = table(["7H", "7D", "7C"])
    legal(state2, "draw")
    legal(state2, "ask")
    legal(state2, "no")
    refused(state2, "meld 7H 7D 7C", Code.PERMISSION_REFUSED)
    legal(state2, "discard 5S")


def test_yes_obliges_going_out() -> None:
    state = table()
    legal(state, "draw")
    legal(state, "ask")
    legal(state, "yes")
    assert state.permission is True
    refused(state, "discard 5S", Code.MUST_GO_OUT)
    legal(state, "meld 7H 7D 7C")
    refused(state, "discard 5S", Code.MUST_GO_OUT)
    legal(state, "meld 8C 8D 8H")
    legal(state, "discard 5S")
    assert state.ended and state.went_out == 0


def test_yes_refuses_a_move_that_spoils_the_way_out() -> None:
    state = table(["7H", "7D", "2C", "8C", "8D", "8H"])
    legal(state, "draw")
    legal(state, "ask")
    legal(state, "yes")
    # The 2 must complete the 7s: laying it on the kings leaves a pair that cannot go out.
    refused(state, "layoff K 2C", Code.MUST_GO_OUT)
    legal(state, "meld 7H 7D 2C")


def test_reset_does_not_undo_the_answer() -> None:
    state = table()
    legal(state, "draw")
    legal(state, "ask")
    legal(state, "no")
    legal(state, "meld 7H 7D 7C")
    assert state.can_reset()
    state.reset_turn()
    assert state.turn_melded is False and state.permission is False and state.asked
    refused(state, "ask", Code.CANNOT_ASK)
    assert sorted(hand(state, 0)) == ["5S", "7C", "7D", "7H", "8C", "8D", "8H"]
    assert SEVEN not in state.melds[0]


def test_a_reset_keeps_the_question_and_answer_in_the_history() -> None:
    """The answer binds after a reset, so the history keeps it: replaying the history on
    the starting position gives the state after the reset (what game records rely on)."""
    state = table()
    start = state.copy()
    legal(state, "draw")
    legal(state, "ask")
    legal(state, "yes")
    legal(state, "meld 7H 7D 7C")
    state.reset_turn()
    assert [m.text() for m in state.history] == ["draw", "ask", "yes"]
    assert state.permission is True and state.asked and state.move_count == 3
    for move in state.history:
        assert start.check(move) is None
        start.apply(move)
    assert state_to_data(start) == state_to_data(state)
    assert start.move_count == state.move_count
