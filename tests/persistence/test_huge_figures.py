"""Huge figures in the player's files never stop a screen. Before, a ``stats.json`` whose
count was 10**400 loaded, and the Stats screen then failed on it (``OverflowError`` in
the win rate; Babel's ``decimal.InvalidOperation`` for any number of 10**27 or more, which
also held for every other number a screen shows). Now a stats figure beyond a billion
makes the file damaged (moved aside, the usual notice), and :func:`canasta.i18n.number`
and :func:`~canasta.i18n.percent` write any number."""

from __future__ import annotations

import json

import pytest

from canasta import i18n
from canasta.persistence.paths import default_paths
from canasta.persistence.session import Session
from canasta.persistence.stats import MOST, StatLine
from canasta.persistence.store import Store
from canasta.scenes.stats import stat_rows


def test_numbers_beyond_28_digits_are_written_in_every_language() -> None:
    assert i18n.number(10**27) == "1,000,000,000,000,000,000,000,000,000"
    assert i18n.number(-(10**30)) == "-1,000,000,000,000,000,000,000,000,000,000"
    assert i18n.number(10**400).startswith("10,000,000,") and len(i18n.number(10**400)) == 534
    assert i18n.percent(1e30) == "100,000,000,000,000,000,000,000,000,000,000%"
    i18n.set_language("de")
    assert i18n.number(10**27) == "1.000.000.000.000.000.000.000.000.000"
    i18n.set_language("fr")
    assert (
        i18n.number(10**27)
        == "1\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000"
    )
    i18n.set_language("en")
    assert i18n.number(1250) == "1,250" and i18n.percent(0.57) == "57%"  # as before


@pytest.mark.parametrize(
    ("field", "value"),
    [("games_won", 10**400), ("games_played", MOST + 1), ("best_hand_score", -(10**30))],
)
def test_a_stats_figure_beyond_a_billion_is_a_damaged_file(field: str, value: int) -> None:
    paths = default_paths()
    paths.data.mkdir(parents=True)
    line = {"games_played": 1, field: value}
    text = json.dumps({"schema_version": 2, "lines": {"2p-full": line}})
    paths.stats.write_text(text)
    session = Session(Store())
    assert session.stats.lines["2p-full"] == StatLine()
    [notice] = [str(n) for n in session.store.take_notices()]
    assert notice.startswith("Your stats could not be used (some of what it holds is not valid)")
    [kept] = paths.data.glob("stats.json.corrupt-*")
    assert kept.read_text() == text
    assert dict(stat_rows(session.stats.line("2p-full")))["Games played"] == "0"


def test_a_billion_is_still_a_figure_and_the_screen_shows_it() -> None:
    paths = default_paths()
    paths.data.mkdir(parents=True)
    line = {"games_played": MOST, "games_won": MOST, "best_hand_score": -MOST}
    paths.stats.write_text(json.dumps({"schema_version": 2, "lines": {"2p-full": line}}))
    session = Session(Store())
    assert session.store.take_notices() == []
    rows = dict(stat_rows(session.stats.line("2p-full")))
    assert rows["Games played"] == "1,000,000,000" and rows["Win rate"] == "100%"
    assert rows["Highest hand score"] == "-1,000,000,000"
