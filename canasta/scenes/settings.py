"""The settings screen: every option, its choices side by side, the default marked.

Options that do not apply to the chosen number of players are drawn disabled with the
reason. A change is written to ``settings.toml`` at once through ``on_change``; rule
options and the computer level apply from the next new game, the rest at once.

Options with more than :data:`MAX_PILLS` choices (themes, deck designs, suit colours) show
one choice at a time between arrows that step through the list.

Mouse: click a choice (or an arrow). Keyboard: Up/Down choose the option, Left/Right (or
Enter) change it, Escape goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from canasta.i18n import N_, _
from canasta.persistence.settings import (
    SCREEN_ORDER,
    SettingInfo,
    Settings,
    default_value,
    describe,
)
from canasta.scenes.base import Scene
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Intent, Key, Move
from canasta.ui.looks import label, look_choices
from canasta.ui.paragraphs import draw_box
from canasta.ui.pips import draw_star
from canasta.ui.text import MIN_TEXT_PX, blit_text, fit_text_size
from canasta.ui.theme import Theme, default_theme, paint_felt
from canasta.ui.widgets import Button

#: Options with more choices than this are shown as one choice between arrows.
MAX_PILLS = 3
AT_ONCE = N_("applies at once")
NEXT_GAME = N_("applies from the next new game")


@dataclass(frozen=True)
class Option:
    """One row: a settings ``field``, its ``label``, its ``choices`` as (value, word),
    its ``column`` (0: game, 1: table and look), and a ``hint`` for the footer."""

    field: str
    label: str
    choices: tuple[tuple[object, str], ...]
    column: int
    hint: str

    @classmethod
    def of(cls, info: SettingInfo) -> Option:
        """The row for a setting's description (the hint says when a change applies)."""
        when = _(AT_ONCE) if info.at_once else _(NEXT_GAME)
        hint = _("{help}; {when}").format(help=info.help, when=when)
        return cls(info.field, info.label, info.choices, info.column, hint)


def options(looks: dict[str, list[str]] | None = None) -> list[Option]:
    """Every option in screen order, as the settings model describes them (``looks``: the
    design names per look field)."""
    names = looks or look_choices()
    return [Option.of(describe(field, names.get(field), label)) for field in SCREEN_ORDER]


class SettingsScene(Scene):
    """Every setting, changed by clicking a choice.

    Args:
        settings: the settings in force (any object with the options' fields as
            attributes and ``not_applicable(field) -> str | None``).
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
        notice: a line for the player shown instead of the focused option's hint (a
            setting that could not be written), or None.
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
    ) -> None:
        super().__init__()
        self.settings = settings
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
        self.notice: str | None = None

    # Layout -----------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out the rows in two columns (one when the window is taller than wide)."""
        super().resize(size)
        w, h = self.size
        columns = 2 if w >= h else 1
        top, bottom = round(h * 0.12), h - max(96, round(h * 0.13))
        margin = max(12, w // 40)
        col_w = (w - margin * (columns + 1)) // columns
        per_column = [[o for o in self.options if min(o.column, columns - 1) == c]
                      for c in range(columns)]  # fmt: skip
        slots = max(len(c) + (1 if columns == 2 else 0) for c in per_column)
        slots += 2 if columns == 1 else 0
        self.row_h = max(26, min(62, (bottom - top) // max(1, slots)))
        self.rows, self.pills, self.headings = [], {}, []
        self.arrows, self.steppers = {}, {}
        names = self.column_names
        y_col = [top] * columns
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
        bw, bh = max(140, w // 8), max(38, min(52, h // 16))
        self.back_button.rect = pygame.Rect(0, 0, bw, bh)
        self.back_button.rect.midbottom = (w // 2, h - max(10, h // 60))
        if self.more_button is not None:
            self.more_button.rect = pygame.Rect(0, 0, round(bw * 1.4), bh)
            self.more_button.rect.bottomleft = (margin, h - max(10, h // 60))

    def _place_pills(self, option: Option, row: pygame.Rect) -> None:
        area = pygame.Rect(row.x + round(row.width * 0.42), row.y + 4,
                           round(row.width * 0.58) - 8, row.height - 8)  # fmt: skip
        n = len(option.choices)
        gap = 8
        if n > MAX_PILLS:
            side = area.height
            self.arrows[(option.field, -1)] = pygame.Rect(area.x, area.y, side, side)
            self.arrows[(option.field, 1)] = pygame.Rect(area.right - side, area.y, side, side)
            self.steppers[option.field] = pygame.Rect(
                area.x + side + gap, area.y, area.width - 2 * (side + gap), area.height
            )
            return
        cell = (area.width - gap * (n - 1)) // max(1, n)
        for i, (value, _word) in enumerate(option.choices):
            self.pills[(option.field, value)] = pygame.Rect(
                area.x + i * (cell + gap), area.y, cell, area.height
            )

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
        self.settings = self.on_change(field, value)
        return True

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
        if isinstance(intent, Key):
            key = intent.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return self.back_button.click()
            if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                back = key == pygame.K_UP or bool(intent.mod & pygame.KMOD_SHIFT)
                self.move_focus(-1 if back else 1)
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
        """Title, headings, rows of choices, the footer hint and Back."""
        t = self.theme
        paint_felt(surface, t)
        w, h = self.size
        title = max(28, h // 15)
        draw_box(surface, self.title, pygame.Rect(16, round(h * 0.055 - title * 0.6), w - 32,
                 round(title * 1.2)), title, t.text, bold=True)  # fmt: skip
        size = max(14, min(26, round(self.row_h * 0.42)))
        for text, rect in self.headings:
            blit_text(surface, text, size + 2, t.accent, bold=True,
                      midleft=(rect.x + 8, rect.centery + 4))  # fmt: skip
        for i, (option, row) in enumerate(zip(self.options, self.rows, strict=True)):
            self._draw_row(surface, option, row, size, i == self.focus)
        option = self.options[self.focus]
        hint_y = self.back_button.rect.top - max(18, h // 36)
        line, color = _("{label}: {hint}.").format(label=option.label, hint=option.hint), t.text_dim
        if self.notice:  # a setting that could not be written: the player must know
            line, color = self.notice, t.accent
        line_px = max(14, size - 4)
        room = max(line_px * 2, self.back_button.rect.top - 4 - self.rows[-1].bottom - 8)
        box = pygame.Rect(16, 0, w - 32, min(room, round(line_px * 2.6)))
        box.centery = min(hint_y, self.back_button.rect.top - 4 - box.height // 2)
        draw_box(surface, line, box, line_px, color)
        legend = blit_text(surface, _("marks the default"), max(13, size - 6), t.text_dim,
                           midright=(w - 16, self.back_button.rect.centery))  # fmt: skip
        draw_star(surface, (legend.left - legend.height, legend.centery), legend.height, t.text_dim)
        self.back_button.draw(surface)
        if self.more_button is not None:
            self.more_button.draw(surface)

    def _draw_row(
        self, surface: pygame.Surface, option: Option, row: pygame.Rect, size: int, focus: bool
    ) -> None:
        t = self.theme
        reason = self.reason(option)
        if focus:
            draw_panel(surface, row.inflate(8, 2), t.frost, 10)
            pygame.draw.rect(surface, t.accent, row.inflate(8, 2), 2, border_radius=10)
        color = t.text if reason is None else t.text_dim
        label_w = round(row.width * 0.42) - 12
        fit = min(size, fit_text_size(option.label, label_w, size))
        if reason is None:
            blit_text(surface, option.label, fit, color, midleft=(row.x + 8, row.centery))
        else:
            blit_text(
                surface, option.label, fit, color, midleft=(row.x + 8, row.centery - fit // 3)
            )
            blit_text(surface, f"({reason})", max(12, fit - 6), t.text_dim,
                      midleft=(row.x + 8, row.centery + fit // 2))  # fmt: skip
        current = getattr(self.settings, option.field)
        default = self.default_of(option.field)
        if option.field in self.steppers:
            self._draw_stepper(surface, option, current, default, reason is not None)
            return
        for value, word in option.choices:
            rect = self.pills[(option.field, value)]
            chosen = value == current
            if reason is not None:
                fill, ink = t.button_disabled, (70, 80, 74)
            elif chosen:
                fill, ink = t.accent, t.button_text
            else:
                fill, ink = t.button, t.button_text
            radius = rect.height // 2
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            if chosen:
                pygame.draw.rect(surface, t.button_text, rect, 2, border_radius=radius)
            room = round(rect.height * 0.62) if value == default else 0
            box = pygame.Rect(rect.x + 10, rect.y + 2, rect.width - 20 - room, rect.height - 4)
            draw_box(surface, word, box, round(rect.height * 0.55), ink)
            if value == default:
                star = (rect.right - rect.height * 0.45, rect.centery)
                draw_star(surface, star, rect.height * 0.4, ink)

    def _draw_stepper(
        self,
        surface: pygame.Surface,
        option: Option,
        current: object,
        default: object,
        disabled: bool,
    ) -> None:
        """One choice between two arrows, with its place in the list (``3 / 18``)."""
        t = self.theme
        rect = self.steppers[option.field]
        fill = t.button_disabled if disabled else t.accent
        ink = (70, 80, 74) if disabled else t.button_text
        radius = rect.height // 2
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, t.button_text, rect, 2, border_radius=radius)
        values = [v for v, _word in option.choices]
        index = values.index(current) if current in values else 0
        word = option.choices[index][1]
        room = round(rect.height * 0.62) if current == default else 0
        count = f"{index + 1}/{len(values)}"
        count_size = max(MIN_TEXT_PX, round(rect.height * 0.3))
        count_w = fit_text_size(count, rect.width, count_size) * len(count) // 2 + 8
        box = pygame.Rect(rect.x + 12, rect.y + 2, rect.width - 24 - room - count_w,
                          rect.height - 4)  # fmt: skip
        draw_box(surface, word, box, round(rect.height * 0.5), ink)
        blit_text(surface, count, count_size, ink, midright=(rect.right - 12 - room, rect.centery))
        if current == default:
            draw_star(surface, (rect.right - rect.height * 0.45, rect.centery),
                      rect.height * 0.4, ink)  # fmt: skip
        for delta in (-1, 1):
            arrow = self.arrows[(option.field, delta)]
            pygame.draw.ellipse(surface, t.button_disabled if disabled else t.button, arrow)
            cx, cy, r = arrow.centerx, arrow.centery, arrow.height * 0.22
            tip = (cx + delta * r * 1.1, cy)
            back = (cx - delta * r * 0.8, cy - r), (cx - delta * r * 0.8, cy + r)
            pygame.draw.polygon(surface, t.button_text, [tip, *back])
