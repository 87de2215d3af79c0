"""The person's hand: a click lifts or lowers a card, a long press lifts every card of
its rank (or lowers them all when all are lifted)."""

from __future__ import annotations

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
        ctx.sound.play("click")
        return True
