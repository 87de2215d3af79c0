"""Duplicate matches between two computer levels, headless, in parallel; prints JSON.

Usage::

    python -m scripts.tournament --a hard --b medium --players 2 --pairs 500 [--seed S]
        [--first K] [--workers N] [--out FILE] [--progress]

Levels: those of the game, and ``open`` (the hard level seeing every hand, for measurement
only; :mod:`canasta.ai.open_hand`).

Each deal is played twice (a *deal pair*): first level A holds side 0's seats and level B
side 1's, then the same cards are dealt again with the sides swapped. A deal pair is won
by the level whose summed margin over its two plays is positive (a tie counts half to
each). Each hand is a quick game of one hand, dealt with ``HandState.deal(rules, deal,
dealer)`` from the seed, so a run is reproducible (the hard level's time budget aside).

Printed (JSON): deal pairs and hands played, each level's share of deal pairs won with a
95% confidence interval (Wilson score interval, ties counted half), pairs tied, the mean
point margin per hand of level A over level B, decision times per level (median, 95th
and 99th percentile, ms, over every decision in the run), and each deal pair's summed
margin for level A in deal order (``margins``, points), so two runs on the same seed can
be compared pair by pair.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from canasta.ai.levels import LEVELS, make_player
from canasta.ai.open_hand import OpenHandPlayer
from canasta.ai.player import Player
from canasta.engine import CLASSIC, HandState

#: Levels for measurement only: "open" is the hard level seeing every hand
#: (:mod:`canasta.ai.open_hand`), a reference point no player is ever seated against.
MEASURE_LEVELS = ("open",)


def seat(level: str, seed: int) -> Player:
    """A computer player of ``level`` (one of LEVELS or MEASURE_LEVELS)."""
    if level == "open":
        return OpenHandPlayer(seed)
    return make_player(level, seed)


def play_hand(levels: list[str], players: int, deal: int, seed: int) -> tuple[int, dict]:
    """Play one hand with ``levels[side]`` in each side's seats.

    Returns:
        side 0's margin (points) and the decision times (seconds) by level.
    """
    rules = CLASSIC.with_options(players=players, quick_game=True)
    state = HandState.deal(rules, deal, dealer=deal % players)
    state.keep_snapshots = False
    seats = [seat(levels[s % 2], seed * 16 + s) for s in range(players)]
    times: dict[str, list[float]] = {level: [] for level in levels}
    while not state.ended:
        mover = state.mover
        player = seats[mover]
        if isinstance(player, OpenHandPlayer):
            player.see(state)
        view = state.view_for(mover)
        start = time.perf_counter()
        move = player.choose(view)
        times[levels[mover % 2]].append(time.perf_counter() - start)
        state.apply(move)
    a, b = state.score().totals
    return a - b, times


def play_pair(task: tuple[str, str, int, int, int]) -> tuple[int, dict]:
    """Play one deal pair; return level A's summed margin and the decision times."""
    a, b, players, deal, seed = task
    first, times_1 = play_hand([a, b], players, deal, seed)
    second, times_2 = play_hand([b, a], players, deal, seed + 1)
    for level, values in times_2.items():
        times_1.setdefault(level, []).extend(values)
    return first - second, times_1


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% for z = 1.96) around ``share`` of ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denom
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denom
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile (0..1) of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def summarise(
    a: str, b: str, players: int, margins: list[int], times: dict[str, list[float]], secs: float
) -> dict[str, object]:
    """The JSON figures of a finished match."""
    n = len(margins)
    wins = sum(1 for m in margins if m > 0)
    ties = sum(1 for m in margins if m == 0)
    share_a = (wins + ties / 2) / n if n else 0.0
    decision = {
        level: {
            "median": round(percentile(values, 0.5) * 1000, 2),
            "p95": round(percentile(values, 0.95) * 1000, 2),
            "p99": round(percentile(values, 0.99) * 1000, 2),
            "count": len(values),
        }
        for level, values in times.items()
        if values
    }
    return {
        "a": a,
        "b": b,
        "players": players,
        "deal_pairs": n,
        "hands": 2 * n,
        "share_a": round(share_a, 4),
        "share_a_ci95": wilson(share_a, n),
        "share_b": round(1 - share_a, 4),
        "share_b_ci95": wilson(1 - share_a, n),
        "pairs_tied": ties,
        "mean_margin_per_hand_a": round(sum(margins) / (2 * n), 1) if n else 0.0,
        "decision_ms": decision,
        "margins": margins,
        "seconds": round(secs, 1),
        "workers": None,
    }


def run(
    a: str,
    b: str,
    players: int,
    pairs: int,
    seed: int,
    workers: int,
    progress: bool = False,
    out: str | None = None,
    first: int = 0,
) -> dict[str, object]:
    """Play ``pairs`` deal pairs of level ``a`` against ``b`` on ``workers`` processes.

    The deal pairs are numbers ``first`` to ``first + pairs - 1`` of the seed's sequence, so
    a later run can continue an earlier one on the next deals. With ``out``, the figures of
    the pairs played so far are written to that file every 10 pairs (``"complete": false``
    until the last), so a run cut short still reports.
    """
    tasks = [(a, b, players, seed * 100_000 + i, seed + 7 * i) for i in range(first, first + pairs)]
    margins: list[int] = []
    times: dict[str, list[float]] = {a: [], b: []}
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for i, (margin, pair_times) in enumerate(pool.map(play_pair, tasks, chunksize=1)):
            margins.append(margin)
            for level, values in pair_times.items():
                times.setdefault(level, []).extend(values)
            if out and (i + 1) % 10 == 0 and i + 1 < pairs:
                partial = summarise(a, b, players, margins, times, time.perf_counter() - start)
                _write(out, {**partial, "workers": workers, "complete": False})
            if progress and (i + 1) % 10 == 0:
                won = sum(1 for m in margins if m > 0) + sum(1 for m in margins if m == 0) / 2
                print(f"{a}-{b} {players}p: {i + 1}/{pairs} share_a={won / (i + 1):.3f}",
                      file=sys.stderr, flush=True)  # fmt: skip
    figures = summarise(a, b, players, margins, times, time.perf_counter() - start)
    figures["workers"] = workers
    figures["complete"] = True
    return figures


def _write(path: str, figures: dict[str, object]) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(figures, indent=2) + "\n")


def main() -> None:
    """Parse arguments, run the match, print (and optionally save) the JSON figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", choices=LEVELS + MEASURE_LEVELS, default="hard")
    parser.add_argument("--b", choices=LEVELS + MEASURE_LEVELS, default="medium")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--pairs", type=int, default=500, help="deal pairs to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="first deal pair's number")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", help="also write the JSON figures to this file")
    parser.add_argument("--progress", action="store_true", help="running share on stderr")
    args = parser.parse_args()
    if args.pairs < 1:
        parser.error("--pairs must be at least 1")
    if args.first < 0:
        parser.error("--first must be 0 or more")
    figures = run(args.a, args.b, args.players, args.pairs, args.seed, args.workers,
                  args.progress, args.out, args.first)  # fmt: skip
    figures["first"] = args.first
    print(json.dumps(figures, indent=2))
    if args.out:
        _write(args.out, figures)


if __name__ == "__main__":
    main()
