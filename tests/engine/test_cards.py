"""The deck: 108 cards, their codes, kinds and point values (Classic "Card values")."""

from __future__ import annotations

from collections import Counter

import pytest

from canasta.engine.cards import (
    BLACK_THREE,
    CARD_CODE,
    CARD_KIND,
    CARD_VALUE,
    DECK_SIZE,
    JOKER,
    KIND_VALUE,
    RED_THREE,
    TWO,
    cards_value,
    cards_with_code,
    is_natural_kind,
    is_wild_kind,
    kind_of_rank_char,
    normalise_code,
)


def test_deck_has_108_cards_two_decks_and_four_jokers() -> None:
    assert DECK_SIZE == 108
    assert len(CARD_CODE) == len(CARD_KIND) == len(CARD_VALUE) == 108
    count = Counter(CARD_CODE)
    assert count["JK"] == 4
    suited = {code: n for code, n in count.items() if code != "JK"}
    assert len(suited) == 52
    assert set(suited.values()) == {2}
    assert {code[0] for code in suited} == set("A23456789TJQK")
    assert {code[1] for code in suited} == set("CDHS")


@pytest.mark.parametrize(
    ("code", "value"),
    [
        ("JK", 50),
        ("AS", 20),
        ("AH", 20),
        ("2C", 20),
        ("2D", 20),
        ("KS", 10),
        ("QH", 10),
        ("JD", 10),
        ("TC", 10),
        ("9S", 10),
        ("8H", 10),
        ("7D", 5),
        ("6C", 5),
        ("5S", 5),
        ("4H", 5),
        ("3C", 5),
        ("3S", 5),
        ("3H", 0),
        ("3D", 0),
    ],
)
def test_card_values(code: str, value: int) -> None:
    for card in cards_with_code(code):
        assert CARD_VALUE[card] == value


def test_whole_deck_value() -> None:
    # One deck: aces 4*20 + twos 4*20 + K..8 6*4*10 + 7..4 4*4*5 + black threes 2*5
    # + red threes 2*0 + jokers 2*50 = 80 + 80 + 240 + 80 + 10 + 0 + 100 = 590; two decks.
    assert sum(CARD_VALUE) == 2 * 590 == 1180
    assert cards_value(list(range(DECK_SIZE))) == 1180


def test_kinds_of_threes_twos_and_jokers() -> None:
    assert {CARD_KIND[c] for c in cards_with_code("3H") + cards_with_code("3D")} == {RED_THREE}
    assert {CARD_KIND[c] for c in cards_with_code("3C") + cards_with_code("3S")} == {BLACK_THREE}
    assert {CARD_KIND[c] for c in cards_with_code("2S")} == {TWO}
    assert {CARD_KIND[c] for c in cards_with_code("JK")} == {JOKER}
    assert len(cards_with_code("JK")) == 4
    assert len(cards_with_code("7H")) == 2
    assert is_wild_kind(TWO) and is_wild_kind(JOKER)
    assert not is_wild_kind(RED_THREE) and not is_wild_kind(BLACK_THREE)
    assert not is_natural_kind(BLACK_THREE) and not is_natural_kind(RED_THREE)
    assert KIND_VALUE[RED_THREE] == 0
    assert sum(1 for k in CARD_KIND if k == RED_THREE) == 4
    assert sum(1 for k in CARD_KIND if is_wild_kind(k)) == 12


def test_code_normalisation_and_errors() -> None:
    assert normalise_code("10h") == "TH"
    assert normalise_code(" ks ") == "KS"
    assert normalise_code("joker") == "JK"
    assert normalise_code("x") == "JK"
    assert kind_of_rank_char("10") == kind_of_rank_char("T")
    assert kind_of_rank_char("3") == BLACK_THREE
    with pytest.raises(ValueError, match="not a card code"):
        normalise_code("1S")
    with pytest.raises(ValueError, match="not a card code"):
        normalise_code("KX")
    with pytest.raises(ValueError, match="not a meldable rank"):
        kind_of_rank_char("2")
