"""Taking a turn back: the Reset button (docs/guide/playing.md#with-the-mouse)."""

from __future__ import annotations

import pytest

from canasta.engine import Phase
from canasta.engine.cards import EIGHT, SEVEN
from canasta.engine.position import state_to_data

from .helpers import codes, hand, legal, pos


def test_reset_after_melds_returns_to_just_after_the_draw() -> None:
    state = pos([["7H", "7D", "7C", "8C", "8D", "8H", "AS", "AH", "AD"], ["4C"]], stock_top=["5S"])
    legal(state, "draw")
    after_draw = state_to_data(state)
    assert not state.can_reset()
    legal(state, "meld AS AH AD")
    legal(state, "meld 7H 7D 7C")
    assert state.opened[0] and state.can_reset()
    state.reset_turn()
    assert state_to_data(state) == after_draw
    assert state.phase is Phase.PLAY and not state.opened[0] and state.opening_points == 0
    assert "5S" in hand(state, 0) and state.melds[0] == {}
    assert not state.can_reset()
    # The turn can be played again, differently.
    legal(state, "meld 8C 8D 8H")
    legal(state, "meld AS AH AD")
    assert state.msize[0][EIGHT] == 3 and SEVEN not in state.melds[0]


def test_a_turn_copies_the_hand_only_when_it_first_lays_cards_down() -> None:
    """The turn's start is kept for Reset by the first meld, lay-off or take, not by the
    draw: a turn that only draws and discards copies nothing, and the copy made at the first
    meld is the hand as it stood after the draw."""
    state = pos([["7H", "7D", "7C", "AS", "AH", "AD", "4S"], ["4C", "5C"]], stock_top=["9S"])
    legal(state, "draw")
    assert state._snapshot is None
    after_draw = state_to_data(state)
    legal(state, "meld AS AH AD")
    assert state._snapshot is not None and state_to_data(state._snapshot) == after_draw
    kept = state._snapshot
    legal(state, "meld 7H 7D 7C")
    assert state._snapshot is kept  # the second meld keeps the turn's start
    legal(state, "discard 4S")
    assert state._snapshot is None  # the next turn starts with nothing kept
    legal(state, "draw")
    legal(state, "discard 4C")
    assert state._snapshot is None


def test_reset_after_a_pile_take_puts_the_pile_back() -> None:
    hands = [["KS", "KH", "QS", "QH", "QD", "9C"], ["4C"]]
    state = pos(hands, pile=["2D", "AS", "AH", "KC"], stock_top=["5S"])
    before = state_to_data(state)
    assert state.pile_freezers == 1
    legal(state, "take KS KH")
    assert codes(state.waiting) == ["2D", "AH", "AS"] and state.pile == []
    assert state.can_reset()
    state.reset_turn()
    assert state_to_data(state) == before
    assert state.phase is Phase.DRAW and state.pile_freezers == 1 and not state.took_pile
    assert codes(state.pile) == ["2D", "AH", "AS", "KC"] and state.waiting == []
    # The player may now draw instead.
    legal(state, "draw")
    assert "5S" in hand(state, 0)


def test_reset_after_take_and_melds_goes_back_before_the_take() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {}]
    state = pos([["7H", "7D", "9C", "9D", "9H", "5S"], ["4C"]], pile=["QC", "7S"], melds=melds)
    before = state_to_data(state)
    legal(state, "take 7H 7D")
    legal(state, "meld 9C 9D 9H")
    state.reset_turn()
    assert state_to_data(state) == before


def test_nothing_to_reset_before_drawing_or_after_the_turn() -> None:
    state = pos([["7H", "7D", "7C", "5S", "6S"], ["4C", "4D"]], side_scores=(-100, 0))
    with pytest.raises(ValueError, match="nothing to reset"):
        state.reset_turn()
    legal(state, "draw")
    legal(state, "meld 7H 7D 7C")
    legal(state, "discard 5S")
    assert state.turn == 1 and not state.can_reset()
    with pytest.raises(ValueError, match="nothing to reset"):
        state.reset_turn()
