"""Several server processes over one PostgreSQL database (``canasta serve --database``).

Each table is run by exactly one process at a time, the holder of its lease (see
:mod:`canasta.net.database_pg`): a process renews its leases every quarter of the lease's
length, and looks for tables nobody runs (a new database, a process that died, one that
drained) and takes them over, each at its last saved move. A process whose lease was
taken drops that table's connections; their clients come back with their seat tokens.

A player who reaches a process that does not run the table is served through it: the
process opens a WebSocket to the process that does (at the address that process
registered, ``--advertise``) and relays every message both ways (:class:`Relay`). A
front proxy that routes by the table's id in the address (``/table/ID``, which the client
uses once seated) sends most players straight to the right process; the relay covers
the rest (a join code typed in the lobby, a table that moved).

The lobby is shared: each process writes its public tables' lines and announces each
change with ``NOTIFY``; every process listens (on a thread and connection of its own)
and keeps the others' lines, and its watchers get what changed among them as they get
its own tables' changes (see :meth:`~canasta.net.server.Server.lobby_changed`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import zlib
from typing import TYPE_CHECKING, Any

from websockets.asyncio.client import ClientConnection, connect

from canasta.net.database import StorageError
from canasta.net.database_pg import CHANNEL, PgStore
from canasta.net.hub import Conn, Hub
from canasta.net.protocol import PROTOCOL_VERSION, Hello, TableInfo, encode

if TYPE_CHECKING:
    from canasta.net.server import Server

log = logging.getLogger("canasta.net")

#: Seconds the other processes' lobby changes are gathered before they go out to this
#: process's watchers, as one ``lobby_changes`` (every change of every public table
#: reaches every process: told one by one, a busy lobby would send every watcher many
#: messages a second).
LOBBY_EVERY = 0.5

#: Close code for connections of a table that moved to another process (the client
#: reconnects with its seat token; "service restart").
MOVED = 1012

#: Tables claimed and loaded together during a take-over: each batch is one statement
#: claiming them, one read of their rows and moves, and one call on the database thread,
#: so the moves of the tables already running are saved between two batches.
BATCH = 50


def share(table_id: str, takers: int) -> int:
    """Which of ``takers`` processes (by their place among the processes' sorted ids)
    takes ``table_id`` over first: the tables of a dead process are split evenly among
    the others, which take them at once, without claiming the same ones."""
    return zlib.crc32(table_id.encode()) % max(1, takers)


class Relay:
    """One client served through this process by the process that runs its table.

    Args:
        conn: the client's connection here.
        hub: where ``conn`` is dropped when the other side closes.
        url: the address of the process that runs the table.
    """

    def __init__(self, conn: Conn, hub: Hub, url: str) -> None:
        self.conn, self.hub, self.url = conn, hub, url
        self.ws: ClientConnection | None = None
        self.pump: asyncio.Task[None] | None = None

    async def open(self, hello: Hello, then: str | None, forwarded: str = "") -> bool:
        """Connect (saying the client's address ``forwarded`` in ``X-Forwarded-For``, which
        the other process counts the connection against when this one is among its
        ``--proxy`` addresses), say ``hello`` (its welcome is not passed on: the client had
        one here), send ``then`` (a join) and start passing the answers on; False when the
        other process cannot be reached."""
        headers = {"X-Forwarded-For": forwarded} if forwarded else None
        try:
            self.ws = await asyncio.wait_for(
                connect(self.url, compression=None, additional_headers=headers), 3.0
            )
            await self.ws.send(encode(hello))
            await asyncio.wait_for(self.ws.recv(), 3.0)  # the welcome
            if then is not None:
                await self.ws.send(then)
        except Exception:  # refused, timed out, or not a Canasta server
            if self.ws is not None:
                with contextlib.suppress(Exception):
                    await self.ws.close()
            return False
        self.pump = asyncio.get_running_loop().create_task(self._pump(self.ws))
        return True

    async def _pump(self, ws: ClientConnection) -> None:
        with contextlib.suppress(Exception):
            async for data in ws:
                if self.conn.closed:
                    break
                text = data if isinstance(data, str) else data.decode()
                try:
                    self.conn.queue.put_nowait(text)
                except asyncio.QueueFull:
                    self.hub.drop(self.conn, 1008, "too slow to read the table")
                    break
        self.hub.drop(self.conn, MOVED, "the table moved; reconnect")

    async def forward(self, data: str | bytes) -> None:
        """Pass one of the client's messages on."""
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.send(data)

    def close(self) -> None:
        """The client is gone: close the other side."""
        if self.pump is not None:
            self.pump.cancel()
        if self.ws is not None:
            asyncio.get_running_loop().create_task(self.ws.close())


class Cluster:
    """This process's part in a group of processes sharing one database.

    Args:
        server: the server whose tables this process runs.
        store: the database (through the server's database thread).
        url: the address other processes reach this one at.
    """

    def __init__(self, server: Server, store: PgStore, url: str) -> None:
        self.server, self.store, self.url = server, store, url
        self.hub = server.hub
        self.period = store.lease / 4
        self.draining = False
        self.ready = False
        self.others: dict[str, TableInfo] = {}  # the other processes' lobby lines
        self.published: dict[str, str] = {}  # this process's lines, as last written
        self.relays: dict[Conn, Relay] = {}
        self.task: asyncio.Task[None] | None = None
        self.listener: threading.Thread | None = None
        self.listening = True
        self.drain_asked = asyncio.Event()
        #: Take-overs under way, by table id (one claim and one load per table, however
        #: many of its players arrive meanwhile).
        self.taking: dict[str, asyncio.Task[None]] = {}
        #: Connections waiting for a table this process may take, by table id: woken
        #: as soon as it runs here.
        self.awaited: dict[str, asyncio.Event] = {}
        #: The tables nobody ran at the last look that were another process's share.
        self.passed: set[str] = set()
        self.listened = threading.Event()  # the listening thread listens
        self.lobby_due = False

    # Starting and stopping -------------------------------------------------------------

    async def start(self) -> None:
        """Register, read the lobby, start listening, take the tables nobody runs, then
        keep the leases.

        Raises:
            StorageError: when the database cannot be used.
        """
        await self.hub.db(self.store.register, self.url)
        loop = asyncio.get_running_loop()
        self.listener = threading.Thread(
            target=self._listen, args=(loop,), name="canasta-listen", daemon=True
        )
        self.listener.start()
        # Listening first, then the lines so far: no change falls between the two.
        await asyncio.wait_for(loop.run_in_executor(None, self.listened.wait), 30.0)
        await self.refresh()
        await self.sweep()
        self.ready = True
        self.task = loop.create_task(self._keep())

    async def stop(self) -> None:
        """Stop keeping leases and listening; forget this process in the database."""
        self.listening = False
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        for relay in list(self.relays.values()):
            relay.close()
        with contextlib.suppress(StorageError):
            await self.hub.db(self.store.unregister)
        if self.listener is not None:
            await asyncio.to_thread(self.listener.join, 5.0)

    async def _keep(self) -> None:
        """Every quarter lease: renew, notice tables taken over, take orphans."""
        while True:
            await asyncio.sleep(self.period)
            try:
                await self.renew()
                if not self.draining:
                    await self.sweep()
            except StorageError as error:  # the database is away: tried again next round
                log.warning("leases: %s", error)
            except Exception:
                log.exception("leases")

    async def renew(self) -> None:
        """Renew this process's leases; stop running any table taken over by another."""
        held = list(self.server.runners)
        kept, drain = await self.hub.db(self.store.renew, held)
        for table_id in held:
            if table_id not in kept and table_id in self.server.runners:
                log.warning("table %s was taken over by another process", table_id)
                self.server.hand_off(table_id)
        if drain and not self.draining:
            self.drain_asked.set()

    async def sweep(self) -> None:
        """Take over the open tables nobody runs, each at its last saved move: this
        process's share of them (see :func:`share`) at once, in batches of
        :data:`BATCH`; the others' share once it was left for a whole round (their
        process is slow, or gone too)."""
        runners = self.server.runners
        orphans = [t for t in await self.hub.db(self.store.orphans) if t not in runners]
        if not orphans:
            self.passed = set()
            return
        takers = await self.hub.db(self.store.takers)
        me = takers.index(self.store.owner) if self.store.owner in takers else 0
        mine = [t for t in orphans if share(t, len(takers)) == me or t in self.passed]
        self.passed = set(orphans) - set(mine)
        for i in range(0, len(mine), BATCH):
            await self.take_many(mine[i : i + BATCH])

    async def take(self, table_id: str) -> bool:
        """Claim ``table_id`` and run it here; False when another process has it."""
        await self.take_many([table_id])
        return table_id in self.server.runners

    async def take_many(self, table_ids: list[str]) -> None:
        """Claim those of ``table_ids`` nobody runs and run them here, each at its last
        saved move (one statement claims them, one read loads them); a table already
        being taken here is waited for, not claimed again. The take-over runs as a task of
        its own: a connection that goes meanwhile does not leave a table claimed and not
        run."""
        loop = asyncio.get_running_loop()
        runners, taking = self.server.runners, self.taking
        new = [t for t in dict.fromkeys(table_ids) if t not in runners and t not in taking]
        waits = {taking[t] for t in table_ids if t in taking}
        if new:
            task = loop.create_task(self._take(new))
            for t in new:
                taking[t] = task
            waits.add(task)
        for wait in waits:
            await asyncio.shield(wait)

    async def _take(self, table_ids: list[str]) -> None:
        try:
            claimed = await self.hub.db(self.store.claim_many, table_ids)
            tables = await self.hub.db(self.store.load_many, claimed) if claimed else {}
            failed = []
            for table_id, table in tables.items():
                if isinstance(table, StorageError):
                    log.error("table %s not taken over: %s", table_id, table)
                    failed.append(table_id)
                elif table_id not in self.server.runners:
                    self.server.adopt(table)
                    event = self.awaited.pop(table_id, None)
                    if event is not None:
                        event.set()
            if failed:
                await self.hub.db(self.store.release, failed)
        except StorageError as error:  # the database is away: tried again at the next look
            log.warning("tables not taken over: %s", error)
        finally:
            for table_id in table_ids:
                self.taking.pop(table_id, None)

    async def taken_here(self, table_id: str, within: float) -> None:
        """Wait until this process runs ``table_id``, ``within`` seconds at most."""
        if table_id in self.server.runners:
            return
        event = self.awaited.setdefault(table_id, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), within)
        except TimeoutError:
            pass
        finally:  # not taken here (yet): the next wait asks again
            if self.awaited.get(table_id) is event and not event.is_set():
                del self.awaited[table_id]

    # Routing -------------------------------------------------------------------------------

    async def route(self, table_id: str, within: float = 12.0) -> str | None:
        """Where ``table_id`` runs: ``"here"`` (this process runs it now, taken over if
        nobody did), another process's address, or None when none could be had within
        ``within`` seconds (a process died and its lease has not run out yet)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while True:
            if table_id in self.server.runners:
                return "here"
            runner = await self.hub.db(self.store.runner_of, table_id)
            if runner is None or runner[0] == self.store.owner:
                if not self.draining and await self.take(table_id):
                    return "here"
            elif runner is not None:
                return runner[1]
            if loop.time() >= deadline:
                return None
            await asyncio.sleep(min(0.5, self.period))

    async def relay(
        self, conn: Conn, url: str, token: str | None, then: str | None, forwarded: str = ""
    ) -> bool:
        """Serve ``conn`` through the process at ``url`` from now on: its hello (with the
        seat ``token``), then ``then`` (the join message), then everything both ways
        (``forwarded``: the client's address, see :meth:`Relay.open`)."""
        relay = Relay(conn, self.hub, url)
        hello = Hello(version=PROTOCOL_VERSION, name=conn.name or "?", token=token)
        if not await relay.open(hello, then, forwarded):
            return False
        if conn.closed:
            relay.close()
            return False
        self.relays[conn] = relay
        return True

    def gone(self, conn: Conn) -> None:
        """``conn`` closed: close its relay, if any."""
        relay = self.relays.pop(conn, None)
        if relay is not None:
            relay.close()

    async def free_code(self, code: str) -> bool:
        """Whether no open table of any process has the join ``code``."""
        return await self.hub.db(self.store.table_with_code, code) is None

    async def code_table(self, code: str) -> str | None:
        """The id of the open table with the join ``code``, on any process."""
        return await self.hub.db(self.store.table_with_code, code)

    # Draining -------------------------------------------------------------------------------

    async def drain(self, within: float = 60.0) -> int:
        """Hand every table to the other processes: stop each one between two moves, save
        it, give its lease back, tell its players to reconnect, then wait (``within``
        seconds at most) until the others took them; return how many were not taken (no
        other process running: they wait in the database for the next one)."""
        self.draining = True
        with contextlib.suppress(StorageError):  # the others stop counting on this one
            await self.hub.db(self.store.drain, self.store.owner)
        ids: list[str] = []
        for table_id in list(self.server.runners):
            runner = self.server.runners.get(table_id)
            if runner is None:
                continue
            async with runner.lock:  # no move half played
                runner.stop()
                await runner.save_quietly()
                self.server.hand_off(table_id)
            ids.append(table_id)
        if not ids:
            return 0
        await self.hub.db(self.store.release, ids)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        left = len(ids)
        while loop.time() < deadline:
            left = await self.hub.db(self.store.unclaimed, ids)
            if left == 0 or not await self.hub.db(self.store.others):
                break  # all taken, or nobody to take them: they wait in the database
            await asyncio.sleep(0.2)
        return left

    # The lobby -----------------------------------------------------------------------------

    def lines(self) -> list[TableInfo]:
        """The other processes' lobby lines."""
        mine = self.server.runners
        return [info for table_id, info in self.others.items() if table_id not in mine]

    def publish(self, listing: list[TableInfo]) -> None:
        """Write and announce the lines of this process's tables that changed since the
        last call (``listing``: this process's public tables as the lobby shows them)."""
        now = {info.id: info.model_dump_json() for info in listing}
        changes: dict[str, str | None] = {
            k: v for k, v in now.items() if self.published.get(k) != v
        }
        for table_id in self.published:
            if table_id not in now:
                changes[table_id] = None
        if not changes:
            return
        self.published = now
        asyncio.get_running_loop().create_task(self._publish(changes))

    async def _publish(self, changes: dict[str, str | None]) -> None:
        try:
            await self.hub.db(self.store.publish, changes)
        except StorageError as error:
            log.warning("lobby not published: %s", error)

    def forget(self, table_id: str) -> None:
        """``table_id`` moved to another process: its line is that process's to write."""
        self.published.pop(table_id, None)

    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """The listening thread: pass every lobby change of another process to the loop
        (reconnecting when the connection is lost)."""
        psycopg = self.store.psycopg
        while self.listening:
            try:
                with psycopg.connect(self.store.url, autocommit=True) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    if self.listened.is_set():  # listening again: changes may be missed
                        with contextlib.suppress(RuntimeError):
                            asyncio.run_coroutine_threadsafe(self.refresh(), loop)
                    self.listened.set()
                    while self.listening:
                        for note in db.notifies(timeout=1.0):
                            with contextlib.suppress(RuntimeError):  # the loop closed
                                loop.call_soon_threadsafe(self._noted, note.payload)
            except psycopg.Error as error:
                log.warning("lobby changes: %s", error)
                threading.Event().wait(1.0)

    def _noted(self, payload: str) -> None:
        note: dict[str, Any] = json.loads(payload)
        if note.get("from") == self.store.owner:
            return
        table_id = note["id"]
        if note.get("fetch"):
            asyncio.get_running_loop().create_task(self._fetch(table_id))
            return
        if note.get("info") is None:
            self.others.pop(table_id, None)
        else:
            self.others[table_id] = TableInfo.model_validate_json(note["info"])
        self._lobby_soon()

    def _lobby_soon(self) -> None:
        """Tell the lobby's watchers within :data:`LOBBY_EVERY` seconds (once for all the
        changes that came meanwhile)."""
        if not self.lobby_due:
            self.lobby_due = True
            asyncio.get_running_loop().call_later(LOBBY_EVERY, self._lobby_now)

    def _lobby_now(self) -> None:
        self.lobby_due = False
        self.server.lobby_changed()

    async def refresh(self) -> None:
        """Read every other process's lobby line again."""
        with contextlib.suppress(StorageError):
            lines = await self.hub.db(self.store.lobby_lines)
            mine = self.server.runners
            self.others = {
                table_id: TableInfo.model_validate_json(line)
                for table_id, line in lines.items()
                if table_id not in mine
            }
            self.server.lobby_changed()

    async def _fetch(self, table_id: str) -> None:
        with contextlib.suppress(StorageError):
            lines = await self.hub.db(self.store.lobby_lines, table_id)
            if table_id in lines:
                self.others[table_id] = TableInfo.model_validate_json(lines[table_id])
            else:
                self.others.pop(table_id, None)
            self.server.lobby_changed()
