"""The hard level's pile-aware horizon (two players): cards in hand are material early and
a penalty late, a takeable pile counts for the side that draws next, so handing a big pile
over early looks as bad as it is; the medium level keeps the hand-set points."""

from __future__ import annotations

import pytest

from canasta.ai import playout
from canasta.ai.evaluation import (
    FEATURES,
    hand_points,
    pile_points,
    pile_takeable,
    side_features,
    table_points,
)
from canasta.ai.hard import HardPlayer, _Candidate
from canasta.ai.medium import MediumPlayer
from canasta.ai.tracking_player import TrackingPlayer
from canasta.engine import CLASSIC, HandState
from canasta.engine.moves import MoveType
from canasta.engine.position import state_from_data

#: Twelve cards on the pile, a King on top: 5+5+5+5+10+10+10+10+10+10+10+10 = 100 points.
PILE = ["4S", "5H", "6D", "7C", "8S", "9H", "TD", "JC", "QS", "8D", "9C", "KD"]
OUR_HAND = ["4D", "6S", "9D", "JH", "QH"]  # 5 + 5 + 10 + 10 + 10 = 40 points
THEIR_HAND = ["5C", "7D", "TC", "AS"]  # 5 + 5 + 10 + 20 = 40 points
KINGS = ["KS", "KH", "KC", "KS", "KH", "KC", "KD"]  # a natural canasta


def _position(taken: bool, turn: int = 1, stock: int = 48) -> HandState:
    """Side 0 has just discarded onto a 12-card pile; side 1 (a canasta of Kings) draws next.

    ``taken``: side 1 has taken the pile (its cards are in seat 1's hand, the King on the
    meld) rather than it lying there.
    """
    hand = THEIR_HAND + (PILE[:-1] if taken else [])
    return state_from_data(
        {
            "rules": {"players": 2},
            "turn": turn,
            "phase": "draw",
            "hands": [OUR_HAND, hand],
            "melds": [{"9": ["9S", "9H", "9C"]}, {"K": KINGS + (["KD"] if taken else [])}],
            "pile": [] if taken else PILE,
            "opened": [True, True],
            "stock_size": stock,
        }
    )


def test_cards_in_hand_are_material_early_and_a_penalty_late() -> None:
    cards = [7, 20, 33]  # three cards
    values = sum(hand_points([c], 0.0) for c in cards)
    assert values < 0
    assert hand_points(cards, 0.0) == values  # no stock left: the full card values count
    assert hand_points(cards, 1.0) == 3 * 10.0 + 0.25 * values  # full stock: 10 a card
    assert hand_points([], 0.5) == 0.0


def test_the_pile_counts_for_the_side_that_draws_next_when_it_can_take_it() -> None:
    state = _position(taken=False)
    assert pile_takeable(state)  # the King on top goes onto side 1's meld of Kings
    early = 48 / 60
    pile_value = 12 * 10.0 * early - (1.0 - 0.75 * early) * 100
    assert pile_value == pytest.approx(96 - 40)
    # The fitted model's features read it too: 12 cards, scaled by the stock left.
    i = FEATURES.index("pile_takeable")
    assert side_features(state, 1)[i : i + 2] == [12.0, pytest.approx(12 * early)]
    assert side_features(state, 0)[i] == 0.0
    assert not pile_takeable(_position(taken=False, turn=0))  # side 0 holds no Kings
    their = pile_points(state, 1)
    # The same cards with side 0 to draw: side 1 gets no credit for the pile.
    assert pile_points(_position(taken=False, turn=0), 1) == pytest.approx(their - pile_value)


def test_handing_over_a_big_pile_early_looks_bad_to_hard_and_free_to_medium() -> None:
    given, kept = _position(taken=True, turn=0), _position(taken=False, turn=0)
    # Hand-set points (medium): their 11 more cards in hand count half against them, the
    # King adds 10 to their meld: 0.5 * 90 - 10 = 35 points *better* for us.
    old = (table_points(given, 0) - table_points(given, 1)) - (
        table_points(kept, 0) - table_points(kept, 1)
    )
    assert old == pytest.approx(0.5 * 90 - 10)
    # Pile-aware (hard): 11 cards of material for them with 48 of 60 cards in the stock.
    new = (pile_points(given, 0) - pile_points(given, 1)) - (
        pile_points(kept, 0) - pile_points(kept, 1)
    )
    early = 48 / 60
    assert new == pytest.approx(-(11 * 10.0 * early - (1.0 - 0.75 * early) * 90 + 10))
    assert new < -40


def test_late_in_the_hand_a_big_pile_is_a_burden_to_its_taker() -> None:
    given, kept = _position(taken=True, turn=0, stock=0), _position(taken=False, turn=0, stock=0)
    new = (pile_points(given, 0) - pile_points(given, 1)) - (
        pile_points(kept, 0) - pile_points(kept, 1)
    )
    assert new == pytest.approx(90 - 10)  # their 90 points in hand, 10 more on the table


def test_the_pile_aware_horizon_is_an_option_the_medium_level_never_takes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Measured no better than the hand-set points with two players, so the hard level
    # keeps them by default; the medium level always does.
    assert HardPlayer.PILE_AWARE == {2: False, 4: False}
    assert MediumPlayer.PILE_AWARE == {2: False, 4: False}
    seen: list[HandState] = []

    def recording(state: HandState, side: int) -> float:
        seen.append(state)
        return pile_points(state, side)

    monkeypatch.setattr(playout, "pile_points", recording)
    player = HardPlayer(0, rounds=1, learned=False)
    player.PILE_CREDIT = {2: 0.0, 4: 0.0}
    player.PILE_AWARE = {2: True, 4: False}
    value = player._simulate(_position(taken=False), _Candidate("none", []), 0)
    horizon = seen[0]
    assert len(seen) == 2 and seen[1] is horizon and not horizon.ended
    assert value == pile_points(horizon, 0) - pile_points(horizon, 1)
    assert value != table_points(horizon, 0) - table_points(horizon, 1)
    player.PILE_AWARE = {2: False, 4: False}
    player._simulate(_position(taken=False), _Candidate("none", []), 0)
    assert len(seen) == 2  # the hand-set points: pile_points not asked


def test_medium_chooses_as_before_on_a_fixed_world() -> None:
    """Deal 2 played by the tracking player to its first draw with an 8-card pile it may
    take: the medium level's 6 worlds (seed 5) measure drawing 90.67 points better than
    taking, the same figure as before the hard level's pile-aware horizon."""
    state = HandState.deal(CLASSIC.with_options(players=2), 2)
    player = TrackingPlayer(2)
    while not (
        state.phase.value == "draw"
        and len(state.pile) >= 8
        and any(m.type is MoveType.TAKE for m in state.legal_moves)
    ):
        state.apply(player.choose(state.view_for(state.mover)))
    advice = MediumPlayer(5, time_limit=None).advise(state.view_for(state.mover))
    assert advice.move.type is MoveType.DRAW
    assert advice.worlds == 6
    assert advice.margin == pytest.approx(90.66666666666667, abs=1e-9)
