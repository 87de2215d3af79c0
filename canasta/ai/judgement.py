"""Two judgements every computer level shares: feeding the pile and the lone card.

* **The fed pile** (:func:`feeds_pile`): a natural card of a rank the next player's side
  has melded, discarded onto an unfrozen pile of :data:`FED_PILE` cards or more, lets that
  player take the whole pile by putting the card on the meld, with nothing needed from the
  hand (docs/rules.md#taking-the-pile). The searching levels keep such a
  discard out of their candidates while a safe one exists (:func:`safe_discard_kinds`): in
  a few sampled deals such a gift can look lucky, and over 400 four-player hands the hard
  level made it 31 times, every one taken, about 8 cards each.
* **The lone card** (:func:`lone_card_ok`): a side without the canastas it needs to go out
  whose player melds down to one card (after the discard) can neither go out nor meld
  again (the drawn card and the lone card make two: melding one leaves one to discard,
  which would go out), and takes the pile only by putting its top card on a meld while
  the pile is unfrozen; the opponents see the lone card and avoid feeding it. Measured
  (docs/performance.md#the-lone-card): going down to one card pays only when few draws are
  left.
"""

from __future__ import annotations

from canasta.engine.cards import BLACK_THREE, NATURAL_KINDS, NUM_KINDS, is_wild_kind

from .seat import SeatLike

#: A pile at least this long (cards, before the discard) is a gift worth refusing.
FED_PILE = 5
#: With the stock this short or shorter (cards), a side without its canastas may meld down
#: to one card: the hand ends within a few turns, and the cards kept count against it.
#: By number of players (docs/performance.md#the-lone-card).
LONE_CARD_STOCK = {2: 12, 4: 12}


def feeds_pile(view: SeatLike, kind: int) -> bool:
    """Whether discarding a card of ``kind`` (0..14) hands the next player the pile.

    True when the card is a natural (4 to Ace) of a rank the next player's side has
    melded, the pile holds :data:`FED_PILE` cards or more, and it is not frozen for that
    side (it has opened, the pile holds no wild card or red three, and the rules do not
    freeze it for the whole hand), and taking it onto a meld needs no card from the hand
    (docs/rules.md#taking-the-pile). Raises nothing.
    """
    if kind not in NATURAL_KINDS or len(view.pile) < FED_PILE:
        return False
    rules = view.rules
    their_side = ((view.seat + 1) % rules.players) % 2
    if rules.pile_always_frozen or view.pile_freezers > 0 or not view.opened[their_side]:
        return False
    if rules.take_onto_meld_needs_natural:
        return False
    return kind in view.melds[their_side]


def safe_discard_kinds(view: SeatLike, counts: list[int]) -> list[int]:
    """Kinds in the hand (``counts``: 15 counts per kind) whose discard feeds nothing.

    A black three (it blocks the pile), a wild card (it freezes the pile), or a natural
    card for which :func:`feeds_pile` is False. Red threes never sit in a hand.
    """
    out: list[int] = []
    for kind in range(NUM_KINDS):
        if not counts[kind]:
            continue
        if kind == BLACK_THREE or is_wild_kind(kind) or not feeds_pile(view, kind):
            out.append(kind)
    return out


def lone_card_ok(view: SeatLike) -> bool:
    """Whether a side without the canastas it needs may meld down to one card.

    Only with :data:`LONE_CARD_STOCK` cards or fewer left in the stock (measured:
    docs/performance.md#the-lone-card): then the hand ends within a few turns and every card
    kept counts against the side. With more stock, the lone card sits for many turns, unable to
    meld.
    """
    return view.stock_size <= LONE_CARD_STOCK[view.rules.players]


__all__ = ["FED_PILE", "LONE_CARD_STOCK", "feeds_pile", "lone_card_ok", "safe_discard_kinds"]
