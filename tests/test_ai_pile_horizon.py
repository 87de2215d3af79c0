"""The search's horizon and the pile: the fitted model reads a takeable pile for the side
that draws next, the hand-set points (the medium level's) see a pile handed over early as
nearly free, and the medium level's choice on a fixed world."""

from __future__ import annotations

import pytest

from canasta.ai.evaluation import FEATURES, pile_takeable, side_features, table_points
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


def test_the_pile_counts_for_the_side_that_draws_next_when_it_can_take_it() -> None:
    state = _position(taken=False)
    assert pile_takeable(state)  # the King on top goes onto side 1's meld of Kings
    early = 48 / 60
    # The fitted model's features read it too: 12 cards, scaled by the stock left.
    i = FEATURES.index("pile_takeable")
    assert side_features(state, 1)[i : i + 2] == [12.0, pytest.approx(12 * early)]
    assert side_features(state, 0)[i] == 0.0
    assert not pile_takeable(_position(taken=False, turn=0))  # side 0 holds no Kings


def test_the_hand_set_points_see_a_pile_handed_over_early_as_nearly_free() -> None:
    given, kept = _position(taken=True, turn=0), _position(taken=False, turn=0)
    # Hand-set points (medium): their 11 more cards in hand count half against them, the
    # King adds 10 to their meld: 0.5 * 90 - 10 = 35 points *better* for us.
    old = (table_points(given, 0) - table_points(given, 1)) - (
        table_points(kept, 0) - table_points(kept, 1)
    )
    assert old == pytest.approx(0.5 * 90 - 10)


def test_medium_chooses_as_before_on_a_fixed_world() -> None:
    """Deal 2 played by the tracking player to its first draw with an 8-card pile it may
    take: the medium level's 6 worlds (seed 5) measure drawing 90.67 points better than
    taking."""
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
