"""The table's interface: the person's view hides what they may not see, events carry
completed canastas, and the in-process worker answers at once on the same seeds."""

from __future__ import annotations

from canasta.ai import HeuristicPlayer
from canasta.ai.medium import MediumPlayer
from canasta.controller import (
    Applied,
    HandEnded,
    InlineWorker,
    TableControl,
    TableController,
)
from canasta.engine import Game, Move, MoveType, RuleSet
from canasta.engine.cards import CARD_CODE, KING
from canasta.engine.position import state_from_data

SEAT0 = ["KC", "KD", "5C", "9D", "2C", "QH", "QS"]
SEAT1 = ["4D", "4H", "6C", "6S", "8C", "8H", "TC"]


def placed(meld: list[str]) -> TableController:
    """Seat 0 to play, side 0 has opened with a meld of Kings of the given cards."""
    game = Game(RuleSet(players=2), 7)
    ctrl = TableController(game, [None, HeuristicPlayer()])
    data = {"rules": {"players": 2}, "hands": [SEAT0, SEAT1], "pile": ["4C", "8S"],
            "melds": [{"K": meld}, {}], "turn": 0, "phase": "play"}  # fmt: skip
    ctrl.game.hand = state_from_data(data)
    return ctrl


def ids(ctrl: TableController, *codes: str) -> tuple[int, ...]:
    hand = ctrl.hand.hands[0]
    return tuple(next(c for c in hand if CARD_CODE[c] == code) for code in codes)


def test_the_local_controller_is_a_table_control() -> None:
    assert isinstance(placed(["KS", "KH", "KD"]), TableControl)


def test_the_view_shows_the_persons_hand_and_only_sizes_of_the_others() -> None:
    ctrl = placed(["KS", "KH", "KD"])
    view = ctrl.view()
    assert sorted(CARD_CODE[c] for c in view.hand) == sorted(SEAT0)
    assert view.hand_of(0) == view.hand and view.hand_of(1) is None
    assert view.seen.hand_sizes == (7, 7)
    assert view.revealed is None
    assert view.person_to_move and view.phase == "play" and not view.ended
    # 2 + 2 cards of the pile and the melds are public; the others' hand is not.
    assert not set(ctrl.hand.hands[1]) & view.seen.visible_cards()
    assert ctrl.view() is view  # cached until something changes
    ctrl.intent_meld(ids(ctrl, "QH", "QS", "2C"))
    assert ctrl.view() is not view and len(ctrl.view().hand) == 4


def test_a_layoff_from_six_to_eight_completes_a_canasta_once() -> None:
    ctrl = placed(["KS", "KH", "KD", "KS", "KH", "JK"])  # six Kings
    assert ctrl.intent_layoff(KING, ids(ctrl, "KC", "KD")) is None
    event = ctrl.drain_events()[-1]
    assert isinstance(event, Applied) and event.canastas == (KING,)
    assert len(ctrl.hand.melds[0][KING]) == 8
    assert ctrl.drain_events() == []
    # A ninth card on the canasta completes nothing new.
    assert ctrl.intent_layoff(KING, ids(ctrl, "2C")) is None
    event = ctrl.drain_events()[-1]
    assert isinstance(event, Applied) and event.canastas == ()


def test_a_layoff_below_seven_completes_nothing() -> None:
    ctrl = placed(["KS", "KH", "KD"])
    assert ctrl.intent_layoff(KING, ids(ctrl, "KC")) is None
    event = ctrl.drain_events()[-1]
    assert isinstance(event, Applied) and event.canastas == ()


def test_the_hand_end_reveals_every_hand() -> None:
    game = Game(RuleSet(players=2), 5)
    ctrl = TableController(game, [HeuristicPlayer(), HeuristicPlayer()])
    while ctrl.step_computer() is not None:
        pass
    ended = [e for e in ctrl.drain_events() if isinstance(e, HandEnded)]
    assert len(ended) == 1
    hands = tuple(tuple(h) for h in ctrl.hand.hands)
    assert ended[0].hands == hands
    assert ctrl.view().revealed == hands == ctrl.revealed_hands()
    assert ctrl.view().hand_of(1) == hands[1]


def test_the_inline_worker_answers_at_once_with_the_same_moves() -> None:
    def moves(worker: InlineWorker | None) -> list[Move]:
        game = Game(RuleSet(players=2), 9)
        # No time limit: a search cut by the clock may differ from run to run.
        players = [MediumPlayer(seed, time_limit=None, worlds=4) for seed in (1, 2)]
        ctrl = TableController(game, players, worker=worker)
        made = []
        for _ in range(30):
            move = ctrl.poll_computer()
            assert move is not None  # never None: the inline worker has answered
            made.append(move)
        return made

    worker = InlineWorker()
    assert moves(worker) == moves(None)
    assert worker.decisions == 30


def test_the_inline_worker_gives_hints_with_reasons() -> None:
    ctrl = placed(["KS", "KH", "KD"])
    ctrl.worker = InlineWorker()
    assert ctrl.request_hint()
    advice = ctrl.poll_hint()
    assert advice is not None and advice.reason
    assert advice.move.type in (MoveType.MELD, MoveType.LAYOFF, MoveType.DISCARD)
