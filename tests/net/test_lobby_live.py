"""The lobby a new player meets: the list comes once, then its changes by themselves as
tables open, fill and close; a table nobody sits at is not listed; a chair whose person
left (or was away past the grace period) is offered to anyone and taken over (while a
hand is in play, from the next deal: see test_chair_hopping); a person seated by code
moves to the chair they want before the start."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from canasta.net.client import Client, ClientError
from canasta.net.protocol import parse_server
from tests.net.helpers import connect_two, play_random, run, running_server, seat_two, url


def test_the_lobby_list_comes_by_itself_as_tables_open_fill_and_close(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            ann, bob, cat = (Client(url(server), n) for n in ("Ann", "Bob", "Cat"))
            for client in (ann, bob, cat):
                await client.connect()
            assert await cat.list_tables() == []
            made = await ann.create(players=2)
            # Cat never asks again: the list arrives as the table opens...
            await cat.wait(lambda: [t.id for t in cat.lobby] == [made.id])
            assert [c.name for c in cat.lobby[0].chairs] == ["Ann", None]
            await bob.join(1, table=made.id)  # ...fills...
            await cat.wait(lambda: bool(cat.lobby) and cat.lobby[0].chairs[1].name == "Bob")
            await bob.send_leave()
            await cat.wait(lambda: bool(cat.lobby) and cat.lobby[0].chairs[1].name is None)
            await ann.send_leave()  # ...and closes: nobody sits there, it is not listed
            await cat.wait(lambda: cat.lobby == [])
            assert made.id not in server.runners and server.lobby() == []
            sent = [parse_server(m) for m in cat.received if '"type":"lobby' in m]
            # The whole list once, as the answer to the one ask, then only the changes.
            assert [type(m).__name__ for m in sent] == ["LobbyList"] + ["LobbyChanges"] * 4
            opened, filled, emptied, closed = sent[1:]
            assert ([t.id for t in opened.tables], opened.gone) == ([made.id], [])
            assert [c.name for c in filled.tables[0].chairs] == ["Ann", "Bob"]
            assert [c.name for c in emptied.tables[0].chairs] == ["Ann", None]
            assert (closed.tables, closed.gone, closed.more) == ([], [made.id], 0)
            # Bob never asked for the list: none came to him unasked, nor any change.
            assert not any('"type":"lobby' in m for m in bob.received)
            for client in (ann, bob, cat):
                await client.close()

    run(body(), timeout=60)


def test_a_chair_whose_person_left_is_offered_and_taken_over_mid_game(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path, grace=30.0) as server:
            ann, bob = await seat_two(server)
            cat = Client(url(server), "Cat")
            await cat.connect()
            table_id = ann.table.id  # type: ignore[union-attr]
            # Bob is away, within the grace period: his chair is not offered.
            await bob.drop()
            await ann.wait(lambda: ann.table is not None and ann.table.chairs[1].away)
            listed = (await cat.list_tables())[0]
            assert (listed.chairs[1].open, listed.chairs[1].left) == (False, False)
            with pytest.raises(ClientError) as caught:
                await cat.join(1, table=table_id)
            assert cat.errors[-1].code == "chair_busy" and "Chair 2" in str(caught.value)
            await bob.wait(lambda: bob.status == "connected")  # back with his token
            # Ann leaves: her chair is a computer's, marked left, and open to anyone.
            old = ann.token
            await ann.send_leave()
            await bob.wait(lambda: bob.table is not None and bob.table.chairs[0].left)
            chair = bob.table.chairs[0]  # type: ignore[union-attr]
            assert (chair.name, chair.computer, chair.open, chair.away) == ("Ann", True, True, True)
            await cat.wait(lambda: bool(cat.lobby) and cat.lobby[0].chairs[0].open)
            # Mid-hand, a different person takes it over only at the next deal: the
            # computer plays on and Cat sees none of its cards until the hand is over.
            await cat.join(0, table=table_id)
            assert (cat.chair, cat.next_deal, cat.token, cat.view) == (0, True, None, None)
            await bob.wait(lambda: bob.table is not None and bob.table.chairs[0].waiting == "Cat")
            assert not bob.table.chairs[0].open  # type: ignore[union-attr]
            await play_random([bob], random.Random(2))  # the computer plays chair 1
            await cat.wait(lambda: cat.view is not None and cat.hand_over is not None)
            assert cat.chair == 0 and cat.view.seat == 0 and cat.token is not None  # type: ignore[union-attr]
            await bob.wait(lambda: bob.table is not None and bob.table.chairs[0].name == "Cat")
            taken = bob.table.chairs[0]  # type: ignore[union-attr]
            assert (taken.computer, taken.left, taken.open, taken.away) == (False,) * 4
            # Ann's old token no longer holds a seat.
            again = Client(url(server), "Ann", token=old, reconnect=False)
            await again.connect()
            await again.wait(lambda: bool(again.errors))
            assert again.errors[-1].code == "bad_token" and again.chair is None
            await again.close()
            for client in (bob, cat):
                await client.close()

    run(body(), timeout=90)


def test_a_person_seated_by_code_moves_to_the_chair_they_want(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            ann, bob = await connect_two(server)
            made = await ann.create(players=4, public=False)
            await bob.join(1, code=made.code)  # the first free chair: the other side
            first = bob.token
            await bob.join(2, code=made.code)  # Ann's partner instead
            await bob.wait(lambda: bob.chair == 2)
            await ann.wait(lambda: ann.table is not None and ann.table.chairs[2].name == "Bob")
            assert [c.name for c in ann.table.chairs] == ["Ann", None, "Bob", None]  # type: ignore[union-attr]
            assert bob.token != first
            with pytest.raises(ClientError) as caught:
                await bob.join(0, table=made.id)  # Ann's chair: taken
            assert str(caught.value) == "Chair 1 is taken: pick a free one."
            assert bob.chair == 2  # still where he was
            await bob.close()
            back = Client(url(server), "Bob", token=bob.token)  # the new token holds chair 2
            await back.connect()
            await back.wait(lambda: back.chair == 2)
            await ann.ready()
            await back.ready()
            await ann.wait(lambda: ann.table is not None and ann.table.chairs[2].ready)
            await ann.start()
            await back.wait(lambda: back.view is not None)
            assert back.view.seat == 2  # type: ignore[union-attr]
            with pytest.raises(ClientError):
                await back.join(3, table=made.id)  # not once the game has started
            assert back.errors[-1].code == "started"
            await ann.close()
            await back.close()

    run(body(), timeout=60)
