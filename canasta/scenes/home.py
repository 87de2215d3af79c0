"""The home screen: title, Continue game (when one is saved), Start new game, Settings,
How to play, Stats, a sound on/off toggle, and Quit.

It knows nothing of the game: it calls the ``on_...`` callbacks it was given. Keyboard:
Up/Down (or Tab) move the focus, Enter/Space activate, 2 and 4 start a game with that
many players, C continues, M turns the sound on or off. Lines for the player (a broken
file moved aside, a save that failed) are shown at the bottom, and so, for as long as it
holds, is a condition (a folder that cannot be written), looked at again every few seconds.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from canasta.i18n import N_, Words, _
from canasta.scenes.base import Scene
from canasta.ui.card_images import CardRenderer, card_size_for_width
from canasta.ui.effects import draw_panel
from canasta.ui.input import Click, Intent, Key, Move
from canasta.ui.paragraphs import wrap_text
from canasta.ui.sprites import CardSprite, draw_sprites
from canasta.ui.text import blit_text, fit_text_size
from canasta.ui.theme import Theme, default_theme, paint_felt
from canasta.ui.tween import ease_out_back
from canasta.ui.widgets import Button, share_text_size

#: Card identities of the decorative fan: joker, A spades, A hearts, 2 clubs, red joker.
_FAN_CARDS = (52, 39, 26, 1, 53)

_Action = Callable[[], None]

#: Seconds between two looks at the standing conditions (``conditions``).
CONDITION_SECONDS = 3.0


class HomeScene(Scene):
    """Title screen.

    Args:
        on_new_game: called with 2 or 4 (players) to start a game; "Start new game" passes
            ``players``.
        on_quit: called when "Quit" is chosen.
        theme: colours.
        on_continue: continue the saved game; None hides "Continue game".
        on_online: open the Play online screen (None: no button).
        on_settings, on_how_to_play, on_stats: open those screens (None: no button).
        on_sound: turn the sound on or off; returns the new state (None: no toggle).
        sound_on: the sound setting shown on the toggle.
        sound_device: False when this run has no audio device: the toggle says so (it
            still turns the setting on or off, for a run with a device).
        players: the number of players "Start new game" uses (the setting).
        renderer: makes card renderers ``(w, h)`` for the fan (the deck in use).
        notices: lines for the player, shown at the bottom (once: the next home screen
            does not show them).
        conditions: the lines of what holds now (a folder that cannot be written), asked
            when the screen is built and every :data:`CONDITION_SECONDS` seconds after;
            shown before ``notices`` while they hold, on every home screen. A line of
            ``notices`` that is also a condition's is shown once, as the condition.
        saved: what the saved game is, its rules first ("Book rules · 4 players, full ·
            hand 2 · us 1,230, them 860"), shown under "Continue game"; while one shows,
            the rules line under the title says it is a new game's ("New game: ...").

    Attributes:
        buttons: ``[Button]`` in focus order (rects set by :meth:`resize`, window px);
            ``named[label]`` finds one by its label ("Start new game", "Quit", ...).
        focus: index of the focused button.
        notices: the one-time lines (see Args), oldest first; more may be added.
        standing: the conditions' lines, as last asked.
    """

    def __init__(
        self,
        on_new_game: Callable[[int], None],
        on_quit: _Action,
        theme: Theme | None = None,
        *,
        on_continue: _Action | None = None,
        on_online: _Action | None = None,
        on_settings: _Action | None = None,
        on_how_to_play: _Action | None = None,
        on_stats: _Action | None = None,
        on_sound: Callable[[], bool] | None = None,
        sound_on: bool = True,
        sound_device: bool = True,
        players: int = 2,
        renderer: Callable[[int, int], CardRenderer] = CardRenderer,
        notices: Sequence[Words] = (),
        conditions: Callable[[], Sequence[Words]] | None = None,
        rules_name: str = "Classic",  # shown as given (the caller translates it)
        saved: str = "",
    ) -> None:
        super().__init__()
        self.on_new_game = on_new_game
        self.on_quit = on_quit
        self.on_continue = on_continue
        self.on_sound = on_sound
        self.theme = theme = theme or default_theme()
        self.players = players
        self.make_renderer = renderer
        self.conditions = conditions
        self.standing: list[Words] = list(conditions()) if conditions is not None else []
        said = {str(line) for line in self.standing}
        self.notices = [line for line in notices if str(line) not in said]
        self._next_look = CONDITION_SECONDS
        self.subtitle = _("{rules} rules \u00b7 {players} players").format(
            rules=rules_name, players=players
        )
        if saved and on_continue is not None:  # the settings' rules are a new game's
            self.subtitle = _("New game: {rules} \u00b7 {players} players").format(
                rules=rules_name, players=players
            )
        self.sound_on = sound_on
        self.sound_device = sound_device
        self.saved = saved
        self.saved_pos: tuple[int, int] = (0, 0)
        self.saved_px = 14

        #: Buttons by their English label (the catalogue's key), whatever the language.
        self.named: dict[str, Button] = {}

        def add(label: str, action: _Action | None) -> None:
            if action is not None:
                button = Button((0, 0, 10, 10), _(label), action, theme=theme)
                self.buttons.append(button)
                self.named[label] = button

        self.buttons: list[Button] = []
        add(N_("Continue game"), on_continue)
        add(N_("Start new game"), lambda: on_new_game(self.players))
        add(N_("Play online"), on_online)
        self.online_button = self.buttons[-1] if on_online is not None else None
        add(N_("Settings"), on_settings)
        add(N_("How to play"), on_how_to_play)
        add(N_("Stats"), on_stats)
        add(self._sound_label(), self.toggle_sound if on_sound else None)
        add(N_("Quit"), on_quit)
        self.sound_button = self.buttons[-2] if on_sound else None
        self.focus = 0
        self.fan: list[CardSprite] = []
        self.renderer = renderer(*card_size_for_width(60))
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.notice_rect = pygame.Rect(0, 0, 0, 0)
        self._sync_focus()

    def _sound_label(self) -> str:
        if not self.sound_device:  # "Sound: on" would promise sound that cannot play
            return N_("No sound device")
        return N_("Sound: on") if self.sound_on else N_("Sound: off")

    def toggle_sound(self) -> None:
        """Turn the sound on or off (through ``on_sound``) and relabel the toggle."""
        if self.on_sound is None or self.sound_button is None:
            return
        self.sound_on = self.on_sound()
        self.sound_button.label = _(self._sound_label())

    def enter(self, payload: object = None) -> None:
        """Deal the decorative fan in with a short animation."""
        self.focus = 0
        self._sync_focus()
        self._layout_fan(animate=True)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out title, fan, buttons and notices for a ``size`` (w, h) px window."""
        super().resize(size)
        w, h = self.size
        bw = min(480, max(280, int(w * (0.42 if w >= h else 0.8))))
        bh = max(36, min(58, int(h * 0.066)))
        gap = max(10, bh // 3)
        keys = {id(b): key for key, b in self.named.items()}
        big = [b for b in self.buttons if keys[id(b)] in ("Continue game", "Start new game")
               or b is self.online_button]  # fmt: skip
        last = [b for b in self.buttons if b is self.sound_button or keys[id(b)] == "Quit"]
        small = [b for b in self.buttons if b not in big and b not in last]
        # A low window raises the buttons (and the title over them) so the last row stays
        # in it; the decorative fan gives way first.
        saved_line = max(15, min(22, bh * 2 // 5)) + gap // 2 if self.saved else 0
        rows = len([small[i : i + 3] for i in range(0, len(small), 3)] + [last])
        block = len(big) * (bh + gap) + saved_line + rows * (round(bh * 0.85) + gap)
        y = min(int(h * 0.47), h - block)
        for button in big:
            button.rect = pygame.Rect(0, 0, bw, bh)
            button.rect.midtop = (w // 2, y)
            y += bh + gap
            if keys[id(button)] == "Continue game" and self.saved:
                # What is saved, in a line under the button, before a new game replaces it.
                self.saved_px = max(15, min(22, bh * 2 // 5))
                self.saved_pos = (w // 2, y - gap // 2 + self.saved_px // 2)
                y += self.saved_px + gap // 2
        for row in [small[i : i + 3] for i in range(0, len(small), 3)] + [last]:
            cell = (bw - gap * (len(row) - 1)) // max(1, len(row))
            x = w // 2 - bw // 2
            for button in row:
                button.rect = pygame.Rect(x, y, cell, round(bh * 0.85))
                x += cell + gap
            # one label size a row: French "Comment jouer" read smaller than "Réglages"
            # and "Statistiques" beside it
            share_text_size(row)
            y += round(bh * 0.85) + gap
        self.notice_rect = pygame.Rect(w // 12, y, w - w // 6, max(0, h - y - 8))
        title_h = max(36, min(int(h * 0.11), int(w * 0.12)))
        self.title_rect = pygame.Rect(0, 0, int(w * 0.8), title_h)
        top = min(int(h * 0.47), h - block)
        self.title_rect.midbottom = (w // 2, min(int(h * 0.38), top - 30))
        card_w = max(30, min(90, int(h * 0.07), int(w * 0.075)))
        self.renderer = self.make_renderer(*card_size_for_width(card_w))
        self._layout_fan(animate=False)

    def _fan_targets(self) -> list[tuple[float, float, float]]:
        w = self.size[0]
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
            elif intent.key == pygame.K_c and self.on_continue is not None:
                self.on_continue()
            elif intent.key == pygame.K_m and self.on_sound is not None:
                self.toggle_sound()
            else:
                return False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, card fan, title, subtitle and buttons."""
        paint_felt(surface, self.theme)
        if self.title_rect.top > self.renderer.size[1]:  # room above the title for the fan
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
            self.subtitle,
            sub_size,
            t.text_dim,
            center=(rect.centerx, rect.bottom + sub_size * 0.6),
        )
        for button in self.buttons:
            button.draw(surface)
        if self.saved and self.on_continue is not None:
            saved = _("Saved: {game}").format(game=self.saved)
            px = min(self.saved_px, fit_text_size(saved, self.size[0] - 40, self.saved_px))
            blit_text(surface, saved, px, t.text_dim, center=self.saved_pos)
        self._draw_notices(surface)

    def update(self, dt: float) -> None:
        """Advance the fan's tweens; every :data:`CONDITION_SECONDS` seconds look at the
        conditions again (a line goes when its folder can be written, or comes)."""
        super().update(dt)
        if self.conditions is None:
            return
        self._next_look -= dt
        if self._next_look <= 0:
            self._next_look = CONDITION_SECONDS
            self.standing = list(self.conditions())

    def wake_in(self) -> float | None:
        """As the animator says, or by the next look at the conditions."""
        moving = self.animator.wake_in()
        if self.conditions is None:
            return moving
        later = max(0.0, self._next_look)
        return later if moving is None else min(moving, later)

    def shown_notices(self) -> list[Words]:
        """The lines in the notice box: the conditions, then the newest one-time lines,
        three at most (a condition is never pushed out by one-time lines)."""
        room = max(0, 3 - len(self.standing))
        return [*self.standing[:3], *(self.notices[-room:] if room else [])]

    def _draw_notices(self, surface: pygame.Surface) -> None:
        shown = self.shown_notices()
        if not shown or self.notice_rect.height < 16:
            return
        w, h = self.size
        # As large as the room under the buttons allows, from the buttons' own size down
        # to 16 px (a notice is read once, in full: never small print).
        size = max(16, min(26, h // 30, w // 24))
        while True:
            width = self.notice_rect.width - 24
            lines = [line for notice in shown
                     for line in wrap_text(str(notice), size, width)]  # fmt: skip
            step = round(size * 1.25)
            if size <= 16 or len(lines) * step + 14 <= self.notice_rect.height + 8:
                break
            size -= 1
        box = pygame.Rect(0, 0, self.notice_rect.width, len(lines) * step + 14)
        box.midbottom = (self.notice_rect.centerx, self.size[1] - 8)
        draw_panel(surface, box, self.theme.frost, 10)
        y = box.top + 7 + step // 2
        for line in lines:
            blit_text(surface, line, size, self.theme.text, center=(box.centerx, y))
            y += step
