"""The game window's link to a server: the lobby's state, the requests the lobby screen
makes, and the table's controller once the game starts.

:class:`OnlineLink` wraps a :class:`~canasta.net.background.BackgroundClient` (the network
in its own thread). The window calls :meth:`OnlineLink.pump` every frame: it takes the
messages that arrived, keeps the lobby's list, the table's chair map and the last problem,
and passes the game's messages to the :class:`~canasta.net.remote.RemoteTableControl` it
makes when the first view arrives. Every request returns at once. The lobby screen reads
this class through its own small interface (:class:`canasta.scenes.lobby.LobbyLink`), so
no screen module imports the network.
"""

from __future__ import annotations

import contextlib
import math
import re
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from canasta.engine.rules import RuleSet, preset_rules
from canasta.i18n import N_, _
from canasta.net.background import BackgroundClient
from canasta.net.client import Client, ClientError
from canasta.net.protocol import (
    ClockOption,
    ErrorMessage,
    Event,
    LobbyChanges,
    LobbyList,
    Notice,
    Seated,
    TableInfo,
    TableUpdate,
    View,
)
from canasta.net.remote import RemoteTableControl
from canasta.net.server_words import english, say

#: Seconds between tries to reach the server again from the lobby.
RETRY_SECONDS = 3.0
#: Seconds a notice from the server stays on the table's line.
NOTICE_SECONDS = 8.0
#: A computer player at four, by its place from the person's chair (clockwise).
COMPUTER_PLACES = ("", N_("Computer (West)"), N_("Computer (partner)"), N_("Computer (East)"))


def unbroken_units(template: str) -> str:
    """``template`` (a translated line) with a no-break space between each number's
    placeholder and its unit "s" (``"{n} s"`` -> ``"{n}\u00a0s"``): the message strip
    wraps at ordinary spaces only, so a countdown never shows its number at a line's end
    and "s" alone on the next."""
    return re.sub(r"\} (s)\b", "}\u00a0\\1", template)


def table_rules(table: TableInfo) -> RuleSet:
    """The rule set a table plays (its preset, seats and quick-game choice).

    Raises:
        KeyError: for a preset this version of the game does not know.
    """
    return preset_rules(table.preset, table.players, table.quick)


class OnlineLink:
    """One person's connection to a server, from the lobby to the table.

    Args:
        url: the server's ``ws://`` or ``wss://`` address.
        name: the person's name (checked by the server as by :func:`canasta.names.check_name`).
        make_client: builds the background client (tests may give their own).
        now: the clock notices and the turn clock count by (seconds).
        token: a seat token kept from an earlier run: the connection takes that seat back
            (its table, chair and whole view arrive as the welcome's followers).

    Attributes:
        tables: the lobby's open public tables (as last listed, with the changes since).
        more: the public tables the lobby leaves out (it lists a few hundred at most).
        table: the table this person sits at, with its chair map (None: in the lobby).
        chair: this person's chair there (None: in the lobby).
        game: the table's controller once the game has started (None before).
        problem: the last thing that went wrong, in plain words (None: nothing).
        welcomed: the server said hello back.
        failed: the connection could not be made at all (``problem`` says why).
        seat_gone: the server no longer knows the token this link came with (the game is
            over or the table closed).
        on_welcome: called once (from :meth:`pump`) when the server said hello back: the
            app remembers the address and name only then.
        token: this person's seat token at ``table`` (None: not seated); the app keeps it on
            disk while the game is on.
        next_deal: this person waits to take ``chair`` over at the next deal (they asked
            for it while a hand was in play): the chair map shows, nothing of the hand.
    """

    def __init__(
        self,
        url: str,
        name: str,
        make_client: Callable[..., BackgroundClient] = BackgroundClient,
        now: Callable[[], float] = time.monotonic,
        token: str | None = None,
    ) -> None:
        self.url, self.name, self.token = url, name, token
        self.now = now
        self.client = make_client(url, name, token)
        self.tables: list[TableInfo] = []
        self.more = 0
        self.table: TableInfo | None = None
        #: When the chair map arrived (the link's clock): away chairs count down from it.
        self.table_at = 0.0
        self.chair: int | None = None
        self.game: RemoteTableControl | None = None
        self.problem: str | None = None
        self.welcomed = False
        self.failed = False
        self.seat_gone = False
        self.on_welcome: Callable[[], None] | None = None
        self._closed = False
        self._told_welcome = False
        self._retry_at = 0.0
        self.waiting_next = False
        self.next_deal = False
        self.notice: tuple[str, float] | None = None
        self._connecting: Future[Any] | None = self.client.request(self._connect)

    @staticmethod
    async def _connect(client: Client) -> None:
        await client.connect()
        await client.list_tables()  # its answer wakes the window up

    # Requests (each returns at once) ---------------------------------------------------------

    def _request(self, make: Callable[[Client], Any]) -> None:
        self.problem = None
        self.client.request(make)

    def refresh(self) -> None:
        """Ask for the lobby's list of open tables (while the connection is lost, the
        lobby's retry asks once it is back)."""
        if self.client.status == "connected":
            self._request(lambda c: c.list_tables())

    def create(
        self,
        players: int,
        public: bool,
        level: str = "medium",
        clock: tuple[int, int] | None = None,
        quick: bool = False,
        preset: str = "Classic",
    ) -> None:
        """Create a table (``players`` 2 or 4; private tables are joined by their code;
        ``level`` of the computer players in empty chairs; ``clock``: seconds per move and
        of the time bank, None for none; ``quick``: one hand; ``preset``: the rules) and sit
        at its first chair."""
        option = None if clock is None else ClockOption(move_seconds=clock[0],
                                                        bank_seconds=clock[1])  # fmt: skip
        self._request(
            lambda c: c.create(
                players=players,
                public=public,
                level=level,
                clock=option,
                quick=quick,
                preset=preset,
            )
        )

    def join(self, table: str, chair: int) -> None:
        """Sit at ``chair`` of the listed table ``table`` (its id)."""
        self._request(lambda c: c.join(chair, table=table))

    def join_code(self, code: str) -> None:
        """Sit at the first free chair of the table whose join code is ``code``."""

        async def join(client: Client) -> None:
            for chair in (1, 2, 3, 0):
                try:
                    await client.join(chair, code=code)
                    return
                except ClientError:
                    gone = ("chair_taken", "chair_busy", "no_chair")  # try the next chair
                    if not client.errors or client.errors[-1].code not in gone:
                        raise
            raise ClientError(say("full", {}, english("full")))

        self._request(join)

    def move_to(self, chair: int) -> None:
        """Before the start, move to another free chair of this table (at four, the chair
        decides the partnership)."""
        if self.table is not None:
            table = self.table.id
            self._request(lambda c: c.join(chair, table=table))

    def ready(self, ready: bool) -> None:
        """Say this chair is ready (or not)."""
        self._request(lambda c: c.ready(ready))

    def start(self) -> None:
        """Start the game (the host, once every person is ready)."""
        self._request(lambda c: c.start())

    def next_hand(self) -> None:
        """Ask for the next hand, or the rematch once the game is over."""
        self.waiting_next = True
        self._request(lambda c: c.next_hand())

    def send_intent(self, move: str | None, plan: list[str] | None) -> None:
        """Send the person's move (a text form) or plan (text forms) to the server."""
        self._request(lambda c: c.intent(move, plan))

    def leave(self) -> None:
        """Give up the chair and go back to the lobby (a computer takes it in a game). With
        the connection lost there is nothing to send (the lobby's retry reconnects), and so
        no "not connected" problem left over once it is back."""
        if self.client.status == "connected":
            self._request(lambda c: c.send_leave())
        self.table = self.chair = self.game = self.token = None
        self.next_deal = False

    def close(self, wait: float = 0.0) -> None:
        """Close the connection and stop its thread: at once, or waiting up to ``wait``
        seconds for the client's tasks to be cancelled and finished (the game quitting
        waits, so that none is left pending as the process ends)."""
        self._closed = True
        closing = self.client.close_soon()
        if wait > 0 and closing is not None:
            with contextlib.suppress(Exception):  # a dead network: give up waiting
                closing.result(timeout=wait)

    # Messages --------------------------------------------------------------------------------

    def pump(self) -> None:
        """Take every message that arrived (never waits); call it every frame. In the lobby
        (no seat, so no token to come back with), a lost connection is tried again at once
        and then every :data:`RETRY_SECONDS` until the server answers; a wait for the next
        deal (no token either) whose connection is lost is over, back in the lobby."""
        if self._connecting is not None and self._connecting.done():
            error = self._connecting.exception()
            if error is not None and self.welcomed:  # a retry from the lobby: said by `lost`
                self.client.problem = None
            elif error is not None:
                self.problem = self.client.problem or str(error)
                self.client.problem = None
            self.welcomed = self.welcomed or error is None
            self.failed = not self.welcomed
            self._connecting = None
        if self.next_deal and self.client.status == "closed" and not self._closed:
            # a wait has no token to come back with, and the server ends a wait whose
            # connection is lost: back to the lobby, which reconnects by itself
            self.table = self.chair = None
            self.next_deal = False
        if self.lost and self._connecting is None and self.now() >= self._retry_at:
            self._retry_at = self.now() + RETRY_SECONDS
            self._connecting = self.client.request(self._connect)
        for message in self.client.poll():
            self._take(message)
        if self.welcomed and not self._told_welcome:  # by the list or the finished hello
            self._told_welcome = True
            if self.on_welcome is not None:
                self.on_welcome()
        if self.lost:  # the tries say nothing more than the connection line does
            self.problem = self.client.problem = None
        elif self.client.problem is not None and self.problem is None:
            self.problem = self.client.problem
            self.client.problem = None

    def _take(self, message: Any) -> None:
        if isinstance(message, LobbyList):
            self.tables, self.more = list(message.tables), message.more
            self.welcomed = True  # the list follows the welcome
        elif isinstance(message, LobbyChanges):
            self.tables, self.more = message.applied(self.tables), message.more
        elif isinstance(message, Seated):
            self.table, self.chair, self.token = message.table, message.chair, message.token
            self.next_deal = message.next_deal
            self.table_at = self.now()
        elif isinstance(message, TableUpdate):
            if self.table is not None and message.table.id == self.table.id:
                self.table, self.table_at = message.table, self.now()
        elif isinstance(message, ErrorMessage):  # in the player's words, from the code
            self.problem = say(message.code, message.details, message.message)
            if message.code == "bad_token":
                self.seat_gone = self.failed = True  # the welcome came, the seat did not
            elif message.code == "seat_back":  # the chair waited for is its person's again
                self.table = self.chair = None
                self.next_deal = False
            elif self.game is not None:
                self.game.lost(self.problem)  # e.g. rate-limited: the move was not read
        elif isinstance(message, Notice) and message.code not in ("left", "next_deal"):
            # (the chairs say who left; the chair map says this person waits for a deal)
            words = say(message.code, message.details, message.message)
            self.notice = (words, self.now() + NOTICE_SECONDS)
        elif isinstance(message, View):
            self.waiting_next = False
        elif isinstance(message, Event) and message.by == "clock":
            self.notice = (self.time_ran_out(message.seat), self.now() + NOTICE_SECONDS)
        if isinstance(message, View) and self.game is None and self.table is not None:
            self.game = RemoteTableControl(table_rules(self.table), self.send_intent, message,
                                           fetch=self.pump, now=self.now,
                                           table_id=self.table.id)  # fmt: skip
            self.game.set_names(self.seat_names(), self.waiting_for())
            return
        if self.game is not None:
            self.game.receive(message)
            if isinstance(message, Seated | TableUpdate | View) and self.table is not None:
                self.game.set_names(self.seat_names(), self.waiting_for())

    def time_ran_out(self, seat: int) -> str:
        """The line for a move the turn clock made: whose time ran out."""
        if seat == self.chair:
            return _("Your time ran out: the computer played your turn.")
        return _("{name}'s time ran out: the computer played their turn.").format(
            name=self.chair_name(seat)
        )

    # What the screens show -------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        """True while the connection is up."""
        return self.welcomed and self.client.status == "connected"

    @property
    def lost(self) -> bool:
        """True while the lobby's connection is lost and being tried again (a seated
        connection comes back by itself with its token: "Reconnecting…")."""
        return (self.welcomed and self.table is None and not self._closed
                and self.client.status == "closed")  # fmt: skip

    @property
    def started(self) -> bool:
        """True once the table's game has started (its first view arrived)."""
        return self.game is not None

    @property
    def host(self) -> bool:
        """True when this person created the table (only the host starts it)."""
        return self.table is not None and self.table.host == self.chair and not self.next_deal

    def chair_name(self, chair: int) -> str:
        """Who sits in ``chair``: the person's name, or a computer player named by its
        place from this person's chair, as the local table names the seats ("Computer
        (partner)", "Computer (West)"; at two, and in the chair this person takes over at
        the next deal, "Computer")."""
        if self.table is None:
            return ""
        name = self.table.chairs[chair].name
        if name is not None:
            return name
        players = len(self.table.chairs)
        if players == 2 or chair == self.chair:  # (one's own: waiting for the next deal)
            return _("Computer")
        if self.chair is None:
            return _("Computer (chair {n})").format(n=chair + 1)
        return _(COMPUTER_PLACES[(chair - self.chair) % players])

    def seat_names(self) -> tuple[str, ...]:
        """Each seat's name as the table shows it, with its state: "Bob (away)" within the
        grace period, "Bob (away, computer plays)" after it, "Ann (left, computer plays)"
        once she gave the chair up (the message line has no room for a word per seat); at
        four, a person in the partner's chair is "Partner Bob"."""
        if self.table is None:
            return ()
        names = []
        players = len(self.table.chairs)
        partner = None if self.chair is None or players != 4 else (self.chair + 2) % players
        for chair, info in enumerate(self.table.chairs):
            name = self.chair_name(chair)
            if chair == partner and info.name is not None:
                # as the local table's plate says "Partner (North)"; a
                # computer partner's name says so already ("Computer (partner)")
                name = _("Partner {name}").format(name=name)
            if chair != self.chair and info.name is not None:
                if info.left:
                    name = _("{name} (left, computer plays)").format(name=name)
                elif info.away and info.computer:
                    name = _("{name} (away, computer plays)").format(name=name)
                elif info.away:
                    name = _("{name} (away)").format(name=name)
            names.append(name)
        return tuple(names)

    def takeover_left(self, chair: int) -> float | None:
        """Seconds until a computer player takes ``chair`` over (its person away within the
        grace period of a started game; counted down from the chair map's arrival), else
        None."""
        if self.table is None or not 0 <= chair < len(self.table.chairs):
            return None
        left = self.table.chairs[chair].takeover_in
        return None if left is None else max(0.0, left - (self.now() - self.table_at))

    def waiting_for(self) -> tuple[int, ...]:
        """The chairs whose person is away and that nobody plays yet (the grace period)."""
        if self.table is None:
            return ()
        return tuple(c for c in range(len(self.table.chairs)) if self.takeover_left(c) is not None)

    def take_notice(self) -> str | None:
        """The server's newest notice (a seat taken over, the server cannot save, a turn
        the clock played), once: the table shows it for a while over its prompt."""
        notice, self.notice = self.notice, None
        return notice[0] if notice is not None and self.now() < notice[1] else None

    def waiting_line(self) -> str:
        """What a person waiting for the next deal reads (:attr:`next_deal`): which chair
        is theirs from then, and that its cards are not shown before; "" otherwise."""
        if not self.next_deal or self.chair is None:
            return ""
        return say(
            "next_deal", {"chair": self.chair + 1}, english("next_deal", chair=self.chair + 1)
        )

    def connection_line(self) -> str:
        """The connection's state in plain words ("Reconnecting…"), or ""."""
        if self.lost:
            return _("Lost the connection to the server: reconnecting…")
        if self.problem is not None and not self.connected:
            return self.problem
        return self.client.status_text() if self.welcomed else _("Connecting…")

    def table_line(self) -> str:
        """The online table's line: the connection, the turn clock, how long the table
        waits for a player to move who is away before a computer takes over, the wait for the
        next hand, a closed table ("" when there is nothing to say).
        Who is away or left shows on their seat (:meth:`seat_names`); the server's notices
        over the prompt for a while (:meth:`take_notice`)."""
        parts: list[str] = []
        status = self.client.status_text()
        if status:
            parts.append(status)
        if self.game is not None:
            left = self.game.clock_left()
            if left is not None:
                seat, move, bank = left
                who = _("You") if seat == self.chair else self.chair_name(seat)
                parts.append(unbroken_units(_("{who}: {move} s (bank {bank} s)")).format(
                    who=who, move=math.ceil(move), bank=math.ceil(bank)))  # fmt: skip
            mover = self.game.view().mover
            takeover = self.takeover_left(mover)
            if takeover is not None and mover != self.chair:  # the table waits for them
                parts.append(unbroken_units(_("{name}: the computer takes over in {n} s")).format(
                    name=self.chair_name(mover), n=math.ceil(takeover)))  # fmt: skip
        if self.waiting_next:
            parts.append(_("Waiting for the other players to go on…"))
        if self.table is not None and self.table.status == "closed":
            parts.append(_("The table was closed."))
        return " \u00b7 ".join(parts)


__all__ = ["NOTICE_SECONDS", "RETRY_SECONDS", "OnlineLink", "table_rules"]
