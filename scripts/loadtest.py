"""Load test of the online server: N tables of 4 simulated seats playing random legal moves.

Starts ``canasta serve`` in its own process on a free loopback port (a fresh data folder),
seats ``--tables`` tables of ``--players`` seats each, ``--computers`` of them the server's
computer players at ``--level`` and the rest people (every person a simulated client in
this process), plays ``--hands`` hands at every table at once, and prints JSON: tables,
moves, the round trip from an intent to the mover's updated view (median, 99th
percentile and maximum, ms), the server's CPU seconds and its peak memory (MiB, VmHWM).

The round trip is what a player's client sees: the intent sent, the server's check, save
and views, both ways over loopback, and this process reading the answer. All the seats
share this one process, so its own stalls count too; to tell them apart the JSON also has:

- ``round_trip_by_phase``: the first 10 s of play (seats connecting, deals, first views)
  apart from the rest, and when the slowest 1% of moves were sent;
- ``server`` (from ``canasta serve --stats``): the server's event-loop lag, its garbage
  collector's pauses (wall and CPU ms per generation), its group commits, and the time
  from an intent's arrival to its answer and views queued (the server's share);
- ``client``: the same lag and collector figures for this process, its CPU seconds and
  peak memory; its collector is off while the seats play unless ``--client-gc`` (a list,
  one per process, with ``--processes N``: the seats spread over N processes, as
  people's clients are, so one process's stall holds up only its own seats).

With computers the round trips are still the people's, now with computers thinking in the
server's worker processes beside them; ``server`` then also has ``think_ms`` (a decision's
wait for its answer) and ``think_cpu_ms`` (its CPU time in the worker).

Usage: python -m scripts.loadtest [--tables 100] [--players 4] [--hands 1] [--think S]
    [--sync full|normal] [--processes N] [--client-gc] [--computers N --level LEVEL]
    [--computer-workers N] [--hard-budget SECONDS] [--servers N [--database URL]]

``--servers N`` runs N server processes over one PostgreSQL database instead (see
:mod:`scripts.loadtest_servers`).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from canasta.ai.levels import LEVELS
from canasta.net.bot import play_hand
from canasta.net.client import Client
from canasta.net.timing import ServerStats

#: The first seconds of play, reported apart (seats connecting, deals, first views).
OPENING = 10.0


def server_usage(pid: int) -> tuple[float, float]:
    """CPU seconds (user + system) and peak resident memory (MiB) of a process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])

    cpu = ticks / os.sysconf("SC_CLK_TCK")
    peak = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1]) / 1024
    return cpu, peak


async def table(
    url: str,
    args: argparse.Namespace,
    seed: int,
    times: list[tuple[float, float]],
) -> int:
    """Seat one table: ``args.players`` chairs, the first ``players - computers`` of them
    simulated people, the rest the server's computers; play ``args.hands`` hands and
    return the people's moves."""
    people = args.players - args.computers
    clients = [Client(url, f"Seat{i}", reconnect=False, keep=False) for i in range(people)]
    for c in clients:
        await c.connect(30)
    info = await clients[0].create(players=args.players, public=False, level=args.level)
    for i, c in enumerate(clients[1:], start=1):
        await c.join(i, table=info.id)
    for c in clients:
        await c.ready()
    await host_when_ready(clients[0], people)
    moves = 0
    for hand in range(args.hands):
        for c in clients:
            await c.wait(lambda c=c: c.view is not None and c.hand_over is None, 120)
        rngs = [random.Random(seed * 10 + i + hand * 1000) for i in range(people)]
        counts = await asyncio.gather(
            *(play_hand(c, r, times, 300, args.think) for c, r in zip(clients, rngs, strict=True))
        )
        moves += sum(counts)
        if hand + 1 < args.hands:
            for c in clients:
                await c.next_hand()
    for c in clients:
        await c.close()
    return moves


async def host_when_ready(client: Client, people: int, timeout: float = 60.0) -> None:
    """As the host: wait until the table's ``people`` people are seated and ready, then
    start (the other chairs are the server's computers)."""

    def all_ready() -> bool:
        table = client.table
        seated = [c for c in table.chairs if c.name is not None] if table else []
        return len(seated) == people and all(c.ready for c in seated)

    await client.wait(all_ready, timeout)
    await client.start()


async def main_async(
    args: argparse.Namespace, url: str, stats: ServerStats, tables: list[int]
) -> tuple[int, list[tuple[float, float]]]:
    times: list[tuple[float, float]] = []
    stats.start()
    try:
        counts = await asyncio.gather(*(table(url, args, n, times) for n in tables))
    finally:
        stats.stop()
    return sum(counts), times


def run_clients(args: argparse.Namespace, url: str, tables: list[int]) -> dict[str, Any]:
    """Play ``tables`` (their numbers) in this process; return its moves, round trips
    (``(sent, seconds)``), start and end (``perf_counter``, the same clock in every process
    on Linux), CPU seconds and its own lag and collector figures."""
    gc.collect()  # the modules stay: out of the collector's full passes (as the server)
    gc.freeze()
    if not args.client_gc:
        # This one heap holds up to 400 seats; a person's client holds one. Its collections
        # (gen0 ones of 2,000 to 21,000 young objects, 9 ms of CPU on average at 100
        # tables) would pause every seat at once and count in their round trips; the
        # memory this costs is printed (peak_memory_mib in the client figures).
        gc.disable()
    stats = ServerStats()
    cpu, start = time.process_time(), time.perf_counter()
    moves, times = asyncio.run(main_async(args, url, stats, tables))
    gc.enable()
    return {
        "moves": moves,
        "peak_memory_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "times": times,
        "start": start,
        "end": time.perf_counter(),
        "cpu_seconds": round(time.process_time() - cpu, 2),
        "loop_lag_ms": stats.lag.figures(top=5),
        "gc_pause_ms": {f"gen{g}": s.figures() for g, s in stats.gc.items()},
        "gc_cpu_ms": {f"gen{g}": s.figures() for g, s in stats.gc_cpu.items()},
    }


def load_average() -> list[float]:
    """The machine's load average over 1, 5 and 15 minutes (at the end of the run)."""
    return [round(x, 2) for x in os.getloadavg()]


def percentiles(ms: list[float]) -> dict[str, float]:
    """Count, median, 99th percentile and maximum of ``ms`` (sorted here)."""
    ms = sorted(ms)
    if not ms:
        return {"count": 0}
    return {
        "count": len(ms),
        "median": round(statistics.median(ms), 2),
        "p99": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
        "max": round(ms[-1], 2),
    }


def by_phase(times: list[tuple[float, float]], first: float) -> dict[str, Any]:
    """The round trips of the first :data:`OPENING` seconds of play and of the rest, and
    how many of the slowest 1% fell in those first seconds."""
    if not times:
        return {}
    start = min(t for t, _ in times)
    early = [rt * 1000 for t, rt in times if t - start < first]
    late = [rt * 1000 for t, rt in times if t - start >= first]
    ordered = sorted(times, key=lambda x: x[1], reverse=True)[: max(1, len(times) // 100)]
    return {
        f"first_{first:g}s": percentiles(early),
        "after": percentiles(late),
        "slowest_1pct_in_first": sum(1 for t, _ in ordered if t - start < first),
        "slowest_1pct": len(ordered),
        "slowest_at_s": [round(t - start, 1) for t, _ in ordered[:10]],
    }


def round_trips(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The clients' figures together: moves, wall seconds, move round trips in ms (median,
    99th percentile, most; and by phase of the hand) and the clients' CPU seconds. Takes
    each run's ``times``, ``start`` and ``end`` out of it (the rest is printed as it is)."""
    moves = sum(r["moves"] for r in runs)
    times = [t for r in runs for t in r.pop("times")]
    wall = max(r.pop("end") for r in runs) - min(r.pop("start") for r in runs)
    ms = sorted(rt * 1000 for _, rt in times)
    return {
        "moves": moves,
        "wall_seconds": round(wall, 2),
        "round_trip_ms": {
            "median": round(statistics.median(ms), 2),
            "p99": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
            "max": round(ms[-1], 2),
        },
        "round_trip_by_phase": by_phase(times, OPENING),
        "client_cpu_seconds": round(sum(r["cpu_seconds"] for r in runs), 2),
    }


def main() -> int:
    """Run the load test; print the JSON figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--players", type=int, choices=(2, 4), default=4)
    p.add_argument("--hands", type=int, default=1)
    p.add_argument(
        "--computers",
        type=int,
        default=0,
        help="chairs of each table the server's computer players take (default 0)",
    )
    p.add_argument(
        "--level", choices=LEVELS, default="medium", help="the computers' level (default medium)"
    )
    p.add_argument(
        "--computer-workers", type=int, help="the server's worker processes (default: its own)"
    )
    p.add_argument("--hard-budget", type=float, help="the server's hard budget (CPU seconds)")
    p.add_argument(
        "--server-profile",
        metavar="FILE",
        help="run the server under cProfile and write its profile to FILE (pstats format)",
    )
    p.add_argument("--sync", choices=("full", "normal"), default="full")
    p.add_argument(
        "--processes",
        type=int,
        default=1,
        help="processes the simulated seats are spread over (tables dealt round; default 1)",
    )
    p.add_argument(
        "--client-gc",
        action="store_true",
        help="keep the garbage collector on in the simulated seats' process (default: off "
        "while they play, as one seat's client collects far less than 400 seats' do)",
    )
    p.add_argument(
        "--no-server-stats",
        action="store_true",
        help="do not ask the server for its figures (a server older than `serve --stats`)",
    )
    p.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a simulated person waits before each move (0: at once, "
        "every table as fast as it can, which measures saturation)",
    )
    from scripts.loadtest_servers import add_options, fleet_main

    add_options(p)
    args = p.parse_args()
    if args.servers:
        return fleet_main(args)
    if not 0 <= args.computers < args.players:
        p.error(f"--computers: from 0 to {args.players - 1} (a person hosts each table)")
    extra = []
    if args.computer_workers is not None:
        extra += ["--computer-workers", str(args.computer_workers)]
    if args.hard_budget is not None:
        extra += ["--hard-budget", str(args.hard_budget)]
    with tempfile.TemporaryDirectory() as data:
        profile = ["-m", "cProfile", "-o", args.server_profile] if args.server_profile else []
        server = subprocess.Popen(
            [sys.executable, *profile, "-m", "canasta", "serve", "--port", "0", "--data", data,
             "--rate", "100", "--sync", args.sync,
             "--per-address", "1000000", "--opens-per-second", "1000000"]  # all on 127.0.0.1
            + extra
            + ([] if args.no_server_stats else ["--stats", f"{data}/stats.json"]),
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            found = re.search(r"ws://[\d.]+:(\d+)", line)
            if found is None:
                print(f"the server did not start: {line!r}", file=sys.stderr)
                return 1
            url = f"ws://127.0.0.1:{found.group(1)}"
            numbers = list(range(args.tables))
            if args.processes == 1:
                runs = [run_clients(args, url, numbers)]
            else:
                parts = [(args, url, numbers[i :: args.processes]) for i in range(args.processes)]
                with multiprocessing.get_context("fork").Pool(args.processes) as pool:
                    runs = pool.starmap(run_clients, parts)
            cpu, peak = server_usage(server.pid)
        finally:
            server.terminate()
            server.wait(30)
        stats_file = Path(data) / "stats.json"
        server_stats = json.loads(stats_file.read_text()) if stats_file.exists() else {}
    played = round_trips(runs)
    figures = {
        "tables": args.tables,
        "players": args.players,
        "computers_per_table": args.computers,
        "level": args.level if args.computers else None,
        "load_average": load_average(),
        "hands_per_table": args.hands,
        "sync": args.sync,
        "think_seconds": args.think,
        **played,
        "server_cpu_seconds": round(cpu, 2),
        "server_peak_memory_mib": round(peak, 1),
        "server": server_stats,
        "client_processes": args.processes,
        "client": runs[0] if len(runs) == 1 else runs,
    }
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
