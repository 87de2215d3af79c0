"""What a refused plan or finish says: which group broke the rule, and
"needs a canasta" rather than "leaves 9 cards" when the canasta is what is missing."""

from __future__ import annotations

from canasta.controller import Refused, TableController
from canasta.engine import Code, Game
from canasta.engine.finish import check_finish
from canasta.engine.rules import CLASSIC
from tests.engine.helpers import K7, pos


def test_a_refused_plan_names_the_group_that_broke_the_rule() -> None:
    state = pos(
        [["KS", "KH", "KD", "7C", "7D", "9C"], ["4C"]],
        melds=[{"Q": ["QS", "QH", "QD"]}, {}],
        phase="play",
    )
    game = Game(CLASSIC, 3)
    game.hand = state
    controller = TableController(game, [None, None])
    plan = [state.parse_move("meld KS KH KD"), state.parse_move("meld 7C 7D")]
    refusal = controller.submit_plan(plan)
    assert refusal is not None and refusal.code is Code.MELD_TOO_SMALL
    event = controller.events[-1]
    assert isinstance(event, Refused)
    assert event.message == "Meld 7\u2663 7\u2666: A meld needs at least 3 cards; you chose 2."
    assert not state.melds[0].get(9)  # nothing was played


def test_finish_without_a_canasta_says_the_canasta_is_missing() -> None:
    state = pos([["KS", "KH", "KD", "6S", "6H", "2S", "7C", "9D"], ["4C"]], phase="play",
                side_scores=(0, 0))  # fmt: skip
    plan = [state.parse_move("meld KS KH KD"), state.parse_move("meld 6S 6H 2S")]
    refusal = check_finish(state, plan)
    assert refusal is not None and refusal.code is Code.NEED_CANASTA
    assert refusal.message() == "Your side needs 1 canasta to go out; it has 0."


def test_finish_with_a_canasta_still_counts_the_cards_left() -> None:
    state = pos([["QS", "QH", "QD", "6S", "7C", "9D"], ["4C"]], melds=[{"K": K7}, {}],
                phase="play")  # fmt: skip
    refusal = check_finish(state, [state.parse_move("meld QS QH QD")])
    assert refusal is not None and refusal.code is Code.NO_FINISH
    assert "this plan leaves 3 cards in your hand" in refusal.message()
