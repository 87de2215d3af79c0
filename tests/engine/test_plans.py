"""Plans played as a whole (table 001, "Play melds") and the search for a finish."""

from __future__ import annotations

import pytest

from canasta.engine import Code, EndReason, IllegalMove
from canasta.engine.finish import check_finish, check_plan, find_finish, plan_text
from canasta.engine.moves import Move
from canasta.engine.position import state_to_data

from .helpers import K7, hand, pos

K6 = K7[:6]


def moves(state: object, *texts: str) -> list[Move]:
    return [state.parse_move(t) for t in texts]  # type: ignore[attr-defined]


def test_an_opening_from_two_groups_is_played_together() -> None:
    # Side score 1,600: the minimum is 90. Aces make 60 and Kings 30; together 90.
    cards = ["AS", "AH", "AD", "KS", "KH", "KD", "9C", "5D"]
    state = pos([cards, ["4C"]], phase="play", side_scores=(1600, 0))
    plan = moves(state, "meld AS AH AD", "meld KS KH KD")
    alone = plan[:1]
    before = state_to_data(state)
    found = check_plan(state, alone)
    assert found is not None and found[0] == 0
    assert found[1].code is Code.OPENING_SHORT
    assert found[1].details == {"points": 60, "minimum": 90}
    assert state.check_all(plan) is None
    assert state_to_data(state) == before
    state.play_all(plan)
    assert state.opened[0] and state.opening_points == 90
    assert hand(state, 0) == ["5D", "9C"]


def test_a_plan_breaking_a_rule_is_refused_as_a_whole() -> None:
    state = pos(
        [["KS", "KH", "KD", "7C", "7D", "9C"], ["4C"]],
        melds=[{"Q": ["QS", "QH", "QD"]}, {}],
        phase="play",
    )
    plan = moves(state, "meld KS KH KD", "meld 7C 7D")
    found = check_plan(state, plan)
    assert found is not None and found[0] == 1 and found[1].code is Code.MELD_TOO_SMALL
    before = state_to_data(state)
    with pytest.raises(IllegalMove) as info:
        state.play_all(plan)
    assert info.value.refusal.code is Code.MELD_TOO_SMALL
    assert state_to_data(state) == before
    found = check_plan(state, [])
    assert found is not None and found[1].code is Code.PLAN_EMPTY
    # A discard may only end a plan.
    found = check_plan(state, moves(state, "discard 9C", "meld KS KH KD"))
    assert found is not None and found[0] == 0 and found[1].code is Code.PLAN_MOVE_TYPE


def test_finish_search_finds_melds_lay_offs_and_the_discard() -> None:
    state = pos(
        [["7H", "7D", "7C", "KC", "2D", "9S"], ["4C"]],
        melds=[{"K": K6}, {}],
        phase="play",
    )
    plan = find_finish(state)
    assert isinstance(plan, list)
    assert plan_text(plan) == ["Meld 7♥ 7♦ 7♣ 2♦", "Add K♣ to the Kings", "Discard 9♠"]
    state.play_all(plan)
    assert state.ended and state.end_reason is EndReason.WENT_OUT and state.went_out == 0


def test_finish_search_says_why_there_is_none() -> None:
    state = pos([["9S", "5D", "7C", "KC"], ["4C"]], melds=[{"K": K7}, {}], phase="play")
    refusal = find_finish(state)
    assert not isinstance(refusal, list) and refusal.code is Code.NO_FINISH
    assert refusal.message() == (
        "No way to go out now: no meld can take your 5\u2666, 7\u2663, and 9\u2660, and only "
        "one card can be the discard."
    )
    state = pos([["7H", "7D", "7C", "9S"], ["4C"]], melds=[{"K": K6}, {}], phase="play")
    refusal = find_finish(state)
    assert not isinstance(refusal, list)
    assert refusal.message() == (
        "No way to go out now: your side needs a canasta to go out, and this hand can't "
        "complete one."
    )
    # The new player's case: opened, no canasta yet, and loose cards too: the canasta
    # rule is named, not the loose cards.
    state = pos([["4S", "6D", "9C", "KH", "5D"], ["4C"]], melds=[{"7": ["7S", "7H", "7D"]}, {}],
                phase="play")  # fmt: skip
    refusal = find_finish(state)
    assert not isinstance(refusal, list)
    assert refusal.details["why"].startswith("your side needs a canasta to go out")


def test_the_loose_cards_are_named_in_rank_order() -> None:
    # A pair of 5s (no wild card to go with it), a single 7 and a single 9: the cards
    # themselves, listed as the language lists (not "your 5s, 7s, 9s" for one 7).
    state = pos([["9S", "5D", "5C", "7C", "KC"], ["4C"]], melds=[{"K": K7}, {}], phase="play")
    refusal = find_finish(state)
    assert not isinstance(refusal, list)
    assert refusal.details["why"] == (
        "no meld can take your 5\u2666, 5\u2663, 7\u2663, and 9\u2660, and only one card can "
        "be the discard"
    )
    from canasta import i18n

    try:
        i18n.set_language("es")
        refusal = find_finish(pos([["8S", "9D", "KC"], ["4C"]], melds=[{"K": K7}, {}],
                                  phase="play"))  # fmt: skip
        assert not isinstance(refusal, list)
        assert refusal.details["why"] == (
            "ninguna bajada admite tus 8\u2660 y 9\u2666, y solo una carta puede ser el descarte"
        )
    finally:
        i18n.set_language("en")
    state = pos([["7H", "7D", "7C", "9S"], ["4C"]], melds=[{"K": K7}, {}])
    refusal = find_finish(state)
    assert not isinstance(refusal, list) and refusal.code is Code.WRONG_PHASE


def test_a_plan_is_a_finish_only_when_it_goes_out() -> None:
    cards = ["7H", "7D", "7C", "KC", "2D", "9S", "5H"]
    state = pos([cards, ["4C"]], melds=[{"K": K6}, {}], phase="play")
    before = state_to_data(state)
    short = moves(state, "meld 7H 7D 7C", "layoff K KC")  # 2D, 9S, 5H stay in hand
    refusal = check_finish(state, short)
    assert refusal is not None and refusal.code is Code.NO_FINISH
    assert refusal.message() == (
        "No way to go out now: this plan leaves 3 cards in your hand (plan them all, and "
        "lift the discard)."
    )
    broken = moves(state, "meld 7H 7D")  # a rule broken: that refusal is the answer
    refusal = check_finish(state, broken)
    assert refusal is not None and refusal.code is Code.MELD_TOO_SMALL
    assert state_to_data(state) == before
    state = pos([cards[:-1], ["4C"]], melds=[{"K": K6}, {}], phase="play")
    out = moves(state, "meld 7H 7D 7C 2D", "layoff K KC", "discard 9S")
    assert check_finish(state, out) is None
    state.play_all(out)
    assert state.ended and state.went_out == 0
