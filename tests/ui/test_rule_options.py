"""Presets and single rule options: chosen in the settings, they reach the engine."""

from __future__ import annotations

import pygame
import pytest

from canasta.app import App
from canasta.engine.rules import PRESETS
from canasta.persistence.paths import default_paths
from canasta.persistence.settings import Settings
from canasta.scenes.settings import SettingsScene
from tests.ui.test_table_plays_a_hand import click

SIZE = (1280, 800)


@pytest.fixture
def app() -> App:
    pygame.init()
    pygame.display.set_mode(SIZE)
    application = App(SIZE)
    application.settings()
    return application


def settings_scene(app: App) -> SettingsScene:
    scene = app.manager.top
    assert isinstance(scene, SettingsScene)
    return scene


def test_choosing_a_preset_sets_its_rows_and_its_rules(app: App) -> None:
    scene = settings_scene(app)
    for _ in range(len(PRESETS)):
        if app.session.settings.rules_preset == "Two-handed":
            break
        click(app, scene.arrows[("rules_preset", 1)].center)
        scene = settings_scene(app)
    settings = app.session.settings
    assert settings.rules_preset == "Two-handed"
    # The rows show the table's own options: two players, draw two, two canastas.
    assert (settings.players, settings.draw_two, settings.two_canastas_to_go_out) == (2, True, True)
    rules = settings.rule_set()
    assert rules == PRESETS["Two-handed"].with_options(quick_game=False)
    assert rules.empty_stock == "ends" and not rules.take_with_natural_and_wild
    assert 'rules_preset = "Two-handed"' in default_paths().settings.read_text()


def test_a_single_rule_option_changes_the_rules_and_marks_the_preset_value(app: App) -> None:
    click(app, settings_scene(app).more_button.rect.center)  # type: ignore[union-attr]
    rules_screen = settings_scene(app)
    assert rules_screen.title == "Rule options \u00b7 Classic"
    assert rules_screen.default_of("wild_discard_allowed") is True
    click(app, rules_screen.pills[("wild_discard_allowed", False)].center)
    settings = app.session.settings
    assert settings.rule_overrides == {"wild_discard_allowed": False}
    assert settings.rule_set().wild_discard_allowed is False
    # Choosing the preset's own value again is no change at all.
    click(app, settings_scene(app).pills[("wild_discard_allowed", True)].center)
    assert app.session.settings.rule_overrides == {}
    # Four-player options are disabled, with the reason, in a two-player game.
    assert (
        settings_scene(app).reason(
            next(o for o in settings_scene(app).options if o.field == "concealed_no_partner_layoff")
        )
        == "4 players only"
    )


def test_a_settings_file_with_an_unknown_rule_option_keeps_everything_else() -> None:
    with pytest.raises(ValueError, match="not a rule option"):
        Settings(rule_overrides={"target_score": True})
    with pytest.raises(ValueError, match="takes a bool"):
        Settings(rule_overrides={"black_threes_last": "yes"})
    with pytest.raises(ValueError, match="no rules named"):
        Settings(rules_preset="Casino")
