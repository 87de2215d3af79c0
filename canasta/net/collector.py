"""The cyclic garbage collector, set for a server that holds many tables in one process.

A full collection walks every tracked object of the process, so its pause grows with the
tables held (their hands' lists, the connections' buffers and tasks) and holds up every
table at once. CPython starts one whenever a quarter of the old objects are new since the
last, which under a steady stream of moves at 100 tables came every 4 seconds (up to 56 ms
each on the shared 2-core machine). Instead:

- what start-up loaded (modules, rule sets, the AI's tables: about 40,000 objects) is
  frozen out of every collection (``gc.freeze``);
- full collections come from a timer, one every :data:`FULL_EVERY` seconds, never from
  the allocation counts: the cyclic garbage of closed tables and lost connections waits
  that long for its memory to be given back, and the pause touches the moves of one
  moment in five minutes rather than one move in a hundred. The young and middle
  generations keep CPython's thresholds.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc

#: Seconds between two full collections.
FULL_EVERY = 300.0
#: The full generation's threshold while full collections come from the timer (never
#: reached: CPython counts middle collections against it).
NEVER = 2**31 - 1


def settle() -> tuple[int, int, int]:
    """Collect what start-up left, freeze the rest out of later collections and leave full
    collections to the timer; return the thresholds that were in force."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(before[0], before[1], NEVER)
    return before


async def full_collections(every: float = FULL_EVERY) -> None:
    """Run a full collection every ``every`` seconds until cancelled."""
    while True:
        await asyncio.sleep(every)
        gc.collect()


def start(every: float = FULL_EVERY) -> asyncio.Task[None]:
    """Start :func:`full_collections` in the running event loop."""
    return asyncio.get_running_loop().create_task(full_collections(every))


def stop(task: asyncio.Task[None]) -> None:
    """Stop the timer of full collections."""
    with contextlib.suppress(Exception):
        task.cancel()
