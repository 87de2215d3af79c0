"""Canasta: a desktop Canasta card game for 2 or 4 players against computer players.

The version lives in one place, pyproject.toml; :func:`version` reads it back from the
installed package's metadata (``canasta.__version__`` gives the same).
"""

from __future__ import annotations

import os
from importlib import metadata

# pygame prints a "Hello from the pygame community" banner when it is first imported,
# unless this is set by then: every module of the game that uses pygame is imported after
# this package, so setting it here keeps the terminal quiet at every start.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def version() -> str:
    """The installed package's version (e.g. ``"0.1.0"``), from its metadata; ``"unknown"``
    when the code runs without being installed (e.g. from a bare copy of the folder)."""
    try:
        return metadata.version("canasta")
    except metadata.PackageNotFoundError:
        return "unknown"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
