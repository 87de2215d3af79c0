"""The difficulty levels and a factory that seats a computer player of one of them.

Levels, weakest first: ``random`` (a random legal move, the baseline), ``easy``
(:class:`~canasta.ai.easy.EasyPlayer`, rules of thumb with slips and no card memory),
``medium`` (:class:`~canasta.ai.medium.MediumPlayer`, card tracking and a shallow search)
and ``hard`` (:class:`~canasta.ai.hard.HardPlayer`, card tracking and a deeper search).
The partner always plays ``hard`` (docs/guide/computer-players.md: it plays at its
strongest whatever the setting).
"""

from __future__ import annotations

from .easy import EasyPlayer
from .hard import HardPlayer
from .medium import MediumPlayer
from .player import Player, RandomPlayer

#: Every level, weakest first.
LEVELS = ("random", "easy", "medium", "hard")
#: The opponents' level when none is chosen.
DEFAULT_LEVEL = "medium"
#: The partner's level, whatever the setting.
PARTNER_LEVEL = "hard"


def make_player(level: str, seed: int = 0) -> Player:
    """Return a computer player of ``level`` with its own seeded random source.

    Raises:
        ValueError: for a level not in :data:`LEVELS`.
    """
    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        return EasyPlayer(seed)
    if level == "medium":
        return MediumPlayer(seed)
    if level == "hard":
        return HardPlayer(seed)
    raise ValueError(f"unknown level {level!r} (expected one of: {', '.join(LEVELS)})")


def seat_players(
    players: int, person: int | None, level: str = DEFAULT_LEVEL, seed: int = 0
) -> list[Player | None]:
    """Seat a table: None for the person, ``hard`` for the partner, ``level`` for opponents.

    Args:
        players: 2 or 4 seats.
        person: the person's seat, or None for computers everywhere (every seat plays
            ``level`` then).
        level: the opponents' level.
        seed: seeds every computer player (each seat gets its own seed from it).

    Raises:
        ValueError: for an unknown level.
    """
    seats: list[Player | None] = []
    for seat in range(players):
        if seat == person:
            seats.append(None)
        elif person is not None and seat % 2 == person % 2:
            seats.append(make_player(PARTNER_LEVEL, seed * 10 + seat))
        else:
            seats.append(make_player(level, seed * 10 + seat))
    return seats


__all__ = ["DEFAULT_LEVEL", "LEVELS", "PARTNER_LEVEL", "make_player", "seat_players"]
