"""The computer player interface and a random legal player.

A computer player reads a :class:`~canasta.engine.view.SeatView` (its own hand and what
was shown in public) and returns one of the view's legal moves. It never sees the state.
"""

from __future__ import annotations

import random
from typing import Protocol

from canasta.engine.moves import Move
from canasta.engine.view import SeatView


class Player(Protocol):
    """Anything that picks a move from a seat's view."""

    name: str

    def choose(self, view: SeatView) -> Move:
        """Return one of ``view.legal_moves``.

        Raises:
            ValueError: if the view offers no legal move (the seat is not to move).
        """
        ...


class RandomPlayer:
    """Plays a uniformly random legal move (a baseline for tests and tournaments)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        """Create a player with its own seeded random source."""
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Move:
        """Return a random legal move.

        Raises:
            ValueError: if the view offers no legal move.
        """
        if not view.legal_moves:
            raise ValueError(f"seat {view.seat} has no legal move to choose from")
        return self.rng.choice(view.legal_moves)
