"""Computer players: they read a seat's view and return a legal move."""

from .base import Player, RandomPlayer
from .heuristic import HeuristicPlayer

__all__ = ["HeuristicPlayer", "Player", "RandomPlayer"]
