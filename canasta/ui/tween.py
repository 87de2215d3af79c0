"""Tweens, an animator and a scheduler, all advanced only by ``tick(dt)``.

Nothing here reads the real clock: the app loop passes ``dt`` (seconds since the last
frame) and tests pass whatever they like, so animations are deterministic and need no
window (the shape of pgzero's ``animation.py`` and ``clock.py``).

Example::

    animator = Animator()
    animator.animate(sprite, 0.3, easing=ease_out_cubic, x=400, y=120)
    animator.tick(0.016)  # once per frame
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Easing = Callable[[float], float]
Callback = Callable[[], None]


def linear(t: float) -> float:
    """Identity easing: progress ``t`` in [0, 1] maps to itself."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle stop. ``t`` in [0, 1] -> [0, 1]."""
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Gentle start and stop. ``t`` in [0, 1] -> [0, 1]."""
    if t < 0.5:
        return 4.0 * t * t * t
    return 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_back(t: float) -> float:
    """Overshoots the target by about 10% and settles back. ``t`` in [0, 1] -> [0, 1]."""
    c1 = 1.70158
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


#: Easing functions by name (for data-driven animation settings).
EASINGS: dict[str, Easing] = {
    "linear": linear,
    "ease_out_cubic": ease_out_cubic,
    "ease_in_out_cubic": ease_in_out_cubic,
    "ease_out_back": ease_out_back,
}


def _lerp(start: Any, end: Any, k: float) -> Any:
    if isinstance(start, tuple):
        return tuple(a + (b - a) * k for a, b in zip(start, end, strict=True))
    return start + (end - start) * k


class Tween:
    """Move numeric (or tuple-of-numbers) attributes of ``obj`` to ``targets``.

    Args:
        obj: any object whose attributes are set with ``setattr``.
        duration: seconds the movement takes once it has started (0 = jump at first tick).
        delay: seconds to wait before starting; start values are read when it starts.
        easing: maps progress in [0, 1] to eased progress.
        on_done: called once when the tween reaches its targets (not when cancelled).
        targets: attribute name -> final value (number, or tuple of numbers of equal length).
    """

    def __init__(
        self,
        obj: object,
        duration: float,
        *,
        delay: float = 0.0,
        easing: Easing = ease_out_cubic,
        on_done: Callback | None = None,
        **targets: Any,
    ) -> None:
        self.obj = obj
        self.duration = max(0.0, float(duration))
        self.delay = max(0.0, float(delay))
        self.easing = easing
        self.on_done = on_done
        self.targets: dict[str, Any] = dict(targets)
        self.elapsed = 0.0  # seconds since the tween was created (delay included)
        self.done = False
        self._starts: dict[str, Any] | None = None

    @property
    def started(self) -> bool:
        """True once the delay has passed and start values were captured."""
        return self._starts is not None

    @property
    def progress(self) -> float:
        """Linear progress in [0, 1] (0 while still in the delay)."""
        if self.duration == 0.0:
            return 1.0 if self.elapsed >= self.delay and self.started else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def step(self, dt: float) -> bool:
        """Advance by ``dt`` seconds and write the attributes; return True when finished."""
        if self.done:
            return True
        self.elapsed += max(0.0, dt)
        if self.elapsed < self.delay:
            return False
        if self._starts is None:
            self._starts = {name: getattr(self.obj, name) for name in self.targets}
        if self.progress >= 1.0:
            self.finish()
            return True
        k = self.easing(self.progress)
        for name, end in self.targets.items():
            setattr(self.obj, name, _lerp(self._starts[name], end, k))
        return False

    def finish(self) -> None:
        """Jump to the targets now and mark done (``on_done`` is left to the Animator)."""
        for name, end in self.targets.items():
            setattr(self.obj, name, end)
        self.done = True

    def drop(self, names: set[str] | frozenset[str]) -> None:
        """Stop driving the attributes ``names`` (they keep their current values)."""
        for name in names:
            self.targets.pop(name, None)
            if self._starts is not None:
                self._starts.pop(name, None)


class Animator:
    """Holds running tweens and advances them only in ``tick(dt)``.

    A new tween on the same object and attribute takes that attribute over from the older
    tween (the older one is dropped silently if nothing is left for it to drive). It also
    owns a :class:`Scheduler` on the same clock (``call_later``), ticked after the tweens.
    """

    def __init__(self) -> None:
        self.tweens: list[Tween] = []
        self.scheduler = Scheduler()
        self._idle_callbacks: list[Callback] = []

    @property
    def busy(self) -> bool:
        """True while any tween is waiting or running."""
        return bool(self.tweens)

    def animate(
        self,
        obj: object,
        duration: float = 0.25,
        *,
        delay: float = 0.0,
        easing: Easing = ease_out_cubic,
        on_done: Callback | None = None,
        **targets: Any,
    ) -> Tween:
        """Create, add and return a Tween (see :class:`Tween`; seconds for times)."""
        tween = Tween(obj, duration, delay=delay, easing=easing, on_done=on_done, **targets)
        self.add(tween)
        return tween

    def add(self, tween: Tween) -> Tween:
        """Add an existing tween, taking its attributes over from older tweens on its obj."""
        names = frozenset(tween.targets)
        for old in self.tweens:
            if old.obj is tween.obj and names & old.targets.keys():
                old.drop(names)
        self.tweens = [t for t in self.tweens if t.targets]
        self.tweens.append(tween)
        return tween

    def wake_in(self) -> float | None:
        """Seconds until this animator next changes something: 0 while a tween runs, the
        time to the next timer otherwise, None when nothing is scheduled."""
        if self.tweens or self._idle_callbacks:
            return 0.0
        return self.scheduler.next_due()

    def call_later(self, delay: float, callback: Callback) -> Timer:
        """Run ``callback`` after ``delay`` seconds of this animator's clock."""
        return self.scheduler.call_later(delay, callback)

    def tick(self, dt: float) -> None:
        """Advance tweens by ``dt`` seconds, run finished tweens' callbacks, then timers."""
        finished: list[Tween] = []
        for tween in list(self.tweens):
            if tween.step(dt):
                finished.append(tween)
        if finished:
            self.tweens = [t for t in self.tweens if not t.done]
            for tween in finished:
                if tween.on_done is not None:
                    tween.on_done()
        if not self.tweens and self._idle_callbacks:
            callbacks, self._idle_callbacks = self._idle_callbacks, []
            for callback in callbacks:
                callback()
        self.scheduler.tick(dt)

    def cancel(self, obj: object, *, finish: bool = False) -> int:
        """Remove tweens on ``obj``; with ``finish`` jump them to their targets first.

        ``on_done`` is not called either way. Returns the number of tweens removed.
        """
        mine = [t for t in self.tweens if t.obj is obj]
        for tween in mine:
            if finish:
                tween.finish()
        self.tweens = [t for t in self.tweens if t.obj is not obj]
        return len(mine)

    def finish_all(self) -> None:
        """Jump every tween to its targets and run its ``on_done`` (e.g. "skip animation")."""
        while self.tweens:
            tweens, self.tweens = self.tweens, []
            for tween in tweens:
                tween.finish()
                if tween.on_done is not None:
                    tween.on_done()

    def is_animating(self, obj: object) -> bool:
        """True if some tween is driving ``obj``."""
        return any(t.obj is obj for t in self.tweens)

    def when_idle(self, callback: Callback) -> None:
        """Call ``callback`` once at the end of the first tick with no tweens left."""
        self._idle_callbacks.append(callback)


class Timer:
    """A callback due after ``delay`` seconds of scheduler time (repeating if ``interval``)."""

    def __init__(self, delay: float, callback: Callback, interval: float | None = None) -> None:
        self.remaining = max(0.0, float(delay))
        self.callback = callback
        self.interval = interval
        self.cancelled = False

    def cancel(self) -> None:
        """Stop the timer; its callback will not run again."""
        self.cancelled = True


class Scheduler:
    """Calls functions after some seconds of ``tick(dt)`` time; never sleeps.

    Used to pace computer players: ``scheduler.call_later(0.8, controller.step)``.
    """

    def __init__(self) -> None:
        self.timers: list[Timer] = []

    @property
    def pending(self) -> int:
        """Number of timers still waiting."""
        return sum(1 for t in self.timers if not t.cancelled)

    def next_due(self) -> float | None:
        """Seconds until the next timer runs (0 if one is overdue), or None if none waits."""
        left = [t.remaining for t in self.timers if not t.cancelled]
        return max(0.0, min(left)) if left else None

    def call_later(self, delay: float, callback: Callback) -> Timer:
        """Run ``callback`` once after ``delay`` seconds; returns a cancellable Timer."""
        timer = Timer(delay, callback)
        self.timers.append(timer)
        return timer

    def call_every(self, interval: float, callback: Callback) -> Timer:
        """Run ``callback`` every ``interval`` seconds (> 0) until cancelled."""
        if interval <= 0:
            raise ValueError(f"interval must be positive, got {interval}")
        timer = Timer(interval, callback, interval)
        self.timers.append(timer)
        return timer

    def cancel(self, callback: Callback) -> int:
        """Cancel every timer running ``callback``; returns how many were cancelled."""
        count = 0
        for timer in self.timers:
            if timer.callback == callback and not timer.cancelled:
                timer.cancel()
                count += 1
        return count

    def clear(self) -> None:
        """Cancel all timers."""
        for timer in self.timers:
            timer.cancel()
        self.timers = []

    def tick(self, dt: float) -> None:
        """Advance ``dt`` seconds and run due callbacks in due order (earliest first)."""
        due: list[tuple[float, int, Timer]] = []
        for index, timer in enumerate(list(self.timers)):
            if timer.cancelled:
                continue
            timer.remaining -= dt
            if timer.remaining <= 1e-9:
                due.append((timer.remaining, index, timer))
        for _, _, timer in sorted(due, key=lambda item: (item[0], item[1])):
            if timer.cancelled:
                continue
            if timer.interval is not None:
                missed = math.ceil(-timer.remaining / timer.interval)
                timer.remaining += timer.interval * max(1, missed)
            else:
                timer.cancelled = True
            timer.callback()
        self.timers = [t for t in self.timers if not t.cancelled]
