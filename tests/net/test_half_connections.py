"""Connections that never say hello. Before, a connection that opened and then said
nothing (or only what could not be read) stayed open for good, answering pings; one client
opening ``max_connections`` of them (4,096) turned every other player away ("the server
is full") for as long as it liked. Now a connection has ``hello_within`` seconds (10) to
get a hello accepted, and is closed after that."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from websockets.asyncio.client import connect

from canasta.net.hub import Conn, ServerConfig
from canasta.net.protocol import PROTOCOL_VERSION
from tests.net.helpers import run, running_server, url


def test_a_connection_gets_ten_seconds_to_say_hello() -> None:
    assert ServerConfig().hello_within == 10.0


def test_a_silent_connection_is_closed_when_its_time_is_up(tmp_path: Path) -> None:
    async def body() -> None:
        # No time at all: the deadline passes as soon as the connection is served.
        async with running_server(tmp_path, hello_within=0.0, max_connections=2) as server:
            silent = await connect(url(server))
            garbled = await connect(url(server))
            await garbled.send("not a hello")
            await silent.wait_closed()
            await garbled.wait_closed()
            assert (silent.close_code, silent.close_reason) == (1008, "no hello in time")
            assert (garbled.close_code, garbled.close_reason) == (1008, "no hello in time")
            while server.conns:  # the server lets go of both: their places are free
                await asyncio.sleep(0)
            assert server.conns == set()

    run(body(), 30)


def test_the_deadline_closes_only_a_connection_without_a_hello(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            async with connect(url(server)) as ws:
                hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": "Ann"}
                await ws.send(json.dumps(hello))
                assert json.loads(await ws.recv())["type"] == "welcome"
                [conn] = server.conns
                assert conn.name == "Ann"
                server.hello_late(conn)  # as the timer would, 10 s after the start
                assert not conn.closed
                await ws.send(json.dumps({"type": "lobby"}))
                assert json.loads(await ws.recv()) == {"type": "lobby", "tables": [], "more": 0}
            quiet = Conn(ws=None)
            assert quiet.name is None
            server.hello_late(quiet)
            assert quiet.closed and (quiet.close_code, quiet.close_reason) == (
                1008,
                "no hello in time",
            )

    run(body(), 30)
