"""A hint is a promise: its moves, followed one by one through the controller, are all
accepted, an opening hint reaches the side's opening minimum, a playing hint finishes the
turn, and its line names every move and card in the order they are made (the glow comes
from the same moves: tests/ui/test_table_assist.py).

The property runs over random positions of every preset at both table sizes: random and
tracking players play a game to a random moment of the person's, from side scores in
every opening-minimum band, and the hint is asked for there."""

from __future__ import annotations

import random

import pytest

from canasta.ai.hard import Advice, HardPlayer
from canasta.ai.player import RandomPlayer
from canasta.ai.tracking_player import TrackingPlayer
from canasta.controller import TableController
from canasta.engine import CLASSIC, Game, MoveType
from canasta.engine.card_words import card_name
from canasta.engine.cards import CARD_CODE, KIND_RANK
from canasta.engine.moves import Move, discard, layoff, meld
from canasta.engine.position import state_from_data
from canasta.engine.rules import PRESETS
from canasta.engine.state import Phase
from canasta.engine.view import SeatView

ACE = KIND_RANK.index("A")

#: Game totals a side may start a hand with: one in each band of the opening minimum
#: (Classic: 15 below 0, 50 below 1,500, 90 below 3,000, 120 above).
TOTALS = (-300, 0, 900, 1500, 2400, 3000, 4200)


def tables() -> list[tuple[str, int]]:
    """Every preset at each table size its rules allow (all of them allow both today)."""
    found = []
    for name, rules in PRESETS.items():
        for players in (2, 4):
            try:
                rules.with_options(players=players)
            except ValueError:
                continue
            found.append((name, players))
    return found


TABLES = tables()


def hint_player(seed: int) -> HardPlayer:
    """The table's hint player on a fixed budget of worlds (no clock: the same hint on
    every machine)."""
    return HardPlayer(seed, time_limit=None, worlds=3, whole_turn=True)


def position(preset: str, players: int, seed: int) -> TableController | None:
    """A controller at a random moment where the person (seat 0) is to move, or None when
    the hand ended first."""
    rng = random.Random(seed)
    rules = PRESETS[preset].with_options(players=players)
    game = Game(rules, seed, totals=[rng.choice(TOTALS), rng.choice(TOTALS)])
    others = [TrackingPlayer(seed + s) if rng.random() < 0.7 else RandomPlayer(seed + s)
              for s in range(1, players)]  # fmt: skip
    controller = TableController(game, [None, *others])
    controller.hint_player = hint_player(seed)
    person = (TrackingPlayer(seed), RandomPlayer(seed))
    moves = rng.randrange(0, 60 // players)
    while not game.hand.ended:
        if controller.computer_to_move():
            controller.step_computer()
        elif moves == 0:
            return controller
        else:
            moves -= 1
            chooser = person[0] if rng.random() < 0.75 else person[1]
            controller.submit(chooser.choose(game.hand.view_for(0)))
    return None


def follow(controller: TableController) -> tuple[Advice, bool]:
    """Ask for the hint and make its moves one by one through the controller, checking
    each step; returns the hint and whether it was an opening (an unopened side's hint
    that melds or takes the pile)."""
    hand = controller.hand
    side = hand.side
    assert controller.request_hint()
    hint = controller.poll_hint()
    assert hint is not None and hint.move == hint.moves[0]
    unopened = not hand.opened[side]
    for step, move in enumerate(hint.moves):
        shown = controller.poll_hint()
        assert shown is not None and shown.moves == hint.moves[step:], (step, hint.reason)
        # The line names every move left, every card of it, in the order they are made.
        names = [card_name(c) for m in shown.moves for c in m.cards]
        at = 0
        for name in names:
            found = shown.reason.find(name, at)
            assert found >= 0, (name, shown.reason)
            at = found + len(name)
        refusal = controller.submit(move)
        assert refusal is None, (step, [str(m) for m in hint.moves], refusal.message())
    assert controller.poll_hint() is None  # kept, the promise is over
    types = {m.type for m in hint.moves}
    last = hint.moves[-1].type
    opening = unopened and bool(types & {MoveType.MELD, MoveType.TAKE}) and last is not MoveType.ASK
    if opening:
        assert hand.ended or hand.opened[side], (hint.reason, hand.opening_points)
    if hint.move.type is not MoveType.DRAW and last not in (MoveType.ASK, MoveType.TAKE):
        assert hand.ended or hand.turn != 0 or hand.phase is Phase.ANSWER, hint.reason
    return hint, opening


def check_tables(seeds: range) -> tuple[int, int]:
    """Follow the hint at a position of every table for each seed; returns (hints
    followed, opening hints among them)."""
    hints = openings = 0
    for preset, players in TABLES:
        for seed in seeds:
            controller = position(preset, players, seed)
            if controller is None:
                continue
            _, opening = follow(controller)
            hints += 1
            openings += opening
    return hints, openings


def test_every_hint_is_accepted_step_by_step_at_every_table() -> None:
    hints, openings = check_tables(range(20))
    assert len(TABLES) == 10 and hints >= 150 and openings >= 1


@pytest.mark.slow
def test_every_hint_is_accepted_step_by_step_at_every_table_many_positions() -> None:
    hints, openings = check_tables(range(20, 820))
    assert hints >= 6000 and openings >= 200


#: A side at 1,500 points needs 90 to open: the tens with the joker make 80, short of
#: it, so the hint must name the Kings' meld too before its discard.
OPENING_AT_1500 = {
    "rules": {"players": 2},
    "side_scores": [1500, 2000],
    "hands": [
        [
            "2H",
            "KH",
            "7S",
            "QD",
            "7C",
            "2D",
            "6C",
            "KS",
            "JK",
            "2S",
            "5C",
            "TS",
            "KC",
            "8S",
            "TD",
            "TD",
        ],
        ["AS", "AH", "QD", "QS", "6S", "5D", "7S", "8D", "3C", "QS", "5D", "KD", "KH", "4D", "KD"],
    ],  # fmt: skip
    "pile": ["5H"],
    "stock_size": 40,
    "turn": 0,
    "phase": "play",
}


def test_an_opening_hint_at_1500_points_names_every_meld_and_reaches_90() -> None:
    game = Game(CLASSIC.with_options(players=2), 1, totals=[1500, 2000])
    game.hand = state_from_data(OPENING_AT_1500)
    controller = TableController(game, [None, TrackingPlayer(1)])
    controller.hint_player = HardPlayer(0, time_limit=None, worlds=8, whole_turn=True)
    assert game.hand.opening_minimum(0) == 90
    hint, opening = follow(controller)
    assert opening and game.hand.opened[0]
    melds = [m for m in hint.moves if m.type in (MoveType.MELD, MoveType.LAYOFF)]
    assert len(melds) >= 2 and hint.moves[-1].type is MoveType.DISCARD
    assert hint.reason.startswith("Meld 10\u2660 10\u2666 10\u2666 Joker, then meld ")


class FixedAdvice:
    """A hint player that promises the given moves (to follow a known plan)."""

    name = "fixed"

    def __init__(self, moves: tuple[Move, ...]) -> None:
        self.moves = moves

    def advise(self, view: SeatView) -> Advice:
        return Advice(self.moves[0], "why", moves=self.moves, label="default")


def test_the_hint_keeps_its_promise_when_followed_in_another_order_or_with_twin_cards() -> None:
    data = {
        "rules": {"players": 2},
        "hands": [["AS", "AS", "AH", "AD", "5C", "9H", "KD"], ["7C", "8C", "9C"]],
        "melds": [{"K": ["KS", "KH", "KC"]}, {}],
        "opened": [True, False],
        "pile": ["4H"],
        "stock_size": 30,
        "turn": 0,
        "phase": "play",
    }
    game = Game(CLASSIC.with_options(players=2), 1)
    game.hand = state_from_data(data)
    spade, twin = (c for c in game.hand.hands[0] if CARD_CODE[c] == "AS")
    by_code = {CARD_CODE[c]: c for c in game.hand.hands[0]}
    plan = (
        meld(spade, by_code["AH"], by_code["AD"]),
        layoff(ACE, twin),
        discard(by_code["5C"]),
    )
    controller = TableController(game, [None, TrackingPlayer(1)])
    controller.hint_player = FixedAdvice(plan)  # type: ignore[assignment]
    assert controller.request_hint()
    # The meld made with the other deck's ace of spades, the cards in another order.
    assert controller.submit(meld(by_code["AD"], twin, by_code["AH"])) is None
    rest = controller.poll_hint()
    assert rest is not None and rest.moves == (layoff(ACE, spade), plan[2])
    assert rest.reason == (
        "Lay off A\u2660 on the Aces, then discard 5\u2663: the card least likely to give them"
        " the pile."
    )
    for move in rest.moves:
        assert controller.submit(move) is None
    assert controller.hand.turn == 1
