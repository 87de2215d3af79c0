"""The engine's leaf: phases, end reasons, the canasta size and the meld's kind.

Every other engine module may import this one; it imports only :mod:`canasta.engine.cards`,
so the engine's import graph stays free of cycles (``tests/engine/test_shape.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import CARD_KIND, is_wild_kind

#: Cards in a canasta (docs/rules.md#canastas): a meld of seven or more.
CANASTA_SIZE = 7
#: Cards a meld has one short of a canasta.
NEAR_CANASTA_SIZE = CANASTA_SIZE - 1
#: Cards in a new meld at the least (docs/rules.md#melds).
MIN_MELD = 3
#: Natural cards a new meld needs at the least (docs/rules.md#melds).
MIN_NATURALS = 2
#: Black threes a meld of black threes has (three or four; docs/rules.md#black-threes).
BLACK_THREE_MELD_SIZES = (3, 4)


class Phase(Enum):
    """Where the hand is: the player to move must draw, play, answer, or the hand is over."""

    DRAW = "draw"
    PLAY = "play"
    ANSWER = "answer"
    ENDED = "ended"


class EndReason(Enum):
    """Why a hand ended."""

    WENT_OUT = "went_out"
    STOCK_EXHAUSTED = "stock_exhausted"
    MOVE_LIMIT = "move_limit"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a hand ended (python-chess's ``Outcome`` in Canasta's words).

    Attributes:
        reason: why it ended (went out, stock exhausted, or the safety move limit).
        went_out: the seat that went out, or -1.
        concealed: whether that seat went out concealed (Classic "Going out").
    """

    reason: EndReason
    went_out: int = -1
    concealed: bool = False

    @property
    def side(self) -> int:
        """The side that went out (0 or 1), or -1."""
        return self.went_out % 2 if self.went_out >= 0 else -1


def meld_kind(cards: tuple[int, ...] | list[int]) -> int:
    """Return the kind a set of meld cards forms: its first non-wild card's kind (-1: none)."""
    for card in cards:
        kind = CARD_KIND[card]
        if not is_wild_kind(kind):
            return kind
    return -1


__all__ = [
    "BLACK_THREE_MELD_SIZES",
    "CANASTA_SIZE",
    "MIN_MELD",
    "MIN_NATURALS",
    "NEAR_CANASTA_SIZE",
    "EndReason",
    "Outcome",
    "Phase",
    "meld_kind",
]
