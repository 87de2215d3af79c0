"""The home screen: title, "New game" for 2 or 4 players, and Quit.

It knows nothing of the game: it calls ``on_new_game(players)`` or ``on_quit()``.
Keyboard: Up/Down (or Tab) move the focus, Enter/Space activate, 2 and 4 start a game.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from canasta.scenes.base import Scene
from canasta.ui.cards import CardRenderer, card_size_for_width
from canasta.ui.input import Click, Intent, Key, Move
from canasta.ui.sprites import CardSprite, draw_sprites
from canasta.ui.text import blit_text, fit_text_size
from canasta.ui.theme import GREEN, Theme, paint_felt
from canasta.ui.tween import ease_out_back
from canasta.ui.widgets import Button

#: Card identities of the decorative fan: joker, A spades, A hearts, 2 clubs, red joker.
_FAN_CARDS = (52, 39, 26, 1, 53)


class HomeScene(Scene):
    """Title screen with three buttons.

    Args:
        on_new_game: called with 2 or 4 (players) when a "New game" button is chosen.
        on_quit: called when "Quit" is chosen.
        theme: colours.

    Attributes:
        buttons: ``[Button]`` in focus order: 2 players, 4 players, Quit (rects set by
            :meth:`resize`, in window px).
        focus: index of the focused button.
    """

    def __init__(
        self,
        on_new_game: Callable[[int], None],
        on_quit: Callable[[], None],
        theme: Theme = GREEN,
    ) -> None:
        super().__init__()
        self.on_new_game = on_new_game
        self.on_quit = on_quit
        self.theme = theme
        self.buttons = [
            Button(
                (0, 0, 10, 10), "New game \u2014 2 players", lambda: on_new_game(2), theme=theme
            ),
            Button(
                (0, 0, 10, 10), "New game \u2014 4 players", lambda: on_new_game(4), theme=theme
            ),
            Button((0, 0, 10, 10), "Quit", on_quit, theme=theme),
        ]
        self.focus = 0
        self.fan: list[CardSprite] = []
        self.renderer = CardRenderer(*card_size_for_width(60))
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self._sync_focus()

    def enter(self, payload: object = None) -> None:
        """Deal the decorative fan in with a short animation."""
        self.focus = 0
        self._sync_focus()
        self._layout_fan(animate=True)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out title, fan and buttons for a ``size`` (w, h) px window."""
        super().resize(size)
        w, h = self.size
        bw = min(460, max(260, int(w * 0.5)))
        bh = max(40, min(64, int(h * 0.075)))
        gap = max(12, bh // 3)
        top = int(h * 0.56)
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(0, 0, bw, bh)
            button.rect.midtop = (w // 2, top + i * (bh + gap))
        title_h = max(40, min(int(h * 0.12), int(w * 0.13)))
        self.title_rect = pygame.Rect(0, 0, int(w * 0.8), title_h)
        self.title_rect.midbottom = (w // 2, int(h * 0.47))
        card_w = max(36, min(100, int(h * 0.085), int(w * 0.08)))
        self.renderer = CardRenderer(*card_size_for_width(card_w))
        self._layout_fan(animate=False)

    def _fan_targets(self) -> list[tuple[float, float, float]]:
        w, _ = self.size
        cw, ch = self.renderer.size
        radius = ch * 1.6
        pivot_y = self.title_rect.top - ch * 0.08 - ch / 2 + radius
        out = []
        n = len(_FAN_CARDS)
        for i in range(n):
            angle = (i - (n - 1) / 2) * 13.0
            rad = math.radians(angle)
            x = w / 2 + math.sin(rad) * radius - cw / 2
            y = pivot_y - math.cos(rad) * radius - ch / 2
            out.append((x, y, -angle))
        return out

    def _layout_fan(self, animate: bool) -> None:
        targets = self._fan_targets()
        if not self.fan:
            self.fan = [CardSprite(card, z=i) for i, card in enumerate(_FAN_CARDS)]
        w, h = self.size
        for i, (sprite, (x, y, angle)) in enumerate(zip(self.fan, targets, strict=True)):
            if animate:
                sprite.x, sprite.y, sprite.angle = w / 2 - self.renderer.width / 2, y, 0.0
                self.animator.animate(
                    sprite, 0.5, delay=0.06 * i, easing=ease_out_back, x=x, y=y, angle=angle
                )
            else:
                self.animator.cancel(sprite)
                sprite.x, sprite.y, sprite.angle = x, y, angle

    def _sync_focus(self) -> None:
        for i, button in enumerate(self.buttons):
            button.focused = i == self.focus

    def _move_focus(self, delta: int) -> None:
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not enabled:
            return
        if self.focus not in enabled:
            self.focus = enabled[0]
        else:
            self.focus = enabled[(enabled.index(self.focus) + delta) % len(enabled)]
        self._sync_focus()

    def handle(self, intent: Intent) -> bool:
        """Clicks press buttons, pointer moves set hover and focus, keys navigate."""
        if isinstance(intent, Move):
            for i, button in enumerate(self.buttons):
                if button.update_hover(intent.pos):
                    self.focus = i
                    self._sync_focus()
            return False
        if isinstance(intent, Click) and intent.button == 1:
            for i, button in enumerate(self.buttons):
                if button.hit(intent.pos) and button.enabled:
                    self.focus = i
                    self._sync_focus()
                    return button.click()
            return False
        if isinstance(intent, Key):
            if intent.key in (pygame.K_UP, pygame.K_LEFT):
                self._move_focus(-1)
            elif intent.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self._move_focus(-1 if intent.mod & pygame.KMOD_SHIFT else 1)
            elif intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.buttons[self.focus].click()
            elif intent.key in (pygame.K_2, pygame.K_KP2):
                self.on_new_game(2)
            elif intent.key in (pygame.K_4, pygame.K_KP4):
                self.on_new_game(4)
            else:
                return False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, card fan, title, subtitle and buttons."""
        paint_felt(surface, self.theme)
        draw_sprites(surface, self.fan, self.renderer)
        t = self.theme
        rect = self.title_rect
        size = fit_text_size("Canasta", rect.width, rect.height)
        shadow = (rect.centerx + 3, rect.centery + 4)
        blit_text(surface, "Canasta", size, (8, 30, 16), center=shadow)
        blit_text(surface, "Canasta", size, t.text, center=rect.center)
        sub_size = max(18, size // 3)
        blit_text(
            surface,
            "Classic rules \u00b7 2 or 4 players",
            sub_size,
            t.text_dim,
            center=(rect.centerx, rect.bottom + sub_size * 0.6),
        )
        for button in self.buttons:
            button.draw(surface)
