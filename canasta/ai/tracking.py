"""Card tracking from one seat's view: what is still unseen, and what each hand may hold.

Everything here reads only a :class:`~canasta.engine.view.SeatView` (or the searching
levels' :class:`~canasta.ai.seat.LiveView` of a world they sampled, which shows the same
parts; :class:`~canasta.ai.seat.SeatLike`): the seat's own hand,
the table (melds, red threes), the discard pile (every card in it was face up), the cards
waiting beside the table, each hand's size, and the cards each player is known to hold
because they went into that hand with a taken pile. The rest of the deck is *unseen*:
somewhere in the other hands or the stock.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from math import comb

from canasta.engine.cards import CARD_KIND, DECK_SIZE, JOKER, NUM_KINDS, TWO, kind_counts
from canasta.engine.view import SeatView

from .seat import SeatLike

#: Cards of each kind in the deck (15 counts).
DECK_KIND_COUNTS = tuple(kind_counts(range(DECK_SIZE)))


def seen_cards(view: SeatView) -> set[int]:
    """Every card identity the seat can see or is known to be in a given hand."""
    return view.visible_cards()


def unseen_cards(view: SeatView) -> list[int]:
    """Card identities the seat cannot place: in another hand (unknown) or in the stock.

    Returns them in ascending order, so the result depends on the view alone.
    """
    seen = seen_cards(view)
    return [c for c in range(DECK_SIZE) if c not in seen]


def unseen_kind_counts(view: SeatLike) -> list[int]:
    """How many cards of each kind (15 counts) are unseen by the seat.

    The same counts as ``kind_counts(unseen_cards(view))``, taken as the deck's counts less
    the seen cards' (fewer cards to count), place by place without gathering them into a
    set: a view shows each card in one place only, and the seat's own known cards are its
    hand (the searching levels' play-outs ask this of every view they discard from).
    """
    counts = list(DECK_KIND_COUNTS)
    kind = CARD_KIND
    seat = view.seat
    places: list[Iterable[int]] = [view.hand, view.pile, view.waiting, view.out_of_play]
    places += view.red_threes
    places += [known for other, known in enumerate(view.known) if other != seat]
    places += [*view.melds[0].values(), *view.melds[1].values()]
    for cards in places:
        for card in cards:
            counts[kind[card]] -= 1
    return counts


def known_kind_counts(view: SeatLike, seat: int) -> list[int]:
    """Counts per kind of the cards ``seat`` is known to hold (from taken piles)."""
    return kind_counts(tuple(view.known[seat]))


def unknown_slots(view: SeatLike, seat: int) -> int:
    """How many of ``seat``'s cards the viewing seat cannot name."""
    return view.hand_sizes[seat] - len(view.known[seat])


def chance_holds(view: SeatLike, seat: int, kind: int, at_least: int, unseen: list[int]) -> float:
    """Chance that ``seat`` holds ``at_least`` cards of ``kind`` (known ones included).

    The unknown part of its hand is treated as a random draw, without replacement, from
    the unseen cards (a hypergeometric tail); ``unseen`` is :func:`unseen_kind_counts`.
    Returns a probability in [0, 1].
    """
    have = sum(1 for c in view.known[seat] if CARD_KIND[c] == kind)
    return holds_chance(at_least - have, unknown_slots(view, seat), sum(unseen), unseen[kind])


@lru_cache(maxsize=8192)
def holds_chance(need: int, slots: int, total: int, good: int) -> float:
    """Chance of ``need`` or more good cards among ``slots`` cards drawn without
    replacement from ``total`` unseen cards of which ``good`` are good: the hypergeometric
    tail behind :func:`chance_holds`, for a caller that asks it of many kinds of the same
    hand (1.0 when ``need`` <= 0; 0.0 when the draw cannot hold that many). Cached: the
    searching levels' play-outs ask the same few tails many thousand times.
    """
    if need <= 0:
        return 1.0
    if need > slots or need > good or total <= 0:
        return 0.0
    slots = min(slots, total)
    miss = 0.0
    denom = comb(total, slots)
    for k in range(need):
        miss += comb(good, k) * comb(total - good, slots - k) / denom
    return max(0.0, 1.0 - miss)


def chance_holds_wild(view: SeatLike, seat: int, unseen: list[int]) -> float:
    """Chance that ``seat`` holds at least one wild card (two or joker)."""
    return wild_chance(known_kind_counts(view, seat), unknown_slots(view, seat), unseen)


def wild_chance(known: list[int], slots: int, unseen: list[int]) -> float:
    """:func:`chance_holds_wild` from its parts: the counts per kind of the cards the seat
    is known to hold (:func:`known_kind_counts`), its unknown places
    (:func:`unknown_slots`) and the unseen counts, for a caller that has them already."""
    if known[TWO] + known[JOKER]:
        return 1.0
    total = sum(unseen)
    slots = min(slots, total)
    if slots <= 0 or total <= 0:
        return 0.0
    return _no_wild_miss(total, unseen[TWO] + unseen[JOKER], slots)


@lru_cache(maxsize=4096)
def _no_wild_miss(total: int, wild: int, slots: int) -> float:
    """Chance of at least one of ``wild`` cards among ``slots`` drawn from ``total``."""
    return 1.0 - comb(total - wild, slots) / comb(total, slots)


__all__ = [
    "NUM_KINDS",
    "chance_holds",
    "chance_holds_wild",
    "holds_chance",
    "known_kind_counts",
    "seen_cards",
    "unknown_slots",
    "unseen_cards",
    "unseen_kind_counts",
    "wild_chance",
]
