"""How to play: short pages of rules, illustrated with real cards from the deck in use.

Left/Right (or the Previous and Next buttons) turn the pages; Escape or Back leaves.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.engine.cards import CARD_CODE
from canasta.engine.rules import CLASSIC
from canasta.i18n import _
from canasta.scenes.base import Scene
from canasta.scenes.howto_pages import Figure, Page
from canasta.scenes.howto_rules import rules_pages
from canasta.ui.card_images import CardRenderer, card_size_for_width
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Intent, Key, Move, Wheel
from canasta.ui.paragraphs import (
    LINE_GAP,
    draw_box,
    draw_paragraph,
    fit_lines,
    text_height,
    wrap_text,
)
from canasta.ui.text import MIN_TEXT_PX, blit_text, fit_text_size, get_font, misfit
from canasta.ui.theme import Theme, default_theme, paint_felt
from canasta.ui.widgets import Button


def card_for(code: str) -> int:
    """A card identity showing ``code`` (``JK`` the black joker, ``JKR`` the red one)."""
    if code == "JKR":
        return 53
    return CARD_CODE.index(code)


#: Line step of the table's rows, in font sizes.
ROW_GAP = 1.45


def _columns(rows: tuple[tuple[str, str], ...], width: int, size: int) -> tuple[int, int, int]:
    """The table's left column width, the right column's x (from the table's left) and
    width (px): the left as wide as its longest entry, at most half the table."""
    font = get_font(size)
    left_w = min(max(font.size(left)[0] for left, _right in rows), width // 2 - size)
    right_x = size + left_w + size
    return left_w, right_x, width - right_x


def _table_height(rows: tuple[tuple[str, str], ...], width: int, size: int) -> int:
    """Height (px) of the table at ``size`` px, its entries wrapped to their columns."""
    if not rows:
        return 0
    left_w, _x, right_w = _columns(rows, width, size)
    lines = sum(
        max(len(wrap_text(left, size, left_w, report=False)),
            len(wrap_text(right, size, right_w, True, report=False)))
        for left, right in rows
    )  # fmt: skip
    return lines * round(size * ROW_GAP)


class HowToPlayScene(Scene):
    """Pages of rules.

    Args:
        on_back: leave the screen.
        theme: colours; renderer: makes card renderers ``(w, h)`` (the deck in use).
        pages: the pages (default: written for the Classic rules,
            :func:`canasta.scenes.howto_rules.rules_pages`).
        start: the page shown first (an index; the lobby opens on the online pages).

    Attributes:
        page: index of the page shown; buttons: Previous, Next, Back.
    """

    def __init__(
        self,
        on_back: Callable[[], None],
        *,
        theme: Theme | None = None,
        renderer: Callable[[int, int], CardRenderer] = CardRenderer,
        pages: tuple[Page, ...] | None = None,
        start: int = 0,
    ) -> None:
        super().__init__()
        self.theme = theme = theme or default_theme()
        self.pages = pages = pages or rules_pages(CLASSIC, _("Classic"))
        self.page = max(0, min(len(pages) - 1, start))
        self._title_key: tuple[object, ...] = ()
        self._title_px = 0
        self.make_renderer = renderer
        self.prev_button = Button((0, 0, 1, 1), _("Previous"), lambda: self.turn(-1), theme=theme)
        self.next_button = Button((0, 0, 1, 1), _("Next"), lambda: self.turn(1), theme=theme)
        self.back_button = Button((0, 0, 1, 1), _("Back"), on_back, theme=theme)
        self.buttons = [self.prev_button, self.next_button, self.back_button]
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.figure_rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self.max_scroll = 0
        self._sync_buttons()

    def turn(self, delta: int) -> None:
        """Show the page ``delta`` pages on (clamped to the first and last)."""
        page = max(0, min(len(self.pages) - 1, self.page + delta))
        if page != self.page:
            self.page, self.scroll = page, 0
        self._sync_buttons()

    def scroll_by(self, pixels: int) -> None:
        """Move a page too long for its panel ``pixels`` px on (negative: back up),
        clamped to its first and last lines."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def _sync_buttons(self) -> None:
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page < len(self.pages) - 1

    def resize(self, size: tuple[int, int]) -> None:
        """Text and figures side by side (landscape) or one above the other (portrait)."""
        super().resize(size)
        w, h = self.size
        m = max(16, w // 40)
        top, bottom = round(h * 0.14), h - max(80, h // 9)
        if w >= h:
            half = (w - 3 * m) // 2
            self.text_rect = pygame.Rect(m, top, half, bottom - top)
            self.figure_rect = pygame.Rect(2 * m + half, top, half, bottom - top)
        else:
            split = top + round((bottom - top) * 0.55)
            self.text_rect = pygame.Rect(m, top, w - 2 * m, split - top)
            self.figure_rect = pygame.Rect(m, split + m // 2, w - 2 * m, bottom - split - m // 2)
        bw, bh = max(120, w // 9), max(38, min(52, h // 16))
        y = h - bh - max(12, h // 50)
        self.prev_button.rect = pygame.Rect(w // 2 - bw * 3 // 2 - 16, y, bw, bh)
        self.back_button.rect = pygame.Rect(w // 2 - bw // 2, y, bw, bh)
        self.next_button.rect = pygame.Rect(w // 2 + bw // 2 + 16, y, bw, bh)

    def handle(self, intent: Intent) -> bool:
        """Buttons by click; Left/Right turn pages; Up/Down and the wheel scroll a page
        too long for its panel; Escape leaves."""
        if isinstance(intent, Wheel):
            self.scroll_by(-intent.steps * 3 * self._line_step)
            return True
        if isinstance(intent, Move):
            for button in self.buttons:
                button.update_hover(intent.pos)
            return False
        if isinstance(intent, Click) and intent.button == 1:
            for button in self.buttons:
                if button.hit(intent.pos):
                    return button.click()
            return False
        if isinstance(intent, Key):
            if intent.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.turn(1)
            elif intent.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.turn(-1)
            elif intent.key in (pygame.K_DOWN, pygame.K_UP):
                self.scroll_by(self._line_step * (1 if intent.key == pygame.K_DOWN else -1))
            elif intent.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return self.back_button.click()
            else:
                return False
            return True
        return False

    def title_size(self) -> int:
        """One title size for every page (px): the largest at which each page's title
        fits 80 % of the window's width and ``h / 16`` px of height on one line (a long title
        would run edge to edge and look far larger than a short one)."""
        w, h = self.size
        titles = tuple(_(page.title) for page in self.pages)
        key = (w, h, titles)
        if self._title_key != key:
            room = max(26, h // 16)
            size = min(fit_text_size(t, int(w * 0.8), room, True, report=False) for t in titles)
            self._title_key, self._title_px = key, size
        return self._title_px

    def draw(self, surface: pygame.Surface) -> None:
        """Title, page number, paragraph, table, figures and buttons."""
        t = self.theme
        paint_felt(surface, t)
        w, h = self.size
        page = self.pages[self.page]
        title, words = self.title_size(), _(page.title)
        if get_font(title, True).size(words)[0] <= w - 32:
            blit_text(surface, words, title, t.text, bold=True, center=(w // 2, round(h * 0.06)))
        else:  # a window too narrow for the one size: this title wraps in its box
            room = max(26, h // 16)
            draw_box(surface, words, pygame.Rect(16, round(h * 0.06 - room * 0.6), w - 32,
                     round(room * 1.2)), room, t.text, bold=True)  # fmt: skip
        page_of = _("Page {n} of {pages}").format(n=self.page + 1, pages=len(self.pages))
        blit_text(surface, page_of, max(16, h // 44),
                  t.text_dim, center=(w // 2, round(h * 0.108)))  # fmt: skip
        text = page.text if page.said else _(page.text)
        rows = page.table if page.said else tuple((_(a), _(b)) for a, b in page.table)
        # A page without figures (the keys) uses the whole width for its text; so does a
        # page whose words would not fit beside its figures, which a small window drops.
        figures = page.figures
        whole = self.text_rect.union(self.figure_rect)
        text_rect = self.text_rect if figures else whole
        size, need = self._text_size(text, rows, text_rect)
        if figures and (need > 0 or not self._figures_fit(figures, size)):
            figures, text_rect = (), whole
            size, need = self._text_size(text, rows, text_rect)
        draw_panel(surface, text_rect, t.frost, 14)
        inner = text_rect.inflate(-2 * size, -2 * size)
        self._line_step = round(size * LINE_GAP)
        # Words that fit no way at the least size scroll inside the panel.
        self.max_scroll = max(0, need)
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if self.max_scroll else clip)
        tall = pygame.Rect(inner.x, inner.y - self.scroll, inner.width, inner.height + need)
        y = draw_paragraph(surface, text, size, t.text, tall)
        if rows:
            self._draw_table(surface, rows, pygame.Rect(tall.x, y + size // 2,
                                                        tall.width, tall.bottom - y),
                             size)  # fmt: skip
        surface.set_clip(clip)
        if self.max_scroll:
            self._draw_scroll_bar(surface, text_rect)
        figures_shown = figures
        self._draw_figures(surface, figures_shown, size)
        for button in self.buttons:
            button.draw(surface)

    _line_step = 20

    def _text_size(
        self, text: str, rows: tuple[tuple[str, str], ...], rect: pygame.Rect
    ) -> tuple[int, int]:
        """The largest size (px) at which the paragraph and the table fit ``rect``'s
        panel, and by how many px they overrun it at that size (0 when they fit)."""
        w, h = self.size
        size = max(15, min(30, rect.width // 21, h // 27))
        while True:
            inner = rect.inflate(-2 * size, -2 * size)
            lines = len(wrap_text(text, size, inner.width, report=False))
            need = lines * round(size * LINE_GAP) + (size // 2 if rows else 0)
            need += _table_height(rows, inner.width, size)
            if need <= inner.height or size <= MIN_TEXT_PX:
                return size, max(0, need - inner.height)
            size -= 1

    def _figures_fit(self, figures: tuple[Figure, ...], size: int) -> bool:
        """Whether each figure's cards and its caption (in two lines) fit its slot."""
        area = self.figure_rect
        slot_h = area.height // len(figures)
        caption = max(15, size)
        room = pygame.Rect(0, 0, area.width - 16, caption * 2)
        return slot_h - caption * 2.2 >= 30 * 1.4 * 1.4 and all(
            self._caption_fits(_(figure.caption), room, caption) for figure in figures
        )

    @staticmethod
    def _caption_fits(text: str, box: pygame.Rect, largest: int) -> bool:
        size, lines = fit_lines(text, box.width, box.height, largest, MIN_TEXT_PX, report=False)
        font = get_font(size)
        return text_height(size, len(lines)) <= box.height and all(
            font.size(line)[0] <= box.width for line in lines
        )

    def _draw_scroll_bar(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        track = pygame.Rect(panel.right - 7, panel.y + 8, 4, panel.height - 16)
        shown = panel.height / (panel.height + self.max_scroll)
        bar = pygame.Rect(track.x, 0, track.width, max(24, round(track.height * shown)))
        bar.y = track.y + round((track.height - bar.height) * self.scroll / self.max_scroll)
        pygame.draw.rect(surface, self.theme.text_dim, bar, border_radius=2)

    def _draw_table(
        self, surface: pygame.Surface, rows: tuple[tuple[str, str], ...], rect: pygame.Rect,
        size: int,
    ) -> None:  # fmt: skip
        t = self.theme
        y = rect.top
        left_w, right_x, right_w = _columns(rows, rect.width, size)
        step = round(size * ROW_GAP)
        for left, right in rows:
            lefts = wrap_text(left, size, left_w)
            rights = wrap_text(right, size, right_w, bold=True)
            if y + size > rect.bottom:
                misfit(f"the table's row {left!r} falls below its box")
                break
            for i, line in enumerate(lefts):
                blit_text(surface, line, size, t.text, topleft=(rect.x + size, y + i * step))
            for i, line in enumerate(rights):
                blit_text(surface, line, size, t.accent, bold=True,
                          topleft=(rect.x + right_x, y + i * step))  # fmt: skip
            y += step * max(len(lefts), len(rights))

    def _draw_figures(
        self, surface: pygame.Surface, figures: tuple[Figure, ...], size: int
    ) -> None:
        if not figures:
            return
        area = self.figure_rect
        slot_h = area.height // len(figures)
        caption = max(15, size)
        longest = max(len(f.cards) for f in figures)
        by_height = (slot_h - caption * 2.2) / 1.4
        by_width = area.width * 0.9 / (1 + 0.42 * (longest - 1) + 0.5)
        card_w = int(max(30, min(120, by_height, by_width)))
        renderer = self.make_renderer(*card_size_for_width(card_w))
        for i, figure in enumerate(figures):
            slot = pygame.Rect(area.x, area.y + i * slot_h, area.width, slot_h)
            self._draw_figure(surface, figure, slot, renderer, caption)

    def _draw_figure(
        self, surface: pygame.Surface, figure: Figure, slot: pygame.Rect,
        renderer: CardRenderer, caption: int,
    ) -> None:  # fmt: skip
        cw, ch = renderer.size
        step = round(cw * 0.42)
        images = []
        for index, code in enumerate(figure.cards):
            image = renderer.image(card_for(code), face_up=not figure.face_down)
            if index == figure.crosswise:
                image = pygame.transform.rotate(image, 90)
            images.append(image)
        total = sum(step for _image in images[:-1]) + images[-1].get_width() if images else 0
        x = slot.centerx - total // 2
        y = slot.y + (slot.height - caption * 2 - ch) // 2
        # The crosswise card lies as on the table: under the next card, sticking out below
        # the row by its corner index's width, so its rank and suit show turned.
        drop = round(cw * 0.22) + 3 if 0 <= figure.crosswise < len(images) - 1 else 0
        for index, image in enumerate(images):
            rect = image.get_rect(topleft=(x, y + (ch - image.get_height()) // 2))
            if index == figure.crosswise and drop:
                rect.bottom = y + ch + drop
            surface.blit(image, rect)
            x += step
        bottom = y + ch + drop
        box = pygame.Rect(slot.x + 8, bottom + 4, slot.width - 16, slot.bottom - bottom - 4)
        draw_box(surface, _(figure.caption), box, caption, self.theme.text)
