"""The help overlay (F1 or ?): every key of the table, from the one binding table. Modal
while open: a click or F1, ? or Escape closes it, and nothing under it sees input."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.i18n import _
from canasta.scenes.table.context import TablePart
from canasta.scenes.table.keys import action_for, key_help
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Intent, Key
from canasta.ui.text import blit_text


class HelpSection(TablePart):
    """The keys overlay. ``open`` says whether it shows."""

    open = False

    @property
    def modal(self) -> bool:
        """While it shows."""
        return self.open

    def actions(self) -> dict[str, Callable[[], object]]:
        """F1 or ? opens it."""
        return {"help": self.toggle}

    def toggle(self) -> None:
        """Show or hide the keys."""
        self.open = not self.open

    def handle(self, intent: Intent) -> bool:
        """While open: a click, or the help or clear keys, closes it; all else is swallowed."""
        if not self.open:
            return False
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
        size = max(12, min(22, h // (len(rows) + 8)))
        line = round(size * 1.45)
        box = pygame.Rect(0, 0, min(w - 40, size * 44), line * (len(rows) + 3))
        box.center = (w // 2, h // 2)
        draw_panel(surface, box, (8, 20, 12, 235), 14)
        blit_text(surface, _("Keys"), size + 4, theme.text, topleft=(box.x + 20, box.y + 12),
                  bold=True)  # fmt: skip
        y = box.y + 12 + line * 1.5
        for keys, what in rows:
            blit_text(surface, keys, size, theme.accent, topleft=(box.x + 20, y), bold=True)
            blit_text(surface, what, size, theme.text, topleft=(box.x + 20 + size * 9, y))
            y += line
