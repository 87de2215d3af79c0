"""The message strip and its buttons: the prompt (or a hint's line), a refusal in the strip
on a dark panel, and Menu, Reset and Ask partner. Sizes are pixels."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.i18n import _, pgettext
from canasta.scenes.table.context import TableContext, TablePart, button
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Intent
from canasta.ui.paragraphs import LINE_GAP, balanced_lines, fit_lines, text_height
from canasta.ui.text import blit_text, fit_text_size, get_font, misfit
from canasta.ui.widgets import Button

#: The message strip's text: below this size (px) a long line wraps instead of shrinking,
#: down to the smallest size; the strip's lowest part is kept for its buttons.
READABLE_PX = 18
SMALLEST_PX = 12
BUTTON_ROW_PX = 50


class StripSection(TablePart):
    """The message strip.

    Args:
        ctx: the table's shared parts.
        message: the line to show now (the prompt, a hint's reason, a replay's caption).
        on_menu: the Menu button's action.
    """

    def __init__(
        self, ctx: TableContext, message: Callable[[], str], on_menu: Callable[[], None]
    ) -> None:
        super().__init__(ctx)
        self.message = message
        theme = ctx.theme
        self.menu_button = button(_("Menu"), on_menu, theme)
        # TRANSLATORS: takes the turn back to its start (not the Stats screen's Reset).
        self.reset_button = button(pgettext("turn", "Reset"), self.reset, theme)
        self.ask_button = button(_("Ask partner"), self.ask, theme)

    def all_buttons(self) -> list[Button]:
        """Menu, Reset, Ask partner."""
        return [self.menu_button, self.reset_button, self.ask_button]

    def resize(self, size: tuple[int, int]) -> None:
        """Each button in its own place (:mod:`canasta.scenes.table.buttons`)."""
        self.reset_button.rect = self.ctx.place("reset")
        self.ask_button.rect = self.ctx.place("ask")
        self.menu_button.rect = self.ctx.place("menu")

    def actions(self) -> dict[str, Callable[[], object]]:
        """U or Backspace resets the turn; A asks the partner."""
        return {"reset": self.reset, "ask": self.ask}

    def reset(self) -> None:
        """Take the person's turn back to its start (where the table allows it: online a
        move stands, and the reason shows)."""
        why = self.ctx.controller.unavailable("reset")
        if why is not None:
            self.ctx.toast.show(why, 3.0)
            return
        if self.ctx.controller.reset_turn():
            self.ctx.selection.clear()

    def ask(self) -> None:
        """Ask the partner "may I go out?" (refused with the reason when one cannot)."""
        self.ctx.controller.intent_ask()

    def buttons(self) -> list[Button]:
        """Menu always; Reset while the turn has something to take back; Ask partner
        while the person may ask (four players with "ask permission" on, after the draw
        and before any meld, with a hand that can go out: with two there is no partner,
        and no place)."""
        view = self.ctx.view()
        shown = [self.menu_button]
        if view.person_to_move and not view.asking:
            if view.can_reset:
                shown.append(self.reset_button)
            if view.can_ask and view.players == 4:
                shown.append(self.ask_button)
        return shown

    def handle(self, intent: Intent) -> bool:
        """A click on one of the buttons shown."""
        return isinstance(intent, Click) and self.ctx.press(self.buttons(), intent.pos)

    def draw(self, surface: pygame.Surface) -> None:
        """The message (a refusal while one shows, on a dark panel in the strip so it
        covers no card; else the prompt); the buttons."""
        layout = self.ctx.board.layout
        assert layout is not None
        self._message(surface, layout.message, self.message())
        for shown in self.buttons():
            shown.draw(surface)

    def _message(self, surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
        # The text goes where the scene placed it this frame, clear of the buttons that
        # show (above them, or beside them in a low strip), centred in that place.
        area = pygame.Rect(rect.x, rect.y, rect.width, rect.height - BUTTON_ROW_PX)
        if self.ctx.places is not None:
            area.height = self.ctx.places.strip_top - rect.y
        if self.ctx.prompt is not None:
            area = pygame.Rect(self.ctx.prompt)
        if self.ctx.view().ended:  # no strip buttons show: the whole strip is the text's
            area = pygame.Rect(rect.x, rect.y, rect.width, rect.height - 4)
        room = area.height
        color = self.ctx.theme.text
        toast = self.ctx.toast
        if toast.visible:
            text, color = toast.text, self.ctx.theme.accent
        size, lines = strip_lines(text, area.width - 20, room, rect.height)
        needed = text_height(size, len(lines)) + 8
        # A panel grown upward stops at the window's top, or under a score panel above it.
        scores = self.ctx.board.layout.scores if self.ctx.board.layout else rect
        ceiling = 4
        if scores.bottom <= rect.y and scores.left < area.right and area.left < scores.right:
            ceiling = scores.bottom + 4
        if needed > area.bottom - ceiling:  # a panel that tall would leave its room: smaller
            size, lines = fit_lines(text, area.width - 20, area.bottom - ceiling - 8,
                                    READABLE_PX, SMALLEST_PX)  # fmt: skip
            lines = balanced_lines(text, size, area.width - 20)
            needed = text_height(size, len(lines)) + 8
        if needed > room:  # fits nowhere in the strip: a panel grown upward over the table
            area = pygame.Rect(area.x, area.bottom - needed, area.width, needed)
            room = needed
        if toast.visible:
            panel = pygame.Rect(area.x + 2, area.y + 2, area.width - 4, max(20, room - 2))
            draw_panel(surface, panel, (0, 0, 0, round(0.55 * toast.alpha)), 10)
        elif not rect.contains(area):  # the line over the area above the strip: a panel
            draw_panel(surface, area, (0, 0, 0, 150), 10)
        step = round(size * LINE_GAP)
        top = area.y + 4 + max(0, (room - 4 - text_height(size, len(lines))) // 2)
        for i, line in enumerate(lines):
            blit_text(
                surface, line, size, color, center=(area.centerx, top + size * 0.6 + i * step)
            )


def strip_lines(text: str, width: int, room: int, strip_h: int) -> tuple[int, list[str]]:
    """The font size (px) and lines for the message strip's ``text`` in ``width`` x
    ``room`` px (``strip_h``: the strip's height, which sets the full size).

    One line at the full size (at most 30 px) when it fits; else the larger of one shrunk
    line and balanced wrapped lines (no word alone on a line), the wrapped ones down to
    :data:`READABLE_PX`; a long line is wrapped rather than shrunk below
    :data:`READABLE_PX` where the room allows, then down to :data:`SMALLEST_PX`, and
    nothing is drawn below that. Text that fits the room no way comes back wrapped at
    :data:`READABLE_PX` (or smaller, to
    :data:`SMALLEST_PX`, where a word is wider than the line): its lines are taller than
    ``room``, and the caller grows the panel.
    """
    full = min(30, max(16, strip_h // 3))
    largest = min(full, max(SMALLEST_PX, round((room - 6) / 1.25)))
    one = fit_text_size(text, width, largest, report=False)
    one_fits = get_font(one).size(text)[0] <= width
    if not text or one_fits and one >= largest:
        return one, [text]
    size, lines = fit_lines(text, width, room, full, READABLE_PX, report=False)
    lines = balanced_lines(text, size, width)
    wrapped_fits = text_height(size, len(lines)) <= room and all(
        get_font(size).size(line)[0] <= width for line in lines
    )
    if wrapped_fits and (size > one or not one_fits or one < READABLE_PX):
        return size, lines
    if one_fits and one >= READABLE_PX:
        return one, [text]
    size, lines = fit_lines(text, width, room, READABLE_PX - 1, SMALLEST_PX, report=False)
    lines = balanced_lines(text, size, width)
    if text_height(size, len(lines)) <= room and all(
        get_font(size).size(line)[0] <= width for line in lines
    ):  # a little smaller, still in the strip
        return size, lines
    # Too long for the room at a readable size: readable lines on a taller panel.
    size = READABLE_PX
    while size > SMALLEST_PX and any(
        get_font(size).size(word)[0] > width for word in text.split(" ")
    ):
        size -= 1
    lines = balanced_lines(text, size, width)
    if any(get_font(size).size(line)[0] > width for line in lines):
        misfit(f"the strip's {text!r} does not fit {width} px even at {size} px")
    return size, lines
