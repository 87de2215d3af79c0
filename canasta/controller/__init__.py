"""The turn controller: intents to moves, computer turns, events for the screen.

The table screen uses :class:`TableControl` (the interface, in :mod:`.interface`) and the
values it hands out (:class:`TableView`, the events); :class:`TableController` is the
local implementation.
"""

from canasta.engine.finish import plan_text

from .events import Applied, Event, HandEnded, Refused, TurnReset
from .interface import TableControl, TableView
from .replay import ReplayController
from .table import TableController
from .worker import Decision, DecisionWorker, InlineWorker, Worker

__all__ = [
    "Applied",
    "Decision",
    "DecisionWorker",
    "Event",
    "HandEnded",
    "InlineWorker",
    "Refused",
    "ReplayController",
    "TableControl",
    "TableController",
    "TableView",
    "TurnReset",
    "Worker",
    "plan_text",
]
