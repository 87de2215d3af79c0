"""The turn controller: intents to moves, computer turns, events for the screen."""

from .table import Applied, Event, HandEnded, Refused, TableController, TurnReset
from .worker import Decision, DecisionWorker

__all__ = [
    "Applied",
    "Decision",
    "DecisionWorker",
    "Event",
    "HandEnded",
    "Refused",
    "TableController",
    "TurnReset",
]
