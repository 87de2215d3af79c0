"""The one-line text field every form uses, and the error a typed text gets.

A field edits as players expect of one: a cursor (arrows, Home and End, Ctrl with the
arrows for a word), a selection (Shift with those keys, Ctrl+A for all; a click places the
cursor), copy, cut and paste through the system clipboard (Ctrl+C, Ctrl+X, Ctrl+V, and
Cmd on a Mac), Backspace and Delete (Ctrl: a word). Characters come from SDL's text input
events (:class:`~canasta.ui.input.Text`), so accented letters, dead keys and input methods
type what the keyboard shows; a composition under way
(:class:`~canasta.ui.input.Editing`) shows at the cursor, underlined, until it is
committed. While a field has the keyboard, held keys repeat (:class:`Typing`, which the
scene manager drives). The focused field wears a ring in the theme's accent.

The clipboard is injected (:class:`Clipboard`): the system's through pygame-ce's
``pygame.scrap.put_text`` and ``get_text`` (SDL's clipboard) by default, a
:class:`MemoryClipboard` in tests. Sizes are pixels.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from canasta.ui.effects import draw_panel
from canasta.ui.input import Editing, Key, KeyUp, Text
from canasta.ui.text import blit_text, fit_text_size, get_font, render_text
from canasta.ui.theme import Theme

#: The longest text a field takes (characters).
FIELD_LIMIT = 200
#: A held editing key repeats after this many seconds, then every this many.
REPEAT_DELAY_S = 0.4
REPEAT_INTERVAL_S = 0.035
#: The keys that repeat while held (the OS repeats typed characters itself).
REPEATING = frozenset((pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT))
#: The modifier keys that make a shortcut: Ctrl, and Cmd on a Mac.
SHORTCUT = pygame.KMOD_CTRL | pygame.KMOD_GUI


class Clipboard(Protocol):
    """Where copied text goes and pasted text comes from."""

    def get(self) -> str:
        """The text on the clipboard ("" when there is none)."""
        ...

    def put(self, text: str) -> None:
        """Put ``text`` on the clipboard."""
        ...


class SystemClipboard:
    """The desktop's clipboard, through SDL (pygame-ce's ``pygame.scrap.put_text`` and
    ``get_text``); needs the display initialised, and without one (or on a platform
    where SDL has none) pastes nothing and copies nowhere."""

    def get(self) -> str:
        """The clipboard's text, or ""."""
        try:
            return str(pygame.scrap.get_text()) if pygame.display.get_init() else ""
        except pygame.error:
            return ""

    def put(self, text: str) -> None:
        """Put ``text`` on the desktop's clipboard (nothing without a display)."""
        try:
            if pygame.display.get_init():
                pygame.scrap.put_text(text)
        except pygame.error:
            pass


class MemoryClipboard:
    """A clipboard in this process only (tests; ``text`` is what it holds)."""

    def __init__(self, text: str = "") -> None:
        self.text = text

    def get(self) -> str:
        """What was put last."""
        return self.text

    def put(self, text: str) -> None:
        """Hold ``text``."""
        self.text = text


class FieldError(ValueError):
    """A typed text the form cannot take, in the player's words; ``field`` names the form's
    field it is about (``"address"`` or ``"name"``), where the message shows."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _word_left(text: str, at: int) -> int:
    """Where the word before ``at`` starts (spaces and punctuation before it skipped)."""
    while at > 0 and not text[at - 1].isalnum():
        at -= 1
    while at > 0 and text[at - 1].isalnum():
        at -= 1
    return at


def _word_right(text: str, at: int) -> int:
    """Where the word after ``at`` ends (spaces and punctuation before it skipped)."""
    while at < len(text) and not text[at].isalnum():
        at += 1
    while at < len(text) and text[at].isalnum():
        at += 1
    return at


class TextField:
    """A one-line text box: ``label`` above it, ``text`` typed into it (px ``rect``), at
    most ``limit`` characters; ``error`` (the reason a text was refused) shows under the
    box.

    Attributes:
        cursor: where typing goes, as an index into ``text`` (0: before the first
            character).
        anchor: the selection's other end (equal to ``cursor``: nothing selected).
        composing: text an input method is composing at the cursor, not yet typed.
        focused: the field has the keyboard (the scene sets it).
    """

    def __init__(
        self,
        label: str,
        text: str = "",
        limit: int = FIELD_LIMIT,
        clipboard: Clipboard | None = None,
    ) -> None:
        self.label, self.limit = label, limit
        self.clipboard: Clipboard = clipboard or SystemClipboard()
        self._text = _printable(text)[:limit]
        self.cursor = self.anchor = len(self._text)
        self.composing = ""
        self.rect = pygame.Rect(0, 0, 10, 10)
        self._focused = False
        self.error = ""
        self._scroll = 0  # px of the text scrolled out of the box on the left
        self._size = 14  # the text's font size (px) at the last draw
        self._held: Key | None = None  # an editing key held down, which repeats
        self._held_s = 0.0  # seconds it has been held
        self._next_s = REPEAT_DELAY_S  # when it repeats next

    @property
    def focused(self) -> bool:
        """Whether the field has the keyboard; a field that loses it forgets a held key."""
        return self._focused

    @focused.setter
    def focused(self, value: bool) -> None:
        self._focused = value
        if not value:
            self._held = None

    # The text and the selection -----------------------------------------------------------

    @property
    def text(self) -> str:
        """What is typed. Setting it puts the cursor at its end, nothing selected."""
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = _printable(value)[: self.limit]
        self.cursor = self.anchor = len(self._text)
        self.composing = ""

    @property
    def selection(self) -> tuple[int, int]:
        """The selected part as (start, end) indexes; start == end when none."""
        return min(self.cursor, self.anchor), max(self.cursor, self.anchor)

    @property
    def selected(self) -> str:
        """The selected text ("" when none)."""
        start, end = self.selection
        return self._text[start:end]

    def select_all(self) -> None:
        """Select the whole text, the cursor at its end."""
        self.anchor, self.cursor = 0, len(self._text)

    def insert(self, typed: str) -> bool:
        """Type ``typed`` at the cursor, over the selection; what would pass ``limit`` is
        left out, and characters that do not print (line breaks, tabs) are dropped.
        Returns True when the text changed."""
        typed = _printable(typed)
        start, end = self.selection
        room = self.limit - (len(self._text) - (end - start))
        typed = typed[: max(0, room)]
        if not typed and start == end:
            return False
        self._text = self._text[:start] + typed + self._text[end:]
        self.cursor = self.anchor = start + len(typed)
        self.error = ""
        return True

    def _delete(self, start: int, end: int) -> bool:
        if start == end:
            return False
        self._text = self._text[:start] + self._text[end:]
        self.cursor = self.anchor = start
        self.error = ""
        return True

    def _move(self, to: int, extend: bool) -> None:
        self.cursor = max(0, min(len(self._text), to))
        if not extend:
            self.anchor = self.cursor

    # Input ----------------------------------------------------------------------------------

    def handle(self, intent: Key | KeyUp | Text | Editing) -> bool:
        """A key pressed or released, typed text or an input method's composition for this
        field; True when the field used it (a printable key is used: its text comes as
        :class:`Text`)."""
        if isinstance(intent, KeyUp):
            if self._held is not None and self._held.key == intent.key:
                self._held = None
            return False
        if isinstance(intent, Text):
            self.composing = ""
            self.insert(intent.text)
            return True
        if isinstance(intent, Editing):
            self.composing = intent.text
            return True
        used = self.key(intent)
        if intent.key in REPEATING:
            self._held, self._held_s, self._next_s = intent, 0.0, REPEAT_DELAY_S
        return used

    def tick(self, dt: float) -> None:
        """``dt`` seconds more of a held editing key: it acts again after
        :data:`REPEAT_DELAY_S`, then every :data:`REPEAT_INTERVAL_S`, until released or the
        field loses the keyboard."""
        held = self._held
        if held is None:
            return
        self._held_s += dt
        while self._held_s >= self._next_s:
            self.key(held)
            self._next_s += REPEAT_INTERVAL_S

    def wake_in(self) -> float | None:
        """Seconds until a held key repeats, or None when none is held."""
        if self._held is None:
            return None
        return max(0.0, self._next_s - self._held_s)

    def key(self, intent: Key) -> bool:
        """The editing keys (see the module docstring); True when used."""
        key, mod = intent.key, intent.mod
        shortcut, shift = bool(mod & SHORTCUT), bool(mod & pygame.KMOD_SHIFT)
        text, at = self._text, self.cursor
        start, end = self.selection
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if start != end and not shift:  # an arrow ends a selection at its side
                self._move(start if key == pygame.K_LEFT else end, False)
            elif key == pygame.K_LEFT:
                self._move(_word_left(text, at) if shortcut else at - 1, shift)
            else:
                self._move(_word_right(text, at) if shortcut else at + 1, shift)
            return True
        if key in (pygame.K_HOME, pygame.K_UP):
            self._move(0, shift)
            return True
        if key in (pygame.K_END, pygame.K_DOWN):
            self._move(len(text), shift)
            return True
        if key == pygame.K_BACKSPACE:
            if start == end:
                start = _word_left(text, at) if shortcut else max(0, at - 1)
            self._delete(start, end)
            return True
        if key == pygame.K_DELETE and shift:  # Shift+Delete: cut
            return self._cut()
        if key == pygame.K_DELETE:
            if start == end:
                end = _word_right(text, at) if shortcut else min(len(text), at + 1)
            self._delete(start, end)
            return True
        if key == pygame.K_INSERT and (shift or shortcut):  # Shift+Insert, Ctrl+Insert
            return self._paste() if shift else self._copy()
        if shortcut and key == pygame.K_a:
            self.select_all()
            return True
        if shortcut and key == pygame.K_c:
            return self._copy()
        if shortcut and key == pygame.K_x:
            return self._cut()
        if shortcut and key == pygame.K_v:
            return self._paste()
        # A printable key's character arrives as text input: used here, so no scene acts
        # on a letter typed into a field.
        return bool(intent.unicode and intent.unicode.isprintable() and not shortcut)

    def _copy(self) -> bool:
        if self.selected:
            self.clipboard.put(self.selected)
        return True

    def _cut(self) -> bool:
        if self.selected:
            self.clipboard.put(self.selected)
            self._delete(*self.selection)
        return True

    def _paste(self) -> bool:
        # A pasted line break or tab (copied with the address) becomes nothing.
        self.insert(self.clipboard.get().replace("\r", "").replace("\n", ""))
        return True

    def click(self, pos: tuple[int, int]) -> None:
        """Place the cursor at the character boundary nearest ``pos`` (window px), as the
        text was last drawn; nothing selected."""
        inner = self._inner()
        x = pos[0] - inner.x + self._scroll
        font = get_font(self._size)
        best, gap = 0, abs(x)
        for i in range(1, len(self._text) + 1):
            away = abs(font.size(self._text[:i])[0] - x)
            if away < gap:
                best, gap = i, away
        self._move(best, False)

    # Drawing --------------------------------------------------------------------------------

    def _inner(self) -> pygame.Rect:
        return self.rect.inflate(-20, -4)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """The label, the box, the text (scrolled so the cursor shows), the selection, the
        cursor and an input method's composition when focused, the focus ring, and the
        error under the box."""
        size = max(14, self.rect.height // 2)
        blit_text(surface, self.label, max(14, size - 2), theme.text_dim,
                  midleft=(self.rect.x + 2, self.rect.y - size * 0.8))  # fmt: skip
        draw_panel(surface, self.rect, (0, 0, 0, 110), 8)
        if self.focused:  # the focus ring, outside the box's own edge
            ring = self.rect.inflate(8, 8)
            pygame.draw.rect(surface, theme.accent, ring, 3, border_radius=11)
        edge = theme.accent if self.focused or self.error else theme.text_dim
        pygame.draw.rect(surface, edge, self.rect, 2 + bool(self.error), border_radius=8)
        shown = self._text[: self.cursor] + self.composing + self._text[self.cursor :]
        inner = self._inner()
        fit = max(min(size, 14), fit_text_size(shown or " ", inner.width, size, report=False))
        self._size = fit
        font = get_font(fit)
        caret = font.size(shown[: self.cursor + len(self.composing)])[0]
        whole = font.size(shown)[0]
        # Keep the cursor in the box: scroll no further than needed, never past the end.
        self._scroll = min(self._scroll, caret, max(0, whole - inner.width + 2))
        self._scroll = max(self._scroll, caret - inner.width + 2, 0)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip))
        left = inner.x - self._scroll
        start, end = self.selection
        if self.focused and start != end:
            x0, x1 = font.size(shown[:start])[0], font.size(shown[:end])[0]
            band = pygame.Rect(left + x0, inner.y + 4, x1 - x0, inner.height - 8)
            pygame.draw.rect(surface, theme.accent, band, border_radius=3)
        image = render_text(shown, fit, theme.text)
        surface.blit(image, image.get_rect(midleft=(left, inner.centery)))
        if self.focused and start != end:  # the selected letters, dark on the band
            x0 = left + font.size(shown[:start])[0]
            marked = render_text(shown[start:end], fit, theme.button_text)
            surface.blit(marked, marked.get_rect(midleft=(x0, inner.centery)))
        if self.focused:
            top, bottom = inner.y + 6, inner.bottom - 6
            if self.composing:
                x0 = left + font.size(shown[: self.cursor])[0]
                pygame.draw.line(surface, theme.text, (x0, bottom), (left + caret, bottom), 2)
            pygame.draw.line(surface, theme.text, (left + caret, top), (left + caret, bottom), 2)
        surface.set_clip(clip)
        if self.error:
            small = max(14, size - 4)
            blit_text(surface, self.error, fit_text_size(self.error, self.rect.width, small),
                      theme.accent, topleft=(self.rect.x + 2, self.rect.bottom + 4))  # fmt: skip


class Typing:
    """Keeps SDL told where the field that has the keyboard is, so an input method shows
    its candidates by it (the scene manager calls :meth:`follow` every frame)."""

    def __init__(self) -> None:
        self.field: TextField | None = None

    def follow(self, field: TextField | None) -> None:
        """``field`` has the keyboard now (None: no field has)."""
        if field is not None and field is not self.field and pygame.display.get_init():
            pygame.key.set_text_input_rect(field.rect)
        self.field = field


def _printable(text: str) -> str:
    """``text`` without the characters that do not print on one line."""
    return "".join(char for char in text if char.isprintable())


__all__ = [
    "FIELD_LIMIT",
    "Clipboard",
    "FieldError",
    "MemoryClipboard",
    "SystemClipboard",
    "TextField",
    "Typing",
]
