"""The smallest window the game allows, (w, h) px: standard library only, so the command
line, the settings and the window all use the same figure.

Measured with :func:`canasta.ui.layout.compute_layout` (2 and 4 players, standard and
large-index cards, Reset and Menu at their widest): every window at least 480 px wide and
336 px high has every table area inside it and no two overlapping; narrower windows of a
nearly square shape do not (at 460 x 460 with four players the score panel lies over the
stock). 340 keeps 4 px in hand.
"""

from __future__ import annotations

#: The smallest window (w, h) px: ``--size``, the remembered window size and the free
#: window's least size.
SMALLEST_WINDOW = (480, 340)


def at_least_smallest(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` (w, h) px with each side raised to :data:`SMALLEST_WINDOW`'s if smaller."""
    return max(size[0], SMALLEST_WINDOW[0]), max(size[1], SMALLEST_WINDOW[1])


__all__ = ["SMALLEST_WINDOW", "at_least_smallest"]
