"""What the load test found (the aim of a 99th percentile under 50 ms): the
settings reach the server, checkpoints run beside the commits, a long-lived client does
not keep every message, and the server's own figures (lag, collections) are recorded."""

from __future__ import annotations

import gc
import random
from pathlib import Path
from typing import Any

import pytest

from canasta.net import serve
from canasta.net.client import RECENT
from canasta.net.database import Store
from canasta.net.tables import Table, TableOptions
from canasta.net.timing import Series, ServerStats
from tests.net.helpers import play_random, run, running_server, seat_two


def started_table(n: int) -> Table:
    table = Table(f"{n:016x}", TableOptions(players=2, public=False), f"C{n:04d}")
    for chair in (0, 1):
        table.sit(chair, f"P{chair}")
        table.set_ready(chair, True)
    table.start(0, 1234 + n, f"{n:08x}", 0.0)
    return table


@pytest.mark.parametrize(("given", "expected"), [([], "FULL"), (["--sync", "normal"], "NORMAL")])
def test_serve_passes_sync_and_stats_to_the_server(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, given: list[str], expected: str
) -> None:
    seen: dict[str, Any] = {}

    async def fake_run(config: Any, stats: Path | None = None) -> int:
        seen["config"], seen["stats"] = config, stats
        return 0

    monkeypatch.setattr(serve, "_run", fake_run)
    assert serve.serve_command([*given, "--stats", str(tmp_path / "s.json")]) == 0
    assert seen["config"].synchronous == expected
    assert seen["stats"] == tmp_path / "s.json"


def test_checkpoints_apart_leave_the_commits_alone_until_asked(tmp_path: Path) -> None:
    store = Store(tmp_path, "FULL", apart=True)
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    table = started_table(1)
    store.write(Store.table_job(table))
    file = tmp_path / "server.sqlite3"
    before = file.stat().st_size
    hand, rng = table.game.hand, random.Random(5)
    for _ in range(40):  # the log holds the moves; the file does not grow
        move = rng.choice(hand.legal_moves())
        table.book(hand.mover, 1, 0.0, True)
        table.play([move])
        store.write(Store.moves_job(table, [move]))
    assert file.stat().st_size == before
    store.checkpoint()
    assert file.stat().st_size > before  # the log was copied into the file
    store.close()
    again = Store(tmp_path)
    assert again.load(table.id).game.hand.move_count == hand.move_count
    again.close()


def test_a_store_without_apart_has_no_checkpoint_connection(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.checkpoint_db is None
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000
    store.checkpoint()  # nothing to do, nothing raised
    store.close()


def test_series_figures_are_exact_over_the_kept_values() -> None:
    series = Series()
    for i, ms in enumerate([5.0, 1.0, 3.0, 2.0, 4.0]):
        series.add(ms, float(i))
    figures = series.figures(top=2)
    # sorted 1 2 3 4 5: median the third, p99 index int(5 * 0.99) = 4 -> 5.0
    assert figures == {
        "count": 5,
        "median": 3.0,
        "p99": 5.0,
        "max": 5.0,
        "total": 15.0,
        "worst": [[0.0, 5.0], [4.0, 4.0]],
    }
    assert Series().figures() == {"count": 0, "median": 0.0, "p99": 0.0, "max": 0.0, "total": 0}


def test_server_stats_time_every_collection_while_started() -> None:
    async def body() -> dict[str, Any]:
        stats = ServerStats()
        stats.start()
        gc.collect()  # a full collection, seen through gc.callbacks
        gc.collect(0)
        stats.stop()
        assert stats._on_gc not in gc.callbacks
        gc.collect()  # not counted any more
        return stats.figures()

    figures = run(body())
    assert figures["gc_pause_ms"]["gen2"]["count"] == 1
    assert figures["gc_pause_ms"]["gen0"]["count"] >= 1
    assert figures["gc_cpu_ms"]["gen2"]["count"] == 1
    assert len(figures["gc_tracked_after_gen2"]) == 1
    assert figures["gc_tracked_after_gen2"][0] > 1000  # this process's objects


def test_a_client_that_does_not_keep_everything_keeps_the_last_messages(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            a, b = await seat_two(server, keep=False, players=2)
            await play_random([a, b], random.Random(3), 30, to_end=False)
            for client in (a, b):
                assert client.arrived > 2 * RECENT  # many more arrived than are kept
                assert len(client.received) <= 2 * RECENT
                assert client.answers == {}  # each answer read by play() is let go
                await client.close()

    run(body())
