"""Leases over a real PostgreSQL, with the processes' clock injected: a table is run by one
process at a time; another takes it only once the lease ran out, at its last saved move;
the first can then save nothing more of it; of processes claiming one table at once,
exactly one wins."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from canasta.net.database import StorageError
from canasta.net.database_pg import LeaseLost, PgStore
from canasta.net.tables import Table, TableOptions


class Clock:
    """Seconds since the epoch that a test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def started_table(seed: int = 3) -> Table:
    table = Table("00aa11bb22cc33dd", TableOptions(players=2), "ABCDE", 0)
    table.sit(0, "Ann")
    table.sit(1, "Bob")
    table.set_ready(0, True)
    table.set_ready(1, True)
    table.start(0, seed, "0123456789abcdef", 0.0)
    return table


def play(table: Table, count: int, rng: random.Random) -> list:
    """Play ``count`` random legal moves at ``table``; return them by turn."""
    played = []
    for _ in range(count):
        mover = table.mover()
        assert mover is not None
        hand = table.game.hand
        move = rng.choice(hand.legal_moves())
        table.book(mover, 1, 0.0, by_person=True)
        table.play([move])
        played.append(move)
    return played


def test_a_second_process_takes_a_table_only_when_the_lease_ran_out(
    database: str, tmp_path: Path
) -> None:
    clock = Clock()
    a = PgStore(database, tmp_path / "a", "a", lease=5.0, clock=clock)
    b = PgStore(database, tmp_path / "b", "b", lease=5.0, clock=clock)
    a.register("ws://a")
    b.register("ws://b")
    table = started_table()
    a.write(a.table_job(table))  # created by a: a holds its lease
    assert a.orphans() == [] and b.orphans() == []
    assert not b.claim(table.id)  # a's lease runs: b cannot take the table
    rng = random.Random(5)
    for _ in range(4):
        a.write(a.moves_job(table, play(table, 1, rng)))
    clock.now += 3.0
    assert a.renew([table.id]) == ({table.id}, False)  # renewed for 5 s from now
    clock.now += 4.0
    assert not b.claim(table.id) and b.runner_of(table.id) == ("a", "ws://a")
    assert b.renew([]) == (set(), False)  # b is alive; a is not heard from again
    clock.now += 1.5  # a died: its lease ran out
    assert b.runner_of(table.id) is None
    assert b.orphans() == [table.id]
    assert b.claim(table.id)
    taken = b.load(table.id)
    assert taken.seq == table.seq == 4
    assert taken.game.hand.move_count == table.game.hand.move_count
    # a cannot save another move of it, nor the whole table, and learns it lost it.
    move = play(table, 1, rng)[0]
    with pytest.raises(LeaseLost):
        a.write(a.moves_job(table, [move]))
    with pytest.raises(LeaseLost):
        a.write(a.table_job(table))
    assert a.renew([table.id]) == (set(), False)
    assert b.load(table.id).seq == 4  # nothing of a's late move is kept
    # b plays that move itself, as the next move of the same hand.
    taken.book(taken.mover(), 1, 0.0, by_person=True)  # type: ignore[arg-type]
    b.write(b.moves_job(taken, [move]))
    taken.play([move])
    assert a.load(table.id).seq == 5


def test_a_drained_table_is_free_at_once_and_not_taken_twice(database: str, tmp_path: Path) -> None:
    clock = Clock()
    a = PgStore(database, tmp_path / "a", "a", clock=clock)
    b = PgStore(database, tmp_path / "b", "b", clock=clock)
    c = PgStore(database, tmp_path / "c", "c", clock=clock)
    for store in (a, b, c):
        store.register(f"ws://{store.owner}")
    table = started_table()
    a.write(a.table_job(table))
    a.release([table.id])  # handed over: no need to wait for the lease to run out
    assert a.unclaimed([table.id]) == 1 and b.orphans() == [table.id]
    assert b.claim(table.id)
    assert not c.claim(table.id)
    assert a.unclaimed([table.id]) == 0 and a.held_by(["b"]) == 1


def test_of_processes_claiming_one_table_at_once_exactly_one_runs_it(
    database: str, tmp_path: Path
) -> None:
    clock = Clock()
    first = PgStore(database, tmp_path / "first", "first", clock=clock)
    first.register("ws://first")
    table = started_table()
    first.write(first.table_job(table))
    clock.now += 10.0  # its process died
    stores = [PgStore(database, tmp_path / f"p{i}", f"p{i}", clock=clock) for i in range(6)]
    for store in stores:
        store.register(f"ws://{store.owner}")
    won: list[str] = []
    barrier = threading.Barrier(len(stores))

    def claim(store: PgStore) -> None:
        barrier.wait()
        if store.claim(table.id):
            won.append(store.owner or "")

    threads = [threading.Thread(target=claim, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(won) == 1
    # Only the winner saves moves; every other one's save is refused.
    move = play(table, 1, random.Random(2))[0]
    for store in stores:
        job = store.moves_job(table, [move])
        if store.owner in won:
            store.write(job)
        else:
            with pytest.raises(StorageError, match="another server process"):
                store.write(job)
    assert first.load(table.id).seq == 1


def test_a_dead_process_s_tables_are_claimed_and_loaded_together_skipping_one_being_saved(
    database: str, tmp_path: Path
) -> None:
    import psycopg

    clock = Clock()
    a = PgStore(database, tmp_path / "a", "a", clock=clock)
    b = PgStore(database, tmp_path / "b", "b", clock=clock)
    a.register("ws://a")
    rng = random.Random(4)
    tables = []
    for i in range(3):
        table = started_table(seed=i)
        table.id = f"{i:016x}"
        a.write(a.table_job(table))
        for _ in range(i + 2):
            a.write(a.moves_job(table, play(table, 1, rng)))
        tables.append(table)
    ids = [t.id for t in tables]
    clock.now += 10.0  # a died
    b.register("ws://b")
    with psycopg.connect(database) as saving:  # a's last save, still holding its row
        saving.execute("UPDATE tables SET updated = updated WHERE id = %s", (ids[1],))
        assert sorted(b.claim_many(ids)) == [ids[0], ids[2]]  # not waited for: skipped
    assert sorted(b.claim_many(ids)) == ids  # the skipped one too now (and its own again)
    loaded = b.load_many([*ids, "ffffffffffffffff"])
    for table in tables:
        back = loaded[table.id]
        assert not isinstance(back, StorageError)
        assert back.seq == table.seq
        assert back.game.hand.move_count == table.game.hand.move_count
    assert isinstance(loaded["ffffffffffffffff"], StorageError)
