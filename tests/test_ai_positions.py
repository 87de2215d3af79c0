"""Computer players on positions that leave cards out of play, and sampled worlds built
through the engine's own constructor."""

from __future__ import annotations

import random

from canasta.ai import HardPlayer
from canasta.ai.world import sample_state
from canasta.engine.cards import kind_counts
from canasta.engine.position import state_from_data


def test_the_hard_level_plays_a_position_with_a_short_stock() -> None:
    state = state_from_data(
        {
            "rules": {"players": 2},
            "hands": [["7H", "7D", "KC", "5C", "9D", "QH"], ["4D", "6C", "8H", "TC", "AC"]],
            "pile": ["4C", "7S"],
            "melds": [{"K": ["KS", "KH", "KD"]}, {}],
            "stock_size": 3,
            "turn": 0,
        }
    )
    assert len(state.stock) == 3 and len(state.out_of_play) == 108 - 11 - 2 - 3 - 3
    view = state.view_for(0)
    assert set(view.out_of_play) == set(state.out_of_play)
    world = sample_state(view, random.Random(1))
    assert sorted(world.out_of_play) == sorted(state.out_of_play)
    assert len(world.stock) == 3 and world.hands[0] == state.hands[0]
    assert sorted(len(h) for h in world.hands) == sorted(len(h) for h in state.hands)
    # The counts per kind are the engine's own, computed from the sampled hand.
    assert world.counts[1] == kind_counts(world.hands[1])
    advice = HardPlayer(3, time_limit=None, worlds=4).advise(view)
    assert advice.move in view.legal_moves
