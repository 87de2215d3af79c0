"""`canasta --players N` under a rules preset written for another number of players is
refused with a clear argparse error (exit 2) before any window opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta import cli
from canasta.persistence.paths import default_paths


def write_settings(text: str) -> Path:
    path = default_paths().settings
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_two_players_under_book_rules_is_refused_with_exit_2(capsys, monkeypatch) -> None:
    path = write_settings('rules_preset = "Book rules"\nplayers = 4\n')
    before = path.read_bytes()
    monkeypatch.setattr("canasta.app.run", lambda **_kw: pytest.fail("a window opened"))
    with pytest.raises(SystemExit) as stop:
        cli.main(["--players", "2"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert (
        "canasta: error: argument --players: the rules chosen in Settings, Book rules, are a "
        "4-player table; start with --players 4, or choose Classic or Two-handed in Settings "
        "for 2 players"
    ) in err
    assert path.read_bytes() == before  # only read


@pytest.mark.parametrize(
    ("settings", "players"),
    [
        ('rules_preset = "Classic"\nplayers = 2\n', 4),  # Classic is played by 2 or 4
        ('rules_preset = "Book rules"\nplayers = 4\n', 4),
        ('rules_preset = "Book rules"\nplayers = 2\n', 2),  # chosen so in Settings
        ('rules_preset = "Two-handed"\nplayers = 2\n', 2),
        ("this is not TOML [", 2),  # the app reports a damaged file
        (None, 4),
    ],
)
def test_players_that_fit_start_the_game(settings: str | None, players: int, monkeypatch) -> None:
    if settings is not None:
        write_settings(settings)
    started: dict[str, object] = {}
    monkeypatch.setattr("canasta.app.run", lambda **kw: started.update(kw) or 0)
    assert cli.main(["--players", str(players)]) == 0
    assert started["players"] == players


def test_four_players_under_two_handed_names_the_four_player_presets() -> None:
    path = write_settings('rules_preset = "Two-handed"\nplayers = 2\n')
    assert cli.players_conflict(4, path) == (
        "the rules chosen in Settings, Two-handed, are a 2-player table; start with "
        "--players 2, or choose Classic or Book rules or Draw-two partnership or Play-off on "
        "ties in Settings for 4 players"
    )
