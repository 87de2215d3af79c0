"""The partner's speech bubble: when a computer partner asks "may I go out?", a bubble
beside its hand shows the question and how many cards it holds, with Yes and No inside
it; it waits with no timer and no default. When the person asks, the partner's answer
shows in the same bubble for a few seconds. Sizes are pixels, times seconds."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.controller import Applied
from canasta.engine.moves import MoveType
from canasta.i18n import _, ngettext
from canasta.scenes.table.context import TableContext, TablePart, button
from canasta.scenes.table.targets import hidden_key
from canasta.ui.input import Click, Intent
from canasta.ui.text import blit_text, fit_text_size, get_font
from canasta.ui.widgets import Button

#: Seconds the partner's answer stays in its bubble.
ANSWER_SECONDS = 2.8
BUBBLE_FILL = (252, 250, 240)
BUBBLE_TEXT = (30, 30, 34)


class BubbleSection(TablePart):
    """The speech bubble and its Yes / No buttons.

    Attributes:
        bubble: the bubble's rectangle (px).
        answer_text: the partner's last answer to the person; shown until ``answer_until``
            (seconds on the table's clock).
    """

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.yes_button = button(_("Yes"), lambda: self.answer(True), ctx.theme)
        self.no_button = button(_("No"), lambda: self.answer(False), ctx.theme)
        self.answer_text = ""
        self.answer_until = 0.0
        self.bubble = pygame.Rect(0, 0, 0, 0)

    def all_buttons(self) -> list[Button]:
        """Yes and No."""
        return [self.yes_button, self.no_button]

    def resize(self, size: tuple[int, int]) -> None:
        """The bubble and its Yes / No where :mod:`canasta.scenes.table.buttons` puts them."""
        assert self.ctx.places is not None
        self.bubble = pygame.Rect(self.ctx.places.bubble)
        self.yes_button.rect = self.ctx.place("yes")
        self.no_button.rect = self.ctx.place("no")

    def actions(self) -> dict[str, Callable[[], object]]:
        """Y and N answer the partner."""
        return {"yes": lambda: self.answer(True), "no": lambda: self.answer(False)}

    def answer(self, yes: bool) -> None:
        """Answer the partner's question."""
        self.ctx.controller.intent_answer(yes)

    def buttons(self) -> list[Button]:
        """Yes and No while the partner asks."""
        return [self.yes_button, self.no_button] if self.ctx.view().asking else []

    def handle(self, intent: Intent) -> bool:
        """A click on Yes or No."""
        return isinstance(intent, Click) and self.ctx.press(self.buttons(), intent.pos)

    def on_applied(self, event: Applied) -> None:
        """Note a computer partner's answer to the person's question, for the bubble."""
        view = self.ctx.view()
        if view.watching or event.seat == view.seat or event.seat % 2 != view.seat % 2:
            return
        if event.move.type is MoveType.YES:
            self.answer_text = _("Yes \u2014 go out!")
        elif event.move.type is MoveType.NO:
            self.answer_text = _("No \u2014 give me one turn.")
        else:
            return
        self.answer_until = self.ctx.clock + ANSWER_SECONDS

    def wake_in(self) -> float | None:
        """Seconds until the partner's answer leaves the bubble (None: none shown)."""
        if self.answer_text and self.ctx.clock < self.answer_until:
            return self.answer_until - self.ctx.clock
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The question with Yes and No, or the partner's answer for a few seconds."""
        view = self.ctx.view()
        if view.asking:
            cards = view.seen.hand_sizes[view.turn]
            held = ngettext("I hold {n} card.", "I hold {n} cards.", cards).format(n=cards)
            self._bubble(surface, [_("May I go out?"), held])
            for shown in self.buttons():
                shown.draw(surface)
        elif self.answer_text and self.ctx.clock < self.answer_until and not view.ended:
            beside = self.answer_rect(surface.get_width())
            if beside is None:
                self._bubble(surface, [self.answer_text], buttons=False)
            else:
                self._answer_beside(surface, beside)

    def answer_rect(self, window_w: int) -> pygame.Rect | None:
        """Where the partner's answer shows at four: in the top band, just right of the
        partner's cards, so it covers no meld (never the opponents' melds);
        where that has no room (a portrait window: the partner has a third of the band),
        over the partner's own band, its card backs and plate hidden for the moment;
        None when even that is too small (then it shows in the question's place)."""
        layout, view = self.ctx.board.layout, self.ctx.view()
        if layout is None or layout.players != 4:
            return None
        band = layout.hands[2]
        partner = (view.seat + 2) % 4
        sprites = self.ctx.board.sprites
        keys = [hidden_key(partner, i) for i in range(view.seen.hand_sizes[partner])]
        rects = [self.ctx.board.card_rect(k) for k in keys if k in sprites]
        left = max((r.right for r in rects), default=band.centerx) + 18
        size = max(14, min(24, band.height // 3))
        width = get_font(size, True).size(self.answer_text)[0] + 32
        rect = pygame.Rect(left, band.y + 4, width, band.height - 8)
        if rect.right <= min(band.right, window_w) - 4:
            return rect
        over = band.inflate(-4, 0)  # covering the backs whole, none peeking out
        return over if width <= over.width else None

    def _answer_beside(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        layout = self.ctx.board.layout
        assert layout is not None
        band = layout.hands[2]
        pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=14)
        if rect.x > band.x + 2:  # beside the partner's cards: a tail toward them
            tail = [(rect.x + 2, rect.centery - 10), (rect.x + 2, rect.centery + 10),
                    (rect.x - 12, rect.centery)]  # fmt: skip
            pygame.draw.polygon(surface, BUBBLE_FILL, tail)
        pygame.draw.rect(surface, BUBBLE_FILL, rect, border_radius=14)
        size = max(14, min(24, band.height // 3))  # as answer_rect measured it
        if rect.x <= band.x + 2:  # over the band: as large as its room allows
            size = fit_text_size(self.answer_text, rect.width - 24, min(24, rect.height // 2))
        blit_text(surface, self.answer_text, size, BUBBLE_TEXT, bold=True, center=rect.center)

    def _bubble(self, surface: pygame.Surface, lines: list[str], buttons: bool = True) -> None:
        rect = pygame.Rect(self.bubble)
        if not buttons:
            rect.height = max(48, rect.height // 2)
        layout = self.ctx.board.layout
        assert layout is not None
        if layout.players == 4 and rect.top > layout.hands[2].bottom:
            top = layout.hands[2]
            tail = [
                (rect.centerx - 14, rect.top + 2),
                (rect.centerx + 14, rect.top + 2),
                (rect.centerx, top.bottom - 4),
            ]
            pygame.draw.polygon(surface, BUBBLE_FILL, tail)
        pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=16)
        pygame.draw.rect(surface, BUBBLE_FILL, rect, border_radius=16)
        area = rect.height - (self.yes_button.rect.height + 16 if buttons else 0)
        size = min(26, max(14, area // (len(lines) + 1)))
        y = rect.y + 8
        for i, line in enumerate(lines):
            fitted = fit_text_size(line, rect.width - 24, size)
            blit_text(
                surface, line, fitted, BUBBLE_TEXT, bold=i == 0,
                center=(rect.centerx, y + fitted * 0.65),
            )  # fmt: skip
            y += round(fitted * 1.25)
