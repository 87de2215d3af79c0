"""Keyboard play at the table: the focus ring through the hand, lifting and discarding
with Enter and Space, Tab through your melds, and Escape to clear. The keys themselves are
in :mod:`canasta.scenes.table.keys`."""

from __future__ import annotations

from collections.abc import Callable, Collection

import pygame

from canasta.scenes.table.context import TableContext, TablePart


def dashed_rect(
    surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect, dash: int = 8
) -> None:
    """Outline ``rect`` with dashes ``dash`` px long and 2 px wide (gaps as long)."""
    corners = (rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft)
    for (x0, y0), (x1, y1) in zip(corners, corners[1:], strict=False):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for start in range(0, length, 2 * dash):
            end = min(start + dash, length)
            a = (x0 + (x1 - x0) * start // length, y0 + (y1 - y0) * start // length)
            b = (x0 + (x1 - x0) * end // length, y0 + (y1 - y0) * end // length)
            pygame.draw.line(surface, colour, a, b, 2)


class FocusSection(TablePart):
    """The focus ring and the keys that move it.

    Args:
        ctx: the table's shared parts.
        planned: the cards in the person's plan now (they take no focus).
    """

    def __init__(self, ctx: TableContext, planned: Callable[[], Collection[int]]) -> None:
        super().__init__(ctx)
        self.planned = planned

    def cards(self) -> list[int]:
        """The person's hand cards that can take the focus, in display order."""
        plan = self.ctx.board.plan
        if plan is None:
            return []
        planned = self.planned()
        return [c for c in plan.my_hand if c not in planned]

    def focused_card(self) -> int | None:
        """The card under the focus ring, or None with an empty hand."""
        return self.ctx.selection.focused(self.cards())

    def actions(self) -> dict[str, Callable[[], object]]:
        """Left / Right, Home / End, Enter, Space, Tab, Escape."""
        return {
            "focus_left": lambda: self._move(-1),
            "focus_right": lambda: self._move(1),
            "focus_first": lambda: self._end(last=False),
            "focus_last": lambda: self._end(last=True),
            "enter": self.enter,
            "lift": self.lift,
            "next_meld": self.next_meld,
            "clear": self.ctx.selection.clear,
        }

    def _move(self, step: int) -> None:
        self.ctx.selection.move_focus(step, len(self.cards()))
        self.ctx.selection.ring = True

    def _end(self, last: bool) -> None:
        self.ctx.selection.focus_end(last, len(self.cards()))
        self.ctx.selection.ring = True

    def lift(self) -> None:
        """Lift or lower the focused card."""
        card = self.focused_card()
        if card is not None:
            self.ctx.selection.toggle(card)
            self.ctx.selection.ring = True
            self.ctx.sound.play("click")

    def enter(self) -> None:
        """Discard the one lifted card when a discard is due and Enter means it: the
        focused card when the ring shows (a keyboard player), else the card lifted with
        the mouse (the ring hidden, which a click hides). Otherwise lift or lower the
        focused card."""
        ctx = self.ctx
        card = self.focused_card()
        lifted = ctx.selection.cards
        meant = not ctx.selection.ring or lifted == {card}
        if ctx.view().phase == "play" and len(lifted) == 1 and meant:
            ctx.after(ctx.controller.intent_discard(tuple(lifted)))
            return
        if card is not None:
            self.lift()

    def next_meld(self) -> None:
        """Tab: choose the next of your melds to add the lifted cards to. The melds the
        lifted cards may join come first (with two nines lifted, not the Queens), then the
        others (M there says why not), then none (M melds anew);
        with nothing lifted, every meld in table order."""
        plan = self.ctx.board.plan
        kinds = list(plan.meld_order[0]) if plan is not None else []
        cards = self.ctx.lifted()
        if cards:
            fits = self.ctx.controller.layoff_fits
            kinds = [k for k in kinds if fits(k, cards)] + [k for k in kinds if not fits(k, cards)]
        self.ctx.selection.next_meld(kinds)

    def draw(self, surface: pygame.Surface) -> None:
        """The focus ring on your turn, and the ring round the meld chosen with Tab."""
        ctx = self.ctx
        if not ctx.view().person_to_move or ctx.board.full is None:
            return
        accent = ctx.theme.accent
        card = self.focused_card() if ctx.selection.ring else None
        if card is not None:  # dashed, in the text colour: never the selection's outline
            ring = ctx.board.card_rect(card).inflate(12, 12)
            dashed_rect(surface, (20, 24, 22), ring.move(1, 1))
            dashed_rect(surface, ctx.theme.text, ring)
        kind = ctx.selection.meld_focus
        rect = ctx.board.meld_rect(kind) if kind is not None else None
        if rect is not None:
            pygame.draw.rect(surface, accent, rect.inflate(10, 10), width=3, border_radius=10)
