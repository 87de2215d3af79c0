"""A table controller for replays: it seats nobody and shows whatever recorded hand
state the replay puts in place, from one seat or with every hand face up."""

from __future__ import annotations

from canasta.engine.game import Game
from canasta.engine.rules import RuleSet
from canasta.engine.state import HandState

from .table import TableController


class ReplayController(TableController):
    """Shows recorded states; no one is ever to move.

    Args:
        rules: the hand's rules; first: the state to show first; me: the seat at the
            bottom of the screen (the person's, in a game record).

    Attributes:
        show_all: every hand face up (a finished hand's record may show them).
    """

    def __init__(self, rules: RuleSet, first: HandState, me: int) -> None:
        game = Game(rules, 0)
        game.hand = first
        super().__init__(game, [None] * rules.players)
        self.me = me
        self.show_all = False

    @property
    def person(self) -> int | None:
        """The seat whose view is shown."""
        return self.me

    def person_to_move(self) -> bool:
        """Never: a replay takes no moves."""
        return False

    def computer_to_move(self) -> bool:
        """Never: a replay takes no moves."""
        return False

    def show(self, state: HandState, show_all: bool = False) -> None:
        """Put ``state`` on the table (``show_all``: every hand face up)."""
        self.game.hand = state
        self.show_all = show_all
        self.changed()

    def revealed_hands(self) -> tuple[tuple[int, ...], ...] | None:
        """Every hand when showing all or once the hand is over."""
        hand = self.hand
        if self.show_all or hand.ended:
            return tuple(tuple(h) for h in hand.hands)
        return None


__all__ = ["ReplayController"]
