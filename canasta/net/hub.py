"""What every table of the server shares: settings, the clock, the database thread (and
its checkpoint thread), the computer players' worker processes
(:class:`~canasta.net.thinking.Thinkers`), and connections with their outgoing queues.

A :class:`Conn` sends through a bounded queue drained by its own task, so one slow client
never holds up a table: a client that falls :data:`SEND_QUEUE` messages behind is
disconnected (it gets the whole view back when it reconnects).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from canasta.net.database import Job, StorageError, TableStore
from canasta.net.door import DoorConfig
from canasta.net.protocol import encode
from canasta.net.thinking import Thinkers
from canasta.net.timing import ServerStats

T = TypeVar("T")

log = logging.getLogger("canasta.net")

#: Jobs saved between two checkpoints (a move's job adds about 18 KB to the log).
CHECKPOINT_JOBS = 200

#: Messages waiting for one client before it is disconnected as too slow.
SEND_QUEUE = 512


@dataclass
class ServerConfig:
    """The server's settings (seconds, counts, bytes).

    Attributes:
        host, port: where to listen (port 0: any free port).
        data: the folder of the database and the finished games.
        certfile, keyfile: a TLS certificate and key (PEM) for ``wss://``; None: plain.
        grace: how long a seat whose connection dropped waits before a computer takes it.
        close_after: how long a table with no person connected stays open.
        rate, burst: messages a connection may send per second, and in one burst.
        strikes: bad or too-fast messages before a connection is dropped.
        max_connections: connections at once; more are turned away.
        hello_within: seconds a new connection has to say hello (a hello accepted); one
            that has not by then is closed, so connections that never say anything
            cannot fill ``max_connections`` and turn everyone away.
        max_frame: the largest WebSocket frame read at all (larger: dropped at once).
        synchronous: SQLite's ``synchronous`` setting (``FULL``: every commit on disk).
        retry: seconds before a computer move that could not be saved is tried again.
        workers: the computer players' worker processes (None: one per core; see
            :mod:`canasta.net.thinking`).
        budgets: CPU seconds a computer player's search may take, by level (``"hard"``,
            ``"medium"``; a level not named thinks within its own budget).
        database: a PostgreSQL address (``postgresql://...``) shared by several server
            processes, or None: SQLite in ``data``, for this process alone.
        process: this process's id among those sharing ``database`` (None: made up from
            the host name and process id).
        advertise: the address other processes reach this one at (None: ``ws://`` with
            ``host`` and the port listened on).
        lease: seconds a process's hold on a table lasts unrenewed (renewed every quarter
            of it): a process that dies has its tables taken over within about this long.
        door: the limits per address, on idle connections and on join codes (see
            :mod:`canasta.net.door`).
    """

    host: str = "127.0.0.1"
    port: int = 8765
    data: Path = Path("canasta-server")
    certfile: Path | None = None
    keyfile: Path | None = None
    grace: float = 60.0
    close_after: float = 600.0
    rate: float = 20.0
    burst: float = 40.0
    strikes: int = 10
    max_connections: int = 4096
    hello_within: float = 10.0
    max_frame: int = 65536
    synchronous: str = "FULL"
    retry: float = 5.0
    workers: int | None = None
    budgets: dict[str, float] = field(default_factory=dict)
    database: str | None = None
    process: str | None = None
    advertise: str | None = None
    lease: float = 5.0
    door: DoorConfig = field(default_factory=DoorConfig)


@dataclass(eq=False)
class Conn:
    """One client connection: its socket, its name once it said hello, its seat, whether
    it watches the lobby (it asked for the list: changes come unasked while it is not
    seated) and whether its list is behind (changes went out while it was seated: the
    whole list comes next instead), its rate bucket and strikes, and its outgoing
    queue."""

    ws: Any
    name: str | None = None
    table: str | None = None
    chair: int | None = None
    watching: bool = False
    lobby_behind: bool = False
    tokens: float = 0.0
    refilled: float = 0.0
    strikes: int = 0
    closed: bool = False
    close_code: int = 1000
    close_reason: str = ""
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    writer: asyncio.Task[None] | None = None

    def allow(self, now: float, rate: float, burst: float) -> bool:
        """Take one message from the rate bucket; False when the client is too fast."""
        self.tokens = min(burst, self.tokens + (now - self.refilled) * rate)
        self.refilled = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Hub:
    """Services the tables share; none of them holds a table or the server.

    Args:
        config: the settings.
        store: the database (used from one thread only).
        clock: steady seconds (injectable for tests).
        ai: where computer players think (default: a pool of ``config.workers`` worker
            processes with ``config.budgets``); an :class:`~concurrent.futures.Executor`
            is used as that pool (tests run decisions in a thread of their own).
        tap: called with ``(table id, chair, text)`` for every message queued to a seat
            (tests read every byte a seat is sent).
        stats: where to record the time of each database commit (None: nowhere).
    """

    def __init__(
        self,
        config: ServerConfig,
        store: TableStore,
        clock: Callable[[], float] = time.monotonic,
        ai: Thinkers | Executor | None = None,
        tap: Callable[[str, int, str], None] | None = None,
        stats: ServerStats | None = None,
    ) -> None:
        self.config = config
        self.stats = stats
        self.store = store
        self.clock = clock
        if isinstance(ai, Thinkers):
            self.ai = ai
        elif ai is not None:
            pool = ai
            self.ai = Thinkers(1, config.budgets, make_pool=lambda _: pool)
        else:
            self.ai = Thinkers(config.workers, config.budgets)
        self.writer: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.db_thread = threading.Thread(target=self._write_loop, name="canasta-db", daemon=True)
        self.db_thread.start()
        self.log_grew = threading.Event()
        self.stopping = False
        self.since_checkpoint = 0
        self.checkpoint_thread: threading.Thread | None = None
        if store.checkpoint_db is not None:
            self.checkpoint_thread = threading.Thread(
                target=self._checkpoint_loop, name="canasta-checkpoint", daemon=True
            )
            self.checkpoint_thread.start()
        self.tap = tap
        #: Called with ``(conn, close code, reason)`` when a connection is dropped (the
        #: server logs it).
        self.on_drop: Callable[[Conn, int, str], None] | None = None

    def _write_loop(self) -> None:
        """The database thread: run reads one by one; commit jobs in groups."""
        while True:
            item = self.writer.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < 500:
                try:
                    more = self.writer.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self.writer.put(None)
                    break
                batch.append(more)
            jobs = [(job, future) for job, future in batch if isinstance(job, Job)]
            began = time.perf_counter()
            results = self.store.commit([job for job, _ in jobs]) if jobs else []
            if jobs and self.stats is not None:
                self.stats.db.add((time.perf_counter() - began) * 1000, self.stats.now())
                self.stats.batch.add(len(jobs), self.stats.now())
            _settle([(f, None, error) for (_, f), error in zip(jobs, results, strict=True)])
            self.since_checkpoint += len(jobs)
            if self.since_checkpoint >= CHECKPOINT_JOBS:
                self.since_checkpoint = 0
                self.log_grew.set()
            for call, future in batch:
                if not isinstance(call, Job):
                    try:
                        _settle([(future, call(), None)])
                    except Exception as error:
                        _settle([(future, None, error)])

    def _checkpoint_loop(self) -> None:
        """The checkpoint thread: fold the log into the database file every
        :data:`CHECKPOINT_JOBS` saved jobs, beside the commits (never inside one)."""
        while True:
            self.log_grew.wait()
            self.log_grew.clear()
            if self.stopping:
                return
            try:
                self.store.checkpoint()
            except StorageError as error:  # the commits say it to the players; tried again
                log.warning("%s", error)

    async def db(self, function: Callable[..., T], *args: Any) -> T:
        """Run a database call (a read) on the database thread."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.writer.put((lambda: function(*args), future))
        return await future  # type: ignore[no-any-return]

    async def save(self, job: Job) -> None:
        """Write ``job`` on the database thread, together with whatever else is waiting.

        Raises:
            StorageError: when it could not be written.
        """
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.writer.put((job, future))
        await future

    def send(self, conn: Conn, message: BaseModel | str, table: str | None = None) -> None:
        """Queue ``message`` (a model, or its text already encoded, for one message sent
        to many) for ``conn``; drop a connection that is too far behind."""
        if conn.closed:
            return
        text = message if isinstance(message, str) else encode(message)
        table = table or conn.table
        if self.tap is not None and table is not None and conn.chair is not None:
            self.tap(table, conn.chair, text)
        try:
            conn.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.drop(conn, 1008, "too slow to read the table")

    def drop(self, conn: Conn, code: int = 1000, reason: str = "") -> None:
        """Close ``conn`` (its writer stops; the handler notices the close)."""
        if conn.closed:
            return
        conn.closed = True
        conn.close_code, conn.close_reason = code, reason
        if self.on_drop is not None:
            self.on_drop(conn, code, reason)
        try:
            conn.queue.put_nowait(None)  # the writer sends what is queued, then closes
        except asyncio.QueueFull:
            asyncio.get_running_loop().create_task(_close(conn.ws, code, reason))

    def shutdown(self) -> None:
        """Stop the worker threads (after the event loop is done with them)."""
        self.writer.put(None)
        self.db_thread.join()
        self.stopping = True
        self.log_grew.set()
        if self.checkpoint_thread is not None:
            self.checkpoint_thread.join()
        self.ai.shutdown()


#: A future of an event loop, and the value or the error to complete it with.
Outcome = tuple[asyncio.Future[Any], Any, BaseException | None]


def _settle(outcomes: list[Outcome]) -> None:
    """Complete event loops' futures from the database thread: each loop is woken once for
    all of its futures (a group commit's moves), not once per future."""
    by_loop: dict[asyncio.AbstractEventLoop, list[Outcome]] = {}
    for outcome in outcomes:
        by_loop.setdefault(outcome[0].get_loop(), []).append(outcome)
    for loop, some in by_loop.items():
        with contextlib.suppress(RuntimeError):  # the loop has closed
            loop.call_soon_threadsafe(_complete, some)


def _complete(outcomes: list[Outcome]) -> None:
    for future, value, error in outcomes:
        if future.done():
            continue
        if error is None:
            future.set_result(value)
        else:
            future.set_exception(error)


async def _close(ws: Any, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await ws.close(code, reason)


async def write_loop(conn: Conn) -> None:
    """Send ``conn``'s queued messages in order until it closes."""
    while True:
        text = await conn.queue.get()
        if text is None:
            await _close(conn.ws, conn.close_code, conn.close_reason)
            return
        try:
            await conn.ws.send(text)
        except Exception:  # the connection is gone; the handler cleans up
            conn.closed = True
            return
