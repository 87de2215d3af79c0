"""The table controller: intents become moves or refusals, computers play, hands end."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.ai import HeuristicPlayer
from canasta.controller import Applied, HandEnded, Refused, TableController, TurnReset
from canasta.engine import Code, Game, Move, MoveType, Phase, RuleSet
from canasta.engine.cards import CARD_CODE, KING, QUEEN, SEVEN
from canasta.engine.position import state_from_data, state_to_data

SEAT0 = ["7H", "7D", "7S", "KC", "5C", "9D", "2C", "JK", "QH", "QS"]
SEAT1 = ["4D", "4H", "6C", "6S", "8C", "8H", "TC", "JD", "JH", "AC"]


def controller(players: int = 2, seed: int = 7, **options: Any) -> TableController:
    """The person in seat 0, heuristic players in the other seats."""
    game = Game(RuleSet(players=players, **options), seed)
    return TableController(game, [None] + [HeuristicPlayer() for _ in range(players - 1)])


def computers(players: int = 2, seed: int = 7, **options: Any) -> TableController:
    game = Game(RuleSet(players=players, **options), seed)
    return TableController(game, [HeuristicPlayer() for _ in range(players)])


def placed(phase: str = "play", **extra: Any) -> TableController:
    """A controller on a built position: seat 0 to move, side 0 has opened with Kings."""
    ctrl = controller()
    data = {
        "rules": {"players": 2},
        "hands": [SEAT0, SEAT1],
        "pile": ["4C", "8D"],
        "melds": [{"K": ["KS", "KH", "KD"]}, {}],
        "turn": 0,
        "phase": phase,
        **extra,
    }
    ctrl.game.hand = state_from_data(data)
    return ctrl


def cards(ctrl: TableController, *codes: str) -> tuple[int, ...]:
    """Identities of these codes in the mover's hand (each card used once)."""
    hand = list(ctrl.hand.hands[ctrl.hand.mover])
    out = []
    for code in codes:
        card = next(c for c in hand if CARD_CODE[c] == code)
        hand.remove(card)
        out.append(card)
    return tuple(out)


def run_computers(ctrl: TableController) -> int:
    steps = 0
    while ctrl.step_computer() is not None:
        steps += 1
    return steps


def test_players_must_match_seats() -> None:
    game = Game(RuleSet(players=4), 1)
    with pytest.raises(ValueError, match="2 players given for 4 seats"):
        TableController(game, [None, HeuristicPlayer()])


def test_computers_move_until_the_person_must_draw() -> None:
    ctrl = controller(seed=3)
    assert ctrl.person == 0
    run_computers(ctrl)
    assert ctrl.person_to_move() and not ctrl.computer_to_move()
    assert ctrl.hand.turn == 0 and ctrl.hand.phase is Phase.DRAW
    assert ctrl.step_computer() is None


def test_intent_draw_adds_a_card_and_emits_applied() -> None:
    ctrl = controller(seed=3)
    run_computers(ctrl)
    ctrl.events.clear()
    before = len(ctrl.hand.hands[0])
    stock = len(ctrl.hand.stock)
    assert ctrl.intent_draw() is None
    assert len(ctrl.hand.hands[0]) == before + 1
    assert len(ctrl.hand.stock) < stock
    assert ctrl.hand.phase is Phase.PLAY
    assert list(ctrl.events) == [Applied(0, Move(MoveType.DRAW), "draw")]


@pytest.mark.parametrize(
    ("intent", "code", "words"),
    [
        (lambda c: c.intent_discard(cards(c, "5C", "9D")), Code.DISCARD_ONE, "exactly one"),
        (lambda c: c.intent_meld(cards(c, "7H", "7D")), Code.MELD_TOO_SMALL, "you chose 2"),
        (lambda c: c.intent_meld(cards(c, "2C", "JK")), Code.WILDS_NEED_TARGET, "Wild cards"),
        (lambda c: c.intent_meld(()), Code.SELECT_TO_MELD, "Select the cards to meld first."),
        (lambda c: c.intent_layoff(QUEEN, ()), Code.SELECT_TO_LAY_OFF, "Select the cards to lay"),
        (lambda c: c.intent_meld(cards(c, "7H", "7D", "5C")), Code.MELD_MIXED_RANKS, "one rank"),
        (lambda c: c.intent_layoff(QUEEN, cards(c, "QH")), Code.NO_SUCH_MELD, "no meld of Q"),
        (lambda c: c.intent_draw(), Code.WRONG_PHASE, "you have drawn"),
    ],
)
def test_refused_intent_emits_refused_and_changes_nothing(intent, code, words) -> None:
    ctrl = placed()
    before = state_to_data(ctrl.hand)
    refusal = intent(ctrl)
    assert refusal is not None and refusal.code is code
    assert list(ctrl.events) == [Refused(refusal, refusal.message())]
    assert words in ctrl.events[0].message
    assert state_to_data(ctrl.hand) == before
    assert ctrl.hand.history == []


def test_meld_too_small_message_names_the_count() -> None:
    ctrl = placed()
    ctrl.intent_meld(cards(ctrl, "7H", "7D"))
    assert ctrl.events[-1].message == "A meld needs at least 3 cards; you chose 2."


def test_intent_meld_makes_a_new_meld() -> None:
    ctrl = placed()
    assert ctrl.intent_meld(cards(ctrl, "7H", "7D", "7S")) is None
    assert sorted(CARD_CODE[c] for c in ctrl.hand.melds[0][SEVEN]) == ["7D", "7H", "7S"]
    assert len(ctrl.hand.hands[0]) == len(SEAT0) - 3
    event = ctrl.events[-1]
    assert isinstance(event, Applied)
    assert event.move.type is MoveType.MELD and event.text == "meld 7H 7D 7S"


def test_intent_meld_on_a_melded_rank_becomes_a_layoff() -> None:
    ctrl = placed()
    king = cards(ctrl, "KC")
    assert ctrl.intent_meld(king) is None
    event = ctrl.events[-1]
    assert isinstance(event, Applied)
    assert event.move == Move(MoveType.LAYOFF, king, KING)
    assert event.text == "layoff K KC"
    assert sorted(CARD_CODE[c] for c in ctrl.hand.melds[0][KING]) == ["KC", "KD", "KH", "KS"]
    assert "KC" not in [CARD_CODE[c] for c in ctrl.hand.hands[0]]


def test_wilds_join_a_meld_through_intent_layoff() -> None:
    ctrl = placed()
    assert ctrl.intent_layoff(KING, cards(ctrl, "2C")) is None
    assert ctrl.events[-1].text == "layoff K 2C"
    assert ctrl.hand.mwild[0][KING] == 1


def test_reset_turn_after_a_meld_restores_the_hand() -> None:
    ctrl = placed(phase="draw")
    assert ctrl.reset_turn() is False
    ctrl.intent_draw()
    after_draw = state_to_data(ctrl.hand)
    assert ctrl.reset_turn() is False  # nothing laid down yet
    assert ctrl.intent_meld(cards(ctrl, "7H", "7D", "7S")) is None
    assert ctrl.intent_meld(cards(ctrl, "KC")) is None
    assert state_to_data(ctrl.hand) != after_draw
    ctrl.events.clear()
    assert ctrl.reset_turn() is True
    assert list(ctrl.events) == [TurnReset(0)]
    assert state_to_data(ctrl.hand) == after_draw
    assert SEVEN not in ctrl.hand.melds[0]
    assert len(ctrl.hand.melds[0][KING]) == 3
    assert ctrl.reset_turn() is False


def test_person_and_computers_play_a_hand_to_its_end() -> None:
    ctrl = controller(seed=11)
    me = HeuristicPlayer()
    while not ctrl.hand.ended:
        if ctrl.person_to_move():
            assert ctrl.submit(me.choose(ctrl.hand.view_for(0))) is None
        else:
            assert ctrl.step_computer() is not None
    ended = [e for e in ctrl.events if isinstance(e, HandEnded)]
    assert len(ended) == 1 and ctrl.events[-1] is ended[0]
    assert not any(isinstance(e, Refused) for e in ctrl.events)
    assert ended[0].totals == (ctrl.game.totals[0], ctrl.game.totals[1])
    assert ended[0].score is ctrl.hand_score is ctrl.game.scores[-1]
    assert ended[0].totals == tuple(side.total for side in ended[0].score.sides)
    assert ended[0].game_over is False and ended[0].winner is None
    assert ctrl.step_computer() is None and not ctrl.person_to_move()


def test_next_hand_deals_with_the_dealer_rotated() -> None:
    ctrl = computers(seed=5)
    first = ctrl.hand
    with pytest.raises(ValueError, match="score the current hand"):
        ctrl.next_hand()
    run_computers(ctrl)
    dealer = ctrl.game.dealer
    hand = ctrl.next_hand()
    assert hand is ctrl.hand is not first
    assert hand.dealer == ctrl.game.dealer == (dealer + 1) % 2
    assert hand.turn == (hand.dealer + 1) % 2 and hand.phase is Phase.DRAW
    assert ctrl.hand_score is None
    assert [len(h) for h in hand.hands] == [15, 15]
    assert hand.side_scores == tuple(ctrl.game.totals)


def test_quick_game_with_four_computers_is_over_after_one_hand() -> None:
    ctrl = computers(players=4, seed=21, quick_game=True)
    assert ctrl.person is None
    run_computers(ctrl)
    ended = [e for e in ctrl.events if isinstance(e, HandEnded)]
    assert len(ended) == 1 and ended[0].game_over and ctrl.game.over
    totals = ctrl.game.totals
    assert ended[0].winner == (None if totals[0] == totals[1] else int(totals[1] > totals[0]))
    assert {e.seat for e in ctrl.events if isinstance(e, Applied)} == {0, 1, 2, 3}
    with pytest.raises(ValueError, match="game is over"):
        ctrl.next_hand()


def test_full_two_player_game_runs_to_five_thousand() -> None:
    ctrl = computers(seed=2024)
    while True:
        run_computers(ctrl)
        if ctrl.game.over:
            break
        ctrl.next_hand()
    ended = [e for e in ctrl.events if isinstance(e, HandEnded)]
    game = ctrl.game
    assert len(ended) == len(game.scores) >= 2
    running = [0, 0]
    for event, score in zip(ended, game.scores, strict=True):
        running = [running[s] + score.sides[s].total for s in (0, 1)]
        assert event.totals == tuple(running)
    assert [e.game_over for e in ended] == [False] * (len(ended) - 1) + [True]
    assert max(game.totals) >= 5000
    assert max(ended[-2].totals) < 5000
    winner = ended[-1].winner
    assert winner is not None and winner == game.winner
    assert game.totals[winner] > game.totals[1 - winner]


def test_person_answers_a_computer_partner_who_asks() -> None:
    ctrl = controller(players=4, ask_permission=True)
    ctrl.game.hand = state_from_data(
        {
            "rules": {"players": 4, "ask_permission": True},
            "hands": [["4C", "6D", "8S"], ["5H", "9C", "TD"], ["QS", "QH", "QD", "5C"], ["JH"]],
            "melds": [{"K": ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]}, {}],
            "pile": ["7C"],
            "turn": 2,
            "phase": "play",
        }
    )
    assert ctrl.step_computer() == Move(MoveType.ASK)
    assert ctrl.asking_person() and ctrl.hand.mover == 0
    assert ctrl.step_computer() is None
    assert ctrl.intent_answer(True) is None
    assert ctrl.events[-1] == Applied(0, Move(MoveType.YES), "yes")
    run_computers(ctrl)
    assert ctrl.hand.ended and ctrl.hand.went_out == 2
    assert isinstance(ctrl.events[-1], HandEnded)
    assert ctrl.events[-1].score.sides[0].going_out == 100


def test_taking_the_pile_with_no_cards_chosen_uses_a_natural_pair() -> None:
    ctrl = placed(phase="draw", pile=["4C", "QD"])
    assert CARD_CODE[ctrl.hand.pile[-1]] == "QD"
    pair = ctrl.default_take_cards()
    assert sorted(CARD_CODE[c] for c in pair) == ["QH", "QS"]
    assert ctrl.intent_take(pair) is None
    assert QUEEN in ctrl.hand.melds[0]


def test_dropping_cards_on_the_other_sides_meld_is_refused_with_the_rule() -> None:
    ctrl = placed()
    refusal = ctrl.intent_layoff_on_opponents()
    assert refusal.code is Code.OPPONENTS_MELD
    event = ctrl.events[-1]
    assert isinstance(event, Refused)
    assert event.message == "You may lay off only on your own side's melds."


def test_a_blocked_pile_explains_itself_before_it_is_selected() -> None:
    ctrl = placed(phase="draw", pile=["4C", "3S"])
    refusal = ctrl.explain_take_refusal()
    assert refusal is not None and refusal.code is Code.PILE_TOP_BLACK_THREE
