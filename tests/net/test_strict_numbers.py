"""A number or a yes/no in a client's message must be written as one. Before, pydantic's
lax mode took ``"version": true`` for protocol version 1 (a bool is an int in Python),
and ``1.0`` or ``"1"`` for 1, ``"true"`` or ``1`` for true; now each is refused with
``bad_message`` naming the field, as any other message that fits no model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from canasta.net.protocol import PROTOCOL_VERSION, ProtocolError, parse_client
from tests.net.helpers import run, running_server, url

HELLO = {"type": "hello", "version": PROTOCOL_VERSION, "name": "Ann"}
CLOCK = {"move_seconds": 30, "bank_seconds": 120}


def refused(message: dict[str, object]) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        parse_client(json.dumps(message))
    return caught.value


@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_a_hello_whose_version_is_not_a_whole_number_is_refused(version: object) -> None:
    error = refused({**HELLO, "version": version})
    assert error.code == "bad_message"
    assert error.details == {"where": "hello.version"}
    assert error.message == "hello.version: Input should be a valid integer"


@pytest.mark.parametrize(
    ("message", "where"),
    [
        ({"type": "create", "players": True}, "create.players"),
        ({"type": "create", "players": 2.0}, "create.players"),
        ({"type": "create", "players": "4"}, "create.players"),
        ({"type": "create", "chair": True}, "create.chair"),
        ({"type": "create", "chair": 1.0}, "create.chair"),
        ({"type": "create", "chair": "1"}, "create.chair"),
        ({"type": "join", "code": "AB3DEF", "chair": True}, "join.chair"),
        ({"type": "join", "code": "AB3DEF", "chair": "1"}, "join.chair"),
        ({"type": "intent", "ref": True, "move": "draw"}, "intent.ref"),
        ({"type": "intent", "ref": 1.0, "move": "draw"}, "intent.ref"),
        ({"type": "intent", "ref": "1", "move": "draw"}, "intent.ref"),
    ],
)  # fmt: skip
def test_whole_numbers_written_otherwise_are_refused(message: dict, where: str) -> None:
    error = refused(message)
    assert error.code == "bad_message"
    assert error.details["where"] == where
    assert error.message == f"{where}: Input should be a valid integer"


@pytest.mark.parametrize(
    "move",
    [
        {"type": "discard", "cards": [True]},
        {"type": "discard", "cards": [5.0]},
        {"type": "discard", "cards": ["5"]},
        {"type": "layoff", "cards": [5], "target": True},
        {"type": "layoff", "cards": [5], "target": "1"},
    ],
)
def test_a_structured_move_with_a_number_written_otherwise_is_refused(move: dict) -> None:
    """The move is a text or a structured move: the first branch tried (the text) is the
    one named, as for any structured move that does not fit."""
    error = refused({"type": "intent", "ref": 2, "move": move})
    assert error.code == "bad_message"
    assert error.details["where"] == "intent.move.constrained-str"
    right = {**move, "cards": [5]} | ({"target": 1} if "target" in move else {})
    assert parse_client(json.dumps({"type": "intent", "ref": 2, "move": right})).move.cards == [5]


@pytest.mark.parametrize(
    ("message", "where", "why"),
    [
        ({"type": "ready", "ready": 1}, "ready.ready", "a valid boolean"),
        ({"type": "ready", "ready": "true"}, "ready.ready", "a valid boolean"),
        ({"type": "create", "public": "false"}, "create.public", "a valid boolean"),
        ({"type": "create", "quick": 0}, "create.quick", "a valid boolean"),
        ({"type": "create", "clock": {**CLOCK, "move_seconds": True}},
         "create.clock.move_seconds", "a valid number"),
        ({"type": "create", "clock": {**CLOCK, "bank_seconds": "120"}},
         "create.clock.bank_seconds", "a valid number"),
    ],
)  # fmt: skip
def test_yes_no_and_seconds_written_otherwise_are_refused(
    message: dict, where: str, why: str
) -> None:
    error = refused(message)
    assert (error.code, error.details["where"]) == ("bad_message", where)
    assert error.message == f"{where}: Input should be {why}"


def test_numbers_written_as_numbers_still_parse() -> None:
    assert parse_client(json.dumps(HELLO)).version == PROTOCOL_VERSION
    create = parse_client(json.dumps({"type": "create", "players": 4, "chair": 3,
                                      "public": False, "quick": True, "clock": CLOCK}))  # fmt: skip
    assert (create.players, create.chair, create.public, create.quick) == (4, 3, False, True)
    assert (create.clock.move_seconds, create.clock.bank_seconds) == (30.0, 120.0)
    half = parse_client('{"type":"create","clock":{"move_seconds":0.5,"bank_seconds":0}}')
    assert half.clock.move_seconds == 0.5 and half.players == 2
    intent = parse_client('{"type":"intent","ref":7,"move":{"type":"layoff","cards":[5,107],'
                          '"target":3}}')  # fmt: skip
    assert (intent.ref, intent.move.cards, intent.move.target) == (7, [5, 107], 3)
    assert parse_client('{"type":"ready","ready":false}').ready is False


def test_the_server_answers_a_hello_with_version_true_with_bad_message(tmp_path: Path) -> None:
    async def body() -> list[dict[str, object]]:
        async with running_server(tmp_path) as server, connect(url(server)) as ws:
            await ws.send(json.dumps({**HELLO, "version": True}))
            first = json.loads(await ws.recv())
            await ws.send(json.dumps(HELLO))  # the same hello, written right, is welcome
            return [first, json.loads(await ws.recv())]

    refusal, welcome = run(body())
    assert refusal["type"] == "error" and refusal["code"] == "bad_message"
    assert refusal["details"] == {"where": "hello.version"}
    assert welcome["type"] == "welcome" and welcome["version"] == PROTOCOL_VERSION
