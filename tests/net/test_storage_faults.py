"""The server's disk fails: a full database refuses the move that could not be
saved (the mover reads why, the table's players get a notice), other tables go on, and
once the disk has room the same move is played; nothing acknowledged is lost. Also the
turn clock: when it runs out, the computer moves for the seat."""

from __future__ import annotations

import random
from pathlib import Path

from canasta.net.database import Store
from canasta.net.protocol import ClockOption, Event, Notice
from canasta.net.server import Server
from canasta.net.tables import Table, TableOptions
from tests.net.helpers import play_random, run, running_server, seat_two


def set_page_limit(server: Server, pages: int | None) -> int:
    """Cap the database file at its current size (``None``) or at ``pages``; return it."""
    db = server.hub.store.db
    if pages is None:
        pages = int(db.execute("PRAGMA page_count").fetchone()[0])
    return int(db.execute(f"PRAGMA max_page_count = {pages}").fetchone()[0])


def test_a_full_disk_refuses_the_move_tells_the_table_and_loses_nothing(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            a, b = await seat_two(server)
            assert a.view is not None
            mover, other = (a, b) if a.view.mover == a.chair else (b, a)
            # Fill the database: every new page is refused with SQLITE_FULL.
            await server.hub.db(set_page_limit, server, None)
            filled = 0
            while True:  # use up the free space left in the last pages
                answer = await mover.play(mover.view.legal_moves[0])  # type: ignore[union-attr]
                if answer.type == "refusal":
                    break
                filled += 1
                mover, other = (a, b) if a.view.mover == a.chair else (b, a)  # type: ignore[union-attr]
            assert answer.code == "storage" and "disk is full" in answer.message
            assert answer.details == {"why": "the disk is full"}  # a window says it in its words
            view = mover.view
            await other.wait(lambda: any('"code":"storage_wait"' in t for t in other.received))
            notice = [Notice.model_validate_json(t) for t in other.received if '"notice"' in t][0]
            assert "disk is full" in notice.message
            assert notice.details == {"why": "the disk is full"}
            assert other.view is not None and other.view.move_count == view.move_count  # type: ignore[union-attr]
            # Room again: the very same move is played, and the table says so.
            await server.hub.db(set_page_limit, server, 1_000_000)
            again = await mover.play(answer_move(mover))
            assert again.type == "result"
            await other.wait(lambda: any('"storage_ok"' in t for t in other.received))
            moves = view.move_count + 1  # type: ignore[union-attr]
            await other.wait(lambda: other.view is not None and other.view.move_count == moves)
            for client in (a, b):
                await client.close()
        # Everything acknowledged is in the database: the hand replays to the same view.
        store = Store(tmp_path)
        table = store.load(store.open_tables()[0])
        assert table.game.hand.move_count == moves
        store.close()

    run(body())


def answer_move(client: object) -> str:
    view = client.view  # type: ignore[attr-defined]
    return str(view.legal_moves[0])


def test_the_turn_clock_runs_out_and_the_computer_moves(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            clock = ClockOption(move_seconds=0.05, bank_seconds=0.1)
            a, b = await seat_two(server, clock=clock, level="random")
            assert a.view is not None
            clocked = [Event.model_validate_json(t) for t in a.received if '"by":"clock"' in t]
            assert clocked == []
            # Nobody moves: the first mover's clock (0.05 s + 0.1 s bank) runs out.
            await a.wait(lambda: any('"by":"clock"' in t for t in a.received), 20)
            event = [Event.model_validate_json(t) for t in a.received if '"by":"clock"' in t][0]
            chair = event.seat
            assert server.runners[a.table.id].table.chairs[chair].bank == 0.0  # type: ignore[union-attr]

            # Nobody ever moves, and the table still goes on: move after move by the clock.
            def seats_timed() -> set[int]:
                timed = [t for t in a.received if '"by":"clock"' in t]
                return {Event.model_validate_json(t).seat for t in timed}

            await a.wait(lambda: seats_timed() == {0, 1}, 30)
            timed = [Event.model_validate_json(t) for t in a.received if '"by":"clock"' in t]
            assert [e.seq for e in timed] == list(range(1, len(timed) + 1))
            assert {e.seat for e in timed} == {0, 1}  # each seat's clock ran out in turn
            table = server.runners[a.table.id].table  # type: ignore[union-attr]
            assert [c.bank for c in table.chairs] == [0.0, 0.0]
            for client in (a, b):
                await client.close()

    run(body())


def test_a_record_that_cannot_be_written_is_kept_and_written_later(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            (tmp_path / "games").write_text("a file where the folder should be")
            a, b = await seat_two(server, quick=True)
            await play_random([a, b], random.Random(23))
            await a.wait(lambda: a.hand_over is not None)
            await a.wait(lambda: any('"code":"record_waits"' in t for t in a.received))
            notice = [Notice.model_validate_json(t) for t in a.received if '"notice"' in t][-1]
            assert "finished game" in notice.message and "kept in memory" in notice.message
            game_id = a.hand_over.record["game_id"]  # type: ignore[union-attr,index]
            (tmp_path / "games").unlink()  # the disk is fixed
            for client in (a, b):
                await client.next_hand()  # the rematch is saved, and the record with it
            await a.wait(lambda: a.hand_over is None and a.view is not None, 20)
            await server.hub.db(lambda: None)  # every write queued before has finished
            kept = tmp_path / "games" / f"{game_id}.json"
            assert kept.is_file() and game_id in kept.read_text()
            for client in (a, b):
                await client.close()

    run(body())


def test_moves_saved_after_a_failed_table_save_bring_the_whole_table_and_replay(
    tmp_path: Path,
) -> None:
    """A move booked while an earlier save of the table failed is saved with the whole
    table as it stood before the move; loaded again, the table has every move and chair."""
    table = Table("00000000000000ab", TableOptions(players=2), "CAAAAB")
    for chair in (0, 1):
        table.sit(chair, f"P{chair}")
        table.set_ready(chair, True)
    table.start(0, 99, "0000cafe", 0.0)
    store = Store(tmp_path)
    store.write(Store.table_job(table))
    hand, rng = table.game.hand, random.Random(6)
    for ref in range(30):  # saved as moves, then one more with the whole table
        move = rng.choice(hand.legal_moves())
        mover = hand.mover
        table.book(mover, 1, 1.0, True, ref)
        store.write(Store.moves_job(table, [move], whole=ref == 29))
        table.play([move])
    store.close()
    again = Store(tmp_path)
    loaded = again.load(table.id)
    again.close()
    assert loaded.seq == table.seq == 30
    assert loaded.game.hand.view_for(0) == table.game.hand.view_for(0)
    assert loaded.game.hand.history == table.game.hand.history
    assert [c.last_ref for c in loaded.chairs] == [c.last_ref for c in table.chairs]
    assert max(c.last_ref for c in loaded.chairs) == 29
