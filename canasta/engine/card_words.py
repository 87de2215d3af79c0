"""Cards and moves in a player's words: ``10♦``, ``K♠``, ``Joker``, "Meld 7♥ 7♥ 2♦".

The two-character codes (``TD``, ``KS``, ``JK``) are the text form of files, records and
bug reports (:mod:`canasta.engine.cards`); what a player reads on screen names a card by
its rank and suit symbol instead, as printed on the card's corner.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import CARD_CODE, KIND_NAME
from .moves import Move, MoveType
from .speech import _

#: The suit symbol of each suit letter (clubs, diamonds, hearts, spades).
SUIT_SYMBOL: Final = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
_RANK_WORD: Final = {"T": "10"}


def card_name(card: int) -> str:
    """A card identity (0..107) as a player names it: ``"10♦"``, ``"K♠"``, ``"Joker"``.

    Raises:
        IndexError: if ``card`` is not a card identity.
    """
    code = CARD_CODE[card]
    if code == "JK":
        return _("Joker")
    return _RANK_WORD.get(code[0], code[0]) + SUIT_SYMBOL[code[1]]


def cards_name(cards: Iterable[int]) -> str:
    """Several cards, in the order given, separated by spaces: ``"7♥ 7♥ 2♦"``."""
    return " ".join(card_name(c) for c in cards)


def move_words(move: Move) -> str:
    """A move as a sentence a player reads, with no full stop: "Draw from the stock",
    "Take the pile with 7♥ 7♦", "Meld 7♥ 7♥ 2♦", "Lay off K♣ on the Kings",
    "Discard 10♦", "Ask partner: may I go out?", "Answer yes", "Answer no"."""
    cards = cards_name(move.cards)
    kind = move.type
    if kind is MoveType.DRAW:
        return _("Draw from the stock")
    if kind is MoveType.DECLINE:
        return _("Decline the pile, ending the hand")
    if kind is MoveType.TAKE:
        return _("Take the pile with {cards}").format(cards=cards) if cards else _("Take the pile")
    if kind is MoveType.MELD:
        return _("Meld {cards}").format(cards=cards)
    if kind is MoveType.LAYOFF:
        return _("Lay off {cards} on the {rank}").format(
            cards=cards, rank=_(KIND_NAME[move.target])
        )
    if kind is MoveType.DISCARD:
        return _("Discard {cards}").format(cards=cards)
    if kind is MoveType.ASK:
        return _("Ask partner: may I go out?")
    return _("Answer yes") if kind is MoveType.YES else _("Answer no")


__all__ = ["SUIT_SYMBOL", "card_name", "cards_name", "move_words"]
