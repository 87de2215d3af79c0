"""A strength screen: scripts/tournament.py with the hard level's settings overridden.

Usage::

    python -m research.screen --players P [--set KEY=JSON ...] [--fixed N]
        [--medium-worlds M] -- <scripts/tournament.py arguments>

``--set KEY=JSON`` sets ``HardPlayer.KEY[P]`` (the other table size untouched), e.g.
``--set LEAN_OPEN=true`` or ``--set CONFIDENCE=1.5``; the medium level defines most keys
itself, so a setting reaches the hard level only. ``--fixed N`` makes the screen
independent of the machine's load: the hard level samples at most N worlds a search
(the standard-error test may stop it sooner) with no CPU budget and no wall-clock
ceiling, and the medium level exactly ``--medium-worlds`` (6) with no budget. Decisions
then depend on the seed and the deals only, so a variant and its baseline can run at
different times and loads and be compared pair by pair (each JSON's ``margins``). Use
``--fixed`` near the level's mean worlds per search in its budget
(``scripts/bench_search.py --budget``: about 70 with two players, 52 with four).

The tournament's workers are forked, so they inherit the overrides. Raises SystemExit
(status 2) for an unknown key or a value that is not JSON.
"""

from __future__ import annotations

import argparse
import json
import runpy
import sys
from typing import Any

from canasta.ai.hard import HardPlayer  # noqa: E402
from canasta.ai.medium import MediumPlayer  # noqa: E402


def override(players: int, settings: list[str]) -> None:
    """Set ``HardPlayer.KEY[players]`` for each ``KEY=JSON`` in ``settings``."""
    for setting in settings:
        key, _, text = setting.partition("=")
        table = getattr(HardPlayer, key, None)
        if not isinstance(table, dict):
            raise SystemExit(f"screen.py: HardPlayer has no switch {key!r}")
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            raise SystemExit(f"screen.py: {setting!r}: the value is not JSON") from None
        setattr(HardPlayer, key, {**table, players: value})
        print(f"HardPlayer.{key} = {getattr(HardPlayer, key)}", file=sys.stderr)


def fix_worlds(hard: int, medium: int) -> None:
    """Lift both levels' time budgets: ``hard`` and ``medium`` worlds a search at most."""
    HardPlayer.TIME_LIMIT = {2: 1e9, 4: 1e9}
    HardPlayer.WORLDS = {2: hard, 4: hard}
    HardPlayer.WALL_CEILING = 1e9
    original = MediumPlayer.__init__

    def fixed(self: MediumPlayer, seed: int = 0, *_args: Any, **_kwargs: Any) -> None:
        original(self, seed, time_limit=None, worlds=medium)

    MediumPlayer.__init__ = fixed  # type: ignore[method-assign]
    print(f"fixed worlds: hard {hard}, medium {medium}, no time budget", file=sys.stderr)


def main() -> None:
    """Parse the screen's own arguments, patch the levels, run the tournament."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 4), required=True)
    parser.add_argument("--set", action="append", default=[], metavar="KEY=JSON")
    parser.add_argument("--fixed", type=int, metavar="N")
    parser.add_argument("--medium-worlds", type=int, default=6, metavar="M")
    args, rest = parser.parse_known_args()
    override(args.players, args.set)
    if args.fixed is not None:
        fix_worlds(args.fixed, args.medium_worlds)
    rest = [a for a in rest if a != "--"]
    sys.argv = ["scripts.tournament", "--players", str(args.players), *rest]
    runpy.run_module("scripts.tournament", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
