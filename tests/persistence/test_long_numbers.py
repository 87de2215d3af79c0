"""A file holding a whole number of more than 4,300 digits is a broken file like any other.

Python's ``json`` and ``tomllib`` refuse such a number with a bare ``ValueError``
("Exceeds the limit (4300 digits) for integer string conversion"), which no reader caught:
a 5 KB ``current_game.json`` or ``settings.toml`` stopped the game with a traceback at
every start, and ``canasta position`` and ``canasta replay`` printed one. Now
:mod:`canasta.reading` turns it into :class:`NumberTooLongError`: the file is moved aside
with the usual notice and the defaults take over; the commands refuse it with exit 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from canasta.cli import main
from canasta.net.protocol import ProtocolError, parse_client
from canasta.persistence.paths import default_paths
from canasta.persistence.records import record_summaries
from canasta.persistence.session import Session
from canasta.persistence.store import Store
from canasta.reading import NumberTooLongError, TextLimitError, loads_json, loads_toml
from tests.persistence.broken import aside, save_is_moved_aside, settings_give_the_defaults

LONG = "9" * (sys.get_int_max_str_digits() + 700)  # 5,000 digits
WHY = f"holding a number too long to read (more than {sys.get_int_max_str_digits()} digits)"
PLAIN = "some of what it holds is not valid"
POSITION = Path(__file__).parents[1] / "data" / "positions" / "hard-4p-gift-1100003-t15.json"


def test_a_long_number_is_refused_with_the_reason() -> None:
    with pytest.raises(NumberTooLongError, match=r"more than 4300 digits"):
        loads_json('{"seed": ' + LONG + "}")
    with pytest.raises(NumberTooLongError):
        loads_json(LONG.encode())
    with pytest.raises(NumberTooLongError):
        loads_toml("volume = " + LONG + "\n")
    assert issubclass(NumberTooLongError, TextLimitError)
    assert issubclass(NumberTooLongError, ValueError)
    # The numbers a file really holds still read, and bad text is still a parse error.
    assert loads_json('{"seed": ' + "9" * 4300 + "}") == {"seed": int("9" * 4300)}
    with pytest.raises(json.JSONDecodeError):
        loads_json("{")


def test_a_save_with_a_long_number_is_moved_aside_and_the_game_starts() -> None:
    paths = default_paths()
    paths.data.mkdir(parents=True)
    paths.save.write_text('{"schema_version": 1, "game_id": "abcdef12", "seed": ' + LONG + "}")
    save_is_moved_aside(PLAIN)
    assert aside(paths.save)[0].read_text().endswith(LONG + "}")  # kept as it was


def test_settings_with_a_long_number_give_the_defaults() -> None:
    paths = default_paths()
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text("schema_version = 1\nplayers = 4\nvolume = " + LONG + "\n")
    settings_give_the_defaults(PLAIN)


def test_stats_and_the_online_seat_with_a_long_number_start_again() -> None:
    paths = default_paths()
    paths.data.mkdir(parents=True)
    paths.stats.write_text('{"schema_version": 3, "lines": ' + LONG + "}")
    paths.seat.write_text('{"chair": ' + LONG + "}")
    store = Store()
    assert store.load_seat() is None
    session = Session(store)
    assert all(line.games_played == 0 for line in session.stats.lines.values())
    lines = [str(n) for n in session.store.take_notices()]
    assert [line.split(" (")[0] for line in lines] == [
        "Your online seat could not be used",
        "Your stats could not be used",
    ]
    assert len(aside(paths.stats)) == 1 and len(aside(paths.seat)) == 1


def test_canasta_replay_refuses_a_record_with_a_long_number(tmp_path: Path, capsys) -> None:
    record = tmp_path / "rec.json"
    record.write_text('{"schema_version": 2, "seed": ' + LONG + "}")
    assert main(["replay", str(record)]) == 2
    assert capsys.readouterr().err == f"canasta: {record}: the game record is {WHY}\n"


def test_canasta_position_refuses_a_long_number(tmp_path: Path, capsys) -> None:
    position = tmp_path / "pos.json"
    text = POSITION.read_text().replace('"deal_number": 1100003', '"deal_number": ' + LONG)
    assert LONG in text
    position.write_text(text)
    assert main(["position", str(position)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == f"canasta: {position} is not a position: it is {WHY}\n"


def test_a_record_with_a_long_number_is_one_line_of_recent_games(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "0000000000000001.json").write_text('{"seed": ' + LONG + "}")
    [summary] = record_summaries(games, 10)
    assert summary.error == f"the game record is {WHY}" and summary.players == 0


def test_the_server_calls_a_long_number_bad_json() -> None:
    # A client's message is at most 4,096 bytes, so it is refused for its size first;
    # below that, the number is read (no number of 4,096 digits passes the models).
    with pytest.raises(ProtocolError) as caught:
        parse_client('{"type": "intent", "ref": ' + LONG + "}")
    assert caught.value.code == "too_big"
    with pytest.raises(ProtocolError) as caught:
        parse_client('{"type": "intent", "ref": ' + "9" * 4000 + "}")
    assert caught.value.code == "bad_message"
