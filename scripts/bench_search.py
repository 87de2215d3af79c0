"""The hard level's search speed: microseconds per sampled world, printed as JSON.

Usage: python -m scripts.bench_search [--baseline REV] [--worlds N] [--rounds N]
       [--deals2 N] [--deals4 N] [--every N] [--budget]

A fixed set of decisions is collected per table size (2 and 4 players): the views at which
the hard level searched in seeded hands against the medium level (deals ``0..N-1``, every
``--every``-th search; both levels on fixed worlds, so the set depends on the deals only;
``scripts/bench_worker.py``, ``search_views``). The hard level then decides each of them
afresh on ``--worlds`` fixed worlds (no time limit); the figures are the deciding thread's
CPU time per world sampled (``us_per_world``, microseconds, candidates' building included)
and a digest of the moves chosen (equal digests: the same decisions). With ``--budget`` it
also decides them in its own budget (0.1 s of CPU time with two players, 0.27 s with four)
and gives the mean worlds per search.

With ``--baseline REV`` the same is done by revision REV (checked out in a temporary git
worktree, as ``scripts/bench.py --baseline`` does) and this checkout, each in its own
process, ``--rounds`` times, each set in :data:`PARTS` parts asked in alternation (which
goes first alternates part by part), so a change in
the machine's load touches both alike; ``ratio`` is the baseline's CPU time per world over
this checkout's (above 1: this checkout meets more worlds per CPU second), ``same``
whether both chose the same moves.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
from collections.abc import Iterator

from scripts.bench import ROOT, _ask, _checkout, _worker, _workers, end_workers

#: Parts each set of decisions is split into, asked of the workers in alternation.
PARTS = 8


def _run(
    procs: dict[str, subprocess.Popen[str]], request: dict[str, object], rounds: int
) -> dict[str, object]:
    """Ask every worker ``request`` ``rounds`` times, alternating who goes first."""
    names = list(procs)
    totals: dict[str, dict[str, float]] = {n: {"cpu": 0.0, "worlds": 0.0} for n in names}
    digests: dict[str, set[str]] = {n: set() for n in names}
    searches = 0
    for i in range(rounds):
        for part in range(PARTS):
            # Who goes first alternates part by part (a few seconds each).
            order = names if (i * PARTS + part) % 2 == 0 else names[::-1]
            for name in order:
                answer = _ask(procs[name], dict(request, part=[part, PARTS]))
                totals[name]["cpu"] += float(answer["cpu"])
                totals[name]["worlds"] += float(answer["worlds"])
                digests[name].add(f"{part}:{answer['digest']}")
                searches += int(answer["searches"]) if name == names[0] else 0
    searches //= rounds
    out: dict[str, object] = {"searches": searches}
    us = {}
    for name in names:
        t = totals[name]
        us[name] = 1e6 * t["cpu"] / max(1.0, t["worlds"])
        out[name] = {
            "us_per_world": round(us[name], 1),
            "worlds_per_search": round(t["worlds"] / max(1, searches * rounds), 1),
            "cpu_seconds": round(t["cpu"], 2),
            "digest": sorted(digests[name]),
        }
    if "baseline" in us:
        out["ratio"] = round(us["baseline"] / us["current"], 3)
        out["same"] = digests["baseline"] == digests["current"]
        if request["worlds"] == 0:
            base = out["baseline"]["worlds_per_search"]  # type: ignore[index]
            cur = out["current"]["worlds_per_search"]  # type: ignore[index]
            out["worlds_ratio"] = round(cur / base, 3) if base else None
    return out


def main() -> None:
    """Run the benchmark and print the JSON figures."""
    parser = argparse.ArgumentParser(description="The hard level's search speed (JSON)")
    parser.add_argument("--baseline", metavar="REV", help="compare with revision REV")
    parser.add_argument("--worlds", type=int, default=24, help="fixed worlds per search")
    parser.add_argument("--rounds", type=int, default=4, help="alternated repetitions")
    parser.add_argument("--deals2", type=int, default=6, help="2-player deals")
    parser.add_argument("--deals4", type=int, default=4, help="4-player deals")
    parser.add_argument("--every", type=int, default=2, help="keep every N-th search")
    parser.add_argument("--budget", action="store_true", help="also the default budget")
    args = parser.parse_args()
    figures: dict[str, object] = {"worlds": args.worlds, "rounds": args.rounds}
    if args.baseline:
        commit, base_root = _checkout(args.baseline)
        figures["baseline"] = commit
        context = _workers(base_root)
    else:
        context = _only_current()
    with context as procs:
        for players, deals in ((2, args.deals2), (4, args.deals4)):
            request = {"search": players, "seeds": [0, deals], "worlds": args.worlds,
                       "every": args.every}  # fmt: skip
            figures[f"{players}p fixed worlds"] = _run(procs, request, args.rounds)
            if args.budget:
                request = dict(request, worlds=0)
                figures[f"{players}p budget"] = _run(procs, request, args.rounds)
    print(json.dumps(figures, indent=2))


@contextlib.contextmanager
def _only_current() -> Iterator[dict[str, subprocess.Popen[str]]]:
    """One worker for this checkout, keyed "current" (ended on leaving)."""
    procs = {"current": _worker(ROOT)}
    try:
        yield procs
    finally:
        end_workers(procs)


if __name__ == "__main__":
    main()
