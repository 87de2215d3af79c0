"""Draw two is one setting, for two players and four: the Settings row "Draw two cards"
(Rule options has no draw-two row of its own), and a settings file of the old format,
which kept the two choices apart, is read keeping the choice of the table played."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from canasta.engine.rules import PRESETS
from canasta.persistence.paths import default_paths
from canasta.persistence.settings import HOUSE_RULES, Settings
from canasta.persistence.settings_file import load_settings, save_settings
from canasta.scenes.rule_options import rule_options_scene, rule_rows


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("draw_two", [True, False])
def test_the_one_setting_makes_the_table_draw_two(players: int, draw_two: bool) -> None:
    settings = Settings(players=players, draw_two=draw_two)
    rules = settings.rule_set()
    assert rules.stock_draw_count == (2 if draw_two else 1)
    assert settings.not_applicable("draw_two") is None


def test_rule_options_have_no_draw_two_row() -> None:
    assert not any(field.startswith("draw_two") for field in HOUSE_RULES)
    assert not any(row.field.startswith("draw_two") for row in rule_rows())
    scene = rule_options_scene(Settings(players=4), lambda changes: Settings(), lambda: None)
    assert scene.column_names[0] == "Taking the pile and threes"  # nothing of drawing left
    with pytest.raises(ValueError, match="'draw_two_4p' is not a rule option"):
        Settings(rule_overrides={"draw_two_4p": True})


def test_a_preset_sets_the_row_to_its_own_draw() -> None:
    for name, preset in PRESETS.items():
        settings = Settings(**Settings.preset_changes(name))
        assert settings.draw_two is (preset.stock_draw_count == 2), name
        assert settings.rule_set() == preset.with_options(quick_game=False), name
    assert Settings(**Settings.preset_changes("Draw-two partnership")).draw_two is True


def old_file(text: str) -> Path:
    path = default_paths().settings
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("schema_version = 1\n" + text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "draw_two", "overrides"),
    [
        # four players at the preset that draws two, the old two-player row Off
        ('players = 4\nrules_preset = "Draw-two partnership"\ndraw_two = false\n', True, {}),
        # four players with draw two chosen in Rule options
        ("players = 4\ndraw_two = false\n[rule_overrides]\ndraw_two_4p = true\n"
         "black_threes_last = true\n", True, {"black_threes_last": True}),
        # four players, Draw-two partnership with draw two turned off in Rule options
        ('players = 4\nrules_preset = "Draw-two partnership"\n[rule_overrides]\n'
         "draw_two_4p = false\n", False, {}),
        # two players: the two-player row, whatever Rule options said for four
        ("players = 2\ndraw_two = true\n[rule_overrides]\ndraw_two_4p = false\n", True, {}),
        ("players = 2\ndraw_two = false\n[rule_overrides]\ndraw_two_4p = true\n", False, {}),
    ],
)  # fmt: skip
def test_an_old_file_keeps_the_draw_of_the_table_played(text, draw_two, overrides) -> None:
    path = old_file(text)
    settings, notices = load_settings(path)
    assert notices == []
    assert (settings.draw_two, settings.rule_overrides) == (draw_two, overrides)
    assert settings.rule_set().stock_draw_count == (2 if draw_two else 1)
    assert settings.schema_version == 2
    save_settings(path, settings)
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    assert saved["schema_version"] == 2 and "draw_two_4p" not in saved["rule_overrides"]
    assert load_settings(path)[0] == settings


def test_a_new_file_is_read_as_written() -> None:
    """Only the old format is changed: in a format-2 file, Draw two off at the preset that
    draws two stays off."""
    path = old_file("")
    path.write_text('schema_version = 2\nplayers = 4\nrules_preset = "Draw-two partnership"\n'
                    "draw_two = false\n", encoding="utf-8")  # fmt: skip
    settings, notices = load_settings(path)
    assert notices == [] and settings.draw_two is False
    assert settings.rule_set().stock_draw_count == 1
