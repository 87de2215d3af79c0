"""Three ``canasta serve`` processes over one PostgreSQL database: players reaching
different processes meet at one table; the process running a table killed with SIGKILL
mid-hand, its players carry on through another process from the same move within 10 s;
a drained process hands its table over and loses none of it; a process frozen past its
lease plays nothing of the table when it wakes."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import sys
import urllib.request
from pathlib import Path

from canasta.net.client import Client
from canasta.net.protocol import LobbyChanges, LobbyList, parse_server
from tests.cluster.fleet import Fleet, owner, until
from tests.net.helpers import run


async def seated(first: str, second: str, rng: random.Random) -> tuple[Client, Client, str]:
    """Ann at ``first`` creates a two-player table; Bob at ``second`` joins it by its id;
    the game starts; return them and the table's id."""
    ann, bob = Client(first, "Ann"), Client(second, "Bob")
    await ann.connect()
    await bob.connect()
    table = await ann.create(players=2)
    await bob.join(1, table=table.id)
    await ann.ready()
    await bob.ready()
    await ann.wait(lambda: ann.table is not None and all(c.ready for c in ann.table.chairs))
    await ann.start()
    await ann.wait(lambda: ann.view is not None)
    await bob.wait(lambda: bob.view is not None)
    return ann, bob, table.id


async def play(clients: list[Client], count: int, rng: random.Random) -> None:
    """Play ``count`` random legal moves, each acknowledged (its result and the view
    after it) before the next."""
    for _ in range(count):
        view = clients[0].view
        assert view is not None
        mover = next(c for c in clients if c.chair == view.mover)
        assert mover.view is not None
        answer = await mover.play(rng.choice(mover.view.legal_moves), timeout=10)
        assert answer.type == "result", answer
        count = mover.view.move_count
        for c in clients:
            await c.wait(lambda c=c, n=count: c.view is not None and c.view.move_count == n)


def health(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as answer:
        return json.loads(answer.read())


def test_players_on_different_processes_meet_at_one_table(database: str, tmp_path: Path) -> None:
    fleet = Fleet(database, tmp_path)

    async def body() -> None:
        rng = random.Random(11)
        cid = Client(fleet[2].url, "Cid")
        await cid.connect()
        await cid.list_tables()  # Cid watches the lobby from the third process
        ann, bob = Client(fleet[0].url, "Ann"), Client(fleet[1].url, "Bob")
        await ann.connect()
        await bob.connect()
        table = await ann.create(players=2)
        await cid.wait(lambda: [t.id for t in cid.lobby] == [table.id])
        await bob.join(1, code=table.code)  # typed on the second process: served through it
        assert bob.table is not None and bob.table.id == table.id
        await ann.wait(lambda: [c.name for c in ann.table.chairs] == ["Ann", "Bob"])  # type: ignore[union-attr]
        await cid.wait(lambda: [c.name for c in cid.lobby[0].chairs] == ["Ann", "Bob"])
        await ann.ready()
        await bob.ready()
        await ann.wait(lambda: all(c.ready for c in ann.table.chairs))  # type: ignore[union-attr]
        await ann.start()
        await bob.wait(lambda: bob.view is not None)
        await play([ann, bob], 6, rng)
        assert ann.view is not None and bob.view is not None
        assert ann.view.move_count == bob.view.move_count == 6
        await cid.wait(lambda: cid.lobby[0].status == "playing")
        assert await owner(fleet.database, table.id) == "p1"
        assert health(fleet[0].port)["tables"] == 1
        assert health(fleet[1].port) == {"ready": True, "draining": False, "tables": 0,
                                         "connections": 1, "process": "p2"}  # fmt: skip
        # A table opened and closed on the second process: its line comes and goes.
        dan = Client(fleet[1].url, "Dan")
        await dan.connect()
        short = await dan.create(players=4)
        await cid.wait(lambda: [t.id for t in cid.lobby] == [table.id, short.id])
        await dan.send_leave()  # nobody sits there: it closes
        await cid.wait(lambda: [t.id for t in cid.lobby] == [table.id])
        # The whole list once (the answer to the ask), then only the changes.
        sent = [parse_server(m) for m in cid.received if '"type":"lobby' in m]
        assert isinstance(sent[0], LobbyList) and len(sent) > 3
        assert all(isinstance(m, LobbyChanges) for m in sent[1:])
        assert [m.gone for m in sent if isinstance(m, LobbyChanges) and m.gone] == [[short.id]]
        for c in (ann, bob, cid, dan):
            await c.close()

    try:
        run(body(), 60)
    finally:
        fleet.stop()


def test_a_killed_process_s_table_goes_on_elsewhere_from_the_same_move(
    database: str, tmp_path: Path
) -> None:
    fleet = Fleet(database, tmp_path)

    async def body() -> None:
        rng = random.Random(5)
        # Ann plays at the process running the table; Bob is served through the second.
        ann, bob, table_id = await seated(fleet[0].url, fleet[1].url, rng)
        await play([ann, bob], 7, rng)
        assert await owner(fleet.database, table_id) == "p1"
        ann_view, bob_view = ann.view, bob.view
        ann.view = bob.view = None
        ann.url = fleet[2].url  # the front proxy sends Ann's reconnection elsewhere now
        loop = asyncio.get_running_loop()
        killed = loop.time()
        fleet[0].kill()
        await ann.wait(lambda: ann.view is not None, 10)
        await bob.wait(lambda: bob.view is not None, 10)
        took = loop.time() - killed
        assert took < 10.0, took
        assert ann.view == ann_view and bob.view == bob_view  # not one acknowledged move lost
        assert ann.reconnects >= 1 and bob.reconnects >= 1
        assert await owner(fleet.database, table_id) in ("p2", "p3")
        await play([ann, bob], 3, rng)  # and the hand goes on
        assert ann.view is not None and ann.view.move_count == 10
        for c in (ann, bob):
            await c.close()

    try:
        run(body(), 60)
    finally:
        fleet.stop()


def test_a_drained_process_hands_its_table_over_and_loses_none_of_it(
    database: str, tmp_path: Path
) -> None:
    fleet = Fleet(database, tmp_path)

    async def body() -> None:
        rng = random.Random(8)
        ann, bob, table_id = await seated(fleet[0].url, fleet[0].url, rng)
        await play([ann, bob], 5, rng)
        ann_view, bob_view = ann.view, bob.view
        ann.view = bob.view = None
        ann.url = bob.url = fleet[1].url  # the front proxy sends no one to a draining process
        drain = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "canasta", "serve", "--database", fleet.database,
            "--drain", "p1", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, err = await asyncio.wait_for(drain.communicate(), 30)
        assert drain.returncode == 0, err
        assert "p1 handed its tables over and stopped" in out.decode()
        assert await asyncio.to_thread(fleet[0].proc.wait, 10) == 0
        await ann.wait(lambda: ann.view is not None, 10)
        await bob.wait(lambda: bob.view is not None, 10)
        assert ann.view == ann_view and bob.view == bob_view
        assert await owner(fleet.database, table_id) in ("p2", "p3")
        await play([ann, bob], 2, rng)
        for c in (ann, bob):
            await c.close()

    try:
        run(body(), 60)
    finally:
        fleet.stop()


def test_a_frozen_process_that_wakes_after_its_table_moved_plays_nothing_there(
    database: str, tmp_path: Path
) -> None:
    fleet = Fleet(database, tmp_path)

    async def body() -> None:
        rng = random.Random(3)
        ann, bob, table_id = await seated(fleet[0].url, fleet[0].url, rng)
        await play([ann, bob], 4, rng)
        assert ann.view is not None and bob.view is not None
        before = ann.view
        mover = ann if ann.view.mover == ann.chair else bob
        assert mover.view is not None
        fleet[0].proc.send_signal(signal.SIGSTOP)  # a long pause: its leases run out
        try:
            await until(
                lambda: _owned_elsewhere(fleet.database, table_id), 10, "the table taken over"
            )
            # Sent to the frozen process, read when it wakes: the table is no longer its own.
            await mover.intent(mover.view.legal_moves[0])
            ann.url = bob.url = fleet[1].url  # the proxy sends their reconnections elsewhere
            ann.view = bob.view = None
        finally:
            fleet[0].proc.send_signal(signal.SIGCONT)
        await ann.wait(lambda: ann.view is not None, 10)
        await bob.wait(lambda: bob.view is not None, 10)
        assert ann.view == before  # the move sent to the woken process was not played
        assert all(a.type == "refusal" for a in mover.answers.values())
        await play([ann, bob], 2, rng)  # the new process plays on
        assert ann.view is not None and ann.view.move_count == before.move_count + 2
        for c in (ann, bob):
            await c.close()

    try:
        run(body(), 60)
    finally:
        fleet.stop()


async def _owned_elsewhere(database: str, table_id: str) -> bool:
    return await owner(database, table_id) in ("p2", "p3")
