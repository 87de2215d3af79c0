"""The lobby lists public tables with their chair maps; a table whose people have all gone
is closed after a while with its game kept, and a seat token opens it again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from canasta.net.client import Client
from canasta.net.protocol import Leave
from canasta.net.tables import Table
from tests.net.helpers import connect_two, run, running_server, seat_two, url


def test_the_lobby_lists_public_tables_and_their_chairs(tmp_path: Path) -> None:
    async def taken() -> None:
        async with running_server(tmp_path) as server:
            a, b = await connect_two(server)
            table = await a.create(players=4, level="easy", chair=1)
            listed = await b.list_tables()
            assert [t.id for t in listed] == [table.id]
            seen = listed[0]
            assert (seen.players, seen.level, seen.status, seen.host, seen.code) == (
                4, "easy", "lobby", 1, None)  # fmt: skip
            assert [c.name for c in seen.chairs] == [None, "Ann", None, None]
            try:
                await b.join(1, table=table.id)
            except Exception as error:
                assert str(error) == "Chair 2 is taken: pick a free one."  # chairs from 1
            else:
                raise AssertionError("a taken chair was given")
            await b.join(3, table=table.id)
            await a.wait(lambda: a.table is not None and a.table.chairs[3].name == "Bob")
            listed = await b.list_tables()
            assert [c.name for c in listed[0].chairs] == [None, "Ann", None, "Bob"]
            await a.close()
            await b.close()

    run(taken())


def test_a_table_left_by_everyone_closes_and_a_token_opens_it_again(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path, grace=30.0, close_after=0.2) as server:
            closed = asyncio.Event()
            original = server._closed

            def on_close(table: Table) -> None:
                original(table)
                closed.set()

            for runner in server.runners.values():
                runner.on_close = on_close
            a, b = await seat_two(server)
            server.runners[a.table.id].on_close = on_close  # type: ignore[union-attr]
            assert (await (a if a.view.mover == 0 else b).play("draw")).type == "result"  # type: ignore[union-attr]
            views = (a.view, b.view)
            token, table_id = a.token, a.table.id  # type: ignore[union-attr]
            for client in (a, b):
                await client.close()
            await asyncio.wait_for(closed.wait(), 30)
            assert table_id not in server.runners
            assert [t.id for t in server.lobby()] == []
            back = Client(url(server), "Ann", token=token)
            await back.connect()
            await back.wait(lambda: back.view is not None)
            assert back.view == views[0] and back.chair == 0
            assert table_id in server.runners
            await back.close()

    run(body())


def test_a_table_everyone_left_before_the_start_leaves_the_lobby(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path, close_after=0.1) as server:
            a = Client(url(server), "Ann")
            await a.connect()
            table = await a.create(players=2)
            closed = asyncio.Event()
            runner = server.runners[table.id]
            original = runner.on_close

            def on_close(t: Table) -> None:
                original(t)
                closed.set()

            runner.on_close = on_close
            await a.send(Leave())
            await asyncio.wait_for(closed.wait(), 30)
            assert await a.list_tables() == []
            await a.close()

    run(body())
