"""Count the blunders a club player notices in duplicate matches; prints JSON.

Usage::

    python -m research.blunders --a hard --b medium --players 4 --pairs 100 [--seed S]
        [--workers N] [--lone-a RULE] [--lone-b RULE] [--out FILE] [--positions DIR]
        [--progress]

Deals are played in pairs as in ``scripts/tournament.py`` (the same deals for the same
seed), and every hand is watched for:

* **the lone card**: a seat whose side lacks the canastas it needs to go out starting
  ten or more of its turns in a row with one card in hand (a "lone-card hand" for that
  side). Printed per level: hands played, lone-card hands, the level's mean margin
  (points) in those hands and in the others, and the mean length of the longest sit.
* **the fed pile**: a discard of a natural card of a rank the next player's side has
  melded onto an unfrozen pile of five or more cards
  (:func:`canasta.ai.judgement.feeds_pile`) while the hand held a safe discard (a black
  three, a wild card or a rank that feeds nothing). Printed per level: how many, per 100
  hands, how many the next player took, and the mean pile taken (cards).

``--lone-a``/``--lone-b`` replace the lone-card judgement of level A's or B's seats for
experiments (``level``: the code's own; ``always``; ``never``; ``stockN``: one card allowed
with N or fewer cards in the stock). The share of deal pairs won by A is printed too.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from canasta.ai import judgement, tracking_player
from canasta.ai.levels import make_player
from canasta.engine import CLASSIC, HandState, MoveType
from canasta.engine.cards import CARD_KIND, kind_counts
from canasta.engine.view import SeatView
from canasta.persistence.positions import position_to_json

#: Turns in a row on one card that make a lone-card hand.
LONE_TURNS = 10


def lone_rule(name: str) -> Callable[[SeatView], bool] | None:
    """The lone-card judgement called ``name`` (see the module docstring); None for the
    code's own.

    Raises:
        ValueError: for an unknown name.
    """
    if name == "level":
        return None
    if name == "always":
        return lambda view: True
    if name == "never":
        return lambda view: False
    if name.startswith("stock") and name[5:].isdigit():
        most = int(name[5:])
        return lambda view: view.stock_size <= most
    raise ValueError(f"unknown lone-card rule {name!r}")


def play_hand(
    levels: list[str], rules_names: list[str], players: int, deal: int, seed: int
) -> dict:
    """Play one hand with ``levels[side]`` in each side's seats; return what was seen
    (``positions``: the position before each fed discard, JSON text)."""
    rules = CLASSIC.with_options(players=players, quick_game=True)
    state = HandState.deal(rules, deal, dealer=deal % players)
    state.keep_snapshots = False
    seats = [make_player(levels[seat % 2], seed * 16 + seat) for seat in range(players)]
    lone = [lone_rule(rules_names[seat % 2]) for seat in range(players)]
    run = [0] * players
    longest = [0, 0]
    fed = [[0, 0, 0], [0, 0, 0]]  # per side: fed, taken, cards taken
    pending: tuple[int, int] | None = None  # (side that fed, pile size) awaiting the take
    positions: list[tuple[int, str]] = []
    while not state.ended:
        seat = state.mover
        view = state.view_for(seat)
        side = seat % 2
        if state.phase.value == "draw":
            short = state.canastas(side) < rules.canastas_to_go_out
            run[seat] = run[seat] + 1 if short and len(state.hands[seat]) == 1 else 0
            longest[side] = max(longest[side], run[seat])
        if lone[seat] is None:
            move = seats[seat].choose(view)
        else:
            original = tracking_player.lone_card_ok
            tracking_player.lone_card_ok = lone[seat]
            try:
                move = seats[seat].choose(view)
            finally:
                tracking_player.lone_card_ok = original
        if pending is not None and state.phase.value == "draw":
            if move.type is MoveType.TAKE:
                fed[pending[0]][1] += 1
                fed[pending[0]][2] += pending[1]
            pending = None
        if move.type is MoveType.DISCARD and len(state.hands[seat]) > 1:
            kind = CARD_KIND[move.cards[0]]
            if judgement.feeds_pile(view, kind):
                counts = kind_counts(state.hands[seat])
                counts[kind] -= 1
                if judgement.safe_discard_kinds(view, counts):
                    fed[side][0] += 1
                    pending = (side, len(state.pile) + 1)
                    positions.append((side, position_to_json(state)))
        state.apply(move)
    a, b = state.score().totals
    return {"margin": a - b, "longest": longest, "fed": fed, "positions": positions}


def play_pair(task: tuple[str, str, str, str, int, int, int]) -> list[dict]:
    """Play one deal pair; return per play, each side's level and what was seen."""
    a, b, lone_a, lone_b, players, deal, seed = task
    first = play_hand([a, b], [lone_a, lone_b], players, deal, seed)
    second = play_hand([b, a], [lone_b, lone_a], players, deal, seed + 1)
    first["levels"], second["levels"] = ["A", "B"], ["B", "A"]
    return [first, second]


def summarise(plays: list[dict], pairs: int) -> dict[str, object]:
    """Figures per level (A, B) over every play."""
    out: dict[str, object] = {}
    margins_a = [p["margin"] if p["levels"][0] == "A" else -p["margin"] for p in plays]
    pair_margins = [margins_a[i] + margins_a[i + 1] for i in range(0, len(plays), 2)]
    won = sum(1 for m in pair_margins if m > 0) + sum(1 for m in pair_margins if m == 0) / 2
    out["share_a"] = round(won / max(1, pairs), 4)
    out["mean_margin_per_hand_a"] = round(sum(margins_a) / max(1, len(plays)), 1)
    for tag in ("A", "B"):
        lone_margins: list[int] = []
        other_margins: list[int] = []
        sits: list[int] = []
        fed = taken = cards = 0
        for p in plays:
            side = p["levels"].index(tag)
            margin = p["margin"] if side == 0 else -p["margin"]
            if p["longest"][side] >= LONE_TURNS:
                lone_margins.append(margin)
                sits.append(p["longest"][side])
            else:
                other_margins.append(margin)
            fed += p["fed"][side][0]
            taken += p["fed"][side][1]
            cards += p["fed"][side][2]
        n = len(plays)
        out[tag] = {
            "hands": n,
            "lone_card_hands": len(lone_margins),
            "lone_card_lost": sum(1 for m in lone_margins if m < 0),
            "mean_margin_lone": round(sum(lone_margins) / len(lone_margins), 1)
            if lone_margins
            else None,
            "mean_margin_other": round(sum(other_margins) / len(other_margins), 1)
            if other_margins
            else None,
            "mean_longest_sit": round(sum(sits) / len(sits), 1) if sits else None,
            "fed": fed,
            "fed_per_100_hands": round(100 * fed / n, 2),
            "fed_taken": taken,
            "mean_pile_taken": round(cards / taken, 1) if taken else None,
        }
    return out


def main() -> None:
    """Parse arguments, play the deal pairs, print (and optionally save) the JSON figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="medium")
    parser.add_argument("--players", type=int, choices=(2, 4), default=4)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--lone-a", default="level")
    parser.add_argument("--lone-b", default="level")
    parser.add_argument("--out")
    parser.add_argument("--progress", action="store_true", help="running counts on stderr")
    parser.add_argument("--positions", help="folder for the positions before fed discards")
    args = parser.parse_args()
    for name in (args.lone_a, args.lone_b):
        try:
            lone_rule(name)
        except ValueError as error:
            parser.error(str(error))
    tasks = [
        (args.a, args.b, args.lone_a, args.lone_b, args.players, args.seed * 100_000 + i,
         args.seed + 7 * i)
        for i in range(args.pairs)
    ]  # fmt: skip
    start = time.perf_counter()
    plays: list[dict] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for i, pair in enumerate(pool.map(play_pair, tasks, chunksize=1)):
            plays.extend(pair)
            if args.progress:
                fed = [sum(p["fed"][p["levels"].index(t)][0] for p in plays) for t in "AB"]
                lone = [
                    sum(p["longest"][p["levels"].index(t)] >= LONE_TURNS for p in plays)
                    for t in "AB"
                ]
                print(f"{i + 1}/{args.pairs} fed A,B={fed} lone A,B={lone}", file=sys.stderr,
                      flush=True)  # fmt: skip
            for j, play in enumerate(pair):
                for k, (side, text) in enumerate(play.pop("positions")):
                    if not args.positions:
                        continue
                    name = f"fed-{args.a if play['levels'][side] == 'A' else args.b}"
                    path = os.path.join(args.positions, f"{name}-pair{i}-{j}-{k}.json")
                    with open(path, "w", encoding="utf-8") as handle:
                        handle.write(text + "\n")
    figures = {
        "a": args.a, "b": args.b, "lone_a": args.lone_a, "lone_b": args.lone_b,
        "players": args.players, "deal_pairs": args.pairs, "seed": args.seed,
        **summarise(plays, args.pairs), "seconds": round(time.perf_counter() - start, 1),
    }  # fmt: skip
    text = json.dumps(figures, indent=2)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")


if __name__ == "__main__":
    main()
