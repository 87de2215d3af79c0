"""The felt, each seat's name and card count, and the scores panel. Draws only."""

from __future__ import annotations

import pygame

from canasta.i18n import _, ngettext, number
from canasta.scenes.table.context import TablePart
from canasta.scenes.table.furniture import font_px, name_of
from canasta.ui.effects import draw_panel
from canasta.ui.paragraphs import wrap_text
from canasta.ui.text import blit_text, fit_text_size, get_font
from canasta.ui.theme import paint_felt

#: The fill (RGBA) of the plate under another seat's label: dark enough for the label
#: to read over card backs of any colour.
PLATE = (8, 14, 10, 215)


class SeatsSection(TablePart):
    """The table's ground: felt under everything, seat labels and scores over the cards."""

    def draw_under(self, surface: pygame.Surface) -> None:
        """The felt."""
        paint_felt(surface, self.ctx.theme)

    def labels(self) -> list[tuple[str, pygame.Rect, bool]]:
        """Every seat's label: ``(text, rect in window pixels, on a plate)``.

        Another seat's label ("West · 11") lies on a dark plate: in a narrow window its
        hand's fan fills the whole area, and the count must read over the card backs.
        """
        layout = self.ctx.board.layout
        assert layout is not None
        view = self.ctx.view()
        size = self.label_px()
        out = []
        for seat in range(view.players):
            rel = (seat - view.seat) % view.players
            area = layout.hands[rel]
            name = name_of(view, seat, plate=True)
            count = view.seen.hand_sizes[seat]
            text = name if rel == 0 and not view.watching else f"{name} \u00b7 {count}"
            rect = pygame.Rect((0, 0), get_font(size, bold=self.to_move(seat)).size(text))
            if rel == 0:
                rect.topleft = (area.x + 6, area.y + 2)
            elif area.height > area.width * 1.5:
                rect.center = (area.centerx, area.y + 10)
            else:
                rect.midleft = (area.x + 6, area.centery)
            out.append((text, rect, rel != 0))
        return out

    def label_px(self) -> int:
        """The seat labels' font size (px)."""
        layout = self.ctx.board.layout
        assert layout is not None
        return max(13, font_px(layout) - 2)

    def to_move(self, seat: int) -> bool:
        """Whether ``seat`` is to move (its label in the accent colour, bold)."""
        view = self.ctx.view()
        return not view.ended and view.mover == seat

    def draw(self, surface: pygame.Surface) -> None:
        """Every seat's label (the one to move in the accent colour) and the scores."""
        layout, theme = self.ctx.board.layout, self.ctx.theme
        assert layout is not None
        size = self.label_px()
        for seat, (text, rect, plate) in enumerate(self.labels()):
            to_move = self.to_move(seat)
            color = theme.accent if to_move else theme.text_dim
            if plate:
                draw_panel(surface, rect.inflate(12, 6), PLATE, 7)
            blit_text(surface, text, size, color, bold=to_move, topleft=rect.topleft)
        self._scores(surface, font_px(layout))

    def _scores(self, surface: pygame.Surface, font: int) -> None:
        layout, theme = self.ctx.board.layout, self.ctx.theme
        assert layout is not None
        view = self.ctx.view()
        seen = view.seen
        rect = layout.scores
        draw_panel(surface, rect, theme.frost, 10)
        mine = view.seat % 2
        lines = [
            (_("Us {points}").format(points=number(seen.side_scores[mine])), theme.text),
            (_("Them {points}").format(points=number(seen.side_scores[1 - mine])), theme.text),
        ]
        if seen.opened[mine]:
            canastas = _("Our canastas {n}").format(n=view.canastas(mine))
            lines.append((canastas, theme.text_dim))
        else:
            minimum = view.opening_minimums[mine]
            points = seen.opening_points if seen.turn % 2 == mine else 0
            lines.append((_("To open: {points}/{minimum}").format(points=points, minimum=minimum),
                          theme.accent))  # fmt: skip
        lines.append((_("Deal {n}").format(n=view.deal_number), theme.text_dim))
        # A position may leave cards out of this hand (a short stock): say how many.
        out = len(seen.out_of_play)
        size = max(12, min(font, rect.height // (len(lines) + 1 + (2 if out else 0))))
        if out:
            words = ngettext("{n} card out of play this hand",
                             "{n} cards out of play this hand", out).format(n=out)  # fmt: skip
            lines += [(line, theme.accent) for line in wrap_text(words, size, rect.width - 24)]
        if 6 + len(lines) * round(size * 1.15) > rect.height:  # a small window: one line less
            (us, color), (them, _color) = lines[0], lines[1]
            lines[:2] = [(_("{us} \u00b7 {them}").format(us=us, them=them), color)]
        y = rect.y + 6
        for text, color in lines:
            fitted = fit_text_size(text, rect.width - 12, size)
            blit_text(surface, text, fitted, color, topleft=(rect.x + 8, y))
            y += round(size * 1.15)
