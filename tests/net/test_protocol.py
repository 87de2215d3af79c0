"""The protocol's models at the boundary: good messages parse, bad ones are refused with a
code and a plain message."""

from __future__ import annotations

import json

import pytest

from canasta.net.protocol import (
    MAX_CLIENT_BYTES,
    PROTOCOL_VERSION,
    CreateTable,
    Event,
    Hello,
    Intent,
    JoinTable,
    ProtocolError,
    StructuredMove,
    check_name,
    encode,
    parse_client,
    parse_server,
)


def test_good_messages_parse_to_their_models() -> None:
    hello = parse_client(
        json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "name": " Ann "})
    )
    assert isinstance(hello, Hello) and hello.name == "Ann" and hello.token is None
    create = parse_client('{"type":"create","players":4,"public":false,"level":"hard",'
                          '"clock":{"move_seconds":30,"bank_seconds":120},"chair":2}')  # fmt: skip
    assert isinstance(create, CreateTable)
    assert (create.players, create.public, create.level, create.chair) == (4, False, "hard", 2)
    assert create.clock is not None and create.clock.bank_seconds == 120
    join = parse_client('{"type":"join","code":"AB3DEF","chair":1}')
    assert isinstance(join, JoinTable) and join.code == "AB3DEF" and join.table is None
    text = parse_client('{"type":"intent","ref":3,"move":"meld 7H 7D 2C"}')
    assert isinstance(text, Intent) and text.move == "meld 7H 7D 2C"
    structured = parse_client('{"type":"intent","ref":4,"move":{"type":"discard","cards":[5]}}')
    assert isinstance(structured.move, StructuredMove) and structured.move.cards == [5]
    plan = parse_client('{"type":"intent","ref":5,"plan":["meld 7H 7D 7C","discard 5H"]}')
    assert plan.plan == ["meld 7H 7D 7C", "discard 5H"]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('"hello"', "bad_json"),
        ("{}", "bad_message"),
        ('{"type":"launch"}', "bad_message"),
        ('{"type":"hello","version":1}', "bad_message"),
        ('{"type":"hello","version":1,"name":""}', "bad_name"),
        ('{"type":"hello","version":1,"name":"' + "x" * 25 + '"}', "bad_name"),
        ('{"type":"hello","version":1,"name":"a\\u0007b"}', "bad_name"),
        ('{"type":"hello","version":1,"name":"A","token":"short"}', "bad_message"),
        ('{"type":"hello","version":1,"name":"A","extra":1}', "bad_message"),
        ('{"type":"create","players":3}', "bad_message"),
        ('{"type":"create","level":"godlike"}', "bad_message"),
        ('{"type":"create","chair":4}', "bad_message"),
        ('{"type":"create","clock":{"move_seconds":0,"bank_seconds":1}}', "bad_message"),
        ('{"type":"join","table":"../etc","chair":0}', "bad_message"),
        ('{"type":"intent","ref":-1,"move":"draw"}', "bad_message"),
        ('{"type":"intent","ref":1,"move":{"type":"discard","cards":[108]}}', "bad_message"),
        ('{"type":"intent","ref":1,"move":{"type":"steal"}}', "bad_message"),
        ('{"type":"intent","ref":1,"seat":2,"move":"draw"}', "bad_message"),
        ("[" * 3000 + "]" * 3000, "too_big"),
        ('{"type":"intent","ref":1,"move":"' + "x" * MAX_CLIENT_BYTES + '"}', "too_big"),
        (b"\xff\xfe{}", "bad_json"),
    ],
)
def test_bad_messages_are_refused_with_a_code(text: str | bytes, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client(text)
    assert caught.value.code == code
    assert caught.value.message


def test_an_intent_names_no_seat_so_it_cannot_move_for_another() -> None:
    assert "seat" not in Intent.model_fields
    assert "chair" not in Intent.model_fields


def test_names_are_checked() -> None:
    assert check_name("  Zoë  ") == "Zoë"
    for bad in ("", "   ", "x" * 25, "tab\there", "new\nline"):
        with pytest.raises(ValueError):
            check_name(bad)


def test_server_messages_round_trip() -> None:
    view = {"seat": 1, "turn": 0, "mover": 0, "phase": "draw", "hand": [3, 4],
            "hand_sizes": [15, 2], "known": [[], [3, 4]], "shown": [[], []], "stock_size": 50,
            "pile": [9], "pile_freezers": 0, "melds": [{}, {"5": [1, 2, 3]}],
            "red_threes": [[], []], "opened": [False, True], "side_scores": [0, 0],
            "opening_points": 0, "waiting": [], "turn_melded": False, "permission": None,
            "legal_moves": [], "move_count": 7, "hand_number": 1, "totals": [0, 0]}  # fmt: skip
    event = parse_server(json.dumps({"type": "event", "seq": 8, "seat": 0, "move": "draw",
                                     "count": 1, "view": view}))  # fmt: skip
    assert isinstance(event, Event) and event.count == 1 and event.cards == []
    assert event.view is not None and event.view.melds[1] == {5: [1, 2, 3]}
    assert parse_server(encode(event)) == event
    with pytest.raises(ProtocolError) as caught:
        parse_server('{"type":"event"}')
    assert caught.value.code == "bad_message"
    with pytest.raises(ProtocolError) as caught:
        parse_server("{oops")
    assert caught.value.code == "bad_json"
