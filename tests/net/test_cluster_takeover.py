"""Taking a dead process's tables over (see :mod:`canasta.net.cluster`), with the database
and the server faked: the tables are split among the processes left, each claims its
share at once and the others' only when left a round; a table several of whose players
arrive at once is claimed and loaded once."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from canasta.net.cluster import BATCH, Cluster, share
from tests.net.helpers import run


class FakeStore:
    """The database as the take-over sees it: tables nobody runs, claimed by whoever
    asks first."""

    def __init__(self, owner: str, orphans: list[str], takers: list[str]) -> None:
        self.owner, self.lease = owner, 4.0
        self.free = list(orphans)
        self.live = takers
        self.claims: list[list[str]] = []
        self.loads: list[list[str]] = []

    def orphans(self) -> list[str]:
        return list(self.free)

    def takers(self) -> list[str]:
        return self.live

    def claim_many(self, ids: list[str]) -> list[str]:
        self.claims.append(ids)
        won = [i for i in ids if i in self.free]
        self.free = [i for i in self.free if i not in won]
        return won

    def load_many(self, ids: list[str]) -> dict[str, Any]:
        self.loads.append(ids)
        return {i: SimpleNamespace(id=i) for i in ids}

    def release(self, ids: list[str]) -> None:
        raise AssertionError("nothing failed to load")


def cluster(store: FakeStore) -> Cluster:
    async def db(function: Any, *args: Any) -> Any:
        await asyncio.sleep(0)  # another task may run meanwhile, as with a real thread
        return function(*args)

    server = SimpleNamespace(runners={}, hub=SimpleNamespace(db=db))
    server.adopt = lambda table: server.runners.__setitem__(table.id, table)
    return Cluster(server, store, "ws://here")  # type: ignore[arg-type]


IDS = [f"{n:016x}" for n in range(300)]


def test_every_table_goes_to_one_of_the_processes_left_and_they_get_about_as_many() -> None:
    for takers in (1, 2, 3):
        counts = [0] * takers
        for table_id in IDS:
            place = share(table_id, takers)
            assert 0 <= place < takers
            counts[place] += 1
        assert min(counts) > 300 / takers * 0.75, counts


def test_a_process_takes_its_share_at_once_in_batches_and_the_rest_after_a_round() -> None:
    store = FakeStore("p2", IDS, ["p2", "p3"])
    c = cluster(store)
    mine = [i for i in IDS if share(i, 2) == 0]

    async def body() -> None:
        await c.sweep()
        assert sorted(c.server.runners) == sorted(mine)
        assert all(len(batch) <= BATCH for batch in store.claims)
        assert len(store.claims) == -(-len(mine) // BATCH)
        assert len(store.loads) == len(store.claims)  # one read per batch, not per table
        await c.sweep()  # p3 did not take its share within a round: p2 takes it too
        assert sorted(c.server.runners) == IDS
        await c.sweep()
        assert c.passed == set()

    run(body(), 10)


def test_a_table_whose_players_arrive_together_is_claimed_and_loaded_once() -> None:
    store = FakeStore("p2", IDS[:1], ["p2"])
    c = cluster(store)

    async def body() -> None:
        taken = await asyncio.gather(*(c.take(IDS[0]) for _ in range(4)))
        assert taken == [True] * 4
        assert store.claims == [[IDS[0]]] and store.loads == [[IDS[0]]]
        assert c.taking == {}

    run(body(), 10)


def test_a_connection_waiting_for_its_table_wakes_when_it_is_taken_here() -> None:
    store = FakeStore("p2", IDS[:1], ["p2"])
    c = cluster(store)

    async def body() -> None:
        waiting = asyncio.ensure_future(c.taken_here(IDS[0], 30.0))
        await asyncio.sleep(0)
        assert not waiting.done()
        await c.take(IDS[0])
        await asyncio.wait_for(waiting, 1.0)  # woken, not left to its 30 s
        assert c.awaited == {}

    run(body(), 10)
