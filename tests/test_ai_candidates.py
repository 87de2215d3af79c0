"""The hard level's candidates and play-outs: the pile credit, the known pair, what a plan
discards and whether it goes out.

Positions written inline are this project's own.
"""

from __future__ import annotations

from canasta.ai import HardPlayer, MediumPlayer
from canasta.ai.candidates import discard_kind, goes_out
from canasta.ai.hard import _Candidate
from canasta.ai.playout import BIG_PILE, _pile_credit
from canasta.engine import MoveType
from canasta.engine.cards import KIND_RANK
from canasta.engine.moves import Move, discard, meld, take
from canasta.engine.position import state_from_data

#: Two players, seat 0 to play: a 12-card unfrozen pile, both sides opened, and seat 1 holds
#: a natural pair of Kings: a King discarded now lets it take the pile.
BIG_PILE_POSITION = {
    "rules": {"players": 2},
    "turn": 0,
    "phase": "play",
    "hands": [
        ["KH", "9C", "9D", "5S", "7H", "QC"],
        ["KS", "KD", "4D", "8D", "TC", "6H", "JD"],
    ],
    "melds": [{"A": ["AS", "AH", "AD"]}, {"J": ["JS", "JH", "JC"]}],
    "pile": ["4H", "5D", "6C", "7C", "8S", "9S", "TH", "QH", "4C", "5C", "6D", "8H"],
    "opened": [True, True],
}

#: Two players, seat 0 to open (50 points) with a pair of Kings, two jokers and two twos.
OPENING_POSITION = {
    "rules": {"players": 2},
    "turn": 0,
    "phase": "play",
    "hands": [
        ["KS", "KD", "JK", "JK", "2C", "2D", "5S", "7H", "9C", "QC"],
        ["4D", "8D", "TC", "6H", "JD", "JS", "QD"],
    ],
    "pile": ["4H"],
    "opened": [False, False],
}


def test_pile_credit_counts_only_big_piles() -> None:
    assert BIG_PILE == 6
    assert _pile_credit(5, 6.0) == 0.0
    assert _pile_credit(6, 6.0) == 36.0
    assert _pile_credit(13, 6.0) == 78.0


def test_a_pile_taken_in_the_play_out_costs_the_discarding_side_its_credit() -> None:
    state = state_from_data(BIG_PILE_POSITION)
    king = next(m for m in state.view_for(0).legal_moves if m.text() == "discard KH")
    plain = HardPlayer(0, time_limit=None, worlds=4, learned=False)
    plain.PILE_CREDIT = {2: 0.0, 4: 0.0}
    credited = HardPlayer(0, time_limit=None, worlds=4, learned=False)
    credited.PILE_CREDIT = {2: 6.0, 4: 6.0}
    # The same play-out (the credit changes no move): seat 1 takes the 13 cards with its
    # Kings, and the credit puts 6 points a card against seat 0's side.
    before = plain._simulate(state, _Candidate("king", [king]), 0)
    after = credited._simulate(state, _Candidate("king", [king]), 0)
    assert before == -32.5
    assert after == before - 6.0 * 13


def test_medium_neither_credits_piles_nor_takes_one_in_its_plans() -> None:
    assert MediumPlayer.PILE_CREDIT == {2: 0.0, 4: 0.0}
    state = state_from_data(OPENING_POSITION)
    medium = MediumPlayer(0, time_limit=None)
    cands = medium._candidates(state.view_for(0), state.copy())
    assert all(m.type is not MoveType.TAKE for c in cands for m in c.moves)


def test_hard_keeps_the_king_the_next_player_is_known_to_pair() -> None:
    """Seat 1 took KS KD with a pile earlier (they are known): the King would hand it 13
    cards, so hard throws the Seven."""
    data = {**BIG_PILE_POSITION, "known": [[], ["KS", "KD"]]}
    view = state_from_data(data).view_for(0)
    for credit in (0.0, 6.0):
        hard = HardPlayer(0, time_limit=None, worlds=24)
        hard.PILE_CREDIT = {2: credit, 4: credit}
        assert hard.choose(view).text() == "discard 7H"


def test_a_plan_discards_the_kind_of_its_last_card_unless_it_goes_out() -> None:
    hand = 6
    view = state_from_data(BIG_PILE_POSITION).view_for(0)
    king = next(m for m in view.legal_moves if m.text() == "discard KH")
    assert discard_kind([king], hand) == KIND_RANK.index("K")
    assert discard_kind([king], 1) == -1  # the discard goes out


def test_a_plan_goes_out_when_it_plays_the_whole_hand_and_does_not_ask() -> None:
    assert goes_out([discard(5)], 1) is True
    assert goes_out([meld(1, 2, 3), discard(5)], 4) is True
    assert goes_out([meld(1, 2, 3), discard(5)], 5) is False
    # The cards of a take come from the pile too: they do not count as played from the hand.
    assert goes_out([take(1, 2), meld(3, 4, 6)], 5) is False
    assert goes_out([meld(1, 2, 3), Move(MoveType.ASK)], 3) is False
