"""Buttons, toasts, count badges and the text helpers (re-exported from ``canasta.ui.text``).

Sizes and positions are pixels; durations are seconds of Animator time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from canasta.ui.effects import draw_panel
from canasta.ui.paragraphs import LINE_GAP, draw_box, text_height, wrap_text
from canasta.ui.text import MIN_TEXT_PX, blit_text, fit_text_size, get_font, render_text
from canasta.ui.theme import Theme, default_theme
from canasta.ui.tween import Animator, linear

__all__ = [
    "Badge",
    "Button",
    "Toast",
    "blit_text",
    "fit_text_size",
    "get_font",
    "render_text",
    "share_text_size",
]


class Button:
    """A rounded push button.

    Args:
        rect: position and size in px (a copy is kept; move it with ``button.rect``).
        label: text, drawn at a font size fitted to the rect.
        on_click: called by :meth:`click` when enabled.
        enabled: disabled buttons are greyed out and ignore clicks.
        theme: colours.

    State: ``hover`` (pointer over it), ``focused`` (keyboard focus, drawn as a ring);
    ``text_px``: the label's font size (px), wrapped to the button's width (None: fitted
    to the button), set for a row of buttons that should read alike
    (:func:`share_text_size`).
    """

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        on_click: Callable[[], None] | None = None,
        *,
        enabled: bool = True,
        theme: Theme | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.theme = theme = theme or default_theme()
        self.hover = False
        self.focused = False
        self.text_px: int | None = None

    def hit(self, pos: tuple[int, int]) -> bool:
        """True if ``pos`` (px) is inside the button."""
        return self.rect.collidepoint(pos)

    def update_hover(self, pos: tuple[int, int]) -> bool:
        """Set ``hover`` from the pointer position; returns the new value."""
        self.hover = self.enabled and self.hit(pos)
        return self.hover

    def click(self) -> bool:
        """Run ``on_click`` if enabled; returns True if it ran."""
        if not self.enabled:
            return False
        self.hover = False  # it may vanish or move now: no highlight left behind
        if self.on_click is not None:
            self.on_click()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the button at ``rect``."""
        t = self.theme
        radius = max(4, self.rect.height // 4)
        if not self.enabled:
            fill = t.button_disabled
        elif self.hover or self.focused:
            fill = t.button_hover
        else:
            fill = t.button
        shadow = self.rect.move(0, 3)
        draw_panel(surface, shadow, (0, 0, 0, 70), radius)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if self.focused and self.enabled:
            ring = self.rect.inflate(6, 6)
            pygame.draw.rect(surface, t.accent, ring, width=3, border_radius=radius + 3)
        color = t.button_text if self.enabled else (70, 80, 74)
        box = self.label_box()
        if self.text_px is None:
            # One line, or two where one would read too small (longer words of some
            # languages).
            draw_box(surface, self.label, box, round(self.rect.height * 0.55), color)
            return
        lines = wrap_text(self.label, self.text_px, box.width, report=False)
        step = round(self.text_px * LINE_GAP)
        top = box.centery - text_height(self.text_px, len(lines)) / 2
        for i, line in enumerate(lines):
            y = top + i * step + self.text_px / 2
            blit_text(surface, line, self.text_px, color, center=(box.centerx, y))

    def label_box(self) -> pygame.Rect:
        """Where the label is drawn (px)."""
        return self.rect.inflate(-16, -4)

    def fitted_px(self) -> int:
        """The largest font size (px, at most 55 % of the height, at least
        :data:`~canasta.ui.text.MIN_TEXT_PX`) at which the label, wrapped to the button's
        width, fits inside it."""
        box = self.label_box()
        size = round(self.rect.height * 0.55)
        while size > MIN_TEXT_PX:
            lines = wrap_text(self.label, size, box.width, report=False)
            wide = max(get_font(size).size(line)[0] for line in lines)
            if wide <= box.width and text_height(size, len(lines)) <= box.height:
                break
            size -= 1
        return size


def share_text_size(buttons: Sequence[Button]) -> int:
    """Give a row of ``buttons`` (already placed) one label size: the largest at which
    every label fits its own button, so no word reads smaller than its neighbours.
    Returns that size (px)."""
    for button in buttons:
        button.text_px = None
    size = min((b.fitted_px() for b in buttons), default=0)
    for button in buttons:
        button.text_px = size or None
    return size


class Toast:
    """A one-line message that shows, then fades out, on an Animator's clock.

    ``show(text)`` makes it fully opaque; after ``duration`` seconds it has faded (the
    last ``fade`` seconds are the fade). ``alpha`` (0..255) is tweened by ``animator``.
    """

    def __init__(
        self,
        animator: Animator,
        *,
        duration: float = 2.5,
        fade: float = 0.6,
        theme: Theme | None = None,
    ) -> None:
        self.animator = animator
        self.duration = duration
        self.fade = fade
        self.theme = theme = theme or default_theme()
        self.text = ""
        self.alpha = 0.0

    @property
    def visible(self) -> bool:
        """True while any of the message can be seen."""
        return bool(self.text) and self.alpha > 0.5

    def show(self, text: str, duration: float | None = None) -> None:
        """Display ``text`` now (replacing any current message) for ``duration`` s."""
        total = self.duration if duration is None else duration
        self.text = text
        self.alpha = 255.0
        fade = min(self.fade, total)
        self.animator.cancel(self)
        self.animator.animate(
            self, fade, delay=total - fade, easing=linear, on_done=self._clear, alpha=0.0
        )

    def hide(self) -> None:
        """Remove the message at once."""
        self.animator.cancel(self)
        self._clear()

    def _clear(self) -> None:
        self.text = ""
        self.alpha = 0.0

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int | None = None) -> None:
        """Draw the message centred in ``rect`` on a frosted pill, at font ``size`` px."""
        if not self.visible:
            return
        size = size or max(16, min(32, rect.height // 2))
        text = render_text(self.text, size, self.theme.text)
        if text.get_width() > rect.width - 24:
            size = fit_text_size(self.text, rect.width - 24, size)
            text = render_text(self.text, size, self.theme.text)
        pill = text.get_rect(center=rect.center).inflate(28, 16)
        layer = pygame.Surface(pill.size, pygame.SRCALPHA)
        draw_panel(layer, layer.get_rect(), self.theme.frost, pill.height // 2)
        layer.blit(text, text.get_rect(center=layer.get_rect().center))
        layer.set_alpha(round(self.alpha))
        surface.blit(layer, pill)


class Badge:
    """A small rounded count chip such as "23" on the stock or "×11" on a hand.

    Args:
        bg: chip fill colour; fg: text colour; size: font size in px.
    """

    def __init__(
        self,
        bg: tuple[int, int, int] = (28, 32, 40),
        fg: tuple[int, int, int] = (250, 250, 250),
        size: int = 18,
    ) -> None:
        self.bg = bg
        self.fg = fg
        self.size = size

    def rect_for(self, text: str, center: tuple[int, int]) -> pygame.Rect:
        """The chip's rectangle for ``text`` centred at ``center`` (px)."""
        w, h = get_font(self.size, bold=True).size(text)
        pad = max(4, self.size // 3)
        rect = pygame.Rect(0, 0, max(w + 2 * pad, h + pad), h + pad // 2 + 2)
        rect.center = center
        return rect

    def draw(self, surface: pygame.Surface, text: str, center: tuple[int, int]) -> pygame.Rect:
        """Draw the chip with ``text`` centred at ``center``; returns its rectangle."""
        rect = self.rect_for(text, center)
        pygame.draw.rect(surface, self.bg, rect, border_radius=rect.height // 2)
        edge = tuple(min(255, c + 50) for c in self.bg)
        pygame.draw.rect(surface, edge, rect, width=1, border_radius=rect.height // 2)
        blit_text(surface, text, self.size, self.fg, center=rect.center, bold=True)
        return rect
