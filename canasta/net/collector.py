"""The cyclic garbage collector, set for a server that holds many tables in one process.

A full collection walks every tracked object of the process, so its pause grows with the
tables held (about 600 objects a table of four people: its hand's lists, the connections'
buffers and tasks) and holds up every table at once. CPython starts one whenever a
quarter of the old objects are new since the last, which under a steady stream of moves
comes every few seconds. Instead:

- what start-up loaded (modules, rule sets, the AI's tables) is frozen out of every
  collection (``gc.freeze``);
- the young generation is collected every :data:`YOUNG` allocations instead of 700, so
  the objects of a move (its views, events and messages, alive while the move is saved)
  are freed by reference counting before a collection sees them, and few grow old;
- full collections come from a timer, one every :data:`FULL_EVERY` seconds, never from
  the allocation counts: the cyclic garbage of closed tables and lost connections waits
  that long for its memory to be given back, and the pause (tens of milliseconds a
  thousand tables) touches a few moves in that time rather than one move in a hundred.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc

#: Allocations (less deallocations) between two collections of the young generation.
YOUNG = 20_000
#: Young collections between two collections of the middle generation.
MIDDLE = 20
#: Seconds between two full collections.
FULL_EVERY = 300.0
#: The full generation's threshold while full collections come from the timer (never
#: reached: CPython counts middle collections against it).
NEVER = 2**31 - 1


def settle() -> tuple[int, int, int]:
    """Collect what start-up left, freeze the rest out of later collections and set the
    thresholds above; return the thresholds that were in force."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, NEVER)
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
