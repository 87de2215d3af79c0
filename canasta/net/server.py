"""The Canasta server: ``canasta serve [--host H] [--port P] [--data DIR] [--certfile F
--keyfile F]``.

asyncio and the ``websockets`` library. Every message a client sends is checked at the
boundary (size, rate, schema; see :mod:`canasta.net.protocol`); a bad one is answered with
an ``error`` and a strike, and a connection that keeps at it is dropped. Nothing a client
sends can reach another table: a connection holds at most one seat, and its intents are
played for that seat only, by the table's :class:`~canasta.net.runner.TableRunner`.

At start, every table in the database is loaded again, its moves replayed through the
rules, and its people given the grace period to come back with their seat tokens. Over
PostgreSQL (``config.database``), several processes share the tables instead, each
running those it holds the lease of (see :mod:`canasta.net.cluster`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import secrets
import socket
import ssl
import time
from collections.abc import Callable
from concurrent.futures import Executor
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from canasta.net.cluster import MOVED, Cluster
from canasta.net.database import StorageError, Store, TableStore
from canasta.net.door import Door, client_address, open_files, raise_file_limit
from canasta.net.health import health_hook
from canasta.net.http import WebFiles
from canasta.net.hub import Conn, Hub, ServerConfig, write_loop
from canasta.net.lobby_feed import LobbyFeed, page
from canasta.net.protocol import (
    PROTOCOL_VERSION,
    CreateTable,
    ErrorMessage,
    Hello,
    Intent,
    JoinTable,
    Leave,
    ListTables,
    Next,
    ProtocolError,
    Ready,
    Start,
    TableInfo,
    Welcome,
    encode,
    parse_client,
)
from canasta.net.runner import TableRunner
from canasta.net.server_words import english
from canasta.net.tables import Table, TableError, TableOptions, new_code, token_hash
from canasta.net.timing import ServerStats

log = logging.getLogger("canasta.net")

#: The code a drop is logged with, by its close reason (others: ``dropped``).
DROP_CODES = {
    "no hello in time": "no_hello",
    "too many bad messages": "strikes",
    "protocol version": "version",
    "too slow to read the table": "too_slow",
    "too many wrong join codes": "codes",
    "idle": "idle",
    "room made for a newcomer": "room",
}


class Server:
    """The lobby and every table, behind one WebSocket endpoint.

    Args:
        config: the settings.
        clock, ai, tap, stats: see :class:`~canasta.net.hub.Hub`; ``stats`` also gets the
            time from each intent's arrival to its answer queued.

    Raises:
        StorageError: when the database cannot be opened or a saved table cannot be read.
    """

    def __init__(
        self,
        config: ServerConfig,
        clock: Callable[[], float] | None = None,
        ai: Executor | None = None,
        tap: Callable[[str, int, str], None] | None = None,
        stats: ServerStats | None = None,
    ) -> None:
        store = open_store(config)
        kwargs: dict[str, Any] = {"ai": ai, "tap": tap, "stats": stats}
        if clock is not None:
            kwargs["clock"] = clock
        self.hub = Hub(config, store, **kwargs)
        self.hub.on_drop = self._dropped
        self.door = Door(config.door, config.max_connections, self.hub.clock)
        self.config = config
        self.runners: dict[str, TableRunner] = {}
        self.codes: dict[str, str] = {}
        self.conns: set[Conn] = set()
        self.ws_server: WsServer | None = None
        self.port = config.port
        self._lobby_due = False
        #: What the lobby's watchers were told.
        self.watchers = LobbyFeed(self.hub)
        #: What a browser gets on this port (its client, art and words) over plain HTTP.
        self.web = WebFiles()
        self._sweeper: asyncio.TimerHandle | None = None
        self._loop_handler: Any = None
        self._health = health_hook(self.health)
        self.cluster: Cluster | None = None
        if config.database is not None:
            from canasta.net.database_pg import PgStore

            assert isinstance(store, PgStore)
            self.cluster = Cluster(self, store, config.advertise or "")

    # Starting and stopping -----------------------------------------------------------------

    async def start(self) -> int:
        """Load every saved table (over PostgreSQL: take those nobody runs), then listen;
        return the port.

        Raises:
            StorageError: when the database cannot be used.
        """
        store = self.hub.store
        for table_id in store.open_tables() if self.cluster is None else []:
            try:
                table = store.load(table_id)
            except StorageError as error:
                log.error("table %s not resumed: %s", table_id, error)
                continue
            # The move under way gets its whole move limit again: the time it started was
            # on the stopped process's clock, which means nothing to this one.
            table.moved_at = self.hub.clock()
            runner = self._add(table)
            runner.away()
        context = None
        if self.config.certfile is not None:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(self.config.certfile, self.config.keyfile)
        self.door.fit_files(raise_file_limit(), open_files())
        loop = asyncio.get_running_loop()
        self._loop_handler = loop.get_exception_handler()
        loop.set_exception_handler(self._loop_error)
        self._sweep_later()
        self.ws_server = await serve(
            self.handler,
            self.config.host,
            self.config.port,
            ssl=context,
            max_size=self.config.max_frame,
            max_queue=16,
            compression=None,
            ping_interval=20,
            ping_timeout=20,
            process_request=self._at_door,
        )
        self.port = self.ws_server.sockets[0].getsockname()[1] if self.ws_server.sockets else 0
        if self.cluster is not None:
            if not self.cluster.url:
                scheme = "wss" if context is not None else "ws"
                self.cluster.url = f"{scheme}://{self.config.host}:{self.port}"
            await self.cluster.start()
        return self.port

    def health(self) -> dict[str, Any]:
        """What ``GET /health`` says: ``ready`` (serving, and taking new players),
        ``draining``, the ``tables`` this process runs, its ``connections``, and its
        ``process`` id (None: a single process over SQLite)."""
        cluster = self.cluster
        draining = cluster is not None and cluster.draining
        serving = self.ws_server is not None and (cluster is None or cluster.ready)
        return {"ready": serving and not draining, "draining": draining,
                "tables": len(self.runners), "connections": len(self.conns),
                "process": self.hub.store.owner}  # fmt: skip

    async def drain(self, within: float = 60.0) -> int:
        """Hand this process's tables to the other processes sharing the database, and
        wait (``within`` seconds at most) for them to be taken; return how many were not
        (0 without PostgreSQL: there is nobody to hand them to)."""
        if self.cluster is None:
            return 0
        return await self.cluster.drain(within)

    def adopt(self, table: Table) -> TableRunner:
        """Run ``table``, just loaded from the database (taken over, or brought back by a
        player): its people are away until they come back, with the grace period."""
        # The move under way gets its whole move limit again: the time it started was
        # on the stopped process's clock, which means nothing to this one.
        table.moved_at = self.hub.clock()
        runner = self._add(reopened(table))
        runner.away()
        self.lobby_changed()
        return runner

    def hand_off(self, table_id: str) -> None:
        """Stop running ``table_id`` here (another process runs it now): its timers and
        thinking stop, and its people are told to reconnect (their clients come back with
        their seat tokens, to the process that runs it)."""
        runner = self.runners.pop(table_id, None)
        if runner is None:
            return
        self.codes.pop(runner.table.code, None)
        runner.stop()
        if self.cluster is not None:
            self.cluster.forget(table_id)
        for conn in [*runner.conns.values(), *runner.waiting.values()]:
            conn.table = conn.chair = None
            self.hub.drop(conn, MOVED, "the table moved to another server process; reconnect")
        self.lobby_changed()

    async def stop(self) -> None:
        """Stop listening, close every connection and the database (over PostgreSQL, the
        tables are handed to the other processes first: see :meth:`drain`)."""
        if self.cluster is not None:
            left = await self.drain()
            if left:
                log.warning("%d tables wait in the database for another process", left)
            await self.cluster.stop()
        if self._sweeper is not None:
            self._sweeper.cancel()
        asyncio.get_running_loop().set_exception_handler(self._loop_handler)
        if self.ws_server is not None:
            self.ws_server.close()
            await self.ws_server.wait_closed()
        for runner in self.runners.values():
            runner.stop()
        await self.hub.db(lambda: None)
        self.hub.shutdown()
        self.hub.store.close()

    def _add(self, table: Table) -> TableRunner:
        runner = TableRunner(table, self.hub)
        runner.on_close = self._closed
        runner.on_chairs = self.lobby_changed
        self.runners[table.id] = runner
        self.codes[table.code] = table.id
        return runner

    def _closed(self, table: Table) -> None:
        self.runners.pop(table.id, None)
        self.codes.pop(table.code, None)
        self.lobby_changed()

    def lobby_changed(self) -> None:
        """A table's chairs changed: what changed in the lobby goes to everyone watching
        it (asked for the list once, not seated now) once this turn of the event loop is
        over, in one message for all of the turn's changes."""
        if not self._lobby_due:
            self._lobby_due = True
            asyncio.get_running_loop().call_soon(self._tell_lobby)

    def _tell_lobby(self) -> None:
        """Send the lobby's changes since the last time to its watchers, if any."""
        self._lobby_due = False
        if self.cluster is not None:
            self.cluster.publish(self._listed())
        self.watchers.tell(*self.lobby_page(), self.conns)

    def _list_lobby(self, conn: Conn) -> None:
        """Answer ``lobby``: the whole list, and from now on its changes. Changes not yet
        told go out first, so the list and the changes that follow it agree."""
        self._tell_lobby()
        self.watchers.watch(conn)

    # Connections ---------------------------------------------------------------------------

    async def handler(self, ws: Any) -> None:
        """Serve one connection until it closes (or refuse it at the door: too many from
        its address, or the server full)."""
        conn = Conn(ws, refilled=self.hub.clock(), tokens=self.config.burst)
        address = self._address(ws, getattr(getattr(ws, "request", None), "headers", None))
        refusal = self.door.admit(conn, address)
        if refusal == "server_full":
            victim = self.door.make_room(list(self.conns), self._holds_chair)
            if victim is not None:  # the quietest without a chair makes room
                self.hub.drop(victim, 1013, "room made for a newcomer")
                self.door.closed(victim)
                refusal = self.door.admit(conn, address)
        if refusal is not None:
            await self._refuse(ws, refusal)
            return
        self.conns.add(conn)
        loop = asyncio.get_running_loop()
        conn.writer = loop.create_task(write_loop(conn))
        deadline = loop.call_later(self.config.hello_within, self.hello_late, conn)
        try:
            async for data in ws:
                if conn.closed:
                    break
                await self._message(conn, data)
        except ConnectionClosed:
            pass
        finally:
            deadline.cancel()
            self.conns.discard(conn)
            self.door.closed(conn)
            self._gone(conn)
            self.hub.drop(conn)
            with contextlib.suppress(Exception):  # what is queued goes out, then the close
                await asyncio.wait_for(conn.writer, 5.0)

    def _at_door(self, connection: Any, request: Any) -> Any:
        """Before the WebSocket handshake: an address that opens connections faster than
        the door allows is answered HTTP 429 at once (no handshake, no connection).
        ``GET /health`` is answered here too (see :mod:`canasta.net.health`), and so is a
        plain web request (the browser client's page, modules, art and words: some 70 for
        a first visit, by :class:`~canasta.net.http.WebFiles`); neither is counted as a
        connection opened."""
        health = self._health(connection, request)
        if health is not None:  # a load balancer's check: answered, never counted
            return health
        if getattr(request, "headers", None) is not None and not self.web.upgrade(request):
            return self.web.process_request(connection, request)
        address = self._address(connection, getattr(request, "headers", None))
        if self.door.may_open(address):
            return None
        return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, english("too_fast") + "\n")

    def _address(self, connection: Any, headers: Any) -> str:
        """The address ``connection`` counts against (a trusted proxy's client's)."""
        remote = getattr(connection, "remote_address", None)
        return client_address(remote, headers, self.config.door.proxies)

    async def _refuse(self, ws: Any, code: str) -> None:
        """Tell a connection the door refused why (an ``error`` a client shows in its
        player's words), then close it."""
        details: dict[str, str | int | float] = {}
        if code == "address_full":
            details["limit"] = self.config.door.per_address
        message = ErrorMessage(code=code, message=english(code, **details), details=details)
        with contextlib.suppress(Exception):
            await ws.send(message.model_dump_json())
            await ws.close(1013, english(code, **details)[:120])

    @staticmethod
    def _holds_chair(conn: Conn) -> bool:
        return conn.table is not None

    def _dropped(self, conn: Conn, code: int, reason: str) -> None:
        """Log a connection the server closed (a client's own close is not logged)."""
        if code != 1000:
            kind = DROP_CODES.get(reason, "dropped")
            self.door.log.line("dropped", self.door.address(conn), kind, conn.table)

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's errors: one that the process ran out of open files while
        accepting is logged once a span (no traceback: asyncio tries again in a second);
        any other goes on to the handler before."""
        if "accept" in str(context.get("message", "")) and isinstance(
            context.get("exception"), OSError
        ):
            error = context["exception"]
            self.door.log.line("refused", "?", "accept_failed", why=error.strerror or str(error))
            return
        if self._loop_handler is not None:
            self._loop_handler(loop, context)
        else:
            loop.default_exception_handler(context)

    def _sweep_later(self) -> None:
        every = max(1.0, min(30.0, self.config.door.idle_after / 4))
        self._sweeper = asyncio.get_running_loop().call_later(every, self._sweep_tick)

    def _sweep_tick(self) -> None:
        self.sweep()
        self._sweep_later()

    def sweep(self) -> list[Conn]:
        """Close the connections idle too long (said hello, hold no chair, watch no
        lobby, no message for ``door.idle_after`` seconds); return them."""
        said_hello = [c for c in self.conns if c.name is not None and not c.closed]
        idle = self.door.idle(said_hello, lambda c: c.table is not None or c.watching)
        seconds = round(self.config.door.idle_after)
        for conn in idle:
            self._error(conn, "idle", seconds=seconds)
            self.hub.drop(conn, 1008, "idle")
        return idle

    def hello_late(self, conn: Conn) -> None:
        """``hello_within`` seconds after ``conn`` opened: close it unless its hello was
        accepted (a half-open connection, or one that only sent what could not be read,
        holds no place the server has only so many of)."""
        if conn.name is None:
            self.hub.drop(conn, 1008, "no hello in time")

    async def _message(self, conn: Conn, data: str | bytes) -> None:
        hub = self.hub
        began = time.perf_counter()
        self.door.heard(conn)
        if not conn.allow(hub.clock(), self.config.rate, self.config.burst):
            self._strike(conn, "rate_limited")
            return
        relay = self.cluster.relays.get(conn) if self.cluster is not None else None
        if relay is not None:  # served by the process that runs the table
            await relay.forward(data)
            return
        try:
            message = parse_client(data)
        except ProtocolError as error:
            self._strike(conn, error.code, **error.details)
            return
        except Exception:  # a validator that fails in an unforeseen way: still refused
            self._strike(conn, "bad_message", where="message")
            return
        try:
            await self._dispatch(conn, message)
        except Exception:  # never let one message take the server down
            log.exception("message %s failed", type(message).__name__)
            self._error(conn, "internal")
        stats = hub.stats
        if stats is not None and isinstance(message, Intent):
            stats.intent.add((time.perf_counter() - began) * 1000, stats.now())

    def _strike(self, conn: Conn, code: str, **details: Any) -> None:
        conn.strikes += 1
        self._error(conn, code, **details)
        if conn.strikes >= self.config.strikes:
            self.hub.drop(conn, 1008, "too many bad messages")

    def _error(self, conn: Conn, code: str, **details: Any) -> None:
        """Send the error ``code``: its details, and its English sentence for any client
        (the game's window shows its own words from the code; see canasta.net.server_words)."""
        self.hub.send(conn, ErrorMessage(code=code, message=english(code, **details),
                                         details=details))  # fmt: skip

    def _refused(self, conn: Conn, error: TableError) -> None:
        self.hub.send(conn, ErrorMessage(code=error.code, message=error.message,
                                         details=error.details))  # fmt: skip

    async def _dispatch(self, conn: Conn, message: Any) -> None:
        if isinstance(message, Hello):
            await self._hello(conn, message)
            return
        if conn.name is None:
            self._strike(conn, "hello_first")
            return
        if isinstance(message, ListTables):
            self._list_lobby(conn)
        elif isinstance(message, CreateTable):
            await self._create(conn, message)
        elif isinstance(message, JoinTable):
            await self._join(conn, message)
        else:
            runner = self.runners.get(conn.table or "")
            if runner is None or conn.chair is None:
                self._strike(conn, "not_seated")
                return
            if runner.is_waiting(conn):  # no chair yet: it may only stop waiting
                if isinstance(message, Leave):
                    runner.stop_waiting(conn)
                else:
                    self._error(conn, "next_deal", chair=conn.chair + 1)
                return
            await self._seat_message(conn, runner, conn.chair, message)

    async def _seat_message(self, conn: Conn, runner: TableRunner, chair: int, msg: Any) -> None:
        table = runner.table
        if isinstance(msg, Intent):
            await runner.intent(chair, msg)
        elif isinstance(msg, Ready):
            table.set_ready(chair, msg.ready)
            await runner.save_quietly()
            runner.tell_chairs()
        elif isinstance(msg, Start):
            async with runner.lock:
                try:
                    table.start(chair, secrets.randbits(62), secrets.token_hex(8), self.hub.clock())
                except TableError as error:
                    self._refused(conn, error)
                    return
                await runner.save_quietly()
                for seat in list(runner.conns):
                    runner.view(seat)
                runner.tell_chairs()
            runner.kick()
        elif isinstance(msg, Next):
            await runner.next_hand(chair)
        elif isinstance(msg, Leave):
            runner.conns.pop(chair, None)
            name = table.chairs[chair].name or "?"
            table.leave(chair)
            conn.table = conn.chair = None
            await runner.save_quietly()
            if table.status != "lobby":
                runner.tell("left", name=name)
            runner.tell_chairs()
            runner.kick()
            if table.status == "lobby" and not table.humans():
                runner.close_if_empty()  # nobody sits at a table not started: it goes
            elif not runner.audience():  # nobody left at the table: it closes after a while
                runner.later("close", self.config.close_after, runner.close_if_empty)

    async def _hello(self, conn: Conn, hello: Hello) -> None:
        if hello.version != PROTOCOL_VERSION:
            self._error(conn, "version", server=PROTOCOL_VERSION, yours=hello.version)
            self.hub.drop(conn, 1008, "protocol version")
            return
        if conn.name is not None:
            self._strike(conn, "hello_twice")
            return
        conn.name = hello.name
        self.hub.send(conn, Welcome(name=hello.name))
        if hello.token is not None:
            await self._come_back(conn, hello.token)

    async def _come_back(self, conn: Conn, token: str) -> None:
        found = None
        for runner in self.runners.values():
            chair = runner.table.chair_of(token)
            if chair is not None:
                found = (runner, chair)
        if found is None:
            place = await self.hub.db(self.hub.store.table_of, token_hash(token))
            if place is not None and self.cluster is not None:
                if not await self._routed(conn, place[0], token, None):
                    return
                runner = self.runners[place[0]]
                chair = runner.table.chair_of(token)
                found = (runner, chair) if chair is not None else None
            elif place is not None and place[0] not in self.runners:
                with contextlib.suppress(StorageError):
                    table = reopened(await self.hub.db(self.hub.store.load, place[0]))
                    chair = table.chair_of(token)
                    if chair is not None:
                        found = (self._add(table), chair)
                        found[0].away()  # the others get their grace period again
        if found is None:
            self._strike(conn, "bad_token")
            return
        runner, chair = found
        async with runner.lock:  # a move being saved is played first: the view has it
            self._seat(conn, runner, chair, token)
            runner.view(chair)
        runner.kick()

    def _seat(self, conn: Conn, runner: TableRunner, chair: int, token: str) -> None:
        runner.seat(conn, chair, token)

    async def _create(self, conn: Conn, msg: CreateTable) -> None:
        if conn.table is not None:
            self._error(conn, "already_seated")
            return
        options = TableOptions(
            players=msg.players,
            preset=msg.preset,
            public=msg.public,
            level=msg.level,
            clock=msg.clock,
            quick=msg.quick,
        )
        code = self._free_code()
        while self.cluster is not None and not await self.cluster.free_code(code):
            code = self._free_code()
        try:
            table = Table(secrets.token_hex(8), options, code, msg.chair)
            token = table.sit(msg.chair, conn.name or "?")
            await self.hub.save(self.hub.store.table_job(table))
        except TableError as error:
            self._refused(conn, error)
            return
        except StorageError as error:
            self._error(conn, "storage", why=error.reason)
            return
        self._seat(conn, self._add(table), msg.chair, token)

    def _free_code(self) -> str:
        code = new_code()
        while code in self.codes:
            code = new_code()
        return code

    async def _join(self, conn: Conn, msg: JoinTable) -> None:
        code = "".join((msg.code or "").split()).replace("-", "").upper()
        table_id = msg.table or self.codes.get(code, "")
        if self.cluster is not None and conn.table is None and table_id not in self.runners:
            if not table_id and code:
                table_id = await self.cluster.code_table(code) or ""
            if table_id and not await self._routed(conn, table_id, None, encode(msg)):
                return
        runner = self.runners.get(table_id)
        if conn.table is not None:
            if runner is not None and conn.table == table_id and conn.chair is not None:
                await self._move_chair(conn, runner, conn.chair, msg.chair)
            else:
                self._error(conn, "already_seated")
            return
        wait = self.door.code_wait(conn)
        if wait > 0:  # too many wrong codes from this address: not even looked at
            self._error(conn, "code_wait", seconds=math.ceil(wait))
            self._wrong_code(conn)
            return
        if runner is None:
            self._error(conn, "no_table")
            self._wrong_code(conn)
            return
        table = runner.table
        if table.status != "lobby" and table.rejoins(msg.chair, msg.token):
            assert msg.token is not None
            async with runner.lock:  # its own chair: as a hello's token
                self._seat(conn, runner, msg.chair, msg.token)
                runner.view(msg.chair)
            runner.kick()
            return
        async with runner.lock:
            token: str | None
            try:
                if table.status == "lobby":
                    token = table.sit(msg.chair, conn.name or "?")
                else:  # a chair a computer plays, taken over mid-game
                    token = table.take_over(msg.chair, conn.name or "?")
            except TableError as error:
                self._refused(conn, error)
                return
            if token is None:  # a hand is in play: the chair is theirs from the next deal
                runner.wait_for_deal(conn, msg.chair)
                runner.kick()
                return
            try:
                await self.hub.save(self.hub.store.table_job(table))
            except StorageError as error:
                if table.status == "lobby":
                    table.leave(msg.chair)
                else:  # the computer plays on; the token just made is forgotten
                    table.chairs[msg.chair].taken_over = True
                    table.chairs[msg.chair].connected = False
                self._error(conn, "storage", why=error.reason)
                return
        self._seat(conn, runner, msg.chair, token)
        if table.saved is not None:  # joined mid-game: the whole view, then play on
            runner.view(msg.chair)
            runner.kick()

    def _wrong_code(self, conn: Conn) -> None:
        """A join named no table (or was not looked at): counted against the address and
        the connection, which is closed after ``door.code_drop`` of them."""
        if self.door.code_failed(conn):
            self._error(conn, "codes")
            self.hub.drop(conn, 1008, "too many wrong join codes")

    async def _move_chair(self, conn: Conn, runner: TableRunner, chair: int, to: int) -> None:
        """Before the start, the person moves to another free chair of the same table."""
        async with runner.lock:
            try:
                token = runner.table.move_chair(chair, to)
            except TableError as error:
                self._refused(conn, error)
                return
            runner.conns.pop(chair, None)
            await runner.save_quietly()
        self._seat(conn, runner, to, token)

    async def _routed(self, conn: Conn, table_id: str, token: str | None, then: str | None) -> bool:
        """Over PostgreSQL: make sure ``table_id`` runs here (taken over if nobody runs
        it; True), or serve ``conn`` through the process that runs it from now on (with
        the seat ``token`` or the join message ``then``; False: nothing more to do
        here). A table no process can have now: the connection is closed, to be tried
        again (a process that died holds the lease a few seconds more)."""
        assert self.cluster is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 3 * self.config.lease
        while not conn.closed:
            where = await self.cluster.route(table_id, max(0.0, deadline - loop.time()))
            if where == "here":
                return True
            forwarded = self._address(conn.ws, getattr(getattr(conn.ws, "request", None),
                                                       "headers", None))  # fmt: skip
            if where is not None and await self.cluster.relay(conn, where, token, then, forwarded):
                conn.table = table_id  # at a table (through the relay): never idle
                return False
            if where is None or loop.time() >= deadline:
                break
            # Its process died: its lease runs out (or this process takes it sooner).
            await self.cluster.taken_here(table_id, self.config.lease / 4)
        self.hub.drop(conn, 1013, "the table is moving to another server process; try again")
        return False

    def _gone(self, conn: Conn) -> None:
        if self.cluster is not None:
            self.cluster.gone(conn)
        runner = self.runners.get(conn.table or "")
        if runner is not None and conn.chair is not None:
            runner.disconnected(conn.chair, conn)

    def lobby(self) -> list[TableInfo]:
        """The tables the lobby lists (see :meth:`lobby_page`)."""
        return self.lobby_page()[0]

    def lobby_page(self) -> tuple[list[TableInfo], int]:
        """The public tables the lobby lists, newest last, and how many more it leaves
        out (see :func:`canasta.net.lobby_feed.page`). A table not started with nobody at it
        is not listed (it is closing), nor a closed one."""
        listed = self._listed()
        if self.cluster is not None:
            listed = self.cluster.lines() + listed
        return page(listed)

    def _listed(self) -> list[TableInfo]:
        """This process's public tables as the lobby shows them (see :meth:`lobby`)."""
        tables = [r.table for r in self.runners.values() if r.table.options.public]
        listed = [t for t in tables if t.status != "closed"]
        return [t.info() for t in listed if t.status != "lobby" or t.humans()]


def reopened(table: Table) -> Table:
    """``table`` open again if it was closed (a person came back to it with a seat
    token): back to its lobby if its game never started, else its game resumed."""
    if table.status == "closed" and table.saved is None:
        table.status = "lobby"
    elif table.status == "closed":
        table.resume()
    return table


def open_store(config: ServerConfig) -> TableStore:
    """The database ``config`` names: PostgreSQL at ``config.database`` (this process
    being ``config.process``), or SQLite in ``config.data``.

    Raises:
        StorageError: when it cannot be opened.
    """
    if config.database is None:
        return Store(config.data, config.synchronous, apart=True)
    from canasta.net.database_pg import PgStore

    process = config.process or f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(2)}"
    return PgStore(config.database, config.data, process, config.lease)
