"""Cards in a player's words: "10♦", not "TD", in every line a player
reads: the hint and its reason, the finish panel, the replay's caption."""

from __future__ import annotations

import re

import pytest

from canasta.ai import HardPlayer
from canasta.engine import MoveType
from canasta.engine.card_words import card_name, cards_name, move_words
from canasta.engine.cards import CARD_CODE, DECK_SIZE, KING, cards_with_code
from canasta.engine.finish import find_finish, plan_text
from canasta.engine.moves import Move
from canasta.engine.position import state_from_data

#: An engine card code standing alone in a sentence ("discard TD", "meld 7H 7H 2D").
CODE = re.compile(r"\b([2-9TJQKA][CDHS]|JK)\b")


def one(code: str) -> int:
    return cards_with_code(code)[0]


@pytest.mark.parametrize(
    ("code", "name"),
    [("TD", "10\u2666"), ("KS", "K\u2660"), ("AH", "A\u2665"), ("2C", "2\u2663"),
     ("7H", "7\u2665"), ("JK", "Joker"), ("JD", "J\u2666")],
)  # fmt: skip
def test_a_card_reads_as_on_its_corner(code: str, name: str) -> None:
    for card in cards_with_code(code):
        assert card_name(card) == name


def test_every_card_has_a_name_with_its_rank_and_suit() -> None:
    symbols = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
    for card in range(DECK_SIZE):
        code = CARD_CODE[card]
        name = card_name(card)
        if code == "JK":
            assert name == "Joker"
        else:
            rank = "10" if code[0] == "T" else code[0]
            assert name == rank + symbols[code[1]]
    with pytest.raises(IndexError):
        card_name(DECK_SIZE)


def test_moves_in_words() -> None:
    sevens = (one("7H"), cards_with_code("7H")[1], one("2D"))
    assert cards_name(sevens) == "7\u2665 7\u2665 2\u2666"
    assert move_words(Move(MoveType.MELD, sevens)) == "Meld 7\u2665 7\u2665 2\u2666"
    assert move_words(Move(MoveType.DISCARD, (one("TD"),))) == "Discard 10\u2666"
    assert move_words(Move(MoveType.LAYOFF, (one("KC"),), KING)) == "Lay off K\u2663 on the Kings"
    assert move_words(Move(MoveType.DRAW)) == "Draw from the stock"
    assert move_words(Move(MoveType.DECLINE)) == "Decline the pile, ending the hand"
    assert move_words(Move(MoveType.TAKE)) == "Take the pile"
    assert (
        move_words(Move(MoveType.TAKE, (one("9S"), one("9H"))))
        == "Take the pile with 9\u2660 9\u2665"
    )
    assert move_words(Move(MoveType.ASK)) == "Ask partner: may I go out?"
    assert move_words(Move(MoveType.YES)) == "Answer yes"
    assert move_words(Move(MoveType.NO)) == "Answer no"


def test_the_finish_panel_names_cards_not_codes() -> None:
    state = state_from_data({
        "hands": [["7H", "7H", "2D", "TD"], ["4C", "5C"]],
        "melds": [{"K": ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]}, {}],
        "pile": ["9C"], "turn": 0, "phase": "play", "opened": [True, False],
    })  # fmt: skip
    found = find_finish(state)
    assert not isinstance(found, Exception) and isinstance(found, list)
    lines = plan_text(found)
    assert lines == ["Meld 7\u2665 7\u2665 2\u2666", "Discard 10\u2666"]
    assert not any(CODE.search(line) for line in lines)


def test_the_hints_reasons_name_cards_in_a_players_words() -> None:
    """A discard hint and a meld hint: no card code, no "sampled deals"."""
    discard = state_from_data({
        "hands": [["TD", "9C", "6S", "KH", "KS", "QD"], ["4C", "5C", "8D", "8H"]],
        "melds": [{}, {}], "pile": ["4D"], "turn": 0, "phase": "play",
    })  # fmt: skip
    meld = state_from_data({
        "hands": [["7H", "7H", "2D", "TD", "5S"], ["4C", "5C", "8D", "8H"]],
        "melds": [{"K": ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]}, {}],
        "pile": ["9C"], "turn": 0, "phase": "play", "opened": [True, False],
    })  # fmt: skip
    for state in (discard, meld):
        advice = HardPlayer(seed=3, time_limit=None, worlds=4).advise(state.view_for(0))
        assert advice.reason, advice
        assert not CODE.search(advice.reason), advice.reason
        assert "sampled" not in advice.reason
        if advice.move.type is MoveType.DISCARD:
            assert card_name(advice.move.cards[0]) in advice.reason, advice.reason
        assert " 1 points" not in advice.reason
