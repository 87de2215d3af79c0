"""The levels: seated by the factory, legal, deciding from the view alone (the same view
with other hidden cards gives the same move under the same seed), and thinking in a
worker process while the table polls."""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import pytest

from canasta.ai import (
    EasyPlayer,
    HardPlayer,
    MediumPlayer,
    RandomPlayer,
    TrackingPlayer,
    make_player,
)
from canasta.ai.levels import LEVELS, seat_players
from canasta.ai.world import sample_state
from canasta.controller import DecisionWorker, TableController
from canasta.engine import CLASSIC, Game, HandState, MoveType, RuleSet
from canasta.engine.card_words import card_name
from tests.test_ai_first_player import hidden_twin


def test_factory_makes_every_level_and_refuses_others() -> None:
    kinds = {level: type(make_player(level, 1)) for level in LEVELS}
    assert kinds == {
        "random": RandomPlayer,
        "easy": EasyPlayer,
        "medium": MediumPlayer,
        "hard": HardPlayer,
    }
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        make_player("expert")


def test_partner_is_hard_whatever_the_opponents_level() -> None:
    seats = seat_players(4, person=0, level="easy", seed=5)
    assert seats[0] is None
    assert isinstance(seats[2], HardPlayer)
    assert isinstance(seats[1], EasyPlayer) and isinstance(seats[3], EasyPlayer)
    demo = seat_players(2, person=None, level="medium")
    assert all(isinstance(p, MediumPlayer) for p in demo)


def test_a_sampled_world_shows_the_seat_exactly_its_view() -> None:
    rng = random.Random(4)
    player = TrackingPlayer(0)
    checked = 0
    for players in (2, 4):
        state = HandState.deal(RuleSet(players=players, ask_permission=True), 77)
        while not state.ended:
            view = state.view_for(state.mover)
            world = sample_state(view, rng)
            assert world.view_for(state.mover) == view
            assert sorted(c for place in world.cards_in_places() for c in place) == list(range(108))
            checked += 1
            state.apply(player.choose(view))
    assert checked > 60


LEVEL_MAKERS = [
    pytest.param(lambda: EasyPlayer(9), 12, 300, id="easy"),
    pytest.param(lambda: TrackingPlayer(9), 12, 300, id="tracking"),
    pytest.param(lambda: MediumPlayer(9, time_limit=None, worlds=3), 2, 60, id="medium"),
    pytest.param(lambda: HardPlayer(9, time_limit=None, worlds=3), 2, 60, id="hard"),
]


@pytest.mark.parametrize(("make", "deals", "moves"), LEVEL_MAKERS)
@pytest.mark.parametrize("players", [2, 4])
def test_same_view_other_hidden_cards_same_decision(
    make: Any, deals: int, moves: int, players: int
) -> None:
    rng = random.Random(players)
    checked = differing = 0
    for deal in range(deals):
        state = HandState.deal(RuleSet(players=players), 900 + deal, dealer=deal % players)
        # Two copies of the player, each shown one of the twins: a player's memory (the
        # partner's promise) must not leak from one twin into the other.
        a, b = make(), make()
        while not state.ended and state.move_count < moves:
            seat = state.mover
            view = state.view_for(seat)
            twin = hidden_twin(state, seat, rng)
            assert twin.view_for(seat) == view
            move = a.choose(view)
            assert move in view.legal_moves
            assert b.choose(twin.view_for(seat)) == move
            checked += 1
            differing += twin.hands != state.hands
            state.apply(move)
    assert checked >= min(40, 2 * moves - 20)
    assert differing > checked * 0.9


def test_hard_explains_its_move_in_one_line() -> None:
    state = HandState.deal(RuleSet(players=2), 31)
    player = HardPlayer(2, time_limit=None, worlds=4)
    while not state.ended and state.move_count < 40:
        advice = player.advise(state.view_for(state.mover))
        assert advice.move == advice.moves[0] and advice.move in state.legal_moves()
        assert advice.reason and "\n" not in advice.reason
        assert all(card_name(c) in advice.reason for m in advice.moves for c in m.cards)
        state.apply(advice.move)


def test_worker_decides_and_the_controller_polls() -> None:
    worker = DecisionWorker()
    try:
        game = Game(CLASSIC.with_options(players=2), 3)
        controller = TableController(game, [TrackingPlayer(1), MediumPlayer(2)], worker=worker)
        made = polls = 0
        deadline = time.monotonic() + 30
        while made < 12 and not controller.hand.ended and time.monotonic() < deadline:
            assert controller.think()
            move = controller.poll_computer()  # never waits: None until the move arrives
            polls += 1
            if move is None:
                time.sleep(0.001)
                continue
            assert controller.hand.history[-1] == move
            made += 1
        assert made >= 12 and polls > made  # some polls found the decision not yet made
        ticket = worker.submit(HardPlayer(1, time_limit=None, worlds=2), game.hand.view_for(
            game.hand.mover), advise=True)  # fmt: skip
        decision = worker.wait(ticket)
        assert decision.move in game.hand.legal_moves() and decision.reason
        # The advice crosses to the window's process whole: its promised moves too.
        assert decision.advice is not None and decision.advice.moves[0] == decision.move
        assert decision.advice.reason == decision.reason
    finally:
        worker.close()
    assert not worker.alive


def test_hint_is_the_hard_level_move_for_the_person() -> None:
    game = Game(CLASSIC.with_options(players=2), 8)
    controller = TableController(game, [None, TrackingPlayer(1)], hint_seed=4)
    while not controller.person_to_move():
        controller.step_computer()
    assert controller.request_hint()
    hint = controller.poll_hint()
    assert hint is not None and hint.move in controller.hand.legal_moves()
    controller.submit(hint.move)
    assert controller.poll_hint() is None  # the moment has passed


def test_tournament_plays_duplicate_pairs_and_reports() -> None:
    from scripts import tournament

    margin, times = tournament.play_pair(("easy", "random", 2, 12, 1))
    assert set(times) == {"easy", "random"} and all(times.values())
    first, _ = tournament.play_hand(["easy", "random"], 2, 12, 1)
    second, _ = tournament.play_hand(["random", "easy"], 2, 12, 2)
    assert margin == first - second
    figures = tournament.summarise("easy", "random", 2, [300, -20, 0, 50], times, 1.0)
    assert figures["share_a"] == 0.625 and figures["pairs_tied"] == 1
    assert figures["mean_margin_per_hand_a"] == 41.2
    assert figures["margins"] == [300, -20, 0, 50]
    low, high = figures["share_a_ci95"]  # type: ignore[misc]
    assert 0.2 < low < 0.625 < high < 0.95
    assert tournament.wilson(0.5, 100) == (0.4038, 0.5962)


def test_tournament_continues_on_the_next_deals() -> None:
    """``first`` starts at a later deal pair of the seed's sequence (deal 100_000 * seed + i,
    players' seed seed + 7 * i), so two runs together equal one longer run."""
    from scripts import tournament

    figures = tournament.run("easy", "random", 2, 1, seed=1, workers=1, first=3)
    margin, _ = tournament.play_pair(("easy", "random", 2, 100_003, 1 + 7 * 3))
    assert figures["margins"] == [margin]


def test_screen_overrides_one_table_size_and_fixes_the_worlds(monkeypatch) -> None:
    """research/screen.py: ``--set`` changes the hard level at one table size only, medium
    keeps its own switch, ``--fixed`` lifts both budgets; bad keys and values stop it."""
    from research import screen

    for name in ("LEAN_OPEN", "TIME_LIMIT", "WORLDS", "WALL_CEILING"):
        monkeypatch.setattr(HardPlayer, name, getattr(HardPlayer, name))
    monkeypatch.setattr(MediumPlayer, "__init__", MediumPlayer.__init__)
    screen.override(4, ["LEAN_OPEN=true"])
    assert HardPlayer.LEAN_OPEN == {2: True, 4: True}
    assert MediumPlayer.LEAN_OPEN == {2: False, 4: False}
    screen.fix_worlds(30, 5)
    assert HardPlayer.WORLDS == {2: 30, 4: 30} and HardPlayer.WALL_CEILING == 1e9
    medium = MediumPlayer(3)
    assert (medium.time_limit, medium.worlds, medium.seed) == (None, 5, 3)
    with pytest.raises(SystemExit, match="no switch 'NOPE'"):
        screen.override(2, ["NOPE=1"])
    with pytest.raises(SystemExit, match="not JSON"):
        screen.override(2, ["CONFIDENCE=half"])


def test_ask_move_is_offered_to_the_computer_asker() -> None:
    """With ask permission on, a medium or hard player that can go out asks first."""
    from canasta.engine.position import state_from_data

    kings = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]
    for player in (MediumPlayer(1, time_limit=None), HardPlayer(1, time_limit=None, worlds=4)):
        state = state_from_data(
            {
                "rules": {"players": 4, "ask_permission": True},
                "hands": [["4S", "6C"], ["QS", "QH", "QD"], ["7S", "8C"], ["9C", "TC"]],
                "melds": [{}, {"K": kings}],
                "pile": ["5H"],
                "turn": 1,
                "phase": "play",
                "opened": [False, True],
            }
        )
        assert player.choose(state.view_for(1)).type is MoveType.ASK


def test_view_fingerprint_is_the_same_in_every_process() -> None:
    """Seeds come from the view's fingerprint: a worker process or a tournament worker must
    get the same number (no str or None hashes, which vary by process)."""
    import subprocess

    from canasta.ai.world import view_fingerprint

    code = (
        "from canasta.engine import HandState, RuleSet\n"
        "from canasta.ai.world import view_fingerprint\n"
        "s = HandState.deal(RuleSet(players=4, ask_permission=True), 3)\n"
        "print(view_fingerprint(s.view_for(s.mover)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    state = HandState.deal(RuleSet(players=4, ask_permission=True), 3)
    assert int(out) == view_fingerprint(state.view_for(state.mover))
