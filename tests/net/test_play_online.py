"""Whole hands over loopback: two people head to head, two people with two computer
players, a dropped connection that comes back mid-turn, a seat taken over by a computer
after the grace period and taken back."""

from __future__ import annotations

import random
from pathlib import Path

from canasta.net.client import Client
from canasta.net.protocol import Event, Intent, Leave, Notice, StructuredMove, TableUpdate
from tests.net.helpers import connect_two, play_random, run, running_server, seat_two, url


def events(client: Client) -> list[Event]:
    return [Event.model_validate_json(t) for t in client.received if '"type":"event"' in t]


def test_two_people_play_a_hand_to_the_score(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            a, b = await seat_two(server, quick=True)
            assert a.view is not None and b.view is not None
            assert len(a.view.hand) == 15 and a.view.hand_sizes == b.view.hand_sizes
            assert set(a.view.hand).isdisjoint(b.view.hand)
            moves = await play_random([a, b], random.Random(3))
            await a.wait(lambda: a.hand_over is not None)
            await b.wait(lambda: b.hand_over is not None)
            over = a.hand_over
            assert over is not None and over == b.hand_over
            assert over.game_over and over.record is not None  # a quick game: one hand
            assert over.totals == [s.total for s in over.sides]
            for side in over.sides:
                assert side.total == (side.melded + side.canasta_bonus + side.red_three_points
                                      + side.going_out + side.in_hand)  # fmt: skip
            assert len(events(a)) == len(events(b)) >= moves
            assert [e.seq for e in events(a)] == list(range(1, len(events(a)) + 1))
            record = over.record
            assert [s["player"] for s in record["seats"]] == ["person", "person"]
            assert record["totals"] == over.totals
            kept = list((tmp_path / "games").glob("*.json"))
            assert [p.stem for p in kept] == [record["game_id"]]
            await a.close()
            await b.close()

    run(body())


def test_two_people_and_two_computer_players(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            a, b = await connect_two(server)
            table = await a.create(players=4, level="random", quick=True, public=False)
            assert table.code is not None and not table.public
            assert [t.id for t in await b.list_tables()] == []  # private: not listed
            await b.join(2, code=table.code.lower())  # partners: chairs 0 and 2
            await a.ready()
            await b.ready()
            await a.wait(lambda: a.table is not None and a.table.chairs[2].ready)
            assert a.table is not None
            assert [c.computer for c in a.table.chairs] == [False, True, False, True]
            await a.start()
            await a.wait(lambda: a.view is not None)
            await b.wait(lambda: b.view is not None)
            assert a.view is not None and len(a.view.hand) == 11
            await play_random([a, b], random.Random(5))
            await a.wait(lambda: a.hand_over is not None)
            by = {(e.seat, e.by) for e in events(a)}
            assert {s for s, who in by if who == "computer"} == {1, 3}
            assert {s for s, who in by if who == "person"} <= {0, 2}
            await a.close()
            await b.close()

    run(body())


def test_a_dropped_connection_comes_back_mid_turn_and_finishes_the_hand(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path, grace=30.0) as server:
            a, b = await seat_two(server, quick=True)
            assert a.view is not None
            mover = a if a.view.mover == a.chair else b
            other = b if mover is a else a
            assert (await mover.play("draw")).type == "result"
            assert mover.view is not None and mover.view.phase == "play"
            hand_before = sorted(mover.view.hand)
            await mover.drop()
            await other.wait(lambda: other.table is not None
                             and other.table.chairs[mover.chair or 0].away)  # fmt: skip
            await mover.wait(lambda: mover.reconnects == 1 and mover.status == "connected")
            await mover.wait(lambda: mover.view is not None and mover.view.phase == "play"
                             and sorted(mover.view.hand) == hand_before)  # fmt: skip
            await other.wait(lambda: other.table is not None
                             and not other.table.chairs[mover.chair or 0].away)  # fmt: skip
            await play_random([a, b], random.Random(7))
            await a.wait(lambda: a.hand_over is not None)
            await b.wait(lambda: b.hand_over is not None)
            assert not [e for e in events(a) + events(b) if e.by != "person"]
            await a.close()
            await b.close()

    run(body())


def test_grace_period_then_a_computer_then_the_seat_taken_back(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path, grace=0.2) as server:
            a, b = await seat_two(server, level="random")
            b.auto_reconnect = False
            token, chair = b.token, b.chair
            assert token is not None and chair == 1
            await b.drop()

            def computer_moved() -> bool:
                return any(e.seat == 1 and e.by == "computer" for e in events(a))

            notices = [m for m in a.received if '"type":"notice"' in m]
            while not computer_moved():  # the computer plays seat 1 once the grace is over
                mover = a.view.mover if a.view else None
                if mover == a.chair and a.view and a.view.legal_moves and a.hand_over is None:
                    await a.play(a.view.legal_moves[0])
                else:
                    await a.wait(lambda: computer_moved() or (a.view is not None
                                 and a.view.mover == a.chair), 20)  # fmt: skip
            notices = [Notice.model_validate_json(m) for m in a.received if '"notice"' in m]
            assert [n.code for n in notices] == ["computer"] and "Bob" in notices[0].message
            # The chair map told Ann how long the table would wait for Bob
            # while he was away, and said nothing of it once the computer played for him.
            maps = [TableUpdate.model_validate_json(m).table.chairs[1] for m in a.received
                    if '"type":"table"' in m]  # fmt: skip
            waits = [c.takeover_in for c in maps if c.away and not c.computer]
            assert waits and all(w is not None and 0.0 <= w <= 0.2 for w in waits), waits
            assert all(c.takeover_in is None for c in maps if c.computer)
            back = Client(url(server), "Bob", token=token)
            await back.connect()
            await back.wait(lambda: back.chair == 1 and back.view is not None)
            await a.wait(lambda: a.table is not None and not a.table.chairs[1].computer)
            assert back.view is not None and back.view.seat == 1
            assert len(back.view.hand) == back.view.hand_sizes[1]
            count = len([e for e in events(a) if e.seat == 1 and e.by == "computer"])
            assert await play_random([a, back], random.Random(9), 40, to_end=False) > 0
            later = [e for e in events(a) if e.seat == 1 and e.by == "computer"]
            assert len(later) <= count + 1  # at most the move it was already thinking about
            await a.close()
            await back.close()

    run(body())


def test_a_structured_move_and_a_seat_given_up(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            a, b = await seat_two(server, level="random")
            assert a.view is not None
            mover, other = (a, b) if a.view.mover == a.chair else (b, a)
            ref = await mover.intent(StructuredMove(type="draw"))
            await mover.wait(lambda: ref in mover.answers)
            assert mover.answers[ref].type == "result"
            await mover.wait(lambda: mover.view is not None and mover.view.phase == "play")
            assert mover.view is not None
            card = mover.view.hand[0]
            ref = await mover.intent(StructuredMove(type="discard", cards=[card]))
            await mover.wait(lambda: ref in mover.answers)
            answer = mover.answers[ref]
            if answer.type == "refusal":  # that card may not be discarded here: another one
                discard = next(m for m in mover.view.legal_moves if m.startswith("discard"))
                answer = await mover.play(discard)
            assert answer.type == "result"
            # The other person gives the seat up: a computer plays it at once.
            await other.send(Leave())
            await mover.wait(lambda: any(e.seat == other.chair and e.by == "computer"
                                         for e in events(mover)), 20)  # fmt: skip
            await other.send(Intent(ref=99, move="draw"))
            await other.wait(lambda: any(e.code == "not_seated" for e in other.errors))
            for client in (a, b):
                await client.close()

    run(body())
