"""Where a server's time goes: event-loop lag, garbage-collector pauses, time in the
database and the time from an intent's arrival to its answer being queued.

Off by default; ``canasta serve --stats FILE`` turns it on and writes the figures as JSON
when the server stops (the load test reads them). Every figure is in milliseconds.

- **loop lag**: a task asks to wake every :data:`PERIOD` seconds and records how late it
  woke. While a callback holds the event loop (a long computation, a collection, a slow
  call), every connection waits; this measures exactly that wait.
- **gc pause**: each collection of the cyclic garbage collector, timed through
  ``gc.callbacks``, per generation; **gc cpu** the same in the thread's CPU time (on a
  busy machine a pause also holds the time the process waited for a core).
- **db commit**: each group commit on the database thread (outside the event loop).
- **intent**: from an intent read off the socket to its answer and views queued (the
  server's share of a player's round trip, the database commit included).
- **think**: each computer decision from its sending to a worker process to its answer
  (waiting for a free worker included); **think cpu** the CPU time it took in the worker.
"""

from __future__ import annotations

import asyncio
import gc
import time
from array import array
from typing import Any

#: How often the lag probe asks to wake (seconds).
PERIOD = 0.01

#: Samples kept per series; beyond that only the count and the maximum grow.
KEEP = 1_000_000


class Series:
    """Durations in milliseconds (compact: an ``array`` of doubles, not tracked by the
    garbage collector), with the time of each (seconds since the start)."""

    def __init__(self) -> None:
        self.values = array("d")
        self.at = array("d")
        self.count = 0
        self.max = 0.0

    def add(self, ms: float, at: float) -> None:
        """Record one duration ``ms`` (milliseconds) that ended ``at`` (seconds)."""
        self.count += 1
        self.max = max(self.max, ms)
        if len(self.values) < KEEP:
            self.values.append(ms)
            self.at.append(at)

    def figures(self, top: int = 0) -> dict[str, Any]:
        """Count, median, 99th percentile, maximum and total (ms); with ``top``, the
        ``top`` largest as ``[seconds since start, ms]`` pairs."""
        ordered = sorted(self.values)
        n = len(ordered)
        out: dict[str, Any] = {
            "count": self.count,
            "median": round(ordered[n // 2], 2) if n else 0.0,
            "p99": round(ordered[min(n - 1, int(n * 0.99))], 2) if n else 0.0,
            "max": round(self.max, 2),
            "total": round(sum(self.values), 1),
        }
        if top:
            worst = sorted(range(n), key=self.values.__getitem__, reverse=True)[:top]
            out["worst"] = [[round(self.at[i], 2), round(self.values[i], 1)] for i in worst]
        return out


class ServerStats:
    """The figures above for one server process; :meth:`start` inside the event loop."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.lag = Series()
        self.gc = {g: Series() for g in range(3)}
        self.gc_cpu = {g: Series() for g in range(3)}
        self.db = Series()
        self.batch = Series()
        self.intent = Series()
        self.think = Series()
        self.think_cpu = Series()
        self.tracked: list[int] = []
        self._gc_start = self._gc_cpu = 0.0
        self._task: asyncio.Task[None] | None = None

    def now(self) -> float:
        """Seconds since the statistics started."""
        return time.perf_counter() - self.started

    def start(self) -> None:
        """Start the lag probe and the collector's callback."""
        self._task = asyncio.get_running_loop().create_task(self._probe())
        gc.callbacks.append(self._on_gc)

    def stop(self) -> None:
        """Stop both."""
        if self._task is not None:
            self._task.cancel()
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    async def _probe(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(PERIOD)
            late = time.perf_counter() - before - PERIOD
            self.lag.add(max(0.0, late) * 1000, self.now())

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
            self._gc_cpu = time.thread_time()
        else:
            ms = (time.perf_counter() - self._gc_start) * 1000
            self.gc[info["generation"]].add(ms, self.now())
            self.gc_cpu[info["generation"]].add((time.thread_time() - self._gc_cpu) * 1000, 0.0)
            if info["generation"] == 2 and len(self.tracked) < 100:
                self.tracked.append(len(gc.get_objects()))

    def figures(self) -> dict[str, Any]:
        """Everything as JSON data (milliseconds; ``worst`` as [seconds, ms])."""
        return {
            "seconds": round(self.now(), 1),
            "loop_lag_ms": self.lag.figures(top=10),
            "gc_pause_ms": {
                f"gen{g}": s.figures(top=5 if g == 2 else 0) for g, s in self.gc.items()
            },
            "gc_cpu_ms": {f"gen{g}": s.figures() for g, s in self.gc_cpu.items()},
            "gc_tracked_after_gen2": self.tracked,
            "gc_frozen": gc.get_freeze_count(),
            "db_commit_ms": self.db.figures(top=5),
            "db_batch_jobs": self.batch.figures(),
            "intent_ms": self.intent.figures(top=10),
            "think_ms": self.think.figures(),
            "think_cpu_ms": self.think_cpu.figures(),
        }
