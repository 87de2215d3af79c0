"""No file is read whole whatever its size: a settings file, stats, saved game, online seat,
game record or position of more than :data:`~canasta.reading.MAX_FILE_BYTES` (16 MiB;
the largest real file, a whole game's record, is about 15 KB) is a broken file like any
other: moved aside with the usual notice, or refused by ``canasta replay`` and ``canasta
position`` with one line and exit 2. At most the limit and one byte more are read, so a
file linked to ``/dev/zero`` cannot hang the start."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from canasta.cli import main
from canasta.persistence.files import peek_toml, read_file
from canasta.persistence.paths import default_paths
from canasta.persistence.records import record_summaries
from canasta.persistence.session import Session
from canasta.persistence.store import Store
from canasta.reading import MAX_FILE_BYTES, FileTooLargeError, read_capped
from tests.persistence.broken import (
    aside,
    kept_game_is_moved_aside,
    save_is_moved_aside,
    seat_is_forgotten,
    settings_give_the_defaults,
)

#: The player's notice says it in plain words.
PLAIN = "it is far too large"
WHY = "larger than 16 MiB"


def oversize(path: Path, extra: int = 1) -> int:
    """Make ``path`` a file of ``MAX_FILE_BYTES + extra`` bytes: a TOML comment (or JSON
    text) at the start, then zeros (sparse: no disk used); its size."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"# x\n")
    size = MAX_FILE_BYTES + extra
    os.truncate(path, size)
    return size


def test_the_limit_is_16_mib() -> None:
    assert MAX_FILE_BYTES == 16_777_216
    assert str(FileTooLargeError()) == WHY
    assert str(FileTooLargeError(1000)) == "larger than 1,000 bytes"


def test_a_file_of_exactly_the_limit_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 1000)
    assert read_capped(path, limit=1000) == b"x" * 1000
    path.write_bytes(b"x" * 1001)
    with pytest.raises(FileTooLargeError, match="larger than 1,000 bytes"):
        read_capped(path, limit=1000)
    assert read_capped(path) == b"x" * 1001  # the default limit is far above


def test_read_file_refuses_a_file_one_byte_over_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    oversize(path)
    with pytest.raises(FileTooLargeError, match=WHY):
        read_file(path)
    os.truncate(path, MAX_FILE_BYTES)
    assert len(read_file(path) or b"") == MAX_FILE_BYTES
    assert read_file(tmp_path / "missing.json") is None  # as before


def test_too_large_stats_start_again_from_zero_and_are_kept_aside() -> None:
    paths = default_paths()
    size = oversize(paths.stats)
    session = Session(Store())
    assert all(line.games_played == 0 for line in session.stats.lines.values())
    [line] = [str(n) for n in session.store.take_notices()]
    assert line.startswith(f"Your stats could not be used ({PLAIN}); the file was kept as ")
    assert line.endswith(", and they start again from zero.")
    [kept] = aside(paths.stats)
    assert kept.stat().st_size == size and not paths.stats.exists()


def test_a_too_large_save_is_moved_aside_and_a_new_game_starts() -> None:
    paths = default_paths()
    oversize(paths.save)
    save_is_moved_aside(PLAIN)


def test_a_too_large_finished_game_kept_aside_does_not_stop_the_start() -> None:
    paths = default_paths()
    kept = paths.data / "finished-00c0ffee00c0ffee.json"
    oversize(kept)
    kept_game_is_moved_aside(kept, PLAIN)


def test_too_large_settings_give_the_defaults() -> None:
    paths = default_paths()
    oversize(paths.settings)
    assert peek_toml(paths.settings) == {}  # the language is chosen without it
    settings_give_the_defaults(PLAIN)


def test_a_too_large_online_seat_is_forgotten() -> None:
    paths = default_paths()
    oversize(paths.seat)
    seat_is_forgotten(PLAIN)


def test_canasta_replay_refuses_a_too_large_record(tmp_path: Path, capsys) -> None:
    record = tmp_path / "rec.json"
    oversize(record)
    assert main(["replay", str(record)]) == 2
    assert capsys.readouterr().err == f"canasta: {record}: the game record is {WHY}\n"


def test_canasta_position_refuses_a_too_large_position(tmp_path: Path, capsys) -> None:
    position = tmp_path / "pos.json"
    oversize(position)
    assert main(["position", str(position)]) == 2
    assert capsys.readouterr().err == f"canasta: {position} is not a position: it is {WHY}\n"


def test_a_too_large_record_is_one_line_of_recent_games(tmp_path: Path) -> None:
    games = tmp_path / "games"
    oversize(games / "0000000000000001.json")
    [summary] = record_summaries(games, 10)
    assert summary.error == f"the game record is {WHY}" and summary.players == 0
