"""CPU time of the computer players' decisions, for sizing a server: every decision of
four computers of one level playing 4-player hands, timed by this process's CPU clock
(which other programs on a shared machine do not inflate); printed as JSON (ms).

Usage: python -m scripts.decision_cpu [--level medium] [--hands 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from canasta.ai.levels import make_player
from canasta.engine import CLASSIC, Game


def measure(level: str, hands: int, seed: int) -> dict[str, object]:
    """Play ``hands`` hands of four ``level`` computers; return the decision figures."""
    ms: list[float] = []
    for index in range(hands):
        game = Game(CLASSIC.with_options(players=4, quick_game=True), seed + index)
        players = [make_player(level, seed * 10 + i) for i in range(4)]
        hand = game.hand
        while not hand.ended and hand.move_count < 2000:
            seat = hand.mover
            began = time.process_time()
            move = players[seat].choose(hand.view_for(seat))
            ms.append((time.process_time() - began) * 1000)
            hand.apply(move)
    ms.sort()
    return {
        "level": level,
        "hands": hands,
        "decisions": len(ms),
        "cpu_ms_mean": round(statistics.fmean(ms), 2),
        "cpu_ms_median": round(statistics.median(ms), 2),
        "cpu_ms_p95": round(ms[int(len(ms) * 0.95)], 2),
        "cpu_ms_total_per_hand": round(sum(ms) / hands, 1),
    }


def main() -> None:
    """Parse the arguments, measure, print JSON."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--level", default="medium")
    p.add_argument("--hands", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    print(json.dumps(measure(args.level, args.hands, args.seed), indent=1))


if __name__ == "__main__":
    main()
