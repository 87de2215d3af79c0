"""What each player shows in public (the pile top it drew over, what it discarded), and the
hard level's inference from it: worlds dealt so that a player who just drew over a King
holds at most one King, and the discard that uses it."""

from __future__ import annotations

import random

import pytest

from canasta.ai import HardPlayer, TrackingPlayer
from canasta.ai.world import inferred_caps, sample_state
from canasta.engine import CLASSIC, HandState, MoveType
from canasta.engine.cards import CARD_KIND, kind_of_rank_char
from canasta.engine.position import state_from_data, state_to_data

KING = kind_of_rank_char("K")
NINE = kind_of_rank_char("9")
FOUR = kind_of_rank_char("4")


def test_the_engine_records_draws_over_the_pile_top_and_discards() -> None:
    state = state_from_data(
        {
            "rules": {"players": 2},
            "turn": 0,
            "hands": [["5S", "6S", "7S"], ["8S", "8H", "QS"]],
            "pile": ["4C", "KS"],
            "opened": [True, False],
        }
    )
    state.apply(next(m for m in state.legal_moves() if m.type is MoveType.DRAW))
    state.apply(next(m for m in state.legal_moves() if m.text() == "discard 6S"))
    # Seat 1's side has not opened: a natural pair could not have taken the pile anyway.
    state.apply(next(m for m in state.legal_moves() if m.type is MoveType.DRAW))
    state.apply(next(m for m in state.legal_moves() if m.text() == "discard QS"))
    assert state.shown == [[(KING, kind_of_rank_char("6"))], [(-1, kind_of_rank_char("Q"))]]
    view = state.view_for(1)
    assert view.shown == (((KING, kind_of_rank_char("6")),), ((-1, kind_of_rank_char("Q")),))


def test_shown_turns_round_trip_through_the_position_format() -> None:
    data = {
        "rules": {"players": 2},
        "hands": [["4S"], ["6S"]],
        "shown": [[["K", None], [None, "2"]], [["A", "JK"]]],
    }
    state = state_from_data(data)
    assert state.shown == [[(KING, -1), (-1, 13)], [(10, 14)]]
    assert state_to_data(state)["shown"] == data["shown"]


#: Twelve cards for seat 1 (hidden from seat 0: worlds deal its hand again).
OTHER = ["QH", "5C", "5D", "6C", "6D", "7C", "7H", "8C", "8H", "TD", "TH", "QC"]


def _view_after(shown: list[list[list[str | None]]], known: list[list[str]] | None = None):
    state = state_from_data(
        {
            "rules": {"players": 2},
            "turn": 0,
            "phase": "play",
            "hands": [["4S", "4H", "5S", "6S", "7D", "8D", "JS"], OTHER + (known or [[], []])[1]],
            "opened": [True, True],
            "pile": ["TC", "JD"],
            "shown": shown,
            "known": known or [[], []],
        }
    )
    return state.view_for(0)


def test_caps_read_the_last_turns_and_drop_what_known_cards_contradict() -> None:
    view = _view_after([[], [["K", None], ["9", "5"], [None, "7"]]])
    caps = inferred_caps(view, 1, random.Random(0))
    # Only the last two turns count: 9 drawn over (at most one), 5 and 7 discarded (0 or 1).
    assert caps[NINE] == 1
    assert KING not in caps
    assert set(caps) == {NINE, kind_of_rank_char("5"), kind_of_rank_char("7")}
    assert all(caps[k] in (0, 1) for k in caps)
    # Seat 1 is known to hold two 9s (taken with a pile since): the cap on 9s is dropped.
    view = _view_after([[], [["9", None]]], known=[[], ["9H", "9S"]])
    assert inferred_caps(view, 1, random.Random(0)) == {}


def test_inferred_worlds_keep_the_view_and_respect_the_caps() -> None:
    view = _view_after([[], [["K", None], ["9", None]]])
    rng = random.Random(5)
    plain_pairs = inferred_pairs = 0
    for _ in range(300):
        for infer in (False, True):
            world = sample_state(view, rng, infer)
            assert world.view_for(0) == view
            assert sorted(c for place in world.cards_in_places() for c in place) == list(range(108))
            held = world.counts[1]
            pairs = int(held[KING] >= 2) + int(held[NINE] >= 2)
            if infer:
                inferred_pairs += pairs
            else:
                plain_pairs += pairs
    assert plain_pairs > 20
    assert inferred_pairs == 0


@pytest.mark.slow  # six full hard searches of 96 worlds: about 90 s on a loaded machine
def test_hard_discards_the_card_the_next_player_just_drew_over() -> None:
    # Four players (where the hard level reads these signals). The pile (13 cards) is
    # frozen (a two in it): seat 1 takes it only with a natural pair of the top card. Seat 0
    # holds six singletons; seat 1 drew over a King last turn, so it holds at most one King
    # and a King is the one safe discard. With 96 worlds (and
    # racing), the search throws the King on 4 of seeds 1-6 with the inference (7 of
    # seeds 1-10), on none without it.
    data = {
        "rules": {"players": 4},
        "turn": 0,
        "phase": "play",
        "hands": [
            ["KS", "9H", "7S", "6S", "5S", "4S"],
            OTHER[:9],
            ["5D", "6D", "7D", "8C", "TH", "QS", "JH", "AC"],
            ["5H", "6H", "7H", "8S", "TS", "QD", "AD", "JC"],
        ],
        "melds": [{"A": ["AS", "AH", "AD"]}, {"Q": ["QH", "QD", "QC"]}],
        "pile": ["4C", "2C", "8S", "8D", "TC", "TD", "JS", "JD", "5C", "6C", "7C", "8H", "TH"],
        "opened": [True, True],
        "shown": [[], [["K", "J"]], [], []],
    }
    state = state_from_data(data)
    view = state.view_for(0)
    kings = blind_kings = 0
    for seed in range(1, 7):
        advice = HardPlayer(seed=seed, time_limit=None, worlds=96).advise(view)
        move = advice.move
        assert move.type is MoveType.DISCARD
        if CARD_KIND[move.cards[0]] == KING:
            kings += 1
            # Not the tracking player's own discard: the hint says the search chose it.
            assert advice.reason.startswith(
                "Discard K\u2660: from what they probably hold, this works out best"
            )
        blind = HardPlayer(seed=seed, time_limit=None, worlds=96, infer=False).choose(view)
        blind_kings += CARD_KIND[blind.cards[0]] == KING
    assert kings >= 3
    assert blind_kings == 0


def test_hard_reads_the_one_opponent_with_two_players() -> None:
    # Two players: the next player is the one opponent, so what it drew over bears on every
    # discard. The pile (13 cards) is frozen (a two in it): seat 1 takes it only with a
    # natural pair of the top card. Seat 0 holds six singletons; seat 1 drew over a King
    # last turn, so it holds at most one King and a King is the one safe discard. The hard
    # level (48 worlds, no clock) throws the King with every seed; without the inference
    # the King is not even among its plans (the tracking player ranks it costly).
    data = {
        "rules": {"players": 2},
        "turn": 0,
        "phase": "play",
        "hands": [["KS", "9H", "7S", "6S", "5S", "4S"], OTHER[:9]],
        "melds": [{"A": ["AS", "AH", "AD"]}, {"Q": ["QH", "QD", "QC"]}],
        "pile": ["4C", "2C", "8S", "8D", "TC", "TD", "JS", "JD", "5C", "6C", "7C", "8H", "TH"],
        "opened": [True, True],
        "shown": [[], [["K", "J"]]],
    }
    view = state_from_data(data).view_for(0)
    assert HardPlayer.INFER[2] is True
    for seed in range(1, 5):
        advice = HardPlayer(seed=seed, time_limit=None, worlds=96).advise(view)
        assert advice.move.type is MoveType.DISCARD
        assert CARD_KIND[advice.move.cards[0]] == KING
        assert advice.reason.startswith(
            "Discard K\u2660: from what they probably hold, this works out best"
        )
        blind = HardPlayer(seed=seed, time_limit=None, worlds=96, infer=False).choose(view)
        assert blind.type is MoveType.DISCARD and CARD_KIND[blind.cards[0]] != KING


def test_a_whole_hand_records_one_shown_entry_per_draw() -> None:
    state = HandState.deal(CLASSIC.with_options(players=4), 11)
    player = TrackingPlayer(1)
    draws = [0] * 4
    while not state.ended:
        seat = state.mover
        move = player.choose(state.view_for(seat))
        if move.type in (MoveType.DRAW, MoveType.TAKE):
            draws[seat] += 1
        state.apply(move)
    assert [len(turns) for turns in state.shown] == draws
