"""Computer players think in worker processes: decisions travel as values with the
player's memory, a broken pool is replaced, a stale answer is dropped."""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from canasta.ai import HardPlayer, TrackingPlayer
from canasta.ai.easy import EasyPlayer
from canasta.ai.hard import Memory
from canasta.ai.medium import MediumPlayer
from canasta.engine import CLASSIC, HandState
from canasta.net.protocol import ClockOption
from canasta.net.thinking import (
    WORKER_NICE,
    Answer,
    Decision,
    Thinkers,
    decide,
    player_for,
)
from tests.net.helpers import run, running_server, seat_two


def four_player_view(deal: int = 21) -> Any:
    """The first mover's view of a dealt four-player hand."""
    state = HandState.deal(CLASSIC.with_options(players=4), deal)
    return state.view_for(state.mover)


def test_a_player_rebuilt_from_its_memory_plays_as_one_that_stayed() -> None:
    # The same seed and fixed worlds (no clock): a player kept from move to move, and one
    # built afresh for every decision from its seed and the memory the last one sent back
    # (pickled, as between processes), choose the very same moves all hand long.
    state = HandState.deal(CLASSIC.with_options(players=4), 7)
    others = TrackingPlayer(3)
    kept = HardPlayer(11, time_limit=None, worlds=6)
    memory: Memory | None = None
    planned = decisions = 0
    while not state.ended and decisions < 60:
        view = state.view_for(state.mover)
        if state.mover % 2 == 0:
            fresh = HardPlayer(11, time_limit=None, worlds=6)
            if memory is not None:
                fresh.recall(pickle.loads(pickle.dumps(memory)))
            move = fresh.choose(view)
            assert move == kept.choose(view)
            planned += bool(memory is not None and memory.plan)
            memory = fresh.remember()
            assert memory == kept.remember()
            decisions += 1
        else:
            move = others.choose(view)
        state.apply(move)
    assert decisions == 60 or state.ended
    assert planned > 5  # the rest of a searched turn came from the memory


def test_a_decision_and_its_answer_are_small_picklable_values() -> None:
    view = four_player_view()
    decision = Decision("medium", view, 5, 0.02, Memory(saved=0.1, owes_turn=True))
    sent = pickle.dumps(decision)
    assert pickle.loads(sent) == decision
    assert len(sent) < 4000  # bytes: the view and the memory, no table nor game
    answer = decide(decision)
    assert answer.move in view.legal_moves
    assert answer.memory is not None and answer.memory.owes_turn is True
    assert pickle.loads(pickle.dumps(answer)) == answer
    assert decide(Decision("easy", view, 5)).memory is None  # nothing to remember


def test_a_budget_sets_the_seconds_and_scales_the_cap_of_worlds() -> None:
    hard = player_for("hard", 1, 0.135, 4)
    assert isinstance(hard, HardPlayer) and (hard.time_limit, hard.worlds) == (0.135, 96)
    two = player_for("hard", 1, 0.05, 2)
    assert isinstance(two, HardPlayer) and (two.time_limit, two.worlds) == (0.05, 100)
    medium = player_for("medium", 1, 0.04, 4)
    assert isinstance(medium, MediumPlayer) and (medium.time_limit, medium.worlds) == (0.04, 12)
    own = player_for("hard", 1, None, 4)  # the level's own: 0.27 s and 192 worlds
    assert isinstance(own, HardPlayer) and (own.time_limit, own.worlds) == ("level", "level")
    assert isinstance(player_for("easy", 1, 0.5, 4), EasyPlayer)  # no search, no budget


class FakePool(Executor):
    """A pool that runs each decision at once in this thread, or fails as told: ``fail``
    holds what the next submissions raise (a :class:`BrokenExecutor`) in turn."""

    def __init__(self, fail: list[BaseException] | None = None) -> None:
        self.fail = fail if fail is not None else []
        self.sent: list[Any] = []
        self.stopped = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.sent.append(args[0] if args else ())
        if self.fail:
            future.set_exception(self.fail.pop(0))
        else:
            future.set_result(fn(*args))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.stopped = True


def test_a_pool_whose_worker_died_is_replaced_and_the_decision_tried_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    pools = [FakePool([BrokenProcessPool("a worker died")]), FakePool()]
    made: list[int] = []

    def make(workers: int) -> Executor:
        made.append(workers)
        return pools[len(made) - 1]

    thinkers = Thinkers(3, {"hard": 0.2}, make_pool=make)
    view = four_player_view()
    decision = thinkers.decision("random", view, 9)
    assert decision.seconds is None and thinkers.decision("hard", view, 9).seconds == 0.2
    with caplog.at_level(logging.WARNING, "canasta.net"):
        answer = run(thinkers.decide(decision))
    assert answer.move in view.legal_moves
    assert made == [3, 3] and thinkers.replaced == 1 and thinkers.fallbacks == 0
    assert pools[0].stopped and pools[1].sent == [decision]
    assert caplog.messages == [
        "a computer players' worker process died; the pool was restarted (3 workers) and "
        "the random decision is tried again"
    ]


def test_a_pool_that_breaks_again_leaves_the_move_to_the_easy_level(
    caplog: pytest.LogCaptureFixture,
) -> None:
    pools = [FakePool([BrokenProcessPool("died")]), FakePool([BrokenProcessPool("again")])]
    thinkers = Thinkers(1, make_pool=lambda _: pools.pop(0) if pools else FakePool())
    view = four_player_view()
    memory = Memory(saved=0.05)
    with caplog.at_level(logging.WARNING, "canasta.net"):
        answer = run(thinkers.decide(thinkers.decision("hard", view, 4, memory)))
    assert answer.move == EasyPlayer(4).choose(view)
    assert answer.memory == memory  # kept as it was for the next decision
    assert (thinkers.replaced, thinkers.fallbacks) == (2, 1)
    assert caplog.messages[-1].endswith("the hard decision falls back to the easy level")


def test_a_level_that_raises_leaves_the_move_to_the_easy_level(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(decision: Decision) -> Answer:
        raise RuntimeError("a fault in the search")

    thinkers = Thinkers(1, make_pool=lambda _: FakePool(), work=broken)
    view = four_player_view()
    with caplog.at_level(logging.WARNING, "canasta.net"):
        answer = run(thinkers.decide(thinkers.decision("hard", view, 4)))
    assert answer.move == EasyPlayer(4).choose(view)
    assert thinkers.replaced == 0 and thinkers.fallbacks == 1
    assert caplog.messages == ["the hard level failed; the easy level decides"]


def test_decisions_that_find_one_broken_pool_replace_it_once() -> None:
    pools = [FakePool(), FakePool(), FakePool()]
    thinkers = Thinkers(2, make_pool=lambda _: pools.pop(0))
    broken = thinkers.pool
    thinkers._replace(broken)
    replacement = thinkers.pool
    thinkers._replace(broken)  # a second decision that saw the same broken pool
    assert thinkers.pool is replacement and thinkers.replaced == 1 and len(pools) == 1


def test_warming_starts_every_worker_before_the_first_decision() -> None:
    pool = FakePool()
    Thinkers(3, make_pool=lambda _: pool).warm()
    assert pool.sent == [(), (), ()]  # one call with no arguments for each worker


def test_no_worker_process_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one worker process, not 0"):
        Thinkers(0, make_pool=lambda _: FakePool())


def test_the_real_pool_thinks_in_another_process_and_survives_a_dead_worker(
    caplog: pytest.LogCaptureFixture,
) -> None:
    thinkers = Thinkers(1, {"medium": 0.01})
    try:
        thinkers.warm()
        view = four_player_view()
        answer = run(thinkers.decide(thinkers.decision("medium", view, 3)))
        assert answer.move in view.legal_moves and answer.memory is not None
        pool = thinkers.pool
        worker = pool.submit(os.getpid).result(60)
        assert worker != os.getpid()
        assert pool.submit(os.nice, 0).result(60) == os.nice(0) + WORKER_NICE
        with pytest.raises(BrokenExecutor):
            pool.submit(os._exit, 1).result(60)  # the worker dies
        with caplog.at_level(logging.WARNING, "canasta.net"):
            again = run(thinkers.decide(thinkers.decision("medium", view, 3)))
        assert again.move in view.legal_moves
        assert thinkers.replaced == 1 and thinkers.pool is not pool
        assert thinkers.pool.submit(os.getpid).result(60) not in (worker, os.getpid())
        assert "is tried again" in caplog.messages[0]
    finally:
        thinkers.shutdown()


class GatePool(Executor):
    """A pool whose decisions wait until the test answers them (:meth:`answer`)."""

    def __init__(self) -> None:
        self.waiting: list[tuple[Decision, Future[Any]]] = []
        self.sent = asyncio.Event()  # (made in the test's event loop, where submit runs)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.waiting.append((args[0], future))
        self.sent.set()
        return future

    def answer(self) -> Answer:
        decision, future = self.waiting.pop(0)
        answer = decide(decision)
        future.set_result(answer)
        return answer


def test_an_answer_for_a_hand_that_moved_on_is_dropped_with_its_memory(tmp_path: Path) -> None:
    async def body() -> None:
        gate = GatePool()
        async with running_server(tmp_path, ai=gate) as server:
            clock = ClockOption(move_seconds=600, bank_seconds=0)
            a, b = await seat_two(server, clock=clock, level="medium")
            assert a.table is not None and a.view is not None
            runner = server.runners[a.table.id]
            mover = a if a.view.mover == a.chair else b
            moves = runner.table.game.hand.move_count
            # The mover's clock runs out: a computer thinks for the seat, and meanwhile the
            # person moves after all.
            runner._clock_over()
            await gate.sent.wait()
            ((decision, _),) = gate.waiting
            assert decision.level == "medium" and decision.view.seat == mover.chair
            assert mover.view is not None
            answer = await mover.play(mover.view.legal_moves[0])
            assert answer.type == "result"
            late = gate.answer()  # the computer's move, for a hand that has moved on
            assert runner.thinking is not None
            await runner.thinking
            assert runner.table.game.hand.move_count == moves + 1  # the person's move only
            assert late.memory is not None and mover.chair not in runner.memories
            assert not any('"by":"clock"' in t for t in a.received)
            # The next clock that runs out: this answer is current, played, remembered.
            gate.sent.clear()
            runner._clock_over()
            await gate.sent.wait()
            ((decision, _),) = gate.waiting
            current = gate.answer()
            await runner.thinking
            assert runner.table.game.hand.move_count == moves + 2
            assert current.memory is not None
            assert runner.memories[decision.view.seat] == current.memory
            await a.wait(lambda: any('"by":"clock"' in t for t in a.received))
            for client in (a, b):
                await client.close()

    run(body())
