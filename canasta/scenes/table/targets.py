"""Where every card belongs on the table for the person's view: pure placement, no drawing.

The table asks for targets after every change and tweens each card whose target moved,
so the model changes at once and the screen catches up. Cards the person may see are
keyed by their identity (0..107); a card they may not see (in the stock, in another
player's hand) is a *hidden slot* keyed by a negative number (:func:`hidden_key`): its
place and its index there, never its identity.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from canasta.controller import TableView
from canasta.engine.cards import (
    BLACK_THREE,
    CARD_KIND,
    JOKER,
    RED_THREE,
    SUITS,
    TWO,
    card_suit,
    is_red,
    is_wild_kind,
)
from canasta.ui.decks import CORNER_INDEX
from canasta.ui.layout import TableLayout, place_hand, place_melds, place_pile, place_stack

#: Display order of kinds in a hand and on the table: 4 .. A, black threes, twos, jokers.
_DISPLAY_ORDER = {kind: kind for kind in range(11)} | {BLACK_THREE: 11, TWO: 12, JOKER: 13}

Z_STOCK, Z_PILE, Z_RED, Z_MELD, Z_WAIT, Z_HAND = 0, 200, 300, 400, 700, 800
#: Cards in a completed canasta (it is then shown squared up).
CANASTA = 7


@dataclass(frozen=True, slots=True)
class Target:
    """A card's resting place: top-left ``(x, y)`` px of the card as if upright, face,
    drawing order, small size, and ``angle`` (degrees counter-clockwise about the card's
    centre: 90 for the card that froze the pile, lying crosswise under it)."""

    x: int
    y: int
    face_up: bool
    z: int
    small: bool = False
    angle: int = 0


def hidden_key(place: int, index: int) -> int:
    """The key of a card the person may not see: ``place`` -1 the stock, else a seat;
    ``index`` its position there (bottom or left first). Always negative."""
    return -1 - (place + 1) * 200 - index


@dataclass
class TablePlan:
    """Every card's target plus the clickable areas the scene needs.

    Attributes:
        targets: key (a card identity, or a :func:`hidden_key`) -> :class:`Target`.
        stock: the stock's keys, bottom to top.
        my_hand: the person's cards in display order.
        meld_rects: per relative side (0: the person's side), ``{kind: rect}`` of each meld.
        meld_order: per relative side, meld kinds in display order.
        waiting_rect: where pile cards wait for an unopened side (empty rect if none).
    """

    targets: dict[int, Target]
    stock: list[int]
    my_hand: list[int]
    meld_rects: tuple[dict[int, pygame.Rect], dict[int, pygame.Rect]]
    meld_order: tuple[list[int], list[int]]
    waiting_rect: pygame.Rect


def sort_key(card: int, descending: bool = False) -> tuple[int, int]:
    """Hand order: by rank (4 .. A), then black threes, twos and jokers; suits in CDHS."""
    order = _DISPLAY_ORDER[CARD_KIND[card]]
    suit = card_suit(card)
    suit_index = SUITS.index(suit) if suit else 4
    return (-order if descending and order < 11 else order, suit_index)


def meld_display_order(kinds: list[int]) -> list[int]:
    """Melds left to right: Aces first down to 4s, black threes last."""
    return sorted(kinds, key=lambda k: -_DISPLAY_ORDER[k] if k != BLACK_THREE else 99)


def plan_table(
    view: TableView,
    layout: TableLayout,
    *,
    descending: bool = False,
) -> TablePlan:
    """Compute every card's target for ``view`` (the person's seat at the bottom).

    Another player's hand shows face up only once revealed (the hand is over, or a replay
    showing all hands); until then its cards are hidden slots.

    Args:
        view: what the person sees.
        layout: the table geometry.
        descending: sort the person's hand high to low.
    """
    seen, me = view.seen, view.seat
    targets: dict[int, Target] = {}
    players = view.players
    card_w, card_h = layout.card
    # Stock: a squared pile with a slight step every few cards.
    sx, sy = layout.stock.topleft
    stock = [hidden_key(-1, i) for i in range(seen.stock_size)]
    for i, key in enumerate(stock):
        step = min(i // 12, 3) * 2
        targets[key] = Target(sx - step, sy - step, False, Z_STOCK + i)
    layers = place_pile(len(seen.pile), layout.discard)
    crosswise = freezing_card(seen.pile)
    for i, card in enumerate(seen.pile):
        x, y = layers[max(0, len(layers) - (len(seen.pile) - i))]
        if card == crosswise:
            x, y = crosswise_spot(layout)
            targets[card] = Target(x, y, True, Z_PILE + i, angle=90)
            continue
        targets[card] = Target(x, y, True, Z_PILE + i)
    my_hand: list[int] = []
    for seat in range(players):
        rel = (seat - me) % players
        area = layout.hands[rel]
        shown = view.hand_of(seat)
        if rel == 0 and shown is not None:
            cards = sorted(shown, key=lambda c: sort_key(c, descending))
            my_hand = cards
            kinds = [_DISPLAY_ORDER[CARD_KIND[c]] for c in cards]
            spots = place_hand(len(cards), area, layout.card, kinds)
            for i, (x, y) in enumerate(spots):
                targets[cards[i]] = Target(x, y, True, Z_HAND + i)
            continue
        if shown is not None:
            keys = sorted(shown, key=sort_key)
        else:
            keys = [hidden_key(seat, i) for i in range(seen.hand_sizes[seat])]
        small = layout.small_card
        if area.height > area.width * 1.5:
            spots = place_stack(len(keys), area, small, align="center")
        else:
            spots = place_hand(len(keys), area, small, max_step=0.3, min_step=0.05)
        for i, (x, y) in enumerate(spots):
            targets[keys[i]] = Target(x, y, shown is not None, Z_HAND + i, small=True)
    rects: list[dict[int, pygame.Rect]] = [{}, {}]
    orders: list[list[int]] = [[], []]
    for side in (0, 1):
        rel_side = (side - me) % 2
        kinds = meld_display_order(list(seen.melds[side]))
        orders[rel_side] = kinds
        counts = [_shown_count(len(seen.melds[side][k])) for k in kinds]
        corner = CORNER_INDEX[layout.large_index]  # every card's rank and suit show
        columns = place_melds(counts, layout.melds[rel_side], layout.card, corner=corner)
        for col, kind in enumerate(kinds):
            cards = _meld_cards_in_order(list(seen.melds[side][kind]))
            spots = columns[col]
            if len(cards) >= CANASTA:
                cards = _squared_canasta(cards, natural=view.wild_count(side, kind) == 0)
                spots = _squared_spots(spots[0], len(cards))
            for i, (x, y) in enumerate(spots):
                targets[cards[i]] = Target(x, y, True, Z_MELD + col * 40 + i)
            if spots:
                top = pygame.Rect(spots[0], layout.card)
                rects[rel_side][kind] = top.unionall([pygame.Rect(s, layout.card) for s in spots])
        threes = seen.red_threes[side]
        red = place_stack(len(threes), layout.red_threes[rel_side], layout.card)
        for i, (x, y) in enumerate(red):
            targets[threes[i]] = Target(x, y, True, Z_RED + i)
    waiting_rect = pygame.Rect(0, 0, 0, 0)
    if seen.waiting:
        rel_side = (seen.turn % 2 - me) % 2
        area = layout.melds[rel_side]
        width = min(area.width // 3, card_w * 3)
        waiting_rect = pygame.Rect(area.right - width, area.y, width, card_h)
        spots = place_hand(len(seen.waiting), waiting_rect, layout.card, max_step=0.2,
                           min_step=0.02)  # fmt: skip
        for i, (x, y) in enumerate(spots):
            targets[seen.waiting[i]] = Target(x, y, True, Z_WAIT + i)
    return TablePlan(
        targets, stock, my_hand, (rects[0], rects[1]), (orders[0], orders[1]), waiting_rect
    )


def freezing_card(pile: tuple[int, ...]) -> int | None:
    """The card drawn crosswise in the discard pile: the topmost wild card or red three in
    it, which keeps the pile frozen (docs/rules.md#frozen-pile: a wild card or red three in the
    pile freezes it; the rule books turn it sideways in the pile so it shows), or None."""
    for card in reversed(pile):
        kind = CARD_KIND[card]
        if is_wild_kind(kind) or (kind == RED_THREE):
            return card
    return None


def crosswise_spot(layout: TableLayout) -> tuple[int, int]:
    """The upright top-left (px) of the card lying crosswise in the pile (turned 90 degrees
    counter-clockwise about its centre) at ``layout.crosswise`` (see
    :class:`~canasta.ui.layout.TableLayout`): its rank and suit, turned, show at the
    pile's lower left."""
    cw, ch = layout.card
    turned = layout.crosswise
    return turned.centerx - cw // 2, turned.centery - ch // 2


def _shown_count(n: int) -> int:
    """Cards a meld column needs room for: a completed canasta is one squared pile."""
    return 1 if n >= CANASTA else n


def _squared_canasta(cards: list[int], natural: bool) -> list[int]:
    """A canasta's cards bottom to top, a natural card of its rank on top so the rank shows:
    a red one on a natural canasta, a black one on a mixed canasta where there is one (the
    rule books' custom for telling them apart at a glance; the rules do not
    say), else any natural card (the NATURAL or MIXED chip tells them apart)."""
    naturals = [c for c in cards if not is_wild_kind(CARD_KIND[c])]
    coloured = [c for c in naturals if is_red(c) == natural]
    tops = coloured or naturals or cards
    top = tops[0]
    return [c for c in cards if c != top] + [top]


def _squared_spots(at: tuple[int, int], n: int) -> list[tuple[int, int]]:
    """Top-lefts of ``n`` squared cards: three layers 1 px apart, the top card at ``at``."""
    x, y = at
    return [(x + 2 - min(2, i * 3 // n), y + 2 - min(2, i * 3 // n)) for i in range(n)]


def _meld_cards_in_order(cards: list[int]) -> list[int]:
    """Naturals first, wild cards at the bottom of the column (where a player looks)."""
    return sorted(cards, key=lambda c: is_wild_kind(CARD_KIND[c]))
