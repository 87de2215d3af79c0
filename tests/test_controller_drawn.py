"""The cards drawn from the stock this turn, derived from the hand's moves (the table's
"just drawn" mark, kept after Continue)."""

from __future__ import annotations

from canasta.ai import HeuristicPlayer
from canasta.controller import TableController
from canasta.controller.drawn import drawn_this_turn, turn_start
from canasta.engine import CLASSIC, Game
from canasta.engine.moves import MoveType
from canasta.engine.state import HandState, Phase
from canasta.persistence.saves import SavedGame, parse_save, save_json


def played_to_a_draw(
    seed: int, draws: int, hand: HandState | None = None
) -> tuple[HandState, frozenset[int]]:
    """A 2-player hand (deal ``seed``, or ``hand``) played by heuristic players until seat
    0's ``draws``-th stock draw; returns the hand and the cards that draw brought."""
    if hand is None:
        hand = HandState.deal(CLASSIC.with_options(players=2), seed, 0, (0, 0))
    player = HeuristicPlayer()
    seen = 0
    while True:
        move = player.choose(hand.view_for(hand.mover))
        if (
            hand.turn == 0
            and hand.phase is Phase.DRAW
            and any(m.type is MoveType.DRAW for m in hand.legal_moves())
        ):
            move = next(m for m in hand.legal_moves() if m.type is MoveType.DRAW)
            before = set(hand.hands[0])
            hand.apply(move)
            seen += 1
            if seen == draws:
                return hand, frozenset(set(hand.hands[0]) - before)
            continue
        hand.apply(move)
        assert not hand.ended


def test_turn_start_is_after_the_last_discard() -> None:
    hand, _ = played_to_a_draw(7, 3)
    start = turn_start(hand)
    assert hand.history[start - 1].type is MoveType.DISCARD
    assert hand.history[start].type is MoveType.DRAW and start == len(hand.history) - 1


def test_the_draw_is_derived_from_the_moves() -> None:
    for seed, draws in ((7, 1), (7, 3), (11, 2)):
        hand, drawn = played_to_a_draw(seed, draws)
        assert drawn and drawn <= set(hand.hands[0])
        assert drawn_this_turn(hand, 0) == drawn
        assert drawn_this_turn(hand, 1) == frozenset()  # not seat 1's turn


def test_nothing_is_marked_once_the_turn_ends() -> None:
    hand, drawn = played_to_a_draw(7, 2)
    assert drawn_this_turn(hand, 0) == drawn
    hand.apply(next(m for m in hand.legal_moves() if m.type is MoveType.DISCARD))
    assert hand.turn == 1
    assert drawn_this_turn(hand, 0) == frozenset()
    assert drawn_this_turn(hand, 1) == frozenset()  # seat 1 has not drawn yet


def test_a_hand_that_does_not_replay_from_its_deal_marks_nothing() -> None:
    hand, _ = played_to_a_draw(7, 2)
    hand.deal_number += 1  # another deal: replaying the moves cannot give this hand
    assert drawn_this_turn(hand, 0) == frozenset()


def test_a_saved_and_loaded_game_keeps_the_drawn_cards_in_its_view() -> None:
    game = Game(CLASSIC.with_options(players=2), 5)
    hand, drawn = played_to_a_draw(0, 2, game.hand)
    assert hand.turn == 0
    again = parse_save(save_json(SavedGame(game, "ab" * 8)))
    assert again.replayed
    control = TableController(again.game, [None, HeuristicPlayer()])
    view = control.view()
    assert view.person_to_move and view.phase == "play"
    assert set(view.drawn) == drawn
    assert set(view.drawn) <= set(view.hand)
