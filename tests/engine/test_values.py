"""Value types: moves print as their text, hands compare equal, outcomes, typed errors,
a hand built from parts computes its own counts, and a deal from a given deck order."""

from __future__ import annotations

import pytest

from canasta.engine import CLASSIC, EndReason, HandState, IllegalMove, Phase
from canasta.engine.cards import (
    CARD_CODE,
    CARD_KIND,
    DECK_SIZE,
    JOKER,
    KING,
    NUM_KINDS,
    RED_THREE,
    is_wild_kind,
)
from canasta.engine.core import Outcome
from canasta.engine.moves import DRAW, Move, MoveType, layoff
from canasta.engine.refusals import MoveParseError

from .helpers import K7, legal, pos


def test_a_move_prints_as_its_text() -> None:
    move = layoff(KING, *[c for c in range(DECK_SIZE) if CARD_CODE[c] in ("KS", "2C")][:2])
    assert repr(move) == f"Move({move.text()})" and move.text().startswith("layoff K ")
    assert str(DRAW) == "draw" and repr(DRAW) == "Move(draw)"
    assert Move(MoveType.DRAW) == DRAW and hash(Move(MoveType.DRAW)) == hash(DRAW)


def test_a_text_that_does_not_parse_is_not_an_illegal_move() -> None:
    state = pos([["7H", "7D", "9C"], ["4C"]], pile=["5C"], phase="play")
    for text in ("fold", "meld 7H 7X", "meld AS AH AD", "layoff Z 7H", "draw 7H", ""):
        with pytest.raises(MoveParseError):
            state.parse_move(text)
    with pytest.raises(IllegalMove) as info:
        state.play(state.parse_move("meld 7H 7D"))
    assert not isinstance(info.value, MoveParseError)
    assert issubclass(MoveParseError, ValueError) and issubclass(IllegalMove, ValueError)


def test_the_outcome_of_a_hand() -> None:
    state = pos([["5S"], ["4C"]], melds=[{"K": K7}, {}], phase="play")
    assert state.outcome is None
    legal(state, "discard 5S")
    assert state.outcome == Outcome(EndReason.WENT_OUT, went_out=0, concealed=False)
    assert state.outcome.side == 0


def test_from_parts_computes_every_derived_count() -> None:
    cards = {CARD_CODE[c]: c for c in reversed(range(DECK_SIZE))}  # the first copy of each
    hand = [cards["7H"], cards["7D"], cards["JK"]]
    meld = [cards["KS"], cards["KH"], cards["KD"], cards["2C"]]
    pile = [cards["5C"], cards["2D"], cards["9C"]]
    state = HandState.from_parts(
        CLASSIC, hands=[hand, []], stock=[cards["4C"]], pile=pile, melds=[{KING: meld}, {}]
    )
    assert state.counts[0][CARD_KIND[cards["7H"]]] == 2 and state.counts[0][JOKER] == 1
    assert sum(state.counts[1]) == 0 and len(state.counts[0]) == NUM_KINDS
    assert state.msize[0][KING] == 4 and state.mwild[0][KING] == 1
    assert state.pile_freezers == 1  # the 2D
    assert state.opened == [True, False]
    assert len(state.out_of_play) == DECK_SIZE - 3 - 4 - 3 - 1
    with pytest.raises(ValueError, match="placed twice"):
        HandState.from_parts(CLASSIC, hands=[hand, []], stock=[hand[0]])
    red = next(c for c in range(DECK_SIZE) if CARD_KIND[c] == RED_THREE)
    with pytest.raises(ValueError, match="red three"):
        HandState.from_parts(CLASSIC, hands=[[red], []], stock=[])
    with pytest.raises(ValueError, match="cannot be in the meld"):
        HandState.from_parts(CLASSIC, hands=[[], []], stock=[], melds=[{KING: hand}, {}])


def test_a_deal_from_a_given_deck_order() -> None:
    # Natural cards first (no red three, no wild card), so the deal is plain to follow.
    plain = [
        c for c in range(DECK_SIZE) if CARD_KIND[c] != RED_THREE and not is_wild_kind(CARD_KIND[c])
    ]
    rest = [c for c in range(DECK_SIZE) if c not in plain]
    order = plain + rest
    state = HandState.deal(CLASSIC, 0, dealer=1, deck=order)
    # Two players, 15 cards each, one at a time from the dealer's left (seat 0): seat 0
    # gets the 1st, 3rd, 5th ... card turned up, seat 1 the 2nd, 4th ...; the 31st is the
    # upcard, and the stock is the rest, its next card on top.
    assert state.hands[0] == order[0:30:2]
    assert state.hands[1] == order[1:30:2]
    assert state.pile == [order[30]]
    assert state.stock[-1] == order[31] and len(state.stock) == DECK_SIZE - 31
    assert state.turn == 0 and state.phase is Phase.DRAW
    assert HandState.deal(CLASSIC, 0, dealer=1, deck=order) == state
    # A red three dealt is laid out after the deal and replaced by the next card of the
    # order (the 31st); the upcard is then the 32nd.
    red = next(c for c in rest if CARD_KIND[c] == RED_THREE)
    with_red = [red, *[c for c in order if c != red]]
    dealt = HandState.deal(CLASSIC, 0, dealer=1, deck=with_red)
    assert dealt.red_threes[0] == [red]
    assert dealt.hands[0] == [*with_red[2:30:2], with_red[30]]
    assert dealt.pile == [with_red[31]]
    assert sorted(c for p in dealt.cards_in_places() for c in p) == list(range(DECK_SIZE))
    assert HandState.deal(CLASSIC, 5, deck=None) == HandState.deal(CLASSIC, 5)
    with pytest.raises(ValueError, match="each of the 108 cards once"):
        HandState.deal(CLASSIC, 0, deck=[0] * DECK_SIZE)
