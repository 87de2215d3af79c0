"""The easy computer player: the rule-of-thumb player with no card memory and some slips.

It reads only its seat's view, and of that it ignores the cards the opponents are known
to hold (it does not remember what went into their hands with a taken pile). It plays
like :class:`~canasta.ai.heuristic.HeuristicPlayer` otherwise, with the slips a beginner
makes, each drawn from its own seeded random source:

* half of its discards are any card it does not mean to keep (not a wild card, not a
  black three), whatever the opponents have melded;
* it leaves a small pile (two to four cards) on the table one time in two;
* it never freezes the pile on purpose and never waits to go out.

One thing it never misses: a pile whose taking lets it go out this very turn (its side
has opened and, with the pile, the hand melds out with the canastas the side needs), as
a beginner sees that too. Going out after a stock draw is the rule-of-thumb player's.
"""

from __future__ import annotations

import random
from dataclasses import replace

from canasta.engine.cards import (
    BLACK_THREE,
    CARD_KIND,
    CARD_WILD,
    NUM_KINDS,
    is_wild_kind,
    kind_counts,
)
from canasta.engine.moves import Move, MoveType
from canasta.engine.reach import find_go_out
from canasta.engine.view import SeatView

from .heuristic import HeuristicPlayer
from .world import view_fingerprint

#: Share of discards made without thinking.
CARELESS_DISCARD = 0.5
#: Share of small piles (2-4 cards) left on the table.
MISSED_TAKE = 0.5


def take_goes_out(view: SeatView, take: Move) -> bool:
    """Whether taking the pile with ``take`` (a legal TAKE in ``view``) leaves a hand that
    can go out this turn: the side has opened, and the pile's cards and the hand can all
    be melded or laid off (all, or all but one then discarded) with the side holding the
    canastas the rules ask for to go out (``rules.canastas_to_go_out``; Hoyle: one
    canasta, two in the two-handed game). The top card and ``take.cards`` form or join the
    meld of the top card's kind, as the take does."""
    side = view.side
    if not view.opened[side] or not view.pile:
        return False
    top = view.pile[-1]
    counts = kind_counts(view.hand + view.pile)
    for card in (top, *take.cards):
        counts[CARD_KIND[card]] -= 1
    sizes = [0] * NUM_KINDS
    wilds = [0] * NUM_KINDS
    for kind, cards in view.melds[side].items():
        sizes[kind] = len(cards)
        wilds[kind] = sum(map(CARD_WILD.__getitem__, cards))
    kind = CARD_KIND[top]
    sizes[kind] += 1 + len(take.cards)
    wilds[kind] += sum(map(CARD_WILD.__getitem__, take.cards))
    rules = view.rules
    return find_go_out(counts, sizes, wilds, rules.wild_cap, rules.canastas_to_go_out) is not None


class EasyPlayer(HeuristicPlayer):
    """The easy level (see the module docstring).

    Args:
        seed: with the view, decides the slips (the same view and seed: the same move).
    """

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Move:
        """Return one of ``view.legal_moves``.

        Raises:
            ValueError: if the view offers no legal move.
        """
        if not view.legal_moves:
            raise ValueError(f"seat {view.seat} has no legal move to choose from")
        forgetful = replace(view, known=tuple(frozenset() for _ in view.known))
        rng = random.Random(self.seed * 1_000_003 + view_fingerprint(view))
        moves = view.legal_moves
        if view.phase == "draw":  # a pile that lets it go out is taken, slips or not
            finishing = [m for m in moves if m.type is MoveType.TAKE and take_goes_out(view, m)]
            if finishing:
                return min(finishing, key=lambda m: (sum(map(CARD_WILD.__getitem__, m.cards)),
                                                     len(m.cards)))  # fmt: skip
        if view.phase == "draw" and 2 <= len(view.pile) <= 4 and rng.random() < MISSED_TAKE:
            draws = [m for m in moves if m.type is MoveType.DRAW]
            if draws:
                return draws[0]
        move = super().choose(forgetful)
        if move.type is MoveType.DISCARD and rng.random() < CARELESS_DISCARD:
            careless = [
                m
                for m in moves
                if m.type is MoveType.DISCARD
                and not is_wild_kind(CARD_KIND[m.cards[0]])
                and CARD_KIND[m.cards[0]] != BLACK_THREE
            ]
            if careless:
                return rng.choice(careless)
        return move


__all__ = ["EasyPlayer", "take_goes_out"]
