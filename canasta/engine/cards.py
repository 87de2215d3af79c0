"""Cards: identities, kinds, two-character codes and point values.

A Canasta deck is two standard 52-card decks plus four jokers: 108 cards. Every card keeps
an identity ``0..107`` (the screen animates identities); the rules only care about its
*kind*, so hands are also kept as counts per kind.

Identities: ``deck * 54 + suit * 13 + rank_index`` for the 52 suited cards of each deck
(``rank_index`` 0..12 is A, 2, 3, ..., K; ``suit`` 0..3 is clubs, diamonds, hearts, spades),
and ``deck * 54 + 52`` / ``deck * 54 + 53`` for the two jokers of each deck.

Kinds (``0..14``): the eleven natural ranks 4, 5, ..., K, A (kinds 0..10), the black three
(11), the red three (12), the two (13) and the joker (14).

Codes: rank then suit, ``AS``, ``TH``, ``7C``, ``2D``; jokers are ``JK``. Two cards of the
same rank and suit (one from each deck) share a code.

Card values (docs/rules.md#card-values): joker 50; ace and two 20; king to eight 10;
seven to four and the black three 5. A red three is a bonus card (100) and never counts as a
card value.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .speech import N_

DECK_SIZE: Final = 108
NUM_KINDS: Final = 15

SUITS: Final = "CDHS"
RANK_CHARS: Final = "A23456789TJQK"

# Kind numbers.
FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(11)
BLACK_THREE: Final = 11
RED_THREE: Final = 12
TWO: Final = 13
JOKER: Final = 14

NATURAL_KINDS: Final = tuple(range(11))
WILD_KINDS: Final = (TWO, JOKER)
MELDABLE_KINDS: Final = (*NATURAL_KINDS, BLACK_THREE)

#: Rank character of each kind ("3" for both threes, "2" for the two, "JK" for the joker).
KIND_RANK: Final = ("4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "3", "3", "2", "JK")
#: Plural names used in messages ("three Kings", "a meld of 7s").
#: English, the catalogue's keys: shown through ``speech._`` (the refusal messages translate
#: their string details themselves).
KIND_NAME: Final = (
    # TRANSLATORS: the plural name of a rank, as in "a meld of {rank}", "Only {rank} and wild
    # cards can go on the meld of {rank}", "Lay off 7♥ on the {rank}".
    N_("4s"), N_("5s"), N_("6s"), N_("7s"), N_("8s"), N_("9s"), N_("10s"), N_("Jacks"),
    N_("Queens"), N_("Kings"), N_("Aces"), N_("black 3s"), N_("red 3s"), N_("2s"),
    N_("jokers"),
)  # fmt: skip
#: Point value of each kind (red three: 0, it is scored as a bonus).
KIND_VALUE: Final = (5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 5, 0, 20, 50)

_RANK_TO_NATURAL_KIND: Final = {r: i for i, r in enumerate("456789TJQKA")}


def _build_tables() -> tuple[tuple[int, ...], tuple[str, ...]]:
    kinds: list[int] = []
    codes: list[str] = []
    for _deck in range(2):
        for suit in range(4):
            for rank_index in range(13):
                rank = RANK_CHARS[rank_index]
                codes.append(rank + SUITS[suit])
                if rank == "2":
                    kinds.append(TWO)
                elif rank == "3":
                    kinds.append(RED_THREE if SUITS[suit] in "DH" else BLACK_THREE)
                else:
                    kinds.append(_RANK_TO_NATURAL_KIND[rank])
        kinds.extend((JOKER, JOKER))
        codes.extend(("JK", "JK"))
    return tuple(kinds), tuple(codes)


_TABLES: Final = _build_tables()
#: ``CARD_KIND[card_id]`` is the kind of a card identity.
CARD_KIND: Final[tuple[int, ...]] = _TABLES[0]
#: ``CARD_CODE[card_id]`` is the two-character code of a card identity.
CARD_CODE: Final[tuple[str, ...]] = _TABLES[1]
#: ``CARD_VALUE[card_id]`` is the point value of a card identity.
CARD_VALUE: Final = tuple(KIND_VALUE[k] for k in CARD_KIND)
#: 1 for a wild card's identity (a two or a joker), else 0: ``sum(map(CARD_WILD.__getitem__,
#: cards))`` counts a meld's wild cards.
CARD_WILD: Final[tuple[int, ...]] = tuple(1 if k in WILD_KINDS else 0 for k in CARD_KIND)


def is_wild_kind(kind: int) -> bool:
    """Return True for the two and the joker (the wild cards)."""
    return kind >= TWO


def is_natural_kind(kind: int) -> bool:
    """Return True for the eleven natural ranks 4 to A (not threes, not wild cards)."""
    return kind <= ACE


def card_suit(card: int) -> str | None:
    """Return the suit letter (``C``, ``D``, ``H``, ``S``) of a card, or None for a joker."""
    code = CARD_CODE[card]
    return None if code == "JK" else code[1]


def is_red(card: int) -> bool:
    """Return True for hearts and diamonds, and for the second joker of each deck."""
    suit = card_suit(card)
    if suit is None:
        return card % 54 == 53
    return suit in "DH"


def normalise_code(code: str) -> str:
    """Return ``code`` in canonical form (upper case, ``10`` written ``T``, ``X`` for joker).

    Raises:
        ValueError: if ``code`` is not a card code.
    """
    text = code.strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if text in ("JK", "X", "JOKER", "*"):
        return "JK"
    if len(text) != 2 or text[0] not in RANK_CHARS or text[1] not in SUITS:
        raise ValueError(f"not a card code: {code!r} (expected e.g. AS, TH, 7C, 2D or JK)")
    return text


def cards_with_code(code: str) -> tuple[int, ...]:
    """Return the card identities that carry ``code`` (2 for suited cards, 4 for jokers).

    Raises:
        ValueError: if ``code`` is not a card code.
    """
    canonical = normalise_code(code)
    return tuple(c for c in range(DECK_SIZE) if CARD_CODE[c] == canonical)


def kind_of_rank_char(rank: str) -> int:
    """Return the meld kind named by a rank character (``4``..``A``, ``3`` = black three).

    Raises:
        ValueError: if ``rank`` names no meldable rank.
    """
    text = rank.strip().upper()
    if text == "10":
        text = "T"
    if text == "3":
        return BLACK_THREE
    if text in _RANK_TO_NATURAL_KIND:
        return _RANK_TO_NATURAL_KIND[text]
    raise ValueError(f"not a meldable rank: {rank!r} (expected 4-9, T, J, Q, K, A or 3)")


def kind_counts(cards: Iterable[int]) -> list[int]:
    """Return a list of 15 counts, one per kind, for a collection of card identities."""
    counts = [0] * NUM_KINDS
    for c in cards:
        counts[CARD_KIND[c]] += 1
    return counts


def cards_value(cards: list[int] | tuple[int, ...]) -> int:
    """Return the summed card values (points) of card identities."""
    return sum(map(CARD_VALUE.__getitem__, cards))
