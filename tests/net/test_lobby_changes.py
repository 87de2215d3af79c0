"""The lobby sends its changes, not its list: a watcher gets the whole list once, then one
message per turn of the server's loop with the tables added or changed and the ids gone;
a watcher seated meanwhile gets the whole list again; the list holds at most
LOBBY_LIMIT tables, those with a chair anyone may take first, and counts the rest. The
client applies the changes to the same list a fresh ask gives."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from canasta.net import protocol
from canasta.net.client import Client
from canasta.net.hub import Conn, ServerConfig
from canasta.net.protocol import (
    ChairInfo,
    ListTables,
    LobbyChanges,
    LobbyList,
    TableInfo,
    parse_server,
)
from canasta.net.server import Server
from canasta.net.tables import Table, TableOptions, new_code
from tests.net.helpers import play_random, run, running_server, seat_two, thinking_thread, url


def info(table_id: str, names: list[str | None]) -> TableInfo:
    chairs = [ChairInfo(name=n, side=i % 2, computer=n is None, open=n is None)
              for i, n in enumerate(names)]  # fmt: skip
    return TableInfo(id=table_id, preset="Classic", players=len(names), public=True,
                     level="medium", status="lobby", host=0, chairs=chairs)  # fmt: skip


def test_changes_replace_tables_in_place_add_new_ones_at_the_end_and_drop_the_gone() -> None:
    listed = [info("a1", ["Ann", None]), info("b2", ["Bob", None]), info("c3", ["Cat", None])]
    changes = LobbyChanges(tables=[info("d4", ["Dan", None]), info("b2", ["Bob", "Eve"])],
                           gone=["a1"], more=7)  # fmt: skip
    after = changes.applied(listed)
    assert [t.id for t in after] == ["b2", "c3", "d4"]
    assert [c.name for c in after[0].chairs] == ["Bob", "Eve"]
    assert [t.id for t in listed] == ["a1", "b2", "c3"]  # a new list: the old one stays
    assert LobbyChanges(gone=["zz"]).applied(listed) == listed  # an id not listed: nothing


def test_the_changes_travel_as_the_protocol_says() -> None:
    sent = LobbyChanges(tables=[info("a1", ["Ann", None])], gone=["b2"], more=3)
    assert parse_server(sent.model_dump_json()) == sent
    assert parse_server('{"type":"lobby_changes"}') == LobbyChanges(tables=[], gone=[], more=0)
    assert parse_server('{"type":"lobby","tables":[]}') == LobbyList(tables=[], more=0)


class Lobby:
    """A server in this process, never listening, with tables and watchers made by hand:
    every message queued to a watcher is read back (no sockets, no clock)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.tables: list[Table] = []

    def open(self, host: str = "Host", players: int = 2) -> Table:
        table = Table(f"{len(self.tables):016x}", TableOptions(players=players), new_code())
        table.sit(0, host)
        self.server._add(table)
        self.tables.append(table)
        self.server.lobby_changed()
        return table

    async def watcher(self, name: str) -> Conn:
        conn = Conn(None, name=name)
        self.server.conns.add(conn)
        await self.server._dispatch(conn, ListTables())
        return conn

    @staticmethod
    async def turn() -> None:
        """Let the loop's turn end: the lobby's changes go out."""
        await asyncio.sleep(0)
        await asyncio.sleep(0)

    @staticmethod
    def read(conn: Conn) -> list[Any]:
        out = []
        while not conn.queue.empty():
            text = conn.queue.get_nowait()
            assert text is not None
            out.append(parse_server(text))
        return out


def in_process(tmp_path: Path, body: Any) -> None:
    async def go() -> None:
        config = ServerConfig(host="127.0.0.1", port=0, data=tmp_path)
        server = Server(config, ai=thinking_thread())
        try:
            await body(Lobby(server))
        finally:
            server.hub.shutdown()
            server.hub.store.close()

    run(go(), timeout=60)


def test_many_changes_in_one_turn_go_out_as_one_message(tmp_path: Path) -> None:
    async def body(lobby: Lobby) -> None:
        first, second, third = lobby.open("Ann"), lobby.open("Bob"), lobby.open("Cat")
        await lobby.turn()
        ann, ben = await lobby.watcher("Watcher 1"), await lobby.watcher("Watcher 2")
        [listed] = lobby.read(ann)
        assert isinstance(listed, LobbyList) and listed.more == 0
        assert [t.id for t in listed.tables] == [first.id, second.id, third.id]
        lobby.read(ben)
        # One turn: a person sits, a table empties (it closes), a new one opens.
        first.sit(1, "Dan")
        lobby.server.lobby_changed()
        second.leave(0)
        lobby.server.lobby_changed()
        fourth = lobby.open("Eve")
        await lobby.turn()
        for conn in (ann, ben):
            [changes] = lobby.read(conn)
            assert isinstance(changes, LobbyChanges)
            assert [t.id for t in changes.tables] == [first.id, fourth.id]
            assert [c.name for c in changes.tables[0].chairs] == ["Ann", "Dan"]
            assert (changes.gone, changes.more) == ([second.id], 0)
        # A turn in which nothing the lobby shows changed sends nothing.
        lobby.server.lobby_changed()
        await lobby.turn()
        assert lobby.read(ann) == [] and lobby.read(ben) == []
        # What the changes made of the list is what a fresh ask gives.
        again = await lobby.watcher("Watcher 3")
        [fresh] = lobby.read(again)
        assert changes.applied(listed.tables) == fresh.tables

    in_process(tmp_path, body)


def test_a_watcher_seated_meanwhile_gets_the_whole_list_again(tmp_path: Path) -> None:
    async def body(lobby: Lobby) -> None:
        first = lobby.open("Ann")
        await lobby.turn()
        cat = await lobby.watcher("Cat")
        lobby.read(cat)
        cat.table, cat.chair = first.id, 1  # Cat sits down: nothing comes while seated
        first.sit(1, "Cat")
        lobby.server.lobby_changed()
        second = lobby.open("Bob")
        await lobby.turn()
        assert lobby.read(cat) == []
        cat.table = cat.chair = None  # back in the lobby: the changes missed are many
        first.leave(1)
        lobby.server.lobby_changed()
        await lobby.turn()
        [whole] = lobby.read(cat)
        assert isinstance(whole, LobbyList)
        assert [(t.id, t.chairs[1].name) for t in whole.tables] == [(first.id, None),
                                                                    (second.id, None)]  # fmt: skip
        second.sit(1, "Dan")  # and the changes again after that
        lobby.server.lobby_changed()
        await lobby.turn()
        [changes] = lobby.read(cat)
        assert isinstance(changes, LobbyChanges) and [t.id for t in changes.tables] == [second.id]

    in_process(tmp_path, body)


def test_the_list_holds_the_limit_joinable_tables_first_and_counts_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(protocol, "LOBBY_LIMIT", 3)

    async def body(lobby: Lobby) -> None:
        made = [lobby.open(f"Host {i}") for i in range(5)]
        made[3].sit(1, "Guest")  # full: no chair anyone may take
        await lobby.turn()
        ann = await lobby.watcher("Ann")
        [listed] = lobby.read(ann)
        # The newest tables with a free chair, in the order they opened; two left out.
        assert [t.id for t in listed.tables] == [made[1].id, made[2].id, made[4].id]
        assert listed.more == 2
        made[2].sit(1, "Guest")  # full now: the older joinable one takes its place
        lobby.server.lobby_changed()
        await lobby.turn()
        [changes] = lobby.read(ann)
        assert ([t.id for t in changes.tables], changes.gone, changes.more) == (
            [made[0].id], [made[2].id], 2)  # fmt: skip
        assert [t.id for t in changes.applied(listed.tables)] == [made[1].id, made[4].id,
                                                                 made[0].id]  # fmt: skip
        made[4].leave(0)  # emptied: it closes; the newest full table takes its place
        lobby.server.lobby_changed()
        await lobby.turn()
        [changes] = lobby.read(ann)
        assert ([t.id for t in changes.tables], changes.gone, changes.more) == (
            [made[3].id], [made[4].id], 1)  # fmt: skip

    in_process(tmp_path, body)


def test_a_table_that_fills_starts_ends_and_closes_reaches_the_watcher_as_changes(
    tmp_path: Path,
) -> None:
    async def body() -> None:
        async with running_server(tmp_path, close_after=0.05) as server:
            cat = Client(url(server), "Cat")
            await cat.connect()
            assert await cat.list_tables() == []
            ann, bob = await seat_two(server, quick=True)  # opens, fills, starts
            table_id = ann.table.id  # type: ignore[union-attr]
            await cat.wait(lambda: [t.status for t in cat.lobby] == ["playing"])
            await play_random([ann, bob], random.Random(5))  # the one hand: the game ends
            await cat.wait(lambda: [t.status for t in cat.lobby] == ["game_over"])
            await ann.close()
            await bob.close()
            await cat.wait(lambda: cat.lobby == [])  # nobody left: the table closes
            assert table_id not in server.runners
            sent = [parse_server(m) for m in cat.received if '"type":"lobby' in m]
            assert isinstance(sent[0], LobbyList)
            assert all(isinstance(m, LobbyChanges) for m in sent[1:])
            assert [m.gone for m in sent[1:] if m.gone] == [[table_id]]
            seen = [(t.status, [c.name for c in t.chairs]) for m in sent[1:] for t in m.tables]
            assert seen[0] == ("lobby", ["Ann", None])
            assert ("lobby", ["Ann", "Bob"]) in seen and ("playing", ["Ann", "Bob"]) in seen
            assert seen[-1][0] == "game_over"
            await cat.close()

    run(body(), timeout=90)


def test_the_byte_count_script_counts_one_message_per_watcher_per_changed_turn() -> None:
    from scripts.lobby_bytes import measure

    figures = run(measure(tables=10, watchers=3, changes=20, per_turn=1, seed=1))
    assert (figures["first_lists_messages"], figures["changes_messages"]) == (3, 60)
    one_list = figures["first_lists_bytes"] / 3
    assert figures["bytes_per_change_per_watcher"] < one_list / 4  # a table, not ten
    batched = run(measure(tables=10, watchers=3, changes=20, per_turn=10, seed=1))
    assert batched["changes_messages"] == 6  # two turns, one message each per watcher
