"""What a seat may know: its own hand and what was shown in public (view.py)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from canasta.engine import CLASSIC, PRESETS, HandState
from canasta.engine.cards import CARD_CODE
from canasta.engine.view import SeatView

from .helpers import codes, legal, pos


def hidden_from(state: HandState, seat: int) -> set[int]:
    """Cards ``seat`` may not see: the stock and other hands' cards not known to be there."""
    hidden = set(state.stock)
    for other in range(state.players):
        if other != seat:
            hidden |= set(state.hands[other]) - state.known[other]
    return hidden


def test_fresh_deal_views_show_only_own_hand() -> None:
    state = HandState.deal(CLASSIC.with_options(players=4), 99)
    for seat in range(4):
        view = state.view_for(seat)
        assert view.hand == tuple(state.hands[seat])
        assert view.visible_cards().isdisjoint(hidden_from(state, seat))
        assert view.hand_sizes == (11, 11, 11, 11)
        assert view.stock_size == len(state.stock)
        assert all(view.known[s] == frozenset() for s in range(4) if s != seat)
        assert view.known[seat] == frozenset(state.hands[seat])


def test_legal_moves_only_in_the_movers_view() -> None:
    state = HandState.deal(CLASSIC.with_options(players=4), 5, dealer=3)
    assert state.mover == 0
    assert state.view_for(0).legal_moves == tuple(state.legal_moves())
    assert state.view_for(0).legal_moves
    for seat in (1, 2, 3):
        assert state.view_for(seat).legal_moves == ()


def test_cards_taken_with_the_pile_are_known_to_all() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {}]
    state = pos([["7H", "7D", "9C", "5S"], ["4C", "6D"]], pile=["QC", "AS", "7S"], melds=melds)
    legal(state, "take 7H 7D")
    view = state.view_for(1)
    assert codes(view.known[0]) == ["AS", "QC"]
    assert view.visible_cards().isdisjoint(hidden_from(state, 1))
    # 9C and 5S were never shown: seat 1's view names neither.
    secret = {c for c in state.hands[0] if CARD_CODE[c] in ("9C", "5S")}
    assert len(secret) == 2 and secret.isdisjoint(view.visible_cards())
    # Once played, a known card is no longer "known in hand".
    legal(state, "discard AS")
    assert codes(state.view_for(1).known[0]) == ["QC"]
    assert "AS" in codes(state.view_for(1).pile)


def test_view_carries_the_public_table() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {"7": ["7C", "7D", "7S"]}]
    state = pos(
        [["9C", "5S"], ["4C", "6D"]],
        pile=["QC", "2D", "8S"],
        melds=melds,
        red_threes=[["3H"], ["3D"]],
    )
    view = state.view_for(1)
    assert codes(view.pile) == ["2D", "8S", "QC"] and view.pile_freezers == 1
    assert codes(view.melds[0][9]) == ["KD", "KH", "KS"]
    assert codes(view.red_threes[1]) == ["3D"]
    assert view.opened == (True, True) and view.side == 1
    assert view.hand_sizes == (2, 2) and view.legal_moves == ()
    assert view.phase == "draw" and view.turn == 0 and view.mover == 0


def _view_field_by_field(state: HandState, seat: int) -> SeatView:
    """The view as the engine built it before its construction was sped up: every field
    copied one by one and passed to the dataclass's own ``__init__``."""
    known = tuple(
        frozenset(state.hands[s]) if s == seat else frozenset(state.known[s])
        for s in range(state.players)
    )
    return SeatView(
        seat=seat,
        rules=state.rules,
        turn=state.turn,
        mover=state.mover,
        phase=state.phase.value,
        hand=tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        known=known,
        shown=tuple(tuple(turns) for turns in state.shown),
        stock_size=len(state.stock),
        pile=tuple(state.pile),
        pile_freezers=state.pile_freezers,
        melds=(
            {k: tuple(v) for k, v in state.melds[0].items()},
            {k: tuple(v) for k, v in state.melds[1].items()},
        ),
        red_threes=(tuple(state.red_threes[0]), tuple(state.red_threes[1])),
        opened=(state.opened[0], state.opened[1]),
        side_scores=state.side_scores,
        opening_points=state.opening_points,
        waiting=tuple(state.waiting),
        turn_melded=state.turn_melded,
        permission=state.permission,
        legal_moves=tuple(state.legal_moves()) if state.mover == seat else (),
        out_of_play=tuple(state.out_of_play),
    )


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 4])
def test_fast_view_equals_the_field_by_field_view(preset: str, players: int) -> None:
    """make_view writes the slots directly; on every position of random play (every seat,
    the mover's legal moves included, ended hands too) it equals the SeatView built through
    ``__init__``, field for field, and owns its copies (a later move leaves it as it was)."""
    rules = PRESETS[preset].with_options(players=players)
    compared = 0
    for deal in range(3):
        state = HandState.deal(rules, deal)
        rng = random.Random(deal)
        while True:
            views = [state.view_for(seat) for seat in range(players)]
            for seat, view in enumerate(views):
                assert view == _view_field_by_field(state, seat)
                assert type(view) is SeatView
            compared += 1
            if state.ended:
                break
            before = _view_field_by_field(state, state.mover)
            state.apply(rng.choice(state.legal_moves()))
            assert views[before.seat] == before
    assert compared > 60


def test_fast_view_stays_frozen() -> None:
    view = HandState.deal(CLASSIC.with_options(players=2), 4).view_for(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = 1  # type: ignore[misc]
    assert dataclasses.replace(view, seat=1).seat == 1
