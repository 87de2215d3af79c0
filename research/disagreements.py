"""Where the hard level's choices differ from the same search seeing every hand; prints JSON.

Usage::

    python -m research.disagreements --players 4 --pairs 10 [--first K] [--seed S]
        [--worlds 52] [--out FILE]

Plays deal pairs of the hard level against the medium level as ``scripts/tournament.py``
does (same deals, seats and seeds; each level on a fixed number of worlds and no time
budget, so a run is reproducible on any machine). At every decision the hard level makes
by a search, the open-hand level (:mod:`canasta.ai.open_hand`, the same search with the
real hands) chooses on the same view, and every plan either level considered is valued
on a second, independent set of open-hand worlds (the real hands, the stock shuffled), so
the valuation carries no optimiser's curse from the choosing worlds. Printed:

- ``decisions``/``disagreements``: searched decisions, and those where the two choices
  differ; ``regret``: the mean, over all decisions, of the open valuation of the open
  choice minus that of the hard choice (points a decision, with its standard error);
- ``classes``: the disagreements by what differs (``draw:take->draw`` = hard takes the
  pile where the open hand draws; ``out:hard_out``; ``meld:hard_lays_more`` /
  ``hard_holds_more``; ``discard``: same melds, another card thrown), each with its count
  and summed regret (points);
- ``open_among_hard``: disagreements where the open choice was among the hard level's
  own candidates (so the search had it and misjudged it, rather than never trying it);
- ``confidence``: for each standard-error threshold z, the mean open valuation (points a
  decision, with SE) of the choice the hard level would have made with
  ``CONFIDENCE = z`` from the same search, over its actual choice (z = 1.0 for four
  players and 0.5 for two are today's, so they read 0).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict

from canasta.ai.candidates import discard_kind, goes_out
from canasta.ai.gains import paired_gain
from canasta.ai.hard import HardPlayer, _Candidate
from canasta.ai.medium import MediumPlayer
from canasta.ai.open_hand import OpenHandPlayer
from canasta.ai.world import view_fingerprint
from canasta.engine import CLASSIC, HandState
from canasta.engine.cards import CARD_KIND
from canasta.engine.moves import Move, MoveType
from canasta.engine.view import SeatView

THRESHOLDS = (0.0, 0.5, 1.0, 1.5, 2.0)


class LoggedHard(HardPlayer):
    """The hard level keeping its last search's candidates and choice."""

    def _search(self, view: SeatView):  # type: ignore[no-untyped-def]
        self.seen: dict[int, _Candidate] = {}
        self.chosen: _Candidate | None = None
        return super()._search(view)

    def _simulate(self, world, cand, seat, rounds=None):  # type: ignore[no-untyped-def]
        self.seen[id(cand)] = cand
        return super()._simulate(world, cand, seat, rounds)

    def _adopt(self, view, cand, margin, worlds):  # type: ignore[no-untyped-def]
        self.chosen = cand
        return super()._adopt(view, cand, margin, worlds)


def _summary(moves: list[Move], hand: int) -> tuple[str, bool, bool, int, list[tuple]]:
    laid = [m for m in moves if m.type in (MoveType.MELD, MoveType.LAYOFF)]
    melds = sorted((m.type.value, tuple(sorted(CARD_KIND[c] for c in m.cards))) for m in laid)
    cards = sum(len(m.cards) for m in laid)
    return moves[0].type.value, goes_out(moves, hand), moves[-1].type is MoveType.ASK, cards, melds


def classify(view: SeatView, hard: list[Move], other: list[Move]) -> str:
    """What differs between two plans from ``view`` (see the module docstring)."""
    hand = len(view.hand)
    h, o = _summary(hard, hand), _summary(other, hand)
    if view.phase == "draw":
        return f"draw:{h[0]}->{o[0]}"
    if h[1] != o[1]:
        return "out:hard_out" if h[1] else "out:open_out"
    if h[2] != o[2]:
        return "ask"
    if h[4] != o[4]:
        if h[3] != o[3]:
            return "meld:hard_holds_more" if h[3] < o[3] else "meld:hard_lays_more"
        return "meld:different"
    if discard_kind(hard, hand) != discard_kind(other, hand):
        return "discard"
    return "other"


def _choose(cands: list[_Candidate], z: float) -> _Candidate:
    best, gain = cands[0], 0.0
    for cand in cands[1:]:
        mean = paired_gain(cand.values, cands[0].values, z)
        if mean > gain + 1e-9:
            best, gain = cand, mean
    return best


def judge(state: HandState, view: SeatView, hard: LoggedHard, worlds: int) -> dict:
    """One decision's record: the open choice and the open valuation of every plan."""
    plans = list(hard.seen.values())
    count = max(len(c.values) for c in plans)
    alive = [c for c in plans if len(c.values) == count]
    seer = OpenHandPlayer(hard.seed, time_limit=None, worlds=worlds)
    seer.see(state)
    rng = random.Random(hard.seed * 1_000_003 + view_fingerprint(view))
    first = seer._sample(view, rng, True)
    cands = seer._candidates(view, first)
    keys = {tuple(c.moves) for c in cands}
    for cand in plans:
        if tuple(cand.moves) not in keys:
            keys.add(tuple(cand.moves))
            cands.append(_Candidate("hard", list(cand.moves)))
    rounds = seer._rounds(view)
    for i in range(worlds):
        world = first if i == 0 else seer._sample(view, rng, True)
        for cand in cands:
            cand.values.append(seer._simulate(world, cand, view.seat, rounds))
    chosen = _choose(cands, seer.CONFIDENCE[view.rules.players])
    # Valued on independent worlds.
    rng2 = random.Random(hard.seed * 7_919 + 17 + view_fingerprint(view))
    judged = {key: _Candidate("", list(key)) for key in keys}
    for _ in range(worlds):
        world = seer._sample(view, rng2, True)
        for cand in judged.values():
            cand.values.append(seer._simulate(world, cand, view.seat, rounds))
    value = {key: statistics.fmean(c.values) for key, c in judged.items()}
    assert hard.chosen is not None
    own = value[tuple(hard.chosen.moves)]
    same = tuple(chosen.moves) == tuple(hard.chosen.moves)
    return {
        "phase": view.phase,
        "pile": len(view.pile),
        "class": None if same else classify(view, hard.chosen.moves, chosen.moves),
        "regret": value[tuple(chosen.moves)] - own,
        "open_among_hard": any(tuple(c.moves) == tuple(chosen.moves) for c in plans),
        "confidence": {str(z): value[tuple(_choose(alive, z).moves)] - own for z in THRESHOLDS},
    }


def play(players: int, deal: int, seed: int, hard_side: int, worlds: int) -> list[dict]:
    """Play one hand (as scripts/tournament.py does) and judge every hard search."""
    rules = CLASSIC.with_options(players=players, quick_game=True)
    state = HandState.deal(rules, deal, dealer=deal % players)
    state.keep_snapshots = False
    seats: list[HardPlayer] = [
        LoggedHard(seed * 16 + s, time_limit=None, worlds=worlds)
        if s % 2 == hard_side
        else MediumPlayer(seed * 16 + s, time_limit=None, worlds=6)
        for s in range(players)
    ]
    records = []
    while not state.ended:
        player = seats[state.mover]
        view = state.view_for(state.mover)
        if isinstance(player, LoggedHard):
            player.seen, player.chosen = {}, None
        move = player.choose(view)
        if isinstance(player, LoggedHard) and player.seen and player.chosen is not None:
            records.append(judge(state, view, player, worlds))
        state.apply(move)
    return records


def _mean_se(values: list[float]) -> list[float]:
    if len(values) < 2:
        return [round(statistics.fmean(values), 2) if values else 0.0, 0.0]
    return [
        round(statistics.fmean(values), 2),
        round(statistics.stdev(values) / len(values) ** 0.5, 2),
    ]


def summarise(records: list[dict]) -> dict:
    """The JSON figures of the module docstring."""
    split = [r for r in records if r["class"]]
    sums: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for r in split:
        sums[r["class"]][0] += 1
        sums[r["class"]][1] += r["regret"]
    classes = {k: [int(n), round(points)] for k, (n, points) in sums.items()}
    return {
        "decisions": len(records),
        "disagreements": len(split),
        "regret": _mean_se([r["regret"] for r in records]),
        "classes": dict(sorted(classes.items(), key=lambda kv: -kv[1][1])),
        "open_among_hard": sum(r["open_among_hard"] for r in split),
        "confidence": {
            str(z): _mean_se([r["confidence"][str(z)] for r in records]) for z in THRESHOLDS
        },
    }


def main() -> None:
    """Parse arguments, play and judge, print (and optionally save) the JSON figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 4), default=4)
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=52)
    parser.add_argument("--out")
    args = parser.parse_args()
    records: list[dict] = []
    for i in range(args.first, args.first + args.pairs):
        deal, seed = args.seed * 100_000 + i, args.seed + 7 * i
        records += play(args.players, deal, seed, 0, args.worlds)
        records += play(args.players, deal, seed + 1, 1, args.worlds)
    figures = summarise(records)
    text = json.dumps(figures, indent=2)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")


if __name__ == "__main__":
    main()
