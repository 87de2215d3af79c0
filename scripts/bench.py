"""Benchmarks, printed as JSON: engine speed, computer decision time, frame time, start-up.

Usage: python scripts/bench.py [--hands N] [--frames N] [--quick]

Figures:
* ``engine_hands_per_second``: random legal full 4-player hands per second (one core).
* ``decision_ms``: the computer player's decision time (median, 95th percentile), ms.
* ``frame_ms``: the table's frame time at 1280x800 with a full 4-player table while cards
  move (median, 99th percentile), ms, dummy video driver.
* ``first_frame_s``: time from process start to the first frame drawn, seconds.
* ``peak_memory_mb``: peak resident memory of the benchmark process, MiB.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from canasta.ai import HeuristicPlayer  # noqa: E402
from canasta.engine import CLASSIC, HandState  # noqa: E402


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def engine_throughput(hands: int) -> float:
    """Random legal 4-player hands per second."""
    rules = CLASSIC.with_options(players=4)
    start = time.perf_counter()
    for seed in range(hands):
        state = HandState.deal(rules, seed)
        state.keep_snapshots = False
        rng = random.Random(seed)
        while not state.ended:
            state.apply(rng.choice(state.legal_moves()))
    return hands / (time.perf_counter() - start)


def decision_times(hands: int) -> list[float]:
    """Seconds per decision of the heuristic player over ``hands`` 4-player hands."""
    rules = CLASSIC.with_options(players=4)
    player = HeuristicPlayer()
    times: list[float] = []
    for seed in range(hands):
        state = HandState.deal(rules, 10_000 + seed)
        state.keep_snapshots = False
        while not state.ended:
            start = time.perf_counter()
            view = state.view_for(state.mover)
            move = player.choose(view)
            times.append(time.perf_counter() - start)
            state.apply(move)
    return times


def frame_times(frames: int) -> list[float]:
    """Seconds per frame of the 4-player table at 1280x800 while cards move."""
    from canasta.scenes.bench_support import table_frame_times

    return table_frame_times(frames, (1280, 800))


def first_frame_seconds() -> float:
    """Seconds from starting a ``canasta`` process to its first frame."""
    start = time.perf_counter()
    env = dict(os.environ, CANASTA_REPORT_FIRST_FRAME="1")
    out = subprocess.run(
        [sys.executable, "-m", "canasta", "--players", "4", "--quit-after", "0.5"],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    for line in out.stdout.splitlines():
        if line.startswith("first-frame "):
            return float(line.split()[1])
    return time.perf_counter() - start


def main() -> None:
    """Run every benchmark and print the JSON figures."""
    parser = argparse.ArgumentParser(description="Canasta benchmarks (JSON output)")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--quick", action="store_true", help="small counts, for tests")
    args = parser.parse_args()
    hands = 20 if args.quick else args.hands
    frames = 60 if args.quick else args.frames
    decisions = decision_times(max(5, hands // 6))
    frame = frame_times(frames)
    figures = {
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "engine_hands_per_second": round(engine_throughput(hands), 1),
        "decision_ms": {
            "median": round(statistics.median(decisions) * 1000, 3),
            "p95": round(_percentile(decisions, 0.95) * 1000, 3),
            "count": len(decisions),
        },
        "frame_ms": {
            "median": round(statistics.median(frame) * 1000, 3),
            "p99": round(_percentile(frame, 0.99) * 1000, 3),
            "count": len(frame),
        },
        "first_frame_s": round(first_frame_seconds(), 3),
        "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
