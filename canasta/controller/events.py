"""The events a table controller queues for the screen: values, no engine state."""

from __future__ import annotations

from dataclasses import dataclass

from canasta.engine.moves import Move
from canasta.engine.refusals import Refusal
from canasta.engine.scoring import HandScore


@dataclass(frozen=True, slots=True)
class Applied:
    """A move was made. ``seat`` made it; ``text`` is its one-line form; ``canastas`` the
    kinds of the side's melds this move took from under seven cards to seven or more
    (a canasta completed; docs/rules.md#canastas)."""

    seat: int
    move: Move
    text: str
    canastas: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Refused:
    """The person's intent was refused; ``message`` names the rule and the numbers."""

    refusal: Refusal
    message: str


@dataclass(frozen=True, slots=True)
class TurnReset:
    """The person took the turn back to its start."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandEnded:
    """The hand is over and scored; ``game_over`` once a side has won (or the quick game).

    ``hands`` holds every seat's cards as the hand ended (revealed for the scoreboard and
    the replay); ``totals`` are the game's totals per side (points).
    """

    score: HandScore
    totals: tuple[int, int]
    game_over: bool
    winner: int | None
    hands: tuple[tuple[int, ...], ...] = ()


Event = Applied | Refused | TurnReset | HandEnded

__all__ = ["Applied", "Event", "HandEnded", "Refused", "TurnReset"]
