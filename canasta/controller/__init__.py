"""The turn controller: intents to moves, computer turns, events for the screen."""

from .table import Applied, Event, HandEnded, Refused, TableController, TurnReset

__all__ = ["Applied", "Event", "HandEnded", "Refused", "TableController", "TurnReset"]
