"""The server's database in PostgreSQL (``canasta serve --database postgresql://...``),
shared by several server processes, through psycopg 3.

The same tables as the SQLite store (:mod:`canasta.net.database`) plus what several processes
need to share:

- ``tables`` also holds each table's join ``code`` and its ``owner``: the process that
  runs it. Every write of a table's row checks that this process is still its owner; a
  process whose table was taken over can no longer save a move of it
  (:class:`LeaseLost`), so two processes never both play it.
- ``processes``: each running process, the address other processes reach it at, when it
  was last ``seen`` (seconds since the epoch, on the processes' clocks: keep them in step
  with NTP), and whether it is draining. The lease on a table is its owner's: it runs
  until the owner's ``seen`` plus the lease's length, and a process renews all of its
  leases at once by saying it is alive (one row written, however many tables it runs).
- ``lobby``: the lobby's line of each public table, written by the process that runs it;
  every change is announced with ``NOTIFY canasta_lobby`` (see :mod:`canasta.net.cluster`).

Durability: a commit returns once PostgreSQL has it on disk (``synchronous_commit=on``,
PostgreSQL's default: keep it so), and a move is acknowledged to the players only after
its commit, so an acknowledged move survives any server process being killed, and the
database server's crash as PostgreSQL's own durability does. Moves that arrive together
are committed in one transaction, each in its own savepoint, as with SQLite.

Use one :class:`PgStore` from one thread at a time (the server's database thread).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from canasta.net.database import Job, StorageError, TableStore, rebuild
from canasta.net.tables import Table

#: The schema, created by the first process (under an advisory lock, so several
#: processes starting together do not race).
SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, status TEXT NOT NULL,
    meta TEXT NOT NULL, game TEXT, updated DOUBLE PRECISION NOT NULL, code TEXT,
    owner TEXT);
CREATE INDEX IF NOT EXISTS tables_code ON tables (code) WHERE status <> 'closed';
CREATE INDEX IF NOT EXISTS tables_owner ON tables (owner) WHERE status <> 'closed';
CREATE TABLE IF NOT EXISTS moves (table_id TEXT NOT NULL, seq INTEGER NOT NULL,
    move TEXT NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE IF NOT EXISTS tokens (hash TEXT PRIMARY KEY, table_id TEXT NOT NULL,
    chair INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS records (game_id TEXT PRIMARY KEY, table_id TEXT NOT NULL,
    record TEXT NOT NULL, finished DOUBLE PRECISION NOT NULL);
CREATE TABLE IF NOT EXISTS processes (id TEXT PRIMARY KEY, url TEXT NOT NULL,
    seen DOUBLE PRECISION NOT NULL, draining BOOLEAN NOT NULL DEFAULT false);
CREATE TABLE IF NOT EXISTS lobby (table_id TEXT PRIMARY KEY, info TEXT NOT NULL);
"""

#: The channel of the lobby's changes.
CHANNEL = "canasta_lobby"

#: The statements of each operation of a job (see :data:`canasta.net.database.SQLITE`);
#: every one gets the store's ``owner`` besides its own arguments.
POSTGRES = {
    "put_table": "INSERT INTO tables VALUES (%(id)s, %(status)s, %(meta)s, %(game)s, "
    "%(updated)s, %(code)s, %(owner)s) ON CONFLICT (id) DO UPDATE SET "
    "status = EXCLUDED.status, meta = EXCLUDED.meta, game = EXCLUDED.game, "
    "updated = EXCLUDED.updated, code = EXCLUDED.code WHERE tables.owner = EXCLUDED.owner",
    "clear_moves": "DELETE FROM moves WHERE table_id = %(id)s",
    "put_token": "INSERT INTO tokens VALUES (%(hash)s, %(id)s, %(chair)s) ON CONFLICT (hash) "
    "DO UPDATE SET table_id = EXCLUDED.table_id, chair = EXCLUDED.chair",
    "add_move": "INSERT INTO moves VALUES (%(id)s, %(seq)s, %(move)s)",
    "set_meta": "UPDATE tables SET meta = %(meta)s, updated = %(updated)s "
    "WHERE id = %(id)s AND owner = %(owner)s",
    "put_record": "INSERT INTO records VALUES (%(game_id)s, %(id)s, %(record)s, %(finished)s) "
    "ON CONFLICT (game_id) DO UPDATE SET record = EXCLUDED.record",
}

#: Operations that write the table's row only where this process owns it.
FENCED = ("put_table", "set_meta")


class LeaseLost(StorageError):
    """This process no longer runs the table (another took it over): nothing was saved."""

    def __init__(self, table_id: str) -> None:
        super().__init__(
            f"cannot save: table {table_id} is run by another server process now",
            "the table moved to another server process",
        )
        self.table_id = table_id


def _import_psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StorageError(
            "--database postgresql:// needs psycopg: pip install 'psycopg[binary]'"
        ) from None
    return psycopg


class PgStore(TableStore):
    """The PostgreSQL database at ``url``, as the process ``owner``.

    Args:
        url: a libpq connection string (``postgresql://user@host:port/dbname``).
        folder: the data folder (finished games are written there as files too).
        owner: this process's id (unique among the processes sharing the database).
        lease: seconds a lease lasts from its last renewal.
        clock: seconds since the epoch (injectable: tests move it past a lease).

    Raises:
        StorageError: when the database cannot be reached or its schema created.
    """

    def __init__(
        self,
        url: str,
        folder: Path,
        owner: str,
        lease: float = 5.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.psycopg = _import_psycopg()
        self.url, self.folder, self.owner = url, folder, owner
        self.lease, self.clock = lease, clock
        self.address = ""  # where the other processes reach this one (see register)
        self.checkpoint_db = None
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(f"cannot use the data folder {folder}: {error}") from None
        self.db = self._connect()
        try:
            with self.db.transaction():
                self.db.execute("SELECT pg_advisory_xact_lock(7246)")
                self.db.execute(SCHEMA)
        except self.psycopg.Error as error:
            raise StorageError(f"cannot create the schema: {_reason(error)}") from None

    def _connect(self) -> Any:
        try:
            return self.psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except self.psycopg.Error as error:
            raise StorageError(f"cannot reach the database: {_reason(error)}") from None

    def _db(self) -> Any:
        """The connection, made again when it was lost (a restarted database server)."""
        if self.db.closed or self.db.broken:
            self.db = self._connect()
        return self.db

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def query(self, sql: str, args: Any = None) -> list[tuple[Any, ...]]:
        """Run one statement in its own transaction; return its rows (none for a write).

        Raises:
            StorageError: when the database cannot be reached or refuses it.
        """
        try:
            cursor = self._db().execute(sql, args)
            return cursor.fetchall() if cursor.description is not None else []
        except self.psycopg.Error as error:
            raise StorageError(f"database: {_reason(error)}") from None

    def commit(self, jobs: list[Job]) -> list[StorageError | None]:
        """Write several jobs in one transaction (one sync for all), each in a savepoint;
        a job whose table this process no longer owns gets :class:`LeaseLost`."""
        results: list[StorageError | None] = [None] * len(jobs)
        extra = {"owner": self.owner}
        try:
            db = self._db()
            with db.transaction():
                for i, job in enumerate(jobs):
                    try:
                        with db.transaction():  # a savepoint
                            for op, args in job.statements:
                                cursor = db.execute(POSTGRES[op], {**args, **extra})
                                if op in FENCED and cursor.rowcount != 1:
                                    raise LeaseLost(args["id"])
                    except LeaseLost as error:
                        results[i] = error
                    except self.psycopg.Error as error:
                        if db.broken:
                            raise
                        results[i] = StorageError(f"cannot save: {_reason(error)}", _reason(error))
        except (self.psycopg.Error, StorageError) as error:
            failed = StorageError(f"cannot save: {_reason(error)}", _reason(error))
            return [failed] * len(jobs)
        for i, job in enumerate(jobs):
            if results[i] is None:
                results[i] = self.write_file(job)
        return results

    # Reading --------------------------------------------------------------------------------

    def table_of(self, digest: str) -> tuple[str, int] | None:
        """The table id and chair of a token's SHA-256, or None."""
        rows = self.query("SELECT table_id, chair FROM tokens WHERE hash = %s", (digest,))
        return (rows[0][0], rows[0][1]) if rows else None

    def has_record(self, game_id: str) -> bool:
        """Whether the finished game ``game_id`` is kept."""
        return bool(self.query("SELECT 1 FROM records WHERE game_id = %s", (game_id,)))

    def load(self, table_id: str) -> Table:
        """Rebuild one table from its row and moves (one snapshot of both).

        Raises:
            StorageError: for a table that is not there or does not replay.
        """
        table = self.load_many([table_id])[table_id]
        if isinstance(table, StorageError):
            raise table
        return table

    def load_many(self, table_ids: list[str]) -> dict[str, Table | StorageError]:
        """Rebuild several tables from their rows and moves, read in one snapshot by two
        statements however many there are (a take-over of hundreds of tables reads them
        at once, not one by one); each id maps to its table, or to the error that kept it
        from being rebuilt (not there, does not replay).

        Raises:
            StorageError: when the database cannot be read.
        """
        try:
            db = self._db()
            with db.transaction():
                db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                rows = db.execute(
                    "SELECT id, meta, game FROM tables WHERE id = ANY(%s)", (table_ids,)
                ).fetchall()
                moves = db.execute(
                    "SELECT table_id, move FROM moves WHERE table_id = ANY(%s) "
                    "ORDER BY table_id, seq",
                    (table_ids,),
                ).fetchall()
        except self.psycopg.Error as error:
            raise StorageError(f"database: {_reason(error)}") from None
        played: dict[str, list[str]] = {}
        for table_id, text in moves:
            played.setdefault(table_id, []).append(text)
        found = {table_id: (meta, game) for table_id, meta, game in rows}
        tables: dict[str, Table | StorageError] = {}
        for table_id in table_ids:
            if table_id not in found:
                tables[table_id] = StorageError(f"no table {table_id}")
                continue
            meta, game = found[table_id]
            try:
                tables[table_id] = rebuild(table_id, meta, game, played.get(table_id, []))
            except StorageError as error:
                tables[table_id] = error
        return tables

    def open_tables(self) -> list[str]:
        """The ids of every table not closed."""
        return [r[0] for r in self.query("SELECT id FROM tables WHERE status <> 'closed'")]

    def table_with_code(self, code: str) -> str | None:
        """The id of the open table with the join ``code``, or None."""
        rows = self.query("SELECT id FROM tables WHERE code = %s AND status <> 'closed'", (code,))
        return rows[0][0] if rows else None

    # Processes and leases -------------------------------------------------------------------

    #: The open tables nobody runs: no owner, an owner no longer registered, or one not
    #: seen for a lease (``%(dead)s``: the time before which a process counts as dead).
    ORPHANED = (
        "(owner IS NULL OR owner IN (SELECT id FROM processes WHERE seen < %(dead)s) "
        "OR NOT EXISTS (SELECT 1 FROM processes p WHERE p.id = owner))"
    )

    def register(self, url: str) -> None:
        """Say this process runs, reachable at ``url`` (its ``ws://`` address for the other
        processes); forget processes not seen for an hour (killed, never drained)."""
        old = self.clock() - 3600.0
        self.query(
            "UPDATE tables SET owner = NULL WHERE owner IN "
            "(SELECT id FROM processes WHERE seen < %s)",
            (old,),
        )
        self.query("DELETE FROM processes WHERE seen < %s", (old,))
        self.query(
            "INSERT INTO processes VALUES (%s, %s, %s, false) ON CONFLICT (id) DO UPDATE "
            "SET url = EXCLUDED.url, seen = EXCLUDED.seen, draining = false",
            (self.owner, url, self.clock()),
        )
        self.address = url

    def unregister(self) -> None:
        """This process stops: forget it, and give back any table it still runs."""
        self.query("UPDATE tables SET owner = NULL WHERE owner = %s", (self.owner,))
        self.query("DELETE FROM processes WHERE id = %s", (self.owner,))

    def claim(self, table_id: str) -> bool:
        """Take ``table_id`` if nobody runs it, its owner's lease ran out, or it is ours;
        True when this process runs the table now (load it after: every move saved
        before the claim is in the database). Of processes claiming at once, one wins: the
        row's lock orders them, and the later ones find it owned by a live process."""
        return bool(self.claim_many([table_id]))

    def claim_many(self, table_ids: list[str]) -> list[str]:
        """Take those of ``table_ids`` that nobody runs (or that are ours) in one
        statement; return the ids this process runs now. Each row is checked again under
        its lock, so of processes claiming at once each table goes to one. A row locked
        by another transaction (its owner saving a move just as its lease ran out) is
        skipped, never waited for: waiting for several rows at once could deadlock with a
        group commit of several tables; it is taken at the next look."""
        rows = self.query(
            "UPDATE tables SET owner = %(me)s WHERE id IN (SELECT id FROM tables "
            "WHERE id = ANY(%(ids)s) AND (owner = %(me)s OR "
            + self.ORPHANED
            + ") ORDER BY id FOR UPDATE SKIP LOCKED) RETURNING id",
            {"me": self.owner, "ids": table_ids, "dead": self.clock() - self.lease},
        )
        return [r[0] for r in rows]

    def takers(self) -> list[str]:
        """The ids of the processes that take tables over (seen within a lease, not
        draining, this one included), sorted."""
        rows = self.query(
            "SELECT id FROM processes WHERE (id = %s OR (NOT draining AND seen >= %s)) ORDER BY id",
            (self.owner, self.clock() - self.lease),
        )
        return [r[0] for r in rows]

    def renew(self, held: list[str]) -> tuple[set[str], bool]:
        """Say this process is alive (renewing all its leases at once); return which of
        the tables ``held`` are still its own (one missing was taken over: stop running
        it) and whether this process was asked to drain (``canasta serve --drain``).
        A process found forgotten (not seen for an hour) registers again."""
        me = self.query(
            "UPDATE processes SET seen = %s WHERE id = %s RETURNING draining",
            (self.clock(), self.owner),
        )
        if not me and self.address:
            self.register(self.address)
        rows = self.query(
            "SELECT id FROM tables WHERE owner = %s AND id = ANY(%s)", (self.owner, held)
        )
        return {r[0] for r in rows}, bool(me and me[0][0])

    def orphans(self, limit: int = 2000) -> list[str]:
        """Open tables nobody runs (see :attr:`ORPHANED`), at most ``limit``."""
        rows = self.query(
            "SELECT id FROM tables WHERE status <> 'closed' AND "
            + self.ORPHANED
            + " LIMIT %(limit)s",
            {"dead": self.clock() - self.lease, "limit": limit},
        )
        return [r[0] for r in rows]

    def release(self, table_ids: list[str]) -> None:
        """Give ``table_ids`` back (their moves are all saved): another process takes
        them at its next look for orphans."""
        self.query(
            "UPDATE tables SET owner = NULL WHERE owner = %s AND id = ANY(%s)",
            (self.owner, table_ids),
        )

    def unclaimed(self, table_ids: list[str]) -> int:
        """How many of ``table_ids`` are still open and run by no process."""
        rows = self.query(
            "SELECT count(*) FROM tables WHERE id = ANY(%(ids)s) AND status <> 'closed' AND "
            + self.ORPHANED,
            {"ids": table_ids, "dead": self.clock() - self.lease},
        )
        return int(rows[0][0])

    def runner_of(self, table_id: str) -> tuple[str, str] | None:
        """The process that runs ``table_id`` under a live lease, and its address, or
        None when no process does."""
        rows = self.query(
            "SELECT p.id, p.url FROM tables t JOIN processes p ON p.id = t.owner "
            "WHERE t.id = %s AND p.seen >= %s",
            (table_id, self.clock() - self.lease),
        )
        return (rows[0][0], rows[0][1]) if rows else None

    def drain(self, process: str) -> list[str]:
        """Ask the process ``process`` (its id or address) to drain; return the ids of
        the processes asked (none: no such process)."""
        rows = self.query(
            "UPDATE processes SET draining = true WHERE id = %s OR url = %s RETURNING id",
            (process, process),
        )
        return [r[0] for r in rows]

    def running(self, processes: list[str]) -> bool:
        """Whether any of ``processes`` is still registered (a process forgets itself
        when it stops)."""
        return bool(self.query("SELECT 1 FROM processes WHERE id = ANY(%s)", (processes,)))

    def others(self) -> int:
        """How many other processes run and take tables (seen within a lease, not
        draining)."""
        rows = self.query(
            "SELECT count(*) FROM processes WHERE id <> %s AND NOT draining AND seen >= %s",
            (self.owner, self.clock() - self.lease),
        )
        return int(rows[0][0])

    def held_by(self, processes: list[str]) -> int:
        """How many open tables the ``processes`` run."""
        rows = self.query(
            "SELECT count(*) FROM tables WHERE owner = ANY(%s) AND status <> 'closed'",
            (processes,),
        )
        return int(rows[0][0])

    # The lobby -------------------------------------------------------------------------------

    def publish(self, changes: dict[str, str | None]) -> None:
        """Write the lobby lines of this process's tables that changed (table id → the
        line as JSON, or None: no longer listed) and announce each on :data:`CHANNEL`
        (the line itself, or only the id when it is too long for a notification)."""
        try:
            db = self._db()
            with db.transaction():
                for table_id, info in changes.items():
                    if info is None:
                        db.execute("DELETE FROM lobby WHERE table_id = %s", (table_id,))
                    else:
                        db.execute(
                            "INSERT INTO lobby VALUES (%s, %s) ON CONFLICT (table_id) "
                            "DO UPDATE SET info = EXCLUDED.info",
                            (table_id, info),
                        )
                    note = {"id": table_id, "from": self.owner, "info": info}
                    payload = json.dumps(note)
                    if len(payload.encode()) > 7000:  # NOTIFY's limit is 8000 bytes
                        payload = json.dumps({"id": table_id, "from": self.owner, "fetch": True})
                    db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
        except self.psycopg.Error as error:
            raise StorageError(f"database: {_reason(error)}") from None

    def lobby_lines(self, table_id: str | None = None) -> dict[str, str]:
        """Every table's lobby line (or only ``table_id``'s), as JSON by table id."""
        if table_id is None:
            rows = self.query("SELECT table_id, info FROM lobby")
        else:
            rows = self.query("SELECT table_id, info FROM lobby WHERE table_id = %s", (table_id,))
        return {r[0]: r[1] for r in rows}


def _reason(error: BaseException) -> str:
    """A database error in one line."""
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__
