"""Reading JSON and TOML text that may be hostile: how deeply it nests, how long its
numbers are.

Python's parsers recurse once per level of nesting, so a small file of a thousand ``[`` or
``{"a":`` raises :class:`RecursionError`, which no reader expects; and they refuse a whole
number of more than ``sys.get_int_max_str_digits()`` digits (4,300) with a bare
:class:`ValueError`, which no reader expected either (a 5 KB ``current_game.json`` with one
such number stopped the game at every start). Every file the game reads (settings, stats,
the saved game, finished games kept aside, game records, positions, the online seat) and
every message the server reads goes through :func:`loads_json` or :func:`loads_toml`,
which turn those into a :class:`TextLimitError` (:class:`TooDeepError` or
:class:`NumberTooLongError`), a :class:`ValueError` each reader treats as a broken file.
No file of the game nests anywhere near :data:`MAX_DEPTH` levels (a save nests 6 deep).

Nor is any file read whole whatever its size: :func:`read_capped` reads at most
:data:`MAX_FILE_BYTES` and one byte more, so a file linked to ``/dev/zero`` or one of
gigabytes is a :class:`FileTooLargeError` (also a :class:`TextLimitError`), not a start-up
that hangs or runs out of memory.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import Any

#: The deepest nesting accepted (arrays and objects or tables, counted from the top: ``[]``
#: is 1 level).
MAX_DEPTH = 64

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest file read at all, in bytes (16 MiB).

Far above any real file of the game: a whole game's record is 10 to 15 KB (6 hands
between two players, 8 among four, played by the computer), the saved game about 14 KB,
and the longest hand of random legal moves in 60 makes 5 KB of record, so even a game of
3,000 such hands fits. Settings, stats, the online seat and positions are smaller still.
"""


class TextLimitError(ValueError):
    """The text is beyond what is read at all (the message follows "the file is")."""


class TooDeepError(TextLimitError):
    """The text nests arrays or objects more than :data:`MAX_DEPTH` levels deep."""

    def __init__(self) -> None:
        super().__init__(f"nested too deeply (more than {MAX_DEPTH} levels)")


class NumberTooLongError(TextLimitError):
    """The text holds a whole number longer than Python converts from text."""

    def __init__(self) -> None:
        digits = sys.get_int_max_str_digits()
        super().__init__(f"holding a number too long to read (more than {digits} digits)")


class FileTooLargeError(TextLimitError):
    """The file holds more bytes than are read at all (:data:`MAX_FILE_BYTES`), or never
    ends."""

    def __init__(self, limit: int = MAX_FILE_BYTES) -> None:
        mib, rest = divmod(limit, 1024 * 1024)
        size = f"{mib} MiB" if mib and not rest else f"{limit:,} bytes"
        super().__init__(f"larger than {size}")


def read_capped(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the file at ``path``, reading at most ``limit`` + 1 of them.

    Args:
        path: the file (a link is followed; ``/dev/zero`` is safe).
        limit: the most bytes accepted (default :data:`MAX_FILE_BYTES`).

    Raises:
        OSError: as ``open`` and ``read`` raise them (missing, no permission, a folder).
        FileTooLargeError: when the file holds more than ``limit`` bytes.
    """
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(limit)
    return data


def check_depth(data: object, limit: int = MAX_DEPTH) -> None:
    """Refuse parsed data (lists and dicts) nested more than ``limit`` levels deep.

    Walks the data without recursion, so any depth is safe to check.

    Raises:
        TooDeepError: when it is nested deeper.
    """
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            raise TooDeepError
        stack.extend((child, depth + 1) for child in children)


def loads_json(text: str | bytes) -> Any:
    """``json.loads`` that refuses deep nesting.

    Raises:
        json.JSONDecodeError: for text that is not JSON.
        UnicodeDecodeError: for bytes that are not UTF-8.
        TooDeepError: for JSON nested more than :data:`MAX_DEPTH` levels.
        NumberTooLongError: for a whole number of more than 4,300 digits.
    """
    try:
        data = json.loads(text)
    except RecursionError:
        raise TooDeepError from None
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise
    except ValueError:  # int(): "Exceeds the limit (4300 digits) for integer string ..."
        raise NumberTooLongError from None
    check_depth(data)
    return data


def loads_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads`` that refuses deep nesting.

    Raises:
        tomllib.TOMLDecodeError: for text that is not TOML.
        TooDeepError: for arrays or tables nested more than :data:`MAX_DEPTH` levels.
        NumberTooLongError: for a whole number of more than 4,300 digits.
    """
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise TooDeepError from None
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:  # int(): "Exceeds the limit (4300 digits) for integer string ..."
        raise NumberTooLongError from None
    check_depth(data)
    return data


__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "FileTooLargeError",
    "NumberTooLongError",
    "TextLimitError",
    "TooDeepError",
    "check_depth",
    "loads_json",
    "loads_toml",
    "read_capped",
]
