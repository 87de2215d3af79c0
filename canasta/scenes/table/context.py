"""What the table's sections share: the controller, the selection, the cards, the toast,
the sound and the theme. The sections hold this, never the scene."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from canasta.controller import TableControl, TableView
from canasta.engine.refusals import Refusal
from canasta.scenes.table.board import Board
from canasta.scenes.table.buttons import TableButtons
from canasta.scenes.table.selection import Selection
from canasta.ui.audio import Sound
from canasta.ui.sections import Section
from canasta.ui.theme import Theme
from canasta.ui.widgets import Button, Toast


@dataclass
class TableContext:
    """The table's shared parts.

    Attributes:
        controller: the table's controller (local or online: the interface only).
        selection: the person's lifted cards, pile selection and keyboard focus.
        board: the card sprites and the table's geometry.
        toast: the one-line message over the meld area (refusals, notices).
        sound: the sound layer; theme: colours.
        clock: seconds since the table opened (game time, advanced by the scene).
        places: every button's place at this window size (:mod:`.buttons`).
        just_drawn: the cards the person drew this turn (marked in the hand until the
            turn ends).
        prompt: where the message strip's text goes this frame, clear of the buttons
            that show (:func:`.buttons.prompt_area`; set by the scene before drawing).
        position: the hand shown was set out from a position file, not dealt (the score
            panel names it so instead of a deal number); the next hand is dealt.
    """

    controller: TableControl
    selection: Selection
    board: Board
    toast: Toast
    sound: Sound
    theme: Theme
    clock: float = 0.0
    places: TableButtons | None = None
    just_drawn: set[int] = field(default_factory=set)
    prompt: pygame.Rect | None = None
    position: bool = False

    def place(self, key: str) -> pygame.Rect:
        """The place of the button ``key`` (see :class:`TableButtons`)."""
        assert self.places is not None
        return pygame.Rect(self.places.rects[key])

    def view(self) -> TableView:
        """The table as the person sees it now."""
        return self.controller.view()

    def lifted(self) -> tuple[int, ...]:
        """The lifted cards in the hand's display order."""
        plan = self.board.plan
        return self.selection.ordered(plan.my_hand if plan is not None else [])

    def after(self, refusal: Refusal | None) -> None:
        """After an intent: a made move lowers the selection (a refusal keeps it). The
        keyboard's focus ring stays where it showed, so a keyboard player sees at once
        where the next key acts after a meld, a lay-off or a discard."""
        if refusal is None:
            ring = self.selection.ring
            self.selection.clear()
            self.selection.ring = ring

    def take(self) -> None:
        """Take the pile with the lifted cards; with none, with the cards a player would
        use (onto the side's meld, else a natural pair of the top card)."""
        cards = self.lifted() or self.controller.default_take_cards()
        self.after(self.controller.intent_take(cards))

    def take_at_melds(self) -> None:
        """Take the pile from a click on the person's melds before the draw (as
        :meth:`take`); lifted cards none of which goes with the top card are refused as
        a meld before the draw ("draw from the stock or take the pile first")."""
        cards = self.lifted() or self.controller.default_take_cards()
        self.after(self.controller.intent_take_at_melds(cards))

    def press(self, buttons: list[Button], pos: tuple[int, int]) -> bool:
        """Click the button under ``pos`` among ``buttons`` (with its sound); True if one."""
        for button in buttons:
            if button.hit(pos):
                self.sound.play("click")
                button.click()
                return True
        return False


class TablePart(Section):
    """A section of the table: it shares a :class:`TableContext` and may show buttons."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    def buttons(self) -> list[Button]:
        """The buttons this section shows now (the scene hovers them)."""
        return []

    def restyle(self, theme: Theme) -> None:
        """Use ``theme`` for this section's buttons."""
        for button in self.all_buttons():
            button.theme = theme

    def all_buttons(self) -> list[Button]:
        """Every button this section owns, shown or not."""
        return []

    def wake_in(self) -> float | None:
        """Seconds until this section changes by itself (None: only when something
        happens); the scene sleeps until the soonest of its sections'."""
        return None


def button(label: str, action: Callable[[], None], theme: Theme) -> Button:
    """A button placed later (by the section's resize)."""
    return Button(pygame.Rect(0, 0, 1, 1), label, action, theme=theme)
