"""Canasta: a desktop Canasta card game for 2 or 4 players against computer players."""

__version__ = "0.1.0"
