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
from canasta.ui.text import blit_text, fit_text_size
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

    def refresh(self, panel: pygame.Rect) -> None:
        """Read the summaries and lay the rows out in ``panel`` (px)."""
        self.panel = pygame.Rect(panel)
        self.rows = self.load()[:MAX_ROWS]
        row_h = self.row_height
        bw = max(90, min(150, panel.width // 8))
        self.buttons = []
        for i, summary in enumerate(self.rows):
            y = panel.y + row_h * (i + 1)
            rect = pygame.Rect(panel.x + 12, y, panel.width - 24, row_h - 4)
            button = Button((rect.right - bw, rect.y + 3, bw, rect.height - 6), _("Replay"),
                            self._replay(i), theme=self.theme)  # fmt: skip
            button.enabled = summary.error is None
            self.buttons.append((button, rect))

    @property
    def row_height(self) -> int:
        """Height of a row (px): the panel holds a heading and :data:`MAX_ROWS` rows."""
        return max(28, self.panel.height // (MAX_ROWS + 1))

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
        for i, ((button, rect), summary) in enumerate(zip(self.buttons, self.rows, strict=True)):
            if i % 2 == 0:
                draw_panel(surface, rect, (255, 255, 255, 18), 6)
            when, what, result = describe(summary)
            room = button.rect.x - rect.x - 24
            # when, what game (the rules' name first), how it ended
            cols = (rect.x + 8, rect.x + 8 + room * 23 // 100, rect.x + 8 + room * 62 // 100)
            widths = (room * 21 // 100, room * 37 // 100, room * 38 // 100)
            color = t.text if summary.error is None else t.text_dim
            for text, x, width in zip((when, what, result), cols, widths, strict=True):
                if text and width > 0:
                    fit = min(size, fit_text_size(text, width, size))
                    blit_text(surface, text, fit, color, midleft=(x, rect.centery))
            button.draw(surface)
