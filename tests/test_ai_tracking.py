"""Card tracking (canasta/ai/tracking.py): the fast counts and cached chances equal the
plain computations they replace, on every position of random play."""

from __future__ import annotations

import random
from math import comb

import pytest

from canasta.ai.tracking import (
    chance_holds,
    chance_holds_wild,
    holds_chance,
    known_kind_counts,
    unknown_slots,
    unseen_cards,
    unseen_kind_counts,
)
from canasta.engine import CLASSIC, HandState
from canasta.engine.cards import CARD_KIND, FOUR, JOKER, KING, NUM_KINDS, TWO, kind_counts
from canasta.engine.view import SeatView


def _plain_holds(view: SeatView, seat: int, kind: int, at_least: int) -> float:
    """The hypergeometric tail written out (no cache), as chance_holds computed it."""
    unseen = kind_counts(unseen_cards(view))
    have = sum(1 for c in view.known[seat] if CARD_KIND[c] == kind)
    need = at_least - have
    if need <= 0:
        return 1.0
    slots = view.hand_sizes[seat] - len(view.known[seat])
    total, good = sum(unseen), unseen[kind]
    if need > slots or need > good or total <= 0:
        return 0.0
    slots = min(slots, total)
    miss = 0.0
    for k in range(need):
        miss += comb(good, k) * comb(total - good, slots - k) / comb(total, slots)
    return max(0.0, 1.0 - miss)


def _plain_wild(view: SeatView, seat: int) -> float:
    unseen = kind_counts(unseen_cards(view))
    known = known_kind_counts(view, seat)
    if known[TWO] + known[JOKER]:
        return 1.0
    total = sum(unseen)
    slots = min(unknown_slots(view, seat), total)
    if slots <= 0 or total <= 0:
        return 0.0
    return 1.0 - comb(total - unseen[TWO] - unseen[JOKER], slots) / comb(total, slots)


@pytest.mark.parametrize("players", [2, 4])
def test_counts_and_chances_equal_the_plain_formulas(players: int) -> None:
    rules = CLASSIC.with_options(players=players)
    checked = 0
    for deal in range(2):
        state = HandState.deal(rules, deal)
        rng = random.Random(deal)
        while not state.ended:
            view = state.view_for(state.mover)
            unseen = unseen_kind_counts(view)
            assert unseen == kind_counts(unseen_cards(view))
            assert sum(unseen) == len(unseen_cards(view))
            for other in range(players):
                if other == view.seat:
                    continue
                assert chance_holds_wild(view, other, unseen) == _plain_wild(view, other)
                known = known_kind_counts(view, other)
                slots, total = unknown_slots(view, other), sum(unseen)
                for kind in range(NUM_KINDS):
                    for at_least in (1, 2):
                        plain = _plain_holds(view, other, kind, at_least)
                        assert chance_holds(view, other, kind, at_least, unseen) == plain
                        need = at_least - known[kind]
                        assert holds_chance(need, slots, total, unseen[kind]) == plain
                        checked += 1
            state.apply(rng.choice(state.legal_moves()))
    assert checked > 1000


def test_a_worked_chance() -> None:
    """One opponent with 15 unknown cards (two players), 40 unseen of which 6 are Kings:
    the chance it holds two or more is 1 - [C(34,15) + 6 * C(34,14)] / C(40,15) = 0.7462."""
    state = HandState.deal(CLASSIC.with_options(players=2), 0)
    view = state.view_for(0)
    unseen = [0] * NUM_KINDS
    unseen[KING], unseen[FOUR] = 6, 34  # 6 Kings and 34 other cards
    expected = 1 - (comb(34, 15) + 6 * comb(34, 14)) / comb(40, 15)
    assert view.hand_sizes[1] == 15 and not view.known[1]
    assert chance_holds(view, 1, KING, 2, unseen) == pytest.approx(expected, rel=1e-12)
    assert chance_holds(view, 1, KING, 2, unseen) == pytest.approx(0.7462, abs=1e-4)
    assert chance_holds(view, 1, KING, 7, unseen) == 0.0  # only 6 unseen
