"""No hopping into a chair mid-hand: Ann left her chair, took
over a computer's chair, got its whole hand, left and took her own chair back, so she had
seen another seat's hidden cards. Now, while a hand is in play, only a person who held a
chair in this hand (by its seat token) takes it over at once; anyone else waits for the
next deal, sees nothing of the chair's cards until then, and is seated when the hand is
over. Between hands and before the start, chairs work as before.

The table's own rule is checked without a network; the Ann scenario and the newcomer's
next deal on a live server in this process, reading every message a client received."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from canasta.net.client import Client
from canasta.net.server import Server
from canasta.net.tables import Table, TableError, TableOptions
from tests.net.helpers import _any_change, play_random, run, running_server, url


def started(players: int = 2, quick: bool = False) -> tuple[Table, list[str]]:
    """A table with Ann at chair 0 and the game started (the other chairs: computers)."""
    table = Table("00000000000000ab", TableOptions(players=players, quick=quick), "CAAAAB")
    tokens = [table.sit(0, "Ann")]
    table.set_ready(0, True)
    table.start(0, 77, "0000beef", 0.0)
    return table, tokens


def play_to_the_end(table: Table) -> None:
    """Play random legal moves until the hand is over, then score it."""
    hand, rng = table.game.hand, random.Random(4)
    while not hand.ended:
        move = rng.choice(hand.legal_moves())
        table.book(hand.mover, 1, 0.0, True)
        table.play([move])
    assert table.score_if_ended()


# The table's rule ------------------------------------------------------------------------


def test_mid_hand_a_newcomer_waits_for_the_next_deal_and_gets_no_token() -> None:
    table, _ = started()
    assert table.in_hand and table.open_chair(1)
    assert table.take_over(1, "Cat") is None  # no seat, no token: the computer plays on
    chair = table.chairs[1]
    assert (chair.name, chair.token, chair.waiting, chair.computer_plays) == (
        None,
        None,
        "Cat",
        True,
    )
    info = table.info().chairs[1]
    assert (info.open, info.waiting, info.computer, info.name) == (False, "Cat", True, None)
    with pytest.raises(TableError) as caught:  # one waits for it: nobody else may ask
        table.take_over(1, "Dan")
    assert caught.value.code == "chair_busy"
    assert table.seat_waiting(1) is None  # not before the hand is over
    assert table.chairs[1].waiting is None  # (the server seats the wait only at the end)


def test_at_the_end_of_the_hand_the_waiting_person_is_seated_with_a_token() -> None:
    table, _ = started()
    table.take_over(1, "Cat")
    play_to_the_end(table)
    assert table.status == "hand_over" and not table.in_hand
    token = table.seat_waiting(1)
    assert token is not None and table.chair_of(token) == 1
    chair = table.chairs[1]
    assert (chair.name, chair.computer_plays, chair.waiting, chair.ready) == (
        "Cat",
        False,
        None,
        True,
    )
    table.next_hand(5.0)
    assert table.chair_of(token) == 1  # hers for the new hand


def test_between_hands_a_computer_chair_is_taken_over_at_once_as_before() -> None:
    table, _ = started()
    play_to_the_end(table)
    token = table.take_over(1, "Cat")
    assert token is not None and table.chair_of(token) == 1 and table.chairs[1].name == "Cat"


def test_a_chair_left_mid_hand_waits_for_the_next_deal_and_its_person_may_come_back() -> None:
    table, tokens = started()
    table.leave(0)
    assert table.open_chair(0) and table.chairs[0].left
    assert table.rejoins(0, tokens[0])  # Ann held it in this hand: she may come back
    assert not table.rejoins(1, tokens[0]) and not table.rejoins(0, None)
    assert table.take_over(0, "Cat") is None  # a different person: the next deal
    assert table.chairs[0].waiting == "Cat" and table.chairs[0].name == "Ann"


def test_an_opponents_chair_a_computer_took_over_waits_for_the_next_deal_too() -> None:
    table = Table("00000000000000ac", TableOptions(players=2), "CAAAAC")
    ann, bob = table.sit(0, "Ann"), table.sit(1, "Bob")
    for chair in (0, 1):
        table.set_ready(chair, True)
    table.start(0, 77, "0000beef", 0.0)
    table.disconnect(1, 10.0)
    table.chairs[1].taken_over = True  # Bob away past the grace period: a computer plays
    table.leave(0)  # Ann gives her chair up to hop...
    assert table.open_chair(1)
    assert table.take_over(1, "Ann") is None  # ...but only waits for the next deal
    assert table.chairs[1].waiting == "Ann" and table.chair_of(bob) == 1
    assert table.rejoins(1, bob) and table.rejoins(0, ann)  # each person's own chair


def test_a_left_chairs_token_stops_working_at_the_next_deal() -> None:
    table, tokens = started()
    table.leave(0)
    assert table.chair_of(tokens[0]) == 0  # good for the hand she held it in
    play_to_the_end(table)
    assert table.chair_of(tokens[0]) == 0  # and between hands
    table.next_hand(5.0)
    assert table.chair_of(tokens[0]) is None  # not for a hand she never held
    assert not table.rejoins(0, tokens[0])
    assert table.take_over(0, "Ann") is None  # she waits like anyone else


def test_the_rule_holds_for_a_rematch_too() -> None:
    table, tokens = started(quick=True)
    table.leave(0)
    play_to_the_end(table)
    assert table.status == "game_over"
    table.new_game(9, "0000cafe", 5.0)
    assert table.in_hand and table.chair_of(tokens[0]) is None
    assert table.take_over(1, "Cat") is None


# On a live server ------------------------------------------------------------------------


def messages(client: Client, since: int) -> list[dict[str, Any]]:
    """The messages ``client`` received from the ``since``-th on, as JSON data."""
    return [json.loads(text) for text in client.received[since:]]


def hand_of(server: Server, table_id: str, chair: int) -> set[int]:
    """The cards in ``chair``'s hand now (the server's own state)."""
    return set(server.runners[table_id].table.game.hand.hands[chair])


def names_no_card_of(data: list[dict[str, Any]], cards: set[int]) -> bool:
    """No view or event in ``data`` names one of ``cards`` in a hand or as drawn."""
    for message in data:
        view = message.get("view")
        if view is not None and set(view["hand"]) & cards:
            return False
        if set(message.get("cards", [])) & cards:
            return False
    return True


async def four_at_bobs_turn(server: Server) -> tuple[Client, Client, str]:
    """Ann (chair 0) and Bob (chair 2) at a four-player table whose chairs 1 and 3 the
    computer plays, the game started and played until Bob is to move: the hand then waits
    for Bob, so it stays in play as long as the test likes (no clock, no sleep)."""
    ann, bob = Client(url(server), "Ann"), Client(url(server), "Bob")
    await ann.connect()
    await bob.connect()
    made = await ann.create(players=4, public=True)
    await bob.join(2, table=made.id)
    await ann.ready()
    await bob.ready()
    await ann.wait(lambda: ann.table is not None and ann.table.chairs[2].ready)
    await ann.start()
    rng = random.Random(3)
    while True:
        seen = [ann.arrived, bob.arrived]
        if all(c.view is not None and c.view.mover == 2 for c in (ann, bob)):
            return ann, bob, made.id  # only Bob moves for chair 2: it stays his turn
        if ann.view is not None and ann.view.mover == 0 and ann.view.legal_moves:
            await ann.play(rng.choice(ann.view.legal_moves))
            continue
        await asyncio.wait_for(_any_change([ann, bob], seen), 30)


def test_ann_hopping_to_a_computers_chair_never_sees_its_cards(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            ann, bob, table_id = await four_at_bobs_turn(server)
            mine = ann.held[(table_id, 0)]
            await ann.send_leave()  # her chair: the computer's (it waits for Bob too)
            await bob.wait(lambda: bob.table is not None and bob.table.chairs[0].left)
            secret = hand_of(server, table_id, 1)  # chair 1 (a computer) holds these
            hopped = len(ann.received)
            await ann.join(1, table=table_id)  # a computer's chair, mid-hand
            assert ann.next_deal and ann.chair == 1 and ann.token is None
            await bob.wait(lambda: bob.table is not None and bob.table.chairs[1].waiting == "Ann")
            assert (bob.table.chairs[1].open, bob.table.chairs[1].computer) == (False, True)  # type: ignore[union-attr]
            await ann.ready()  # a waiting person holds no chair: refused
            await ann.wait(lambda: bool(ann.errors) and ann.errors[-1].code == "next_deal")
            assert ann.errors[-1].message.startswith("You take chair 2 over at the next deal")
            await ann.send_leave()  # gives up waiting...
            await bob.wait(lambda: bob.table is not None and bob.table.chairs[1].waiting is None)
            await ann.join(0, table=table_id)  # ...and takes her own chair back, by its token
            assert not ann.next_deal and ann.chair == 0 and ann.token == mine
            await ann.wait(lambda: ann.view is not None and ann.view.seat == 0)
            assert set(ann.view.hand) == hand_of(server, table_id, 0)  # type: ignore[union-attr]
            assert hand_of(server, table_id, 1) == secret  # (Bob has not moved)
            got = messages(ann, hopped)
            kinds = [m["type"] for m in got]
            # While she waited for chair 1: the chair map, the notice, the refusal; no view.
            assert kinds.index("view") > kinds.index("seated")
            waited = got[: [i for i, m in enumerate(got) if m["type"] == "seated"][1]]
            assert {m["type"] for m in waited} <= {"seated", "table", "notice", "error"}
            assert waited[0] == {**waited[0], "type": "seated", "chair": 1, "token": None,
                                 "next_deal": True}  # fmt: skip
            assert names_no_card_of(got, secret)
            assert all(m["view"]["seat"] == 0 for m in got if m.get("view") is not None)
            await bob.wait(lambda: bob.table is not None and not bob.table.chairs[0].computer)
            bob_sees = bob.table.chairs[0]  # type: ignore[union-attr]
            assert (bob_sees.name, bob_sees.left, bob_sees.waiting) == ("Ann", False, None)
            # The same hop from a second window under another name: the same wait.
            eve = Client(url(server), "Eve")
            await eve.connect()
            await eve.join(1, table=table_id)
            assert eve.next_deal and eve.token is None
            await eve.wait(lambda: any(m.startswith('{"type":"notice"') for m in eve.received))
            assert names_no_card_of(messages(eve, 0), secret)
            assert not any('"type":"view"' in m or '"type":"event"' in m for m in eve.received)
            for client in (ann, bob, eve):
                await client.close()

    run(body(), timeout=90)


def test_a_newcomer_is_seated_at_the_next_deal_and_then_sees_that_chairs_new_hand(
    tmp_path: Path,
) -> None:
    servers: list[Server] = []
    #: Each view queued to chair 3, with the chair's hand at that moment (the server's).
    views: list[tuple[dict[str, Any], set[int]]] = []

    def tap(table_id: str, chair: int, text: str) -> None:
        if chair == 3 and text.startswith('{"type":"view"'):
            views.append((json.loads(text), hand_of(servers[0], table_id, 3)))

    async def body() -> None:
        async with running_server(tmp_path, tap=tap) as server:
            servers.append(server)
            ann, bob, table_id = await four_at_bobs_turn(server)
            cat = Client(url(server), "Cat")
            await cat.connect()
            secret = hand_of(server, table_id, 3)
            await cat.join(3, table=table_id)
            assert cat.next_deal and cat.view is None
            await ann.wait(lambda: any('"code":"sits_next"' in m for m in ann.received))
            await play_random([ann, bob], random.Random(8))  # the computer plays chair 3
            await cat.wait(lambda: cat.token is not None and cat.hand_over is not None)
            assert (cat.chair, cat.next_deal) == (3, False)
            seated = [json.loads(m) for m in cat.received if '"type":"seated"' in m]
            assert [s["next_deal"] for s in seated] == [True, False]
            # Up to the hand's end: no view, no event; then the score (every hand shown).
            first = next(i for i, m in enumerate(cat.received) if '"type":"view"' in m)
            before = messages(cat, 0)[:first]
            assert {m["type"] for m in before} <= {"seated", "table", "notice"}
            assert names_no_card_of(before, secret)
            assert cat.hand_over.hand_number == 1  # type: ignore[union-attr]
            for client in (ann, bob, cat):
                await client.next_hand()
            await cat.wait(lambda: cat.view is not None and cat.view.hand_number == 2)
            assert cat.view.seat == 3  # type: ignore[union-attr]
            dealt = [(v["view"], held) for v, held in views if v["view"]["hand_number"] == 2]
            assert dealt and dealt[0][0]["seat"] == 3 and len(dealt[0][1]) >= 11
            assert set(dealt[0][0]["hand"]) == dealt[0][1]  # chair 3's new hand, as dealt
            runner = server.runners[table_id]
            assert (
                runner.table.chairs[3].name == "Cat" and not runner.table.chairs[3].computer_plays
            )
            assert runner.conns[3].name == "Cat" and runner.waiting == {}
            for client in (ann, bob, cat):
                await client.close()

    run(body(), timeout=120)


def test_a_chair_whose_person_comes_back_is_no_longer_waited_for(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            ann, bob, table_id = await four_at_bobs_turn(server)
            token = ann.token
            await ann.send_leave()
            cat = Client(url(server), "Cat")
            await cat.connect()
            await cat.join(0, table=table_id)  # Ann's chair, left mid-hand: the next deal
            assert cat.next_deal
            back = Client(url(server), "Ann", token=token)  # Ann comes back with her token
            await back.connect()
            await back.wait(lambda: back.view is not None and back.view.seat == 0)
            await cat.wait(lambda: bool(cat.errors) and cat.errors[-1].code == "seat_back")
            assert cat.errors[-1].message.startswith("Ann came back to chair 1")
            assert (cat.table, cat.chair, cat.next_deal) == (None, None, False)
            assert server.runners[table_id].waiting == {}
            assert not any('"type":"view"' in m for m in cat.received)
            # A waiting connection that drops stops waiting: the chair is offered again.
            await back.send_leave()
            dan = Client(url(server), "Dan", reconnect=False)
            await dan.connect()
            await dan.join(0, table=table_id)
            await bob.wait(lambda: bob.table is not None and bob.table.chairs[0].waiting == "Dan")
            await dan.close()
            await bob.wait(lambda: bob.table is not None and bob.table.chairs[0].open)
            assert bob.table.chairs[0].waiting is None  # type: ignore[union-attr]
            for client in (ann, bob, cat, back):
                await client.close()

    run(body(), timeout=90)


def test_a_hand_with_only_computers_and_a_waiting_person_plays_on_to_the_deal(
    tmp_path: Path,
) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            ann = Client(url(server), "Ann")
            await ann.connect()
            made = await ann.create(players=2, public=True)
            await ann.ready()
            await ann.start()
            await ann.wait(lambda: ann.view is not None)
            await ann.send_leave()  # nobody at the table: the computers wait
            cat = Client(url(server), "Cat")
            await cat.connect()
            await cat.join(1, table=made.id)  # they play on for her, so the deal comes
            assert cat.next_deal
            await cat.wait(lambda: cat.view is not None and cat.hand_over is not None, 60)
            assert cat.chair == 1 and cat.token is not None and cat.view.seat == 1  # type: ignore[union-attr]
            await ann.close()
            await cat.close()

    run(body(), timeout=90)
