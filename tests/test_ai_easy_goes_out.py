"""The easy level goes out when taking the pile lets it: the side has opened and holds
the canastas it needs (Hoyle: going out needs a canasta; the two-handed game two), and
the pile with the hand melds out. Its beginner's slips (leaving a small pile, drawing
over a one-card pile) no longer keep it sitting on its canastas."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.ai.easy import EasyPlayer, take_goes_out
from canasta.engine.moves import MoveType
from canasta.engine.state import HandState
from canasta.persistence.positions import position_from_data

CANASTA_OF_KINGS = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]


def position(melds: dict[str, list[str]], pile: list[str], **rules: Any) -> HandState:
    """Seat 0 to draw with 5H 5D 9C in hand, its side's ``melds``, the pile ``pile``."""
    return position_from_data({
        "rules": {"players": 2, **rules},
        "hands": [["5H", "5D", "9C"], ["4D", "6C", "8H", "TC", "AC", "7S", "7H"]],
        "pile": pile,
        "melds": [melds, {"Q": ["QS", "QH", "QD"]}],
        "turn": 0,
        "phase": "draw",
    })  # fmt: skip


def play_turn(hand: HandState, player: EasyPlayer) -> list[str]:
    """Seat 0's whole turn as ``player`` plays it; the moves in text form."""
    moves = []
    while not hand.ended and hand.turn == 0:
        move = player.choose(hand.view_for(0))
        moves.append(move.text())
        hand.play(move)
    return moves


@pytest.mark.parametrize("pile", [["5S"], ["8D", "5C", "5S"]])
@pytest.mark.parametrize("seed", range(12))
def test_easy_takes_the_pile_and_goes_out_with_a_canasta(seed: int, pile: list[str]) -> None:
    """A one-card pile (the rule of thumb draws over it) and a three-card pile (one time
    in two easy leaves it): with a canasta on the table and the fives in hand, taking the
    pile goes out, and easy does it on every seed."""
    hand = position({"K": CANASTA_OF_KINGS, "8": ["8S", "8C", "8H"]}, pile)
    view = hand.view_for(0)
    take = next(m for m in view.legal_moves if m.type is MoveType.TAKE)
    assert take_goes_out(view, take)
    moves = play_turn(hand, EasyPlayer(seed))
    assert moves[0].startswith("take")
    assert hand.ended and hand.went_out == 0
    assert hand.score().sides[0].going_out == 100  # not concealed: melds were down


def test_without_a_canasta_taking_does_not_go_out_and_easy_stays_itself() -> None:
    """No canasta yet: the same take cannot go out, so easy keeps its slip of leaving a
    small pile (some seeds draw, some take)."""
    hand = position({"K": CANASTA_OF_KINGS[:5], "8": ["8S", "8C", "8H"]}, ["8D", "5C", "5S"])
    view = hand.view_for(0)
    take = next(m for m in view.legal_moves if m.type is MoveType.TAKE)
    assert not take_goes_out(view, take)
    chosen = [EasyPlayer(seed).choose(view).type for seed in range(12)]
    assert set(chosen) == {MoveType.DRAW, MoveType.TAKE}


def test_two_handed_needs_two_canastas_before_the_take_goes_out() -> None:
    """Two-handed rules ask for two canastas to go out: one is not enough."""
    two = {"canastas_to_go_out_2p": 2}
    pile = ["8D", "5C", "5S"]
    one = position({"K": CANASTA_OF_KINGS, "8": ["8S", "8C", "8H"]}, pile, **two)
    view = one.view_for(0)
    take = next(m for m in view.legal_moves if m.type is MoveType.TAKE)
    assert not take_goes_out(view, take)
    jacks = ["JS", "JH", "JD", "JC", "JS", "JH", "JD"]
    both = position({"K": CANASTA_OF_KINGS, "J": jacks, "8": ["8S", "8C", "8H"]}, pile, **two)
    view = both.view_for(0)
    take = next(m for m in view.legal_moves if m.type is MoveType.TAKE)
    assert take_goes_out(view, take)
    assert play_turn(both, EasyPlayer(3))[0].startswith("take")
    assert both.ended and both.went_out == 0


def test_an_unopened_side_is_left_to_the_rule_of_thumb() -> None:
    hand = position({}, ["5S"])
    view = hand.view_for(0)
    takes = [m for m in view.legal_moves if m.type is MoveType.TAKE]
    assert all(not take_goes_out(view, m) for m in takes)
