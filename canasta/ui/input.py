"""Gesture recognition: pygame events in, intents (Click, LongPress, Key, KeyUp, Text,
Editing, Move, Wheel) out.

Time only advances through ``update(dt)`` (seconds), so a test can hold the button for
"0.5 s" without waiting. Positions are window pixels.

Example::

    gestures = GestureRecognizer()
    for event in pygame.event.get():
        for intent in gestures.feed(event):
            scene.handle(intent)
    for intent in gestures.update(dt):
        scene.handle(intent)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

#: Seconds a press must be held (without moving) to become a long press.
LONG_PRESS_S = 0.45
#: Pixels a pressed pointer may move and still count as a click or long press.
SLOP_PX = 8
#: Seconds (of the scene's own clock) a view that ends something (the hands shown at a
#: hand's end, the scoreboard) ignores Enter and Space after it appears, so keys still
#: being pressed for the last discard do not pass it unseen.
GUARD_S = 0.8


@dataclass(frozen=True)
class Click:
    """A press and release at about the same place. ``button``: 1 left, 2 middle, 3 right."""

    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True)
class LongPress:
    """The left button held still for ``LONG_PRESS_S``; fires once while still held."""

    pos: tuple[int, int]


@dataclass(frozen=True)
class Key:
    """A key pressed: pygame key code, modifier bits and the typed text (may be empty)."""

    key: int
    mod: int = 0
    unicode: str = ""


@dataclass(frozen=True)
class KeyUp:
    """A key released (pygame key code): ends a held key's repeat in a text field."""

    key: int


@dataclass(frozen=True)
class Text:
    """Text typed (SDL's text input: a character, an accented letter made with a dead key,
    or what an input method committed)."""

    text: str


@dataclass(frozen=True)
class Editing:
    """An input method's composition under way (not typed yet): its ``text`` and the
    cursor's place in it (characters)."""

    text: str
    start: int = 0


@dataclass(frozen=True)
class Move:
    """The pointer moved to ``pos`` (for hover effects)."""

    pos: tuple[int, int]


@dataclass(frozen=True)
class Wheel:
    """The mouse wheel turned ``steps`` notches (positive: away from the player, to scroll
    up) with the pointer at ``pos``."""

    pos: tuple[int, int]
    steps: int


Intent = Click | LongPress | Key | KeyUp | Text | Editing | Move | Wheel


class GestureRecognizer:
    """Turns mouse and keyboard events into intents.

    A left press becomes a :class:`Click` on release if the pointer stayed within
    ``slop_px`` and no long press fired; held still for ``long_press_s`` seconds of
    ``update`` time it becomes one :class:`LongPress` (and the release then emits nothing).
    Moving beyond ``slop_px`` while pressed cancels both (a drag, reported only as Moves).
    Other buttons give a Click on release at the release point.
    """

    def __init__(self, long_press_s: float = LONG_PRESS_S, slop_px: int = SLOP_PX) -> None:
        self.long_press_s = long_press_s
        self.slop_px = slop_px
        self._down_pos: tuple[int, int] | None = None
        self._held = 0.0
        self._fired = False
        self._moved = False

    @property
    def pressing(self) -> bool:
        """True while the left button is down (since a press this recogniser saw)."""
        return self._down_pos is not None

    def reset(self) -> None:
        """Forget any press in progress (e.g. when the scene changes)."""
        self._down_pos = None
        self._held = 0.0
        self._fired = False
        self._moved = False

    def feed(self, event: pygame.event.Event) -> list[Intent]:
        """Process one pygame event; return the intents it completes (often none)."""
        kind = event.type
        if kind == pygame.KEYDOWN:
            return [Key(event.key, getattr(event, "mod", 0), getattr(event, "unicode", ""))]
        if kind == pygame.KEYUP:
            return [KeyUp(event.key)]
        if kind == pygame.TEXTINPUT:
            text = str(getattr(event, "text", ""))
            return [Text(text)] if text else []
        if kind == pygame.TEXTEDITING:
            return [Editing(str(getattr(event, "text", "")), int(getattr(event, "start", 0)))]
        if kind == pygame.MOUSEWHEEL:
            steps = int(getattr(event, "y", 0))
            return [Wheel(pygame.mouse.get_pos(), steps)] if steps else []
        if kind == pygame.MOUSEMOTION:
            pos = _pos(event)
            if self._down_pos is not None and _dist(pos, self._down_pos) > self.slop_px:
                self._moved = True
            return [Move(pos)]
        if kind == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                self._down_pos = _pos(event)
                self._held = 0.0
                self._fired = False
                self._moved = False
            return []
        if kind == pygame.MOUSEBUTTONUP:
            pos = _pos(event)
            if event.button != 1:
                return [Click(pos, event.button)] if event.button in (2, 3) else []
            down = self._down_pos
            fired, moved = self._fired, self._moved
            self.reset()
            if down is None or fired or moved or _dist(pos, down) > self.slop_px:
                return []
            return [Click(down, 1)]
        return []

    def wake_in(self) -> float | None:
        """Seconds until a held press becomes a long press, or None if none is pending."""
        if self._down_pos is None or self._fired or self._moved:
            return None
        return max(0.0, self.long_press_s - self._held)

    def update(self, dt: float) -> list[Intent]:
        """Advance ``dt`` seconds; return ``[LongPress]`` when a held press qualifies."""
        if self._down_pos is None or self._fired or self._moved:
            return []
        self._held += dt
        if self._held >= self.long_press_s:
            self._fired = True
            return [LongPress(self._down_pos)]
        return []


def _pos(event: pygame.event.Event) -> tuple[int, int]:
    x, y = event.pos
    return (int(x), int(y))


def _dist(a: tuple[int, int], b: tuple[int, int]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


# Fake events, for tests and scripted demos. ----------------------------------------------


def mouse_down(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    """A MOUSEBUTTONDOWN event at ``pos`` px."""
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def mouse_up(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    """A MOUSEBUTTONUP event at ``pos`` px."""
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def mouse_move(
    pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)
) -> pygame.event.Event:
    """A MOUSEMOTION event to ``pos`` px."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def key_down(key: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    """A KEYDOWN event for pygame key code ``key``."""
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode)


def click_events(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    """The events of a quick click at ``pos``: down then up."""
    return [mouse_down(pos, button), mouse_up(pos, button)]


def post_click(pos: tuple[int, int], button: int = 1) -> None:
    """Post a click (MOUSEBUTTONDOWN then MOUSEBUTTONUP at ``pos``) to pygame's queue.

    Needs ``pygame.display.init()`` (the event queue lives in the video subsystem).
    """
    for event in click_events(pos, button):
        pygame.event.post(event)


def post_text(text: str) -> None:
    """Post a TEXTINPUT event typing ``text`` to pygame's queue (as SDL sends after the
    key that typed it)."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def post_key(key: int, mod: int = 0, unicode: str = "") -> None:
    """Post a KEYDOWN (and the matching KEYUP) for ``key`` to pygame's queue."""
    pygame.event.post(key_down(key, mod, unicode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
