"""Play N seeded computer-vs-computer hands headless and print JSON figures.

Usage: python -m research.simulate [--hands N] [--players 2|4] [--seed S]

Prints: hands played, hands per second, mean moves per hand, how hands ended, and the
score totals of each side over all hands (points).
"""

from __future__ import annotations

import argparse
import json
import time

from canasta.ai import HeuristicPlayer
from canasta.controller import TableController
from canasta.engine import CLASSIC, Game


def simulate(hands: int, players: int, seed: int) -> dict[str, object]:
    """Play ``hands`` quick games of one hand each; return the figures as a dict."""
    totals = [0, 0]
    moves = 0
    endings: dict[str, int] = {}
    start = time.perf_counter()
    for index in range(hands):
        game = Game(CLASSIC.with_options(players=players, quick_game=True), seed + index)
        game.hand.keep_snapshots = False
        table = TableController(game, [HeuristicPlayer() for _ in range(players)])
        while table.step_computer() is not None:
            pass
        hand = game.hand
        moves += hand.move_count
        reason = hand.end_reason.value if hand.end_reason else "unfinished"
        endings[reason] = endings.get(reason, 0) + 1
        for side in (0, 1):
            totals[side] += game.totals[side]
    elapsed = time.perf_counter() - start
    return {
        "hands": hands,
        "players": players,
        "seconds": round(elapsed, 3),
        "hands_per_second": round(hands / elapsed, 1),
        "mean_moves_per_hand": round(moves / hands, 1),
        "endings": endings,
        "score_totals": totals,
    }


def main() -> None:
    """Parse arguments, simulate, print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--players", type=int, choices=(2, 4), default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(simulate(args.hands, args.players, args.seed), indent=2))


if __name__ == "__main__":
    main()
