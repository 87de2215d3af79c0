"""The load test over several server processes sharing one PostgreSQL database
(``python -m scripts.loadtest --servers N``; see :mod:`scripts.loadtest`).

Starts ``--servers`` ``canasta serve --database`` processes (over ``--database``, or a
throwaway PostgreSQL cluster started here as the tests do), deals the tables round them
(every seat of a table at the process that runs it, as a front proxy routing by the
table's id does), plays, and prints the load test's JSON with, per server process, its
CPU seconds, peak memory and ``--stats`` figures, and the database's CPU seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from scripts.loadtest import load_average, round_trips, run_clients, server_usage


@contextlib.contextmanager
def database(url: str | None) -> Iterator[str]:
    """``url``, or a throwaway cluster's new database (stopped after)."""
    if url is not None:
        yield url
        return
    from tests.cluster.postgres import cluster, new_database

    with cluster(fsync=True) as base:  # commits on disk, as a production database's
        yield new_database(base, "loadtest")


def postgres_cpu() -> float:
    """CPU seconds of every ``postgres`` process of this machine (the throwaway cluster's
    when it is the only one)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError):
            text = stat.read_text()
            if "(postgres)" in text:
                total += server_usage(int(stat.parent.name))[0]
    return total


def wal_position(url: str) -> int:
    """The database's write-ahead log position (bytes since its start)."""
    import psycopg

    with psycopg.connect(url) as db:
        row = db.execute("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')").fetchone()
    return int(row[0]) if row else 0


def start_server(
    url: str, data: Path, i: int, extra: list[str] | None = None
) -> tuple[subprocess.Popen[str], str | None]:
    """Start ``canasta serve --database url`` as process ``p{i + 1}`` (its data in
    ``data/p{i}``, on a free loopback port, the limits per address lifted: every simulated
    person comes from 127.0.0.1); return it and its ``ws://`` address (None, said on
    stderr, when it did not start)."""
    server = subprocess.Popen(
        [sys.executable, "-m", "canasta", "serve", "--port", "0",
         "--data", str(data / f"p{i}"), "--rate", "100", "--database", url,
         "--process-id", f"p{i + 1}", *(extra or []),
         "--per-address", "1000000", "--opens-per-second", "1000000"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r"ws://[\d.]+:(\d+)", line)
    if found is None:
        print(f"a server did not start: {line!r}", file=sys.stderr)
        return server, None
    return server, f"ws://127.0.0.1:{found.group(1)}"


def fleet_main(args: argparse.Namespace) -> int:
    """Run the load test over ``args.servers`` processes; print the JSON figures."""
    with tempfile.TemporaryDirectory() as data, database(args.database) as url:
        servers: list[subprocess.Popen[str]] = []
        urls: list[str] = []
        try:
            for i in range(args.servers):
                stats = [] if args.no_server_stats else ["--stats", f"{data}/stats{i}.json"]
                server, address = start_server(url, Path(data), i, stats)
                servers.append(server)
                if address is None:
                    return 1
                urls.append(address)
            db_cpu, wal = postgres_cpu(), wal_position(url)
            numbers = list(range(args.tables))
            # As many seats' processes for every server (rounded up): each gets as many tables.
            count = args.servers * -(-max(args.processes, args.servers) // args.servers)
            parts = [(args, urls[i % args.servers], numbers[i::count]) for i in range(count)]
            with multiprocessing.get_context("fork").Pool(count) as pool:
                runs = pool.starmap(run_clients, parts)
            usage = [server_usage(s.pid) for s in servers]
            db_cpu, wal = postgres_cpu() - db_cpu, wal_position(url) - wal
        finally:
            for server in servers:  # all at once: none waits to hand its tables over
                server.terminate()
            for server in servers:
                server.wait(60)
        server_stats = []
        for i in range(args.servers):
            path = Path(data) / f"stats{i}.json"
            server_stats.append(json.loads(path.read_text()) if path.exists() else {})
    played = round_trips(runs)
    moves = played["moves"]
    figures = {
        "tables": args.tables,
        "players": args.players,
        "hands_per_table": args.hands,
        "think_seconds": args.think,
        "servers": args.servers,
        "load_average": load_average(),
        **played,
        "server_cpu_seconds": [round(cpu, 2) for cpu, _ in usage],
        "server_cpu_ms_per_move": round(1000 * sum(cpu for cpu, _ in usage) / max(1, moves), 3),
        "server_peak_memory_mib": [round(peak, 1) for _, peak in usage],
        "database_cpu_seconds": round(db_cpu, 2),
        "database_cpu_ms_per_move": round(1000 * db_cpu / max(1, moves), 3),
        "database_log_kib_per_move": round(wal / 1024 / max(1, moves), 2),
        "server": server_stats,
        "client_processes": count,
    }
    print(json.dumps(figures, indent=1))
    return 0


def add_options(p: argparse.ArgumentParser) -> None:
    """The load test's options for several server processes."""
    p.add_argument(
        "--servers",
        type=int,
        default=0,
        help="server processes over one PostgreSQL database (0: one over SQLite, as usual)",
    )
    p.add_argument(
        "--database",
        help="with --servers: the PostgreSQL address (default: a throwaway cluster)",
    )
