"""What a computer seat costs: CPU time per decision of one level, printed as JSON.

Usage: python -m scripts.bench_levels [--level hard] [--players 4] [--hands 10]
       [--budget SECONDS]

Plays ``--hands`` seeded hands (deals 20000 on, Classic rules) with the level in every
seat and times every decision: the deciding thread's CPU time (mean, median, 95th and 99th
percentile, ms) and the wall clock (median, 95th and 99th percentile, ms), the decisions a
seat makes in a hand and the CPU seconds a seat spends in a hand. ``--budget`` gives the
searching levels the CPU seconds a search a server's ``--hard-budget`` or
``--medium-budget`` would (:func:`canasta.net.thinking.player_for`). The machine's load
average is printed before and after: on a busy machine the wall clock, and the hard
level's one-second ceiling, tell more about the machine than about the level.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from canasta.ai.levels import LEVELS
from canasta.engine import CLASSIC, HandState
from canasta.net.thinking import player_for


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def _ms(values: list[float]) -> dict[str, float]:
    """Mean, median, 95th and 99th percentile of ``values`` (seconds) in ms."""
    return {
        "mean": round(statistics.mean(values) * 1000, 2),
        "median": round(statistics.median(values) * 1000, 2),
        "p95": round(_percentile(values, 0.95) * 1000, 1),
        "p99": round(_percentile(values, 0.99) * 1000, 1),
    }


def measure(level: str, players: int, hands: int, budget: float | None) -> dict[str, object]:
    """Time every decision of ``hands`` hands with ``level`` in every seat."""
    rules = CLASSIC.with_options(players=players)
    cpu: list[float] = []
    wall: list[float] = []
    for hand in range(hands):
        state = HandState.deal(rules, 20_000 + hand)
        seats = [player_for(level, hand * players + s, budget, players) for s in range(players)]
        while not state.ended:
            began, began_wall = time.thread_time(), time.perf_counter()
            move = seats[state.mover].choose(state.view_for(state.mover))
            cpu.append(time.thread_time() - began)
            wall.append(time.perf_counter() - began_wall)
            state.apply(move)
    seat_hands = hands * players
    return {
        "level": level,
        "players": players,
        "budget_seconds": budget,
        "decisions": len(cpu),
        "cpu_ms": _ms(cpu),
        "wall_ms": _ms(wall),
        "decisions_per_seat_hand": round(len(cpu) / seat_hands, 1),
        "cpu_seconds_per_seat_hand": round(sum(cpu) / seat_hands, 3),
    }


def main() -> None:
    """Measure one level; print the JSON figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--level", choices=LEVELS, default="hard")
    p.add_argument("--players", type=int, choices=(2, 4), default=4)
    p.add_argument("--hands", type=int, default=10)
    p.add_argument("--budget", type=float, help="CPU seconds a search (default: the level's)")
    args = p.parse_args()
    before = [round(x, 2) for x in os.getloadavg()]
    figures = measure(args.level, args.players, args.hands, args.budget)
    figures["load_average"] = {"before": before, "after": [round(x, 2) for x in os.getloadavg()]}
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
