"""Scoring a hand (docs/rules.md#scoring): worked examples."""

from __future__ import annotations

from typing import Any

from canasta.engine import EndReason, HandState, SideScore

from .helpers import K7, legal, pos


def ended(hands: list[list[str]], melds: list[dict[str, list[str]]], **kw: Any) -> HandState:
    """A hand that ended when the stock ran out, scored as it stands."""
    extra = {"end_reason": "stock_exhausted"}
    return pos(hands, melds=melds, phase="ended", extra=extra, **kw)


def check(side: SideScore, **expected: int) -> None:
    for name, value in expected.items():
        assert getattr(side, name) == value, (name, getattr(side, name), value)
    assert side.total == (
        side.melded + side.canasta_bonus + side.red_three_points + side.going_out + side.in_hand
    )


def going_out_four_players() -> HandState:
    state = pos(
        [["5S"], ["AS", "JK"], ["9C", "7D", "4H", "4S"], ["6C"]],
        melds=[{"K": K7}, {"Q": ["QS", "QH", "2C"]}],
        red_threes=[["3H", "3D"], ["3H"]],
        phase="play",
        extra={"melded_before": [True, True, True, True]},
    )
    legal(state, "discard 5S")
    assert state.end_reason is EndReason.WENT_OUT and not state.concealed
    return state


def test_natural_canasta_red_threes_going_out_minus_partners_hand() -> None:
    score = going_out_four_players().score()
    # Side 0: natural canasta 500 + seven kings 7 * 10 = 70 + red threes 2 * 100 = 200
    # + going out 100 - partner's hand (9C 10 + 7D 5 + 4H 5 + 4S 5 = 25) = 845.
    check(
        score.sides[0],
        melded=70,
        natural_canastas=1,
        mixed_canastas=0,
        canasta_bonus=500,
        red_threes=2,
        red_three_points=200,
        going_out=100,
        in_hand=-25,
        total=500 + 70 + 200 + 100 - 25,
    )
    assert score.sides[0].total == 845
    # Side 1: Q Q 2 melded 10 + 10 + 20 = 40 + one red three 100 - hands (AS 20 + JK 50
    # + 6C 5 = 75) = 65.
    check(score.sides[1], melded=40, canasta_bonus=0, red_three_points=100, in_hand=-75)
    assert score.totals == (845, 40 + 100 - 75) == (845, 65)


def test_mixed_canasta_concealed_and_red_threes_against_a_side_without_melds() -> None:
    eights = ["8C", "8D", "8H", "8S", "8C", "8D", "2C"]
    state = pos(
        [eights + ["5S", "5H", "9C"], ["AS", "KS", "4C"]],
        red_threes=[[], ["3H", "3D"]],
        stock_top=["5D"],
    )
    legal(state, "draw")
    legal(state, "meld 5S 5H 5D")
    legal(state, "meld " + " ".join(eights))
    legal(state, "discard 9C")
    assert state.concealed
    score = state.score()
    # Side 0: mixed canasta 300 + 8s (6 * 10 + 2C 20 = 80) + 5s (3 * 5 = 15)
    # + concealed 200 = 595; nothing left in hand.
    check(
        score.sides[0],
        melded=80 + 15,
        mixed_canastas=1,
        natural_canastas=0,
        canasta_bonus=300,
        going_out=200,
        in_hand=0,
        total=300 + 80 + 15 + 200,
    )
    # Side 1 never melded: its red threes count against it: -200 - (20 + 10 + 5) = -235.
    check(score.sides[1], melded=0, red_threes=2, red_three_points=-200, in_hand=-35)
    assert score.totals == (595, -235)


def test_all_four_red_threes_are_800_or_minus_800() -> None:
    state = ended(
        [["KC", "9C", "9D"], ["QC", "8D", "8H"]],
        [{"7": ["7C", "7D", "7S"]}, {}],
        red_threes=[["3H", "3D", "3H", "3D"], []],
    )
    # 7s 3 * 5 = 15 + all four red threes 800 - hand (10 + 10 + 10 = 30) = 785.
    check(state.score().sides[0], red_threes=4, red_three_points=800, going_out=0, total=785)
    check(state.score().sides[1], red_three_points=0, in_hand=-30, total=-30)
    state = ended(
        [["KC", "9C", "9D"], ["QC", "8D", "8H"]],
        [{"7": ["7C", "7D", "7S"]}, {}],
        red_threes=[[], ["3H", "3D", "3H", "3D"]],
    )
    # Side 1 has no meld: -800 - 30 = -830.
    check(state.score().sides[1], red_threes=4, red_three_points=-800, total=-830)


def test_three_red_threes_are_300() -> None:
    state = ended(
        [["4C"], ["4D"]], [{"7": ["7C", "7D", "7S"]}, {}], red_threes=[["3H"] * 2 + ["3D"], []]
    )
    # 15 melded + 3 * 100 - 5 in hand = 310.
    check(state.score().sides[0], red_three_points=300, total=15 + 300 - 5)


def test_canasta_keeps_counting_card_values_past_seven() -> None:
    nine = ["AS", "AH", "AD", "AC", "AS", "AH", "AD", "JK", "2H"]
    state = ended([[], ["4D"]], [{"A": nine}, {"K": K7[:6]}])
    # Nine cards: 7 aces * 20 = 140 + JK 50 + 2H 20 = 210; mixed canasta 300.
    check(state.score().sides[0], melded=210, mixed_canastas=1, canasta_bonus=300, total=510)
    # Six kings: 60, no canasta; 4D in hand -5.
    check(state.score().sides[1], melded=60, canasta_bonus=0, total=55)


def test_black_threes_melded_going_out_count_five_each() -> None:
    state = pos(
        [["3C", "3S", "3C", "3S"], ["4C"]],
        melds=[{"K": K7}, {}],
        phase="play",
        extra={"melded_before": [True, False]},
    )
    legal(state, "meld 3C 3S 3C 3S")
    # 500 + 70 kings + 4 * 5 black threes + 100 going out = 690.
    check(state.score().sides[0], melded=70 + 20, going_out=100, total=690)
