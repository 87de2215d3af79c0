"""Numbers on command lines (``canasta`` and ``canasta serve``): argparse types that take a
number in a range and refuse anything else with one line naming the range (argparse then
prints the usage and exits with status 2). Standard library only."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TypeVar

N = TypeVar("N", int, float)


def ranged(
    kind: Callable[[str], N],
    low: N,
    high: N,
    *,
    what: str,
    bounds: str,
    above: bool = False,
) -> Callable[[str], N]:
    """An argparse ``type=`` taking ``kind`` (``int`` or ``float``) from ``low`` to
    ``high`` (``above``: strictly above ``low``; never infinite or NaN).

    Args:
        what: the refusal of a text that is not such a number, e.g. "a port is a whole
            number" (", not 'x'" follows).
        bounds: the refusal of a number out of range; ``{value}`` names it.
    """

    def parse(text: str) -> N:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what}, not {text!r}") from None
        inside = (value > low if above else value >= low) and value <= high
        if not (math.isfinite(value) and inside):
            raise argparse.ArgumentTypeError(bounds.format(value=value))
        return value

    return parse


__all__ = ["ranged"]
