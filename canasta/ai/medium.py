"""The medium computer player: the hard level's search on a small budget.

Card tracking and the rule-of-thumb choices of
:class:`~canasta.ai.tracking_player.TrackingPlayer`, checked by a shallow determinised
search (:mod:`canasta.ai.hard`): at most 6 sampled worlds within 20 ms per decision,
where the hard level samples up to 48 within 100 ms. With fewer worlds its estimates are
noisier, so it misjudges close choices (which discard, whether to take a small pile,
whether to go out) far more often than the hard level.
"""

from __future__ import annotations

from .hard import HardPlayer


class MediumPlayer(HardPlayer):
    """The medium level (see the module docstring).

    Args:
        seed: seeds world sampling (with the view's fingerprint).
        time_limit: seconds a search may take (None: only ``worlds`` counts).
        worlds: the most worlds sampled per search.
    """

    name = "medium"

    def __init__(self, seed: int = 0, time_limit: float | None = 0.02, worlds: int = 6) -> None:
        super().__init__(seed, time_limit=time_limit, worlds=worlds, min_worlds=2)


__all__ = ["MediumPlayer"]
