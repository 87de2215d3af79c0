"""A small file nested a thousand levels deep is a broken file like any other (a 6 KB
``current_game.json`` of ``{"a":{"a":...`` must not stop the game from starting with a
RecursionError). Every reader goes through one check
(:mod:`canasta.reading`): the file is moved aside with the usual notice and the
defaults take over; ``canasta replay`` and ``canasta position`` refuse it with exit 2."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from canasta.cli import main
from canasta.net.protocol import ProtocolError, parse_client
from canasta.persistence.paths import default_paths
from canasta.persistence.records import record_summaries
from canasta.persistence.session import Session
from canasta.persistence.store import Store
from canasta.reading import MAX_DEPTH, TooDeepError, loads_json, loads_toml
from tests.persistence.broken import (
    aside,
    kept_game_is_moved_aside,
    save_is_moved_aside,
    seat_is_forgotten,
    settings_give_the_defaults,
)

DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000  # 6 KB, as a hand-made file might be
DEEP_ARRAY = "[" * 100_000 + "]" * 100_000
DEEP_TOML = "x = " + "[" * 3000 + "]" * 3000 + "\n"
WHY = f"nested too deeply (more than {MAX_DEPTH} levels)"
#: The player's notice says it in plain words; WHY itself goes to the log.
PLAIN = "some of what it holds is not valid"


@pytest.mark.parametrize("text", [DEEP_OBJECT, DEEP_ARRAY])
def test_deep_json_is_refused_with_the_reason(text: str) -> None:
    with pytest.raises(TooDeepError, match=r"nested too deeply \(more than 64 levels\)"):
        loads_json(text)


def test_the_limit_is_64_levels_in_json_and_toml() -> None:
    assert loads_json("[" * 64 + "]" * 64) == json.loads("[" * 64 + "]" * 64)
    with pytest.raises(TooDeepError):
        loads_json("[" * 65 + "]" * 65)  # parses, but is refused by the walk
    # A TOML document is a table (level 1), so its value may nest 63 arrays.
    assert loads_toml("x = " + "[" * 63 + "]" * 63) == tomllib.loads("x = " + "[" * 63 + "]" * 63)
    with pytest.raises(TooDeepError):
        loads_toml("x = " + "[" * 64 + "]" * 64)
    with pytest.raises(TooDeepError):
        loads_toml(DEEP_TOML)  # tomllib itself runs out of stack here


def test_a_deep_save_is_moved_aside_and_the_game_starts() -> None:
    paths = default_paths()
    paths.data.mkdir(parents=True)
    paths.save.write_text(DEEP_OBJECT)
    save_is_moved_aside(PLAIN)


def test_a_deep_finished_game_kept_aside_does_not_stop_the_start() -> None:
    paths = default_paths()
    paths.data.mkdir(parents=True)
    kept = paths.data / "finished-00c0ffee00c0ffee.json"
    kept.write_text(DEEP_ARRAY)
    kept_game_is_moved_aside(kept, PLAIN)


def test_deep_stats_start_again_from_zero() -> None:
    paths = default_paths()
    paths.data.mkdir(parents=True)
    paths.stats.write_text(DEEP_ARRAY)
    session = Session(Store())
    assert all(line.games_played == 0 for line in session.stats.lines.values())
    [line] = [str(n) for n in session.store.take_notices()]
    assert line.startswith(f"Your stats could not be used ({PLAIN})")
    assert len(aside(paths.stats)) == 1


def test_deep_settings_give_the_defaults() -> None:
    paths = default_paths()
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text(DEEP_TOML)
    settings_give_the_defaults(PLAIN)


def test_a_deep_online_seat_is_forgotten() -> None:
    paths = default_paths()
    paths.data.mkdir(parents=True)
    paths.seat.write_text(DEEP_OBJECT)
    seat_is_forgotten(PLAIN)


def test_canasta_replay_refuses_a_deep_record(tmp_path: Path, capsys) -> None:
    record = tmp_path / "rec.json"
    record.write_text(DEEP_OBJECT)
    assert main(["replay", str(record)]) == 2
    assert capsys.readouterr().err == f"canasta: {record}: the game record is {WHY}\n"


def test_canasta_position_refuses_a_deep_position(tmp_path: Path, capsys) -> None:
    position = tmp_path / "pos.json"
    position.write_text("[" * 65 + "]" * 65)  # parses, but nests deeper than the limit
    assert main(["position", str(position)]) == 2
    assert "is nested too deeply to be a position" in capsys.readouterr().err


def test_a_deep_message_to_the_server_is_bad_json() -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client("[" * 70 + "]" * 70)
    assert caught.value.code == "bad_json"


def test_a_deep_record_in_the_games_folder_is_one_line_of_recent_games(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "0000000000000001.json").write_text(DEEP_ARRAY)
    [summary] = record_summaries(games, 10)
    assert summary.error == f"the game record is {WHY}" and summary.players == 0
