"""Position files: JSON round trips, and every bad file refused with a message saying why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from canasta.ai import HeuristicPlayer
from canasta.engine import Code, HandState, Phase, RuleSet
from canasta.engine.cards import CARD_CODE
from canasta.engine.position import POSITION_SCHEMA_VERSION, state_from_data, state_to_data
from canasta.persistence.positions import (
    PositionError,
    load_position,
    position_from_data,
    position_to_json,
)

BASE: dict[str, Any] = {
    "rules": {"players": 2},
    "hands": [["AS", "AH", "7C", "7D", "JK"], ["KS", "QH", "5D"]],
    "pile": ["9C", "4H"],
}


def write(tmp_path: Path, data: object, name: str = "position.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def played(deal_number: int, moves: int, players: int = 2) -> HandState:
    """A dealt hand after ``moves`` heuristic moves (melds, piles and known cards appear)."""
    state = HandState.deal(RuleSet(players=players), deal_number, dealer=1)
    player = HeuristicPlayer()
    for _ in range(moves):
        if state.ended:
            break
        state.apply(player.choose(state.view_for(state.mover)))
    return state


@pytest.mark.parametrize(("deal", "moves", "players"), [(1, 0, 2), (2, 40, 2), (3, 60, 4)])
def test_round_trip_gives_the_same_data(tmp_path: Path, deal, moves, players) -> None:
    state = played(deal, moves, players)
    text = position_to_json(state)
    assert json.loads(text)["schema_version"] == POSITION_SCHEMA_VERSION
    loaded = load_position(write(tmp_path, text))
    assert state_to_data(loaded) == state_to_data(state)
    assert position_to_json(loaded) == text
    assert [m.text() for m in loaded.legal_moves()] == [m.text() for m in state.legal_moves()]


def test_round_trip_of_a_mid_hand_keeps_the_table() -> None:
    state = played(2, 40)
    data = state_to_data(position_from_data(json.loads(position_to_json(state))))
    assert any(data["melds"]), "the hand should have melds by move 40"
    assert data["melds"] == state_to_data(state)["melds"]
    places = [*data["hands"], data["stock"], data["pile"], data["waiting"], *data["red_threes"]]
    places += [cards for side in data["melds"] for cards in side.values()]
    assert sum(len(place) for place in places) == 108


def test_short_position_fills_the_stock_with_the_rest(tmp_path: Path) -> None:
    state = load_position(write(tmp_path, BASE))
    assert len(state.stock) == 108 - 5 - 3 - 2
    assert state.phase is Phase.DRAW and state.turn == 1  # dealer 0, so seat 1 starts
    assert state_to_data(state)["hands"] == BASE["hands"]


def test_loading_is_the_same_as_state_from_data(tmp_path: Path) -> None:
    assert state_to_data(load_position(write(tmp_path, BASE))) == state_to_data(
        state_from_data(BASE)
    )


def refused(tmp_path: Path, data: object) -> str:
    with pytest.raises(PositionError) as info:
        load_position(write(tmp_path, data))
    return str(info.value)


def test_not_json(tmp_path: Path) -> None:
    message = refused(tmp_path, '{"hands": [[], []],')
    assert "is not JSON" in message and "position.json" in message


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PositionError, match="cannot read"):
        load_position(tmp_path / "nowhere.json")


def test_not_an_object(tmp_path: Path) -> None:
    assert "valid dictionary" in refused(tmp_path, [1, 2])


def test_missing_hands(tmp_path: Path) -> None:
    message = refused(tmp_path, {"schema_version": 1, "pile": []})
    assert "hands" in message and "Field required" in message


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("turn", "north", "valid integer"),
        ("hands", "AS KS", "valid list"),
        ("phase", "lunch", "'draw', 'play', 'answer' or 'ended'"),
        ("dealer", 7, "less than or equal to 3"),
        ("asked", "perhaps", "valid boolean"),
    ],
)
def test_wrong_typed_field(tmp_path: Path, field, value, words) -> None:
    message = refused(tmp_path, {**BASE, field: value})
    assert message.startswith("not a valid position: ")
    assert f"{field}:" in message and words in message


def test_unknown_field(tmp_path: Path) -> None:
    message = refused(tmp_path, {**BASE, "colour": "red"})
    assert "colour" in message and "Extra inputs are not permitted" in message


def test_a_rule_option_beside_the_hands_is_shown_its_place(tmp_path: Path) -> None:
    message = refused(tmp_path, {**BASE, "players": 4, "ask_permission": True})
    assert message == (
        'not a valid position: players: a rule option goes under "rules": {"players": 4}; '
        'ask_permission: a rule option goes under "rules": {"ask_permission": true}'
    )


@pytest.mark.parametrize("version", [2, 99])
def test_schema_version_from_the_future(tmp_path: Path, version: int) -> None:
    message = refused(tmp_path, {**BASE, "schema_version": version})
    assert f"schema_version {version} is newer than this game reads (1)" in message


def test_schema_version_that_is_no_version(tmp_path: Path) -> None:
    assert "schema_version" in refused(tmp_path, {**BASE, "schema_version": 0})


def test_unknown_card_code(tmp_path: Path) -> None:
    message = refused(tmp_path, {**BASE, "hands": [["AS", "ZZ"], []]})
    assert "not a card code: 'ZZ'" in message


def test_three_copies_of_a_card(tmp_path: Path) -> None:
    message = refused(tmp_path, {**BASE, "hands": [["AS", "AS"], ["AS"]]})
    assert "too many AS cards" in message


def test_a_fifth_joker(tmp_path: Path) -> None:
    message = refused(tmp_path, {**BASE, "hands": [["JK", "JK", "JK"], ["JK"]], "pile": ["JK"]})
    assert "too many JK cards" in message


@pytest.mark.parametrize("red_three", ["3H", "3D"])
def test_red_three_in_a_hand(tmp_path: Path, red_three: str) -> None:
    message = refused(tmp_path, {**BASE, "hands": [["AS", red_three], []]})
    assert "red three cannot be in a hand" in message and "red_threes" in message


def test_black_three_under_red_threes(tmp_path: Path) -> None:
    assert "only red threes" in refused(tmp_path, {**BASE, "red_threes": [["3S"], []]})


def test_meld_with_a_card_of_another_rank(tmp_path: Path) -> None:
    message = refused(tmp_path, {**BASE, "melds": [{"K": ["KC", "KD", "QC"]}, {}]})
    assert "QC cannot be in the meld of K" in message


def test_wrong_number_of_hands(tmp_path: Path) -> None:
    assert "3 hands given for 2 players" in refused(tmp_path, {**BASE, "hands": [[], [], []]})


def test_unknown_rule_option(tmp_path: Path) -> None:
    message = refused(tmp_path, {**BASE, "rules": {"players": 2, "jokers_wild": True}})
    assert "unknown rule option(s): jokers_wild" in message


def test_turn_beyond_the_seats(tmp_path: Path) -> None:
    assert "turn must be a seat from 0 to 1" in refused(tmp_path, {**BASE, "turn": 3})


def test_a_stock_that_places_few_cards_leaves_the_rest_out_of_play(tmp_path: Path) -> None:
    path = tmp_path / "short.json"
    path.write_text(json.dumps({**BASE, "stock": ["2C"]}))
    state = load_position(path)
    # 10 cards placed (5 + 3 in hands, 2 on the pile) and 1 in the stock: 97 out of play.
    assert [CARD_CODE[c] for c in state.stock] == ["2C"]
    assert len(state.out_of_play) == 108 - 10 - 1 == 97
    assert sorted(c for place in state.cards_in_places() for c in place) == list(range(108))
    data = json.loads(position_to_json(state))
    assert len(data["out_of_play"]) == 97
    again = tmp_path / "again.json"
    again.write_text(position_to_json(state))
    assert load_position(again) == state


def test_a_stock_given_as_a_count(tmp_path: Path) -> None:
    path = tmp_path / "count.json"
    path.write_text(json.dumps({**BASE, "stock_size": 0}))
    state = load_position(path)
    assert state.stock == [] and len(state.out_of_play) == 98
    # Classic: the stock is empty and seat 0 holds no 4 for the pile's 4H: no legal move,
    # the hand ends (the engine ends it when such a turn begins in play).
    assert state.legal_moves() == []
    refusal = state.check(state.parse_move("decline"))
    assert refusal is not None and refusal.code is Code.DECLINE_NOTHING


def test_known_card_not_in_the_hand(tmp_path: Path) -> None:
    message = refused(tmp_path, {**BASE, "known": [["KS"], []]})
    assert "seat 0 is said to hold KS but does not" in message


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (
            {"max_moves_per_hand": "lots"},
            "rules.max_moves_per_hand: Input should be a valid integer",
        ),
        ({"draw_two": "maybe"}, "rules.draw_two: Input should be a valid boolean"),
        ({"opening_minimums": 5}, "rules.opening_minimums"),
        ({"players": 3}, "players must be 2 or 4, not 3"),
    ],
)
def test_wrong_typed_rule_option(tmp_path: Path, rules: dict[str, Any], words: str) -> None:
    """Found by these tests: a wrong-typed rule option used to load and then fail with a
    TypeError at the first move."""
    assert words in refused(tmp_path, {**BASE, "rules": rules})


def test_rule_options_are_read_with_their_types(tmp_path: Path) -> None:
    data = {**BASE, "rules": {"players": 2, "draw_two": True, "max_wilds_per_meld": None}}
    rules = load_position(write(tmp_path, data)).rules
    assert rules.draw_two is True and rules.max_wilds_per_meld is None
    assert rules.stock_draw_count == 2 and rules.wild_cap == 99


def test_melded_before_needs_one_entry_per_seat(tmp_path: Path) -> None:
    """Found by these tests: a short list used to load and then fail with an IndexError
    when that seat finished a turn in which it melded."""
    message = refused(tmp_path, {**BASE, "melded_before": [True]})
    assert "melded_before needs one entry per seat (2), not 1" in message


def test_not_utf8_text(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00{")
    with pytest.raises(PositionError, match="not a text file"):
        load_position(path)


def test_nested_too_deeply(tmp_path: Path) -> None:
    assert "nested too deeply" in refused(tmp_path, "[" * 100_000)


@pytest.mark.parametrize(
    ("meld", "words"),
    [
        (["KH", "2C", "2D"], "1 naturals and 2 wild cards"),
        (["KH", "KD"], "has 2 cards; a meld needs 3"),
        (["KH", "KD", "KC", "KS", "2C", "2D", "2H", "2S"], "4 wild cards; at most 3"),
    ],
)
def test_melds_no_legal_play_makes_are_refused(tmp_path: Path, meld: list[str], words: str):
    data = {"hands": [["5C"], ["6C"]], "melds": [{"K": meld}, {}]}
    assert words in refused(tmp_path, data)


def test_black_threes_melded_mid_hand_are_refused(tmp_path: Path) -> None:
    data = {"hands": [["5C"], ["6C"]], "melds": [{"3": ["3C", "3S", "3C"]}, {}]}
    assert "black threes are melded only by going out" in refused(tmp_path, data)


def test_a_side_with_melds_has_opened(tmp_path: Path) -> None:
    data = {"hands": [["5C"], ["6C"]], "melds": [{"K": ["KH", "KD", "KC"]}, {}],
            "opened": [False, False]}  # fmt: skip
    assert "has opened" in refused(tmp_path, data)


def test_answer_phase_needs_ask_permission(tmp_path: Path) -> None:
    data = {"hands": [["5C"], ["6C"]], "phase": "answer"}
    assert "ask_permission" in refused(tmp_path, data)


def test_turn_must_be_a_whole_number(tmp_path: Path) -> None:
    assert "turn" in refused(tmp_path, {"hands": [["5C"], ["6C"]], "turn": True})


def test_a_deal_from_a_deck_order_in_a_file(tmp_path: Path) -> None:
    deck = [CARD_CODE[c] for c in range(108)]
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"rules": {"players": 2}, "dealer": 1, "deck": deck, "hands": []}))
    state = load_position(path)
    # Seat 0 (the dealer's left) gets the 1st, 3rd ... card turned up: codes as given.
    expected = HandState.deal(RuleSet(), 0, dealer=1, deck=list(range(108)))
    assert state == expected
    path.write_text(json.dumps({"rules": {"players": 2}, "deck": deck[:-1], "hands": []}))
    with pytest.raises(PositionError, match="a deck order names all 108 cards, not 107"):
        load_position(path)
