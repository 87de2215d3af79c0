"""Drawing and taking the pile: which pile takes, draws and declines are legal, and why not.

Taking the discard pile and the empty stock (docs/rules.md#taking-the-pile,
docs/rules.md#frozen-pile, docs/rules.md#blocked-pile and docs/rules.md#empty-stock).
A take is checked like a meld (:func:`canasta.engine.legality.finish_refusal` decides
whether the turn can still be finished after it); the move list asks
:func:`take_options` for the takes in their minimal forms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    BLACK_THREE,
    CARD_KIND,
    JOKER,
    KIND_NAME,
    KIND_VALUE,
    NATURAL_KINDS,
    RED_THREE,
    TWO,
    is_wild_kind,
)
from .legality import finish_refusal, picture_after, refuse_shape
from .moves import Move, MoveType
from .refusals import Code, Refusal, refuse
from .speech import N_

if TYPE_CHECKING:
    from .hand import HandBase


# Bound once (CPython 3.11 looks an enum member up on its class through a descriptor).
_TAKE = MoveType.TAKE


def refuse_take(s: HandBase, nat: int, twos: int, jokers: int) -> Refusal | None:
    """Why taking the pile with these hand cards (melded with its top card) is refused.

    docs/rules.md#taking-the-pile, docs/rules.md#frozen-pile and docs/rules.md#blocked-pile:
    not with a wild card or red three on top, nor a black three on top; when frozen, only
    with a natural pair of the top card's rank; otherwise with a pair, a natural and a wild
    card, or onto the side's meld.
    """
    if not s.pile:
        return refuse(Code.PILE_EMPTY)
    side = s.side
    top = s.pile[-1]
    kind = CARD_KIND[top]
    if is_wild_kind(kind) or kind == RED_THREE:
        return refuse(Code.PILE_TOP_WILD)
    if kind == BLACK_THREE:
        return refuse(Code.PILE_TOP_BLACK_THREE)
    rank = KIND_NAME[kind]
    wild = twos + jokers
    exists = kind in s.melds[side]
    if s.pile_frozen_for(side):
        if nat < 2:
            if s.rules.pile_always_frozen:
                reason = N_(" (pile always frozen)")
            elif s.pile_freezers:
                reason = N_(" by a wild card or red three in it")
            else:
                reason = N_(" until your side opens")
            return refuse(Code.PILE_FROZEN_NEEDS_PAIR, rank=rank, reason=reason)
    elif not exists:
        if not s.rules.take_with_natural_and_wild:
            if nat < 2 and s.rules.take_onto_meld_needs_natural:
                return refuse(Code.PILE_NEEDS_PAIR_OR_NATURAL, rank=rank)
            if nat < 2:
                return refuse(Code.PILE_NEEDS_PAIR, rank=rank)
        elif nat < 1 or nat + 1 + wild < 3:
            return refuse(Code.PILE_NEEDS_MELD, rank=rank)
    elif nat < 1 and s.rules.take_onto_meld_needs_natural:
        return refuse(Code.PILE_NEEDS_NATURAL, rank=rank)
    size = s.msize[side][kind]
    on_table_wild = s.mwild[side][kind]
    shape = refuse_shape(size - on_table_wild + nat + 1, on_table_wild + wild, s.rules.wild_cap)
    if shape is not None:
        return shape
    if s.opened[side] and s.permission is None:
        # The common case: two or more cards left (a natural among them where wild cards
        # may not be discarded), so the turn can end with a discard (finish_refusal: None).
        hand = s.counts[s.turn]
        left = len(s.hands[s.turn]) - nat - wild
        if left >= 2 and (s.rules.wild_discard_allowed or left > hand[TWO] + hand[JOKER] - wild):
            return None
    counts, sizes, wilds = picture_after(s, kind, nat, twos, jokers)
    sizes[kind] += 1
    points = (nat + 1) * KIND_VALUE[kind] + twos * KIND_VALUE[TWO] + jokers * KIND_VALUE[JOKER]
    rest = [c for c in s.pile[:-1] if CARD_KIND[c] != RED_THREE]
    if s.opened[side]:
        for card in rest:
            counts[CARD_KIND[card]] += 1
        return finish_refusal(s, counts, sizes, wilds, 0, 0)
    refusal = finish_refusal(s, counts, sizes, wilds, points, len(rest))
    if refusal is not None and refusal.code is Code.OPENING_UNREACHABLE and rest:
        # The cards under the top card wait for the opening and do not count toward it.
        return Refusal(Code.OPENING_UNREACHABLE_PILE, {**refusal.details, "buried": len(rest)})
    return refusal


def _pick(hand: list[int], kind: int, n: int) -> list[int]:
    out: list[int] = []
    if n <= 0:
        return out
    for card in hand:
        if CARD_KIND[card] == kind:
            out.append(card)
            if len(out) == n:
                break
    return out


def _cards(hand: list[int], kind: int, nat: int, twos: int, jokers: int) -> tuple[int, ...]:
    return (*_pick(hand, kind, nat), *_pick(hand, TWO, twos), *_pick(hand, JOKER, jokers))


#: Hand cards a pile take may use, as (naturals, twos, jokers): onto the side's meld, a pair,
#: a natural and a two, a natural and a joker; the second list adds a lone natural (onto the
#: side's meld, where that needs one); a frozen pile only the pair; a new meld the pair or a
#: natural and a wild card.
_TakeShapes = tuple[tuple[int, int, int], ...]
_TAKE_SHAPES: _TakeShapes = ((0, 0, 0), (2, 0, 0), (1, 1, 0), (1, 0, 1))
_TAKE_SHAPES_NATURAL: _TakeShapes = (*_TAKE_SHAPES, (1, 0, 0))
_PAIR_SHAPE: _TakeShapes = ((2, 0, 0),)
_NEW_MELD_SHAPES: _TakeShapes = ((2, 0, 0), (1, 1, 0), (1, 0, 1))


def take_options(s: HandBase) -> list[Move]:
    """Return the legal pile takes in minimal form: onto a meld, a pair, a natural and a wild."""
    pile = s.pile
    if not pile:
        return []
    kind = CARD_KIND[pile[-1]]
    if not kind <= NATURAL_KINDS[-1]:
        return []
    counts = s.counts[s.turn]
    side = s.turn % 2
    if not counts[kind] and kind not in s.melds[side]:
        return []  # a frozen pile needs a pair, a new meld a natural from hand at the least
    # Only the shapes refuse_take can accept here are tried.
    if s.pile_frozen_for(side):
        # A frozen pile is taken only with a natural pair of its top card's rank.
        if counts[kind] < 2:
            return []
        shapes = _PAIR_SHAPE
    elif kind not in s.melds[side]:
        # The top card starts a meld: a natural pair, or a natural and a wild card.
        shapes = _NEW_MELD_SHAPES if s.rules.take_with_natural_and_wild else _PAIR_SHAPE
    elif s.rules.take_onto_meld_needs_natural:
        shapes = _TAKE_SHAPES_NATURAL
    else:
        shapes = _TAKE_SHAPES
    hand = s.hands[s.turn]
    moves: list[Move] = []
    for nat, twos, jokers in shapes:
        if (
            counts[kind] >= nat
            and counts[TWO] >= twos
            and counts[JOKER] >= jokers
            and refuse_take(s, nat, twos, jokers) is None
        ):
            moves.append(Move(_TAKE, _cards(hand, kind, nat, twos, jokers)))
    return moves


def refuse_draw(s: HandBase) -> Refusal | None:
    """Why drawing from the stock is refused, or None.

    With cards in the stock a draw is always legal. Once it is empty
    (docs/rules.md#empty-stock), a draw ends the hand where ``empty_stock`` is
    ``"take_or_end"``, and also with ``"forced_take"`` unless the pile's unfrozen top card
    fits the side's meld (then the pile must be taken); otherwise it is refused.
    """
    if s.stock:
        return None
    mode = s.rules.empty_stock
    if mode == "take_or_end":
        return None
    if mode == "play_on":
        return refuse(Code.STOCK_EMPTY_DECLINE)
    if mode == "forced_take":
        top = s.pile_top
        if (
            top is None
            or CARD_KIND[top] not in s.melds[s.side]
            or s.pile_frozen_for(s.side)
            or not has_legal_take(s)
        ):
            return None
        return refuse(Code.STOCK_EMPTY_MUST_TAKE)
    return refuse(Code.STOCK_EMPTY)


def refuse_decline(s: HandBase) -> Refusal | None:
    """Why declining the pile once the stock is empty is refused, or None.

    Classic (``empty_stock`` ``"play_on"``, docs/rules.md#empty-stock): play goes
    on while each player in turn can take the pile, and a player may decline it instead,
    which ends the hand. The other readings end the hand with a draw from the empty stock
    (``take_or_end``, ``forced_take``) or at once (``ends``), so there is nothing to decline.
    """
    if s.rules.empty_stock != "play_on":
        return refuse(Code.DECLINE_NOT_HERE)
    if s.stock:
        return refuse(Code.DECLINE_STOCK_LEFT, stock=len(s.stock))
    if not has_legal_take(s):
        return refuse(Code.DECLINE_NOTHING)
    return None


def has_legal_take(s: HandBase) -> bool:
    """True when the player to move may take the pile (used when the stock is empty)."""
    return bool(take_options(s))
