"""The search's fast paths give exactly what the plain forms give (more sampled
worlds per CPU second, no decision changed)."""

from __future__ import annotations

import random

import pytest

from canasta.ai import TrackingPlayer
from canasta.ai.heuristic import all_natural, meld_signature, wild_count
from canasta.ai.playout import policy_move
from canasta.ai.tracking import (
    chance_holds_wild,
    known_kind_counts,
    unknown_slots,
    unseen_cards,
    unseen_kind_counts,
    wild_chance,
)
from canasta.engine import CLASSIC, HandState
from canasta.engine.cards import cards_with_code, kind_counts
from canasta.engine.moves import Move, MoveType
from canasta.engine.view import SeatView, make_view


def _states(players: int, deals: int) -> list[HandState]:
    """Every state of ``deals`` random legal hands (copies), the pile taken when it can be."""
    rules = CLASSIC.with_options(players=players)
    out = []
    for deal in range(deals):
        state = HandState.deal(rules, deal)
        state.keep_snapshots = False
        rng = random.Random(deal)
        while not state.ended:
            out.append(state.copy())
            legal = state.legal_moves()
            takes = [m for m in legal if m.type is MoveType.TAKE]
            state.apply(takes[0] if takes else rng.choice(legal))
    return out


def _card(code: str, i: int = 0) -> int:
    return cards_with_code(code)[i]


def test_wild_count_and_all_natural_worked() -> None:
    natural = Move(MoveType.MELD, (_card("7H"), _card("7S"), _card("7C")), -1)
    mixed = Move(MoveType.MELD, (_card("7H"), _card("7S"), _card("2C"), _card("JK")), -1)
    assert all_natural(natural) and wild_count(natural) == 0
    assert not all_natural(mixed) and wild_count(mixed) == 2
    assert all_natural(Move(MoveType.DRAW)) and wild_count(Move(MoveType.DRAW)) == 0


@pytest.mark.parametrize("players", [2, 4])
def test_fast_forms_equal_the_plain_ones(players: int) -> None:
    """Over every state of random hands: the move counts, the unseen counts of every seat's
    view, the chance of a wild card, and the view made from a listed move list."""
    moves = views = 0
    for state in _states(players, 2):
        legal = state.legal_moves()
        for move in legal:
            signature = meld_signature(move)
            assert wild_count(move) == signature[1] + signature[2]
            assert all_natural(move) == (signature[1:] == (0, 0))
            moves += 1
        mover = state.mover
        assert make_view(state, mover, legal) == make_view(state, mover)
        for seat in range(players):
            view: SeatView = state.view_for(seat)
            unseen = unseen_kind_counts(view)
            assert unseen == kind_counts(unseen_cards(view))
            for other in range(players):
                if other != seat:
                    parts = (known_kind_counts(view, other), unknown_slots(view, other))
                    assert wild_chance(*parts, unseen) == chance_holds_wild(view, other, unseen)
            views += 1
    assert moves > 1000 and views > 300


class _NoViewWanted(TrackingPlayer):
    """A tracking player that fails if asked to choose (a lone move needs no view)."""

    def choose(self, view: SeatView) -> Move:
        raise AssertionError("asked to choose a lone legal move")


@pytest.mark.parametrize("players", [2, 4])
def test_policy_move_is_the_policys_choice(players: int) -> None:
    lone = chosen = 0
    for state in _states(players, 2):
        legal = state.legal_moves()
        if len(legal) == 1:
            assert policy_move(_NoViewWanted(), state) == legal[0]
            lone += 1
        expected = TrackingPlayer(0).choose(state.view_for(state.mover))
        assert policy_move(TrackingPlayer(0), state) == expected
        chosen += 1
    assert lone > 20 and chosen > lone


class _Recorder(TrackingPlayer):
    """A tracking player that notes whether it owed a turn at each choice."""

    def __init__(self) -> None:
        super().__init__(0)
        self.owed: list[bool] = []

    def choose(self, view: SeatView) -> Move:
        self.owed.append(self.owes_turn)
        return super().choose(view)


def test_one_playout_player_serves_every_playout() -> None:
    """A hard player's play-outs share one tracking player, and each starts it afresh: an
    answer owed at the end of the last play-out (which would make the partner say yes at
    once) is forgotten, and the values equal a new hard player's."""
    from canasta.ai import HardPlayer
    from canasta.ai.hard import _Candidate
    from canasta.ai.world import sample_state

    shared = HardPlayer(3)
    recorder = _Recorder()
    shared._playout = recorder
    compared = 0
    for state in _states(4, 2)[::5]:
        if state.phase.value != "draw":
            continue
        view = state.view_for(state.mover)
        world = sample_state(view, random.Random(compared))
        cand = _Candidate("default", [view.legal_moves[0]])
        recorder.owes_turn = True  # as a play-out that ended owing a turn leaves it
        recorder.owed.clear()
        value = shared._simulate(world, cand, view.seat)
        assert value == HardPlayer(3)._simulate(world, cand, view.seat)
        assert recorder.owed and not recorder.owed[0]
        compared += 1
    assert compared > 10
