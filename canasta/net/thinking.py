"""Computer players think in worker processes, never in the event loop's interpreter.

A hard search is 100 to 500 ms of CPU-bound Python; in a thread of the server's process it
would hold the interpreter while every other table waits for its moves to be answered. So
a decision travels to a pool of worker processes as a value (:class:`Decision`): the seat's
view (:class:`~canasta.engine.view.SeatView`, what that seat may know and nothing more),
the level, its budget, a seed, and what the player remembers from its last decision
(:class:`~canasta.ai.hard.Memory`: the rest of a planned turn, its saved CPU time, a
promise to its partner). The worker builds the player, decides, and answers with the move
and the memory to keep (:class:`Answer`). No worker holds a table or a player, so any
worker may take any decision, and a worker that dies loses nothing but the decision it
was making.

Workers run at a lower priority (:data:`WORKER_NICE`), so on a busy machine the event loop
answering people's moves gets a core before a search does. A pool whose worker died is
replaced and the decision tried once more; should that fail too, or the level raise, the
easy level decides in this process (well under a millisecond), with a log line each time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Mapping
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from dataclasses import dataclass

from canasta.ai.base import Player, RandomPlayer
from canasta.ai.easy import EasyPlayer
from canasta.ai.hard import HardPlayer, Memory
from canasta.ai.levels import make_player
from canasta.ai.medium import MediumPlayer
from canasta.engine.moves import Move
from canasta.engine.view import SeatView

log = logging.getLogger("canasta.net")

#: How much lower the workers' scheduling priority is than the server's (``nice``).
WORKER_NICE = 10

#: The medium level's own budget: CPU seconds and sampled worlds a search may take.
MEDIUM_SECONDS, MEDIUM_WORLDS = 0.02, 6


def default_workers() -> int:
    """Worker processes when none are named: one per core (they run at a lower priority
    than the event loop, so they use what it leaves)."""
    return max(1, os.cpu_count() or 1)


@dataclass(frozen=True, slots=True)
class Decision:
    """One computer decision, as sent to a worker (every field picklable).

    Attributes:
        level: ``random``, ``easy``, ``medium`` or ``hard``.
        view: the seat's view (it must have legal moves).
        seed: seeds the player's random choices.
        seconds: CPU seconds a search may take (None: the level's own budget); the cap
            of sampled worlds scales with it.
        memory: what the player remembered after its last decision (None: nothing).
    """

    level: str
    view: SeatView
    seed: int
    seconds: float | None = None
    memory: Memory | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """A worker's answer: the move, the memory to send with the seat's next decision, and
    the CPU seconds the decision took in the worker."""

    move: Move
    memory: Memory | None
    cpu: float


def player_for(level: str, seed: int, seconds: float | None, players: int) -> Player:
    """A player of ``level`` with a search budget of ``seconds`` of CPU (None: the level's
    own), its cap of sampled worlds in proportion (the level's cap at its own seconds).

    Raises:
        ValueError: for an unknown level.
    """
    if seconds is not None and level == "hard":
        own = HardPlayer.TIME_LIMIT[players]
        worlds = max(1, round(HardPlayer.WORLDS[players] * seconds / own))
        return HardPlayer(seed, time_limit=seconds, worlds=worlds)
    if seconds is not None and level == "medium":
        worlds = max(1, round(MEDIUM_WORLDS * seconds / MEDIUM_SECONDS))
        return MediumPlayer(seed, time_limit=seconds, worlds=worlds)
    return make_player(level, seed)


def decide(decision: Decision) -> Answer:
    """Make ``decision`` (in a worker process; also usable anywhere for tests).

    Raises:
        ValueError: for an unknown level, or a view with no legal move.
    """
    began = time.process_time()
    view = decision.view
    player = player_for(decision.level, decision.seed, decision.seconds, view.rules.players)
    if isinstance(player, HardPlayer):
        if decision.memory is not None:
            player.recall(decision.memory)
        move = player.choose(view)
        return Answer(move, player.remember(), time.process_time() - began)
    return Answer(player.choose(view), None, time.process_time() - began)


def quick(decision: Decision) -> Answer:
    """The easy level's move for ``decision``, decided here and now (well under a
    millisecond), kept for when the workers cannot answer; the memory is kept as sent.

    Raises:
        ValueError: for a view with no legal move.
    """
    began = time.process_time()
    try:
        move = EasyPlayer(decision.seed).choose(decision.view)
    except Exception:  # a fault of the easy level must not stall the table either
        log.exception("the easy level failed too; a random legal move")
        move = RandomPlayer(decision.seed).choose(decision.view)
    return Answer(move, decision.memory, time.process_time() - began)


def _worker_started() -> None:
    """In each new worker: a lower priority, and Ctrl+C left to the server (which stops
    the pool itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):  # not allowed here: the server's priority then
        os.nice(WORKER_NICE)


def process_pool(workers: int) -> Executor:
    """A pool of ``workers`` processes started by a fork server (a clean process with the
    AI loaded once, so a new worker starts in milliseconds, without the server's tables
    and sockets) or, where there is none, spawned."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload(["canasta.net.thinking"])
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_started)


class Thinkers:
    """Where the server's computer players think: a pool of worker processes.

    Args:
        workers: worker processes (at least 1).
        budgets: CPU seconds a search may take, by level (a level not named: its own).
        make_pool: builds the pool from ``workers`` (default :func:`process_pool`); called
            again to replace a pool whose worker died. Tests pass one that runs in this
            process or that fails on purpose.
        work: what a worker runs for a decision (default :func:`decide`).

    Raises:
        ValueError: for fewer than one worker.
    """

    def __init__(
        self,
        workers: int | None = None,
        budgets: Mapping[str, float] | None = None,
        make_pool: Callable[[int], Executor] = process_pool,
        work: Callable[[Decision], Answer] = decide,
    ) -> None:
        self.workers = default_workers() if workers is None else workers
        if self.workers < 1:
            raise ValueError(f"at least one worker process, not {self.workers}")
        self.budgets = dict(budgets or {})
        self.make_pool = make_pool
        self.work = work
        self.pool = make_pool(self.workers)
        #: How many times the pool was replaced (a worker died).
        self.replaced = 0
        #: Decisions the easy level made here because the workers could not.
        self.fallbacks = 0

    def warm(self) -> None:
        """Start the workers now (and the fork server before them), before the server
        listens: started by the first decisions, they held the event loop for up to a
        second while a table waited."""
        for future in [self.pool.submit(os.getpid) for _ in range(self.workers)]:
            future.result()

    def decision(
        self, level: str, view: SeatView, seed: int, memory: Memory | None = None
    ) -> Decision:
        """The decision for ``view`` at ``level`` with this server's budget for it."""
        return Decision(level, view, seed, self.budgets.get(level), memory)

    async def decide(self, decision: Decision) -> Answer:
        """Send ``decision`` to a worker and wait for its answer.

        A pool broken by a dead worker is replaced and the decision sent once more; if that
        fails too, or the level raises, the easy level decides here (logged either way).
        Never raises for a view with legal moves.
        """
        for attempt in (1, 2):
            pool = self.pool
            try:
                future = pool.submit(self.work, decision)
                return await asyncio.wrap_future(future)
            except BrokenExecutor:
                self._replace(pool)
                log.warning(
                    "a computer players' worker process died; the pool was restarted (%d "
                    "workers) and the %s decision %s",
                    self.workers,
                    decision.level,
                    "is tried again" if attempt == 1 else "falls back to the easy level",
                )
            except Exception:  # a computer player's fault must not stall the table
                log.exception("the %s level failed; the easy level decides", decision.level)
                break
        self.fallbacks += 1
        return quick(decision)

    def _replace(self, broken: Executor) -> None:
        """Replace the pool, once however many decisions found it broken."""
        if self.pool is not broken:
            return
        broken.shutdown(wait=False, cancel_futures=True)
        self.pool = self.make_pool(self.workers)
        self.replaced += 1

    def shutdown(self) -> None:
        """Stop the workers (decisions in flight are dropped)."""
        self.pool.shutdown(wait=False, cancel_futures=True)
