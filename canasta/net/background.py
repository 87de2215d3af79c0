"""The client beside a game loop: the connection lives in its own thread's event loop, and
the loop of the window only polls (never waits on the network inside a frame).

:class:`BackgroundClient` wraps a :class:`~canasta.net.client.Client`: requests go in with
:meth:`BackgroundClient.request` (they return at once), messages come out with
:meth:`BackgroundClient.poll` (whatever arrived since the last call), and
:attr:`BackgroundClient.status` and :attr:`BackgroundClient.problem` say, in plain words,
whether the connection is up, coming back ("Reconnecting…") or lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import Any

from canasta.i18n import _
from canasta.net.client import Client, ClientError

#: Seconds the closing handshake may take before the connection is dropped.
CLOSE_SECONDS = 2.0


class BackgroundClient:
    """A :class:`Client` run in a thread of its own.

    Args:
        url, name, token: as for :class:`Client`.
        on_message: called in the client's thread after each message is queued (tests use
            it to wake up; the game loop just polls).
    """

    def __init__(
        self,
        url: str,
        name: str,
        token: str | None = None,
        on_message: Callable[[], None] | None = None,
    ) -> None:
        self._inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._loop = asyncio.new_event_loop()
        self._on_message = on_message
        self.client = Client(url, name, token, keep=False)
        self.client.listener = self._received
        self.problem: str | None = None
        self._closed = False
        #: The one closing under way (a second close must not cancel the first's task).
        self._closing: Future[None] | None = None
        self._thread = threading.Thread(target=self._run, name="canasta-net", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_forever()
        finally:  # stopped by the closing, which left no task pending
            self._loop.close()

    def _received(self, message: Any) -> None:
        self._inbox.put(message)
        if self._on_message is not None:
            self._on_message()

    @property
    def status(self) -> str:
        """``"connected"``, ``"reconnecting"`` or ``"closed"``."""
        return self.client.status

    def status_text(self) -> str:
        """The connection's state in a player's words (empty when all is well)."""
        if self.problem is not None:
            return self.problem
        if self.client.status == "reconnecting":
            return _("Reconnecting…")
        if self.client.status == "closed":
            return _("Not connected to the server.")
        return ""

    def request(self, make: Callable[[Client], Coroutine[Any, Any, Any]]) -> Future[Any]:
        """Run ``make(client)`` in the client's thread; return at once with its future.

        A :class:`ClientError` it raises is kept in :attr:`problem` as well; after
        :meth:`close_soon` the future fails at once with one ("not connected").
        """
        if self._closed:
            done: Future[Any] = Future()
            done.set_exception(ClientError(_("not connected to the server")))
            return done

        async def guarded() -> Any:
            try:
                return await make(self.client)
            except ClientError as error:
                self.problem = str(error)
                raise

        return asyncio.run_coroutine_threadsafe(guarded(), self._loop)

    def connect(self) -> Future[Any]:
        """Connect and say hello (at once; see :attr:`problem` if it fails)."""
        self.problem = None
        return self.request(lambda c: c.connect())

    def poll(self) -> list[Any]:
        """Every message received since the last call, oldest first (never waits)."""
        messages = []
        while True:
            try:
                messages.append(self._inbox.get_nowait())
            except queue.Empty:
                return messages

    def close_soon(self) -> Future[None] | None:
        """Close the connection and stop the thread, without waiting for either (from a
        window's frame: a dead network must not freeze it).

        The closing handshake gets :data:`CLOSE_SECONDS`; then every task still on the
        client's loop (a request under way, the connection's own) is cancelled and awaited
        before the loop stops, so none is destroyed pending. Returns the closing's future
        (None when the thread has already stopped); a second call returns the first's.
        """
        self._closed = True
        if self._closing is not None:
            return self._closing

        async def finish() -> None:
            with contextlib.suppress(Exception):  # already closed, or never connected
                await asyncio.wait_for(self.client.close(), CLOSE_SECONDS)
            here = asyncio.current_task()
            rest = [task for task in asyncio.all_tasks(self._loop) if task is not here]
            for task in rest:
                task.cancel()
            await asyncio.gather(*rest, return_exceptions=True)
            self._loop.stop()

        if not self._thread.is_alive():
            return None
        self._closing = asyncio.run_coroutine_threadsafe(finish(), self._loop)
        return self._closing

    def close(self) -> None:
        """Close the connection and stop the thread (waits for both, a few seconds at most)."""
        closing = self.close_soon()
        if closing is not None:
            with contextlib.suppress(Exception):  # a dead network: give up waiting
                closing.result(timeout=2 * CLOSE_SECONDS)
        self._thread.join(timeout=CLOSE_SECONDS)
