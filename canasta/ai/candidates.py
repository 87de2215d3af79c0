"""Which discard the sampled worlds' next player could take the pile with.

The hard level (:mod:`canasta.ai.hard`) searches whole-turn plans against the tracking
player's own plan, which is kept unless another measures better. Under a big unfrozen pile
the own plan's discard may be one the next player can take the pile with in many of the
worlds the search samples, while another plan's discard is safe. :func:`take_rates` counts,
over sampled worlds, how often the next player's hand can take the pile with a discard of
each kind (docs/rules.md#taking-the-pile: an unfrozen pile with a natural
pair or a natural and a wild card of the top card's rank, or onto a meld of that rank; a
frozen one with a natural pair), and :func:`safest_first` puts the plan whose discard is
taken least often first, so it is the plan the others must beat.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.cards import CARD_KIND, JOKER, NATURAL_KINDS, NUM_KINDS, TWO
from canasta.engine.moves import Move, MoveType
from canasta.engine.state import HandState
from canasta.engine.view import SeatView

#: A pile at least this long (cards, before the discard) makes the safest plan the default.
SAFE_PILE = 8
#: How much more often (share of worlds) the own plan's discard must be taken than the
#: safest plan's before the safest plan becomes the default.
SAFE_MARGIN = 0.25
#: Worlds :func:`take_rates` reads for that choice (the search's first world among them).
SAFE_WORLDS = 24


def take_rates(view: SeatView, worlds: Sequence[HandState]) -> list[float]:
    """For each kind (15 entries), the share of ``worlds`` (0..1) in which the next player
    could take the pile if a card of that kind were discarded now.

    Only natural kinds can be taken (a black three blocks, a wild card freezes): the others
    get 0. A kind the next player's side has melded counts as taken in every world while
    the pile is unfrozen for that side. Raises ZeroDivisionError for no worlds.
    """
    rules = view.rules
    nxt = (view.seat + 1) % rules.players
    side = nxt % 2
    frozen = rules.pile_always_frozen or view.pile_freezers > 0 or not view.opened[side]
    melded = set(view.melds[side]) if not frozen else set()
    rates = [0.0] * NUM_KINDS
    for world in worlds:
        counts = [0] * NUM_KINDS
        for card in world.hands[nxt]:
            counts[CARD_KIND[card]] += 1
        wild = counts[TWO] + counts[JOKER]
        for kind in NATURAL_KINDS:
            pair = counts[kind] >= 2
            if pair or (not frozen and (kind in melded or (counts[kind] and wild))):
                rates[kind] += 1
    return [r / len(worlds) for r in rates]


def discard_kind(moves: Sequence[Move], hand: int) -> int:
    """The kind (0..14) a plan ends by discarding, or -1 (no discard, or it goes out).

    ``hand``: cards in hand before the plan.
    """
    if not moves or moves[-1].type is not MoveType.DISCARD:
        return -1
    used = sum(len(m.cards) for m in moves if m.type is not MoveType.TAKE)
    return -1 if used >= hand else CARD_KIND[moves[-1].cards[0]]


def goes_out(moves: Sequence[Move], hand: int) -> bool:
    """Whether a plan plays out the whole hand (``hand``: cards in hand before it), so the
    player goes out; a plan ending in asking the partner does not."""
    used = sum(len(m.cards) for m in moves if m.type is not MoveType.TAKE)
    return used >= hand and moves[-1].type is not MoveType.ASK


def safest_first(rates: list[float], kinds: list[int]) -> int:
    """Index of the plan to put first: the first plan's own (0) unless another plan's
    discard (``kinds``: each plan's discarded kind, -1 for none) is taken at least
    :data:`SAFE_MARGIN` less often (``rates``: from :func:`take_rates`)."""

    def rate(kind: int) -> float:
        return rates[kind] if kind >= 0 else 0.0

    best = min(range(len(kinds)), key=lambda i: (rate(kinds[i]), i))
    return best if rate(kinds[0]) - rate(kinds[best]) >= SAFE_MARGIN else 0


__all__ = [
    "SAFE_MARGIN",
    "SAFE_PILE",
    "SAFE_WORLDS",
    "discard_kind",
    "goes_out",
    "safest_first",
    "take_rates",
]
