"""Player names, checked the same way by the server and by the game's settings.

A name is 1 to :data:`NAME_LENGTH` printable characters once stripped of surrounding
spaces. This module loads nothing but the standard library, so every layer may use it.
"""

from __future__ import annotations

#: Names: 1 to this many printable characters.
NAME_LENGTH = 24


def check_name(name: str) -> str:
    """A player's name stripped, 1..:data:`NAME_LENGTH` printable characters.

    Raises:
        ValueError: for an empty, too long, or unprintable name (the message says which).
    """
    name = name.strip()
    if not 1 <= len(name) <= NAME_LENGTH:
        raise ValueError(f"a name has 1 to {NAME_LENGTH} characters")
    if not name.isprintable():
        raise ValueError("a name has printable characters only")
    return name


__all__ = ["NAME_LENGTH", "check_name"]
