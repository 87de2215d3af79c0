"""The go-out search (reach.py): its shortcut for cards that can only be the discard."""

from __future__ import annotations

import random

from canasta.engine.cards import ACE, FIVE, JOKER, KING, NATURAL_KINDS, NUM_KINDS, SEVEN, TWO
from canasta.engine.reach import (
    GoOutPlan,
    _meld_everything,
    canastas_short,
    find_go_out,
    max_meld_points_keeping,
)


def _every_option(
    counts: list[int],
    sizes: list[int],
    wilds: list[int],
    cap: int,
    needed: int,
    allow_discard: bool,
    wild_discard: bool,
    black_threes_last: bool,
) -> GoOutPlan | None:
    """find_go_out without its shortcut: every final discard tried in turn."""
    options = [-1]
    if allow_discard:
        options += [
            k for k in range(NUM_KINDS) if counts[k] and (wild_discard or k not in (TWO, JOKER))
        ]
    for discard in options:
        hand = list(counts)
        if discard >= 0:
            hand[discard] -= 1
            if black_threes_last and hand[11]:
                continue
        plan = _meld_everything(hand, sizes, wilds, cap, needed)
        if plan is not None:
            return GoOutPlan(tuple(plan[0]), tuple(plan[1]), discard)
    return None


def test_shortcut_gives_the_same_plan_as_trying_every_discard() -> None:
    rng = random.Random(13)
    found = lonely_found = short = 0
    for _ in range(3000):
        counts = [0] * NUM_KINDS
        for _ in range(rng.randint(1, 9)):
            counts[rng.choice([*NATURAL_KINDS, 11, TWO, JOKER])] += 1
        sizes = [0] * NUM_KINDS
        wilds = [0] * NUM_KINDS
        for kind in rng.sample(NATURAL_KINDS, rng.randint(0, 4)):
            sizes[kind] = rng.randint(3, 8)
            wilds[kind] = rng.randint(0, min(3, sizes[kind] - 2))
        args = (rng.choice([3, 99]), rng.choice([1, 2]))
        flags = (rng.random() < 0.8, rng.random() < 0.5, rng.random() < 0.3)
        got = find_go_out(
            counts, sizes, wilds, *args, flags[0], wild_discard=flags[1], black_threes_last=flags[2]
        )
        assert got == _every_option(counts, sizes, wilds, *args, *flags)
        found += got is not None
        lonely = sum(1 for k in NATURAL_KINDS if counts[k] == 1 and not sizes[k])
        lonely_found += lonely == 1 and got is not None
        # Too few kinds can reach a canasta: no plan, and no discard changes that.
        if canastas_short(counts, sizes, args[1]):
            short += 1
            assert (
                got is None
                and _every_option(counts, sizes, wilds, *args, True, True, False) is None
            )
    assert found > 150 and lonely_found > 30 and short > 1000


def test_a_lone_card_is_the_discard() -> None:
    """K K K, 7 with no meld of sevens: the only way out melds the Kings, discards the 7."""
    counts = [0] * NUM_KINDS
    counts[KING], counts[SEVEN] = 3, 1
    plan = find_go_out(counts, [0] * NUM_KINDS, [0] * NUM_KINDS, 3, 0)
    assert plan == GoOutPlan((), ((KING, 3, 0, 0),), SEVEN)
    counts[SEVEN + 1] = 1  # a lone 8 too: two lone cards, no way out
    assert find_go_out(counts, [0] * NUM_KINDS, [0] * NUM_KINDS, 3, 0) is None
    assert find_go_out(counts, [0] * NUM_KINDS, [0] * NUM_KINDS, 3, 0, allow_discard=False) is None


def test_most_points_melded_worked_examples() -> None:
    none = [0] * NUM_KINDS
    # K K K, 7 7, a joker and a two, no melds on the table (wild cap 3): the Kings meld
    # (3 x 10 = 30, room for 3 wild cards), the Sevens pair takes a wild card (2 x 5 = 10,
    # room 2 more), and both wild cards fit (50 + 20 = 70): 30 + 10 + 70 = 110 points.
    counts = [0] * NUM_KINDS
    counts[KING], counts[SEVEN], counts[JOKER], counts[TWO] = 3, 2, 1, 1
    assert max_meld_points_keeping(counts, none, none, 3, 0) == 110
    # A A, 5 5 and one two: the best pair gets the only wild card (Aces, 2 x 20 = 40, then
    # the two in the room it made, 20); the Fives stay in hand: 60 points.
    counts = [0] * NUM_KINDS
    counts[ACE], counts[FIVE], counts[TWO] = 2, 2, 1
    assert max_meld_points_keeping(counts, none, none, 3, 0) == 60
    # Keeping two cards of those five: the Aces with the two (60) leave the Fives in hand.
    assert max_meld_points_keeping(counts, none, none, 3, 2) == 60
    # Keeping three of the five leaves two cards to meld, and no meld is two cards: 0.
    assert max_meld_points_keeping(counts, none, none, 3, 3) == 0
