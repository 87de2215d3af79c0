"""Fit the hard level's evaluation weights to hands played out by the tracking player.

Usage::

    python -m scripts.fit_evaluation [--hands 3000] [--seed 1] [--workers N]
        [--players 2 4] [--write]

Plays ``--hands`` hands per table size (``--players``: 2 and 4 players by default; a
size not fitted keeps its weights, zeros for features added since; Classic rules, one-hand
quick games) with the tracking player in every seat (the hard level's playout policy). At the
start of each turn (draw phase) the features of :mod:`canasta.ai.evaluation` are read as
side 0's margin over side 1, and the hand's final margin is the target. A least-squares
fit (a little ridge, solved by Gaussian elimination) gives one weight per feature.
Prints the weights, the number of samples and R² on every fifth hand held out;
``--write`` also rewrites ``canasta/ai/weights.py``.
"""

from __future__ import annotations

import argparse
import os
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from canasta.ai.evaluation import FEATURES, feature_margin
from canasta.ai.tracking_player import TrackingPlayer
from canasta.ai.weights import EVALUATION_WEIGHTS
from canasta.engine import CLASSIC, HandState

Sample = tuple[list[float], float, int]

#: Chance that a turn's start becomes a sample (neighbouring turns are much alike).
SAMPLE_CHANCE = 0.35


def play_hand(task: tuple[int, int]) -> list[Sample]:
    """Play one hand; return ``(features, final margin, hand number)`` samples."""
    players, deal = task
    rules = CLASSIC.with_options(players=players, quick_game=True)
    state = HandState.deal(rules, deal, dealer=deal % players)
    state.keep_snapshots = False
    seats = [TrackingPlayer(deal * 8 + seat) for seat in range(players)]
    rng = random.Random(deal)
    taken: list[list[float]] = []
    last_turn = -1
    while not state.ended:
        if state.turn != last_turn and state.phase.value == "draw":
            last_turn = state.turn
            if rng.random() < SAMPLE_CHANCE:
                taken.append(feature_margin(state, 0))
        state.apply(seats[state.mover].choose(state.view_for(state.mover)))
    a, b = state.score().totals
    return [(x, float(a - b), deal) for x in taken]


def solve(xtx: list[list[float]], xty: list[float]) -> list[float]:
    """Solve ``xtx · w = xty`` by Gaussian elimination with partial pivoting."""
    n = len(xty)
    m = [row[:] + [xty[i]] for i, row in enumerate(xtx)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                m[r] = [a - f * b for a, b in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(samples: list[Sample], ridge: float = 1.0) -> list[float]:
    """Least-squares weights (no intercept: the features are margins, so symmetric)."""
    n = len(FEATURES)
    scale = [max(1e-9, sum(abs(x[i]) for x, _, _ in samples) / len(samples)) for i in range(n)]
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for x, y, _ in samples:
        z = [x[i] / scale[i] for i in range(n)]
        for i in range(n):
            xty[i] += z[i] * y
            for j in range(n):
                xtx[i][j] += z[i] * z[j]
    for i in range(n):
        xtx[i][i] += ridge * len(samples) * 1e-4
    return [w / scale[i] for i, w in enumerate(solve(xtx, xty))]


def r_squared(samples: list[Sample], weights: list[float]) -> float:
    """Share of the final margins' variance the weights explain."""
    ys = [y for _, y, _ in samples]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    resid = sum((y - sum(w * v for w, v in zip(weights, x, strict=True))) ** 2
                for x, y, _ in samples)  # fmt: skip
    return 1 - resid / total if total else 0.0


def weights_source(fitted: dict[int, list[float]]) -> str:
    """The ``EVALUATION_WEIGHTS`` assignment as Python source, one weight a line (as
    ``ruff format`` writes it)."""
    lines = ["EVALUATION_WEIGHTS: dict[int, tuple[float, ...]] = {"]
    for players, weights in fitted.items():
        lines.append(f"    {players}: (")
        lines += [f"        {w:.4g}," for w in weights]
        lines.append("    ),")
    return "\n".join([*lines, "}", ""])


def main() -> None:
    """Play, fit, print; with ``--write`` rewrite the weights module."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="hands per table size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--players", type=int, nargs="+", default=[2, 4], help="table sizes to fit (2, 4)"
    )
    parser.add_argument("--write", action="store_true", help="rewrite canasta/ai/weights.py")
    args = parser.parse_args()
    if args.hands < 10:
        parser.error("--hands must be at least 10")
    # A table size not fitted keeps its weights (padded with zeros for new features).
    fitted: dict[int, list[float]] = {
        p: list(w) + [0.0] * (len(FEATURES) - len(w)) for p, w in EVALUATION_WEIGHTS.items()
    }
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for players in args.players:
            tasks = [(players, args.seed * 1_000_000 + i) for i in range(args.hands)]
            samples = [s for hand in pool.map(play_hand, tasks, chunksize=20) for s in hand]
            train = [s for s in samples if s[2] % 5]
            test = [s for s in samples if not s[2] % 5]
            weights = fit(train)
            print(f"{players} players: {len(samples)} samples from {args.hands} hands, "
                  f"R² {r_squared(train, weights):.3f} fitted, "
                  f"{r_squared(test, weights):.3f} held out")  # fmt: skip
            for name, w in zip(FEATURES, weights, strict=True):
                print(f"  {name:22s} {w:9.3f}")
            fitted[players] = fit(samples)
    if args.write:
        path = Path(__file__).resolve().parents[1] / "canasta" / "ai" / "weights.py"
        text = path.read_text(encoding="utf-8")
        head = text[: text.index("EVALUATION_WEIGHTS")]
        path.write_text(head + weights_source(fitted), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
