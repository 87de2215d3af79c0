"""The server's database: every table and its game, saved after every move (SQLite, WAL).

One file, ``DATA/server.sqlite3``, in WAL mode with ``synchronous=FULL``: a move is
acknowledged to the players only after its transaction is committed, so a server killed
at any moment (SIGKILL included) loses no move anyone was told about. Moves that arrive
while a commit is under way are committed together in the next transaction (group
commit: one sync to disk for many tables), each in its own savepoint. The server copies
the log into the database file on a thread and connection of its own (see
:meth:`Store.checkpoint`), never inside a commit.

Durability: with ``synchronous=FULL`` (the default) a commit returns once the log is on
the disk, so an acknowledged move survives a killed server, a crash of the machine and a
power cut. With ``NORMAL`` (``canasta serve --sync normal``) a commit returns once the log
is written to the operating system: it survives a killed server (SIGKILL included, the
guarantee the tests check), not a crash of the machine or a power cut, which may lose the
last moves acknowledged (the database stays whole).

Tables:

- ``tables``: one row per table: its settings and chairs as JSON (``meta``), and its game
  as the project's save format (:mod:`canasta.persistence.saves`) at the last snapshot.
- ``moves``: the moves played since that snapshot, one row per move (``seq`` rising).
  A move is one ``INSERT`` plus the table's ``meta``, in one transaction.
- ``tokens``: SHA-256 of each seat token → table and chair (the tokens themselves are
  never stored).
- ``records``: finished games as the project's game records (``games/GAME_ID.json`` is
  written beside the database too, for ``canasta replay``).

Every failure of the disk (full, read-only, folder gone) raises :class:`StorageError`
with the reason in plain words; the transaction is rolled back, so the database holds
exactly the moves that were acknowledged.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from canasta.engine.moves import Move, MoveType
from canasta.net.protocol import ClockOption
from canasta.net.tables import Chair, Table, TableOptions
from canasta.persistence.files import StoreError, atomic_write
from canasta.persistence.records import record_json
from canasta.persistence.saves import SaveError, parse_save, save_json

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, status TEXT NOT NULL,
    meta TEXT NOT NULL, game TEXT, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS moves (table_id TEXT NOT NULL, seq INTEGER NOT NULL,
    move TEXT NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE IF NOT EXISTS tokens (hash TEXT PRIMARY KEY, table_id TEXT NOT NULL,
    chair INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS records (game_id TEXT PRIMARY KEY, table_id TEXT NOT NULL,
    record TEXT NOT NULL, finished REAL NOT NULL);
"""


#: One step of a job: an operation's name (a key of :data:`SQLITE`, and of each other back
#: end's own table of statements) and its named arguments.
Statement = tuple[str, dict[str, Any]]

#: The statements of each operation, in SQLite. Each back end has its own (see
#: :mod:`canasta.net.database_pg`), so a job says what to save, not how.
SQLITE = {
    "put_table": "INSERT OR REPLACE INTO tables VALUES (:id, :status, :meta, :game, :updated)",
    "clear_moves": "DELETE FROM moves WHERE table_id = :id",
    "put_token": "INSERT OR REPLACE INTO tokens VALUES (:hash, :id, :chair)",
    "add_move": "INSERT INTO moves VALUES (:id, :seq, :move)",
    "set_meta": "UPDATE tables SET meta = :meta, updated = :updated WHERE id = :id",
    "put_record": "INSERT OR REPLACE INTO records VALUES (:game_id, :id, :record, :finished)",
}


@dataclass
class Job:
    """One unit of saving: operations (see :data:`Statement`) written all or nothing, and
    optionally a file (path under the data folder, bytes) written once they are committed."""

    statements: list[Statement]
    file: tuple[str, bytes] | None = None


class StorageError(Exception):
    """The database could not be written or read; the message says why, plainly, and
    ``reason`` is the bare cause ("the disk is full"; a player's window translates it)."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason or message


def _reason(error: Exception) -> str:
    text = str(error)
    if "full" in text:
        return "the disk is full"
    if "readonly" in text or "read-only" in text:
        return "the data folder is read-only"
    if "unable to open" in text:
        return "the data folder cannot be opened"
    return text or type(error).__name__


def _cannot_save(error: Exception) -> StorageError:
    reason = _reason(error)
    return StorageError(f"cannot save: {reason}", reason)


class TableStore:
    """What every back end of the server's database does: write jobs all or nothing (in
    groups), and read tables, tokens and records back. The jobs are built here, the same
    for every back end; :class:`Store` (SQLite, the default) and
    :class:`canasta.net.database_pg.PgStore` (PostgreSQL) run them.

    Attributes:
        folder: the data folder (finished games are written there as files too).
        checkpoint_db: a second connection for :meth:`checkpoint`, or None when the back
            end needs no checkpoints.
        owner: the process that runs tables through this store (None: a single process
            runs every table, as with SQLite).
    """

    folder: Path
    checkpoint_db: Any = None
    owner: str | None = None

    def close(self) -> None:
        """Close the database."""
        raise NotImplementedError

    def checkpoint(self) -> None:
        """Fold the database's log into its files, where the back end needs it."""

    def commit(self, jobs: list[Job]) -> list[StorageError | None]:
        """Write several jobs in one transaction, each all or nothing; return each job's
        error, or None where it was saved."""
        raise NotImplementedError

    def table_of(self, digest: str) -> tuple[str, int] | None:
        """The table id and chair of a token's SHA-256, or None."""
        raise NotImplementedError

    def has_record(self, game_id: str) -> bool:
        """Whether the finished game ``game_id`` is kept."""
        raise NotImplementedError

    def load(self, table_id: str) -> Table:
        """Rebuild one table (see :func:`rebuild`).

        Raises:
            StorageError: for a table that is not there or does not replay.
        """
        raise NotImplementedError

    def open_tables(self) -> list[str]:
        """The ids of every table not closed."""
        raise NotImplementedError

    def write(self, job: Job) -> None:
        """Write one job now.

        Raises:
            StorageError: when it cannot be written.
        """
        error = self.commit([job])[0]
        if error is not None:
            raise error

    def write_file(self, job: Job) -> StorageError | None:
        """Write the job's file, once its statements are committed; return the error."""
        if job.file is None:
            return None
        try:
            atomic_write(self.folder / job.file[0], job.file[1])
        except StoreError as error:
            return StorageError(str(error))
        return None

    # Jobs (built where the table lives, written by the writer thread) ----------------------

    @staticmethod
    def table_job(table: Table) -> Job:
        """Save the whole table: settings, chairs, tokens and the game as it stands (the
        moves saved so far are folded into it)."""
        game = save_json(table.saved).decode() if table.saved is not None else None
        row = {"id": table.id, "status": table.status, "meta": meta_json(table), "game": game,
               "updated": time.time(), "code": table.code}  # fmt: skip
        statements: list[Statement] = [("put_table", row), ("clear_moves", {"id": table.id})]
        for chair, c in enumerate(table.chairs):
            if c.token is not None:
                statements.append(("put_token", {"hash": c.token, "id": table.id, "chair": chair}))
        return Job(statements)

    @classmethod
    def moves_job(cls, table: Table, moves: list[Move], whole: bool = False) -> Job:
        """Save moves just booked (:meth:`Table.book`: ``table.seq`` is the last one's
        number; the hand is played once they are saved) and the chairs; with ``whole``,
        the whole table as it stands before them too (an earlier save failed). The table's
        row is written first: a back end that checks who runs the table (PostgreSQL's
        lease) holds that row from the first statement on."""
        first = table.seq - len(moves) + 1
        meta = {"id": table.id, "meta": meta_json(table), "updated": time.time()}
        statements = cls.table_job(table).statements if whole else []
        statements.append(("set_meta", meta))
        statements += [
            ("add_move", {"id": table.id, "seq": first + i, "move": move_json(m)})
            for i, m in enumerate(moves)
        ]
        return Job(statements)

    @staticmethod
    def record_job(table: Table, game_id: str, record: Any) -> Job:
        """Keep a finished game: in the database, and as ``games/GAME_ID.json``."""
        data = record_json(record)
        row = {"game_id": game_id, "id": table.id, "record": data.decode(),
               "finished": time.time()}  # fmt: skip
        return Job([("put_record", row)], (f"games/{game_id}.json", data))


def rebuild(table_id: str, meta: str, game: str | None, moves: list[str]) -> Table:
    """A table from its saved row (``meta`` JSON, ``game`` in the save format or None) and
    the moves saved since (JSON texts, in order), each replayed through the rules (every
    person starts away: no connection survives a restart).

    Raises:
        StorageError: for a game or a move that does not replay.
    """
    table = table_from_meta(json.loads(meta))
    if game is not None:
        try:
            table.saved = parse_save(game)
        except SaveError as error:
            raise StorageError(f"table {table_id}: {error}") from None
        hand = table.saved.game.hand
        for text in moves:
            move = move_from_json(text)
            refusal = hand.check(move)
            if refusal is not None:
                raise StorageError(f"table {table_id}: a saved move is refused ({refusal})")
            hand.apply(move)
        if table.status != "closed":
            table.resume()
    return table


class Store(TableStore):
    """The SQLite database under ``folder``. Use it from one thread at a time (and
    :meth:`checkpoint` from one other thread, when ``apart``).

    Args:
        folder: the data folder.
        synchronous: SQLite's ``synchronous``: ``FULL`` (every commit on disk before it
            returns) or ``NORMAL`` (the log is flushed at checkpoints only).
        apart: checkpoints (copying the log into the database file, then flushing it) are
            left to :meth:`checkpoint`, on a connection of their own, instead of running
            inside the commit that fills the log (where one took up to 275 ms, holding
            every move waiting behind it).

    Raises:
        StorageError: when the folder or database cannot be opened or created.
    """

    def __init__(self, folder: Path, synchronous: str = "FULL", apart: bool = False) -> None:
        self.folder = folder
        self.checkpoint_db: sqlite3.Connection | None = None
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(
                folder / "server.sqlite3", check_same_thread=False, isolation_level=None
            )
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={synchronous}")
            self.db.executescript(SCHEMA)
            if apart:
                self.db.execute("PRAGMA wal_autocheckpoint=0")
                self.checkpoint_db = sqlite3.connect(
                    folder / "server.sqlite3", check_same_thread=False, isolation_level=None
                )
                self.checkpoint_db.execute(f"PRAGMA synchronous={synchronous}")
        except (OSError, sqlite3.Error) as error:
            raise StorageError(f"cannot open the database in {folder}: {_reason(error)}") from None

    def close(self) -> None:
        """Close the database (the last connection closed folds the log into the file)."""
        if self.checkpoint_db is not None:
            self.checkpoint_db.close()
        self.db.close()

    def checkpoint(self) -> None:
        """Copy the committed log into the database file (a passive checkpoint: it never
        waits for, nor holds up, a commit; the log restarts once all of it is copied).

        Raises:
            StorageError: when the database file cannot be written.
        """
        if self.checkpoint_db is None:
            return
        try:
            self.checkpoint_db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error as error:
            raise StorageError(f"cannot checkpoint: {_reason(error)}") from None

    def commit(self, jobs: list[Job]) -> list[StorageError | None]:
        """Write several jobs in one transaction (group commit: one sync to disk for all
        the moves that arrived together); each job in its own savepoint, so one that fails
        leaves the others whole. Returns each job's error, or None where it was saved.
        """
        results: list[StorageError | None] = [None] * len(jobs)
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            return [_cannot_save(error)] * len(jobs)
        for i, job in enumerate(jobs):
            try:
                self.db.execute("SAVEPOINT job")
                for op, args in job.statements:
                    self.db.execute(SQLITE[op], args)
                self.db.execute("RELEASE job")
            except sqlite3.Error as error:
                results[i] = _cannot_save(error)
                if not self.db.in_transaction:  # SQLite rolled the whole batch back
                    return [results[i]] * len(jobs)
                with contextlib.suppress(sqlite3.Error):
                    self.db.execute("ROLLBACK TO job")
                    self.db.execute("RELEASE job")
        try:
            self.db.execute("COMMIT")
        except sqlite3.Error as error:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            return [_cannot_save(error)] * len(jobs)
        for i, job in enumerate(jobs):
            if results[i] is None:
                results[i] = self.write_file(job)
        return results

    def has_record(self, game_id: str) -> bool:
        """Whether the finished game ``game_id`` is kept."""
        row = self.db.execute("SELECT 1 FROM records WHERE game_id = ?", (game_id,)).fetchone()
        return row is not None

    # Reading --------------------------------------------------------------------------------

    def table_of(self, digest: str) -> tuple[str, int] | None:
        """The table id and chair of a token's SHA-256, or None."""
        row = self.db.execute(
            "SELECT table_id, chair FROM tokens WHERE hash = ?", (digest,)
        ).fetchone()
        return (row[0], row[1]) if row else None

    def load(self, table_id: str) -> Table:
        """Rebuild one table: its chairs, and its game with every saved move replayed
        through the rules (every person starts away: no connection survives a restart).

        Raises:
            StorageError: for a table that is not there or does not replay.
        """
        row = self.db.execute("SELECT meta, game FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise StorageError(f"no table {table_id}")
        rows = self.db.execute(
            "SELECT move FROM moves WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        return rebuild(table_id, row[0], row[1], [text for (text,) in rows])

    def open_tables(self) -> list[str]:
        """The ids of every table not closed."""
        rows = self.db.execute("SELECT id FROM tables WHERE status != 'closed'").fetchall()
        return [r[0] for r in rows]


def move_json(move: Move) -> str:
    """A move by card identities, as stored."""
    return json.dumps([move.type.value, list(move.cards), move.target])


def move_from_json(text: str) -> Move:
    """The move :func:`move_json` stored."""
    kind, cards, target = json.loads(text)
    return Move(MoveType(kind), tuple(cards), target)


def meta_json(table: Table) -> str:
    """A table's settings, chairs and counters as JSON (tokens as their SHA-256)."""
    o = table.options
    chairs = [
        {
            "name": c.name,
            "token": c.token,
            "ready": c.ready,
            "taken_over": c.taken_over,
            "left": c.left,
            "last_ref": c.last_ref,
            "bank": c.bank,
        }
        for c in table.chairs
    ]
    return json.dumps(
        {
            "id": table.id,
            "code": table.code,
            "host": table.host,
            "status": table.status,
            "seq": table.seq,
            "players": o.players,
            "preset": o.preset,
            "public": o.public,
            "level": o.level,
            "quick": o.quick,
            "chairs": chairs,
            "clock": o.clock.model_dump() if o.clock else None,
        }
    )


def table_from_meta(data: dict[str, Any]) -> Table:
    """The table :func:`meta_json` describes (every person away)."""
    clock = ClockOption(**data["clock"]) if data["clock"] else None
    options = TableOptions(
        players=data["players"],
        preset=data["preset"],
        public=data["public"],
        level=data["level"],
        clock=clock,
        quick=data["quick"],
    )
    table = Table(data["id"], options, data["code"], data["host"])
    table.status, table.seq = data["status"], data["seq"]
    now = time.monotonic()
    for i, c in enumerate(data["chairs"]):
        table.chairs[i] = Chair(
            name=c["name"],
            token=c["token"],
            ready=c["ready"],
            taken_over=c["taken_over"],
            left=c.get("left", False),
            last_ref=c["last_ref"],
            bank=c["bank"],
            away_since=now if c["name"] else None,
        )
    return table
