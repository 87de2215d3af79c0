"""Computer players think in a worker process, so the window never waits for them.

A search is CPU-bound Python, and a thread would hold the interpreter's lock while the
window needs it; a separate process runs on the machine's other core instead. The table
sends the seat's :class:`~canasta.engine.view.SeatView` (a picklable value), the worker
answers with a move, and the controller polls for the answer once a frame.

Each computer player is sent to the worker once and lives there from then on, so a
player's memory (the partner's promise after answering no) carries from move to move.
"""

from __future__ import annotations

import itertools
import os
import queue
from dataclasses import dataclass
from typing import Any, Protocol

from canasta.ai.hard import Advice
from canasta.ai.player import Player
from canasta.engine import speech
from canasta.engine.moves import Move
from canasta.engine.view import SeatView


@dataclass(frozen=True, slots=True)
class Decision:
    """A finished decision: the ticket it answers, the move, and for a hint the advice
    it comes from (:class:`~canasta.ai.hard.Advice`: its reason and promised moves)."""

    ticket: int
    move: Move | None
    reason: str = ""
    error: str = ""
    advice: Advice | None = None


def _serve(requests: Any, results: Any, parent: int) -> None:
    """The worker process: decide every request in turn until a None arrives, or until
    the window's process (``parent``, a process id) has gone."""
    players: dict[str, Player] = {}
    while True:
        try:
            message = requests.get(timeout=0.5)
        except queue.Empty:
            if os.getppid() != parent:
                break
            continue
        if message is None:
            break
        ticket, key, player, view, advise, language = message
        try:
            speech.use_source(language)  # reasons in the window's language
        except OSError:
            speech.use_source(None)
        if player is not None:
            players[key] = player
        try:
            chosen = players[key]
            if advise and hasattr(chosen, "advise"):
                advice = chosen.advise(view)
                results.put(Decision(ticket, advice.move, advice.reason, advice=advice))
            else:
                results.put(Decision(ticket, chosen.choose(view)))
        except Exception as exc:  # reported to the table, which then decides in-process
            results.put(Decision(ticket, None, error=f"{type(exc).__name__}: {exc}"))


class Worker(Protocol):
    """Where computer players think: :class:`DecisionWorker` (a process) or
    :class:`InlineWorker` (this process, at once: screen tests)."""

    @property
    def alive(self) -> bool:
        """True while decisions can be asked for."""
        ...

    def submit(self, player: Player, view: SeatView, advise: bool = False) -> int:
        """Ask for ``player``'s move from ``view``; return a ticket to poll."""
        ...

    def result(self, ticket: int) -> Decision | None:
        """The decision for ``ticket`` if it has arrived (never waits), else None."""
        ...

    def close(self) -> None:
        """Stop the worker."""
        ...


class InlineWorker:
    """A worker that decides in this process at once: the decision is ready when
    :meth:`submit` returns, so a computer's turn in a screen test takes frames, not
    seconds, and no test waits in real time.

    Players are kept as given (the process worker keeps its own copy of each), so a
    player's memory carries from move to move the same way; decisions are the same on
    the same seeds.
    """

    def __init__(self) -> None:
        self._tickets = itertools.count(1)
        self._done: dict[int, Decision] = {}
        self.decisions = 0

    @property
    def alive(self) -> bool:
        """Always True."""
        return True

    def submit(self, player: Player, view: SeatView, advise: bool = False) -> int:
        """Decide ``player``'s move from ``view`` now; return the ticket to collect it."""
        ticket = next(self._tickets)
        self.decisions += 1
        try:
            advise_with = getattr(player, "advise", None) if advise else None
            if advise_with is not None:
                advice = advise_with(view)
                self._done[ticket] = Decision(ticket, advice.move, advice.reason, advice=advice)
            else:
                self._done[ticket] = Decision(ticket, player.choose(view))
        except Exception as exc:  # as the process worker: the table then decides itself
            self._done[ticket] = Decision(ticket, None, error=f"{type(exc).__name__}: {exc}")
        return ticket

    def result(self, ticket: int) -> Decision | None:
        """The decision for ``ticket`` (made at submission), once."""
        return self._done.pop(ticket, None)

    def close(self) -> None:
        """Nothing to stop."""


class DecisionWorker:
    """A worker process that makes computer players' decisions.

    Args:
        start_method: the multiprocessing start method ("spawn" by default: a clean
            interpreter that never shares the window's state).

    Raises:
        OSError: if the process cannot be started.
    """

    def __init__(self, start_method: str = "spawn") -> None:
        import multiprocessing  # here, not at import: it registers ``__mp_main__``

        context: Any = multiprocessing.get_context(start_method)
        self._requests: Any = context.Queue()
        self._results: Any = context.Queue()
        self._process = context.Process(
            target=_serve, args=(self._requests, self._results, os.getpid()), daemon=True
        )
        self._process.start()
        self._tickets = itertools.count(1)
        self._keys: dict[int, tuple[str, Player]] = {}
        self._done: dict[int, Decision] = {}

    @property
    def alive(self) -> bool:
        """True while the worker process runs."""
        return bool(self._process.is_alive())

    def submit(self, player: Player, view: SeatView, advise: bool = False) -> int:
        """Ask the worker for ``player``'s move from ``view``; return a ticket to poll.

        With ``advise``, a player that has an ``advise`` method (the hard level) also
        returns its one-line reason.
        """
        ticket = next(self._tickets)
        entry = self._keys.get(id(player))
        send: Player | None = None
        if entry is None or entry[1] is not player:
            entry = (f"p{ticket}", player)
            self._keys[id(player)] = entry
            send = player
        self._requests.put((ticket, entry[0], send, view, advise, speech.source()))
        return ticket

    def result(self, ticket: int) -> Decision | None:
        """The decision for ``ticket`` if it has arrived (never waits), else None."""
        self._drain()
        return self._done.pop(ticket, None)

    def wait(self, ticket: int, timeout: float = 10.0) -> Decision:
        """Block until the decision for ``ticket`` arrives (for scripts and tests).

        Raises:
            TimeoutError: if it does not arrive within ``timeout`` seconds.
        """
        while ticket not in self._done:
            try:
                decision = self._results.get(timeout=timeout)
            except queue.Empty:
                raise TimeoutError(f"no decision for ticket {ticket} in {timeout} s") from None
            self._done[decision.ticket] = decision
        return self._done.pop(ticket)

    def _drain(self) -> None:
        while True:
            try:
                decision = self._results.get_nowait()
            except queue.Empty:
                return
            self._done[decision.ticket] = decision

    def close(self) -> None:
        """Stop the worker process (waits up to a second, then terminates it)."""
        if self._process.is_alive():
            self._requests.put(None)
            self._process.join(1.0)
            if self._process.is_alive():
                self._process.terminate()
                self._process.join(1.0)


__all__ = ["Decision", "DecisionWorker", "InlineWorker", "Worker"]
