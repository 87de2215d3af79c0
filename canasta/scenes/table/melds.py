"""The meld areas: clicks that meld, lay off or take the pile, the areas' panels, the
cards waiting for an unopened side, the NATURAL / MIXED chips on canastas and the count
on every meld of four or more.
Sizes are pixels."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from canasta.engine.core import CANASTA_SIZE
from canasta.i18n import _
from canasta.scenes.table.context import TableContext, TablePart, button
from canasta.scenes.table.furniture import chip, font_px
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Intent
from canasta.ui.text import MIN_TEXT_PX, blit_text
from canasta.ui.widgets import Badge, Button

#: Melds of this many cards or more show their count (three need no counting).
COUNTED = 4


def area_name(rel_side: int, players: int) -> str:
    """An empty meld area's name: the person's side ``rel_side`` 0, else the other side.
    At four the person's side is a partnership, so its area is "Our melds" ("Your melds"
    would seem to leave the partner's melds out); head to head, "Your melds"."""
    if rel_side:
        return _("Their melds")
    return _("Our melds") if players == 4 else _("Your melds")


class MeldsSection(TablePart):
    """Both sides' meld areas and red threes (see the module docstring), and the Meld
    button, which shows while the lifted cards make a meld the rules allow now."""

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.meld_button = button(_("Meld"), self.meld, ctx.theme)

    def all_buttons(self) -> list[Button]:
        """The Meld button."""
        return [self.meld_button]

    def buttons(self) -> list[Button]:
        """Meld, while the person's lifted cards can be melded now (onto the meld chosen
        with Tab, else as a new meld or onto the side's meld of their rank): a click
        does what M does. Cards the rules refuse show no Meld (Plan gathers them)."""
        ctx = self.ctx
        view = ctx.view()
        cards = ctx.lifted()
        if not view.person_to_move or view.phase != "play" or view.asking or not cards:
            return []
        kind = ctx.selection.meld_focus
        controller = ctx.controller
        fits = controller.layoff_fits(kind, cards) if kind is not None else None
        return [self.meld_button] if fits or fits is None and controller.meld_fits(cards) else []

    def resize(self, size: tuple[int, int]) -> None:
        """The meld areas and red-three rows of both sides."""
        layout = self.ctx.board.layout
        assert layout is not None
        self.rect = layout.melds[0].union(layout.melds[1]).union(layout.red_threes[0])
        self.rect.union_ip(layout.red_threes[1])
        self.rect.union_ip(layout.message)  # the Meld button's row
        self.meld_button.rect = self.ctx.place("meld")

    def actions(self) -> dict[str, Callable[[], object]]:
        """M melds the lifted cards (onto the Tab meld when one is chosen)."""
        return {"meld": self.meld}

    def meld(self) -> None:
        """Meld the lifted cards, add them to the Tab meld, or take the pile (draw due)."""
        ctx = self.ctx
        if ctx.view().phase == "draw":
            self._take()
            return
        kind = ctx.selection.meld_focus
        cards = ctx.lifted()
        if kind is not None:
            refusal = ctx.controller.intent_layoff(kind, cards)
            ctx.after(refusal)  # a made lay-off also gives the ring back to the hand
        else:
            ctx.after(ctx.controller.intent_meld(cards))

    def _take(self) -> None:
        """Take the pile from the person's melds: with its top card lifted, as the pile's
        own click does; else before the draw, where lifted cards that cannot go with the
        top card are taken for a meld played too early and refused as such."""
        if self.ctx.selection.pile:
            self.ctx.take()
        else:
            self.ctx.take_at_melds()

    def handle(self, intent: Intent) -> bool:
        """A click on one of your melds lays off (or takes the pile onto it); on your meld
        area it melds; on the other side's meld it is refused with the rule."""
        if not isinstance(intent, Click):
            return False
        ctx = self.ctx
        if ctx.press(self.buttons(), intent.pos):
            return True
        view = ctx.view()
        board = ctx.board
        layout, plan = board.layout, board.plan
        if not view.person_to_move or layout is None or plan is None:
            return False
        pos = intent.pos
        taking = ctx.selection.pile or view.phase == "draw"
        for kind, rect in plan.meld_rects[0].items():
            if rect.collidepoint(pos):
                if taking:
                    self._take()
                else:
                    ctx.after(ctx.controller.intent_layoff(kind, ctx.lifted()))
                return True
        if layout.melds[0].collidepoint(pos) or layout.red_threes[0].collidepoint(pos):
            if taking:
                self._take()
            else:
                ctx.after(ctx.controller.intent_meld(ctx.lifted()))
            return True
        if ctx.selection.cards and any(r.collidepoint(pos) for r in plan.meld_rects[1].values()):
            ctx.after(ctx.controller.intent_layoff_on_opponents())
            return True
        return False

    def draw_under(self, surface: pygame.Surface) -> None:
        """The areas' panels (named while empty) and where waiting pile cards lie."""
        board, theme = self.ctx.board, self.ctx.theme
        layout = board.layout
        assert layout is not None
        view = self.ctx.view()
        for rel_side in (0, 1):
            area = layout.melds[rel_side].union(layout.red_threes[rel_side])
            draw_panel(surface, area, (0, 0, 0, 38), 12)
            if not view.seen.melds[(view.seat + rel_side) % 2]:
                label = area_name(rel_side, view.players)
                blit_text(surface, label, font_px(layout), theme.text_dim, center=area.center)
        plan = board.plan
        if plan is not None and plan.waiting_rect.width:
            draw_panel(surface, plan.waiting_rect.inflate(10, 10), (255, 255, 255, 40), 10)

    def count_badges(self) -> list[tuple[str, tuple[int, int]]]:
        """The count on every meld of :data:`COUNTED` cards or more (a canasta too):
        ``(text, centre)``, the centre in window pixels inside the meld's top-right corner,
        where the last column's top card shows no index; a meld whose cards are still
        moving gets its count once they rest. A player reads "5" rather than
        counting overlapped corners, as the stock's count saves counting the stock."""
        board = self.ctx.board
        layout, plan = board.layout, board.plan
        if layout is None or plan is None:
            return []
        view = self.ctx.view()
        badge = Badge(size=self.badge_px())
        out = []
        for rel_side in (0, 1):
            side = (view.seat + rel_side) % 2
            for kind, rect in plan.meld_rects[rel_side].items():
                cards = view.meld(side, kind)
                n = len(cards)
                if n >= COUNTED and self._settled(cards):
                    size = badge.rect_for(str(n), (0, 0)).size
                    at = (rect.right - 3 - size[0] // 2, rect.y + 3 + size[1] // 2)
                    out.append((str(n), at))
        return out

    def _settled(self, cards: Sequence[int]) -> bool:
        """Whether every card of a meld rests where the plan puts it. While a meld grows
        or the melds beside it shift, its count waits: placed at the meld's new corner
        while the cards still fly it would sit on the next meld's index."""
        sprites = self.ctx.board.sprites
        for card in cards:
            sprite = sprites.get(card)
            if sprite is None or sprite.target is None:
                return False
            if (round(sprite.x), round(sprite.y)) != (sprite.target.x, sprite.target.y):
                return False
        return True

    def badge_px(self) -> int:
        """The count badges' font size (px): the stock count's."""
        layout = self.ctx.board.layout
        assert layout is not None
        return max(13, font_px(layout) - 2)

    def draw(self, surface: pygame.Surface) -> None:
        """NATURAL or MIXED on every canasta, the melds' counts, and the Meld button."""
        board = self.ctx.board
        layout, plan = board.layout, board.plan
        if layout is None or plan is None:
            return
        theme = self.ctx.theme
        badge = Badge(theme.badge_bg, theme.badge_text, self.badge_px())
        for text, at in self.count_badges():
            badge.draw(surface, text, at)
        view = self.ctx.view()
        font = font_px(layout)
        for rel_side in (0, 1):
            side = (view.seat + rel_side) % 2
            for kind, rect in plan.meld_rects[rel_side].items():
                if len(view.meld(side, kind)) >= CANASTA_SIZE:
                    natural = view.wild_count(side, kind) == 0
                    label = _("NATURAL") if natural else _("MIXED")
                    bg = (176, 32, 40) if natural else (30, 30, 34)
                    inside = pygame.Rect(rect.x, rect.y, rect.width, rect.height - font)
                    chip(surface, label, bg, (255, 240, 200), inside, max(13, font - 2),
                         above=False)  # fmt: skip
        self.draw_waiting_label(surface)
        for shown in self.buttons():
            shown.draw(surface)

    def waiting_label(self) -> str:
        """The words under the pile cards that wait for an unopened side: whose they
        become, and when."""
        view = self.ctx.view()
        if view.seen.turn % 2 == view.seen.side:
            if view.players == 4:
                return _("Pile cards: ours once we open")
            return _("Pile cards: yours once you open")
        return _("Pile cards: theirs once they open")

    def draw_waiting_label(self, surface: pygame.Surface) -> pygame.Rect | None:
        """Label the box where a taken pile's cards wait for an unopened side's opening,
        on a chip under it inside the meld area (px); None when no cards wait."""
        board = self.ctx.board
        layout, plan = board.layout, board.plan
        if layout is None or plan is None or not plan.waiting_rect.width:
            return None
        box = plan.waiting_rect.inflate(10, 10)
        area = next(a for a in layout.melds if a.colliderect(plan.waiting_rect))
        text = self.waiting_label()
        # Lines of 12 px where the meld area is wide enough, never below MIN_TEXT_PX.
        size = max(16, font_px(layout))
        badge = Badge(self.ctx.theme.badge_bg, self.ctx.theme.badge_text, size)
        while size > MIN_TEXT_PX and badge.rect_for(text, (0, 0)).width > area.width - 8:
            size -= 1
            badge = Badge(self.ctx.theme.badge_bg, self.ctx.theme.badge_text, size)
        rect = badge.rect_for(text, (0, 0))
        rect.top = box.bottom + 2
        rect.right = min(area.right - 4, box.centerx + rect.width // 2)
        rect.left = max(rect.left, area.left + 4)
        return badge.draw(surface, text, rect.center)
