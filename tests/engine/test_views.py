"""What a seat may know: its own hand and what was shown in public (view.py)."""

from __future__ import annotations

from canasta.engine import CLASSIC, HandState
from canasta.engine.cards import CARD_CODE

from .helpers import codes, legal, pos


def hidden_from(state: HandState, seat: int) -> set[int]:
    """Cards ``seat`` may not see: the stock and other hands' cards not known to be there."""
    hidden = set(state.stock)
    for other in range(state.players):
        if other != seat:
            hidden |= set(state.hands[other]) - state.known[other]
    return hidden


def test_fresh_deal_views_show_only_own_hand() -> None:
    state = HandState.deal(CLASSIC.with_options(players=4), 99)
    for seat in range(4):
        view = state.view_for(seat)
        assert view.hand == tuple(state.hands[seat])
        assert view.visible_cards().isdisjoint(hidden_from(state, seat))
        assert view.hand_sizes == (11, 11, 11, 11)
        assert view.stock_size == len(state.stock)
        assert all(view.known[s] == frozenset() for s in range(4) if s != seat)
        assert view.known[seat] == frozenset(state.hands[seat])


def test_legal_moves_only_in_the_movers_view() -> None:
    state = HandState.deal(CLASSIC.with_options(players=4), 5, dealer=3)
    assert state.mover == 0
    assert state.view_for(0).legal_moves == tuple(state.legal_moves())
    assert state.view_for(0).legal_moves
    for seat in (1, 2, 3):
        assert state.view_for(seat).legal_moves == ()


def test_cards_taken_with_the_pile_are_known_to_all() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {}]
    state = pos([["7H", "7D", "9C", "5S"], ["4C", "6D"]], pile=["QC", "AS", "7S"], melds=melds)
    legal(state, "take 7H 7D")
    view = state.view_for(1)
    assert codes(view.known[0]) == ["AS", "QC"]
    assert view.visible_cards().isdisjoint(hidden_from(state, 1))
    # 9C and 5S were never shown: seat 1's view names neither.
    secret = {c for c in state.hands[0] if CARD_CODE[c] in ("9C", "5S")}
    assert len(secret) == 2 and secret.isdisjoint(view.visible_cards())
    # Once played, a known card is no longer "known in hand".
    legal(state, "discard AS")
    assert codes(state.view_for(1).known[0]) == ["QC"]
    assert "AS" in codes(state.view_for(1).pile)


def test_view_carries_the_public_table() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {"7": ["7C", "7D", "7S"]}]
    state = pos(
        [["9C", "5S"], ["4C", "6D"]],
        pile=["QC", "2D", "8S"],
        melds=melds,
        red_threes=[["3H"], ["3D"]],
    )
    view = state.view_for(1)
    assert codes(view.pile) == ["2D", "8S", "QC"] and view.pile_freezers == 1
    assert codes(view.melds[0][9]) == ["KD", "KH", "KS"]
    assert codes(view.red_threes[1]) == ["3D"]
    assert view.opened == (True, True) and view.side == 1
    assert view.hand_sizes == (2, 2) and view.legal_moves == ()
    assert view.phase == "draw" and view.turn == 0 and view.mover == 0
