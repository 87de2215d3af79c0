"""One client cannot shut the door on everyone else: connections per address, idle
connections, room for newcomers, join codes; every refusal and drop is one log line."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from canasta.net.client import Client, ClientError
from canasta.net.door import DoorConfig, DoorLog, address_key, file_room
from canasta.net.protocol import CODE_ALPHABET, CODE_LENGTH, PROTOCOL_VERSION
from canasta.net.server import Server
from tests.net.helpers import run, running_server, url

HELLO = json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "name": "Mallory"})


class Clock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@contextlib.asynccontextmanager
async def clocked_server(data: Path, clock: Clock, **options: Any) -> Any:
    from canasta.net.hub import ServerConfig

    options.setdefault("rate", 1000.0)
    options.setdefault("burst", 1000.0)
    config = ServerConfig(host="127.0.0.1", port=0, data=data, synchronous="NORMAL", **options)
    server = Server(config, clock=clock)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


async def knock(server: Server, source: str = "127.0.0.1") -> tuple[str, Any]:
    """Open a connection from ``source`` and say hello; return the first answer's type
    (or error code) and the open socket."""
    ws = await connect(url(server), local_addr=(source, 0))
    with contextlib.suppress(ConnectionClosed):
        await ws.send(HELLO)
    try:
        answer = json.loads(await ws.recv())
    except ConnectionClosed:
        return "closed", ws
    return str(answer.get("code", answer["type"])), ws


def test_a_family_never_meets_the_limit_per_address() -> None:
    door = DoorConfig()
    assert door.per_address == 32
    assert door.idle_after == 300.0


def test_the_connection_past_the_limit_of_its_address_is_refused_and_another_gets_in(
    tmp_path: Path,
) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            held = []
            for _ in range(32):
                answer, ws = await knock(server)
                assert answer == "welcome"
                held.append(ws)
            answer, refused = await knock(server)
            assert answer == "address_full"
            await refused.wait_closed()
            assert refused.close_code == 1013
            other, ws = await knock(server, "127.0.0.2")  # another address still gets in
            assert other == "welcome"
            held.append(ws)
            await held[0].close()  # a place of the first address is free again
            while server.door.per_address["127.0.0.1"] == 32:
                await asyncio.sleep(0)  # the server's handler lets go of it
            again, ws = await knock(server)
            assert again == "welcome"
            held.append(ws)
            for ws in held:
                await ws.close()

    run(body(), 60)


def test_a_refused_client_reads_why_in_plain_words(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path, door=DoorConfig(per_address=1)) as server:
            first = Client(url(server), "Ann", reconnect=False)
            await first.connect()
            with pytest.raises(ClientError) as caught:
                await Client(url(server), "Bob", reconnect=False).connect()
            assert str(caught.value) == (
                "Too many connections from your address (at most 1): close some and try again."
            )
            await first.close()

    run(body(), 30)


def test_an_idle_connection_is_closed_and_one_at_a_table_or_the_lobby_stays(
    tmp_path: Path,
) -> None:
    clock = Clock()

    async def body() -> None:
        async with clocked_server(tmp_path, clock) as server:
            idle, watching, seated = (Client(url(server), n, reconnect=False)
                                      for n in ("Ida", "Wes", "Sam"))  # fmt: skip
            for c in (idle, watching, seated):
                await c.connect()
            await watching.list_tables()
            await seated.create(public=False)
            clock.now += 299.0
            assert server.sweep() == []  # not yet five minutes
            clock.now += 1.0
            [gone] = server.sweep()
            assert gone.name == "Ida"
            await idle.wait(lambda: idle.status == "closed")
            assert [e.code for e in idle.errors] == ["idle"]
            assert watching.status == seated.status == "connected"
            await watching.close()
            await seated.close()

    run(body(), 30)


def test_a_full_server_makes_room_from_the_quietest_connection_without_a_chair(
    tmp_path: Path,
) -> None:
    clock = Clock()

    async def body() -> None:
        async with clocked_server(tmp_path, clock, max_connections=3) as server:
            a = Client(url(server), "Ann", reconnect=False)
            await a.connect()
            await a.create(public=False)
            _, quiet = await knock(server)
            clock.now += 10.0
            _, lobby = await knock(server)
            full, turned = await knock(server)  # nobody quiet long enough: full
            assert full == "server_full"
            await turned.wait_closed()
            clock.now += 30.0  # both without a chair are quiet long enough now
            answer, newcomer = await knock(server)
            assert answer == "welcome"
            await quiet.wait_closed()  # the quietest made room: not the seated one
            assert quiet.close_reason == "room made for a newcomer"
            assert a.status == "connected" and a.chair == 0
            for ws in (lobby, newcomer):
                await ws.close()
            await a.close()

    run(body(), 30)


def test_join_codes_are_long_enough_that_guessing_is_hopeless() -> None:
    """10 characters of 32: 2^50 codes. A random guess hits one of 100 private tables
    with odds 100 in 2^50, so it takes 2^50 / 100 guesses on average; an address may try
    a wrong code every 2 seconds (after a first 10): about 713,000 years for one address,
    71 years for 10,000 addresses together."""
    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    assert codes == 2**50
    door = DoorConfig()
    assert (door.code_rate, door.code_burst, door.code_drop) == (0.5, 10.0, 20)
    years = codes / 100 / door.code_rate / (365.25 * 24 * 3600)
    assert round(years, -3) == 714_000
    assert round(years / 10_000) == 71


def test_wrong_join_codes_are_slowed_then_the_connection_is_dropped(tmp_path: Path) -> None:
    clock = Clock()

    async def body() -> None:
        async with clocked_server(tmp_path, clock) as server:
            host = Client(url(server), "Hal", reconnect=False)
            await host.connect()
            table = await host.create(public=False)
            assert table.code is not None and len(table.code) == CODE_LENGTH
            guess = Client(url(server), "Gus", reconnect=False)
            await guess.connect()
            codes = []
            for _ in range(10):  # the burst: each wrong code is looked up and refused
                with pytest.raises(ClientError):
                    await guess.join(1, code="ZZZZZZZZZZ")
                codes.append(guess.errors[-1].code)
            assert codes == ["no_table"] * 10
            # The bucket is empty: even the right code is refused unread.
            with pytest.raises(ClientError, match="wait 2 seconds"):
                await guess.join(1, code=table.code)
            assert guess.errors[-1].code == "code_wait"
            # Another connection of the same address is slowed as much.
            twin = Client(url(server), "Tim", reconnect=False)
            await twin.connect()
            with pytest.raises(ClientError):
                await twin.join(1, code=table.code)
            assert twin.errors[-1].code == "code_wait"
            clock.now += 4.0  # two tokens back: the right code (grouped as shown) gets in
            await twin.join(1, code=f"{table.code[:5]}-{table.code[5:].lower()}")
            assert twin.chair == 1
            for _ in range(8):  # 19 wrong or refused by now for Gus ...
                with pytest.raises(ClientError):
                    await guess.join(1, code="ZZZZZZZZZZ")
            assert guess.status == "connected"
            with pytest.raises(ClientError):  # ... and the 20th closes the connection
                await guess.join(1, code="ZZZZZZZZZZ")
            await guess.wait(lambda: guess.status == "closed")
            assert guess.errors[-1].code == "codes"
            await host.close()
            await twin.close()

    run(body(), 30)


def test_every_refusal_and_drop_is_one_json_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="canasta.net.door")

    async def body() -> None:
        async with running_server(tmp_path, door=DoorConfig(per_address=1)) as server:
            first, ws = await knock(server)
            second, refused = await knock(server)
            assert (first, second) == ("welcome", "address_full")
            await ws.send("not json")
            for _ in range(10):
                await ws.send("not json")
            await ws.wait_closed()
            await refused.wait_closed()

    run(body(), 30)
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "canasta.net.door"]
    assert [(x["event"], x["address"], x["code"], x["table"]) for x in lines] == [
        ("refused", "127.0.0.1", "address_full", None),
        ("dropped", "127.0.0.1", "strikes", None),
    ]
    assert all(x["time"].endswith("Z") and len(x["time"]) == 20 for x in lines)


def test_repeated_lines_are_rate_limited_and_counted() -> None:
    clock = Clock()
    dlog = DoorLog(DoorConfig(log_every=10.0, log_burst=3), clock, wall=lambda: 0.0)
    written = [dlog.line("refused", "10.0.0.1", "address_full") for _ in range(100)]
    assert written.count(True) == 1
    # Three other addresses in the same ten seconds: the span's budget (3) is spent.
    assert [dlog.line("refused", f"10.0.0.{i}", "server_full") for i in (2, 3, 4)] == [
        True,
        True,
        False,
    ]
    clock.now += 10.0
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("canasta.net.door")
    logger.addHandler(handler)
    try:
        assert dlog.line("refused", "10.0.0.1", "address_full") is True
    finally:
        logger.removeHandler(handler)
    data = json.loads(records[0].getMessage())
    assert data == {"time": "1970-01-01T00:00:00Z", "event": "refused", "address": "10.0.0.1",
                    "code": "address_full", "table": None, "repeated": 99,
                    "left_out": 1}  # fmt: skip


def test_addresses_count_by_ipv4_address_and_ipv6_network() -> None:
    assert address_key(("192.0.2.7", 5000)) == "192.0.2.7"
    assert address_key(("::ffff:192.0.2.7", 5000, 0, 0)) == "192.0.2.7"
    assert address_key(("2001:db8:1:2:aaaa::1", 5000, 0, 0)) == "2001:db8:1:2::/64"
    assert address_key(("2001:db8:1:2:bbbb::9", 5000, 0, 0)) == "2001:db8:1:2::/64"
    assert address_key(None) == "?"


def test_the_open_file_limit_leaves_a_reserve() -> None:
    assert file_room(1024, 20) == 1024 - 20 - 128
    assert file_room(128, 20) == 128 - 20 - 64
    assert file_room(1 << 20, 20) == (1 << 20) - 20 - 1024
    assert file_room(64, 20) == 0


def test_an_older_client_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    async def body() -> dict[str, Any]:
        async with running_server(tmp_path) as server, connect(url(server)) as ws:
            # Version 2: the last one before the lobby sent its changes, not the list.
            await ws.send(HELLO.replace(f'"version": {PROTOCOL_VERSION}', '"version": 2'))
            answer = json.loads(await ws.recv())
            await ws.wait_closed()
            return answer

    answer = run(body(), 30)
    assert PROTOCOL_VERSION == 3
    assert (answer["code"], answer["details"]) == ("version", {"server": 3, "yours": 2})
    assert answer["message"] == (
        "the server is a newer version of Canasta (protocol 3, this game 2): update Canasta"
    )


def test_the_log_file_gets_one_json_line_a_refusal(tmp_path: Path) -> None:
    from canasta.net import serve

    args = serve.parser().parse_args(["--log-level", "INFO", "--log-file", str(tmp_path / "l")])
    assert (args.log_level, args.log_file) == ("info", tmp_path / "l")
    root = logging.getLogger("canasta")
    level, handlers = root.level, list(root.handlers)
    with serve.server_logging(args.log_level, args.log_file):
        DoorLog(DoorConfig(), wall=lambda: 0.0).line("refused", "192.0.2.1", "server_full")
        logging.getLogger("canasta.net").info("a table resumed")
    assert (root.level, root.handlers) == (level, handlers)  # as it was
    first, second = (json.loads(x) for x in (tmp_path / "l").read_text().splitlines())
    assert first == {"time": "1970-01-01T00:00:00Z", "event": "refused", "address": "192.0.2.1",
                     "code": "server_full", "table": None}  # fmt: skip
    assert (second["level"], second["logger"], second["message"]) == (
        "info",
        "canasta.net",
        "a table resumed",
    )
    missing = tmp_path / "no" / "log"
    with pytest.raises(serve.LogFileError) as caught, serve.server_logging("warning", missing):
        raise AssertionError("not reached")
    assert (
        str(caught.value) == f"--log-file {missing}: cannot be written (No such file or directory)"
    )
    assert (root.level, root.handlers) == (level, handlers)


def test_an_address_opening_too_fast_is_answered_before_any_handshake(tmp_path: Path) -> None:
    clock = Clock()
    door = DoorConfig(open_rate=1.0, open_burst=3.0)

    async def body() -> None:
        async with clocked_server(tmp_path, clock, door=door) as server:
            held = []
            for _ in range(3):
                answer, ws = await knock(server)
                assert answer == "welcome"
                held.append(ws)
            with pytest.raises(InvalidStatus) as caught:
                await connect(url(server))
            assert caught.value.response.status_code == 429
            assert caught.value.response.body == (
                b"Too many new connections from your address: wait a moment and try again.\n"
            )
            with pytest.raises(ClientError, match="^Too many new connections from your"):
                await Client(url(server), "Ann", reconnect=False).connect()
            other, ws = await knock(server, "127.0.0.2")  # not another address
            assert other == "welcome"
            held.append(ws)
            clock.now += 1.0  # a token back
            again, ws = await knock(server)
            assert again == "welcome"
            held.append(ws)
            assert len(held) == 5 and all(h.close_code is None for h in held)
            for h in held:
                await h.close()

    run(body(), 30)


def test_behind_a_proxy_the_forwarded_client_counts(tmp_path: Path) -> None:
    """Connections from a trusted proxy count against the client its X-Forwarded-For
    names: one client past its limit is refused, another behind the same proxy gets in;
    the header of a connection not from a proxy is ignored."""
    door = DoorConfig(per_address=1, proxies=("127.0.0.1",))

    async def through(server: Server, client: str, source: str = "127.0.0.1") -> str:
        forwarded = {"X-Forwarded-For": f"10.9.9.9, {client}"}
        ws = await connect(url(server), local_addr=(source, 0), additional_headers=forwarded)
        with contextlib.suppress(ConnectionClosed):
            await ws.send(HELLO)
        try:
            answer = json.loads(await ws.recv())
        except ConnectionClosed:
            return "closed"
        held.append(ws)
        return str(answer.get("code", answer["type"]))

    held: list[Any] = []

    async def body() -> None:
        async with running_server(tmp_path, door=door) as server:
            assert await through(server, "198.51.100.1") == "welcome"
            assert await through(server, "198.51.100.1") == "address_full"
            assert await through(server, "198.51.100.2") == "welcome"
            assert sorted(server.door.per_address) == ["198.51.100.1", "198.51.100.2"]
            # Not a proxy: its header names nobody; it counts as itself.
            assert await through(server, "198.51.100.3", "127.0.0.2") == "welcome"
            assert server.door.per_address["127.0.0.2"] == 1
            for ws in held:
                await ws.close()

    run(body(), 30)
