"""Random legal playouts: 500 two-player and 500 four-player hands under many rule options,
and 60 hands under every preset.

After every move: all 108 cards are in exactly one place, no red three sits in a hand,
every meld has a legal shape, and the player to move has a legal move until the hand ends.
Every few moves every seat's view is checked for leaks. Every hand ends (never by the move
limit) and its score adds up, item by item and against the cards themselves.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta.engine import CLASSIC, PRESETS, EndReason, HandScore, HandState, MoveType, Phase
from canasta.engine.cards import BLACK_THREE, CARD_KIND, CARD_VALUE, RED_THREE, is_wild_kind
from canasta.engine.finish import find_finish

HANDS_PER_PLAYER_COUNT = 500
VIEW_EVERY = 5
DEAD_END_HANDS = 25  # hands in which every legal move is tried for a dead end
HANDS_PER_PRESET = 60
PRESET_DEAD_END_HANDS = 20

VARIANTS: dict[int, list[dict[str, Any]]] = {
    2: [
        {},
        {"draw_two": True},
        {"canastas_to_go_out_2p": 2},
        {"pile_always_frozen": True},
        {"max_wilds_per_meld": None},
        {"red_three_from_pile_replaced": True},
        {"red_three_last_card_ends": False, "draw_two": True},
    ],
    4: [
        {},
        {"ask_permission": True},
        {"ask_permission": True, "pile_always_frozen": True},
        {"max_wilds_per_meld": None},
        {"red_three_from_pile_replaced": True},
        {"draw_two": True, "canastas_to_go_out_2p": 2},
    ],
}
SIDE_SCORES = (-300, 0, 1600, 3200)


def check_places(state: HandState) -> None:
    cards = [c for place in state.cards_in_places() for c in place]
    assert len(cards) == 108 and set(cards) == set(range(108))
    for hand in state.hands:
        assert all(CARD_KIND[c] != RED_THREE for c in hand)
    cap = state.rules.wild_cap
    for side in (0, 1):
        assert all(CARD_KIND[c] == RED_THREE for c in state.red_threes[side])
        for kind, meld in state.melds[side].items():
            wild = sum(1 for c in meld if is_wild_kind(CARD_KIND[c]))
            assert all(CARD_KIND[c] in (kind,) or is_wild_kind(CARD_KIND[c]) for c in meld)
            assert len(meld) >= 3 and len(meld) - wild >= 2 and wild <= len(meld) - wild
            assert wild <= cap and state.msize[side][kind] == len(meld)
            assert state.mwild[side][kind] == wild
            if kind == BLACK_THREE:  # only as the going-out play: at most a discard left
                assert wild == 0 and len(meld) in (3, 4)
                assert state.ended or len(state.hands[state.turn]) == 1
                assert state.ended or not state.rules.black_threes_last


def check_views(state: HandState, public: set[int]) -> None:
    for seat in range(state.players):
        view = state.view_for(seat)
        assert view.hand == tuple(state.hands[seat])
        hidden = set(state.stock)
        for other in range(state.players):
            if other != seat:
                assert view.known[other] <= set(state.hands[other]) & public
                hidden |= set(state.hands[other]) - view.known[other]
        assert view.visible_cards().isdisjoint(hidden)
        if seat == state.mover and not state.ended:
            assert view.legal_moves
        else:
            assert view.legal_moves == ()


def expected_total(state: HandState, side: int) -> int:
    """The side's hand score worked out from the cards, independently of scoring.py."""
    rules = state.rules
    melds = list(state.melds[side].values())
    total = sum(CARD_VALUE[c] for meld in melds for c in meld)
    for meld in melds:
        if len(meld) >= 7:
            mixed = any(is_wild_kind(CARD_KIND[c]) for c in meld)
            total += rules.mixed_canasta_bonus if mixed else rules.natural_canasta_bonus
    threes = len(state.red_threes[side])
    if melds:
        total += rules.all_red_threes_bonus if threes == 4 else threes * rules.red_three_bonus
    else:
        total -= rules.all_red_threes_penalty if threes == 4 else threes * rules.red_three_bonus
    if state.went_out >= 0 and state.went_out % 2 == side:
        total += rules.concealed_bonus if state.concealed else rules.going_out_bonus
    for seat in range(side, state.players, 2):
        total -= sum(CARD_VALUE[c] for c in state.hands[seat])
    return total


def check_score(state: HandState, score: HandScore) -> None:
    for side in (0, 1):
        item = score.sides[side]
        assert item.total == (
            item.melded + item.canasta_bonus + item.red_three_points + item.going_out
            + item.in_hand
        )  # fmt: skip
        assert item.total == expected_total(state, side)
        assert item.red_threes == len(state.red_threes[side])
    if state.end_reason is EndReason.WENT_OUT:
        out = state.went_out
        assert state.hands[out] == [] and state.waiting == []
        assert state.canastas(out % 2) >= state.rules.canastas_to_go_out
        assert score.sides[out % 2].going_out in (
            state.rules.going_out_bonus,
            state.rules.concealed_bonus,
        )
        assert score.sides[1 - out % 2].going_out == 0
    else:
        assert state.end_reason is EndReason.STOCK_EXHAUSTED
        assert state.went_out == -1 and not state.concealed
        assert score.sides[0].going_out == score.sides[1].going_out == 0


def check_no_dead_end(state: HandState) -> None:
    for move in state.legal_moves():
        after = state.copy()
        after.apply(move)
        assert after.ended or after.legal_moves(), f"dead end after {move.text()}"


def check_finish(state: HandState) -> None:
    """A finish the search finds is legal as a whole and goes out."""
    if state.phase is not Phase.PLAY:
        return
    plan = find_finish(state)
    if isinstance(plan, list):
        after = state.copy()
        after.play_all(plan)
        assert after.ended and after.end_reason is EndReason.WENT_OUT


def choose(state: HandState, rng: random.Random, lazy: bool, eager: bool = False) -> Any:
    moves = state.legal_moves()
    assert moves, f"no legal move for seat {state.mover} in {state.phase}"
    if eager:  # meld and lay off whatever can go down, taking the pile when possible
        busy = [m for m in moves if m.type in (MoveType.MELD, MoveType.LAYOFF, MoveType.TAKE)]
        if busy:
            return max(busy, key=lambda m: (len(m.cards), rng.random()))
    if lazy and rng.random() < 0.85:
        quiet = [m for m in moves if m.type in (MoveType.DRAW, MoveType.DISCARD)]
        if quiet:
            return rng.choice(quiet)
    return rng.choice(moves)


def play_hand(
    rules: Any, number: int, rng: random.Random, dead_ends: bool, eager: bool = False
) -> HandState:
    scores = (rng.choice(SIDE_SCORES), rng.choice(SIDE_SCORES))
    state = HandState.deal(rules, number, dealer=number % rules.players, side_scores=scores)
    state.keep_snapshots = False
    lazy = rng.random() < 0.4
    public: set[int] = set()
    check_places(state)
    moves = 0
    while not state.ended:
        public |= set(state.pile) | set(state.waiting)
        if moves % VIEW_EVERY == 0:
            check_views(state, public)
        if dead_ends:
            check_no_dead_end(state)
            check_finish(state)
        move = choose(state, rng, lazy, eager)
        if move.type is MoveType.DISCARD and not state.rules.wild_discard_allowed:
            hand = state.hands[state.turn]
            wild = is_wild_kind(CARD_KIND[move.cards[0]])
            assert not wild or all(is_wild_kind(CARD_KIND[c]) for c in hand)
        state.play(move)
        moves += 1
        assert moves < 2000
        check_places(state)
    assert state.end_reason in (EndReason.WENT_OUT, EndReason.STOCK_EXHAUSTED)
    check_views(state, public | set(state.pile))
    check_score(state, state.score())
    return state


#: (hands, dead-end hands): the full sizes run under the ``slow`` marker (CI); the quick
#: run plays the first hands of the same seeded sequence, fewer of them dead-end hands
#: (where every legal move is tried: most of the time goes there).
SIZES = [pytest.param(HANDS_PER_PLAYER_COUNT, DEAD_END_HANDS, marks=pytest.mark.slow, id="full"),
         pytest.param(HANDS_PER_PLAYER_COUNT // 5, 4, id="quick")]  # fmt: skip
PRESET_SIZES = [
    pytest.param(HANDS_PER_PRESET, PRESET_DEAD_END_HANDS, marks=pytest.mark.slow, id="full"),
    pytest.param(HANDS_PER_PRESET // 2, 4, id="quick"),
]


@pytest.mark.parametrize(("hands", "dead_ends"), SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_random_legal_playouts(players: int, hands: int, dead_ends: int) -> None:
    rng = random.Random(players * 1000 + 1)
    variants = VARIANTS[players]
    ends = {EndReason.WENT_OUT: 0, EndReason.STOCK_EXHAUSTED: 0}
    for i in range(hands):
        rules = CLASSIC.with_options(players=players, **variants[i % len(variants)])
        state = play_hand(rules, 10_000 * players + i, rng, dead_ends=i < dead_ends)
        assert state.end_reason is not None
        ends[state.end_reason] += 1
    # Both ways of ending a hand occur in these playouts (a tenth of them each at least).
    least = hands // 10
    assert ends[EndReason.WENT_OUT] > least and ends[EndReason.STOCK_EXHAUSTED] > least
    assert sum(ends.values()) == hands


@pytest.mark.parametrize(("hands", "dead_ends"), PRESET_SIZES)
@pytest.mark.parametrize("name", list(PRESETS))
def test_random_legal_playouts_under_every_preset(name: str, hands: int, dead_ends: int) -> None:
    rng = random.Random(sum(map(ord, name)))
    preset = PRESETS[name]
    ends = {EndReason.WENT_OUT: 0, EndReason.STOCK_EXHAUSTED: 0}
    for i in range(hands):
        # Classic is played by two or four; the other presets name their players.
        rules = preset.with_options(players=2 + 2 * (i % 2)) if name == "Classic" else preset
        # Every third hand melds eagerly, so that going out happens under every preset.
        state = play_hand(rules, 77_000 + i, rng, dead_ends=i < dead_ends, eager=i % 3 == 2)
        assert state.end_reason is not None
        ends[state.end_reason] += 1
    least = hands // 12  # 5 of 60 hands, 2 of 30
    assert ends[EndReason.WENT_OUT] > least and ends[EndReason.STOCK_EXHAUSTED] > least
