"""Scenes and the scene stack.

A scene receives intents (``canasta.ui.input``: Click, LongPress, Key, KeyUp, Text, Editing,
Move, Wheel), advances its
own Animator in ``update(dt)`` (seconds) and draws itself. The manager keeps a stack: the
top scene gets input first; overlays (``overlay = True``) are drawn over the scenes below
them; a ``modal`` scene never lets input through to the scenes below.

The app loop (:class:`canasta.app.loop.FrameLoop`) feeds events, updates and draws while
``manager.wake_in()`` says something moves, and otherwise sleeps until input or the next
timer: a scene that changes in ``update`` without a tween or timer says so in ``wake_in``.
"""

from __future__ import annotations

from typing import Any

import pygame

from canasta.ui.banner import Banner
from canasta.ui.input import Click, GestureRecognizer, Intent
from canasta.ui.textfield import TextField, Typing
from canasta.ui.tween import Animator


class Scene:
    """Base class: override the hooks you need.

    Attributes:
        manager: set by the SceneManager when pushed (None before).
        animator: this scene's tweens and timers, ticked by :meth:`update`.
        overlay: drawn on top of the scene below (dialogs, toasts) instead of hiding it.
        modal: input the scene does not handle is not passed to scenes below.
        size: window ``(w, h)`` px as last given to :meth:`resize`.
        banner_top: where (window y, px) the banner may lie without hiding what the scene
            needs read (the scoreboard: under its scores), or None for the window's top.
        banner_room: a place (window px) the banner must keep inside, because around it
            lie cards (the table: its message strip), or None; the lines then show a page
            at a time (:meth:`canasta.ui.banner.Banner.draw`).
    """

    overlay: bool = False
    modal: bool = True
    banner_top: int | None = None
    banner_room: pygame.Rect | None = None

    def __init__(self) -> None:
        self.manager: SceneManager | None = None
        self.animator = Animator()
        self.size: tuple[int, int] = (0, 0)

    def enter(self, payload: Any = None) -> None:
        """Called when pushed (or put in place by ``replace``), with the caller's payload."""

    def exit(self) -> None:
        """Called when popped or replaced."""

    def resume(self) -> None:
        """Called when the scene above this one is popped and this is the top again."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size`` (w, h) px; recompute layout here (call super)."""
        self.size = (int(size[0]), int(size[1]))

    def handle(self, intent: Intent) -> bool:
        """Handle one intent; return True if it was used (stops propagation)."""
        return False

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds (ticks ``animator``; call super when overriding)."""
        self.animator.tick(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto ``surface`` (the whole window)."""

    def text_field(self) -> TextField | None:
        """The text field that has the keyboard, or None (the default: the scene has no
        field); an input method shows its candidates by it
        (:class:`~canasta.ui.textfield.Typing`)."""
        return None

    def wake_in(self) -> float | None:
        """Seconds until this scene changes by itself: 0 while something moves (every
        frame then), None while it only changes on input. The app loop sleeps in between
        (override for changes driven by ``update`` rather than by the animator)."""
        return self.animator.wake_in()


class SceneManager:
    """A stack of scenes plus the gesture recogniser that feeds them.

    Args:
        size: initial window ``(w, h)`` px, passed to each scene's ``resize`` when pushed.
    """

    def __init__(self, size: tuple[int, int] = (1280, 800)) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.stack: list[Scene] = []
        self.gestures = GestureRecognizer()
        self.quit_requested = False
        self.banner = Banner()  # lines the player must read, over every scene
        self.typing = Typing()  # where the top scene's text field is, for input methods

    @property
    def top(self) -> Scene | None:
        """The scene receiving input first, or None when the stack is empty."""
        return self.stack[-1] if self.stack else None

    def request_quit(self) -> None:
        """Ask the app loop to end after this frame."""
        self.quit_requested = True

    def push(self, scene: Scene, payload: Any = None) -> Scene:
        """Put ``scene`` on top: set its manager, size it, then ``enter(payload)``."""
        scene.manager = self
        scene.resize(self.size)
        self.stack.append(scene)
        self.gestures.reset()
        scene.enter(payload)
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene (calls its ``exit``, then ``resume`` on the new top)."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        scene.manager = None
        self.gestures.reset()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene, payload: Any = None) -> Scene:
        """Swap the top scene for ``scene`` (the old one gets ``exit``, no ``resume``)."""
        if self.stack:
            old = self.stack.pop()
            old.exit()
            old.manager = None
        return self.push(scene, payload)

    def clear(self) -> None:
        """Pop every scene (each gets ``exit``)."""
        while self.stack:
            scene = self.stack.pop()
            scene.exit()
            scene.manager = None

    def resize(self, size: tuple[int, int]) -> None:
        """Tell every scene the window is now ``size`` (w, h) px."""
        self.size = (int(size[0]), int(size[1]))
        for scene in self.stack:
            scene.resize(self.size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route a pygame event: quit and resize are handled here, the rest via gestures."""
        if event.type == pygame.QUIT:
            self.request_quit()
            return True
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return True
        handled = False
        for intent in self.gestures.feed(event):
            handled = self.dispatch(intent) or handled
        return handled

    def dispatch(self, intent: Intent) -> bool:
        """Offer ``intent`` to scenes from the top down until one uses it or one is modal
        (a click on the banner only closes the banner)."""
        if isinstance(intent, Click) and self.banner.hit(intent.pos):
            self.banner.hide()
            return True
        for scene in reversed(list(self.stack)):
            if scene.handle(intent):
                return True
            if scene.modal:
                return False
        return False

    def visible_scenes(self) -> list[Scene]:
        """Scenes drawn this frame, bottom first: the top opaque scene and overlays above."""
        start = 0
        for index in range(len(self.stack) - 1, -1, -1):
            if not self.stack[index].overlay:
                start = index
                break
        return self.stack[start:]

    def update(self, dt: float) -> None:
        """Advance gestures (long press) and every visible scene by ``dt`` seconds."""
        for intent in self.gestures.update(dt):
            self.dispatch(intent)
        for scene in self.visible_scenes():
            scene.update(dt)
        self.banner.update(dt)
        top = self.top
        self.typing.follow(top.text_field() if top is not None else None)

    def wake_in(self) -> float | None:
        """Seconds until the next change that needs no input (the soonest of the visible
        scenes' and a held press's): 0 while something moves, None when only input can
        change the picture."""
        waits = [self.gestures.wake_in(), self.banner.wake_in()]
        waits += [s.wake_in() for s in self.visible_scenes()]
        known = [w for w in waits if w is not None]
        return min(known) if known else None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible scenes, bottom first, then the banner."""
        for scene in self.visible_scenes():
            scene.draw(surface)
        top = self.stack[-1].banner_top if self.stack else None
        room = self.stack[-1].banner_room if self.stack else None
        self.banner.draw(surface, top, room)
