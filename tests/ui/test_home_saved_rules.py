"""The home screen tells the saved game's rules by Continue, and the settings' rules as a
new game's (tester's item 13: "Regeln: Regelbuch · 4 Spieler" under the title while
Continue resumed a Draw-two partnership game)."""

from __future__ import annotations

import pygame

from canasta.app import App
from canasta.engine.rules import PRESETS
from canasta.persistence.session import nearest_preset
from canasta.persistence.settings import Settings
from canasta.scenes.home import HomeScene


def test_continue_names_the_saved_games_rules_and_the_title_line_a_new_games() -> None:
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800))
    session = app.session
    session.update_settings(**Settings.preset_changes("Draw-two partnership"))
    session.new_game(7)
    session.update_settings(**Settings.preset_changes("Book rules"))
    app.home()
    home = app.manager.top
    assert isinstance(home, HomeScene) and "Continue game" in home.named
    assert (
        home.saved
        == "Draw-two partnership \u00b7 4 players, full \u00b7 hand 1 \u00b7 us 0, them 0"
    )
    assert home.subtitle == "New game: Book rules \u00b7 4 players"
    app.close()


def test_without_a_save_the_title_line_is_the_settings_rules() -> None:
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800))
    app.home()
    home = app.manager.top
    assert isinstance(home, HomeScene) and "Continue game" not in home.named
    assert home.subtitle == "Classic rules \u00b7 2 players"
    app.close()


def test_the_nearest_preset_of_rules_changed_by_a_setting() -> None:
    classic = PRESETS["Classic"]
    assert nearest_preset(classic.with_options(players=4, quick_game=True)) == ("Classic", False)
    assert nearest_preset(PRESETS["Book rules"]) == ("Book rules", False)
    changed = PRESETS["Draw-two partnership"].with_options(wild_discard_allowed=True)
    assert changed != PRESETS["Draw-two partnership"]
    assert nearest_preset(changed) == ("Draw-two partnership", True)
