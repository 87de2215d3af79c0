"""A new player finds the data folder from ``canasta --help`` and every home-screen button
in the README's home-screen paragraph (third tester, item 11)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from canasta.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def test_help_names_the_data_folder_and_canasta_home(canasta_home, capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert f"settings   {canasta_home / 'config' / 'settings.toml'}" in out
    assert f"the rest   {canasta_home / 'data'} (stats, the saved game, games/)" in out
    assert f"logs       {canasta_home / 'logs'}" in out
    assert "Set CANASTA_HOME=FOLDER to keep them all in FOLDER instead" in out
    assert os.environ["CANASTA_HOME"] == str(canasta_home)


def test_the_readme_home_paragraph_names_every_home_button() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from canasta.scenes.home import HomeScene

    pygame.display.init()
    pygame.font.init()
    home = HomeScene(lambda players: None, lambda: None, on_continue=lambda: None,
                     on_online=lambda: None, on_settings=lambda: None,
                     on_how_to_play=lambda: None, on_stats=lambda: None,
                     on_sound=lambda: True)  # fmt: skip
    text = README.read_text(encoding="utf-8")
    start = text.index("The home screen offers")
    paragraph = " ".join(text[start : text.index("\n\n", start)].split())
    for label in home.named:
        word = "sound on/off toggle" if label.startswith("Sound:") else f"**{label}**"
        if label == "Quit":
            word = "Quit"
        assert word in paragraph, label
    assert "Play online" in home.named
