"""Running one table on the server: moves saved then told, computer players, clocks, timers.

Every change to a table happens under its lock, so the moves of one table are played,
saved and told one after another, while other tables go on. A move is played on the hand
and told to anyone only after the database has it (:meth:`TableRunner.play`); when the
disk fails, the move is not played, the mover reads why, and the table's players get a
notice; nothing acknowledged is ever lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import Any

from canasta.ai.hard import Memory
from canasta.engine.moves import Move
from canasta.net.database import StorageError
from canasta.net.hub import Conn, Hub
from canasta.net.proof import deal_commitment, deal_reveal, with_proofs
from canasta.net.protocol import (
    DealReveal,
    ErrorMessage,
    Notice,
    RefusalMessage,
    Result,
    Seated,
    TableInfo,
    TableUpdate,
    View,
)
from canasta.net.server_words import english
from canasta.net.tables import Table, TableError
from canasta.net.views import event_for, hand_over, seat_views, view_model
from canasta.persistence.records import GameRecordModel, SeatModel, record_model

log = logging.getLogger("canasta.net")


class TableRunner:
    """One table's lock, connections, computer players and timers.

    Args:
        table: the table.
        hub: the shared services.
    """

    def __init__(self, table: Table, hub: Hub) -> None:
        self.table = table
        self.hub = hub
        self.lock = asyncio.Lock()
        self.conns: dict[int, Conn] = {}
        #: Connections waiting to take a chair over at the next deal (see
        #: :meth:`Table.take_over`): they get the chair map, nothing of the hand.
        self.waiting: dict[int, Conn] = {}
        #: What each computer player remembers from its last decision this game (its
        #: planned turn, saved CPU time, a promise to its partner), sent with the next.
        self.memories: dict[int, Memory | None] = {}
        self.thinking: asyncio.Task[None] | None = None
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.dirty = False
        self.storage_failed = False
        self.pending_record: tuple[str, dict[str, Any]] | None = None
        self.record_told = False
        self.on_close: Any = None
        self.on_chairs: Any = None

    # Telling the players -------------------------------------------------------------------

    def send(self, chair: int, message: Any) -> None:
        """Queue a message to the person at ``chair`` if connected."""
        conn = self.conns.get(chair)
        if conn is not None:
            self.hub.send(conn, message, self.table.id)

    def tell_all(self, message: Any) -> None:
        """Queue a message to every connected person at the table."""
        for chair in list(self.conns):
            self.send(chair, message)

    def tell(self, code: str, **details: Any) -> None:
        """A notice to everyone at the table: ``code``, its details and its English
        sentence (see :mod:`canasta.net.server_words`)."""
        self.tell_all(Notice(code=code, message=english(code, **details), details=details))

    def info(self) -> TableInfo:
        """The chair map for those seated: with the code, and how long each away person's
        grace period has left (:meth:`Table.info`)."""
        return self.table.info(with_code=True, now=self.hub.clock(), grace=self.hub.config.grace)

    def tell_chairs(self) -> None:
        """Send everyone the chair map, those waiting for the next deal too (and tell
        ``on_chairs``: the lobby's list may show it)."""
        for chair in list(self.conns):
            self.send(chair, TableUpdate(table=self.info()))
        for conn in list(self.waiting.values()):
            self.hub.send(conn, TableUpdate(table=self.info()), self.table.id)
        if self.on_chairs is not None:
            self.on_chairs()

    def audience(self) -> bool:
        """Someone is here: a person connected at a chair, or waiting for one (the
        computers play the hand on for them, so the next deal comes)."""
        return bool(self.table.present() or self.waiting)

    def seat(self, conn: Conn, chair: int, token: str) -> None:
        """``conn`` holds ``chair`` now (sat, took it over, or came back with ``token``):
        it is told so with the chair map and the token, and everyone gets the chair map.
        The game's view is not sent here (see :meth:`view`)."""
        conn.table, conn.chair = self.table.id, chair
        self.connected(chair, conn)
        c = self.table.chairs[chair]
        if c.name != conn.name and conn.name is not None:
            c.name = conn.name
        self.hub.send(conn, Seated(table=self.info(), chair=chair, token=token))
        self.tell_chairs()

    def wait_for_deal(self, conn: Conn, chair: int) -> None:
        """``conn`` asked for ``chair`` while a hand is in play (:meth:`Table.take_over`
        named it the chair's ``waiting``): it waits at the table, told so, and is seated
        when the hand is over (:meth:`seat_waiting`); the table hears who comes."""
        conn.table, conn.chair = self.table.id, chair
        self.waiting[chair] = conn
        self.hub.send(conn, Seated(table=self.info(), chair=chair, next_deal=True))
        details: dict[str, str | int | float] = {"chair": chair + 1}
        self.hub.send(conn, Notice(code="next_deal", message=english("next_deal", **details),
                                   details=details))  # fmt: skip
        self.tell("sits_next", name=conn.name or "?", chair=chair + 1)
        self.tell_chairs()
        self.cancel("close")

    def is_waiting(self, conn: Conn) -> bool:
        """``conn`` waits for the next deal (it holds no chair yet)."""
        return conn.chair is not None and self.waiting.get(conn.chair) is conn

    def stop_waiting(self, conn: Conn, code: str | None = None, **details: Any) -> None:
        """``conn`` no longer waits (it left, its connection was lost, or, with the error
        ``code``, the chair's own person came back to it): back in the lobby."""
        chair = conn.chair
        if chair is None or self.waiting.get(chair) is not conn:
            return
        del self.waiting[chair]
        self.table.chairs[chair].waiting = None
        conn.table = conn.chair = None
        if code is not None:
            self.hub.send(conn, ErrorMessage(code=code, message=english(code, **details),
                                             details=details))  # fmt: skip
        self.tell_chairs()
        if not self.audience():
            self.later("close", self.hub.config.close_after, self.close_if_empty)

    async def seat_waiting(self) -> None:
        """The hand is over: those waiting for a chair take it over now (its new hand is
        theirs from the deal), each with the chair map, the token and the score (call
        under the lock)."""
        seated = False
        for chair, conn in sorted(self.waiting.items()):
            del self.waiting[chair]
            token = None if conn.closed else self.table.seat_waiting(chair)
            if token is None or conn.closed:  # its person came back (or it is gone)
                self.waiting[chair] = conn  # taken off again, told why
                code = None if conn.closed else "seat_back"
                name = self.table.chairs[chair].name or "?"
                self.stop_waiting(conn, code, name=name, chair=chair + 1)
                continue
            self.seat(conn, chair, token)
            self.view(chair)
            seated = True
        if seated:
            await self.save_quietly()

    def view(self, chair: int) -> None:
        """Send ``chair`` its whole current view (and the last hand's score if it ended)."""
        table = self.table
        if table.saved is None:
            return
        saved = table.saved
        game = saved.game
        model = view_model(game.hand.view_for(chair), game)
        deal = deal_commitment(table.id, saved.game_id, game)
        self.send(chair, View(view=model, clock=table.clock_info(self.hub.clock()), deal=deal))
        if table.status in ("hand_over", "game_over"):
            self.send(chair, hand_over(game, self.record_data(), self.reveal()))

    def reveal(self) -> DealReveal | None:
        """The ended hand's seed shown (see :mod:`canasta.net.proof`), else None."""
        saved = self.table.saved
        return None if saved is None else deal_reveal(self.table.id, saved.game_id, saved.game)

    # Saving --------------------------------------------------------------------------------

    async def persist(self, moves: list[Move] | None = None) -> None:
        """Save the moves just booked (:meth:`Table.book`; with the whole table when an
        earlier save failed), or the whole table when ``moves`` is None.

        Raises:
            StorageError: when the database cannot be written.
        """
        store = self.hub.store
        try:
            if moves is None:
                await self.hub.save(store.table_job(self.table))
            else:
                await self.hub.save(store.moves_job(self.table, moves, whole=self.dirty))
        except StorageError as error:
            if not self.storage_failed:
                self.tell("storage_wait", why=error.reason)
            self.storage_failed = True
            raise
        self.dirty = False
        if self.storage_failed:
            self.storage_failed = False
            self.tell("storage_ok")
        if self.pending_record is not None:
            await self.save_record()

    async def save_quietly(self) -> None:
        """Save the whole table; a failure is remembered and retried at the next save."""
        try:
            await self.persist(None)
        except StorageError:
            self.dirty = True

    # Moves ---------------------------------------------------------------------------------

    async def play(self, chair: int, moves: list[Move], by: str, ref: int | None = None) -> bool:
        """Save checked moves for ``chair``, then play them and tell everyone (call under
        the lock). Returns False when they could not be saved (nothing was played)."""
        table = self.table
        now = self.hub.clock()
        booked = table.book(chair, len(moves), now, by_person=by == "person", ref=ref)
        try:
            await self.persist(moves)
        except StorageError as error:
            table.unbook(booked)
            if ref is not None:
                details: dict[str, str | int | float] = {"why": error.reason}
                self.send(chair, RefusalMessage(ref=ref, code="storage", details=details,
                                                message=english("storage", **details)))  # fmt: skip
            return False
        diffs = table.play(moves)
        if ref is not None:
            self.send(chair, Result(ref=ref, move=" ; ".join(m.text() for m in moves)))
        game = table.game
        clock = table.clock_info(now)
        first = table.seq - len(diffs) + 1
        views = seat_views(game, list(self.conns))
        for seat, last in views.items():
            for i, diff in enumerate(diffs):
                view = last if i == len(diffs) - 1 else None
                self.send(seat, event_for(diff, first + i, seat, view, by, clock))
        if table.score_if_ended():
            await self.hand_ended()
        return True

    async def intent(self, chair: int, message: Any) -> None:
        """A person's intent: check it, play it, or send the refusal."""
        async with self.lock:
            try:
                moves = self.table.parse(chair, message)
            except TableError as error:
                self.send(chair, RefusalMessage(ref=message.ref, code=error.code,
                                                message=error.message,
                                                details=error.details))  # fmt: skip
                return
            await self.play(chair, moves, "person", message.ref)
        self.kick()

    async def hand_ended(self) -> None:
        """Tell the score; keep a finished game as a game record."""
        game = self.table.game
        data = self.record_data()
        if game.over and data is not None and self.table.saved is not None:
            self.pending_record = (self.table.saved.game_id, data)
            await self.save_record()
        self.tell_all(hand_over(game, data, self.reveal()))
        self.tell_chairs()
        await self.seat_waiting()

    def record_data(self) -> dict[str, Any] | None:
        """The finished game's record (JSON data), or None while the game goes on."""
        saved = self.table.saved
        if saved is None or not saved.game.over:
            return None
        record = record_model(saved)
        seats = [
            SeatModel(player="person")
            if c.human
            else SeatModel(player="computer", level=self.table.options.level)
            for c in self.table.chairs
        ]
        data = record.model_copy(update={"seats": seats}).model_dump(mode="json")
        return with_proofs(self.table.id, data)

    async def save_record(self) -> None:
        """Write the finished game's record (kept in memory until written, through a
        rematch too); on failure it is tried again at the next save."""
        if self.pending_record is None:
            return
        game_id, data = self.pending_record
        record = GameRecordModel.model_validate(data)
        try:
            await self.hub.save(self.hub.store.record_job(self.table, game_id, record))
            self.pending_record, self.record_told = None, False
        except StorageError as error:
            if self.record_told:
                return  # said once; tried again quietly at every save
            self.record_told = True
            self.tell("record_waits", why=error.reason)

    async def next_hand(self, chair: int) -> None:
        """A person asks for the next hand (or a rematch); deal once every connected person
        has asked."""
        async with self.lock:
            table = self.table
            if table.status not in ("hand_over", "game_over"):
                return
            table.chairs[chair].wants_next = True
            if not table.all_want_next():
                return
            now = self.hub.clock()
            if table.status == "hand_over":
                table.next_hand(now)
            else:
                table.new_game(secrets.randbits(62), secrets.token_hex(8), now)
                self.memories.clear()
            await self.save_quietly()
            for seat in list(self.conns):
                self.view(seat)
            self.tell_chairs()
        self.kick()

    # Computer players, clocks, grace and closing ------------------------------------------

    def kick(self) -> None:
        """Start whatever the table waits for: a computer player's move, the turn clock."""
        table = self.table
        self.cancel("clock")
        mover = table.mover()
        if mover is None or not self.audience():
            return  # nobody here: the table waits (a computer never plays to an empty room)
        if table.chairs[mover].computer_plays:
            if self.thinking is None or self.thinking.done():
                self.thinking = asyncio.get_running_loop().create_task(
                    self.computer(mover, "computer")
                )
            return
        deadline = table.clock_deadline()
        if deadline is not None:
            delay = max(0.0, deadline - self.hub.clock())
            self.later("clock", delay, self._clock_over)

    def _clock_over(self) -> None:
        mover = self.table.mover()
        if mover is not None and (self.thinking is None or self.thinking.done()):
            self.thinking = asyncio.get_running_loop().create_task(self.computer(mover, "clock"))

    async def computer(self, seat: int, by: str) -> None:
        """Let a computer player move for ``seat``: the seat's view goes to a worker process
        (:mod:`canasta.net.thinking`) while the table goes on; an answer for a hand that
        has moved on meanwhile is dropped, its memory too."""
        table = self.table
        game = table.game
        mark = (len(game.deal_numbers), game.hand.move_count)
        view = game.hand.view_for(seat)
        thinkers = self.hub.ai
        decision = thinkers.decision(
            table.options.level, view, secrets.randbits(32), self.memories.get(seat)
        )
        began = time.perf_counter()
        answer = await thinkers.decide(decision)
        stats = self.hub.stats
        if stats is not None:
            stats.think.add((time.perf_counter() - began) * 1000, stats.now())
            stats.think_cpu.add(answer.cpu * 1000, stats.now())
        move = answer.move
        saved = True
        async with self.lock:
            game = table.game
            still = (len(game.deal_numbers), game.hand.move_count) == mark
            if not still or table.mover() != seat:
                return
            if by == "computer" and not table.chairs[seat].computer_plays:
                return
            if table.game.hand.check(move) is None:
                self.memories[seat] = answer.memory
                saved = await self.play(seat, [move], by)
        if not saved:
            self.later("retry", self.hub.config.retry, self.kick)
            return
        self.thinking = None
        self.kick()

    def connected(self, chair: int, conn: Conn) -> None:
        """A person's connection holds ``chair`` now (joined, or came back)."""
        old = self.conns.get(chair)
        if old is not None and old is not conn:
            self.hub.drop(old, 1000, "your seat was taken by a new connection")
        waiter = self.waiting.get(chair)
        if waiter is not None and waiter is not conn:  # the chair's own person is back
            name = self.table.chairs[chair].name or "?"
            self.stop_waiting(waiter, "seat_back", name=name, chair=chair + 1)
        self.conns[chair] = conn
        self.table.connect(chair, self.hub.clock())
        self.cancel(f"grace{chair}")
        self.cancel("close")

    def disconnected(self, chair: int, conn: Conn) -> None:
        """The connection holding ``chair`` was lost: the grace period starts (one waiting
        for the next deal just stops waiting)."""
        if self.waiting.get(chair) is conn:
            self.stop_waiting(conn)
            return
        if self.conns.get(chair) is not conn:
            return
        del self.conns[chair]
        table = self.table
        table.disconnect(chair, self.hub.clock())
        if table.status != "lobby":
            self.later(f"grace{chair}", self.hub.config.grace, lambda: self._grace_over(chair))
        if not self.audience():
            self.later("close", self.hub.config.close_after, self.close_if_empty)
        self.tell_chairs()

    def away(self) -> None:
        """After a restart: every person is away; start their grace and the closing timer."""
        for chair in self.table.humans():
            self.later(f"grace{chair}", self.hub.config.grace, lambda c=chair: self._grace_over(c))
        self.later("close", self.hub.config.close_after, self.close_if_empty)

    def _grace_over(self, chair: int) -> None:
        c = self.table.chairs[chair]
        if c.human and not c.connected and self.table.status != "lobby":
            c.taken_over = True
            self.tell("computer", name=c.name or "?")
            self.tell_chairs()
            self.kick()

    def close_if_empty(self) -> None:
        """Close the table (its game kept) if nobody is connected to it (nor waits for a
        chair)."""
        if not self.audience():
            self.table.status = "closed"
            self.stop()
            asyncio.get_running_loop().create_task(self.save_quietly())
            if self.on_close is not None:
                self.on_close(self.table)

    def later(self, name: str, delay: float, callback: Any) -> None:
        """Run ``callback`` after ``delay`` seconds (replacing a timer of that name)."""
        self.cancel(name)
        self.timers[name] = asyncio.get_running_loop().call_later(delay, callback)

    def cancel(self, name: str) -> None:
        """Cancel the timer ``name`` if it is set."""
        handle = self.timers.pop(name, None)
        if handle is not None:
            handle.cancel()

    def stop(self) -> None:
        """Cancel every timer and any thinking (the server is stopping)."""
        for name in list(self.timers):
            self.cancel(name)
        if self.thinking is not None:
            with contextlib.suppress(Exception):
                self.thinking.cancel()
