"""A one-line text box for the Play online form and the lobby, and the error a typed text
gets. Sizes are pixels."""

from __future__ import annotations

import pygame

from canasta.ui.effects import draw_panel
from canasta.ui.input import Key
from canasta.ui.text import blit_text, fit_text_size, render_text
from canasta.ui.theme import Theme

#: The longest text a field takes (characters).
FIELD_LIMIT = 200


class FieldError(ValueError):
    """A typed text the form cannot take, in the player's words; ``field`` names the form's
    field it is about (``"address"`` or ``"name"``), where the message shows."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class TextField:
    """A one-line text box: ``label`` above it, ``text`` typed into it (px rect), at most
    ``limit`` characters; ``error`` (the reason a text was refused) shows under the box."""

    def __init__(self, label: str, text: str = "", limit: int = FIELD_LIMIT) -> None:
        self.label, self.text, self.limit = label, text[:limit], limit
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.focused = False
        self.error = ""

    def key(self, intent: Key) -> bool:
        """Backspace deletes a character; a printable character is typed (up to ``limit``)."""
        if intent.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            self.error = ""
            return True
        char = intent.unicode
        if char and char.isprintable() and len(self.text) < self.limit:
            self.text += char
            self.error = ""
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """The label, the box, the text (kept inside the box: its end shows when it is
        longer), the caret when focused, and the error under the box."""
        size = max(14, self.rect.height // 2)
        blit_text(surface, self.label, max(14, size - 2), theme.text_dim,
                  midleft=(self.rect.x + 2, self.rect.y - size * 0.8))  # fmt: skip
        draw_panel(surface, self.rect, (0, 0, 0, 110), 8)
        ring = theme.accent if self.focused or self.error else theme.text_dim
        pygame.draw.rect(surface, ring, self.rect, 2 + bool(self.error), border_radius=8)
        text = self.text + ("|" if self.focused else "")
        inner = self.rect.inflate(-20, -4)
        fit = max(min(size, 14), fit_text_size(text, inner.width, size))  # never tiny
        wide = render_text(text, fit, theme.text).get_width() > inner.width
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip))
        if wide:  # the end shows, where the typing is; the start scrolls out of the box
            blit_text(surface, text, fit, theme.text, midright=inner.midright)
        else:
            blit_text(surface, text, fit, theme.text, midleft=inner.midleft)
        surface.set_clip(clip)
        if self.error:
            small = max(14, size - 4)
            blit_text(surface, self.error, fit_text_size(self.error, self.rect.width, small),
                      theme.accent, topleft=(self.rect.x + 2, self.rect.bottom + 4))  # fmt: skip


__all__ = ["FIELD_LIMIT", "FieldError", "TextField"]
