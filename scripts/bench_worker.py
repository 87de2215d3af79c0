"""One engine's side of ``bench.py --baseline``: plays random legal hands on request.

Run with ``PYTHONPATH`` set to a checkout's root, so the ``canasta`` package imported is
that checkout's. Reads one JSON request a line on stdin::

    {"preset": "Classic", "players": 4, "seeds": [0, 20]}

plays one random legal hand per seed in ``range(*seeds)`` (``HandState.deal(rules, seed)``,
moves chosen by ``random.Random(seed).choice`` over the legal move list) and answers one
JSON line: ``{"cpu": s, "wall": s, "moves": n, "digest": d}`` with the process CPU time and
wall-clock time (seconds), the moves played, and a digest of every hand's moves and final
score (equal digests: the same play). The first line written is ``{"file": path}``, the
imported package's location.

``{"lists": "Classic", "players": 4, "seeds": [0, 20]}`` plays the same random hands and
answers ``{"states": n, "digests": [...]}``: per hand, a digest of the whole legal move list
(each move's type, card identities and target, in list order) at every state, as
``legal_moves()`` and as the lazy ``legal_moves`` iteration give it, plus its ``count()``
(equal digests: identical lists).

``{"search": 2, "seeds": [0, 4], "worlds": 24, "every": 3, "part": [0, 1]}`` collects the
hard level's search decisions (``search_views``) and answers ``{"cpu": s, "worlds": n,
"searches": n, "digest": d}`` for the hard level deciding each of them afresh on ``worlds``
fixed worlds (thread CPU seconds, worlds sampled, searches run, a digest of the moves
chosen); with
``"worlds": 0`` it decides them in its own budget (time limit and world cap); ``part``
``[i, n]`` decides only every ``n``-th of them from the ``i``-th.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time

import canasta
from canasta.engine import CLASSIC, PRESETS, HandState
from canasta.engine.view import SeatView


def play(preset: str, players: int | None, first: int, last: int) -> dict[str, object]:
    """Play the hands of seeds ``first..last-1`` and time them (CPU and wall seconds)."""
    rules = PRESETS.get(preset, CLASSIC)
    if players:
        rules = rules.with_options(players=players)
    digest = hashlib.sha256()
    moves = 0
    start, start_cpu = time.perf_counter(), time.process_time()
    for seed in range(first, last):
        state = HandState.deal(rules, seed)
        state.keep_snapshots = False
        rng = random.Random(seed)
        while not state.ended:
            move = rng.choice(state.legal_moves())
            state.apply(move)
            moves += 1
            digest.update(move.text().encode())
        digest.update(repr(state.score().totals).encode())
    cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start
    return {"cpu": cpu, "wall": wall, "moves": moves, "digest": digest.hexdigest()[:16]}


def lists(preset: str, players: int | None, first: int, last: int) -> dict[str, object]:
    """Digest the legal move lists at every state of the random hands ``first..last-1``."""
    rules = PRESETS.get(preset, CLASSIC)
    if players:
        rules = rules.with_options(players=players)
    digests = []
    states = 0
    for seed in range(first, last):
        digest = hashlib.sha256()
        state = HandState.deal(rules, seed)
        state.keep_snapshots = False
        rng = random.Random(seed)
        while not state.ended:
            listed = state.legal_moves()
            lazy = list(state.legal_moves)
            for moves in (listed, lazy):
                digest.update(repr([(m.type.value, m.cards, m.target) for m in moves]).encode())
            digest.update(str(state.legal_moves.count()).encode())
            states += 1
            state.apply(rng.choice(listed))
        digests.append(digest.hexdigest()[:16])
    return {"states": states, "digests": digests}


def decisions(level: str, players: int, first: int, last: int, worlds: int) -> dict[str, object]:
    """Play hands with ``level`` in every seat on a fixed number of worlds (no time limit).

    Returns every hand's moves (text forms): the same engine speed-independent decisions
    give the same lists; and the process CPU time taken (seconds): with the same lists, both
    engines did the same searches, so its ratio is the search's speed ratio.
    """
    from canasta.ai import HardPlayer, MediumPlayer

    rules = CLASSIC.with_options(players=players)
    hands = []
    start = time.process_time()
    for deal in range(first, last):
        state = HandState.deal(rules, deal)
        state.keep_snapshots = False
        if level == "hard":
            seats = [
                HardPlayer(deal * 4 + s, time_limit=None, worlds=worlds) for s in range(players)
            ]
        else:
            seats = [
                MediumPlayer(deal * 4 + s, time_limit=None, worlds=worlds) for s in range(players)
            ]
        moves = []
        while not state.ended and len(moves) < 400:
            move = seats[state.mover].choose(state.view_for(state.mover))
            moves.append(move.text())
            state.apply(move)
        hands.append(moves)
    return {"hands": hands, "cpu": time.process_time() - start}


def budget(players: int, first: int, last: int, cpu: bool = False) -> dict[str, object]:
    """Worlds the hard level samples per search within its own budget (the level's time
    limit and world cap), over hands with the hard level in every seat.

    With ``cpu`` an engine whose budget is counted on the wall clock has it counted on the
    thread's CPU time instead, so two engines compare on the same clock.
    """
    from canasta.ai import HardPlayer

    if cpu:
        import types

        import canasta.ai.hard as hard

        if not hasattr(HardPlayer, "WALL_CEILING"):
            fake = types.SimpleNamespace(perf_counter=time.thread_time)
            hard.time = fake  # type: ignore[assignment]

    rules = CLASSIC.with_options(players=players)
    worlds: list[int] = []
    start = time.process_time()
    for deal in range(first, last):
        state = HandState.deal(rules, deal)
        state.keep_snapshots = False
        seats = [HardPlayer(deal * 4 + s) for s in range(players)]
        while not state.ended:
            advice = seats[state.mover].advise(state.view_for(state.mover))
            if advice.worlds:
                worlds.append(advice.worlds)
            state.apply(advice.move)
    return {"worlds": worlds, "cpu": time.process_time() - start}


_VIEWS: dict[tuple[int, int, int, int], list[SeatView]] = {}


def search_views(players: int, first: int, last: int, every: int) -> list[SeatView]:
    """Every ``every``-th view at which the hard level (seat 0 and 2) searches in hands of
    deals ``first..last-1`` against the medium level, both on fixed worlds (8 and 6), so
    the views depend on the deals only. Collected once per process."""
    from canasta.ai import HardPlayer, MediumPlayer

    key = (players, first, last, every)
    if key in _VIEWS:
        return _VIEWS[key]

    rules = CLASSIC.with_options(players=players)
    views: list[SeatView] = []
    found = 0
    for deal in range(first, last):
        state = HandState.deal(rules, deal)
        state.keep_snapshots = False
        seats: list[HardPlayer] = [
            HardPlayer(deal * 4 + s, time_limit=None, worlds=8)
            if s % 2 == 0
            else MediumPlayer(deal * 4 + s, time_limit=None)
            for s in range(players)
        ]
        moves = 0
        while not state.ended and moves < 400:
            view = state.view_for(state.mover)
            advice = seats[state.mover].advise(view)
            if state.mover % 2 == 0 and advice.worlds:
                if found % every == 0:
                    views.append(view)
                found += 1
            state.apply(advice.move)
            moves += 1
    _VIEWS[key] = views
    return views


def search(
    players: int, first: int, last: int, worlds: int, every: int, part: tuple[int, int] = (0, 1)
) -> dict[str, object]:
    """Time the hard level deciding the views of :func:`search_views` afresh (thread CPU
    seconds), on ``worlds`` fixed worlds (0: in its own budget); ``part`` ``(i, n)``: only
    the views ``i``, ``i + n``, ``i + 2n``..."""
    from canasta.ai import HardPlayer

    views = search_views(players, first, last, every)
    digest = hashlib.sha256()
    cpu = 0.0
    sampled = 0
    chosen = list(enumerate(views))[part[0] :: part[1]]
    for i, view in chosen:
        player = HardPlayer(i, time_limit=None, worlds=worlds) if worlds else HardPlayer(i)
        start = time.thread_time()
        advice = player.advise(view)
        cpu += time.thread_time() - start
        sampled += advice.worlds
        digest.update(advice.move.text().encode())
    return {"cpu": cpu, "worlds": sampled, "searches": len(chosen),
            "digest": digest.hexdigest()[:16]}  # fmt: skip


def main() -> None:
    """Answer requests until stdin closes."""
    print(json.dumps({"file": canasta.__file__}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        first, last = request["seeds"]
        if "decisions" in request:
            answer = decisions(request["decisions"], request["players"], first, last,
                               request["worlds"])  # fmt: skip
        elif "lists" in request:
            answer = lists(request["lists"], request.get("players"), first, last)
        elif "search" in request:
            part = request.get("part", (0, 1))
            answer = search(request["search"], first, last, request["worlds"],
                            request.get("every", 1), (part[0], part[1]))  # fmt: skip
        elif "budget" in request:
            answer = budget(request["players"], first, last, bool(request.get("cpu")))
        else:
            answer = play(request["preset"], request.get("players"), first, last)
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
