"""Paired comparison of two search candidates over the same sampled worlds.

The searching levels (:mod:`canasta.ai.hard`) play every candidate in the same worlds
(common random numbers), so a candidate is judged by its gain over the tracking player's
own choice world by world: the mean of the differences and its standard error. With many
candidates the best-looking one is often only the luckiest (the optimiser's curse), so a
gain counts only some standard errors above zero, and racing drops a candidate some
standard errors below it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def gain(values: Sequence[float], base: Sequence[float]) -> tuple[float, float]:
    """Mean gain of ``values`` over ``base`` (one value per world, same worlds, points) and
    its standard error (0 with fewer than two worlds).

    Raises:
        ValueError: if the two sequences differ in length.
        ZeroDivisionError: if they are empty.
    """
    n = len(values)
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def paired_gain(values: Sequence[float], base: Sequence[float], z: float) -> float:
    """The mean gain (points) of ``values`` over ``base`` when it is positive and ``z``
    standard errors above zero, else 0 (errors as :func:`gain`)."""
    mean, se = gain(values, base)
    return mean if mean > 0 and mean > z * se else 0.0


def clearly_worse(values: Sequence[float], base: Sequence[float], z: float) -> bool:
    """Whether ``values`` fall more than ``z`` standard errors below ``base`` on the worlds
    both have met (``base`` may be longer; it is cut to ``values``' length).

    Racing: such a candidate is dropped so the worlds left go to those still in the race.
    """
    mean, se = gain(values, base[: len(values)])
    return mean < 0 and -mean > z * se


__all__ = ["clearly_worse", "gain", "paired_gain"]
