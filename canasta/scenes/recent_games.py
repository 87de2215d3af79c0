"""The stats screen's list of recent games, each with a Replay button.

A panel helper, not a scene: the stats scene lays it out in its panel, draws it and
offers it clicks. Rows come from the game records on disk (newest first); a record that
cannot be read or replayed says so in a plain line (its date and game when known) with
no button, and its reason goes to the log.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from pathlib import Path

import pygame

from canasta.i18n import _, date_time, ngettext, number
from canasta.persistence.records import RecordSummary
from canasta.ui.effects import draw_panel
from canasta.ui.paragraphs import LINE_GAP, text_height
from canasta.ui.text import MIN_TEXT_PX, blit_text, fit_text_size, get_font
from canasta.ui.theme import Theme
from canasta.ui.widgets import Button

log = logging.getLogger(__name__)

#: Rows shown at most (the newest games).
MAX_ROWS = 10


def describe(summary: RecordSummary) -> tuple[str, str, str]:
    """The row's words: (when, what game, how it ended). A record that cannot be replayed
    keeps what is known of it (its date and game when it was read, "A game record" when
    not) and says so plainly; the technical reason goes to the log only."""
    if summary.error is not None and not summary.players:
        return ("", _("A game record"), _("This game cannot be replayed."))
    when = date_time(summary.finished_at) if summary.finished_at else ""
    what = ngettext(
        "{players} players, {n} hand", "{players} players, {n} hands", summary.hands
    ).format(players=summary.players, n=summary.hands)
    # The rules played: the preset's name, or own rules (a preset with options changed).
    rules = _(summary.preset) if summary.preset else _("Own rules")
    what = _("{rules} · {game}").format(rules=rules, game=what)
    if summary.error is not None:
        return (when, what, _("This game cannot be replayed."))
    us, them = number(summary.totals[0]), number(summary.totals[1])
    result = {
        True: _("You won, {us} to {them}"),
        False: _("You lost, {us} to {them}"),
        None: _("You tied, {us} to {them}"),
    }[summary.won]
    return (when, what, result.format(us=us, them=them))


class RecentGames:
    """Rows of recent games with their Replay buttons.

    Args:
        load: the summaries to show, newest first (called when the list is shown).
        on_replay: called with a record's path when its Replay button is pressed; returns
            why it cannot be replayed (the row then shows it), or None.
        theme: colours.
    """

    def __init__(
        self,
        load: Callable[[], list[RecordSummary]],
        on_replay: Callable[[Path], str | None],
        theme: Theme,
    ) -> None:
        self.load = load
        self.on_replay = on_replay
        self.theme = theme
        self.rows: list[RecordSummary] = []
        self.buttons: list[tuple[Button, pygame.Rect]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.stacked = False
        self.scroll = 0
        self.max_scroll = 0

    def refresh(self, panel: pygame.Rect) -> None:
        """Read the summaries and lay the rows out in ``panel`` (px)."""
        self.panel = pygame.Rect(panel)
        self.rows = self.load()[:MAX_ROWS]
        bw = max(90, min(150, panel.width // 8))
        # A window too narrow for a game's three columns at 12 px shows each game in two
        # lines (what game; when and how it ended), and the list scrolls.
        room = panel.width - 24 - bw - 24
        font = get_font(MIN_TEXT_PX)
        self.stacked = any(
            font.size(text)[0] > width
            for summary in self.rows
            for text, width in zip(describe(summary), _widths(room), strict=True)
        )
        row_h = self.row_height
        self.max_scroll = max(0, row_h * len(self.rows) + 8 - (panel.height - row_h))
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        self.buttons = []
        for i, summary in enumerate(self.rows):
            y = panel.y + row_h * (i + 1) - self.scroll
            rect = pygame.Rect(panel.x + 12, y, panel.width - 24, row_h - 4)
            button = Button((rect.right - bw, rect.y + 3, bw, rect.height - 6), _("Replay"),
                            self._replay(i), theme=self.theme)  # fmt: skip
            button.enabled = summary.error is None
            self.buttons.append((button, rect))

    @property
    def row_height(self) -> int:
        """Height of a row (px): the panel holds a heading and :data:`MAX_ROWS` rows, or
        more when each game takes two lines."""
        if self.stacked:
            return max(28, text_height(MIN_TEXT_PX + 1, 2) + 12)
        return max(28, self.panel.height // (MAX_ROWS + 1))

    @property
    def view(self) -> pygame.Rect:
        """The part of the panel the rows show in (under the heading), window px."""
        row_h = self.row_height
        return pygame.Rect(self.panel.x, self.panel.y + row_h - 2, self.panel.width,
                           self.panel.height - row_h)  # fmt: skip

    def scroll_by(self, pixels: int) -> None:
        """Move the list ``pixels`` px on (negative: back up), within its rows."""
        before = self.scroll
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))
        if self.scroll != before:
            for button, rect in self.buttons:
                button.rect.y -= self.scroll - before
                rect.y -= self.scroll - before

    def _replay(self, row: int) -> Callable[[], None]:
        def press() -> None:
            error = self.on_replay(self.rows[row].path)
            if error is not None:
                log.warning("recent game %s cannot be replayed: %s", self.rows[row].path, error)
                self.rows[row] = dataclasses.replace(self.rows[row], error=error)
                self.buttons[row][0].enabled = False

        return press

    def click(self, pos: tuple[int, int]) -> bool:
        """Press the Replay button under ``pos``; True if one was pressed."""
        if not self.view.collidepoint(pos):
            return False
        return any(button.hit(pos) and button.click() for button, _rect in self.buttons)

    def hover(self, pos: tuple[int, int]) -> None:
        """Light the button under the pointer."""
        for button, _rect in self.buttons:
            button.update_hover(pos)

    def draw(self, surface: pygame.Surface) -> None:
        """The heading, then a row per game (or a line saying there are none)."""
        t, panel, row_h = self.theme, self.panel, self.row_height
        size = max(13, min(24, round(row_h * 0.45)))
        blit_text(surface, _("Recent games"), size + 2, t.accent, bold=True,
                  midleft=(panel.x + 20, panel.y + row_h // 2 + 4))  # fmt: skip
        if not self.rows:
            blit_text(surface, _("No finished games yet (with Keep replays on)."), size,
                      t.text_dim, center=panel.center)  # fmt: skip
            return
        clip = surface.get_clip()
        surface.set_clip(self.view.clip(clip))
        for i, ((button, rect), summary) in enumerate(zip(self.buttons, self.rows, strict=True)):
            if not rect.colliderect(self.view):
                continue
            if i % 2 == 0:
                draw_panel(surface, rect, (255, 255, 255, 18), 6)
            when, what, result = describe(summary)
            room = button.rect.x - rect.x - 24
            color = t.text if summary.error is None else t.text_dim
            if self.stacked:
                small = MIN_TEXT_PX + 1
                step = round(small * LINE_GAP)
                top = rect.centery - text_height(small, 2) / 2 + small / 2
                places = [(what, rect.x + 8, room + 8, top),
                          (when, rect.x + 8, room * 35 // 100, top + step),
                          (result, rect.x + 8 + room * 37 // 100, room * 63 // 100 + 8,
                           top + step)]  # fmt: skip
            else:  # when, what game (the rules' name first), how it ended
                cols = (rect.x + 8, rect.x + 8 + room * 23 // 100, rect.x + 8 + room * 62 // 100)
                places = [(text, x, width, rect.centery) for text, x, width in
                          zip((when, what, result), cols, _widths(room), strict=True)]  # fmt: skip
            for text, x, width, y in places:
                if text and width > 0:
                    fit = min(size, fit_text_size(text, width, size))
                    blit_text(surface, text, fit, color, midleft=(x, y))
            button.draw(surface)
        surface.set_clip(clip)
        if self.max_scroll:
            view = self.view
            track = pygame.Rect(view.right - 7, view.y + 4, 4, view.height - 8)
            shown = view.height / (view.height + self.max_scroll)
            bar = pygame.Rect(track.x, 0, track.width, max(24, round(track.height * shown)))
            bar.y = track.y + round((track.height - bar.height) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, t.text_dim, bar, border_radius=2)


def _widths(room: int) -> tuple[int, int, int]:
    """The one-line row's column widths (px) for when, what game and how it ended, in
    ``room`` px."""
    return room * 21 // 100, room * 37 // 100, room * 38 // 100
