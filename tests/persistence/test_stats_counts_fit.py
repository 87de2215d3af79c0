"""A stats file whose counts counting cannot make is damaged, like one with a negative
count: 5 games won of 3 played showed a win rate of 167%. Games won and abandoned are at
most the games played, concealed goings out at most the goings out, which are at most the
hands played, and the current streak is at most the best, which is at most the games won.
Counting itself keeps every count in bounds at every step (each change is validated)."""

from __future__ import annotations

import json
import random

import pytest

from canasta.engine.scoring import SideScore
from canasta.persistence.paths import default_paths
from canasta.persistence.session import Session
from canasta.persistence.stats import KINDS, StatLine, Stats
from canasta.persistence.store import Store
from canasta.scenes.stats import stat_rows

PLAIN = "Your stats could not be used (some of what it holds is not valid)"


def write_line(line: dict[str, int], preset: str = "") -> str:
    """Write a stats file holding ``line`` under 2p-full (and under ``preset``); its text."""
    paths = default_paths()
    paths.data.mkdir(parents=True, exist_ok=True)
    data: dict[str, object] = {"schema_version": 2, "lines": {"2p-full": line}}
    if preset:
        data = {"schema_version": 2, "presets": {preset: {"4p-quick": line}}}
    text = json.dumps(data)
    paths.stats.write_text(text)
    return text


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ({"games_played": 3, "games_won": 5}, "games won and abandoned (5)"),
        ({"games_played": 3, "games_abandoned": 4}, "games won and abandoned (4)"),
        (
            {"games_played": 3, "games_won": 2, "games_abandoned": 2},
            "games won and abandoned (4) outnumber the games played (3)",
        ),
        (
            {"hands_played": 9, "went_out": 2, "went_out_concealed": 3},
            "goings out concealed (3) outnumber the goings out (2)",
        ),
        ({"hands_played": 4, "went_out": 5}, "goings out (5) outnumber the hands played (4)"),
        (
            {"games_played": 6, "games_won": 6, "current_streak": 4, "best_streak": 3},
            "current streak wins (4) outnumber the best streak wins (3)",
        ),
        (
            {"games_played": 6, "games_won": 2, "current_streak": 1, "best_streak": 3},
            "best streak wins (3) outnumber the games won (2)",
        ),
    ],
)
def test_counts_that_do_not_fit_make_the_file_damaged(line, why, caplog) -> None:
    text = write_line(line)
    session = Session(Store())
    assert session.stats.lines["2p-full"] == StatLine()
    [notice] = [str(n) for n in session.store.take_notices()]
    assert notice.startswith(PLAIN)
    assert why in caplog.text  # the technical detail goes to the log
    [kept] = default_paths().data.glob("stats.json.corrupt-*")
    assert kept.read_text() == text
    assert dict(stat_rows(session.stats.line("2p-full")))["Games played"] == "0"


def test_a_preset_line_that_does_not_fit_is_damaged_too() -> None:
    write_line({"games_played": 1, "games_won": 2}, preset="Classic")
    session = Session(Store())
    assert session.stats.presets == {}
    [notice] = [str(n) for n in session.store.take_notices()]
    assert notice.startswith(PLAIN)


def test_counts_at_their_bounds_are_read() -> None:
    line = {"games_played": 7, "games_won": 4, "games_abandoned": 3, "hands_played": 5}
    line |= {"went_out": 5, "went_out_concealed": 5, "current_streak": 4, "best_streak": 4}
    write_line(line)
    session = Session(Store())
    assert session.store.take_notices() == []
    read = session.stats.lines["2p-full"]
    assert (read.games_played, read.games_won, read.games_abandoned) == (7, 4, 3)
    assert (read.went_out, read.went_out_concealed, read.best_streak) == (5, 5, 4)
    assert dict(stat_rows(read))["Win rate"] == "57%"


def test_counting_keeps_every_count_in_bounds_and_the_file_reads_back() -> None:
    """Two hundred games of random results and hands, counted as the game counts them,
    each in a kind and a preset: every step validates, and the file written reads back
    whole."""
    rng = random.Random(7)
    stats = Stats()
    for n in range(200):
        kind = KINDS[n % 4]
        preset = ("Classic", "Two-handed", "")[n % 3]
        game = f"g{n}"
        for hand in range(1, rng.randint(1, 4) + 1):
            out = rng.random() < 0.5
            mine = SideScore(120, 1, 0, 300, 1, 100, 100 if out else 0, -20)
            concealed = rng.random() < 0.3
            assert stats.record_hand(kind, game, hand, mine, out, concealed, preset)
        result = rng.random()
        if result < 0.15:
            assert stats.record_abandoned(kind, game, preset)
        else:
            assert stats.record_game(kind, game, result < 0.6, rng.randint(5000, 9000), preset)
    every = [*stats.lines.values(), *(v for p in stats.presets.values() for v in p.values())]
    assert sum(line.games_played for line in stats.lines.values()) == 200
    assert any(line.best_streak >= 3 for line in every)
    for line in every:
        assert line.games_won + line.games_abandoned <= line.games_played
        assert line.went_out_concealed <= line.went_out <= line.hands_played
        assert line.current_streak <= line.best_streak <= line.games_won
    store = Store()
    assert store.save_stats(stats)
    assert Store().load_stats() == stats
