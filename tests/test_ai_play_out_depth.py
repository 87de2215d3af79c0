"""The hard level's play-out depth: under a big pile a candidate played out two rounds and
one played to the end of the hand value differently, and a hand played to its end is scored
by the rules. Positions written inline are this project's own."""

from __future__ import annotations

from canasta.ai import HardPlayer
from canasta.ai.hard import _Candidate
from canasta.engine.position import state_from_data

#: Two players, seat 0 to play: a 12-card unfrozen pile, both sides opened, seat 1 holds a
#: natural pair of Kings (a King discarded now hands it the pile).
OURS = ["KH", "9C", "9D", "5S", "7H", "QC", "2C", "6S", "8C"]
THEIRS = ["KS", "KD", "4D", "8D", "TC", "6H", "JD"]
PILE = ["4H", "5D", "6C", "7C", "8S", "9S", "TH", "QH", "4C", "5C", "6D", "8H"]
BATTLE_POSITION = {
    "rules": {"players": 2},
    "turn": 0,
    "phase": "play",
    "hands": [OURS, THEIRS],
    "melds": [{"A": ["AS", "AH", "AD"]}, {"J": ["JS", "JH", "JC"]}],
    "pile": PILE,
    "opened": [True, True],
}


def test_a_play_out_to_the_end_of_the_hand_is_scored_by_the_rules() -> None:
    state = state_from_data(BATTLE_POSITION)
    king = next(m for m in state.view_for(0).legal_moves if m.text() == "discard KH")
    cand = _Candidate("king", [king])
    hard = HardPlayer(0, time_limit=None, worlds=4)
    short = hard._simulate(state, cand, 0, 2)
    to_end = hard._simulate(state, cand, 0, 0)
    assert short == hard._simulate(state, cand, 0)  # ROUNDS with two players: 2
    assert short != to_end
    # A hand played to its end is scored by the rules: a whole number of points.
    assert to_end == int(to_end)


def test_explicit_rounds_override_the_table_size_default() -> None:
    view = state_from_data(BATTLE_POSITION).view_for(0)
    hard = HardPlayer(0, time_limit=None, worlds=4)
    assert hard._rounds(view) == 2  # ROUNDS with two players
    hard.rounds = 3
    assert hard._rounds(view) == 3
