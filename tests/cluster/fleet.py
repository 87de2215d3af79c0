"""Server processes over one PostgreSQL database, started as ``canasta serve`` would be
on several machines, for the tests (each on a free loopback port)."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

from scripts.takeover import kill_all

#: Seconds a lease lasts in these tests (a dead process's tables are taken over within it
#: and a quarter more).
LEASE = 2.0


class Process:
    """One ``canasta serve --database`` process."""

    def __init__(self, database: str, data: Path, name: str) -> None:
        self.name = name
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "canasta", "serve", "--port", "0", "--data", str(data),
             "--database", database, "--process-id", name, "--lease", str(LEASE),
             "--rate", "1000"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"listening on (ws://[\d.]+:(\d+)) \(process (\S+) over PostgreSQL", line)
        assert found, (line, self.proc.stderr.read() if self.proc.poll() is not None else "")
        self.url, self.port = found.group(1), int(found.group(2))

    def kill(self) -> None:
        """SIGKILL: the process dies at once, mid-move or not, and its computer players'
        workers with it (as with its machine going away; none is left running)."""
        kill_all(self.proc.pid)
        self.proc.wait(10)

    def stop(self) -> None:
        """Stop it if it runs."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


class Fleet:
    """``count`` processes over ``database`` (named p1, p2, ...)."""

    def __init__(self, database: str, folder: Path, count: int = 3) -> None:
        self.database = database
        self.processes: list[Process] = []
        try:
            for i in range(count):
                self.processes.append(Process(database, folder / f"p{i + 1}", f"p{i + 1}"))
        except BaseException:
            self.stop()
            raise

    def __getitem__(self, i: int) -> Process:
        return self.processes[i]

    def stop(self) -> None:
        for p in self.processes:
            p.stop()


async def owner(database: str, table_id: str) -> str | None:
    """The process that owns ``table_id``, as the database says."""
    import psycopg

    async with await psycopg.AsyncConnection.connect(database) as db:
        cursor = await db.execute(
            "SELECT owner FROM tables WHERE id = %s",
            (table_id,),
        )
        row = await cursor.fetchone()
    return row[0] if row else None


async def until(test: object, within: float, what: str) -> None:
    """Poll ``test()`` (a coroutine function) every 0.1 s until true, at most ``within``
    seconds (real processes' time: a bounded deadline, not a fixed wait).

    Raises:
        AssertionError: naming ``what`` when the deadline passes.
    """
    loop = asyncio.get_running_loop()
    end = loop.time() + within
    while not await test():  # type: ignore[operator]
        if loop.time() > end:
            raise AssertionError(f"not within {within} s: {what}")
        await asyncio.sleep(0.1)
