"""Positions as data (position.py): round trips and clear errors; move text errors."""

from __future__ import annotations

import json
import random

import pytest

from canasta.engine import CLASSIC, PRESETS, HandState
from canasta.engine.position import state_from_data, state_to_data

from .helpers import K7, legal, pos


def _round_trip(state: HandState) -> None:
    data = state_to_data(state)
    again = state_to_data(state_from_data(data))
    assert again == data


def test_round_trip_of_dealt_hands() -> None:
    for players in (2, 4):
        for number in range(20):
            _round_trip(HandState.deal(CLASSIC.with_options(players=players), number))


def test_round_trip_in_mid_hand_positions() -> None:
    rng = random.Random(3)
    for number in range(20):
        state = HandState.deal(CLASSIC.with_options(players=4, ask_permission=True), number)
        for _ in range(rng.randrange(5, 120)):
            if state.ended:
                break
            state.apply(rng.choice(state.legal_moves()))
            _round_trip(state)


def test_round_trip_with_waiting_cards_permission_and_known() -> None:
    hands = [["KS", "KH", "QS", "QH", "QD", "9C"], ["4C"]]
    state = pos(hands, pile=["AS", "AH", "KC"])
    legal(state, "take KS KH")
    assert state.waiting
    _round_trip(state)
    melds = [{"K": ["KS", "KH", "KD"]}, {}]
    state = pos([["7H", "7D", "9C", "5S"], ["4C", "6D"]], pile=["QC", "AS", "7S"], melds=melds)
    legal(state, "take 7H 7D")
    assert state.known[0]
    _round_trip(state)


def test_unnamed_cards_go_to_the_stock() -> None:
    state = pos([["7H"], ["4C"]], pile=["5C"], melds=[{"K": K7}, {}], red_threes=[["3H"], []])
    assert len(state.stock) == 108 - 1 - 1 - 1 - 7 - 1
    assert sorted(c for p in state.cards_in_places() for c in p) == list(range(108))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"hands": [["3H"], []]}, "red three cannot be in a hand"),
        ({"hands": [["AS", "AS", "AS"], []]}, "too many AS cards"),
        ({"hands": [["ZZ"], []]}, "not a card code"),
        ({"hands": [[], []], "melds": [{"K": ["KS", "QS", "KD"]}, {}]}, "cannot be in the meld"),
        ({"hands": [[], []], "red_threes": [["3C"], []]}, "only red threes"),
        ({"hands": [[], [], []]}, "3 hands given for 2 players"),
        ({"hands": [[], []], "turn": 2}, "turn must be a seat"),
        ({"hands": [["AS"], []], "known": [["KS"], []]}, "said to hold KS"),
        ({"hands": [[], []], "stock_size": 200}, "stock_size must be 0 to 108"),
        ({"hands": [["AS"], []], "out_of_play": ["AS", "AS", "AS"]}, "too many AS"),
        ({"rules": {"colour": "red"}}, "unknown rule option"),
        ({"rules": {"players": 3}}, "players must be 2 or 4"),
    ],
)
def test_bad_positions_raise_value_error(data: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        state_from_data(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("fly 7H", "unknown move 'fly'"),
        ("meld 7H 7D ZZ", "not a card code"),
        ("meld AS AH AD", "AS is not in seat 0's hand"),
        ("meld 7H 7H 7H", "seat 0.s hand holds only two 7H; the move names three"),
        ("draw 7H", "'draw' takes no cards"),
        ("ask 7H", "'ask' takes no cards"),
        ("layoff", "layoff needs the meld's rank"),
        ("layoff 2 2C", "not a meldable rank"),
    ],
)
def test_bad_move_text_raises_value_error(text: str, message: str) -> None:
    state = pos([["7H", "7H", "7D", "2C"], ["4C"]], phase="play")
    with pytest.raises(ValueError, match=message):
        state.parse_move(text)


def test_move_text_round_trip() -> None:
    state = pos([["7H", "7D", "2C", "JK", "KS"], ["4C"]], melds=[{"K": K7[:3]}, {}], phase="play")
    for text in ("meld 7H 7D 2C", "layoff K KS JK", "discard JK", "take 7H 7D"):
        assert state.parse_move(text).text() == text
    assert state.parse_move("MELD 7h 7d 2c").text() == "meld 7H 7D 2C"
    assert state.parse_move("layoff 10 JK").target == state.parse_move("layoff T JK").target


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_reached_state_round_trips_through_its_position(name: str) -> None:
    """Positions of random play (every move, the ended hand too) load back equal."""
    checked = ended = 0
    for deal in range(4):
        for players in (2, 4):
            state = HandState.deal(PRESETS[name].with_options(players=players), 40 + deal)
            state.keep_snapshots = False
            rng = random.Random(deal)
            while True:
                data = json.loads(json.dumps(state_to_data(state)))
                again = state_from_data(data)
                assert again == state, (name, deal, state.move_count)
                assert state_to_data(again) == state_to_data(state)
                checked += 1
                if state.ended:
                    ended += 1
                    assert again.outcome == state.outcome
                    break
                state.apply(rng.choice(state.legal_moves()))
    assert ended == 8 and checked > 400


def test_equality_sees_every_difference() -> None:
    state = HandState.deal(PRESETS["Classic"], 3)
    other = HandState.deal(PRESETS["Classic"], 3)
    assert state == other
    other.apply(other.legal_moves()[0])
    assert state != other
    assert state != HandState.deal(PRESETS["Classic"], 4)
