"""A headless client of the Canasta server: connect, say hello, use the lobby, take a seat,
send intents, and follow the seat's view and the table's events.

Every message received is validated (:func:`~canasta.net.protocol.parse_server`), kept
raw in :attr:`Client.received` (tests read every byte a seat was sent; a long-lived client
keeps only the last few), applied to the client's state (:attr:`Client.view`,
:attr:`Client.table`, ...), then handed to :attr:`Client.listener`. When the connection
drops and ``reconnect`` is on, the client reconnects by itself with back-off (0.1 s
doubling to 5 s) and takes its seat back with its token; :attr:`Client.status` reads
``"reconnecting"`` meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from canasta.engine.rules import preset_rules
from canasta.i18n import _
from canasta.net.proof import DealCheck, DealWitness
from canasta.net.protocol import (
    PROTOCOL_VERSION,
    ClockOption,
    CreateTable,
    ErrorMessage,
    Event,
    HandOver,
    Hello,
    Intent,
    JoinTable,
    Leave,
    ListTables,
    LobbyChanges,
    LobbyList,
    Next,
    Ready,
    RefusalMessage,
    Result,
    Seated,
    Start,
    StructuredMove,
    TableInfo,
    TableUpdate,
    View,
    ViewModel,
    Welcome,
    encode,
    parse_server,
)
from canasta.net.server_words import say

#: Messages a client that does not keep everything keeps in :attr:`Client.received`.
RECENT = 16

#: Back-off between reconnection attempts: first, factor, most (seconds).
BACKOFF = (0.1, 2.0, 5.0)


def table_url(url: str, table_id: str) -> str:
    """The server address ``url`` for the table ``table_id``: ``ws://host:port/table/ID``
    (any path of ``url`` is kept before it)."""
    return f"{url.rstrip('/')}/table/{table_id}"


class ClientError(Exception):
    """The server could not be used; the message says why in plain words."""


def plain_reason(error: BaseException) -> str:
    """A connection problem in a player's words."""
    if isinstance(error, ConnectionRefusedError | OSError) and not isinstance(error, ssl.SSLError):
        return _("cannot reach the server (is it running, and is the address right?)")
    if isinstance(error, ssl.SSLError):
        return _("the server's certificate was not accepted")
    if isinstance(error, InvalidURI):
        return _("the server address is not a ws:// or wss:// address")
    if isinstance(error, InvalidStatus) and error.response.status_code == 429:
        return say("too_fast", {}, _("the server is busy: try again in a moment"))
    if isinstance(error, InvalidHandshake):
        return _("that address does not answer as a Canasta server")
    if isinstance(error, TimeoutError | asyncio.TimeoutError):
        return _("the server did not answer in time")
    return str(error) or type(error).__name__


class Client:
    """One connection to the server, for one person (or one simulated seat).

    Args:
        url: ``ws://host:port`` or ``wss://host:port``.
        name: the player's name.
        token: a seat token to take a seat back at once.
        reconnect: reconnect by itself after a dropped connection.
        ssl_context: for ``wss://`` with a certificate the system does not know.
        keep: keep every message received in :attr:`received` (tests read them all); when
            False only the last :data:`RECENT` are kept, so a client that plays for hours
            (the game, the load test) does not grow.
    """

    def __init__(
        self,
        url: str,
        name: str,
        token: str | None = None,
        reconnect: bool = True,
        ssl_context: ssl.SSLContext | None = None,
        keep: bool = True,
    ) -> None:
        self.url, self.name, self.token = url, name, token
        self.keep = keep
        self.auto_reconnect = reconnect
        self.ssl_context = ssl_context
        self.ws: ClientConnection | None = None
        self.status = "closed"
        self.received: list[str] = []
        self.arrived = 0  # messages received in all (``received`` may keep only the last)
        self.view: ViewModel | None = None
        self.table: TableInfo | None = None
        self.chair: int | None = None
        self.code: str | None = None
        self.hand_over: HandOver | None = None
        self.lobby: list[TableInfo] = []
        #: The public tables the lobby leaves out (it lists at most LOBBY_LIMIT).
        self.lobby_more = 0
        self.errors: list[ErrorMessage] = []
        self.answers: dict[int, Result | RefusalMessage] = {}
        self.ref = 0
        self.updates = 0
        self.lobbies = 0
        self.reconnects = 0
        self.seatings = 0
        #: Waiting to take :attr:`chair` over at the next deal (no token, no view yet).
        self.next_deal = False
        #: The seat tokens this client was given, by (table id, chair): joining such a
        #: chair again sends its token, so its person comes back to it (mid-hand too).
        self.held: dict[tuple[str, int], str] = {}
        #: What this seat saw of the hand's deal, checked when its seed is revealed.
        self.witness: DealWitness | None = None
        #: Every hand's deal check, oldest first (see :mod:`canasta.net.proof`): a reveal
        #: that does not match what this seat was dealt is refused as not verified.
        self.deal_checks: list[DealCheck] = []
        self.listener: Callable[[Any], None] | None = None
        self._reader: asyncio.Task[None] | None = None
        #: The reconnecting task while one runs (cancelled and awaited by :meth:`close`).
        self._reconnecting: asyncio.Task[None] | None = None
        self._closing = False
        self._changed = asyncio.Event()

    # The connection ------------------------------------------------------------------------

    async def connect(self, timeout: float = 10.0) -> Welcome:
        """Connect and say hello (with the token, if any); return the welcome.

        Raises:
            ClientError: when the server cannot be reached or refuses the hello (a newer
                or older protocol version, a token it does not know).
        """
        try:
            kwargs: dict[str, Any] = {"max_size": 2**22, "compression": None}
            if self.url.startswith("wss:"):
                kwargs["ssl"] = self.ssl_context or ssl.create_default_context()
            self.ws = await asyncio.wait_for(connect(self.address(), **kwargs), timeout)
            # A server that refuses the connection at its door says why, then closes: the
            # hello may find it closed, its message is read all the same.
            with contextlib.suppress(ConnectionClosed):
                await self.ws.send(encode(Hello(version=PROTOCOL_VERSION, name=self.name,
                                                token=self.token)))  # fmt: skip
            first = parse_server(await asyncio.wait_for(self.ws.recv(), timeout))
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed) as error:
            raise ClientError(plain_reason(error)) from None
        if isinstance(first, ErrorMessage):  # in the player's own language
            raise ClientError(say(first.code, first.details, first.message))
        self.status = "connected"
        self._reader = asyncio.get_running_loop().create_task(self._read(self.ws))
        assert isinstance(first, Welcome)
        return first

    def address(self) -> str:
        """Where to connect: :attr:`url`, with ``/table/ID`` after it once this client
        holds a seat at a table (a front proxy in front of several server processes
        routes by it to the one that runs the table)."""
        if self.table is None or self.token is None:
            return self.url
        return table_url(self.url, self.table.id)

    async def close(self) -> None:
        """Close the connection for good (no reconnecting): a reconnection under way is
        cancelled, and every task of the client has finished when this returns (so none is
        left pending when the event loop goes)."""
        self._closing = True
        self.status = "closed"
        reconnecting = self._reconnecting
        if reconnecting is not None and reconnecting is not asyncio.current_task():
            reconnecting.cancel()
            with contextlib.suppress(BaseException):
                await reconnecting
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(BaseException):
                await self._reader

    async def drop(self) -> None:
        """Close the socket as a lost network would (a reconnect follows if it is on)."""
        if self.ws is not None:
            self.ws.transport.abort()

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for data in ws:
                text = data if isinstance(data, str) else data.decode()
                self.received.append(text)
                self.arrived += 1
                if not self.keep and len(self.received) > 2 * RECENT:
                    del self.received[:-RECENT]
                self._apply(parse_server(text))
        except ConnectionClosed:
            pass
        if not self._closing and self.auto_reconnect and self.token is not None:
            self.status = "reconnecting"
            self._changed.set()
            self._reconnecting = asyncio.get_running_loop().create_task(self._reconnect())
        elif not self._closing:
            self.status = "closed"
            self._changed.set()

    async def _reconnect(self) -> None:
        delay, factor, most = BACKOFF
        while not self._closing:
            try:
                await self.connect()
                self.reconnects += 1
                return
            except ClientError:
                await asyncio.sleep(delay)
                delay = min(most, delay * factor)

    def _apply(self, message: Any) -> None:
        if isinstance(message, Seated):
            self.table, self.chair, self.token = message.table, message.chair, message.token
            self.next_deal = message.next_deal
            if message.token is not None:
                self.held[(message.table.id, message.chair)] = message.token
            self.seatings += 1
            self.code = message.table.code
        elif isinstance(message, TableUpdate):
            self.table = message.table
        elif isinstance(message, View):
            self.view = message.view
            if message.view.phase != "ended":
                self.hand_over = None
            self._witness_view(message)
        elif isinstance(message, Event) and message.view is not None:
            self.view = message.view
            self.updates += 1
            if self.witness is not None and self.chair is not None:
                self.witness.saw_event(message, self.chair)
        elif isinstance(message, HandOver):
            self.hand_over = message
            check = self.witness.check(message.deal) if self.witness is not None else None
            if check is not None and (not self.deal_checks or self.deal_checks[-1] != check):
                self.deal_checks.append(check)
        elif isinstance(message, LobbyList):
            self.lobby, self.lobby_more = message.tables, message.more
            self.lobbies += 1
        elif isinstance(message, LobbyChanges):
            self.lobby, self.lobby_more = message.applied(self.lobby), message.more
        elif isinstance(message, Result | RefusalMessage):
            self.answers[message.ref] = message
        elif isinstance(message, ErrorMessage):
            self.errors.append(message)
            if message.code == "seat_back":  # no longer waiting for that chair
                self.table = self.chair = self.code = None
                self.next_deal = False
        if self.listener is not None:
            self.listener(message)
        self._changed.set()

    def _witness_view(self, message: View) -> None:
        """Keep what this seat sees of a deal (a new table starts a new witness)."""
        table = self.table
        if message.deal is None or table is None:
            return
        witness = self.witness
        if witness is None or witness.table_id != table.id:
            try:
                rules = preset_rules(table.preset, table.players, table.quick)
            except KeyError:  # a preset this version does not know: nothing to check by
                return
            witness = self.witness = DealWitness(rules, table.id)
        witness.saw_view(message)

    async def send(self, message: Any) -> None:
        """Send one message (a protocol model).

        Raises:
            ClientError: when not connected.
        """
        if self.ws is None or self.status != "connected":
            raise ClientError(_("not connected to the server"))
        try:
            await self.ws.send(encode(message))
        except ConnectionClosed as error:
            raise ClientError(_("the connection was lost")) from error

    async def wait(self, test: Any, timeout: float = 10.0) -> None:
        """Wait until ``test()`` is true (checked after every message received).

        Raises:
            TimeoutError: after ``timeout`` seconds.
        """
        async with asyncio.timeout(timeout):
            while True:
                self._changed.clear()
                if test():
                    return
                await self._changed.wait()

    # Lobby and table -----------------------------------------------------------------------

    async def list_tables(self) -> list[TableInfo]:
        """The lobby's open public tables."""
        count = self.lobbies
        await self.send(ListTables())
        await self.wait(lambda: self.lobbies > count)
        return self.lobby

    async def create(
        self,
        players: int = 2,
        public: bool = True,
        level: str = "medium",
        clock: ClockOption | None = None,
        chair: int = 0,
        preset: str = "Classic",
        quick: bool = False,
    ) -> TableInfo:
        """Create a table and sit at ``chair``; return it (its ``code`` joins it)."""
        options = {"players": players, "public": public, "level": level, "clock": clock,
                   "chair": chair, "preset": preset, "quick": quick}  # fmt: skip
        await self._seated(CreateTable.model_validate(options))
        assert self.table is not None
        return self.table

    async def join(
        self,
        chair: int,
        table: str | None = None,
        code: str | None = None,
        token: str | None = None,
    ) -> None:
        """Sit at ``chair`` of a table named by id or join code (already seated there
        before the start: move to that chair). ``token``: the chair's seat token (by
        default the one this client was given for that table's chair, if any), so its
        person comes back to it at once even while a hand is in play; a newcomer to a
        chair mid-hand waits for the next deal (:attr:`next_deal`).

        Raises:
            ClientError: the server's refusal in the player's words (a taken chair ...).
        """
        if token is None and table is not None:
            token = self.held.get((table, chair))
        await self._seated(JoinTable(table=table, code=code, chair=chair, token=token))

    async def _seated(self, send: Any) -> None:
        """Send ``send`` (a create or a join), then wait for the seat or the refusal."""
        errors, seats = len(self.errors), self.seatings
        await self.send(send)
        await self.wait(lambda: self.seatings > seats or len(self.errors) > errors)
        if self.seatings == seats:
            last = self.errors[-1]
            raise ClientError(say(last.code, last.details, last.message))

    async def ready(self, ready: bool = True) -> None:
        """Say this seat is ready."""
        await self.send(Ready(ready=ready))

    async def start(self) -> None:
        """Start the game (the host), once everyone is ready."""
        await self.send(Start())

    async def send_leave(self) -> None:
        """Give up the chair (a computer player takes it in a started game); the client is
        back in the lobby, with no seat to reconnect to."""
        await self.send(Leave())
        self.table = self.chair = self.code = self.token = None
        self.next_deal = False
        self.view = self.hand_over = None

    async def next_hand(self) -> None:
        """Ask for the next hand (or the rematch)."""
        await self.send(Next())

    async def intent(
        self, move: str | StructuredMove | None = None, plan: list[str] | None = None
    ) -> int:
        """Send a move (text or structured) or a plan; return its ``ref``."""
        self.ref += 1
        await self.send(Intent(ref=self.ref, move=move, plan=plan))
        return self.ref

    async def play(self, move: str, timeout: float = 10.0) -> Result | RefusalMessage:
        """Send a move and wait for its answer (and, when played, the view after it)."""
        before = self.updates
        ref = await self.intent(move)
        await self.wait(lambda: ref in self.answers, timeout)
        answer = self.answers.pop(ref)
        if isinstance(answer, Result):
            await self.wait(lambda: self.updates > before, timeout)
        return answer
