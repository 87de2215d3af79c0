"""The server's collector: start-up frozen, full collections by a timer."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from canasta.net import collector
from tests.net.helpers import run


def test_settle_freezes_start_up_and_leaves_full_collections_to_the_timer() -> None:
    before = gc.get_threshold()
    try:
        assert collector.settle() == before
        assert gc.get_threshold() == (before[0], before[1], 2**31 - 1)
        assert gc.get_freeze_count() > 0
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def test_the_timer_runs_full_collections_until_stopped() -> None:
    full: list[int] = []

    def seen(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] == 2:
            full.append(1)
            if len(full) == 3:
                done.set()

    async def body() -> None:
        task = collector.start(every=0.0)  # a full collection at every turn of the loop
        await done.wait()
        collector.stop(task)
        await asyncio.gather(task, return_exceptions=True)
        assert task.cancelled()

    done = asyncio.Event()
    gc.callbacks.append(seen)
    try:
        run(body())
    finally:
        gc.callbacks.remove(seen)
    assert len(full) >= 3
