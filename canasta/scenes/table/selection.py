"""What the person has picked at the table: lifted hand cards, the pile's top card, the
keyboard's focus ring and the meld chosen with Tab. Shared by the table's sections; a
plain model with no drawing."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from canasta.engine.cards import CARD_KIND


class Selection:
    """The person's selection.

    Attributes:
        cards: lifted hand cards (identities).
        pile: whether the pile's top card is selected (to take the pile with).
        focus: index of the focus ring among the focusable hand cards.
        meld_focus: the kind of the side's meld chosen with Tab, or None.
        ring: whether the focus ring shows: from the first key that moves or uses it
            until Escape or a click (a mouse player never sees it).
    """

    def __init__(self) -> None:
        self.cards: set[int] = set()
        self.pile = False
        self.focus = 0
        self.meld_focus: int | None = None
        self.ring = False

    def ordered(self, hand: Sequence[int]) -> tuple[int, ...]:
        """The lifted cards in ``hand``'s display order."""
        return tuple(c for c in hand if c in self.cards)

    def toggle(self, card: int) -> None:
        """Lift ``card`` or lower it."""
        if card in self.cards:
            self.cards.discard(card)
        else:
            self.cards.add(card)

    def toggle_rank(self, card: int, hand: Iterable[int]) -> None:
        """Lift every card of ``card``'s rank in ``hand`` (the long press), or lower them
        all when they are all lifted already."""
        kind = CARD_KIND[card]
        same = [c for c in hand if CARD_KIND[c] == kind]
        if all(c in self.cards for c in same):
            self.cards.difference_update(same)
        else:
            self.cards.update(same)

    def clear(self) -> None:
        """Lower every card, unselect the pile and the Tab meld, hide the focus ring."""
        self.cards.clear()
        self.pile = False
        self.meld_focus = None
        self.ring = False

    def keep(self, hand: Iterable[int], drawing: bool) -> None:
        """Forget lifted cards no longer in ``hand``; the pile stays selected only while
        a draw is due (``drawing``)."""
        self.cards &= set(hand)
        if not drawing:
            self.pile = False

    def focused(self, cards: Sequence[int]) -> int | None:
        """The card under the focus ring among ``cards`` (clamped), or None if none."""
        if not cards:
            return None
        self.focus = max(0, min(self.focus, len(cards) - 1))
        return cards[self.focus]

    def move_focus(self, step: int, count: int) -> None:
        """Move the focus ring ``step`` cards along ``count`` cards; it stops at either
        end (wrapping round would make "nine times Left" land on the wrong card)."""
        if count:
            self.focus = max(0, min(self.focus + step, count - 1))

    def focus_end(self, last: bool, count: int) -> None:
        """Home / End: the focus ring on the first card, or the last of ``count``."""
        self.focus = max(0, count - 1) if last else 0

    def next_meld(self, kinds: Sequence[int]) -> None:
        """Tab: the next of the side's melds ``kinds``, then none, then the first again."""
        if not kinds:
            self.meld_focus = None
        elif self.meld_focus is None or self.meld_focus not in kinds:
            self.meld_focus = kinds[0]
        else:
            index = list(kinds).index(self.meld_focus) + 1
            self.meld_focus = kinds[index] if index < len(kinds) else None
