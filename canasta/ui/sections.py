"""Sections: parts of a scene with their own input, update, drawing and size (after
Arcade's ``arcade/sections.py``).

A :class:`Section` covers a rectangle of the window (None: all of it) and handles the
intents that fall in it; a modal section, while :attr:`Section.modal` is True, takes every
intent first and swallows it (the help overlay, a confirmation panel). A
:class:`SectionStack` offers intents top-down and draws bottom-up. Sections share what a
scene gives them at construction; none holds a reference back to the scene.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame

from canasta.ui.input import Intent


class Section:
    """One part of a scene.

    Attributes:
        rect: the window area the section answers clicks in (px), or None for all of it.
    """

    rect: pygame.Rect | None = None

    @property
    def modal(self) -> bool:
        """True while the section takes every intent (and nothing below it sees any)."""
        return False

    def actions(self) -> dict[str, Callable[[], object]]:
        """The key-bound actions this section carries out, by action name."""
        return {}

    def handle(self, intent: Intent) -> bool:
        """Use an intent; True when used (nothing below then sees it)."""
        return False

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds."""

    def draw_under(self, surface: pygame.Surface) -> None:
        """Draw what lies under the cards (panels, glows)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw what lies over the cards."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size`` (w, h) px (sections re-read their layout here)."""


class SectionStack:
    """Sections in drawing order (the last drawn on top, and offered input first).

    Args:
        sections: bottom to top.
    """

    def __init__(self, sections: list[Section]) -> None:
        self.sections = list(sections)

    def __iter__(self) -> Iterator[Section]:
        return iter(self.sections)

    def modal(self) -> Section | None:
        """The topmost modal section, if one is open."""
        return next((s for s in reversed(self.sections) if s.modal), None)

    def handle(self, intent: Intent) -> bool:
        """Offer ``intent`` top-down: to the open modal section alone (it swallows it), else
        to each section whose rect holds the intent's position (any, for keys)."""
        modal = self.modal()
        if modal is not None:
            modal.handle(intent)
            return True
        pos = getattr(intent, "pos", None)
        for section in reversed(self.sections):
            rect = section.rect
            if pos is not None and rect is not None and not rect.collidepoint(pos):
                continue
            if section.handle(intent):
                return True
        return False

    def actions(self) -> dict[str, Callable[[], object]]:
        """Every section's actions by name (a name bound twice is an error).

        Raises:
            ValueError: if two sections carry out the same action.
        """
        found: dict[str, Callable[[], object]] = {}
        for section in self.sections:
            for name, action in section.actions().items():
                if name in found:
                    raise ValueError(f"action {name!r} is carried out by two sections")
                found[name] = action
        return found

    def update(self, dt: float) -> None:
        """Advance every section."""
        for section in self.sections:
            section.update(dt)

    def draw(self, surface: pygame.Surface, under: Callable[[], None] | None = None) -> None:
        """Every section's under-layer, then ``under`` (the cards), then the rest."""
        for section in self.sections:
            section.draw_under(surface)
        if under is not None:
            under()
        for section in self.sections:
            section.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        """Tell every section the window's size (w, h) px."""
        for section in self.sections:
            section.resize(size)


__all__ = ["Section", "SectionStack"]
