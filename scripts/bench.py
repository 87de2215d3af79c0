"""Benchmarks, printed as JSON: engine speed, computer decision time, frame time, start-up.

Usage: python -m scripts.bench [--hands N] [--frames N] [--quick]
       python -m scripts.bench --baseline REV [--hands N] [--rounds N] [--lists N]

With ``--baseline REV`` only the engines are compared: the engine of git revision REV
(checked out in a temporary git worktree) and this checkout's play the same random legal
hands, batch by batch in alternation, each in its own process (``scripts/bench_worker.py``);
the JSON gives, per preset, both engines' ``hands_per_second`` (by process CPU time, which
other programs on a shared machine do not inflate, and by wall clock), the ratio, and
whether both played the same moves (``same_play``: equal move lists give equal play).
``--lists N`` also compares the whole legal move lists (``legal_moves()``, the lazy
iteration and the count) at every state of N random hands per preset (``lists``: states
compared, hands whose lists differ by seed); with ``--hands 0`` only that is done.

Figures:
* ``engine_hands_per_second``: random legal full 4-player hands per second (one core).
* ``preset_hands_per_second``: the same under each named rule preset (fewer hands).
* ``decision_ms``: the computer player's decision time (median, 95th percentile), ms.
* ``hard_decision_ms``: the hard level's decision time over 4-player hands (median, 95th
  and 99th percentile, ms), every decision it makes, and ``searches``: how many searched.
* ``frame_ms_while_thinking``: the table's frame time (update and draw, median and 99th
  percentile, ms) over frames in which a hard decision runs in the worker process; frames
  are paced at 60 a second in real time, computers in every seat.
* ``frame_ms``: the table's frame time (update and draw) at 1280x800, a 4-player demo
  game with cards dealt and moving (median, 99th percentile), ms, dummy video driver.
* ``frame_ms_1920x1080``: the same at full HD (SVG card images rendered at that size);
  ``cpu_p99`` is the 99th percentile of the process's CPU time per frame, which other
  programs on a shared machine do not inflate.
* ``first_frame_s``: time from process start to the first frame drawn, seconds.
* ``idle_cpu_percent``: CPU time of a ``canasta`` process over wall time, in percent of
  one core, while its table waits for the person to draw (2 players, seed 5, nothing
  moving; measured from the process's own CPU counters after the deal settles).
* ``click_to_frame_ms``: from a click posted to the event queue of a resting table to the
  end of the first frame that shows its card lifted (median, 95th percentile, maximum),
  ms; the loop is the game's own (``FrameLoop``) with real time and real pygame events;
  ``cpu_median`` and ``cpu_p95``: the process's CPU time over the same spans.
  ``--idle`` measures only these two.
* ``peak_memory_mb``: peak resident memory of the benchmark process, MiB.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from canasta.ai import HardPlayer, HeuristicPlayer  # noqa: E402
from canasta.engine import CLASSIC, PRESETS, HandState, RuleSet  # noqa: E402


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def engine_throughput(hands: int, rules: RuleSet | None = None) -> float:
    """Random legal hands per second (Classic with four players unless ``rules`` given)."""
    rules = rules or CLASSIC.with_options(players=4)
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


def hard_decision_times(hands: int) -> tuple[list[float], int]:
    """Seconds per decision of the hard level in every seat over ``hands`` 4-player hands.

    Returns the times and how many of the decisions ran a search.
    """
    rules = CLASSIC.with_options(players=4)
    times: list[float] = []
    searches = 0
    for seed in range(hands):
        state = HandState.deal(rules, 20_000 + seed)
        state.keep_snapshots = False
        players = [HardPlayer(seed * 4 + seat) for seat in range(4)]
        while not state.ended:
            player = players[state.mover]
            start = time.perf_counter()
            view = state.view_for(state.mover)
            advice = player.advise(view)
            times.append(time.perf_counter() - start)
            searches += advice.worlds > 0
            state.apply(advice.move)
    return times, searches


def frames_while_thinking(frames: int, size: tuple[int, int] = (1280, 800)) -> list[float]:
    """Seconds per frame (update and draw) of frames during which a hard decision runs.

    A 4-player table with the hard level in every seat thinks in a worker process; frames
    are paced at 60 a second in real time, for at most ``frames`` frames in all.
    """
    import pygame

    from canasta.controller import DecisionWorker, TableController
    from canasta.engine import Game
    from canasta.scenes.base import SceneManager
    from canasta.scenes.table import TableScene
    from scripts.table_harness import settle

    pygame.init()
    screen = pygame.display.set_mode(size)
    worker = DecisionWorker()
    game = Game(CLASSIC.with_options(players=4), 7)
    seats: list = [HardPlayer(seat) for seat in range(4)]
    controller = TableController(game, seats, worker=worker)
    manager = SceneManager(size)
    scene = TableScene(controller, lambda c: None, lambda: None, speed=4.0)
    manager.push(scene)
    settle(manager, 0.5)
    times: list[float] = []
    for _ in range(frames):
        start = time.perf_counter()
        manager.update(1 / 60)
        manager.draw(screen)
        elapsed = time.perf_counter() - start
        if controller.thinking:
            times.append(elapsed)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
        if controller.hand.ended:
            break
    worker.close()
    return times


def frame_times(
    frames: int, size: tuple[int, int] = (1280, 800)
) -> tuple[list[float], float, list[float]]:
    """Seconds per frame (update and draw) of a 4-player demo table while cards move.

    Returns the wall-clock frame times, the share of frames in which a card was moving, and
    the process CPU time per frame (unaffected by other programs sharing the cores).
    """
    from scripts.table_harness import make_table, settle

    scene, manager, screen = make_table(4, seed=7, size=size, demo=True)
    settle(manager, 0.3)
    times: list[float] = []
    cpu: list[float] = []
    moving = 0
    for _ in range(frames):
        start, start_cpu = time.perf_counter(), time.process_time()
        manager.update(1 / 60)
        manager.draw(screen)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        moving += scene.animator.busy
    return times, moving / frames, cpu


def first_frame_seconds() -> float:
    """Seconds from starting a ``canasta`` process to its first frame on screen."""
    env = dict(os.environ, CANASTA_TRACE="1")
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "canasta", "--players", "4", "--quit-after", "0.5"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    elapsed = float("nan")
    for line in proc.stdout:
        if line.startswith("first-frame"):
            elapsed = time.perf_counter() - start
            break
    proc.wait()
    return elapsed


def _cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of process ``pid`` so far (Linux ``/proc``)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu_percent(seconds: float = 20.0, cwd: str | None = None) -> float:
    """Percent of one core a ``canasta`` process uses while its table waits for the
    person (from the trace's first ``waiting`` line plus 1 s, for ``seconds``).

    ``cwd``: the checkout to run (default: this one), for comparing revisions.
    """
    import tempfile

    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CANASTA_TRACE="1", CANASTA_HOME=home)
        proc = subprocess.Popen(
            [sys.executable, "-m", "canasta", "--players", "2", "--seed", "5",
             "--quit-after", str(seconds + 30)],
            env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("waiting phase=draw"):
                break
        time.sleep(1.0)
        cpu0, wall0 = _cpu_seconds(proc.pid), time.monotonic()
        time.sleep(seconds)
        cpu1, wall1 = _cpu_seconds(proc.pid), time.monotonic()
        proc.kill()
        proc.wait()
    return 100 * (cpu1 - cpu0) / (wall1 - wall0)


def click_to_frame_ms(clicks: int = 40) -> tuple[list[float], list[float]]:
    """Milliseconds from a click posted to a resting table's event queue to the end of
    the first frame that shows the clicked card lifted (or lowered again), ``clicks``
    times, each 0.4-0.6 s after the last one showed (its animation over: the loop rests).

    Returns the wall-clock times and the process's CPU time over the same spans (which
    other programs on a shared machine do not inflate)."""
    import threading

    import pygame

    from canasta.app.loop import FrameLoop, PygameClock, PygameEvents
    from canasta.controller import TableController
    from canasta.engine import Game
    from canasta.scenes.base import SceneManager
    from canasta.scenes.table import TableScene
    from canasta.ui.input import click_events

    pygame.init()
    screen = pygame.display.set_mode((1280, 800))
    game = Game(CLASSIC.with_options(players=2), 5)
    controller = TableController(game, [None, HeuristicPlayer()])
    manager = SceneManager((1280, 800))
    table = TableScene(controller, lambda c: None, lambda: None)
    manager.push(table)
    while manager.wake_in() is not None:
        manager.update(1 / 60)
    manager.draw(screen)  # the card images are rendered, as during the deal in the game
    assert controller.person_to_move()
    card = controller.hand.hands[0][0]
    latencies: list[float] = []
    cpu: list[float] = []
    shown = threading.Event()
    state = {"selected": False, "posted": 0.0, "cpu": 0.0}

    def on_frame() -> None:
        if (card in table.selected) != state["selected"]:
            state["selected"] = not state["selected"]
            latencies.append(time.perf_counter() - state["posted"])
            cpu.append(time.process_time() - state["cpu"])
            shown.set()

    def clicker() -> None:
        rng = random.Random(1)
        time.sleep(0.5)
        for _ in range(clicks):
            sprite = table.sprites[card]
            x, y = int(sprite.x + 6), int(sprite.y + 30)
            shown.clear()
            down, up = click_events((x, y))
            state["posted"], state["cpu"] = time.perf_counter(), time.process_time()
            pygame.event.post(down)
            pygame.event.post(up)
            shown.wait(2.0)
            time.sleep(rng.uniform(0.4, 0.6))  # the lift's animation ends, the loop rests
        manager.request_quit()
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))

    thread = threading.Thread(target=clicker, daemon=True)
    loop = FrameLoop(manager, lambda: screen, pygame.display.flip, PygameEvents(),
                     PygameClock(), on_frame=on_frame)  # fmt: skip
    thread.start()
    loop.run()
    thread.join()
    return [t * 1000 for t in latencies], [t * 1000 for t in cpu]


def idle_figures(seconds: float, clicks: int) -> dict[str, object]:
    """The resting figures: idle CPU and click-to-frame latency."""
    latencies, cpu = click_to_frame_ms(clicks)
    return {
        "idle_cpu_percent": round(idle_cpu_percent(seconds), 2),
        "click_to_frame_ms": {
            "median": round(statistics.median(latencies), 2),
            "p95": round(_percentile(latencies, 0.95), 2),
            "max": round(max(latencies), 2),
            "cpu_median": round(statistics.median(cpu), 2),
            "cpu_p95": round(_percentile(cpu, 0.95), 2),
            "count": len(latencies),
        },
    }


ROOT = Path(__file__).resolve().parent.parent
#: The presets compared by ``--baseline``: (label, preset name, players).
COMPARED = [
    ("Classic 4p", "Classic", 4),
    ("Classic 2p", "Classic", 2),
    ("Book rules", "Book rules", None),
    ("Two-handed", "Two-handed", None),
    ("Draw-two partnership", "Draw-two partnership", None),
    ("Play-off on ties", "Play-off on ties", None),
]


def _worker(root: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(root))
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "bench_worker.py")],
        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=str(root),
    )  # fmt: skip
    assert proc.stdout is not None
    where = json.loads(proc.stdout.readline())["file"]
    if not where.startswith(str(root)):
        raise RuntimeError(f"the worker for {root} imported canasta from {where}")
    return proc


def end_workers(procs: dict[str, subprocess.Popen[str]]) -> None:
    """End each worker process of ``procs``: close its input, wait for it to exit."""
    for proc in procs.values():
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()


@contextlib.contextmanager
def _workers(base_root: Path) -> Iterator[dict[str, subprocess.Popen[str]]]:
    """A worker process (``scripts/bench_worker.py``) for the baseline checkout at
    ``base_root`` and one for this checkout, keyed "baseline" and "current"; on leaving,
    the workers end and the baseline's temporary git worktree is removed."""
    procs: dict[str, subprocess.Popen[str]] = {}
    try:
        procs = {"baseline": _worker(base_root), "current": _worker(ROOT)}
        yield procs
    finally:
        end_workers(procs)
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(base_root)],
            cwd=ROOT, check=False, capture_output=True,
        )  # fmt: skip
        shutil.rmtree(base_root.parent, ignore_errors=True)


def _checkout(rev: str) -> tuple[str, Path]:
    """Check revision ``rev`` out in a temporary git worktree: its commit and the path."""
    commit = subprocess.run(
        ["git", "rev-parse", rev], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    base_root = Path(tempfile.mkdtemp(prefix="canasta-baseline-")) / "baseline"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(base_root), commit],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    return commit, base_root


def _ask(proc: subprocess.Popen[str], request: dict[str, object]) -> dict[str, float | str]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(request) + "\n")
    proc.stdin.flush()
    answer: dict[str, float | str] = json.loads(proc.stdout.readline())
    return answer


def compare_engines(
    rev: str, hands: int, rounds: int, decision_hands: int = 0, list_hands: int = 0
) -> dict[str, object]:
    """Time this checkout's engine against revision ``rev``'s on the same hands.

    Each preset's ``hands`` seeds are split into ``rounds`` batches; every batch is played
    by both engines one after the other (which goes first alternates), so a change in the
    machine's load touches both alike. With ``decision_hands``, also compares the medium and
    hard levels' moves on fixed worlds and the hard level's worlds per search in its budget.
    Returns the JSON figures (hands per second, ratio).
    """
    commit, base_root = _checkout(rev)
    with _workers(base_root) as procs:
        figures: dict[str, object] = {}
        for label, preset, players in COMPARED if hands else ():
            totals = {name: {"cpu": 0.0, "wall": 0.0, "moves": 0} for name in procs}
            same = True
            size = max(1, hands // rounds)
            for i, first in enumerate(range(0, hands, size)):
                request = {"preset": preset, "players": players,
                           "seeds": [first, min(hands, first + size)]}  # fmt: skip
                order = ["baseline", "current"] if i % 2 == 0 else ["current", "baseline"]
                answers = {name: _ask(procs[name], request) for name in order}
                same &= answers["baseline"]["digest"] == answers["current"]["digest"]
                for name, answer in answers.items():
                    for key in ("cpu", "wall", "moves"):
                        totals[name][key] += float(answer[key])
            per = {
                name: {
                    "hands_per_second": round(hands / t["cpu"], 1),
                    "hands_per_second_wall": round(hands / t["wall"], 1),
                    "moves": int(t["moves"]),
                }
                for name, t in totals.items()
            }
            figures[label] = {
                **per,
                "ratio": round(totals["baseline"]["cpu"] / totals["current"]["cpu"], 2),
                "ratio_wall": round(totals["baseline"]["wall"] / totals["current"]["wall"], 2),
                "same_play": same,
            }
        if list_hands:
            figures["lists"] = _compare_lists(procs, list_hands)
        if decision_hands:
            figures["decisions"] = _compare_decisions(procs, decision_hands)
            figures["hard_worlds_in_budget"] = _compare_budget(procs, decision_hands)
    return {"baseline": commit, "hands": hands, "rounds": rounds, "presets": figures}


def _compare_lists(procs: dict[str, subprocess.Popen[str]], hands: int) -> dict[str, object]:
    """The legal move lists of both engines at every state of ``hands`` random hands per
    preset (the same play while the lists agree): states compared, hands that differ."""
    out: dict[str, object] = {}
    for label, preset, players in COMPARED:
        request = {"lists": preset, "players": players, "seeds": [0, hands]}
        answers = {name: _ask(proc, request) for name, proc in procs.items()}
        base, cur = answers["baseline"]["digests"], answers["current"]["digests"]
        assert isinstance(base, list) and isinstance(cur, list)
        out[label] = {
            "states": answers["current"]["states"],
            "differ": [seed for seed, (a, b) in enumerate(zip(base, cur, strict=True)) if a != b],
        }
    return out


def _compare_decisions(procs: dict[str, subprocess.Popen[str]], hands: int) -> dict[str, object]:
    """Medium and hard in every seat on fixed worlds (no time limit), both engines: how many
    hands' move lists are the same, where the first difference of each other one is, and
    each engine's CPU time for them (with the same lists: the same searches, so the ratio,
    ``search_speed_ratio``, is how much faster the current engine searches)."""
    out: dict[str, object] = {}
    for level, worlds in (("medium", 6), ("hard", 8)):
        for players in (2, 4):
            request = {"decisions": level, "players": players, "seeds": [0, hands],
                       "worlds": worlds}  # fmt: skip
            # Which engine goes first alternates, so a change in the machine's load touches
            # both alike.
            order = ["baseline", "current"] if players == 2 else ["current", "baseline"]
            answers = {name: _ask(procs[name], request) for name in order}
            base, cur = answers["baseline"]["hands"], answers["current"]["hands"]
            assert isinstance(base, list) and isinstance(cur, list)
            differ = []
            for deal, (a, b) in enumerate(zip(base, cur, strict=True)):
                if a != b:
                    i = next(
                        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                        min(len(a), len(b)),
                    )
                    differ.append({"deal": deal, "move": i,
                                   "baseline": a[i] if i < len(a) else None,
                                   "current": b[i] if i < len(b) else None})  # fmt: skip
            cpu = {name: float(answers[name]["cpu"]) for name in ("baseline", "current")}
            out[f"{level} {players}p"] = {
                "hands": hands, "same": hands - len(differ), "differ": differ,
                "cpu_seconds": {name: round(t, 2) for name, t in cpu.items()},
                "search_speed_ratio": round(cpu["baseline"] / cpu["current"], 2),
            }  # fmt: skip
    return out


def _compare_budget(procs: dict[str, subprocess.Popen[str]], hands: int) -> dict[str, object]:
    """Sampled deals (worlds) per hard search within the level's budget, both engines: as
    each counts its budget (the baseline may count wall-clock time), then both on the
    deciding thread's CPU time (engine speed alone)."""
    out: dict[str, object] = {}
    for players, cpu in ((2, False), (4, False), (2, True), (4, True)):
        request = {"budget": True, "players": players, "seeds": [0, max(1, hands // 2)],
                   "cpu": cpu}  # fmt: skip
        row: dict[str, object] = {}
        for name, proc in procs.items():
            worlds = _ask(proc, request)["worlds"]
            assert isinstance(worlds, list)
            row[name] = {
                "searches": len(worlds),
                "mean_worlds": round(statistics.mean(worlds), 1) if worlds else 0,
                "median_worlds": statistics.median(worlds) if worlds else 0,
                "at_cap": sum(1 for w in worlds if w >= (48 if players == 2 else 96)),
            }
        out[f"{players}p" + (", both on CPU time" if cpu else ", as each engine counts")] = row
    return out


def main() -> None:
    """Run every benchmark and print the JSON figures."""
    parser = argparse.ArgumentParser(description="Canasta benchmarks (JSON output)")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--quick", action="store_true", help="small counts, for tests")
    parser.add_argument("--idle", action="store_true",
                        help="only the resting figures (idle CPU, click to frame)")  # fmt: skip
    parser.add_argument("--baseline", metavar="REV", help="compare the engine with REV's only")
    parser.add_argument("--rounds", type=int, default=10, help="alternated batches (--baseline)")
    parser.add_argument("--decision-hands", type=int, default=0,
                        help="also compare AI decisions on N hands (--baseline)")  # fmt: skip
    parser.add_argument("--lists", type=int, default=0,
                        help="also compare move lists, N hands a preset")  # fmt: skip
    args = parser.parse_args()
    if args.idle:
        print(json.dumps(idle_figures(5.0 if args.quick else 20.0, 10 if args.quick else 60),
                         indent=2))  # fmt: skip
        return
    if args.baseline:
        hands = 20 if args.quick else args.hands
        figures = compare_engines(
            args.baseline, hands, args.rounds, args.decision_hands, args.lists
        )
        print(json.dumps(figures, indent=2))
        return
    hands = 20 if args.quick else args.hands
    frames = 60 if args.quick else args.frames
    decisions = decision_times(max(5, hands // 6))
    hard, searches = hard_decision_times(2 if args.quick else max(4, hands // 30))
    thinking = frames_while_thinking(120 if args.quick else args.frames)
    frame, moving, _ = frame_times(frames)
    frame_hd, moving_hd, cpu_hd = frame_times(frames, (1920, 1080))
    figures = {
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "engine_hands_per_second": round(engine_throughput(hands), 1),
        "preset_hands_per_second": {
            name: round(engine_throughput(max(10, hands // 3), rules), 1)
            for name, rules in PRESETS.items()
        },
        "decision_ms": {
            "median": round(statistics.median(decisions) * 1000, 3),
            "p95": round(_percentile(decisions, 0.95) * 1000, 3),
            "count": len(decisions),
        },
        "hard_decision_ms": {
            "median": round(statistics.median(hard) * 1000, 2),
            "p95": round(_percentile(hard, 0.95) * 1000, 2),
            "p99": round(_percentile(hard, 0.99) * 1000, 2),
            "count": len(hard),
            "searches": searches,
        },
        "frame_ms_while_thinking": {
            "median": round(statistics.median(thinking) * 1000, 3) if thinking else None,
            "p99": round(_percentile(thinking, 0.99) * 1000, 3) if thinking else None,
            "count": len(thinking),
        },
        "frame_ms": {
            "median": round(statistics.median(frame) * 1000, 3),
            "p99": round(_percentile(frame, 0.99) * 1000, 3),
            "count": len(frame),
            "share_with_cards_moving": round(moving, 2),
        },
        "frame_ms_1920x1080": {
            "median": round(statistics.median(frame_hd) * 1000, 3),
            "p99": round(_percentile(frame_hd, 0.99) * 1000, 3),
            "cpu_p99": round(_percentile(cpu_hd, 0.99) * 1000, 3),
            "count": len(frame_hd),
            "share_with_cards_moving": round(moving_hd, 2),
        },
        "first_frame_s": round(first_frame_seconds(), 3),
        "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    figures.update(idle_figures(5.0 if args.quick else 20.0, 10 if args.quick else 60))
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
