"""The take-over measurement's own arithmetic (``python -m scripts.takeover``): the times
from the kill, the tables and moves counted as lost, the proxy's pick, the processes a
kill takes with it."""

from __future__ import annotations

import os
import subprocess
import sys

from scripts.takeover import descendants, proxy_pick, table_figures


def test_times_are_counted_from_the_kill_and_only_moves_after_it_on_new_connections() -> None:
    tables = [
        {  # acknowledged up to move 7; back at 7; next move on a new connection at 106.5
            "id": "a",
            "acks": [(99.0, 6, False), (99.5, 7, False), (106.5, 8, True), (108.0, 9, True)],
            "resumed": [(106.0, 7), (106.1, 7), (106.2, 7), (106.2, 7)],
        },
        {  # the kill came between a commit and its answer: back at 4, one ahead
            "id": "b",
            "acks": [(99.9, 3, False), (107.0, 5, True)],
            "resumed": [(106.8, 4), (106.9, 4)],
        },
    ]
    figures = table_figures(tables, killed=100.0, held={"a": 105.0, "b": 106.0})
    assert figures["tables"] == 2
    assert figures["held_s"] == {"count": 2, "median": 5.5, "p99": 6.0, "max": 6.0}
    assert figures["back_s"] == {"count": 2, "median": 6.55, "p99": 6.9, "max": 6.9}
    assert figures["moving_s"] == {"count": 2, "median": 6.75, "p99": 7.0, "max": 7.0}
    assert figures["tables_lost"] == 0
    assert figures["moves_lost"] == 0
    assert figures["moves_kept_unacknowledged"] == 1


def test_a_table_back_before_its_last_acknowledged_move_loses_moves() -> None:
    tables = [
        {"id": "a", "acks": [(99.0, 9, False), (107.0, 8, True)],
         "resumed": [(106.0, 7), (106.0, 7)]},
    ]  # fmt: skip
    figures = table_figures(tables, killed=100.0, held={"a": 105.0})
    assert figures["moves_lost"] == 2
    assert figures["tables_lost_or_short"] == [
        {"id": "a", "held_s": 5.0, "acks": [(-1.0, 9, False), (7.0, 8, True)],
         "resumed": [(6.0, 7), (6.0, 7)]}
    ]  # fmt: skip
    assert figures["tables_lost"] == 0


def test_a_table_never_held_or_never_moving_again_is_lost() -> None:
    tables = [
        {"id": "held, no move", "acks": [(99.0, 3, False)], "resumed": [(106.0, 3), None]},
        {"id": "never held", "acks": [(99.0, 3, False)], "resumed": [None, None]},
        {"id": "fine", "acks": [(99.0, 3, False), (107.0, 4, True)],
         "resumed": [(106.0, 3), (106.0, 3)]},
    ]  # fmt: skip
    figures = table_figures(tables, killed=100.0, held={"held, no move": 104.0, "fine": 105.0})
    assert figures["tables_lost"] == 2
    assert [t["id"] for t in figures["tables_lost_or_short"]] == ["held, no move", "never held"]
    assert figures["held_s"]["count"] == 2
    assert figures["back_s"]["count"] == 1
    assert figures["moving_s"] == {"count": 1, "median": 7.0, "p99": 7.0, "max": 7.0}


def test_the_proxy_sends_a_table_s_players_to_one_process_and_spreads_the_tables() -> None:
    urls = ["ws://b", "ws://c"]
    ids = [f"{n:016x}" for n in range(200)]
    picks = [proxy_pick(table_id, urls) for table_id in ids]
    assert picks == [proxy_pick(table_id, urls) for table_id in ids]  # the same every time
    assert 70 < picks.count("ws://b") < 130


def test_the_kill_finds_the_process_s_children() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                             stdin=subprocess.PIPE)  # fmt: skip
    try:
        assert child.pid in descendants(os.getpid())
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(10)
    assert child.pid not in descendants(os.getpid())
