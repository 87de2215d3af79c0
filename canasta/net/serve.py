"""``canasta serve``: run the online server until interrupted (Ctrl+C or SIGTERM).

With ``--database postgresql://...`` several processes share one database: Ctrl+C or
SIGTERM first hands this process's tables to the others (see
:meth:`canasta.net.server.Server.drain`), and ``canasta serve --database URL --drain
PROCESS`` asks a running process to do so and stop, and waits until it has.

Exit status: 0 after a clean stop, 2 for bad arguments or a data folder that cannot be
used (the reason in one line, no traceback), 1 when the ``--stats`` file could not be
written at the stop (said in one line).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import signal
import ssl
import sys
from collections.abc import Iterator
from pathlib import Path

from canasta.arguments import ranged
from canasta.net import collector
from canasta.net.door import DoorConfig
from canasta.net.hub import ServerConfig

_seconds = ranged(float, 0.0, 10.0**7, above=True, what="expected seconds",
                  bounds="seconds must be above 0")  # fmt: skip
_port = ranged(int, 0, 65535, what="a port is a whole number",
               bounds="a port is from 0 to 65535, not {value}")  # fmt: skip
_rate = ranged(float, 0.0, 10.0**7, above=True, what="expected messages a second",
               bounds="messages a second must be above 0")  # fmt: skip
_workers = ranged(int, 1, 256, what="worker processes are a whole number",
                  bounds="worker processes are from 1 to 256, not {value}")  # fmt: skip
_budget = ranged(float, 0.0, 10.0, above=True, what="expected CPU seconds a search",
                 bounds="a search's CPU seconds are above 0, at most 10, not {value}")  # fmt: skip
_count = ranged(int, 1, 10**6, what="a count is a whole number",
                bounds="a count is from 1 to 1,000,000, not {value}")  # fmt: skip
#: The levels ``--log-level`` takes.
LOG_LEVELS = ("debug", "info", "warning", "error")


class JsonLines(logging.Formatter):
    """Every log record as one JSON line: the door's own lines as they are (they are JSON
    already, see :class:`canasta.net.door.DoorLog`), any other as time, level, logger and
    message."""

    def format(self, record: logging.LogRecord) -> str:
        """The record's line."""
        text = record.getMessage()
        if record.name == "canasta.net.door" and text.startswith("{"):
            return text
        stamp = self.formatTime(record, "%Y-%m-%dT%H:%M:%S")
        data = {"time": stamp, "level": record.levelname.lower(), "logger": record.name,
                "message": text}  # fmt: skip
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info)
        return json.dumps(data)


class _Terminal(logging.StreamHandler):  # type: ignore[type-arg]
    """Standard error as it is when a line is written (not as it was when the handler was
    made: a test may have swapped it meanwhile)."""

    def emit(self, record: logging.LogRecord) -> None:
        """Write ``record`` to the current standard error."""
        self.stream = sys.stderr
        super().emit(record)


class LogFileError(Exception):
    """The ``--log-file`` cannot be written; the message says why, in one line."""


@contextlib.contextmanager
def server_logging(level: str, path: Path | None) -> Iterator[None]:
    """While the server runs: its lines at ``level`` and above to standard error and, when
    ``path`` is given, to that file as JSON lines (rotated at 1 MB, three old files kept,
    so the log cannot fill the disk; see :class:`canasta.logs.LogFile`). The ``canasta``
    logger is as it was afterwards.

    Raises:
        LogFileError: when the file cannot be opened.
    """
    from canasta.logs import LogFile

    root = logging.getLogger("canasta")
    handlers: list[logging.Handler] = []
    terminal = _Terminal()
    terminal.setFormatter(logging.Formatter("canasta serve: %(message)s"))
    handlers.append(terminal)
    if path is not None:
        try:
            written = LogFile(path)
        except OSError as error:
            why = error.strerror or error
            raise LogFileError(f"--log-file {path}: cannot be written ({why})") from None
        written.setFormatter(JsonLines())
        handlers.append(written)
    before = root.level
    root.setLevel(level.upper())
    for handler in handlers:
        root.addHandler(handler)
    try:
        yield
    finally:
        for handler in handlers:
            root.removeHandler(handler)
            handler.close()
        root.setLevel(before)


def tables_resumed(count: int) -> str:
    """``"1 table resumed"``, ``"3 tables resumed"`` (the command line speaks English, as
    :mod:`canasta.cli` does)."""
    return f"{count} table resumed" if count == 1 else f"{count} tables resumed"


def _host(text: str) -> str:
    """An address to listen on; an empty one is refused (asyncio would read it as every
    network, e.g. from ``--host "$HOST"`` with the variable unset)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "an address to listen on, not an empty one (0.0.0.0: every network)"
        )
    return text.strip()


def stats_problem(path: Path) -> str | None:
    """Why the ``--stats`` file could not be written when the server stops, known now
    (a folder in its place, its folder missing or not a folder), or None."""
    if path.is_dir():
        return f"--stats {path}: is a folder"
    if not path.parent.is_dir():
        return f"--stats {path}: the folder {path.parent} does not exist"
    return None


def _unreadable(path: Path) -> str | None:
    """Why the file at ``path`` cannot be read (e.g. "Permission denied"), or None."""
    try:
        with path.open("rb"):
            return None
    except OSError as error:
        return error.strerror or str(error)


def write_stats(path: Path, figures: object) -> bool:
    """Write the server's figures to ``path`` as JSON; False (and one line on standard
    error) when that failed, e.g. the disk is full or the folder was removed."""
    try:
        path.write_text(json.dumps(figures, indent=1))
    except OSError as error:
        print(f"canasta serve: could not write the stats to {path}: "
              f"{error.strerror or error}", file=sys.stderr)  # fmt: skip
        return False
    return True


def budgets(hard: float | None, medium: float | None) -> dict[str, float]:
    """The searching levels' budgets named on the command line (CPU seconds by level)."""
    named = {"hard": hard, "medium": medium}
    return {level: seconds for level, seconds in named.items() if seconds is not None}


def parser() -> argparse.ArgumentParser:
    """The parser of ``canasta serve``."""
    p = argparse.ArgumentParser(
        prog="canasta serve", description="Host online Canasta tables (WebSocket server)."
    )
    p.add_argument(
        "--host",
        type=_host,
        default="127.0.0.1",
        help="address to listen on (0.0.0.0: every network; default 127.0.0.1)",
    )
    p.add_argument("--port", type=_port, default=8765, help="port (default 8765; 0: any)")
    p.add_argument(
        "--data",
        type=Path,
        default=Path("canasta-server"),
        help="folder of the database and finished games (default ./canasta-server)",
    )
    p.add_argument("--certfile", type=Path, help="TLS certificate (PEM) for wss://")
    p.add_argument("--keyfile", type=Path, help="TLS private key (PEM)")
    p.add_argument(
        "--grace",
        type=_seconds,
        default=60.0,
        help="seconds a dropped player's seat waits before a computer plays it",
    )
    p.add_argument(
        "--close-after",
        type=_seconds,
        default=600.0,
        help="seconds a table with nobody connected stays open (default 600)",
    )
    p.add_argument(
        "--sync",
        choices=("full", "normal"),
        default="full",
        help="full: every move on disk before it is acknowledged (default); "
        "normal: survives a killed server, not a power cut, and is faster",
    )
    p.add_argument("--rate", type=_rate, default=20.0, help="messages a second per client")
    door = DoorConfig()
    p.add_argument(
        "--per-address",
        type=_count,
        default=door.per_address,
        metavar="N",
        help=f"connections one address may hold open (default {door.per_address})",
    )
    p.add_argument(
        "--opens-per-second",
        type=_rate,
        default=door.open_rate,
        metavar="RATE",
        help=f"new connections one address may open a second, after a first "
        f"{door.open_burst:g} (default {door.open_rate:g}; faster ones get HTTP 429)",
    )
    p.add_argument(
        "--proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy in front of the server (repeatable): its connections count "
        "against the client its X-Forwarded-For names, not against the proxy",
    )
    p.add_argument(
        "--idle-after",
        type=_seconds,
        default=door.idle_after,
        metavar="SECONDS",
        help="close a connection with no table and no lobby after this long without a "
        f"message (default {door.idle_after:g})",
    )
    p.add_argument(
        "--log-level",
        type=str.lower,
        choices=LOG_LEVELS,
        default="warning",
        help="the least serious lines logged (default warning: refusals, drops, problems)",
    )
    p.add_argument(
        "--log-file",
        type=Path,
        metavar="FILE",
        help="also write the log to FILE, one JSON line each, rotated at 1 MB",
    )
    p.add_argument(
        "--computer-workers",
        type=_workers,
        metavar="N",
        help="worker processes where computer players think, at a lower priority than the "
        "server (default: one per core)",
    )
    p.add_argument(
        "--hard-budget",
        type=_budget,
        metavar="SECONDS",
        help="CPU seconds a hard computer player's search may take (default: the level's "
        "own, 0.1 with two players and 0.27 with four; its cap of sampled deals in "
        "proportion)",
    )
    p.add_argument(
        "--medium-budget",
        type=_budget,
        metavar="SECONDS",
        help="CPU seconds a medium computer player's search may take (default 0.02)",
    )
    p.add_argument(
        "--database",
        metavar="URL",
        help="PostgreSQL database shared by several server processes "
        "(postgresql://user@host/dbname); default: SQLite in --data, for one process",
    )
    p.add_argument(
        "--advertise",
        metavar="URL",
        help="with --database: the address the other processes reach this one at "
        "(default ws://HOST:PORT)",
    )
    p.add_argument(
        "--process-id", help="with --database: this process's name (default host-pid-random)"
    )
    p.add_argument(
        "--lease",
        type=_seconds,
        default=5.0,
        help="with --database: seconds a dead process keeps its tables before another "
        "takes them over (default 5)",
    )
    p.add_argument(
        "--drain",
        metavar="PROCESS",
        help="with --database: ask the running process PROCESS (its --process-id or "
        "--advertise address) to hand its tables to the others and stop; wait until it has",
    )
    p.add_argument(
        "--stats",
        type=Path,
        metavar="FILE",
        help="measure event-loop lag, garbage-collector pauses, database commits and intent "
        "handling, and write them to FILE as JSON when the server stops",
    )
    return p


def serve_command(argv: list[str]) -> int:
    """Run ``canasta serve``; return the exit status."""
    args = parser().parse_args(argv)
    if (args.certfile is None) != (args.keyfile is None):
        print("canasta serve: --certfile and --keyfile go together", file=sys.stderr)
        return 2
    for option, path in (("--certfile", args.certfile), ("--keyfile", args.keyfile)):
        if path is not None and not path.is_file():  # named, not "cannot listen: Errno 2"
            print(f"canasta serve: {option} {path}: no such file", file=sys.stderr)
            return 2
        problem = _unreadable(path) if path is not None else None
        if problem is not None:  # named, not "cannot listen on ...: Permission denied"
            print(f"canasta serve: {option} {path}: cannot be read ({problem})", file=sys.stderr)
            return 2
    for option in ("advertise", "process_id", "drain"):
        if getattr(args, option) is not None and args.database is None:
            print(f"canasta serve: --{option.replace('_', '-')} goes with --database",
                  file=sys.stderr)  # fmt: skip
            return 2
    if args.database is not None and not args.database.startswith(("postgresql:", "postgres:")):
        print("canasta serve: --database takes a postgresql:// address", file=sys.stderr)
        return 2
    if args.drain is not None:
        return drain_command(args.database, args.drain)
    problem = stats_problem(args.stats) if args.stats is not None else None
    if problem is not None:  # said now, not after the server has run for hours
        print(f"canasta serve: {problem}", file=sys.stderr)
        return 2
    door_burst = DoorConfig().open_burst
    config = ServerConfig(
        host=args.host,
        port=args.port,
        data=args.data,
        certfile=args.certfile,
        keyfile=args.keyfile,
        grace=args.grace,
        close_after=args.close_after,
        rate=args.rate,
        burst=max(args.rate * 2, 10.0),
        synchronous=args.sync.upper(),
        workers=args.computer_workers,
        budgets=budgets(args.hard_budget, args.medium_budget),
        database=args.database,
        process=args.process_id,
        advertise=args.advertise,
        lease=args.lease,
        door=DoorConfig(
            per_address=args.per_address,
            idle_after=args.idle_after,
            open_rate=args.opens_per_second,
            open_burst=max(door_burst, args.per_address + 8.0),
            proxies=tuple(args.proxy),
        ),
    )
    try:
        with server_logging(args.log_level, args.log_file):
            return asyncio.run(_run(config, args.stats))
    except LogFileError as error:
        print(f"canasta serve: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0


async def _run(config: ServerConfig, stats_file: Path | None = None) -> int:
    from canasta.net.database import StorageError
    from canasta.net.server import Server
    from canasta.net.timing import ServerStats

    stats = ServerStats() if stats_file is not None else None
    try:
        server = Server(config, stats=stats)
        server.hub.ai.warm()
        # What is loaded by now (modules, rule sets, models: about 40,000 objects) lives as
        # long as the process: out of the collector's passes, which then scan only the
        # tables and connections; full passes come from a timer (canasta.net.collector).
        collector.settle()
        port = await server.start()
    except StorageError as error:
        print(f"canasta serve: {error}", file=sys.stderr)
        return 2
    except ssl.SSLError as error:  # a certificate or key that is not one, or not a pair
        print(
            f"canasta serve: cannot use the certificate {config.certfile} with the key "
            f"{config.keyfile}: {error}",
            file=sys.stderr,
        )
        return 2
    except (OSError, ValueError) as error:  # port in use
        print(
            f"canasta serve: cannot listen on {config.host}:{config.port}: {error}", file=sys.stderr
        )
        return 2
    scheme = "wss" if config.certfile else "ws"
    where = f"data in {config.data}"
    if server.cluster is not None:
        where = f"process {server.hub.store.owner} over PostgreSQL"
    print(
        f"canasta serve: listening on {scheme}://{config.host}:{port} "
        f"({where}, {tables_resumed(len(server.runners))})",
        flush=True,
    )
    # The same port answers web pages: the browser client (canasta/net/http.py).
    web_host = "THIS-MACHINE" if config.host in ("0.0.0.0", "::") else config.host
    web = f"{'https' if config.certfile else 'http'}://{web_host}:{port}/"
    print(f"canasta serve: browsers and phones play at {web}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    if stats is not None:
        stats.start()
    full = collector.start()
    if server.cluster is not None:  # canasta serve --drain stops it too
        asked = loop.create_task(server.cluster.drain_asked.wait())
        await asyncio.wait([asked, loop.create_task(stop.wait())],
                           return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
    else:
        await stop.wait()
    collector.stop(full)
    await server.stop()
    if stats is not None and stats_file is not None:
        stats.stop()
        if not write_stats(stats_file, stats.figures()):
            return 1
    return 0


def drain_command(database: str, process: str, within: float = 120.0) -> int:
    """``canasta serve --database URL --drain PROCESS``: ask the process to hand its
    tables over and stop, then wait (``within`` seconds at most) until it has; 0 when it
    did, 1 when it was still running then, 2 when there is no such process."""
    import secrets
    import time

    from canasta.net.database import StorageError
    from canasta.net.database_pg import PgStore

    try:
        store = PgStore(database, Path("."), f"drain-{secrets.token_hex(4)}")
        asked = store.drain(process)
        if not asked:
            print(f"canasta serve: no process {process} runs over this database",
                  file=sys.stderr)  # fmt: skip
            return 2
        print(f"canasta serve: draining {', '.join(asked)}: {store.held_by(asked)} tables",
              flush=True)  # fmt: skip
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            if not store.running(asked):
                print(f"canasta serve: {', '.join(asked)} handed its tables over and stopped")
                return 0
            time.sleep(0.2)
    except StorageError as error:
        print(f"canasta serve: {error}", file=sys.stderr)
        return 2
    print(f"canasta serve: {', '.join(asked)} still running after {within:.0f} s",
          file=sys.stderr)  # fmt: skip
    return 1
