"""A click on the pile with no card lifted, once the person has drawn (play10): the
refusal says to select the card first; "Discard exactly one card." is for two or more."""

from __future__ import annotations

from canasta import i18n
from canasta.controller import Refused
from canasta.engine import Code, Phase
from tests.test_controller import cards, placed


def test_no_card_lifted_is_told_to_select_one() -> None:
    ctrl = placed()
    refusal = ctrl.intent_discard(())
    assert refusal is not None and refusal.code is Code.SELECT_TO_DISCARD
    assert refusal.message() == "Select the card to discard first."
    event = ctrl.events[-1]
    assert isinstance(event, Refused) and event.refusal == refusal
    assert ctrl.hand.phase is Phase.PLAY and len(ctrl.hand.hands[0]) == 10
    try:
        for code, words in (("de", "Wähle zuerst die Karte zum Abwerfen."),
                            ("fr", "Sélectionnez d'abord la carte à défausser.")):  # fmt: skip
            assert i18n.set_language(code) == code
            assert refusal.message() == words
    finally:
        i18n.set_language("en")


def test_two_cards_lifted_are_told_to_discard_one() -> None:
    ctrl = placed()
    refusal = ctrl.intent_discard(cards(ctrl, "5C", "9D"))
    assert refusal is not None and refusal.code is Code.DISCARD_ONE
    assert refusal.message() == "Discard exactly one card."


def test_one_card_lifted_is_discarded() -> None:
    ctrl = placed()
    (five,) = cards(ctrl, "5C")
    assert ctrl.intent_discard((five,)) is None
    assert ctrl.hand.pile[-1] == five
