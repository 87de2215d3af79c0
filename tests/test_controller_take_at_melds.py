"""A click on one's own melds before the draw (play10): the pile is taken when the lifted
cards go with its top card; when none of them does, the person meant a meld of their own,
and the refusal says the turn starts with a draw or a take, not which ranks go with the
pile's top card (a new player who lifted 9 9 and clicked their meld area read "Only Kings
and wild cards can go with the pile's top card." without having tried to take anything)."""

from __future__ import annotations

from canasta.controller import Refused
from canasta.engine import Code, Phase
from canasta.engine.cards import KING, QUEEN
from tests.test_controller import cards, placed


def test_lifted_cards_of_another_rank_are_told_to_draw_first() -> None:
    ctrl = placed(phase="draw", pile=["4C", "QD"])
    refusal = ctrl.intent_take_at_melds(cards(ctrl, "7H", "7D"))
    assert refusal is not None and refusal.code is Code.WRONG_PHASE
    assert refusal.message() == (
        "That isn't possible now: draw from the stock or take the pile first."
    )
    event = ctrl.events[-1]
    assert isinstance(event, Refused) and event.refusal == refusal
    assert ctrl.hand.phase is Phase.DRAW and len(ctrl.hand.hands[0]) == 10  # nothing played


def test_a_wild_card_among_them_changes_nothing() -> None:
    ctrl = placed(phase="draw", pile=["4C", "QD"])
    refusal = ctrl.intent_take_at_melds(cards(ctrl, "7H", "7D", "2C"))
    assert refusal is not None and refusal.code is Code.WRONG_PHASE


def test_one_card_of_the_top_rank_keeps_the_rank_refusal() -> None:
    """A Queen lifted with a 7 under a Queen: the person is taking the pile, and the rule
    that refuses it names the rank."""
    ctrl = placed(phase="draw", pile=["4C", "QD"])
    refusal = ctrl.intent_take_at_melds(cards(ctrl, "QH", "7D"))
    assert refusal is not None and refusal.code is Code.TAKE_CARDS_WRONG_RANK
    assert refusal.message() == "Only Queens and wild cards can go with the pile's top card."


def test_cards_that_go_with_the_top_card_take_the_pile() -> None:
    ctrl = placed(phase="draw", pile=["4C", "QD"])
    assert ctrl.intent_take_at_melds(cards(ctrl, "QH", "QS")) is None
    assert ctrl.hand.phase is Phase.PLAY
    assert QUEEN in ctrl.hand.melds[0]
    assert len(ctrl.hand.pile) == 0


def test_no_cards_lifted_takes_onto_the_sides_meld() -> None:
    ctrl = placed(phase="draw", pile=["4C", "KD"])
    assert ctrl.intent_take_at_melds(()) is None
    assert len(ctrl.hand.melds[0][KING]) == 4
