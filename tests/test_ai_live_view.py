"""The play-outs' live view (canasta/ai/seat.py): reading the sampled world in place gives
the tracking player the same moves, counts and costs as the mover's frozen SeatView, and
leaves the world as it was."""

from __future__ import annotations

import random

import pytest

from canasta.ai.playout import policy_move
from canasta.ai.seat import LiveView
from canasta.ai.tracking import known_kind_counts, unknown_slots, unseen_kind_counts
from canasta.ai.tracking_player import (
    Style,
    TrackingPlayer,
    discard_costs,
    table_of,
    turn_worth_keeping,
)
from canasta.engine import CLASSIC, HandState
from canasta.engine.moves import MoveType

_STYLES = [Style(), Style(go_out=True), Style(go_out=False), Style(hold=True), Style(lean=True)]


def _positions(players: int, deal: int, wild: bool = False) -> list[HandState]:
    """Every position with a choice in one hand played by the tracking player, or with
    ``wild`` by random legal moves that ask to go out and take the pile whenever they can
    (long piles, known cards in hands, answers to give; four players ask permission)."""
    rules = CLASSIC.with_options(players=players, ask_permission=wild)
    state = HandState.deal(rules, deal)
    state.keep_snapshots = False
    player = TrackingPlayer(deal)
    rng = random.Random(deal)
    out: list[HandState] = []
    while not state.ended and len(out) < 300:
        legal = state.legal_moves()
        if len(legal) > 1:
            out.append(state.copy())
        if wild:
            eager = [m for m in legal if m.type in (MoveType.ASK, MoveType.TAKE)]
            state.apply(eager[0] if eager else rng.choice(legal))
        else:
            state.apply(policy_move(player, state))
    return out


@pytest.mark.parametrize(
    ("players", "deal", "wild"),
    [
        (4, 0, False),
        (4, 1, False),
        (2, 2, False),
        (2, 3, False),
        (4, 4, True),
        (4, 6, True),
        (2, 5, True),
    ],
)
def test_live_view_decides_as_the_seat_view(players: int, deal: int, wild: bool) -> None:
    asked = 0
    for state in _positions(players, deal, wild):
        before = state.copy()
        seat = state.mover
        frozen = state.view_for(seat)
        live = LiveView(state)
        assert live.seat == frozen.seat and live.phase == frozen.phase
        assert list(live.legal_moves) == list(frozen.legal_moves)
        assert table_of(live) == table_of(frozen)
        assert unseen_kind_counts(live) == unseen_kind_counts(frozen)
        nxt = (seat + 1) % players
        assert known_kind_counts(live, nxt) == known_kind_counts(frozen, nxt)
        assert unknown_slots(live, nxt) == unknown_slots(frozen, nxt)
        if frozen.phase == "play":
            counts = table_of(frozen).counts
            assert discard_costs(live, counts) == discard_costs(frozen, counts)
            assert turn_worth_keeping(live) == turn_worth_keeping(frozen)
        for style in _STYLES:
            for owes in (False, True):
                a, b = TrackingPlayer(deal, style), TrackingPlayer(deal, style)
                a.owes_turn = b.owes_turn = owes
                assert a.choose(live) == b.choose(frozen)
                assert a.owes_turn == b.owes_turn
                asked += 1
        assert state == before
        assert (state.counts, state.msize, state.mwild) == (
            before.counts,
            before.msize,
            before.mwild,
        )
    assert asked > 100
