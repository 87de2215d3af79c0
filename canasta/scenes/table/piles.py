"""The stock and the discard pile: clicks to draw, take or discard, the glow on what the
turn waits for, and the badges (counts, FROZEN, BLOCKED). Sizes are pixels."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.engine.cards import BLACK_THREE, CARD_KIND
from canasta.i18n import _
from canasta.scenes.table.context import TablePart
from canasta.scenes.table.furniture import BLOCKED_RED, FROST_BLUE, chip, font_px, hand_can_take
from canasta.ui.effects import draw_glow
from canasta.ui.input import Click, Intent
from canasta.ui.widgets import Badge


class PilesSection(TablePart):
    """Stock and discard pile (see the module docstring)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The piles' area: the stock and the pile with room for its top card."""
        layout = self.ctx.board.layout
        assert layout is not None
        self.rect = layout.stock.union(layout.discard).inflate(layout.card[0], layout.card[1])

    def actions(self) -> dict[str, Callable[[], object]]:
        """S draws, D takes the pile."""
        return {"draw": self.draw_card, "take": self.ctx.take}

    def draw_card(self) -> None:
        """Draw from the stock."""
        self.ctx.after(self.ctx.controller.intent_draw())

    def handle(self, intent: Intent) -> bool:
        """A click on the stock draws; on the pile it takes, selects or discards."""
        if not isinstance(intent, Click):
            return False
        ctx = self.ctx
        view = ctx.view()
        layout = ctx.board.layout
        if not view.person_to_move or layout is None:
            return False
        if ctx.board.hand_card_at(intent.pos) is not None:
            return False  # the hand's
        if layout.stock.collidepoint(intent.pos):
            self.draw_card()
            return True
        if not ctx.board.pile_rect(view.pile).collidepoint(intent.pos):
            return False
        selection = ctx.selection
        if view.phase == "draw":
            if selection.cards:
                ctx.take()
            elif selection.pile:
                selection.pile = False
            elif ctx.controller.explain_take_refusal() is None:
                selection.pile = True
        else:
            ctx.after(ctx.controller.intent_discard(ctx.lifted()))
        return True

    def draw_under(self, surface: pygame.Surface) -> None:
        """Outlines of empty piles and the glow on what the turn waits for."""
        board, theme = self.ctx.board, self.ctx.theme
        layout, full = board.layout, board.full
        assert layout is not None and full is not None
        view = self.ctx.view()
        radius = full.radius
        for size, rect in ((view.seen.stock_size, layout.stock), (len(view.pile), layout.discard)):
            if not size:
                pygame.draw.rect(surface, theme.text_dim, rect, 2, border_radius=radius)
        if view.person_to_move and not view.ended:
            if view.phase == "draw":
                if view.seen.stock_size:
                    draw_glow(surface, layout.stock, theme.glow, radius=radius)
                if hand_can_take(view):  # a blocked pile, or one no cards take: no glow
                    draw_glow(surface, layout.discard, theme.glow, radius=radius)
            elif view.phase == "play":
                draw_glow(surface, layout.discard, theme.glow, radius=radius)

    def draw(self, surface: pygame.Surface) -> None:
        """Counts under the piles, FROZEN over a frozen pile, BLOCKED on a black three."""
        layout, theme = self.ctx.board.layout, self.ctx.theme
        assert layout is not None
        view = self.ctx.view()
        size = max(13, font_px(layout) - 2)
        stock, n = layout.stock, view.seen.stock_size
        stock_bg = theme.badge_bg if n >= 20 else ((200, 130, 20) if n >= 8 else BLOCKED_RED)
        Badge(stock_bg, theme.badge_text, size).draw(surface, str(n),
                                                     (stock.centerx, stock.bottom + 2))  # fmt: skip
        pile, discard = view.pile, layout.discard
        if len(pile) >= 5:
            Badge(theme.badge_bg, theme.badge_text, size).draw(
                surface, str(len(pile)), (discard.centerx, discard.bottom + 2)
            )
        if view.pile_frozen:
            chip(surface, _("FROZEN"), FROST_BLUE, (20, 40, 70), discard, size, above=True)
        # BLOCKED once the black three lies on the pile: drawn at once, it sat on the
        # empty place while the card still flew there from the hand (play10).
        if pile and CARD_KIND[pile[-1]] == BLACK_THREE and self.ctx.board.rests(pile[-1]):
            middle = pygame.Rect(discard.x, discard.centery, discard.width, 0)
            chip(surface, _("BLOCKED"), BLOCKED_RED, (255, 255, 255), middle, size, above=True)
