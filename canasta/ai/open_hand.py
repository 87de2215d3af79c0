"""The "open hand" hard level: a yardstick for measurement, never a level to play against.

:class:`OpenHandPlayer` is the hard level's search (:class:`~canasta.ai.hard.HardPlayer`,
same candidates, budget and evaluation) with every hand face up: each sampled world holds
the real cards of every hand, and only the stock's order is shuffled (it sees every card,
not the future draws). It measures how much a perfect card reader could gain, so the
documentation can say how much of the gap between the medium level and this reference the
hard level closes (docs/performance.md#open-hand). It cannot play from a seat's view alone
(it must be shown the whole state before each choice with :meth:`OpenHandPlayer.see`), it is
not one of :data:`~canasta.ai.levels.LEVELS`, and :func:`~canasta.ai.levels.make_player`
refuses it, so the game can never seat it.
"""

from __future__ import annotations

import random
from typing import Literal

from canasta.engine.state import HandState
from canasta.engine.view import SeatView

from .hard import HardPlayer


class OpenHandPlayer(HardPlayer):
    """The hard level seeing every hand (see the module docstring).

    Args:
        seed: seeds the shuffles of the stock (with the view's fingerprint).
        time_limit, worlds: as for :class:`~canasta.ai.hard.HardPlayer` (the hard level's
            budget by default).
    """

    name = "open hand"

    def __init__(
        self,
        seed: int = 0,
        time_limit: float | None | Literal["level"] = "level",
        worlds: int | Literal["level"] = "level",
    ) -> None:
        super().__init__(seed, time_limit=time_limit, worlds=worlds)
        self._state: HandState | None = None

    def see(self, state: HandState) -> None:
        """Show the player the whole state of the hand before its next choice."""
        self._state = state

    def _sample(self, view: SeatView, rng: random.Random, infer: bool) -> HandState:
        """The real hands with the stock shuffled.

        Raises:
            ValueError: if :meth:`see` was not given the state this view comes from.
        """
        state = self._state
        if (
            state is None
            or state.mover != view.seat
            or sorted(state.hands[view.seat]) != sorted(view.hand)
        ):
            raise ValueError("the open hand player must be shown the hand's state (see())")
        world = state.copy()
        world.keep_snapshots = False
        world.history = []
        rng.shuffle(world.stock)
        return world


__all__ = ["OpenHandPlayer"]
