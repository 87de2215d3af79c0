"""The felt, each seat's name and card count, and the scores panel. Draws only."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from canasta.i18n import _, ngettext, number
from canasta.scenes.table.context import TablePart
from canasta.scenes.table.furniture import font_px, name_of
from canasta.ui.effects import draw_panel
from canasta.ui.paragraphs import wrap_text
from canasta.ui.text import MIN_TEXT_PX, blit_text, elide, fit_text_size, get_font
from canasta.ui.theme import Theme, paint_felt

#: The smallest size a seat's label is drawn at (px; the default font's lines are then 14
#: px high, its capitals 9): below it, at about 10 px lines, names were too small to read
#: on a 600x960 window. Larger windows draw it larger, with the table's labels.
SEAT_LABEL_PX = 18


def color_of(theme: Theme, to_move: bool) -> tuple[int, int, int]:
    """A seat label's colour: the accent for the seat to move."""
    return theme.accent if to_move else theme.text_dim


def plate_of(theme: Theme) -> tuple[int, int, int]:
    """The fill of a seat label's plate: the theme's panel colour, opaque, so the label
    reads the same over the felt and over any card back (light themes have a light plate
    under dark words, dark themes the reverse; contrast 6.3 to 11.6 with
    :func:`color_of`)."""
    r, g, b = theme.frost[:3]
    return (r, g, b)


def plate_rect(rects: list[pygame.Rect]) -> pygame.Rect:
    """The plate behind the label lines' ``rects`` (px): their union grown 4 px and 2 px."""
    return rects[0].unionall(rects[1:]).inflate(8, 4)


def draw_plate(surface: pygame.Surface, rects: list[pygame.Rect], theme: Theme) -> None:
    """One opaque rounded plate (:func:`plate_of`) behind the label lines' ``rects`` (px)."""
    draw_panel(surface, plate_rect(rects), (*plate_of(theme), 255), 6)


#: The smallest size a side seat's label shrinks to so that each word of its name fits
#: its column whole (px; not "Compu… (West)" at 1280x800).
SIDE_LABEL_MIN_PX = 13


def side_size(name: str, width: int, size: int, bold: bool) -> int:
    """The size (px) at which every word of ``name`` fits ``width`` px whole: ``size``,
    or smaller down to :data:`SIDE_LABEL_MIN_PX` (a longer word is then cut with "…")."""
    words = name.split() or [""]
    while size > SIDE_LABEL_MIN_PX and max(get_font(size, bold).size(w)[0] for w in words) > width:
        size -= 1
    return size


def side_width(area: pygame.Rect, window_width: int) -> int:
    """The width (px) a side seat's label may take: its column and 5 px either side (the
    labels stand above the column, clear of the meld zones), kept 4 px inside the window."""
    left, right = max(4, area.x - 5), min(window_width - 4, area.right + 5)
    return right - left


def side_label(name: str, tail: str, width: int, size: int, bold: bool) -> list[str]:
    """A side seat's label in its narrow column (``width`` px): the name on at most two
    lines (cut with "…" beyond), the card count (``tail``) after it, or on a line of its
    own when the last line has no room for it."""
    lines = [elide(line, width, size, bold) for line in wrap_text(name, size, width, bold,
                                                                   report=False)]  # fmt: skip
    if len(lines) > 2:
        lines = [lines[0], elide(" ".join(lines[1:]), width, size, bold)]
    if not tail:
        return lines
    if get_font(size, bold).size(lines[-1] + tail)[0] <= width:
        lines[-1] += tail
    else:
        lines.append(tail.strip(" \u00b7"))
    return lines


@dataclass(frozen=True)
class SeatLabel:
    """One seat's label: its ``lines`` drawn at ``size`` px (bold for the seat to move),
    each in its rect of ``rects`` (window px); its plate is their union grown by
    :func:`draw_plate`."""

    seat: int
    lines: list[str]
    rects: list[pygame.Rect]
    size: int
    to_move: bool

    @property
    def plate(self) -> pygame.Rect:
        """The plate's rect (window px), as :func:`draw_plate` draws it."""
        return plate_rect(self.rects)


class SeatsSection(TablePart):
    """The table's ground: felt under everything, seat labels and scores over the cards."""

    def draw_under(self, surface: pygame.Surface) -> None:
        """The felt."""
        paint_felt(surface, self.ctx.theme)

    def draw(self, surface: pygame.Surface) -> None:
        """Every seat's label (the one to move in the accent colour) and the scores."""
        layout, theme = self.ctx.board.layout, self.ctx.theme
        assert layout is not None
        for label in self.labels(surface.get_width()):
            color = color_of(theme, label.to_move)
            draw_plate(surface, label.rects, theme)
            for line, rect in zip(label.lines, label.rects, strict=True):
                blit_text(surface, line, label.size, color, bold=label.to_move,
                          topleft=rect.topleft)  # fmt: skip
        self._scores(surface, font_px(layout))

    def labels(self, window_w: int) -> list[SeatLabel]:
        """Every seat's label as it is drawn in a window ``window_w`` px wide, by seat;
        none for the person's own seat where its band has no room above the cards."""
        layout = self.ctx.board.layout
        assert layout is not None
        view = self.ctx.view()
        size = max(SEAT_LABEL_PX, font_px(layout) - 2)
        out = []
        for seat in range(view.players):
            rel = (seat - view.seat) % view.players
            area = layout.hands[rel]
            name = name_of(view, seat, plate=True)
            count = view.seen.hand_sizes[seat]
            to_move = not view.ended and view.mover == seat
            # A long name (online: 24 characters) is cut to the room its place has; a
            # side seat's label wraps in its column, clear of the melds beside it.
            right = window_w - 6
            side = rel != 0 and area.height > area.width * 1.5
            tail = "" if rel == 0 and not view.watching else f" \u00b7 {count}"
            if side:
                width = side_width(area, window_w) - 8
                fitted = side_size(name, width, size, to_move)
                lines = side_label(name, tail, width, fitted, to_move)
                step = round(fitted * 1.2)
                rects = []
                for i, line in enumerate(lines):
                    rect = pygame.Rect((0, 0), get_font(fitted, to_move).size(line))
                    rect.center = (area.centerx, area.y + 10 + i * step)
                    rects.append(rect)
                out.append(SeatLabel(seat, lines, rects, fitted, to_move))
                continue
            room = (right if rel == 0 else area.right) - area.x - 12
            tail_w = get_font(size, to_move).size(tail)[0] if tail else 0
            text = elide(name, room - tail_w, size, bold=to_move) + tail
            # Every label sits on a plate: over the felt, and over that seat's card
            # backs where the band is narrow.
            plate = pygame.Rect((0, 0), get_font(size, to_move).size(text))
            if rel == 0 and area.height - layout.card[1] < plate.height + 4:
                # No room above the cards (a window about 320 px high: the band is one
                # card high): the label would hide a card's rank and suit; the message
                # strip still says whose turn it is.
                continue
            if rel == 0:
                plate.topleft = (area.x + 6, area.y + 2)  # above the cards (bottom-aligned)
            else:
                plate.midleft = (area.x + 6, area.centery)
            out.append(SeatLabel(seat, [text], [plate], size, to_move))
        return out

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
        deal = _("Position") if self.ctx.position else _("Deal {n}").format(n=view.deal_number)
        lines.append((deal, theme.text_dim))
        # A position may leave cards out of this hand (a short stock): say how many.
        out = len(seen.out_of_play)
        size = max(12, min(font, rect.height // (len(lines) + 1 + (2 if out else 0))))
        if out:
            words = ngettext("{n} card out of play this hand",
                             "{n} cards out of play this hand", out).format(n=out)  # fmt: skip
            lines += [(line, theme.accent) for line in wrap_text(words, size, rect.width - 24)]
        if rect.width > rect.height * 3:  # a wide, short panel (the top band): in columns
            self._score_columns(surface, rect, lines)
            return
        # A narrow panel (a small window) wraps a line its words would overrun at 12 px.
        room = rect.width - 12
        least = get_font(MIN_TEXT_PX)
        lines = [(part, color) for text, color in lines
                 for part in ([text] if least.size(text)[0] <= room
                              else wrap_text(text, MIN_TEXT_PX, room))]  # fmt: skip
        if 6 + len(lines) * round(size * 1.15) > rect.height:
            size = max(MIN_TEXT_PX, (rect.height - 6) * 100 // (len(lines) * 115))
        if 6 + len(lines) * round(size * 1.15) > rect.height:  # still short: one line less
            (us, color), (them, _color) = lines[0], lines[1]
            lines[:2] = [(_("{us} \u00b7 {them}").format(us=us, them=them), color)]
        y = rect.y + 6
        for text, color in lines:
            fitted = fit_text_size(text, room, size)
            blit_text(surface, text, fitted, color, topleft=(rect.x + 8, y))
            y += round(size * 1.15)

    @staticmethod
    def _score_columns(
        surface: pygame.Surface, rect: pygame.Rect, lines: list[tuple[str, tuple[int, int, int]]]
    ) -> None:
        """``lines`` (text, colour) two to a column across ``rect`` (px), top to bottom
        and left to right, each at the largest size its column's room and half the
        panel's height allow."""
        columns = [lines[i : i + 2] for i in range(0, len(lines), 2)]
        width = (rect.width - 8) // len(columns)
        size = max(MIN_TEXT_PX, min(16, (rect.height - 4) * 100 // 230))
        step = (rect.height - 4) // 2
        for c, column in enumerate(columns):
            for r, (text, color) in enumerate(column):
                fitted = fit_text_size(text, width - 8, size)
                at = (rect.x + 8 + c * width, rect.y + 2 + step * r + step // 2)
                blit_text(surface, text, fitted, color, midleft=at)
