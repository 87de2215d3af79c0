"""Take-over of many tables when a server process dies, and what the relay costs.

``python -m scripts.takeover --tables N [--servers 2|3] [--database URL]`` starts
``--servers`` ``canasta serve --database`` processes (over ``--database``, or a throwaway
PostgreSQL cluster with ``fsync`` on, as :mod:`scripts.loadtest_servers` does), seats
``--tables`` tables of simulated people at the first process, lets every table play at
least ``--moves`` moves (each person moving ``--think`` seconds after the turn comes, about,
and going on until the kill, so moves are in flight when it comes), then ``kill -9``s that
process. Its players' clients come back with their seat tokens, each table's players to
one of the other processes picked by the table's id (as a front proxy hashing
``/table/ID`` does once the dead process fails its health check). The first move after
the take-over is made as soon as the player sees the table again, so its time is the
server's, not a person's pause. Printed as JSON:

- ``held_s``: per table, seconds from the kill until the database names another process
  as its owner (polled every 50 ms);
- ``back_s``: seconds from the kill until every seat of the table has its view again;
- ``moving_s``: seconds from the kill until the table's next move (one made on a new
  connection) is acknowledged;
- ``tables_lost``: tables not running again within ``--deadline`` seconds;
- ``moves_lost``: acknowledged moves missing from the view the players got back (the
  table resumed before its last acknowledged move); ``moves_kept_unacknowledged``: moves
  saved but never acknowledged (the kill came between the commit and the answer), which the
  players find played.

``--relay`` measures the relay instead: ``--tables`` tables run by the second process
with every seat connected to it (direct), then as many with every seat connected to the
first process, which relays every message to the second (relayed); each table plays
``--moves`` moves. Printed: the round trips (median, p99, max, ms) and each process's CPU
per move, for both.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event as MpEvent
from pathlib import Path
from typing import Any

from canasta.net.client import Client, ClientError
from canasta.net.protocol import View
from scripts.loadtest import load_average, percentiles, server_usage
from scripts.loadtest_servers import database, start_server


@dataclass
class Seat:
    """One simulated person: the client, and the view it got back after reconnecting."""

    client: Client
    #: Reconnections before play began (a relayed seat's host came back through the relay).
    base: int = 0
    #: (perf_counter, move count) of the first whole view after a reconnection in play.
    resumed: tuple[float, int] | None = None

    def fresh(self) -> bool:
        """Whether this seat reconnected since play began."""
        return self.client.reconnects > self.base


@dataclass
class TablePlay:
    """One table's seats and what they saw."""

    number: int
    seats: list[Seat]
    id: str = ""
    #: Every acknowledged move: (perf_counter, move count after it, made on a connection
    #: opened after the kill).
    acks: list[tuple[float, int, bool]] = field(default_factory=list)
    #: Round trips of its moves (seconds): intent sent to the mover's view updated.
    trips: list[float] = field(default_factory=list)

    def before(self) -> int:
        """Moves acknowledged on the first connections."""
        return sum(1 for _, _, fresh in self.acks if not fresh)

    def after(self) -> int:
        """Moves acknowledged on connections opened after the kill."""
        return sum(1 for _, _, fresh in self.acks if fresh)


def proxy_pick(table_id: str, urls: list[str]) -> str:
    """The process a front proxy hashing ``/table/ID`` sends ``table_id``'s players to."""
    return urls[zlib.crc32(table_id.encode()) % len(urls)]


def table_figures(
    tables: list[dict[str, Any]], killed: float, held: dict[str, float]
) -> dict[str, Any]:
    """The take-over's figures from each table's record (``id``, ``acks`` as in
    :attr:`TablePlay.acks`, ``resumed``: each seat's (time, move count) or None),
    ``killed`` (perf_counter of the kill) and ``held`` (table id → perf_counter when
    another process was first seen holding it)."""
    held_s: list[float] = []
    back_s: list[float] = []
    moving_s: list[float] = []
    lost_tables = lost_moves = kept = 0
    odd: list[dict[str, Any]] = []  # every table lost or short of moves, to look into
    for t in tables:
        acked = max((n for at, n, fresh in t["acks"] if not fresh), default=0)
        moved = [at for at, _, fresh in t["acks"] if fresh]
        backs = [r[1] for r in t["resumed"] if r is not None]
        if t["id"] in held:
            held_s.append(held[t["id"]] - killed)
        if not moved or not backs or t["id"] not in held:
            lost_tables += 1
            odd.append(_relative(t, killed, held))
            continue
        if all(r is not None for r in t["resumed"]):
            back_s.append(max(r[0] for r in t["resumed"]) - killed)
        moving_s.append(min(moved) - killed)
        lost_moves += max(0, acked - min(backs))
        if acked > min(backs):
            odd.append(_relative(t, killed, held))
        kept += max(0, min(backs) - acked)
    ms = {"held_s": held_s, "back_s": back_s, "moving_s": moving_s}
    return {
        "tables": len(tables),
        **{
            name: {k: (round(v, 2) if k != "count" else v) for k, v in _seconds(xs).items()}
            for name, xs in ms.items()
        },
        "tables_lost": lost_tables,
        "moves_lost": lost_moves,
        "moves_kept_unacknowledged": kept,
        "tables_lost_or_short": odd[:10],
    }


def _relative(t: dict[str, Any], killed: float, held: dict[str, float]) -> dict[str, Any]:
    """A table's record with its times in seconds from the kill."""
    return {
        "id": t["id"],
        "held_s": round(held[t["id"]] - killed, 3) if t["id"] in held else None,
        "acks": [(round(at - killed, 3), n, fresh) for at, n, fresh in t["acks"]],
        "resumed": [None if r is None else (round(r[0] - killed, 3), r[1]) for r in t["resumed"]],
    }


def _seconds(xs: list[float]) -> dict[str, float]:
    if not xs:
        return {"count": 0}
    xs = sorted(xs)
    return {
        "count": len(xs),
        "median": statistics.median(xs),
        "p99": xs[min(len(xs) - 1, int(len(xs) * 0.99))],
        "max": xs[-1],
    }


# The simulated people -----------------------------------------------------------------------


async def seat_table(
    number: int, host_url: str, join_url: str, players: int, relay: bool = False
) -> TablePlay:
    """Create a table at ``host_url`` and seat ``players`` people, the others joining at
    ``join_url``; with ``relay`` the host then comes back through ``join_url`` too (every
    seat served through that process); start the game."""
    seats = [Seat(Client(host_url if i == 0 else join_url, f"Seat{i}", keep=False))
             for i in range(players)]  # fmt: skip
    for seat in seats:
        seat.client.listener = _watch(seat)
        await seat.client.connect(60)
    host = seats[0].client
    info = await host.create(players=players, public=False, level="medium")
    if relay:
        host.url = join_url
        await host.drop()
        await host.wait(lambda: host.reconnects >= 1 and host.status == "connected", 60)
        await host.wait(lambda: host.seatings >= 2, 60)
    for i, seat in enumerate(seats[1:], start=1):
        await seat.client.join(i, table=info.id)
    for seat in seats:
        await seat.client.ready()

    def all_ready() -> bool:
        t = host.table
        return t is not None and all(c.name is not None and c.ready for c in t.chairs)

    await host.wait(all_ready, 60)
    await host.start()
    for seat in seats:
        await seat.client.wait(lambda c=seat.client: c.view is not None, 60)
        seat.base, seat.resumed = seat.client.reconnects, None
    return TablePlay(number, seats, info.id)


#: Tables a process of simulated people seats at once (people arrive over time: a
#: thousand connections opened in the same second would measure the door, not the play).
SEATING = 10


async def seat_all(
    numbers: list[int], host_url: str, join_url: str, players: int, relay: bool = False
) -> list[TablePlay]:
    """Seat ``numbers``' tables (see :func:`seat_table`), :data:`SEATING` at a time."""
    gate = asyncio.Semaphore(SEATING)

    async def one(n: int) -> TablePlay:
        async with gate:
            return await seat_table(n, host_url, join_url, players, relay)

    return list(await asyncio.gather(*(one(n) for n in numbers)))


def _watch(seat: Seat) -> Any:
    def listener(message: Any) -> None:
        if isinstance(message, View) and seat.fresh() and seat.resumed is None:
            seat.resumed = (time.perf_counter(), message.view.move_count)

    return listener


def _can_move(seat: Seat, killed: bool) -> bool:
    c = seat.client
    view = c.view
    if c.status != "connected" or view is None or view.mover != c.chair or not view.legal_moves:
        return False
    return seat.resumed is not None if killed else not seat.fresh()


async def move(c: Client, text: str, timeout: float) -> bool:
    """Play ``text``; True once its result and the view after it came, False when the
    connection went first (or ``timeout`` seconds passed)."""
    before, gen = c.updates, c.reconnects

    def gone() -> bool:
        return c.reconnects != gen or c.status != "connected"

    try:
        ref = await c.intent(text)
        await c.wait(lambda: ref in c.answers or gone(), timeout)
        if ref not in c.answers:
            return False
        answer = c.answers.pop(ref)
        if answer.type != "result":
            raise ClientError(f"a legal move was refused: {answer}")
        await c.wait(lambda: c.updates > before or gone(), timeout)
        return c.updates > before
    except (ClientError, TimeoutError):
        return False


async def drive(
    table: TablePlay,
    think: float,
    rng: random.Random,
    done: Any,
    killed: Any = lambda: False,
) -> None:
    """Play the table's moves until ``done(table)``: the seat whose turn it is moves about
    ``think`` seconds after the turn came (at once for the first move after a kill).
    ``killed()``: whether the first process was killed (only seats that came back then
    move)."""
    seats = table.seats
    while not done(table):
        gone = killed()
        mover = next((s for s in seats if _can_move(s, gone)), None)
        if mover is None:
            waits = [asyncio.ensure_future(s.client.wait(lambda s=s: _can_move(s, killed()), 0.5))
                     for s in seats]  # fmt: skip
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            for w in waits:
                w.cancel()
            await asyncio.gather(*waits, return_exceptions=True)
            continue
        if think > 0 and (not mover.fresh() or table.after() > 0):
            await asyncio.sleep(think * (0.5 + rng.random()))
            if not _can_move(mover, killed()):
                continue
        fresh = mover.fresh()  # after the pause: the seat may have come back meanwhile
        c = mover.client
        assert c.view is not None
        start = time.perf_counter()
        if await move(c, rng.choice(c.view.legal_moves), 10.0):
            end = time.perf_counter()
            table.trips.append(end - start)
            assert c.view is not None
            table.acks.append((end, c.view.move_count, fresh))


async def _close(tables: list[TablePlay]) -> None:
    for t in tables:
        for s in t.seats:
            await s.client.close()


async def takeover_clients(
    args: argparse.Namespace,
    url: str,
    survivors: list[str],
    numbers: list[int],
    ready: Queue[Any],
    killed: MpEvent,
) -> list[dict[str, Any]]:
    """Seat ``numbers``' tables at ``url``, play until the kill and after it; return each
    table's record (see :func:`table_figures`)."""
    tables = await seat_all(numbers, url, url, args.players)
    rngs = [random.Random(t.number) for t in tables]
    is_killed = killed.is_set
    deadline = [float("inf")]

    def done(t: TablePlay) -> bool:
        return t.after() >= args.after or time.perf_counter() > deadline[0]

    drivers = [asyncio.ensure_future(drive(t, args.think, r, done, is_killed))
               for t, r in zip(tables, rngs, strict=True)]  # fmt: skip
    while min(t.before() for t in tables) < args.moves:
        if any(s.fresh() for t in tables for s in t.seats):
            raise RuntimeError(
                "a table moved before the kill (its process's lease ran out: the machine is "
                "too busy for this many tables; try fewer or a longer --think)"
            )
        await asyncio.sleep(0.2)
    for t in tables:  # once the dead process fails its health check, as a proxy does
        for s in t.seats:
            s.client.url = proxy_pick(t.id, survivors)
    ready.put([t.id for t in tables])
    await asyncio.get_running_loop().run_in_executor(None, killed.wait)
    deadline[0] = time.perf_counter() + args.deadline
    await asyncio.gather(*drivers)
    records = [
        {"id": t.id, "acks": t.acks, "resumed": [s.resumed for s in t.seats]} for t in tables
    ]
    await _close(tables)
    return records


def _takeover_process(
    args: argparse.Namespace,
    url: str,
    survivors: list[str],
    numbers: list[int],
    ready: Queue[Any],
    killed: MpEvent,
    out: Queue[Any],
) -> None:
    try:
        out.put(asyncio.run(takeover_clients(args, url, survivors, numbers, ready, killed)))
    except BaseException as error:  # said to the parent, which stops everything
        ready.put(f"error: {error!r}")
        out.put(f"error: {error!r}")
        raise


async def watch_owners(db_url: str, ids: list[str], dead: str, within: float) -> dict[str, float]:
    """Poll the database every 50 ms: when (perf_counter) each of ``ids`` was first owned
    by a process other than ``dead``; stops when all are, or after ``within`` seconds."""
    import psycopg

    held: dict[str, float] = {}
    end = time.perf_counter() + within
    async with await psycopg.AsyncConnection.connect(db_url, autocommit=True) as db:
        while len(held) < len(ids) and time.perf_counter() < end:
            cursor = await db.execute(
                "SELECT id FROM tables WHERE id = ANY(%s) AND owner IS NOT NULL AND owner <> %s",
                (ids, dead),
            )
            now = time.perf_counter()
            for (table_id,) in await cursor.fetchall():
                held.setdefault(table_id, now)
            await asyncio.sleep(0.05)
    return held


def descendants(pid: int) -> list[int]:
    """The ids of every process under ``pid`` (its children, theirs, ...)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kill_all(pid: int) -> None:
    """``kill -9`` the process ``pid`` and its computer players' workers at once, as its
    machine going away would."""
    for target in [pid, *descendants(pid)]:
        with contextlib.suppress(ProcessLookupError):
            os.kill(target, signal.SIGKILL)


def takeover_main(args: argparse.Namespace) -> int:
    """Run the take-over measurement; print its JSON."""
    ctx = multiprocessing.get_context("fork")
    with tempfile.TemporaryDirectory() as data, database(args.database) as db_url:
        servers: list[subprocess.Popen[str]] = []
        workers: list[Any] = []
        try:
            urls = _start(db_url, Path(data), args, servers)
            if urls is None:
                return 1
            ready: Queue[Any] = ctx.Queue()
            out: Queue[Any] = ctx.Queue()
            killed = ctx.Event()
            numbers = list(range(args.tables))
            parts = [numbers[i :: args.processes] for i in range(args.processes)]
            for part in parts:
                task = (args, urls[0], urls[1:], part, ready, killed, out)
                worker = ctx.Process(target=_takeover_process, args=task)
                worker.start()
                workers.append(worker)
            ids: list[str] = []
            began = time.perf_counter()
            for _ in parts:
                got = ready.get(timeout=args.deadline + 60 + args.tables)
                if isinstance(got, str):
                    print(got, file=sys.stderr)
                    return 1
                ids += got
            seated = time.perf_counter() - began
            load = load_average()
            cpu = [server_usage(s.pid)[0] for s in servers[1:]]
            kill_all(servers[0].pid)
            killed_at = time.perf_counter()
            killed.set()
            servers[0].wait(10)
            held = asyncio.run(watch_owners(db_url, ids, "p1", args.deadline))
            records: list[dict[str, Any]] = []
            for _ in parts:
                got = out.get(timeout=args.deadline + 60)
                if isinstance(got, str):
                    print(got, file=sys.stderr)
                    return 1
                records += got
            spent = [server_usage(s.pid)[0] - c for s, c in zip(servers[1:], cpu, strict=True)]
        finally:
            _stop(servers, workers)
    figures = {
        "servers": args.servers,
        "players": args.players,
        "think_seconds": args.think,
        "moves_before_kill_at_least": args.moves,
        "lease_seconds": args.lease,
        "seat_and_play_seconds": round(seated, 1),
        "load_average_at_kill": load,
        "load_average_at_end": load_average(),
        **table_figures(records, killed_at, held),
        # from the kill until every table moved again (or the deadline): the take-over's
        # cost, with the few moves played after it
        "survivor_cpu_seconds_after_kill": [round(x, 2) for x in spent],
    }
    print(json.dumps(figures, indent=1))
    return 0


def _start(
    db_url: str, data: Path, args: argparse.Namespace, servers: list[subprocess.Popen[str]]
) -> list[str] | None:
    urls: list[str] = []
    for i in range(args.servers):
        server, address = start_server(db_url, data, i, ["--lease", str(args.lease)])
        servers.append(server)
        if address is None:
            return None
        urls.append(address)
    return urls


def _stop(servers: list[subprocess.Popen[str]], workers: list[Any]) -> None:
    for w in workers:
        if w.is_alive():
            w.terminate()
        w.join(10)
    for s in servers:
        if s.poll() is None:
            s.terminate()
    for s in servers:
        try:
            s.wait(60)
        except subprocess.TimeoutExpired:
            s.kill()
            s.wait(10)


# The relay ------------------------------------------------------------------------------------


async def relay_clients(
    args: argparse.Namespace,
    host_url: str,
    join_url: str,
    numbers: list[int],
    relay: bool,
    seated: Queue[Any],
    go: MpEvent,
) -> dict[str, Any]:
    """Seat ``numbers``' tables at ``host_url`` (their seats through ``join_url`` with
    ``relay``), say so on ``seated``, wait for ``go``, play ``args.moves`` moves at each;
    return the round trips (s) and moves."""
    tables = await seat_all(numbers, host_url, join_url, args.players, relay)
    seated.put("seated")
    await asyncio.get_running_loop().run_in_executor(None, go.wait)
    began = time.perf_counter()
    await asyncio.gather(*(drive(t, args.think, random.Random(t.number),
                                 lambda t: len(t.acks) >= args.moves) for t in tables))  # fmt: skip
    ended = time.perf_counter()
    await _close(list(tables))
    return {
        "trips": [x for t in tables for x in t.trips],
        "moves": sum(len(t.acks) for t in tables),
        "start": began,
        "end": ended,
    }


def _relay_process(
    args: argparse.Namespace,
    host_url: str,
    join_url: str,
    numbers: list[int],
    relay: bool,
    out: Queue[Any],
    go: MpEvent,
) -> None:
    try:
        out.put(asyncio.run(relay_clients(args, host_url, join_url, numbers, relay, out, go)))
    except BaseException as error:
        out.put(f"error: {error!r}")
        raise


def relay_main(args: argparse.Namespace) -> int:
    """Run the relay measurement; print its JSON."""
    ctx = multiprocessing.get_context("fork")
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as data, database(args.database) as db_url:
        servers: list[subprocess.Popen[str]] = []
        workers: list[Any] = []
        try:
            args.servers = 2
            urls = _start(db_url, Path(data), args, servers)
            if urls is None:
                return 1
            a, b = urls
            for name, join, relay in (("direct", b, False), ("relayed", a, True)):
                out: Queue[Any] = ctx.Queue()
                go = ctx.Event()
                numbers = list(range(args.tables))
                parts = [numbers[i :: args.processes] for i in range(args.processes)]
                workers = [ctx.Process(target=_relay_process,
                                       args=(args, b, join, part, relay, out, go))
                           for part in parts]  # fmt: skip
                for w in workers:
                    w.start()
                for _ in parts:
                    got = out.get(timeout=600)
                    if got != "seated":
                        print(got, file=sys.stderr)
                        return 1
                cpu = [server_usage(s.pid)[0] for s in servers]
                go.set()
                runs = []
                for _ in parts:
                    got = out.get(timeout=600)
                    if isinstance(got, str):
                        print(got, file=sys.stderr)
                        return 1
                    runs.append(got)
                for w in workers:
                    w.join(30)
                spent = [server_usage(s.pid)[0] - c for s, c in zip(servers, cpu, strict=True)]
                moves = sum(r["moves"] for r in runs)
                results[name] = {
                    "moves": moves,
                    "play_seconds": round(
                        max(r["end"] for r in runs) - min(r["start"] for r in runs), 1
                    ),
                    "round_trip_ms": percentiles([x * 1000 for r in runs for x in r["trips"]]),
                    "cpu_ms_per_move": {
                        "relaying_process_p1": round(1000 * spent[0] / max(1, moves), 3),
                        "table_process_p2": round(1000 * spent[1] / max(1, moves), 3),
                    },
                    "load_average": load_average(),
                }
        finally:
            _stop(servers, workers)
    figures = {
        "tables": args.tables,
        "players": args.players,
        "moves_per_table": args.moves,
        "think_seconds": args.think,
        **results,
    }
    print(json.dumps(figures, indent=1))
    return 0


def main() -> int:
    """Parse the options and run one measurement."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--servers", type=int, choices=(2, 3), default=2)
    p.add_argument("--database", help="PostgreSQL address (default: a throwaway cluster)")
    p.add_argument("--players", type=int, choices=(2, 4), default=4)
    p.add_argument(
        "--moves",
        type=int,
        default=None,
        help="moves every table plays before the kill (default 4); with --relay, moves "
        "per table (default 40)",
    )
    p.add_argument(
        "--after", type=int, default=2, help="moves every table plays after the kill (default 2)"
    )
    p.add_argument(
        "--think",
        type=float,
        default=4.0,
        help="seconds, about, a simulated person waits before a move (default 4: a table "
        "makes about 0.25 moves a second, people's pace)",
    )
    p.add_argument("--lease", type=float, default=5.0, help="the servers' --lease (default 5)")
    p.add_argument(
        "--deadline",
        type=float,
        default=60.0,
        help="seconds after the kill a table may take to come back before it counts as lost",
    )
    p.add_argument(
        "--processes",
        type=int,
        default=min(4, os.cpu_count() or 1),
        help="processes the simulated people are spread over (default: cores, at most 4)",
    )
    p.add_argument("--relay", action="store_true", help="measure the relay's cost instead")
    args = p.parse_args()
    if args.tables < 1 or args.processes < 1:
        p.error("--tables and --processes: at least 1")
    if args.moves is None:
        args.moves = 40 if args.relay else 4
    return relay_main(args) if args.relay else takeover_main(args)


if __name__ == "__main__":
    sys.exit(main())
