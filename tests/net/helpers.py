"""Shared helpers of the online tests: a server in this process on a free loopback port,
clients that play random legal moves, and the loop that runs a test's coroutine.

The servers here think in a thread of the test's process (:func:`thinking_thread`), not
in worker processes: the tests of :mod:`canasta.net.thinking` start the real pool."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from canasta.net.client import Client
from canasta.net.hub import ServerConfig
from canasta.net.server import Server


def run(coroutine: Coroutine[Any, Any, Any], timeout: float = 120.0) -> Any:
    """Run a test coroutine with a bound on its time (seconds)."""

    async def bounded() -> Any:
        async with asyncio.timeout(timeout):
            return await coroutine

    return asyncio.run(bounded())


def thinking_thread() -> Executor:
    """Where a test server's computer players think: one thread of this process."""
    return ThreadPoolExecutor(1, thread_name_prefix="canasta-test-ai")


@contextlib.asynccontextmanager
async def running_server(
    data: Path,
    tap: Callable[[str, int, str], None] | None = None,
    ai: Executor | None = None,
    **options: Any,
) -> AsyncIterator[Server]:
    """A server on 127.0.0.1 and a free port, stopped at the end (``ai``: where its
    computer players think; default :func:`thinking_thread`)."""
    options.setdefault("rate", 1000.0)  # random play is faster than any person
    options.setdefault("burst", 1000.0)
    config = ServerConfig(host="127.0.0.1", port=0, data=data, synchronous="NORMAL", **options)
    server = Server(config, tap=tap, ai=ai or thinking_thread())
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


def url(server: Server) -> str:
    """The server's address."""
    return f"ws://127.0.0.1:{server.port}"


async def connect_two(server: Server, keep: bool = True) -> tuple[Client, Client]:
    """Two clients, Ann and Bob, connected to ``server`` and at no table yet (``keep``:
    whether they keep every message)."""
    a, b = Client(url(server), "Ann", keep=keep), Client(url(server), "Bob", keep=keep)
    await a.connect()
    await b.connect()
    return a, b


async def seat_two(server: Server, keep: bool = True, **create: Any) -> tuple[Client, Client]:
    """Two clients at a new two-player table, the game started (``keep``: whether the
    clients keep every message; ``create``: the table's options)."""
    a, b = await connect_two(server, keep)
    table = await a.create(**create)
    await b.join(1, table=table.id)
    await a.ready()
    await b.ready()
    await a.wait(lambda: a.table is not None and all(c.ready for c in a.table.chairs))
    await a.start()
    await a.wait(lambda: a.view is not None)
    await b.wait(lambda: b.view is not None)
    return a, b


async def play_random(
    clients: list[Client], rng: random.Random, limit: int = 2000, to_end: bool = True
) -> int:
    """Each client moves when its view says it must, with a random legal move, until the
    hand is over (or ``limit`` moves when not ``to_end``); return the moves sent."""
    sent = 0
    while sent < limit:
        seen = [c.arrived for c in clients]
        if any(c.hand_over is not None for c in clients):
            return sent
        movers = [c for c in clients if c.view and c.view.mover == c.chair and c.view.legal_moves]
        if not movers:
            await asyncio.wait_for(_any_change(clients, seen), 30)
            continue
        client = movers[0]
        answer = await client.play(rng.choice(client.view.legal_moves))  # type: ignore[union-attr]
        assert answer.type == "result", answer
        sent += 1
    if to_end:
        raise AssertionError("the hand did not end")
    return sent


async def _any_change(clients: list[Client], seen: list[int]) -> None:
    """Wait until any client has received a message after ``seen`` (counts)."""
    while True:
        for c in clients:
            c._changed.clear()
        if [c.arrived for c in clients] != seen:
            return
        waits = [asyncio.ensure_future(c._changed.wait()) for c in clients]
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        for w in waits:
            w.cancel()


class ServerThread:
    """A server in its own thread and event loop (the test's thread plays the window)."""

    def __init__(self, data: Path, **options: Any) -> None:
        self.loop = asyncio.new_event_loop()
        config = ServerConfig(port=0, data=data, synchronous="NORMAL", **options)
        self.server = Server(config, ai=thinking_thread())
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(30)
        self.url = f"ws://127.0.0.1:{self.server.port}"

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
