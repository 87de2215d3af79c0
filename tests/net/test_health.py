"""``GET /health`` for load balancers: what the process runs, and whether it takes new
players (200) or not (503); every other path still opens the game's WebSocket. And the
PostgreSQL options of ``canasta serve`` refused where they cannot work."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from canasta.net import serve
from canasta.net.client import Client, table_url
from tests.net.helpers import run, running_server, seat_two


def get(port: int, path: str) -> tuple[int, str, dict[str, Any]]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
            return answer.status, answer.headers["Content-Type"], json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], json.loads(error.read())


def test_health_says_ready_and_counts_tables_and_connections(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            status, kind, figures = await asyncio.to_thread(get, server.port, "/health")
            assert (status, kind) == (200, "application/json")
            assert figures == {"ready": True, "draining": False, "tables": 0,
                               "connections": 0, "process": None}  # fmt: skip
            a, b = await seat_two(server)
            _, _, figures = await asyncio.to_thread(get, server.port, "/health?full=1")
            assert (figures["tables"], figures["connections"]) == (1, 2)
            # Once seated, a client connects at the table's own address; it still plays.
            assert a.table is not None
            assert a.address() == f"ws://127.0.0.1:{server.port}/table/{a.table.id}"
            await a.drop()
            await a.wait(lambda: a.reconnects == 1)
            for client in (a, b):
                await client.close()

    run(body(), 60)


def test_a_server_stopping_is_not_ready(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            server.ws_server = None  # as between stopping and the socket closing
            figures = server.health()
            assert figures["ready"] is False

    run(body(), 30)


def test_a_table_address_keeps_the_server_s_path() -> None:
    assert table_url("ws://h:1", "ab12") == "ws://h:1/table/ab12"
    assert table_url("wss://h/canasta/", "ab12") == "wss://h/canasta/table/ab12"
    assert Client("ws://h:1", "Ann").address() == "ws://h:1"  # at no table: the lobby


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--drain", "p1"], "canasta serve: --drain goes with --database\n"),
        (["--advertise", "ws://h:1"], "canasta serve: --advertise goes with --database\n"),
        (["--process-id", "p1"], "canasta serve: --process-id goes with --database\n"),
        (["--database", "x.db"], "canasta serve: --database takes a postgresql:// address\n"),
    ],
)
def test_postgresql_options_alone_are_refused(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert serve.serve_command(argv) == 2
    assert capsys.readouterr().err == said


def test_an_unreachable_database_is_said_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Port 9 on loopback (discard): nothing listens there in a test machine.
    url = "postgresql://nobody@127.0.0.1:9/none?connect_timeout=2"
    assert serve.serve_command(["--database", url, "--data", str(tmp_path), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("canasta serve: cannot reach the database: ") and err.count("\n") == 1
