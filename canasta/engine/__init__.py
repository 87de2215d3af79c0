"""The rules engine: cards, rule sets, hands, moves, legality, scoring and views.

Standard library only: the engine knows nothing of the screen, files or time.
"""

from .cards import CARD_CODE, CARD_KIND, DECK_SIZE
from .core import CANASTA_SIZE, Outcome
from .game import Game
from .moves import Move, MoveType
from .refusals import Code, IllegalMove, MoveParseError, Refusal
from .rules import CLASSIC, PRESETS, RuleSet
from .scoring import HandScore, SideScore
from .state import EndReason, HandState, Phase
from .view import SeatView

__all__ = [
    "CANASTA_SIZE",
    "CARD_CODE",
    "CARD_KIND",
    "CLASSIC",
    "DECK_SIZE",
    "PRESETS",
    "Code",
    "EndReason",
    "Game",
    "HandScore",
    "HandState",
    "IllegalMove",
    "Move",
    "MoveParseError",
    "MoveType",
    "Outcome",
    "Phase",
    "Refusal",
    "RuleSet",
    "SeatView",
    "SideScore",
]
