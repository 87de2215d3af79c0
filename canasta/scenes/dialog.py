"""A modal question over the scene below: a line of text and Yes / No.

Enter or Y answers yes, Escape or N answers no; the dialog pops itself either way.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta.i18n import N_, _
from canasta.scenes.base import Scene
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Intent, Key, Move
from canasta.ui.paragraphs import draw_box
from canasta.ui.text import get_font
from canasta.ui.theme import Theme, default_theme
from canasta.ui.widgets import Button, share_text_size


class ConfirmDialog(Scene):
    """Asks ``question``; calls ``on_yes`` (after popping itself) or pops and calls
    ``on_no`` when given (the scene under it stays otherwise).

    Attributes:
        yes_button, no_button: the two answers (rects in window px).
    """

    overlay = True
    modal = True

    def __init__(
        self,
        question: str,
        on_yes: Callable[[], None],
        *,
        yes: str = N_("Yes"),
        no: str = N_("No"),
        theme: Theme | None = None,
        on_no: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.question = question
        self.on_yes = on_yes
        self.on_no = on_no
        self.theme = theme = theme or default_theme()
        self.yes_button = Button((0, 0, 1, 1), _(yes), self._yes, theme=theme)
        self.no_button = Button((0, 0, 1, 1), _(no), self._no, theme=theme)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _close(self) -> None:
        if self.manager is not None:
            self.manager.pop()

    def _no(self) -> None:
        self._close()
        if self.on_no is not None:
            self.on_no()

    def _yes(self) -> None:
        self._close()
        self.on_yes()

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the panel and its two buttons."""
        super().resize(size)
        w, h = self.size
        self.panel = pygame.Rect(0, 0, min(w - 40, 640), max(160, h // 4))
        self.panel.center = (w // 2, h // 2)
        bh = max(38, self.panel.height // 4)
        # Both answers as wide as the longer one needs at the buttons' full size, within
        # the panel, and their words at one size: in a 520 px window "Abandon it" read
        # smaller than "Keep it" beside it (play10).
        words = max(get_font(round(bh * 0.55)).size(b.label)[0] for b in self.buttons())
        bw = min(max(110, self.panel.width // 4, words + 24), self.panel.width // 2 - 24)
        y = self.panel.bottom - bh - 18
        self.yes_button.rect = pygame.Rect(self.panel.centerx - bw - 12, y, bw, bh)
        self.no_button.rect = pygame.Rect(self.panel.centerx + 12, y, bw, bh)
        share_text_size(self.buttons())
        self.no_button.focused = True

    def buttons(self) -> list[Button]:
        """The two answers, yes first."""
        return [self.yes_button, self.no_button]

    def handle(self, intent: Intent) -> bool:
        """Buttons by click; Y/Enter yes, N/Escape no; everything else is swallowed."""
        if isinstance(intent, Click):
            for button in (self.yes_button, self.no_button):
                if button.hit(intent.pos):
                    return button.click()
        elif isinstance(intent, Move):
            self.yes_button.update_hover(intent.pos)
            self.no_button.update_hover(intent.pos)
        elif isinstance(intent, Key):
            if intent.key in (pygame.K_y, pygame.K_RETURN, pygame.K_KP_ENTER):
                if intent.key == pygame.K_y or self.yes_button.focused:
                    return self.yes_button.click()
                return self.no_button.click()
            if intent.key in (pygame.K_n, pygame.K_ESCAPE):
                return self.no_button.click()
            if intent.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.yes_button.focused = not self.yes_button.focused
                self.no_button.focused = not self.yes_button.focused
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the screen, then the panel, the question and the buttons."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 165))  # every button behind reads as out of reach
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.panel, (*self.theme.felt_edge, 240), 16)
        pygame.draw.rect(surface, self.theme.accent, self.panel, 2, border_radius=16)
        panel = self.panel
        box = pygame.Rect(panel.x + 20, panel.y + 12, panel.width - 40,
                          self.yes_button.rect.top - panel.y - 24)  # fmt: skip
        draw_box(surface, self.question, box, 30, self.theme.text, bold=True)
        self.yes_button.draw(surface)
        self.no_button.draw(surface)
