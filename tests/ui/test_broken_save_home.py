"""A saved game that turns out broken when the home screen reads it offers no Continue,
and its notice shows at once (not Continue first, and why it cannot only after a click),
as with a deeply nested current_game.json."""

from __future__ import annotations

import pygame
import pytest

from canasta.app import App
from canasta.persistence.paths import default_paths
from canasta.scenes.home import HomeScene


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{"a":' * 1000 + "1" + "}" * 1000, "some of what it holds is not valid"),
        ('{"schema_version": 1', "its text is damaged or cut short"),
    ],
)
def test_a_broken_save_gives_no_continue_and_says_why_at_once(text: str, why: str) -> None:
    pygame.init()
    pygame.display.set_mode((1280, 800))
    paths = default_paths()
    paths.data.mkdir(parents=True)
    paths.save.write_text(text)
    app = App((1280, 800))
    app.home()
    home = app.manager.top
    assert isinstance(home, HomeScene)
    assert "Continue game" not in home.named and home.saved == ""
    [line] = map(str, home.notices)
    assert line.startswith(f"The saved game could not be used ({why}); the file was kept as ")
    assert "current_game.json.corrupt-" in line
    app.close()
