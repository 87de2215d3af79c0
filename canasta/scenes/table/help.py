"""The help overlay (F1 or ?): every key of the table, from the one binding table. Modal
while open: a click or F1, ? or Escape closes it, and nothing under it sees input."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.i18n import _
from canasta.scenes.table.context import TablePart
from canasta.scenes.table.keys import action_for, key_help
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Intent, Key, Wheel
from canasta.ui.paragraphs import wrap_text
from canasta.ui.text import MIN_TEXT_PX, blit_text, get_font
from canasta.ui.theme import Theme


def help_panel(theme: Theme) -> tuple[int, int, int, int]:
    """The keys panel's fill (RGBA): the theme's panel colour, nearly opaque, so the
    theme's text and accent read on it (on Pink the descriptions were dark grey on a
    near-black panel; contrast now 6.5 or more on all 18 themes)."""
    r, g, b = theme.frost[:3]
    return (r, g, b, 245)


class HelpSection(TablePart):
    """The keys overlay. ``open`` says whether it shows."""

    open = False
    #: How far (px) a list of keys too long for the window is scrolled, and at most.
    scroll = 0
    max_scroll = 0
    _line = 20

    @property
    def modal(self) -> bool:
        """While it shows."""
        return self.open

    def actions(self) -> dict[str, Callable[[], object]]:
        """F1 or ? opens it."""
        return {"help": self.toggle}

    def toggle(self) -> None:
        """Show or hide the keys (shown from the first)."""
        self.open = not self.open
        self.scroll = 0

    def handle(self, intent: Intent) -> bool:
        """While open: a click, or the help or clear keys, closes it; the wheel, Up and
        Down scroll a list too long for the window; all else is swallowed."""
        if not self.open:
            return False
        steps = 0
        if isinstance(intent, Wheel):
            steps = -intent.steps * 3
        elif isinstance(intent, Key) and intent.key in (pygame.K_UP, pygame.K_DOWN):
            steps = 1 if intent.key == pygame.K_DOWN else -1
        if steps:
            self.scroll = max(0, min(self.max_scroll, self.scroll + steps * self._line))
            return True
        if isinstance(intent, Click) or (
            isinstance(intent, Key) and action_for(intent) in ("help", "clear")
        ):
            self.open = False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The panel of keys, centred."""
        if not self.open:
            return
        theme = self.ctx.theme
        rows = key_help()
        w, h = surface.get_size()
        size = max(MIN_TEXT_PX, min(22, h // (len(rows) + 8)))
        # The keys' column as wide as its widest entry, each description wrapped to the
        # room left; the size shrinks (not below a readable one) until the panel fits.
        while True:
            keys_w = max(get_font(size, True).size(keys)[0] for keys, _what in rows) + size
            widest = max(get_font(size).size(what)[0] for _keys, what in rows)
            box_w = min(w - 40, 40 + keys_w + widest)
            room = box_w - 40 - keys_w
            wrapped = [wrap_text(what, size, room) for _keys, what in rows]
            line = round(size * 1.45)
            box_h = line * (sum(len(lines) for lines in wrapped) + 3)
            if box_h <= h - 40 or size <= MIN_TEXT_PX:
                break
            size -= 1
        # Keys that fit the window at no readable size scroll under the title.
        self.max_scroll = max(0, box_h - (h - 20))
        self.scroll = min(self.scroll, self.max_scroll)
        self._line = line
        box = pygame.Rect(0, 0, box_w, box_h - self.max_scroll)
        box.center = (w // 2, h // 2)
        draw_panel(surface, box, help_panel(theme), 14)
        blit_text(surface, _("Keys"), size + 4, theme.text, topleft=(box.x + 20, box.y + 12),
                  bold=True)  # fmt: skip
        y = box.y + 12 + line * 1.5
        listed = pygame.Rect(box.x, round(y) - 2, box.width, box.bottom - round(y) - 4)
        clip = surface.get_clip()
        if self.max_scroll:
            surface.set_clip(listed.clip(clip))
            track = pygame.Rect(box.right - 9, listed.y + 4, 4, listed.height - 8)
            shown = listed.height / (listed.height + self.max_scroll)
            bar = pygame.Rect(track.x, 0, 4, max(24, round(track.height * shown)))
            bar.y = track.y + round((track.height - bar.height) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, theme.text_dim, bar, border_radius=2)
        y -= self.scroll
        for (keys, _what), lines in zip(rows, wrapped, strict=True):
            blit_text(surface, keys, size, theme.accent, topleft=(box.x + 20, y), bold=True)
            for text in lines:
                blit_text(surface, text, size, theme.text, topleft=(box.x + 20 + keys_w, y))
                y += line
        surface.set_clip(clip)
