"""Moves and their one-line text forms.

A move names the physical cards it uses (card identities), so the screen knows which
sprite travels. Text forms use card codes; parsing a text form against a position picks
matching cards from the mover's hand (see :func:`canasta.engine.state.HandState.parse_move`).

Text forms::

    draw                     draw from the stock (one card, or two with "draw two")
    decline                  the stock is empty: decline the pile, which ends the hand
                             (Classic, docs/rules.md#empty-stock)
    take                     take the pile, laying its top card off on your side's meld
    take 7H 7D               take the pile, melding its top card with these cards
    meld 7H 7D 2C            a new meld of one rank
    layoff 7 7S 2H           add cards to your side's meld of 7s (rank first: A K ... 4, 3)
    discard 5H               discard a card (ends the turn; the last card goes out)
    ask                      ask your partner "may I go out?" (four players, option on)
    yes / no                 the partner's binding answer
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from .cards import CARD_CODE, KIND_RANK


class MoveType(Enum):
    """What a move does."""

    DRAW = "draw"
    DECLINE = "decline"
    TAKE = "take"
    MELD = "meld"
    LAYOFF = "layoff"
    DISCARD = "discard"
    ASK = "ask"
    YES = "yes"
    NO = "no"


#: Looked up once (CPython 3.11 looks an enum member up on its class through a descriptor).
_LAYOFF = MoveType.LAYOFF


class Move(NamedTuple):
    """One move: an immutable value, equal to another of the same type, cards and target.

    ``repr`` and ``str`` give its text form (``Move(layoff K KS 2H)`` and ``layoff K KS 2H``);
    it is a named tuple, which keeps the legal move lists cheap to build.

    Attributes:
        type: what the move does.
        cards: card identities from the mover's hand, in the order given (empty for draw,
            ask, yes, no and for a take that lays the top card off).
        target: for a lay-off, the kind of the meld (see :mod:`canasta.engine.cards`);
            -1 otherwise.
    """

    type: MoveType
    cards: tuple[int, ...] = ()
    target: int = -1

    def text(self) -> str:
        """Return the one-line text form, e.g. ``"layoff K KS 2H"``."""
        t = self.type
        # ``_value_`` is the member's plain attribute; ``.value`` is a descriptor call.
        head: str = t._value_ if t is not _LAYOFF else f"layoff {KIND_RANK[self.target]}"
        if not self.cards:
            return head
        return head + " " + " ".join([CARD_CODE[c] for c in self.cards])

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move({self.text()})"


def draw() -> Move:
    """The stock draw."""
    return Move(MoveType.DRAW)


def take(*cards: int) -> Move:
    """Take the pile, melding its top card with ``cards`` (none: lay it off)."""
    return Move(MoveType.TAKE, tuple(cards))


def meld(*cards: int) -> Move:
    """Start a new meld with ``cards``."""
    return Move(MoveType.MELD, tuple(cards))


def layoff(target: int, *cards: int) -> Move:
    """Add ``cards`` to the side's meld of kind ``target``."""
    return Move(MoveType.LAYOFF, tuple(cards), target)


def discard(card: int) -> Move:
    """Discard ``card``."""
    return Move(MoveType.DISCARD, (card,))


ASK = Move(MoveType.ASK)
YES = Move(MoveType.YES)
NO = Move(MoveType.NO)
DRAW = Move(MoveType.DRAW)
DECLINE = Move(MoveType.DECLINE)
