"""The medium computer player: the hard level's search, narrow and on a small budget.

Card tracking and the rule-of-thumb choices of
:class:`~canasta.ai.tracking_player.TrackingPlayer`, checked by a shallow determinised
search (:mod:`canasta.ai.hard`): at most 6 sampled worlds within 20 ms per decision
(the hard level: as many as 100 ms of CPU time buys, up to 200, or up to 192 within 270 ms
with four players), over
fewer alternatives: drawing or each pile take, and going out or building on, but not
holding cards back nor other discards than the tracking player's own. With fewer worlds
its estimates are noisier, so it misjudges close choices far more often than the hard
level. It opens as the tracking player does (the most points once the naturals fall short
of the minimum), where the two-player hard level opens spending the fewest wild cards
(:attr:`~canasta.ai.hard.HardPlayer.LEAN_OPEN`).
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
    ROUNDS = {2: 2, 4: 1}
    INFER = {2: False, 4: False}
    LEARNED = {2: False, 4: False}
    CONFIDENCE = {2: 0.0, 4: 0.0}
    PRUNE = {2: 0.0, 4: 0.0}
    PILE_CREDIT = {2: 0.0, 4: 0.0}
    LEAN_OPEN = {2: False, 4: False}
    BANK = {2: 0.0, 4: 0.0}

    def __init__(self, seed: int = 0, time_limit: float | None = 0.02, worlds: int = 6) -> None:
        super().__init__(
            seed,
            time_limit=time_limit,
            worlds=worlds,
            min_worlds=2,
            discards=1,
            wide=False,
        )


__all__ = ["MediumPlayer"]
