"""The first computer players: they read only their view, play legal moves, and the
heuristic player beats random play and answers "may I go out?" sensibly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.ai import HeuristicPlayer, RandomPlayer
from canasta.engine import HandState, MoveType, RuleSet
from canasta.engine.cards import CARD_KIND, RED_THREE
from canasta.engine.position import state_from_data

KINGS7 = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]


def hidden_twin(state: HandState, seat: int, rng: random.Random) -> HandState:
    """A copy in which every card ``seat`` cannot see (other hands' unknown cards and the
    stock's) is dealt again at random; hand and stock sizes stay the same."""
    twin = state.copy()
    slots: list[tuple[list[int], int]] = []
    for other in range(twin.players):
        if other != seat:
            hand = twin.hands[other]
            slots += [(hand, i) for i, c in enumerate(hand) if c not in twin.known[other]]
    # Red threes stay where they are: a hand never holds one.
    slots += [(twin.stock, i) for i, c in enumerate(twin.stock) if CARD_KIND[c] != RED_THREE]
    pool = [place[i] for place, i in slots]
    rng.shuffle(pool)
    for (place, i), card in zip(slots, pool, strict=True):
        place[i] = card
    for other in range(twin.players):
        twin.counts[other] = [0] * len(twin.counts[other])
        for card in twin.hands[other]:
            twin.counts[other][CARD_KIND[card]] += 1
    return twin


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_decides_from_the_view_alone(players: int) -> None:
    rng = random.Random(players)
    player = HeuristicPlayer()
    checked = differing = 0
    for deal in range(6):
        state = HandState.deal(RuleSet(players=players), 500 + deal, dealer=deal % players)
        while not state.ended and state.move_count < 400:
            seat = state.mover
            view = state.view_for(seat)
            move = player.choose(view)
            assert move in view.legal_moves
            twin = hidden_twin(state, seat, rng)
            assert twin.view_for(seat) == view
            assert player.choose(twin.view_for(seat)) == move
            checked += 1
            differing += twin.hands != state.hands
            state.apply(move)
    assert checked > 300
    assert differing > checked * 0.9  # the twins really did hold other cards


def test_same_view_same_decision_in_built_positions() -> None:
    """Two positions differing only in seat 1's hidden cards (same size): one decision."""
    common: dict[str, Any] = {
        "rules": {"players": 2},
        "pile": ["6C", "9S", "QD"],
        "melds": [{"A": ["AS", "AH", "AD"]}, {"8": ["8S", "8H", "8D"]}],
        "turn": 0,
    }
    seat0 = ["QS", "QH", "5D", "7C", "JC", "2H"]
    hidden_a = ["4H", "4D", "TS", "TH", "JK", "KC", "5S"]
    hidden_b = ["QC", "QC", "KS", "KS", "7D", "7H", "2S"]
    player = HeuristicPlayer()
    for phase in ("draw", "play"):
        a = state_from_data({**common, "phase": phase, "hands": [seat0, hidden_a]})
        b = state_from_data({**common, "phase": phase, "hands": [seat0, hidden_b]})
        assert a.hands[1] != b.hands[1] and a.stock != b.stock
        assert a.view_for(0) == b.view_for(0)
        chosen = player.choose(a.view_for(0))
        assert player.choose(b.view_for(0)) == chosen
        if phase == "draw":
            assert chosen.text() == "take QS QH"  # three cards to gain: take the pile


@pytest.mark.parametrize("player", [RandomPlayer(1), HeuristicPlayer()], ids=lambda p: p.name)
def test_players_refuse_a_view_without_moves(player) -> None:
    state = HandState.deal(RuleSet(players=2), 42, dealer=1)
    assert state.mover == 0
    with pytest.raises(ValueError, match="seat 1 has no legal move"):
        player.choose(state.view_for(1))
    ended = state_from_data({"hands": [[], ["5C"]], "phase": "ended", "turn": 0})
    with pytest.raises(ValueError, match="no legal move"):
        player.choose(ended.view_for(0))


def test_random_player_is_reproducible_and_legal() -> None:
    view = HandState.deal(RuleSet(players=2), 9, dealer=0).view_for(1)
    picks = [RandomPlayer(5).choose(view) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2] and picks[0] in view.legal_moves
    one = RandomPlayer(3)
    assert {one.choose(view) for _ in range(60)} == set(view.legal_moves)


def play_hand(deal: int, players: list[Any]) -> tuple[int, int]:
    state = HandState.deal(RuleSet(players=2), deal, dealer=deal % 2)
    while not state.ended:
        state.apply(players[state.mover].choose(state.view_for(state.mover)))
    score = state.score()
    return score.sides[0].total, score.sides[1].total


def test_heuristic_beats_random_play() -> None:
    # Measured: 43 of these 50 hands (41-48 over 20 other runs of 50).
    wins = 0
    margin = 0
    for deal in range(50):
        ours, theirs = play_hand(deal, [HeuristicPlayer(), RandomPlayer(deal)])
        wins += ours > theirs
        margin += ours - theirs
    assert wins >= 35
    assert margin > 50 * 300


def answer_position(answerer_hand: list[str]) -> HandState:
    """Four players, ask permission on: seat 1 asked, its partner seat 3 must answer.

    Side 1 has a canasta of Kings and six 9s; seat 1 could go out with its three Queens.
    """
    return state_from_data(
        {
            "rules": {"players": 4, "ask_permission": True},
            "hands": [["4S", "5S", "6S"], ["QS", "QH", "QD"], ["7S", "8C", "TC"], answerer_hand],
            "melds": [{}, {"K": KINGS7, "9": ["9S", "9H", "9D", "9C", "9S", "9H"]}],
            "pile": ["5H"],
            "turn": 1,
            "phase": "answer",
            "asked": True,
        }
    )


@pytest.mark.parametrize(
    ("hand", "answer"),
    [
        (["9D", "4C", "6H", "8S", "JC"], MoveType.NO),  # the 9 finishes the canasta
        (["JK", "4C", "6H", "8S"], MoveType.NO),  # so does a wild card
        (["AS", "AH", "AD", "5C"], MoveType.NO),  # 60 points it could put down
        (["4C", "6H", "8S", "JC", "AD"], MoveType.YES),  # scattered singletons
        (["AS", "AH", "5C", "6C"], MoveType.YES),  # a pair does not make a meld
    ],
)
def test_heuristic_answers_may_i_go_out(hand: list[str], answer: MoveType) -> None:
    state = answer_position(hand)
    assert state.mover == 3
    view = state.view_for(3)
    assert {m.type for m in view.legal_moves} == {MoveType.YES, MoveType.NO}
    assert HeuristicPlayer().choose(view).type is answer


def test_answer_binds_the_asker() -> None:
    no = answer_position(["9D", "4C", "6H", "8S", "JC"])
    no.apply(HeuristicPlayer().choose(no.view_for(3)))
    assert no.permission is False and no.mover == 1
    assert "meld QS QH QD" not in [m.text() for m in no.legal_moves()]
    yes = answer_position(["4C", "6H", "8S", "JC", "AD"])
    yes.apply(HeuristicPlayer().choose(yes.view_for(3)))
    assert yes.permission is True
    yes.apply(HeuristicPlayer().choose(yes.view_for(1)))
    assert yes.ended and yes.went_out == 1
