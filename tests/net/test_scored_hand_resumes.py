"""A table whose hand is over comes back over, after a restart or when a closed table is
opened again by a token. Before, a table saved after its hand was scored (a player got
ready or left at the scoreboard, or the table closed while everyone was away) came back
``playing`` with the hand ended: nobody to move, no score sent, and Next ignored, so the
table was stuck for good."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from canasta.net.client import Client
from canasta.net.database import Store
from canasta.net.tables import Table, TableOptions
from tests.net.helpers import play_random, run, running_server, seat_two, url


def scored_table(quick: bool) -> Table:
    """A two-player table whose first hand was played to its end and scored."""
    table = Table("00000000000000aa", TableOptions(players=2, quick=quick), "CAAAAA")
    for chair in (0, 1):
        table.sit(chair, f"P{chair}")
        table.set_ready(chair, True)
    table.start(0, 77, "0000beef", 0.0)
    hand, rng = table.game.hand, random.Random(4)
    while not hand.ended:
        move = rng.choice(hand.legal_moves())
        table.book(hand.mover, 1, 0.0, True)
        table.play([move])
    assert table.score_if_ended()
    return table


@pytest.mark.parametrize(("quick", "status"), [(False, "hand_over"), (True, "game_over")])
def test_a_table_saved_after_its_score_loads_with_the_hand_over(
    tmp_path: Path, quick: bool, status: str
) -> None:
    table = scored_table(quick)
    assert table.status == status
    store = Store(tmp_path)
    store.write(Store.table_job(table))  # as a Ready or a Leave at the scoreboard saves it
    store.close()
    again = Store(tmp_path)
    loaded = again.load(table.id)
    again.close()
    assert loaded.status == status  # was "playing"
    assert loaded.mover() is None and len(loaded.game.scores) == 1
    if status == "hand_over":
        loaded.next_hand(5.0)  # Next deals on
        assert loaded.status == "playing" and len(loaded.game.deal_numbers) == 2
        assert loaded.mover() is not None


def test_a_table_saved_before_its_score_is_scored_when_loaded(tmp_path: Path) -> None:
    table = scored_table(False)
    store = Store(tmp_path)
    store.write(Store.table_job(table))
    store.close()
    loaded = Store(tmp_path)
    table = loaded.load(table.id)
    table.game.scores.pop()  # as saved with its last move, before the score
    table.resume()
    loaded.close()
    assert table.status == "hand_over" and len(table.game.scores) == 1


def test_a_closed_table_opened_by_a_token_shows_the_score_and_deals_on(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path, grace=30.0) as server:
            a, b = await seat_two(server)
            table_id, token = a.table.id, b.token  # type: ignore[union-attr]
            await play_random([a, b], random.Random(3))
            runner = server.runners[table_id]
            assert runner.table.status == "hand_over"
            for client in (a, b):  # everyone goes away at the scoreboard
                client.auto_reconnect = False
                await client.close()
            while runner.table.present():
                await server.hub.db(lambda: None)  # let the server see both go
            runner.close_if_empty()  # as the close_after timer does
            await runner.persist(None)
            assert table_id not in server.runners
        async with running_server(tmp_path, grace=30.0) as server:
            assert table_id not in server.runners  # closed: not resumed at the start
            bob = Client(url(server), "Bob", token=token, reconnect=False)
            await bob.connect()
            await bob.wait(lambda: bob.view is not None and bob.hand_over is not None)
            assert server.runners[table_id].table.status == "hand_over"  # was "playing"
            assert bob.view is not None and bob.view.phase == "ended"
            assert bob.hand_over is not None and not bob.hand_over.game_over
            await bob.next_hand()
            await bob.wait(lambda: bob.view is not None and bob.view.hand_number == 2)
            assert server.runners[table_id].table.status == "playing"
            await bob.close()

    run(body(), 120)
