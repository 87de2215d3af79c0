"""A hint's reason reads as plain words a player knows (the new-player test, item 7):
the gain is measured against a cautious player's move, with a space before it."""

from __future__ import annotations

from canasta.ai.hard import _Candidate, _reason
from canasta.engine.cards import CARD_CODE
from canasta.engine.moves import discard, meld
from canasta.engine.position import state_from_data


def test_the_gain_names_what_it_is_measured_against() -> None:
    state = state_from_data(
        {
            "rules": {"players": 2},
            "hands": [["AS", "AH", "AD", "4H", "9C"], ["7C", "8C"]],
            "pile": ["5H"],
            "turn": 0,
            "phase": "play",
            "side_scores": [0, 0],
        }
    )
    view = state.view_for(0)
    by_code = {CARD_CODE[c]: c for c in state.hands[0]}
    aces = meld(by_code["AS"], by_code["AH"], by_code["AD"])
    line = _reason(view, _Candidate("meld", [aces, discard(by_code["4H"])]), 12.4)
    assert (
        line
        == "Meld Aces, then discard 4\u2665 (about 12 points better than a cautious player's move)."
    )
    assert "simple play" not in _reason(view, _Candidate("discard", [discard(by_code["9C"])]), 1.0)
