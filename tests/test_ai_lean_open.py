"""The lean opening: the hard level opens with the fewest wild cards it needs;
and the bar the plan that holds cards back must clear.

Positions written inline are this project's own.
"""

from __future__ import annotations

import pytest

import canasta.ai.hard as hard_module
from canasta.ai import HardPlayer, MediumPlayer, TrackingPlayer
from canasta.ai.hard import _Candidate
from canasta.ai.tracking_player import Style, wilds_to_open
from canasta.engine import HandState
from canasta.engine.cards import JOKER, KIND_RANK, NUM_KINDS, TWO
from canasta.engine.moves import Move
from canasta.engine.position import state_from_data
from canasta.engine.view import SeatView

#: Two players, seat 0 to open (50 points) with three Queens, a two and two jokers.
QUEENS = {
    "rules": {"players": 2},
    "turn": 0,
    "phase": "play",
    "hands": [
        ["QS", "QD", "QH", "2C", "JK", "JK", "5S", "7H", "9C", "KC"],
        ["4D", "8D", "TC", "6H", "JD", "JS", "QC"],
    ],
    "pile": ["4H"],
    "opened": [False, False],
}

#: Two players, seat 0 to open (50 points) with a pair of Kings, two jokers and two twos.
KINGS = {
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

#: Two players, seat 0 to discard; both sides unopened, each holding three of a kind, a two
#: and two jokers, so each opens on its next turn of a play-out.
BOTH_OPEN = {
    "rules": {"players": 2},
    "turn": 0,
    "phase": "play",
    "hands": [
        ["QS", "QD", "QH", "2C", "JK", "JK", "5S", "7H", "9C", "KC", "4C"],
        ["KS", "KD", "KH", "2D", "JK", "JK", "4D", "8D", "TC", "6H", "JD"],
    ],
    "pile": ["4H"],
    "stock": ["5H", "6D", "7C", "8S", "9H", "TD", "5C", "6S", "7D", "8C"],
    "opened": [False, False],
}


def play_turn(state: HandState, style: Style) -> list[str]:
    """Seat 0's whole turn under ``style``; the moves' text forms."""
    player = TrackingPlayer(0, style)
    moves: list[str] = []
    while not state.ended and state.turn == 0:
        move = player.choose(state.view_for(0))
        moves.append(move.text())
        state.apply(move)
    return moves


def counts_of(**kinds: int) -> list[int]:
    """Counts per kind from rank names (``Q=3, JK=2``)."""
    counts = [0] * NUM_KINDS
    for name, n in kinds.items():
        kind = JOKER if name == "JK" else TWO if name == "R2" else KIND_RANK.index(name)
        counts[kind] = n
    return counts


def test_the_default_pads_the_opening_with_both_jokers() -> None:
    """Q Q Q 2 already makes 50, yet both jokers go down too."""
    assert play_turn(state_from_data(QUEENS), Style()) == ["meld QS QD QH 2C JK JK", "discard 9C"]


def test_lean_opens_with_one_joker_and_keeps_the_two_and_the_other() -> None:
    lean = play_turn(state_from_data(QUEENS), Style(lean=True))
    assert lean == ["meld QS QD QH JK", "discard 9C"]


def test_lean_spends_one_joker_rather_than_two_twos() -> None:
    """K K and a two make 40, short of 50: one joker (70) rather than both twos (60)."""
    assert play_turn(state_from_data(KINGS), Style(lean=True)) == ["meld KS KD JK", "discard 9C"]
    assert play_turn(state_from_data(KINGS), Style()) == ["meld KS KD JK JK", "discard 9C"]


def test_wilds_to_open_counts_the_fewest_wild_cards() -> None:
    assert wilds_to_open(counts_of(Q=3, R2=1, JK=2), 50, placed=False) == 1
    assert wilds_to_open(counts_of(Q=3, K=3), 50, placed=False) == 0
    assert wilds_to_open(counts_of(K=2, R2=2, JK=2), 50, placed=False) == 1
    # Two twos: the first makes K K 2 (40), the second brings 60.
    assert wilds_to_open(counts_of(K=2, R2=2), 50, placed=False) == 2
    # Nothing to meld and no meld on the table: no wild card helps.
    assert wilds_to_open(counts_of(K=1, JK=2), 50, placed=False) == 99
    assert wilds_to_open(counts_of(K=1, JK=1), 50, placed=True) == 1
    assert wilds_to_open(counts_of(), 0, placed=False) == 0


def test_hard_opens_lean_with_two_players_and_medium_never() -> None:
    assert HardPlayer.LEAN_OPEN == {2: True, 4: False}
    assert MediumPlayer.LEAN_OPEN == {2: False, 4: False}


@pytest.mark.parametrize("lean", [False, True])
def test_hard_plans_open_lean_with_the_switch(lean: bool) -> None:
    state = state_from_data(QUEENS)
    hard = HardPlayer(0, time_limit=None, worlds=8)
    hard.LEAN_OPEN = {2: lean, 4: False}
    cands = hard._candidates(state.view_for(0), state.copy())
    firsts = {c.moves[0].text() for c in cands}
    assert firsts == ({"meld QS QD QH JK"} if lean else {"meld QS QD QH 2C JK JK"})


class _Recording(TrackingPlayer):
    """A tracking player that notes the melds it makes: (seat, move text)."""

    made: list[tuple[int, str, bool]] = []

    def choose(self, view: SeatView) -> Move:
        move = super().choose(view)
        if move.type.name == "MELD":
            self.made.append((view.seat, move.text(), self.style.lean))
        return move


@pytest.mark.parametrize("lean", [False, True])
def test_play_outs_open_lean_for_the_own_side_only(
    lean: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hard_module, "TrackingPlayer", _Recording)
    _Recording.made = []
    state = state_from_data(BOTH_OPEN)
    discard = next(m for m in state.view_for(0).legal_moves if m.text() == "discard 4C")
    hard = HardPlayer(0, time_limit=None, worlds=1, rounds=1)
    hard.LEAN_OPEN = {2: lean, 4: False}
    hard._simulate(state, _Candidate("discard", [discard]), 0)
    theirs = "meld KS KD KH 2D JK JK"
    if lean:
        assert _Recording.made == [(1, theirs, False), (0, "meld QS QD QH JK", True)]
    else:
        assert _Recording.made == [(1, theirs, False), (0, "meld QS QD QH 2C JK JK", False)]


@pytest.mark.parametrize(("bar", "chosen"), [(None, "hold"), (0.5, "hold"), (3.0, "discard")])
def test_the_hold_plan_must_clear_the_confidence_bar(
    bar: float | None, chosen: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight worlds: holding back gains 10 or 0 (mean 5, 2.6 standard errors), another
    discard gains 3 or 2 (mean 2.5, far above its bar); a bar of 3 standard errors leaves
    the discard (None: the two-player level's own bar, half a standard error)."""
    state = state_from_data(QUEENS)
    view = state.view_for(0)
    legal = [m for m in view.legal_moves if m.type.name in ("MELD", "DISCARD")]
    hard = HardPlayer(0, time_limit=None, worlds=8)
    hard.confidence = bar
    cands = [_Candidate("default", [legal[0]]), _Candidate("hold", [legal[1]])]
    cands.append(_Candidate("discard", [legal[2]]))
    gains = {"default": [0.0] * 8, "hold": [10.0, 0.0] * 4, "discard": [3.0, 2.0] * 4}
    seen = {label: iter(values) for label, values in gains.items()}
    monkeypatch.setattr(hard, "_candidates", lambda view, world: cands)
    monkeypatch.setattr(hard, "_simulate", lambda world, cand, seat, rounds: next(seen[cand.label]))
    advice = hard._search(view)
    assert advice.worlds == 8
    assert advice.move == {"hold": legal[1], "discard": legal[2]}[chosen]
    assert advice.margin == {"hold": 5.0, "discard": 2.5}[chosen]
