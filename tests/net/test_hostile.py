"""Hostile clients: bad JSON, huge frames, floods, moves for another seat, made-up and
stolen tokens, a thousand connections opened and closed. The server answers or drops
them, and another table's hand goes on to its end all the while."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from canasta.net.client import Client
from canasta.net.protocol import PROTOCOL_VERSION
from canasta.net.server import Server
from tests.net.helpers import play_random, run, running_server, seat_two, url

HELLO = json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "name": "Mallory"})


async def answers(ws: object, count: int) -> list[dict[str, object]]:
    return [json.loads(await ws.recv()) for _ in range(count)]  # type: ignore[attr-defined]


async def bad_messages(server: Server) -> None:
    async with connect(url(server)) as ws:
        await ws.send('{"type":"intent","ref":1,"move":"draw"}')
        await ws.send("not json at all")
        await ws.send('{"type":"hello","version":1,"name":"x","admin":true}')
        await ws.send("x" * 5000)
        codes = [m["code"] for m in await answers(ws, 4)]
        assert codes == ["hello_first", "bad_json", "bad_message", "too_big"]
        await ws.send(HELLO.replace(f'"version": {PROTOCOL_VERSION}', '"version": 99'))
        message = json.loads(await ws.recv())
        assert message["code"] == "version"
        assert message["details"] == {"server": PROTOCOL_VERSION, "yours": 99}
        assert f"(protocol {PROTOCOL_VERSION}, this game 99)" in message["message"]
        await ws.wait_closed()
    async with connect(url(server)) as ws:  # a frame over the hard limit: dropped at once
        await ws.send(HELLO)
        await ws.recv()
        await ws.send("y" * 200_000)
        await ws.wait_closed()
        assert ws.close_code == 1009


async def flood(server: Server) -> None:
    kinds = []
    async with connect(url(server)) as ws:
        await ws.send(HELLO)
        await ws.recv()
        with contextlib.suppress(ConnectionClosed):
            for _ in range(200):
                await ws.send('{"type":"lobby"}')
        with contextlib.suppress(ConnectionClosed):
            async for text in ws:
                kinds.append(json.loads(text).get("code", "lobby"))
    assert 30 <= kinds.count("lobby") <= 60  # the burst (40), and a little refill
    assert kinds.count("rate_limited") == 10  # ten strikes, then the door
    assert ws.close_code == 1008


async def tokens(server: Server) -> None:
    fake = Client(url(server), "Eve", token="A" * 32, reconnect=False)
    await fake.connect()
    await fake.wait(lambda: bool(fake.errors))
    assert fake.errors[0].code == "bad_token" and fake.chair is None
    await fake.close()


async def other_seat(server: Server) -> None:
    a, b = await seat_two(server)
    assert a.view is not None
    waiting = b if a.view.mover == a.chair else a
    ref = await waiting.intent("draw")
    await waiting.wait(lambda: ref in waiting.answers)
    answer = waiting.answers[ref]
    assert answer.type == "refusal" and answer.code == "not_your_turn"
    # A stolen token takes that seat (only that one) and the old connection is dropped.
    thief = Client(url(server), "Eve", token=waiting.token, reconnect=False)
    waiting.auto_reconnect = False
    await thief.connect()
    await thief.wait(lambda: thief.chair == waiting.chair and thief.view is not None)
    await waiting.wait(lambda: waiting.status == "closed")
    assert thief.view is not None and thief.view.seat == waiting.chair
    await a.close()
    await b.close()
    await thief.close()


async def many_connections(server: Server) -> None:
    """Rounds of 100 connections at once from one address: those past what an address
    may open a second are answered HTTP 429 before any handshake, those past what it may
    hold (the two players' own, also from 127.0.0.1, count) are told so and closed."""

    async def one() -> str:
        try:
            ws = await connect(url(server))
        except InvalidStatus as error:  # faster than an address may open: no handshake
            return "too_fast" if error.response.status_code == 429 else "refused"
        async with ws:
            with contextlib.suppress(ConnectionClosed):  # a refused one may be closed first
                await ws.send(HELLO)
            with contextlib.suppress(ConnectionClosed):
                answer = json.loads(await ws.recv())
                return str(answer.get("code", answer["type"]))
            return "closed"

    limit = server.config.door.per_address
    welcomed = []
    for _ in range(10):
        answers = await asyncio.gather(*(one() for _ in range(100)))
        assert set(answers) <= {"welcome", "address_full", "too_fast"}
        welcomed.append(answers.count("welcome"))
        assert answers.count("too_fast") >= 100 - server.config.door.open_burst
    assert 0 < max(welcomed) <= limit


def test_hostile_clients_leave_other_tables_playing(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path, rate=20.0, burst=40.0, strikes=10) as server:
            a, b = await seat_two(server, quick=True)
            rng = random.Random(13)

            async def honest() -> int:
                moves = 0
                while a.hand_over is None:  # slow enough for the rate limit
                    moves += await play_random([a, b], rng, limit=1, to_end=False)
                    await asyncio.sleep(0.06)
                return moves

            game = asyncio.ensure_future(honest())
            await bad_messages(server)
            await flood(server)
            await tokens(server)
            await other_seat(server)
            await many_connections(server)
            assert len(server.conns) <= 4
            moves = await asyncio.wait_for(game, 120)
            assert moves > 0 and a.hand_over is not None and a.hand_over.game_over
            await b.wait(lambda: b.hand_over == a.hand_over)
            assert not a.errors and not b.errors
            await a.close()
            await b.close()

    run(body(), 200)
