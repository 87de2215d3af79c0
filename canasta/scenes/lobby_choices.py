"""The lobby's options for the table a person creates next: listed or private, the rules
preset, the computer players' level, the turn clock, one hand or a whole game.

Each option is a button whose label says the choice; a click steps to the next one. The
choices are written back, at each change, to a dict the caller keeps, so the lobby shown
again after a table offers the same ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from canasta.engine.rules import PRESETS
from canasta.i18n import _
from canasta.ui.theme import Theme
from canasta.ui.widgets import Button

#: The computer players' levels a new table may have, in order.
LEVELS = ("easy", "medium", "hard")
#: Turn clocks a new table may have: None (off) or (seconds per move, time bank seconds).
CLOCKS: tuple[tuple[int, int] | None, ...] = (None, (30, 120), (60, 300))


class TableChoices:
    """The options of the table created next, and a button for each.

    Args:
        theme: the buttons' colours.
        preset: the rules a new table starts with (a name in the engine's presets; any
            other name: the first preset).
        kept: the choices made so far (``private``, ``level``, ``clock``, ``quick``,
            ``preset``), read first and updated at each change (None: not kept).

    Attributes:
        private: a table created now is private (joined by its code only).
        preset, level, clock, quick: the rules preset's name, the computer level
            (one of :data:`LEVELS`), the turn clock (one of :data:`CLOCKS`), one hand only.
        private_button, rules_button, level_button, clock_button, game_button: the
            buttons, in the order :attr:`buttons` gives them (their rects are the scene's
            to place).
    """

    def __init__(self, theme: Theme, preset: str = "Classic",
                 kept: dict[str, Any] | None = None) -> None:  # fmt: skip
        self.kept = kept
        self.private = False
        self.preset = preset if preset in PRESETS else next(iter(PRESETS))
        self.level = "medium"
        self.clock: tuple[int, int] | None = None
        self.quick = False
        if kept:
            self.private = bool(kept.get("private", self.private))
            self.level = kept.get("level", self.level)
            self.clock = kept.get("clock", self.clock)
            self.quick = bool(kept.get("quick", self.quick))
            if kept.get("preset") in PRESETS:
                self.preset = kept["preset"]

        def make(action: Callable[[], None]) -> Button:
            return Button((0, 0, 10, 10), "", action, theme=theme)

        self.private_button = make(self.toggle_private)
        self.rules_button = make(self.next_preset)
        self.level_button = make(self.next_level)
        self.clock_button = make(self.next_clock)
        self.game_button = make(self.toggle_quick)
        self._relabel()

    @property
    def buttons(self) -> list[Button]:
        """The buttons in screen order: private, rules, level, clock, game."""
        return [self.private_button, self.rules_button, self.level_button, self.clock_button,
                self.game_button]  # fmt: skip

    def toggle_private(self) -> None:
        """A table created next is public (listed) or private (joined by its code)."""
        self.private = not self.private
        self._changed()

    def next_preset(self) -> None:
        """The next rules preset for a table created next."""
        names = list(PRESETS)
        self.preset = names[(names.index(self.preset) + 1) % len(names)]
        self._changed()

    def next_level(self) -> None:
        """The next computer level for a table created next."""
        self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        self._changed()

    def next_clock(self) -> None:
        """The next turn clock (off, or a limit per move with a time bank)."""
        self.clock = CLOCKS[(CLOCKS.index(self.clock) + 1) % len(CLOCKS)]
        self._changed()

    def toggle_quick(self) -> None:
        """A whole game (to 5,000 points) or one hand (a quick game)."""
        self.quick = not self.quick
        self._changed()

    def _changed(self) -> None:
        """Relabel the buttons and write the choices back to the caller's dict."""
        self._relabel()
        if self.kept is not None:
            self.kept.update(private=self.private, level=self.level, clock=self.clock,
                             quick=self.quick, preset=self.preset)  # fmt: skip

    def _relabel(self) -> None:
        self.private_button.label = _("Private: on") if self.private else _("Private: off")
        self.rules_button.label = _("Rules: {preset}").format(preset=_(self.preset))
        words = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}
        self.level_button.label = _("Computer: {level}").format(level=words[self.level])
        if self.clock is None:
            self.clock_button.label = _("Turn clock: off")
        else:
            move, bank = self.clock
            self.clock_button.label = _("Clock: {move} s + {bank} s bank").format(
                move=move, bank=bank
            )
        self.game_button.label = _("Game: one hand") if self.quick else _("Game: to 5,000")


__all__ = ["CLOCKS", "LEVELS", "TableChoices"]
