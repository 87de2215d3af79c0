"""The person's hand: a click lifts or lowers a card, a long press lifts every card of
its rank (or lowers them all when all are lifted)."""

from __future__ import annotations

import pygame

from canasta.scenes.table.context import TablePart
from canasta.ui.input import Click, Intent, LongPress


class HandSection(TablePart):
    """Clicks and long presses on the person's hand cards."""

    def resize(self, size: tuple[int, int]) -> None:
        """The hand's area, with room above for lifted cards."""
        layout = self.ctx.board.layout
        assert layout is not None
        self.rect = layout.hands[0].inflate(0, layout.card[1])

    def handle(self, intent: Intent) -> bool:
        """Lift or lower the card under a click; a long press takes its whole rank."""
        if not isinstance(intent, Click | LongPress):
            return False
        ctx = self.ctx
        card = ctx.board.hand_card_at(intent.pos)
        if card is None:
            return False
        if isinstance(intent, LongPress):
            plan = ctx.board.plan
            ctx.selection.toggle_rank(card, plan.my_hand if plan is not None else ())
            return True
        if not ctx.view().person_to_move:
            return False
        ctx.selection.toggle(card)
        ctx.selection.ring = False  # a click plays by mouse: no ring to mistake for a lift
        ctx.sound.play("click")
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """A small accent mark over each card the person drew this turn."""
        board = self.ctx.board
        for card in self.ctx.just_drawn:
            if card not in board.sprites or board.full is None:
                continue
            rect = board.sprites[card].rect(board.full.size)
            x, y, r = rect.x + max(7, rect.width // 8), rect.y - 4, max(5, rect.width // 12)
            points = [(x - r, y - r), (x + r, y - r), (x, y)]
            pygame.draw.polygon(surface, self.ctx.theme.accent, points)
