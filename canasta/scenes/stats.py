"""The stats screen: the person's record per kind of game (2 or 4 players, full or quick)
for one rules preset at a time or all of them together (a chooser under the title, as in
Settings: ``< Classic  2 / 6 >``), a reset that asks first, and the list of recent games
with a Replay button each.

Escape or Back leaves; R asks to reset; G switches between the stats and recent games;
Left and Right step through the presets.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from canasta.engine.rules import PRESETS
from canasta.i18n import N_, _, ngettext, number, percent
from canasta.persistence.records import RecordSummary
from canasta.persistence.stats import KINDS, StatLine, Stats
from canasta.scenes.base import Scene
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.recent_games import RecentGames
from canasta.scenes.settings_choices import GAP, draw_stepper
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Intent, Key, Move, Wheel
from canasta.ui.paragraphs import LINE_GAP, balanced_lines, fit_box, fit_lines, text_height
from canasta.ui.text import MIN_TEXT_PX, blit_text, get_font
from canasta.ui.theme import Theme, default_theme, paint_felt
from canasta.ui.widgets import Button

#: Column headings per kind.
KIND_TITLES = {"2p-full": N_("2 players, full"), "2p-quick": N_("2 players, quick"),
               "4p-full": N_("4 players, full"), "4p-quick": N_("4 players, quick")}  # fmt: skip


def table_text_size(
    labels: list[str], figures: list[str], label_box: pygame.Rect, figure_w: int, largest: int
) -> int:
    """One font size (px) for every row label and figure of the table, so it reads as one
    table: the smallest size :func:`~canasta.ui.paragraphs.fit_box` gives a label in
    ``label_box`` (wrapped if need be) from ``largest``, made smaller while a figure is
    wider than ``figure_w`` px; never below :data:`~canasta.ui.text.MIN_TEXT_PX`."""
    size = min(fit_box(label, label_box, largest)[0] for label in labels)
    font = get_font(size)
    while size > MIN_TEXT_PX and max(font.size(f)[0] for f in figures) > figure_w:
        size -= 1
        font = get_font(size)
    return size


#: The chooser's first choice: every preset together.
ALL_PRESETS = ""


class PresetChoices:
    """The rules presets the stats can be shown for: every preset together, then each
    preset by the engine's order, as ``(value, word)`` (value: the preset's English name,
    or :data:`ALL_PRESETS`), the words in the language in use."""

    @property
    def choices(self) -> tuple[tuple[object, str], ...]:
        """``(value, word)`` per choice, "All presets" first."""
        return ((ALL_PRESETS, _("All presets")), *((name, _(name)) for name in PRESETS))


def _number(value: int | None) -> str:
    return "\u2014" if value is None else number(value)


def stat_rows(line: StatLine) -> list[tuple[str, str]]:
    """The screen's rows for one kind: ``(label, text)``."""
    rate = line.win_rate
    return [
        (_("Games played"), _number(line.games_played)),
        (_("Games won"), _number(line.games_won)),
        (_("Games abandoned"), _number(line.games_abandoned)),
        (_("Win rate"), "\u2014" if rate is None else percent(rate)),
        (_("Highest winning score"), _number(line.highest_winning_score)),
        (_("Highest hand score"), _number(line.best_hand_score)),
        (_("Natural canastas"), _number(line.natural_canastas)),
        (_("Mixed canastas"), _number(line.mixed_canastas)),
        (_("Red threes scored"), _number(line.red_threes)),
        (_("Went out"), _number(line.went_out)),
        (_("Went out concealed"), _number(line.went_out_concealed)),
        (_("Current win streak"), _number(line.current_streak)),
        (_("Best win streak"), _number(line.best_streak)),
    ]


class StatsScene(Scene):
    """The record, four columns of thirteen rows, for the preset chosen.

    Args:
        stats: read each frame (so a reset shows at once).
        on_reset: forget every stat (called after the player confirmed).
        on_back: leave the screen.
        recent: the recent games' summaries, newest first (None: no list offered).
        on_replay: open a record (its path) in the replay scene; returns why it cannot
            be replayed, or None.
        show_games: open on the list of recent games.
        preset: the preset shown first (its English name, or :data:`ALL_PRESETS`); None:
            the preset of the person's latest game counted, else all presets.

    Attributes:
        preset: the preset whose figures are shown (:data:`ALL_PRESETS`: all together).
        chooser, arrows: the chooser's rect and its two arrows (back, on), window px.
    """

    def __init__(
        self,
        stats: Callable[[], Stats],
        on_reset: Callable[[], None],
        on_back: Callable[[], None],
        *,
        theme: Theme | None = None,
        recent: Callable[[], list[RecordSummary]] | None = None,
        on_replay: Callable[[Path], str | None] | None = None,
        show_games: bool = False,
        preset: str | None = None,
    ) -> None:
        super().__init__()
        self.stats = stats
        self.presets = PresetChoices()
        values = [value for value, _word in self.presets.choices]
        if preset is None:
            preset = stats().latest_preset
        self.preset = preset if preset in values else ALL_PRESETS
        self.chooser = pygame.Rect(0, 0, 0, 0)
        self.arrows = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.on_reset = on_reset
        self.theme = theme = theme or default_theme()
        self.reset_button = Button((0, 0, 1, 1), _("Reset stats"), self.ask_reset, theme=theme)
        self.back_button = Button((0, 0, 1, 1), _("Back"), on_back, theme=theme)
        self.buttons = [self.back_button, self.reset_button]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.games: RecentGames | None = None
        self.showing_games = False
        if recent is not None:
            self.games = RecentGames(recent, on_replay or (lambda path: None), theme)
            self.games_button = Button((0, 0, 1, 1), _("Recent games"), self.toggle_games,
                                       theme=theme)  # fmt: skip
            self.buttons.append(self.games_button)
            self.showing_games = show_games
            self.games_button.label = _("Stats") if show_games else _("Recent games")

    def toggle_games(self) -> None:
        """Switch between the stats and the list of recent games."""
        if self.games is None:
            return
        self.showing_games = not self.showing_games
        self.games_button.label = _("Stats") if self.showing_games else _("Recent games")
        self.resize(self.size)  # the chooser shows with the stats only

    def step_preset(self, delta: int) -> None:
        """Show the figures of the next (``delta`` 1) or previous (-1) preset."""
        values = [value for value, _word in self.presets.choices]
        self.preset = str(values[(values.index(self.preset) + delta) % len(values)])

    def ask_reset(self) -> None:
        """Ask "Reset all stats?" in a dialog; yes calls ``on_reset``."""
        if self.manager is not None:
            question = _("Reset all stats? This cannot be undone.")
            self.manager.push(ConfirmDialog(question, self.on_reset, yes=_("Reset"),
                                            no=_("Keep"), theme=self.theme))  # fmt: skip

    def resize(self, size: tuple[int, int]) -> None:
        """The chooser under the title (with the stats only), the table panel and the
        buttons under it."""
        super().resize(size)
        w, h = self.size
        m = max(12, w // 40)
        bh = max(38, min(52, h // 16))
        top = round(h * 0.12)
        if not self.showing_games:
            ch = max(30, min(44, h // 18))
            self.chooser = pygame.Rect(0, 0, min(w - 2 * m, 480), ch)
            self.chooser.midtop = (w // 2, round(h * 0.105))
            side = ch
            self.arrows = (
                pygame.Rect(self.chooser.x, self.chooser.y, side, side),
                pygame.Rect(self.chooser.right - side, self.chooser.y, side, side),
            )
            top = self.chooser.bottom + max(8, m // 2)
        self.panel = pygame.Rect(m, top, w - 2 * m, h - top - bh - 3 * m)
        n = len(self.buttons)
        bw = min(max(150, w // 7), (w - 2 * m - 24 * (n - 1)) // n)
        y = h - bh - m
        x = (w - n * bw - 24 * (n - 1)) // 2
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(x + i * (bw + 24), y, bw, bh)
        if self.games is not None and self.showing_games:
            self.games.refresh(self.panel)

    def handle(self, intent: Intent) -> bool:
        """Buttons by click; Escape leaves; R asks to reset; the chooser's arrows (or Left
        and Right) step the preset, a click on the chooser steps on."""
        games = self.games if self.showing_games else None
        if isinstance(intent, Move):
            for button in self.buttons:
                button.update_hover(intent.pos)
            if games is not None:
                games.hover(intent.pos)
        elif isinstance(intent, Click) and intent.button == 1:
            for button in self.buttons:
                if button.hit(intent.pos):
                    return button.click()
            if games is not None:
                return games.click(intent.pos)
            if not self.showing_games:
                for delta, arrow in zip((-1, 1), self.arrows, strict=True):
                    if arrow.collidepoint(intent.pos):
                        self.step_preset(delta)
                        return True
                if self.chooser.collidepoint(intent.pos):
                    self.step_preset(1)
                    return True
        elif isinstance(intent, Wheel) and games is not None:
            games.scroll_by(-intent.steps * games.row_height)
            return True
        elif isinstance(intent, Key):
            if intent.key in (pygame.K_UP, pygame.K_DOWN) and games is not None:
                games.scroll_by(games.row_height * (1 if intent.key == pygame.K_DOWN else -1))
                return True
            if intent.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return self.back_button.click()
            if intent.key == pygame.K_r:
                self.ask_reset()
                return True
            if intent.key == pygame.K_g and self.games is not None:
                self.toggle_games()
                return True
            if intent.key in (pygame.K_LEFT, pygame.K_RIGHT) and not self.showing_games:
                self.step_preset(-1 if intent.key == pygame.K_LEFT else 1)
                return True
        return False

    def in_progress_note(self) -> str:
        """The line under the table while the figures shown hold hands of a game not yet
        over ("" when they hold none): they count its hands, and the games count it only
        once it ends."""
        hands = self.stats().hands_in_progress(self.preset)
        if not hands:
            return ""
        return ngettext(
            "Includes {n} hand of the game in progress, counted as a game once it ends.",
            "Includes {n} hands of the game in progress, counted as a game once it ends.",
            hands,
        ).format(n=number(hands))

    def _draw_note(self, surface: pygame.Surface) -> None:
        """:meth:`in_progress_note` in the gap between the table and the buttons."""
        note = self.in_progress_note()
        if not note:
            return
        top, bottom = self.panel.bottom, min(b.rect.top for b in self.buttons)
        box = pygame.Rect(self.panel.x + 8, top + 2, self.panel.width - 16, bottom - top - 4)
        size, lines = fit_box(note, box, 18)
        step = round(size * LINE_GAP)
        y = box.centery - text_height(size, len(lines)) / 2 + size / 2
        for i, line in enumerate(lines):
            blit_text(surface, line, size, self.theme.text, center=(box.centerx, y + i * step))

    def draw(self, surface: pygame.Surface) -> None:
        """Title, the preset chooser, the table (a column per kind of game), the note on a
        game in progress and the buttons."""
        t = self.theme
        paint_felt(surface, t)
        w, h = self.size
        blit_text(surface, _("Stats"), max(28, h // 15), t.text, bold=True,
                  center=(w // 2, round(h * 0.06)))  # fmt: skip
        panel = self.panel
        draw_panel(surface, panel, t.frost, 16)
        if self.games is not None and self.showing_games:
            self.games.draw(surface)
            for button in self.buttons:
                button.draw(surface)
            return
        stepper = self.chooser.inflate(-2 * (self.chooser.height + GAP), 0)
        draw_stepper(surface, t, self.presets, stepper, self.arrows, self.preset,
                     default=None, disabled=False)  # fmt: skip
        stats = self.stats()
        rows = [stat_rows(stats.line(kind, self.preset)) for kind in KINDS]
        n = len(rows[0]) + 1
        # The header row is two rows high, above the first row's band: two-line headers
        # ran into "Games played" at 800 x 600.
        row_h = panel.height / (n - 1 + 2.25)
        head_h = 2 * row_h
        size = max(12, min(26, round(row_h * 0.55)))
        label_w = round(panel.width * 0.32)
        if row_h < text_height(MIN_TEXT_PX, 2) + 4:  # rows too low for a label in two lines
            widest = max(get_font(MIN_TEXT_PX).size(row[0])[0] for row in rows[0]) + 28
            label_w = max(label_w, min(widest, round(panel.width * 0.55)))
        col_w = (panel.width - label_w - 20) / len(KINDS)
        box = pygame.Rect(0, panel.y + 4, round(col_w) - 8, round(head_h) - 8)
        titles = [_(KIND_TITLES[kind]) for kind in KINDS]
        head = min(fit_lines(title, box.width, box.height, size, MIN_TEXT_PX,
                             report=False, bold=True)[0] for title in titles)  # fmt: skip
        step = round(head * LINE_GAP)
        for k, title in enumerate(titles):  # one size for the whole header row
            box.centerx = round(panel.x + label_w + col_w * (k + 0.5))
            lines = balanced_lines(title, head, box.width, bold=True)
            top = box.centery - text_height(head, len(lines)) / 2 + head / 2
            for i, line in enumerate(lines):
                blit_text(surface, line, head, t.accent, bold=True,
                          center=(box.centerx, top + i * step))  # fmt: skip
        box = pygame.Rect(panel.x + 20, 0, label_w - 24, round(row_h) - 4)
        figures = [row[1] for column in rows for row in column]
        text = table_text_size([row[0] for row in rows[0]], figures, box, round(col_w) - 8, size)
        step = round(text * LINE_GAP)
        for r in range(n - 1):
            y = panel.y + head_h + row_h * (r + 0.5)
            if r % 2 == 0:
                band = pygame.Rect(panel.x + 8, round(y - row_h / 2), panel.width - 16,
                                   round(row_h))  # fmt: skip
                draw_panel(surface, band, (255, 255, 255, 18), 6)
            lines = balanced_lines(rows[0][r][0], text, box.width)
            top = y - text_height(text, len(lines)) / 2 + text / 2
            for i, line in enumerate(lines):
                blit_text(surface, line, text, t.text, midleft=(box.x, top + i * step))
            for k in range(len(KINDS)):
                x = panel.x + label_w + col_w * (k + 0.5)
                blit_text(surface, rows[k][r][1], text, t.text, center=(x, y))
        self._draw_note(surface)
        for button in self.buttons:
            button.draw(surface)
