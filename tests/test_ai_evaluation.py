"""The hard level's fitted evaluation: exact on finished hands, symmetric between the
sides, pointing the right way on the features a player values, and a fit that recovers
known weights."""

from __future__ import annotations

import random

import pytest

from canasta.ai.evaluation import FEATURES, evaluate, feature_margin, side_features
from canasta.ai.tracking_player import TrackingPlayer
from canasta.ai.weights import EVALUATION_WEIGHTS
from canasta.engine import CLASSIC, HandState
from canasta.engine.position import state_from_data


def _played(players: int, deal: int, moves: int | None = None) -> HandState:
    state = HandState.deal(CLASSIC.with_options(players=players), deal)
    player = TrackingPlayer(deal)
    count = 0
    while not state.ended and (moves is None or count < moves):
        state.apply(player.choose(state.view_for(state.mover)))
        count += 1
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_a_finished_hand_is_worth_its_score(players: int) -> None:
    state = _played(players, 5)
    assert state.ended
    a, b = state.score().totals
    assert evaluate(state, 0) == a - b
    assert evaluate(state, 1) == b - a


@pytest.mark.parametrize("players", [2, 4])
def test_the_evaluation_is_symmetric_between_sides(players: int) -> None:
    state = _played(players, 8, moves=40)
    assert not state.ended
    assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))
    assert feature_margin(state, 0) == [-x for x in feature_margin(state, 1)]


def test_features_read_the_table() -> None:
    state = state_from_data(
        {
            "rules": {"players": 2},
            "turn": 0,
            "hands": [["4S", "2H", "JK"], ["5S"]],
            "melds": [
                {
                    "K": ["KS", "KH", "KD", "KC", "KS", "KH", "KD"],
                    "9": ["9S", "9H", "9D", "9C", "9S", "9H"],
                },
                {},
            ],
            "pile": ["6D", "7D"],
            "opened": [True, False],
            "red_threes": [["3H"], []],
        }
    )
    f = dict(zip(FEATURES, side_features(state, 0), strict=True))
    assert f["melded"] == 7 * 10 + 6 * 10  # seven Kings and six 9s, 10 points each
    assert f["canasta_bonus"] == 500  # the Kings: a natural canasta
    assert f["red_threes"] == 100
    assert f["in_hand"] == -(5 + 20 + 50)  # 4, two, joker
    assert f["cards_in_hand"] == 3 and f["wilds_in_hand"] == 2
    assert f["melds_of_6"] == 1 and f["melds_of_5"] == 0
    assert f["can_go_out"] == 1 and f["opened"] == 1
    assert f["pile_next"] == 2  # side 0 draws next
    assert side_features(state, 1)[FEATURES.index("pile_next")] == 0
    assert f["pile_takeable"] == 0  # a 7 on top and no 7 in hand or on the table


@pytest.mark.parametrize("players", [2, 4])
def test_fitted_weights_value_what_players_value(players: int) -> None:
    w = dict(zip(FEATURES, EVALUATION_WEIGHTS[players], strict=True))
    assert len(EVALUATION_WEIGHTS[players]) == len(FEATURES)
    # Points on the table count about at face value; a canasta's bonus too.
    assert 0.7 < w["melded"] < 2.0
    assert 0.7 < w["canasta_bonus"] < 1.4
    # A meld of six early in the hand is a canasta in waiting.
    assert w["melds_of_6"] + w["melds_of_6_early"] > 100
    # Late in the hand, points in hand are a debt (the feature is minus their value).
    assert w["in_hand"] + w["in_hand_late"] > 0
    assert w["wilds_in_hand"] > 0


def test_the_fit_recovers_known_weights() -> None:
    from scripts import fit_evaluation

    rng = random.Random(3)
    true = [1.5 if i % 3 == 0 else -0.5 * i for i in range(len(FEATURES))]
    samples = []
    for hand in range(400):
        x = [rng.uniform(-50, 50) for _ in FEATURES]
        samples.append((x, sum(a * b for a, b in zip(true, x, strict=True)), hand))
    weights = fit_evaluation.fit(samples, ridge=0.0)
    assert weights == pytest.approx(true, abs=1e-6)
    assert fit_evaluation.r_squared(samples, weights) == pytest.approx(1.0)
