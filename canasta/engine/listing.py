"""Listing the legal moves of the player to move (lazily, or as a list).

The list gives every move in a minimal form: melds and lay-offs per count of naturals with
zero, one or more wild cards (twos before jokers), pile takes in the shapes of
:func:`canasta.engine.legality.take_options`, discards once per kind; the cards a move uses
are the first ones of their kind in hand order. :func:`canasta.engine.legality.check_move`
accepts every other legal selection of cards too. Whether a move is legal is decided by the
``refuse_*`` rule checks of :mod:`canasta.engine.legality`; this module only skips the check
where its answer is known (see ``plain`` below), which a test compares with the checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from .cards import BLACK_THREE, CARD_KIND, DECK_SIZE, JOKER, NATURAL_KINDS, TWO
from .core import Phase
from .legality import (
    refuse_ask,
    refuse_decline,
    refuse_discard,
    refuse_draw,
    refuse_layoff,
    refuse_meld,
    take_options,
)
from .moves import ASK, DECLINE, DRAW, NO, YES, Move, MoveType

if TYPE_CHECKING:
    from .state import HandState

#: Builds a Move from its three fields without the named tuple's argument handling (the
#: move list makes many).
_MoveFields = tuple[MoveType, tuple[int, ...], int]
_make_move: Callable[[type[Move], _MoveFields], Move] = tuple.__new__

# Enum members bound to module names: CPython 3.11 looks a member up on its class through a
# descriptor, about 0.2 us a time, and the list is made for every move of every play-out.
_LAYOFF, _MELD = MoveType.LAYOFF, MoveType.MELD
_DRAW_PHASE, _ANSWER_PHASE, _ENDED = Phase.DRAW, Phase.ANSWER, Phase.ENDED

#: Every discard, and every lay-off of one natural card, as one Move per card identity made
#: once: moves are immutable values, so every list may hand out the same objects.
_DISCARDS = tuple(Move(MoveType.DISCARD, (card,)) for card in range(DECK_SIZE))
_ONE_NATURAL = tuple(Move(MoveType.LAYOFF, (card,), CARD_KIND[card]) for card in range(DECK_SIZE))

#: Kinds a meld can be of, in the order the move list gives them.
_MELD_KINDS = (*NATURAL_KINDS, BLACK_THREE)


def iter_legal_moves(s: HandState) -> Iterator[Move]:
    """Yield the legal moves of the player to move, one at a time (lazily).

    Order: the answer (yes, no); or the draw, the decline and the pile takes; or the melds
    and lay-offs by kind (4s to aces, then black threes), the discards by kind, and the
    question to the partner.
    """
    phase = s.phase
    if phase is _ENDED:
        return
    if phase is _ANSWER_PHASE:
        yield YES
        if not s.rules.partner_always_agrees:
            yield NO
        return
    if phase is _DRAW_PHASE:
        yield from _draw_moves(s)
        return
    seat, side = s.turn, s.side
    hand = s.hands[seat]
    counts = s.counts[seat]
    # Cards of each kind in hand order, so a move takes the first ones.
    by_kind = s.kinds[seat]
    # The common case needs no after-move search: an opened side, no answer to obey, two or
    # more cards left, and (where wild cards may not be discarded) a natural among them. Then
    # the turn can always end with a discard (finish_refusal returns None).
    plain = s.opened[side] and s.permission is None
    if counts[TWO] or counts[JOKER]:
        yield from _melds_with_wilds(s, by_kind, plain)
    else:
        yield from _natural_melds(s, by_kind, plain)
    # A discard leaving a card needs no check in the common case (see refuse_discard),
    # except a wild card where wild cards may not be discarded while another card is held.
    quick_discard = plain and len(hand) >= 2
    wild_ok = s.rules.wild_discard_allowed
    discards = _DISCARDS
    for kind, cards in enumerate(by_kind):
        if cards and (
            quick_discard
            and (wild_ok or kind not in (TWO, JOKER))
            or refuse_discard(s, kind) is None
        ):
            yield discards[cards[0]]
    if s.rules.asks_permission and refuse_ask(s) is None:
        yield ASK


def _natural_melds(s: HandState, by_kind: list[list[int]], plain: bool) -> Iterator[Move]:
    """The melds and lay-offs of a hand without wild cards: naturals of one kind each.

    The same moves, in the same order, as :func:`_melds_with_wilds` gives for such a hand
    (its only wild-card choice is none), without the wild-card bookkeeping.
    """
    melds = s.melds[s.side]
    size_now = len(s.hands[s.turn])
    make, layoff_type, meld_type = _make_move, _LAYOFF, _MELD
    for kind in _MELD_KINDS:
        naturals = by_kind[kind]
        if not naturals:
            continue
        c = len(naturals)
        if kind in melds:
            if kind == BLACK_THREE:
                continue
            for nat in range(1, c + 1):
                if (not plain or size_now - nat < 2) and refuse_layoff(
                    s, kind, nat, 0, 0
                ) is not None:
                    continue
                if nat == 1:
                    yield _ONE_NATURAL[naturals[0]]
                else:
                    yield make(Move, (layoff_type, tuple(naturals[:nat]), kind))
        elif c >= 3:
            for nat in range(3, c + 1):
                if (not plain or kind == BLACK_THREE or size_now - nat < 2) and refuse_meld(
                    s, kind, nat, 0, 0
                ) is not None:
                    continue
                yield make(Move, (meld_type, tuple(naturals[:nat]), -1))


def _melds_with_wilds(s: HandState, by_kind: list[list[int]], plain: bool) -> Iterator[Move]:
    """The melds and lay-offs of a hand holding wild cards, per kind, per count of naturals,
    per choice of wild cards (twos before jokers)."""
    side = s.side
    rules = s.rules
    cap = rules.wild_cap
    wild_ok = rules.wild_discard_allowed
    twos_in_hand, jokers_in_hand = by_kind[TWO], by_kind[JOKER]
    tw, jk = len(twos_in_hand), len(jokers_in_hand)
    wild_in_hand = tw + jk
    size_now = len(s.hands[s.turn])
    melds, msize, mwild = s.melds[side], s.msize[side], s.mwild[side]
    # Every choice of wild cards (twos before jokers) with its cards, in list order.
    wild_sets = [
        (t + j, t, j, (*twos_in_hand[:t], *jokers_in_hand[:j]))
        for t in range(tw + 1)
        for j in range(jk + 1)
    ]
    make, layoff_type, meld_type = _make_move, _LAYOFF, _MELD
    for kind in _MELD_KINDS:
        naturals = by_kind[kind]
        c = len(naturals)
        if kind in melds:
            if kind == BLACK_THREE:
                continue
            size, wild = msize[kind], mwild[kind]
            for nat in range(0, c + 1):
                # Room for wild cards once this lay-off's naturals are on the meld.
                room = min(cap, size + nat - wild) - wild
                if room < 0:
                    room = 0
                picked = tuple(naturals[:nat])
                for n_wild, twos, jokers, wild_cards in wild_sets:
                    if n_wild > room:
                        continue
                    used = nat + n_wild
                    if used == 0:
                        continue
                    left = size_now - used
                    if not (plain and left >= 2 and (wild_ok or left > wild_in_hand - n_wild)) and (
                        refuse_layoff(s, kind, nat, twos, jokers) is not None
                    ):
                        continue
                    yield make(Move, (layoff_type, picked + wild_cards, kind))
        elif c >= 2:
            wild_max = 0 if kind == BLACK_THREE else cap
            for nat in range(2, c + 1):
                most = min(wild_max, nat)
                picked = tuple(naturals[:nat])
                for n_wild, twos, jokers, wild_cards in wild_sets:
                    if n_wild > most:
                        continue
                    used = nat + n_wild
                    if used < 3:
                        continue
                    left = size_now - used
                    if not (
                        plain
                        and kind != BLACK_THREE
                        and left >= 2
                        and (wild_ok or left > wild_in_hand - n_wild)
                    ) and (refuse_meld(s, kind, nat, twos, jokers) is not None):
                        continue
                    yield make(Move, (meld_type, picked + wild_cards, -1))


def _draw_moves(s: HandState) -> list[Move]:
    """The moves of the draw phase: the draw, the decline, the pile takes (a short list)."""
    if s.stock:  # a draw is legal, and there is nothing to decline (row 18)
        moves = [DRAW]
    else:
        moves = [DRAW] if refuse_draw(s) is None else []
        if refuse_decline(s) is None:
            moves.append(DECLINE)
    moves += take_options(s)
    return moves


def legal_moves(s: HandState) -> list[Move]:
    """Return the legal moves of the player to move as a list (see :func:`iter_legal_moves`)."""
    if s.phase is _DRAW_PHASE:  # the same moves, without a generator for a short list
        return _draw_moves(s)
    return list(iter_legal_moves(s))
