"""Count the bytes the server sends to lobby watchers over a scripted lobby, and print them.

No sockets and no clock: a :class:`~canasta.net.server.Server` in this process (its
database in a temporary folder, never listening), ``--watchers`` connections that ask for
the lobby's list once, ``--tables`` public four-player tables each with a host, then
``--changes`` changes drawn from a seeded random source: a person sits at a free chair,
a person (not the host) leaves, the host says ready or not ready, and every tenth change
a table closes (everyone leaves) and a new one opens in its place. ``--per-turn`` changes
happen in each turn of the event loop (the server gathers one turn's changes into one
message). Every message queued to a watcher is counted, as the UTF-8 text sent.

It prints JSON: the bytes and messages of the first lists (the answers to the watchers'
asks), and of everything after them, in all and per change.

Usage: python3 -m scripts.lobby_bytes [--tables 200] [--watchers 20] [--changes 1000]
    [--per-turn 1] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from canasta.net.hub import Conn, ServerConfig
from canasta.net.protocol import ListTables
from canasta.net.server import Server
from canasta.net.tables import Table, TableOptions, new_code


def drained(watchers: list[Conn]) -> tuple[int, int]:
    """Take every message queued to ``watchers``; return (bytes, messages)."""
    size = count = 0
    for conn in watchers:
        while not conn.queue.empty():
            text = conn.queue.get_nowait()
            if text is not None:
                size += len(text.encode("utf-8"))
                count += 1
    return size, count


def change(server: Server, tables: list[Table], rng: random.Random, number: int) -> None:
    """Make change ``number`` to one of ``tables`` (see the module's words)."""
    at = rng.randrange(len(tables))
    table = tables[at]
    if number % 10 == 9:  # a table closes and a new one opens in its place
        for chair in table.humans():
            table.leave(chair)
        table.status = "closed"
        server._closed(table)
        tables[at] = opened(server, len(tables) + number)
        server.lobby_changed()
        return
    free = [i for i, c in enumerate(table.chairs) if not c.human]
    guests = [i for i in table.humans() if i != table.host]
    roll = rng.random()
    if free and roll < 0.45:
        table.sit(rng.choice(free), f"Guest {number}")
    elif guests and roll < 0.8:
        table.leave(rng.choice(guests))
    else:
        table.set_ready(table.host, not table.chairs[table.host].ready)
    server.lobby_changed()


def opened(server: Server, number: int) -> Table:
    """A new public four-player table with its host at chair 0, run by ``server``."""
    table = Table(f"{number:016x}", TableOptions(players=4, preset="Classic"), new_code(), 0)
    table.sit(0, f"Host {number}")
    server._add(table)
    return table


async def measure(tables: int, watchers: int, changes: int, per_turn: int, seed: int) -> Any:
    """Run the scripted lobby; return the figures (see the module's words)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        config = ServerConfig(host="127.0.0.1", port=0, data=Path(folder))
        server = Server(config, ai=ThreadPoolExecutor(1))
        made = [opened(server, i) for i in range(tables)]
        server.lobby_changed()
        await asyncio.sleep(0)
        conns = [Conn(None, name=f"Watcher {i}") for i in range(watchers)]
        for conn in conns:
            server.conns.add(conn)
            await server._dispatch(conn, ListTables())
        await asyncio.sleep(0)
        first = drained(conns)
        later = [0, 0]
        for number in range(changes):
            change(server, made, rng, number)
            if number % per_turn == per_turn - 1 or number == changes - 1:
                await asyncio.sleep(0)  # the loop's turn ends: the lobby goes out
                await asyncio.sleep(0)
                size, count = drained(conns)
                later[0] += size
                later[1] += count
        server.hub.shutdown()
        server.hub.store.close()
    return {
        "tables": tables, "watchers": watchers, "changes": changes, "per_turn": per_turn,
        "seed": seed, "first_lists_bytes": first[0], "first_lists_messages": first[1],
        "changes_bytes": later[0], "changes_messages": later[1],
        "bytes_per_change": round(later[0] / max(1, changes)),
        "bytes_per_change_per_watcher": round(later[0] / max(1, changes * watchers)),
    }  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run, print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--watchers", type=int, default=20)
    parser.add_argument("--changes", type=int, default=1000)
    parser.add_argument("--per-turn", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    figures = asyncio.run(
        measure(args.tables, args.watchers, args.changes, args.per_turn, args.seed)
    )
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
