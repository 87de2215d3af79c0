"""The frame loop: draws while something moves, rests while nothing does.

While a scene animates, a computer player thinks or a timer is about to run out, the loop
draws frames paced at ``fps``. When nothing moves (the home screen, the person's turn with
the cards at rest) it draws nothing and sleeps in ``events.wait`` until input comes or the
next timer is due, then draws the one frame that shows the change. Time spent resting is
given to the scenes' timers (a toast still goes after its seconds) but never to a tween
started by the input that ended the rest, so a click's animation starts from its first
frame.

The clock and the event source are injected, so tests drive the loop with fake time and
scripted events; :class:`PygameEvents` and :class:`PygameClock` are the real ones.

Resting: ``pygame.event.wait`` in pygame-ce polls the queue every millisecond, which alone
costs about 2% of a core. SDL's own ``SDL_WaitEventTimeout`` with no event to fill blocks
in the video driver until input comes (X11, Wayland, Windows, macOS) and leaves the event
in the queue for pygame, so :class:`PygameEvents` calls it through ``ctypes`` on the SDL
library pygame itself loaded, and falls back to ``pygame.event.wait`` when that library
cannot be found. (SDL's dummy driver has no way to block, and polls either way.)
"""

from __future__ import annotations

import ctypes
import glob
import logging
import os
import re
import time
from collections.abc import Callable
from typing import Any, Protocol

import pygame

from canasta.scenes.base import SceneManager

#: Frames per second while something moves.
FPS = 60
#: Longest rest between two looks at the time (seconds), so ``quit_after`` and scenes
#: that change without a timer are noticed; waking costs well under a millisecond.
MAX_REST = 0.5
#: The longest step any one frame advances animations (seconds).
MAX_STEP = 0.1


class EventSource(Protocol):
    """Where events come from (pygame's queue, or a script in tests)."""

    def get(self) -> list[pygame.event.Event]:
        """Every event waiting now (maybe none); never blocks."""
        ...

    def wait(self, seconds: float) -> bool:
        """Sleep until an event is waiting or ``seconds`` pass; True if one is waiting
        (it stays queued for ``get``)."""
        ...


class Clock(Protocol):
    """The loop's time: ``now`` in seconds and ``pace`` to hold a frame rate."""

    def now(self) -> float:
        """Seconds on a monotonic clock."""
        ...

    def pace(self, fps: int) -> None:
        """Return once a ``1 / fps`` s frame has passed since the last call (sleeps)."""
        ...


log = logging.getLogger(__name__)


def sdl_library() -> Any | None:
    """The SDL 2 library pygame has loaded, opened again through ``ctypes`` (the same
    library, so the same event queue), or None when it cannot be found."""
    candidates: list[str] = []
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            candidates = [
                line.split()[-1]
                for line in maps
                if re.search(r"/libSDL2(-2[^/]*)?\.so[^/]*$", line.strip())
            ]
    except OSError:
        folder = os.path.dirname(pygame.__file__)
        for pattern in ("SDL2.dll", ".dylibs/libSDL2*.dylib", "../pygame_ce.libs/libSDL2-2*"):
            candidates += glob.glob(os.path.join(folder, pattern))
    for path in candidates:
        try:
            library = ctypes.CDLL(path)
            wait = library.SDL_WaitEventTimeout
        except (OSError, AttributeError):
            continue
        wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
        wait.restype = ctypes.c_int
        return library
    return None


class PygameEvents:
    """pygame's event queue; waits block in SDL where it can (see the module doc)."""

    def __init__(self) -> None:
        self._sdl = sdl_library()
        self._held: list[pygame.event.Event] = []
        log.info("resting in %s", "SDL_WaitEventTimeout" if self._sdl else "pygame.event.wait")

    def get(self) -> list[pygame.event.Event]:
        """Every event waiting now, in order."""
        held, self._held = self._held, []
        return held + pygame.event.get()

    def wait(self, seconds: float) -> bool:
        """Sleep until an event is waiting or ``seconds`` pass; True if one is."""
        ms = max(1, round(seconds * 1000))
        if self._held:
            return True
        if self._sdl is not None:
            return bool(self._sdl.SDL_WaitEventTimeout(None, ms))
        event = pygame.event.wait(ms)  # takes the event off the queue: hold it for get
        if event.type == pygame.NOEVENT:
            return False
        self._held.append(event)
        return True


class PygameClock:
    """Real time: ``time.monotonic`` and a ``pygame.time.Clock`` for pacing."""

    def __init__(self) -> None:
        self._clock = pygame.time.Clock()

    def now(self) -> float:
        """Seconds since an arbitrary start."""
        return time.monotonic()

    def pace(self, fps: int) -> None:
        """Sleep out the rest of the frame."""
        self._clock.tick(fps)


class FrameLoop:
    """Runs a scene manager until it asks to quit.

    Args:
        manager: the scenes.
        surface: returns the surface to draw on (the window's, which a resize replaces).
        present: shows the drawn frame (``pygame.display.flip``).
        events, clock: the event source and the time (see the protocols above).
        on_event: called first with every event; True means it was used up (e.g. F11).
        on_frame: called after every frame shown (for measuring; the first frame too).
        quit_after: ask to quit after this many seconds (None: never).
        fps: frames per second while something moves.

    Attributes:
        frames: frames drawn so far; rests: times the loop slept waiting for input.
    """

    def __init__(
        self,
        manager: SceneManager,
        surface: Callable[[], pygame.Surface],
        present: Callable[[], None],
        events: EventSource,
        clock: Clock,
        *,
        on_event: Callable[[pygame.event.Event], bool] | None = None,
        on_frame: Callable[[], None] | None = None,
        quit_after: float | None = None,
        fps: int = FPS,
    ) -> None:
        self.manager = manager
        self.surface = surface
        self.present = present
        self.events = events
        self.clock = clock
        self.on_event = on_event
        self.on_frame = on_frame
        self.quit_after = quit_after
        self.fps = fps
        self.frames = 0
        self.rests = 0
        self.started = clock.now()
        self.last = self.started

    def run(self) -> None:
        """Draw the first frame, then step until the manager asks to quit."""
        self._draw()
        while not self.manager.quit_requested:
            self.step()

    def step(self) -> None:
        """One turn of the loop: a paced frame while something moves, else one rest."""
        wake = self.manager.wake_in()
        frame = 1 / self.fps
        if wake is not None and wake <= frame:
            self.clock.pace(self.fps)
            self._handle(self.events.get())
            now = self.clock.now()
            self.manager.update(min(now - self.last, MAX_STEP))
            self.last = now
            self._draw()
        else:
            self._rest(wake)
        self._check_quit()

    def _rest(self, wake: float | None) -> None:
        """Sleep until input, the next timer, or ``MAX_REST``; draw if anything came."""
        timeout = MAX_REST if wake is None else min(wake, MAX_REST)
        if self.quit_after is not None:
            left = self.started + self.quit_after - self.clock.now()
            timeout = max(0.0, min(timeout, left))
        self.rests += 1
        woke = self.events.wait(timeout)
        now = self.clock.now()
        self.manager.update(now - self.last)  # timers due while resting; nothing moved
        self.last = now
        changed = self._handle(self.events.get()) if woke else False
        due = wake is not None and wake <= timeout + 1e-6
        if changed or due:
            self.manager.update(0.0)  # let scenes react to the input before drawing
            self._draw()

    def _handle(self, events: list[pygame.event.Event]) -> bool:
        """Feed ``events`` to ``on_event`` and the manager; True if any may change the
        picture (anything but a pointer move that no scene used)."""
        changed = False
        for event in events:
            if event.type != pygame.MOUSEMOTION:
                log.debug("event %s", pygame.event.event_name(event.type))
            if self.on_event is not None and self.on_event(event):
                changed = True
                continue
            used = self.manager.handle_event(event)
            changed = changed or used or event.type != pygame.MOUSEMOTION
        return changed

    def _draw(self) -> None:
        self.manager.draw(self.surface())
        self.present()
        self.frames += 1
        if self.on_frame is not None:
            self.on_frame()

    def _check_quit(self) -> None:
        if self.quit_after is not None and self.clock.now() - self.started >= self.quit_after:
            self.manager.request_quit()
