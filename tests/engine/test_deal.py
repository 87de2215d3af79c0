"""The deal (docs/rules.md#the-deal): cards dealt, red threes, upcard, leader."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from canasta.engine import CLASSIC, HandState, Phase
from canasta.engine.cards import CARD_KIND, RED_THREE, is_wild_kind
from canasta.engine.position import state_to_data

TWO_P = CLASSIC
FOUR_P = CLASSIC.with_options(players=4)


def _freezer(card: int) -> bool:
    return is_wild_kind(CARD_KIND[card]) or CARD_KIND[card] == RED_THREE


def _all_cards(state: HandState) -> list[int]:
    return sorted(c for place in state.cards_in_places() for c in place)


def _first_deal(test: Callable[[HandState], bool], limit: int = 2000) -> HandState:
    for number in range(limit):
        state = HandState.deal(TWO_P, number)
        if test(state):
            return state
    raise AssertionError("no such deal found")


def test_two_players_get_15_each_four_players_11_each() -> None:
    two = HandState.deal(TWO_P, 7)
    assert [len(h) for h in two.hands] == [15, 15]
    four = HandState.deal(FOUR_P, 7)
    assert [len(h) for h in four.hands] == [11, 11, 11, 11]
    for state, dealt in ((two, 30), (four, 44)):
        red = len(state.red_threes[0]) + len(state.red_threes[1])
        # Stock = 108 - cards dealt - replacements for red threes - the pile.
        assert len(state.stock) == 108 - dealt - red - len(state.pile)
        assert _all_cards(state) == list(range(108))


def test_red_threes_dealt_are_laid_out_and_replaced() -> None:
    state = _first_deal(lambda s: len(s.red_threes[0]) + len(s.red_threes[1]) >= 2)
    assert [len(h) for h in state.hands] == [15, 15]
    for seat_hand in state.hands:
        assert all(CARD_KIND[c] != RED_THREE for c in seat_hand)
    for side in (0, 1):
        assert all(CARD_KIND[c] == RED_THREE for c in state.red_threes[side])


def test_wild_or_red_three_upcard_is_buried_and_freezes_the_pile() -> None:
    state = _first_deal(lambda s: len(s.pile) >= 2)
    top = state.pile[-1]
    assert not _freezer(top)
    assert all(_freezer(c) for c in state.pile[:-1])
    assert state.pile_freezers == len(state.pile) - 1 > 0
    assert state.pile_frozen_for(0) and state.pile_frozen_for(1)


def test_plain_upcard_leaves_a_one_card_unfrozen_pile() -> None:
    state = _first_deal(lambda s: len(s.pile) == 1)
    assert state.pile_freezers == 0
    assert not _freezer(state.pile[0])


def test_player_left_of_dealer_moves_first() -> None:
    for dealer in range(4):
        state = HandState.deal(FOUR_P, 3, dealer=dealer)
        assert state.dealer == dealer
        assert state.turn == (dealer + 1) % 4
        assert state.phase is Phase.DRAW
    assert HandState.deal(TWO_P, 3, dealer=1).turn == 0
    assert HandState.deal(TWO_P, 3, dealer=0).turn == 1


def test_same_deal_number_gives_the_same_deal() -> None:
    a = state_to_data(HandState.deal(TWO_P, 123456))
    b = state_to_data(HandState.deal(TWO_P, 123456))
    c = state_to_data(HandState.deal(TWO_P, 123457))
    assert a == b
    assert a["hands"] != c["hands"]


@settings(max_examples=200, deadline=None)
@given(number=st.integers(min_value=0, max_value=10**12), four=st.booleans())
def test_any_deal_is_sound(number: int, four: bool) -> None:
    rules = FOUR_P if four else TWO_P
    dealer = number % rules.players
    state = HandState.deal(rules, number, dealer=dealer)
    assert _all_cards(state) == list(range(108))
    assert all(len(h) == rules.cards_dealt for h in state.hands)
    assert not any(CARD_KIND[c] == RED_THREE for h in state.hands for c in h)
    assert state.pile and not _freezer(state.pile[-1])
    assert state.pile_freezers == sum(1 for c in state.pile if _freezer(c))
    assert state.turn == (dealer + 1) % rules.players
    assert not state.ended and state.legal_moves()
    assert state_to_data(HandState.deal(rules, number, dealer=dealer)) == state_to_data(state)
