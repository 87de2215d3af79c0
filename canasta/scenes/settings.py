"""The settings screen: every option, its choices side by side, the default marked.

Options that do not apply to the chosen number of players are drawn disabled with the
reason. A change is written to ``settings.toml`` at once through ``on_change``; rule
options and the computer level apply from the next new game, the rest at once.

Options with more than :data:`~canasta.scenes.settings_choices.MAX_PILLS` choices (themes,
deck designs, suit colours) show one choice at a time between arrows that step through the
list (:mod:`canasta.scenes.settings_choices` places and draws a row's choices).

Mouse: click a choice (or an arrow). Keyboard: Up/Down choose the option, Left/Right (or
Enter) change it, Escape goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from canasta.i18n import LANGUAGES, N_, _, format_list, in_every_language
from canasta.persistence.setting_rows import SCREEN_ORDER, SettingInfo, describe
from canasta.persistence.settings import Settings, default_value
from canasta.scenes.base import Scene
from canasta.scenes.settings_choices import draw_pills, draw_stepper, place_choices
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Intent, Key, Move, Wheel
from canasta.ui.looks import label, look_choices
from canasta.ui.paragraphs import (
    LINE_GAP,
    balanced_lines,
    draw_box,
    fit_lines,
    text_height,
    wrap_text,
)
from canasta.ui.pips import draw_star
from canasta.ui.text import MIN_TEXT_PX, blit_text, elide, fit_text_size, get_font, misfit
from canasta.ui.theme import Theme, default_theme, paint_felt
from canasta.ui.widgets import Button

#: The lowest a row may be (px) side by side with its choices, and over them (one column);
#: rows that do not fit the window then scroll.
ROW_PX, STACKED_ROW_PX = 40, 64
#: Rows of one column beside their labels are this tall at the least (px): the list
#: scrolls rather than shrink the choices' words below 12 px lines.
ONE_COLUMN_ROW_PX = 50
#: Windows narrower than this (px) show the rows in one column, each label beside its
#: choices: in two columns of an 800 x 600 window the choices fell to 12 px type and ran
#: into their counts ("Celosía carmesí1/32").
TWO_COLUMNS_PX = 1100
#: Rows this wide (px) or wider keep their labels' column as wide in every language (a
#: window about 1170 px wide or more): the choices stay put when the language changes.
STEADY_ROW_PX = 540
AT_ONCE = N_("applies at once")
NEXT_GAME = N_("applies from the next new game")


@dataclass(frozen=True)
class Option:
    """One row: a settings ``field``, its ``label``, its ``choices`` as (value, word),
    its ``column`` (0: game, 1: table and look), a ``hint`` for the footer and the
    label's catalogue key ``label_id`` (English; "" when there is none to measure)."""

    field: str
    label: str
    choices: tuple[tuple[object, str], ...]
    column: int
    hint: str
    label_id: str = ""

    @classmethod
    def of(cls, info: SettingInfo) -> Option:
        """The row for a setting's description (the hint says when a change applies)."""
        when = _(AT_ONCE) if info.at_once else _(NEXT_GAME)
        hint = _("{help}; {when}").format(help=info.help, when=when)
        return cls(info.field, info.label, info.choices, info.column, hint, info.label_id)


def label_words(option: Option) -> list[str]:
    """``option``'s label in every language the game speaks (the label as shown when it
    has no catalogue key)."""
    return in_every_language(option.label_id) if option.label_id else [option.label]


def options(looks: dict[str, list[str]] | None = None) -> list[Option]:
    """Every option in screen order, as the settings model describes them (``looks``: the
    design names per look field)."""
    names = looks or look_choices()
    return [Option.of(describe(field, names.get(field), label)) for field in SCREEN_ORDER]


def run_language_note(saved: str) -> str:
    """The line under the Language row while ``--language`` holds: the language shown is
    for this run only, and ``saved`` (a language code, "" for the system's) is the one
    saved, e.g. "this run only; saved: Français"."""
    kept = LANGUAGES[saved] if saved in LANGUAGES else _("your system's language")
    return _("this run only; saved: {saved}").format(saved=kept)


class SettingsScene(Scene):
    """Every setting, changed by clicking a choice.

    Args:
        settings: the settings in force (any object with the options' fields as
            attributes, ``shown_value(field)`` (the value a row shows) and
            ``not_applicable(field) -> str | None``).
        on_change: called with ``(field, value)``; returns the settings now in force.
        on_back: leave the screen.
        theme: colours; looks: design names per look field (default: the registry).
        rows: the options to show (default: every setting); title: the heading.
        default_of: the default of a field, marked with a star.
        on_more: when given, a "Rule options" button that calls it.
        column_names: the headings of the two columns.

    Attributes:
        options: the rows; focus: index of the focused row.
        pills: ``(field, value) -> Rect`` of every choice shown side by side (window px),
            set by ``resize``.
        arrows: ``(field, -1 | 1) -> Rect`` of the arrows of options shown one choice at
            a time; ``steppers``: ``field -> Rect`` of the choice between them.
        also: the line saying which other rows the last choice changed (a rules preset
            sets the players), shown instead of the hint until the focus moves, or None.
        notice: a line for the player shown instead of the focused option's hint (a
            setting that could not be written), or None.
        notes: a small line under a row's label, by field (the row still applies): the
            Language row's "this run only; saved: Français" while ``--language`` holds.
    """

    def __init__(
        self,
        settings: Settings,
        on_change: Callable[[str, object], Settings],
        on_back: Callable[[], None],
        *,
        theme: Theme | None = None,
        looks: dict[str, list[str]] | None = None,
        rows: list[Option] | None = None,
        title: str = N_("Settings"),
        default_of: Callable[[str], object] = default_value,
        on_more: Callable[[], None] | None = None,
        column_names: tuple[str, str] = (N_("Game"), N_("Table and look")),
        notes: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.notes = notes or {}
        self.on_change = on_change
        self.theme = theme = theme or default_theme()
        self.options = rows if rows is not None else options(looks)
        self.title = _(title)
        self.column_names = (_(column_names[0]), _(column_names[1]))
        self.default_of = default_of
        self.more_button = (
            Button((0, 0, 1, 1), _("Rule options"), on_more, theme=theme) if on_more else None
        )
        self.focus = 0
        self.pills: dict[tuple[str, object], pygame.Rect] = {}
        self.arrows: dict[tuple[str, int], pygame.Rect] = {}
        self.steppers: dict[str, pygame.Rect] = {}
        self.rows: list[pygame.Rect] = []
        self.headings: list[tuple[str, pygame.Rect]] = []
        self.back_button = Button((0, 0, 1, 1), _("Back"), on_back, theme=theme)
        self.row_h = 40
        self.scroll = 0
        self.max_scroll = 0
        self.label_share = 0.42
        self.also: str | None = None
        self.view = pygame.Rect(0, 0, 0, 0)
        self.notice: str | None = None

    # Layout -----------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out the rows in two columns, or in one when the window is taller than wide
        (each row's choices then on a line of their own under its label); rows that do
        not fit scroll (wheel, or the keyboard focus)."""
        super().resize(size)
        self._layout()
        self.show_focus()  # the row just changed stays in view when the window changes shape
        w, h = self.size
        margin = max(12, w // 40)
        bw, bh = max(140, w // 8), max(38, min(52, h // 16))
        self.back_button.rect = pygame.Rect(0, 0, bw, bh)
        self.back_button.rect.midbottom = (w // 2, h - max(10, h // 60))
        if self.more_button is not None:
            self.more_button.rect = pygame.Rect(0, 0, round(bw * 1.4), bh)
            self.more_button.rect.bottomleft = (margin, h - max(10, h // 60))
            if self.more_button.rect.right + margin > self.back_button.rect.left:
                self.back_button.rect.bottomright = (w - margin, self.back_button.rect.bottom)

    @property
    def narrow(self) -> bool:
        """One column (a window taller than wide)."""
        return self.size[0] < self.size[1]

    def _layout(self) -> None:
        """Place headings, rows and choices at the current scroll (window px)."""
        w, h = self.size
        columns = 1 if self.narrow or w < TWO_COLUMNS_PX else 2
        footer = max(136 if self.narrow else 96, round(h * 0.13), self._footer_px())
        top, bottom = round(h * 0.12), h - footer
        self.view = pygame.Rect(0, top - 4, w, bottom - top + 4)
        margin = max(12, w // 40)
        col_w = (w - margin * (columns + 1)) // columns
        per_column = [[o for o in self.options if min(o.column, columns - 1) == c]
                      for c in range(columns)]  # fmt: skip
        slots = max(len(c) + (1 if columns == 2 else 0) for c in per_column)
        slots += 2 if columns == 1 else 0
        lowest = STACKED_ROW_PX if self.narrow else ONE_COLUMN_ROW_PX if columns == 1 else ROW_PX
        tallest = 80 if self.narrow else 62
        self.row_h = max(lowest, min(tallest, (bottom - top) // max(1, slots)))
        content = slots * self.row_h
        # The labels' column: wide enough for the longest label at the rows' text size
        # (so no label shrinks alone), within 36-52 % of the row. In rows of STEADY_ROW_PX
        # or more it is measured in every language, so the choices stay where they are
        # when the Language row changes the words: its left arrow moved 50 px under the
        # pointer into German and out of it (play10), and a second click there missed
        # it. In narrower rows the choices need that room to read (three choices in a
        # row of a 960 x 600 window fell to 13 px) and the column follows the language.
        font = get_font(self.text_px())
        labels = [word for o in self.options for word in label_words(o)]
        if col_w < STEADY_ROW_PX:
            labels = [o.label for o in self.options]
        widest = max(font.size(label)[0] for label in labels) + 24
        self.label_share = max(0.36, min(0.52, widest / max(1, col_w)))
        self.max_scroll = max(0, content - (bottom - top))
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        self.rows, self.pills, self.headings = [], {}, []
        self.arrows, self.steppers = {}, {}
        names = self.column_names
        y_col = [top - self.scroll] * columns
        for option in self.options:
            c = min(option.column, columns - 1)
            x = margin + c * (col_w + margin)
            if not any(t == names[option.column] for t, _rect in self.headings):
                self.headings.append((names[option.column], pygame.Rect(x, y_col[c], col_w,
                                                                        self.row_h)))  # fmt: skip
                y_col[c] += self.row_h
            row = pygame.Rect(x, y_col[c], col_w, self.row_h - 6)
            self.rows.append(row)
            self._place_pills(option, row)
            y_col[c] += self.row_h

    def _footer_px(self) -> int:
        """Room (px) under the rows for the buttons, the star's legend when it stands
        above them, and every row's hint read at 12 px, however many lines it takes."""
        w, h = self.size
        margin, bh = max(12, w // 40), max(38, min(52, h // 16))
        beside = (
            self.more_button is None
            or margin + round(max(140, w // 8) * 1.4) + margin <= (w - max(140, w // 8)) // 2
        )
        lines = max(
            len(wrap_text(_("{label}: {hint}.").format(label=o.label, hint=o.hint),
                          MIN_TEXT_PX, w - 32, report=False))
            for o in self.options
        )  # fmt: skip
        legend = 0 if beside else 20  # the star's legend at its largest
        return bh + max(10, h // 60) + legend + 14 + text_height(MIN_TEXT_PX, lines)

    def scroll_by(self, pixels: int) -> None:
        """Scroll the rows ``pixels`` down the list (negative: up), within the list."""
        before = self.scroll
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))
        if self.scroll != before:
            self._layout()

    def show_focus(self) -> None:
        """Scroll so the focused row is wholly in view."""
        row = self.rows[self.focus]
        top, bottom = self.view.top + 4, self.view.bottom
        if row.top < top:
            self.scroll_by(row.top - top - (self.row_h if self.focus == 0 else 0))
        elif row.bottom > bottom:
            self.scroll_by(row.bottom - bottom + 6)

    def _label_h(self) -> int:
        """Height (px) of a stacked row's label line."""
        return round(self.row_h * 0.36)

    def _place_pills(self, option: Option, row: pygame.Rect) -> None:
        if self.narrow:
            label_h = self._label_h()
            area = pygame.Rect(row.x + 4, row.y + label_h, row.width - 8, row.height - label_h - 2)
        else:
            label_w = round(row.width * self.label_share)
            area = pygame.Rect(row.x + label_w, row.y + 4,
                               row.width - label_w - 8, row.height - 8)  # fmt: skip
        pills, arrows, stepper = place_choices(option, area, self.default_of(option.field))
        for value, rect in pills.items():
            self.pills[(option.field, value)] = rect
        if arrows is not None and stepper is not None:
            self.arrows[(option.field, -1)], self.arrows[(option.field, 1)] = arrows
            self.steppers[option.field] = stepper

    # Input ------------------------------------------------------------------------------------

    def reason(self, option: Option) -> str | None:
        """Why ``option`` is disabled now (None: it applies)."""
        return self.settings.not_applicable(option.field)

    def choose(self, field: str, value: object) -> bool:
        """Set ``field`` to ``value`` through ``on_change``; False if the option is
        disabled or the value is already set."""
        option = next(o for o in self.options if o.field == field)
        if self.reason(option) is not None or getattr(self.settings, field) == value:
            return False
        before = {o.field: self.settings.shown_value(o.field) for o in self.options}
        self.settings = self.on_change(field, value)
        self.also = self._also_changed(option, before)
        return True

    def _also_changed(self, chosen: Option, before: dict[str, object]) -> str | None:
        """The line saying which other rows a choice changed with it (a rules preset sets
        the players and the table's options), or None when it changed no other row."""
        changes = []
        for option in self.options:
            now = self.settings.shown_value(option.field)
            if option is chosen or before[option.field] == now:
                continue
            word = next((w for v, w in option.choices if v == now), str(now))
            changes.append(_("{row}: {value}").format(row=option.label, value=word))
        if not changes:
            return None
        word = next((w for v, w in chosen.choices if v == getattr(self.settings, chosen.field)),
                    "")  # fmt: skip
        return _("{choice} also set {changes}.").format(
            choice=word or chosen.label, changes=format_list(changes)
        )

    def _step(self, delta: int, option: Option | None = None) -> None:
        option = option or self.options[self.focus]
        values = [v for v, _word in option.choices]
        current = getattr(self.settings, option.field)
        index = values.index(current) if current in values else 0
        self.choose(option.field, values[(index + delta) % len(values)])

    def move_focus(self, delta: int) -> None:
        """Focus the next row (``delta`` 1) or the one before (-1) that applies now."""
        n = len(self.options)
        for step in range(1, n + 1):
            index = (self.focus + delta * step) % n
            if self.reason(self.options[index]) is None:
                self.focus = index
                self.also = None
                return

    def handle(self, intent: Intent) -> bool:
        """Clicks choose; Up/Down focus a row; Left/Right/Enter change it; Escape: back."""
        if isinstance(intent, Move):
            self.back_button.update_hover(intent.pos)
            if self.more_button is not None:
                self.more_button.update_hover(intent.pos)
            return False
        if isinstance(intent, Click) and intent.button == 1:
            if self.back_button.hit(intent.pos):
                return self.back_button.click()
            if self.more_button is not None and self.more_button.hit(intent.pos):
                return self.more_button.click()
            if not self.view.collidepoint(intent.pos):
                return False
            for (field, value), rect in self.pills.items():
                if rect.collidepoint(intent.pos):
                    self.focus = next(i for i, o in enumerate(self.options) if o.field == field)
                    self.choose(field, value)
                    return True
            steps = [(key, rect) for key, rect in self.arrows.items()]
            steps += [((field, 1), rect) for field, rect in self.steppers.items()]
            for (field, delta), rect in steps:
                if rect.collidepoint(intent.pos):
                    self.focus = next(i for i, o in enumerate(self.options) if o.field == field)
                    if self.reason(self.options[self.focus]) is None:
                        self._step(delta)
                    return True
            return False
        if isinstance(intent, Wheel):
            self.scroll_by(-intent.steps * self.row_h)
            return True
        if isinstance(intent, Key):
            key = intent.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return self.back_button.click()
            if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                back = key == pygame.K_UP or bool(intent.mod & pygame.KMOD_SHIFT)
                self.move_focus(-1 if back else 1)
                self.show_focus()
            elif key == pygame.K_LEFT:
                self._step(-1)
            elif key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._step(1)
            else:
                return False
            return True
        return False

    # Drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Title, headings, rows of choices (clipped to the scrolled list, with a scroll
        bar when it scrolls), the footer hint, the star's legend and the buttons."""
        t = self.theme
        paint_felt(surface, t)
        w, h = self.size
        title = max(28, h // 15)
        draw_box(surface, self.title, pygame.Rect(16, round(h * 0.055 - title * 0.6), w - 32,
                 round(title * 1.2)), title, t.text, bold=True)  # fmt: skip
        size = self.text_px()
        clip = surface.get_clip()
        surface.set_clip(self.view.clip(clip))
        for text, rect in self.headings:
            blit_text(surface, text, size + 2, t.accent, bold=True,
                      midleft=(rect.x + 8, rect.centery + 4))  # fmt: skip
        for i, (option, row) in enumerate(zip(self.options, self.rows, strict=True)):
            if row.colliderect(self.view):
                self._draw_row(surface, option, row, size, i == self.focus)
        surface.set_clip(clip)
        if self.max_scroll:
            self._draw_scroll_bar(surface)
        option = self.options[self.focus]
        footer_top = self.back_button.rect.top
        if self.more_button is not None:
            footer_top = min(footer_top, self.more_button.rect.top)
        line, color = _("{label}: {hint}.").format(label=option.label, hint=option.hint), t.text_dim
        if self.also:  # a choice that changed other rows says so
            line, color = self.also, t.accent
        if self.notice:  # a setting that could not be written: the player must know
            line, color = self.notice, t.accent
        legend_px = max(MIN_TEXT_PX + 1, size - 6)
        beside = self.back_button.rect.centerx == w // 2
        legend_y = self.back_button.rect.centery if beside else footer_top - legend_px
        room = (legend_y if not beside else footer_top) - self.view.bottom - 8
        largest = max(MIN_TEXT_PX + 3, size - 4)
        fit, lines = fit_lines(line, w - 32, max(room, largest), largest, MIN_TEXT_PX)
        step = round(fit * LINE_GAP)
        y = self.view.bottom + 6 + max(0, (room - text_height(fit, len(lines))) // 2)
        shown = max(1, sum(1 for n in range(1, len(lines) + 1) if text_height(fit, n) <= room))
        if shown < len(lines):
            misfit(f"{len(lines) - shown} lines of {line[:40]!r}... fall below the rows' hint")
        for text in lines[:shown]:
            blit_text(surface, text, fit, color, center=(w // 2, y + fit // 2))
            y += step
        legend = blit_text(surface, _("marks the default"), legend_px, t.text_dim,
                           midright=(w - 16, legend_y))  # fmt: skip
        draw_star(surface, (legend.left - legend.height, legend.centery), legend.height, t.text_dim)
        self.back_button.draw(surface)
        if self.more_button is not None:
            self.more_button.draw(surface)

    def text_px(self) -> int:
        """The size (px) of the rows' labels."""
        if self.narrow:
            return max(16, min(24, round(self._label_h() * 0.7)))
        return max(14, min(26, round(self.row_h * 0.42)))

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(self.size[0] - 7, self.view.y + 4, 4, self.view.height - 8)
        shown = self.view.height / (self.view.height + self.max_scroll)
        bar = pygame.Rect(track.x, 0, track.width, max(24, round(track.height * shown)))
        bar.y = track.y + round((track.height - bar.height) * self.scroll / self.max_scroll)
        pygame.draw.rect(surface, self.theme.text_dim, bar, border_radius=2)

    def _draw_row(
        self, surface: pygame.Surface, option: Option, row: pygame.Rect, size: int, focus: bool
    ) -> None:
        t = self.theme
        reason = self.reason(option)
        if focus:
            draw_panel(surface, row.inflate(8, 2), t.frost, 10)
            pygame.draw.rect(surface, t.accent, row.inflate(8, 2), 2, border_radius=10)
        color = t.text if reason is None else t.text_dim
        note = reason if reason is not None else self.notes.get(option.field)
        if self.narrow:  # the label on its own line, the reason beside it
            mid = row.y + self._label_h() // 2 + 2
            label = blit_text(surface, option.label, size, color, midleft=(row.x + 8, mid))
            if note is not None:
                blit_text(surface, f"({note})", max(MIN_TEXT_PX, size - 4), t.text_dim,
                          midleft=(label.right + 8, mid))  # fmt: skip
        else:
            label_w = round(row.width * self.label_share) - 12
            fit = min(size, fit_text_size(option.label, label_w, size))
            if note is None:
                blit_text(surface, option.label, fit, color, midleft=(row.x + 8, row.centery))
            else:  # the note in the label's width, on two lines if need be (clear of ◀)
                small = max(MIN_TEXT_PX, min(fit - 6, fit_text_size(f"({note})", label_w, fit - 6,
                                                                    report=False)))  # fmt: skip
                lines = balanced_lines(f"({note})", small, label_w)
                if len(lines) > 2:  # a third would lie over the next row: the rest cut
                    lines = wrap_text(f"({note})", small, label_w, report=False)
                    lines = [lines[0], elide(" ".join(lines[1:]), label_w, small)]
                mid = row.centery - fit // 3
                blit_text(surface, option.label, fit, color, midleft=(row.x + 8, mid))
                below = row.centery + fit // 2  # a second line reaches into the gap below
                for i, line in enumerate(lines):
                    blit_text(surface, line, small, t.text_dim,
                              midleft=(row.x + 8, below + i * (small + 1)))  # fmt: skip
        current = self.settings.shown_value(option.field)
        default = self.default_of(option.field)
        field, disabled = option.field, reason is not None
        if field in self.steppers:
            arrows = (self.arrows[(field, -1)], self.arrows[(field, 1)])
            draw_stepper(surface, t, option, self.steppers[field], arrows, current, default,
                         disabled)  # fmt: skip
        else:
            pills = {value: self.pills[(field, value)] for value, _word in option.choices}
            draw_pills(surface, t, option, pills, current, default, disabled)
