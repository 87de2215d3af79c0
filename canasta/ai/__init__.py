"""Computer players: they read a seat's view and return a legal move."""

from .easy import EasyPlayer
from .hard import Advice, HardPlayer
from .heuristic import HeuristicPlayer
from .levels import LEVELS, make_player, seat_players
from .medium import MediumPlayer
from .player import Player, RandomPlayer
from .tracking_player import TrackingPlayer

__all__ = [
    "LEVELS",
    "Advice",
    "EasyPlayer",
    "HardPlayer",
    "HeuristicPlayer",
    "MediumPlayer",
    "Player",
    "RandomPlayer",
    "TrackingPlayer",
    "make_player",
    "seat_players",
]
