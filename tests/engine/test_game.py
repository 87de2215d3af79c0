"""A game of hands (docs/rules.md#the-deal, #game-end)."""

from __future__ import annotations

import random

import pytest

from canasta.engine import CLASSIC, Game, HandState
from canasta.engine.game import dealer_of

from .helpers import K7, legal, pos


def play_out(hand: HandState, seed: int) -> None:
    rng = random.Random(seed)
    hand.keep_snapshots = False
    while not hand.ended:
        hand.play(rng.choice(hand.legal_moves()))


def scored_hand() -> HandState:
    """A two-player hand that side 0 wins 845 to 65 (see test_scoring for the sum)."""
    state = pos(
        [["5S"], ["AS", "JK", "6C"]],
        melds=[{"K": K7}, {"Q": ["QS", "QH", "2C"]}],
        red_threes=[["3H", "3D"], ["3H"]],
        phase="play",
        extra={"melded_before": [True, True]},
    )
    legal(state, "discard 5S")
    # Side 0: 500 + 70 + 200 + 100 = 870; side 1: 40 + 100 - (20 + 50 + 5) = 65.
    assert state.score().totals == (870, 65)
    return state


def test_first_dealer_random_then_rotates_and_left_of_dealer_leads() -> None:
    dealers = {Game(CLASSIC.with_options(players=4), seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    game = Game(CLASSIC.with_options(players=4), 8)
    seen = []
    for _ in range(3):
        assert game.hand.dealer == game.dealer
        assert game.hand.turn == (game.dealer + 1) % 4
        seen.append(game.dealer)
        play_out(game.hand, len(seen))
        game.finish_hand()
        game.next_hand()
    assert seen[1] == (seen[0] + 1) % 4 and seen[2] == (seen[0] + 2) % 4


def test_totals_add_each_hand_and_set_the_next_opening_minimum() -> None:
    game = Game(CLASSIC, 4)
    with pytest.raises(ValueError, match="has not ended"):
        game.finish_hand()
    with pytest.raises(ValueError, match="score the current hand first"):
        game.next_hand()
    game.hand = scored_hand()
    score = game.finish_hand()
    assert score.totals == (870, 65) and game.totals == [870, 65]
    with pytest.raises(ValueError, match="already scored"):
        game.finish_hand()
    assert not game.over and game.winner is None
    hand = game.next_hand()
    assert hand.side_scores == (870, 65)
    play_out(hand, 1)
    second = game.finish_hand()
    assert game.totals == [870 + second.totals[0], 65 + second.totals[1]]
    assert len(game.scores) == len(game.deal_numbers) == 2


def test_same_seed_same_game() -> None:
    a, b = Game(CLASSIC, 77), Game(CLASSIC, 77)
    assert a.dealer == b.dealer and a.deal_numbers == b.deal_numbers
    assert a.hand.hands == b.hand.hands


def test_reaching_5000_ends_the_game() -> None:
    game = Game(CLASSIC, 1)
    game.totals = [4200, 3000]
    game.hand = scored_hand()
    game.finish_hand()
    assert game.totals == [5070, 3065] and game.over and game.winner == 0
    with pytest.raises(ValueError, match="game is over"):
        game.next_hand()


def test_just_short_of_5000_plays_on() -> None:
    game = Game(CLASSIC, 1)
    game.totals = [4129, 0]
    game.hand = scored_hand()
    game.finish_hand()
    assert game.totals == [4999, 65] and not game.over and game.winner is None
    game.next_hand()


def test_both_cross_the_target_higher_total_wins() -> None:
    game = Game(CLASSIC, 1)
    game.totals = [4900, 4990]  # side 1 ahead before the hand
    game.hand = scored_hand()
    game.finish_hand()
    assert game.totals == [5770, 5055] and game.over and game.winner == 0


def test_a_tie_over_the_target_is_shared() -> None:
    game = Game(CLASSIC, 1)
    game.totals = [5000 - 870, 5000 - 65]
    game.hand = scored_hand()
    game.finish_hand()
    assert game.totals == [5000, 5000] and game.over and game.winner is None


def test_quick_game_ends_after_one_hand() -> None:
    game = Game(CLASSIC.with_options(quick_game=True), 3)
    game.hand = scored_hand()
    game.finish_hand()
    assert game.over and game.winner == 0
    with pytest.raises(ValueError, match="game is over"):
        game.next_hand()
    tie = Game(CLASSIC.with_options(quick_game=True), 3)
    play_out(tie.hand, 2)
    tie.finish_hand()
    totals = tie.totals
    assert tie.over
    assert tie.winner == (None if totals[0] == totals[1] else int(totals[1] > totals[0]))


def test_every_deal_number_names_its_dealer() -> None:
    """A number shown at one table deals the same cards to the same seats elsewhere."""
    for players in (2, 4):
        game = Game(CLASSIC.with_options(players=players), 5)
        for _ in range(6):
            number = game.deal_numbers[-1]
            assert dealer_of(number, players) == game.dealer == game.hand.dealer
            play_out(game.hand, 3)
            game.finish_hand()
            if game.over:
                break
            game.next_hand()


def test_a_game_can_start_on_a_chosen_deal() -> None:
    shown = Game(CLASSIC, 31)
    number = shown.deal_numbers[0]
    again = Game(CLASSIC, 999, first_deal=number)
    assert again.deal_numbers == [number] and again.dealer == shown.dealer
    assert again.hand.hands == shown.hand.hands and again.hand.pile == shown.hand.pile
    chosen = Game(CLASSIC, 999, first_deal=12345, first_dealer=0)
    assert chosen.dealer == 0 and chosen.hand.deal_number == 12345
    assert chosen.hand.hands == HandState.deal(CLASSIC, 12345, 0).hands
    play_out(chosen.hand, 2)
    chosen.finish_hand()
    follow = chosen.next_hand()
    assert follow.dealer == 1 and dealer_of(follow.deal_number, 2) == 1
