"""Scoring a hand (docs/rules.md#scoring, with the values of docs/rules.md#card-values).

Each side scores the card values of everything it melded, 500 for each natural canasta and
300 for each mixed one, 100 for each red three (800 for all four; against a side that has
no meld when the hand ends), 100 for going out (200 concealed), and loses the card values
left in its players' hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import CARD_VALUE, CARD_WILD, cards_value
from .core import CANASTA_SIZE

if TYPE_CHECKING:
    from .state import HandState


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's points for a hand, item by item (all in points).

    Attributes:
        melded: card values of every melded card.
        natural_canastas: number of canastas without wild cards.
        mixed_canastas: number of canastas with wild cards.
        canasta_bonus: 500 per natural and 300 per mixed canasta.
        red_threes: number of red threes laid out.
        red_three_points: their bonus, negative when the side never melded.
        going_out: 100 for going out, 200 concealed, else 0.
        in_hand: card values left in the side's hands, as a negative number (or 0).
    """

    melded: int
    natural_canastas: int
    mixed_canastas: int
    canasta_bonus: int
    red_threes: int
    red_three_points: int
    going_out: int
    in_hand: int

    @property
    def total(self) -> int:
        """The hand's points for this side: the sum of every item."""
        return (
            self.melded + self.canasta_bonus + self.red_three_points + self.going_out
            + self.in_hand
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class HandScore:
    """Both sides' scores for a hand: ``sides[0]`` and ``sides[1]``."""

    sides: tuple[SideScore, SideScore]

    @property
    def totals(self) -> tuple[int, int]:
        """The two sides' hand totals (points)."""
        return self.sides[0].total, self.sides[1].total


def score_side(state: HandState, side: int) -> SideScore:
    """Score one side of a hand as it stands (normally once it has ended)."""
    rules = state.rules
    melded = 0
    natural = mixed = 0
    # map over the card tables, not generators: the searching levels score every play-out.
    value, wild = CARD_VALUE.__getitem__, CARD_WILD.__getitem__
    for cards in state.melds[side].values():
        melded += sum(map(value, cards))
        if len(cards) >= CANASTA_SIZE:
            if any(map(wild, cards)):
                mixed += 1
            else:
                natural += 1
    bonus = natural * rules.natural_canasta_bonus + mixed * rules.mixed_canasta_bonus
    threes = len(state.red_threes[side])
    if state.melds[side]:
        three_points = rules.all_red_threes_bonus if threes == 4 else threes * rules.red_three_bonus
    else:
        penalty = rules.all_red_threes_penalty if threes == 4 else threes * rules.red_three_bonus
        three_points = -penalty
    going_out = 0
    if state.went_out >= 0 and state.went_out % 2 == side:
        going_out = rules.concealed_bonus if state.concealed else rules.going_out_bonus
    in_hand = -sum(cards_value(state.hands[seat]) for seat in range(side, state.players, 2))
    return SideScore(melded, natural, mixed, bonus, threes, three_points, going_out, in_hand)


def score_hand(state: HandState) -> HandScore:
    """Score both sides of a hand."""
    return HandScore((score_side(state, 0), score_side(state, 1)))
