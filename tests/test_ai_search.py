"""The hard level's search budget: settings by table size and racing (dropping candidates)."""

from __future__ import annotations

import pytest

from canasta.ai import HardPlayer, MediumPlayer, TrackingPlayer
from canasta.ai.gains import clearly_worse, gain, paired_gain
from canasta.ai.hard import PRUNE_AFTER, _Candidate
from canasta.engine import CLASSIC, HandState


def test_a_candidate_clearly_worse_than_the_default_is_dropped() -> None:
    default = _Candidate("default", [], [100.0] * 6)
    cand = _Candidate("discard", [], [90.0, 95.0, 100.0, 85.0, 92.0, 88.0])
    # Gains: -10, -5, 0, -15, -8, -12; mean -50/6 = -8.33 points.
    # Sample variance: (1.67² + 3.33² + 8.33² + 6.67² + 0.33² + 3.67²) / 5 = 141.33 / 5
    # = 28.27; standard error sqrt(28.27 / 6) = 2.17 points.
    mean, se = gain(cand.values, default.values)
    assert mean == pytest.approx(-8.333, abs=1e-3)
    assert se == pytest.approx(2.171, abs=1e-3)
    # 8.33 > 2 x 2.17 = 4.34: dropped at two standard errors; 8.33 < 4 x 2.17 = 8.68: kept at four.
    assert clearly_worse(cand.values, default.values, 2.0)
    assert not clearly_worse(cand.values, default.values, 4.0)


def test_a_candidate_ahead_or_level_is_never_dropped() -> None:
    default = _Candidate("default", [], [0.0, 10.0, 20.0, 30.0, 40.0, 50.0])
    ahead = _Candidate("out", [], [1.0, 11.0, 21.0, 31.0, 41.0, 51.0])
    level = _Candidate("build", [], list(default.values))
    assert not clearly_worse(ahead.values, default.values, 0.5)
    assert not clearly_worse(level.values, default.values, 0.5)


def test_a_gain_counts_only_when_it_clears_the_standard_error_test() -> None:
    base = [50.0, 50.0, 50.0]
    values = [60.0, 70.0, 80.0]
    # Gains 10, 20, 30: mean 20 points; variance (100 + 0 + 100) / 2 = 100, standard error
    # sqrt(100 / 3) = 5.77 points.
    assert gain(values, base) == pytest.approx((20.0, 5.774), abs=1e-3)
    assert paired_gain(values, base, 0.0) == 20.0
    assert paired_gain(values, base, 3.0) == 20.0  # 20 > 17.32
    assert paired_gain(values, base, 4.0) == 0.0  # 20 < 23.09: the tracking choice stands
    assert paired_gain(base, values, 0.0) == 0.0  # a loss is never a gain


def test_settings_by_table_size() -> None:
    assert HardPlayer.TIME_LIMIT == {2: 0.1, 4: 0.27}
    # Two players: a cap the CPU budget, not the count, reaches
    # (docs/performance.md#hard-vs-medium); the fitted horizon, half a standard error and the
    # pile credit with it.
    assert HardPlayer.WORLDS == {2: 200, 4: 192}
    assert HardPlayer.LEARNED == {2: True, 4: True}
    assert HardPlayer.CONFIDENCE == {2: 0.5, 4: 1.0}
    assert HardPlayer.PILE_CREDIT == {2: 6.0, 4: 0.0}
    assert MediumPlayer(0).worlds == 6  # its own cap, whatever HardPlayer.WORLDS says
    assert (MediumPlayer.LEARNED, MediumPlayer.CONFIDENCE) == (
        {2: False, 4: False},
        {2: 0.0, 4: 0.0},
    )
    assert HardPlayer.PRUNE == {2: 0.0, 4: 2.0}
    # The medium level never races: its few candidates all meet its six worlds.
    assert MediumPlayer.PRUNE == {2: 0.0, 4: 0.0}
    # Inference at both table sizes for the hard level; the medium level reads none.
    assert HardPlayer.INFER == {2: True, 4: True}
    assert MediumPlayer.INFER == {2: False, 4: False}


def _searched_worlds(prune: float | None) -> list[int]:
    """Worlds sampled in seat 0's searches over the first 60 moves of two 4-player hands."""
    worlds: list[int] = []
    for deal in (12, 13):
        worlds += _hand_worlds(deal, prune)
    return worlds


def _hand_worlds(deal: int, prune: float | None) -> list[int]:
    state = HandState.deal(CLASSIC.with_options(players=4), deal)
    hard = HardPlayer(4, time_limit=None, worlds=16, prune=prune)
    others = TrackingPlayer(1)
    worlds: list[int] = []
    while not state.ended and state.move_count < 60:
        view = state.view_for(state.mover)
        if state.mover == 0:
            advice = hard.advise(view)
            if advice.worlds:
                worlds.append(advice.worlds)
            move = advice.move
        else:
            move = others.choose(view)
        state.apply(move)
    return worlds


def test_racing_ends_a_search_once_every_alternative_is_clearly_worse() -> None:
    full = _searched_worlds(prune=0.0)
    raced = _searched_worlds(prune=None)  # four players: the table's two standard errors
    assert full and set(full) == {16}
    assert raced and all(PRUNE_AFTER <= n <= 16 for n in raced)
    assert any(n < 16 for n in raced)


class _Clock:
    """A fake clock: each reading moves it on by ``step`` seconds."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _first_search_worlds(
    cpu_step: float, wall_step: float, hard: HardPlayer | None = None, players: int = 2
) -> int:
    """Worlds seat 0's first search samples (two players, 200 at most, unless ``hard`` and
    ``players`` say otherwise) under fake clocks."""
    state = HandState.deal(CLASSIC.with_options(players=players), 21)
    others = TrackingPlayer(1)
    if hard is None:
        hard = HardPlayer(5, cpu_clock=_Clock(cpu_step), wall_clock=_Clock(wall_step))
    while not state.ended:
        view = state.view_for(state.mover)
        if state.mover == 0:
            advice = hard.advise(view)
            if advice.worlds:
                return advice.worlds
            move = advice.move
        else:
            move = others.choose(view)
        state.apply(move)
    raise AssertionError("seat 0 never searched")


def test_the_budget_is_counted_in_cpu_time_with_a_wall_clock_ceiling() -> None:
    # No CPU time spent and no wall time passing: the search runs to its 200 worlds.
    assert _first_search_worlds(0.0, 0.0) == 200
    # CPU time past the 0.1 s budget at every reading: only the 4 worlds always sampled.
    assert _first_search_worlds(0.2, 0.0) == 4
    # A machine so busy that little CPU time passes while the wall clock runs past the
    # 1 s ceiling: the search stops after its first world, before the 4 of the CPU budget.
    assert _first_search_worlds(0.0, 2.0) == 1
    # 0.03 s of CPU a reading: one reading at the start, then one after each world from
    # the 4th on, so after world n the search has used 0.03 x (n - 3) s: 0.09 s after the
    # 6th world (within 0.1 s), 0.12 s after the 7th (past it).
    assert _first_search_worlds(0.03, 0.0) == 7


def test_a_search_spends_what_earlier_searches_saved_with_four_players() -> None:
    assert HardPlayer.BANK == {2: 0.0, 4: 1.0}

    def four(saved: float, worlds: int = 192, step: float = 0.03) -> HardPlayer:
        hard = HardPlayer(
            5, worlds=worlds, prune=0.0, cpu_clock=_Clock(step), wall_clock=_Clock(0.0)
        )
        hard.saved = saved
        return hard

    # 0.03 s of CPU a reading, as above: after world n the search has used 0.03 x (n - 3) s.
    # Nothing saved: 0.27 s, passed after the 13th world (0.30 s).
    assert _first_search_worlds(0.03, 0.0, four(0.0), players=4) == 13
    # 0.1 s saved: 0.27 + 0.1 = 0.37 s, passed after the 16th world (0.39 s); then one
    # more reading, 0.42 s used in all, 0.15 s over the limit: the savings are spent.
    hard = four(0.1)
    assert _first_search_worlds(0.03, 0.0, hard, players=4) == 16
    assert hard.saved == 0.0
    # At most one more limit (0.27 s) from the savings, however much is saved: 0.54 s;
    # at 0.04 s a reading, passed after the 17th world (0.56 s).
    assert _first_search_worlds(0.04, 0.0, four(5.0, step=0.04), players=4) == 17
    # A search that stops at its cap of 5 worlds saves what it left: three readings after
    # the one at the start (after the 4th and 5th worlds, and the last), 0.09 s used, so
    # 0.27 - 0.09 = 0.18 s saved.
    hard = four(0.0, worlds=5)
    assert _first_search_worlds(0.03, 0.0, hard, players=4) == 5
    assert hard.saved == pytest.approx(0.18)


def test_the_two_player_level_and_medium_save_nothing() -> None:
    hard = HardPlayer(5, worlds=5, cpu_clock=_Clock(0.01), wall_clock=_Clock(0.0))
    assert _first_search_worlds(0.01, 0.0, hard) == 5
    assert hard.saved == 0.0
    assert MediumPlayer.BANK == {2: 0.0, 4: 0.0}
