"""Settings are described once, in the model: the screen's rows, their choices (from the
fields' Literal types), which players they apply to, and what a change does at once."""

from __future__ import annotations

from typing import get_args

import pytest

from canasta.persistence.setting_rows import SCREEN_ORDER, describe, describe_rule
from canasta.persistence.settings import EFFECTS, HOUSE_RULES, Settings


def test_every_row_reads_its_choices_from_the_fields_type() -> None:
    for field in SCREEN_ORDER:
        info = describe(field, ["x"])
        annotation = Settings.model_fields[field].annotation
        values = [value for value, _ in info.choices]
        if annotation is bool:
            assert sorted(values) == [False, True]
            assert values[0] == Settings.model_fields[field].default  # the default first
        elif get_args(annotation):
            assert values == list(get_args(annotation)), field
        assert info.label and info.help and info.column in (0, 1)
        assert info.effect is None or info.effect in EFFECTS


def test_the_words_of_a_few_rows() -> None:
    assert describe("speed").choices == (("normal", "Normal"), ("fast", "Fast"))
    assert describe("players").choices == ((2, "2"), (4, "4"))
    assert describe("sound").choices == ((True, "On"), (False, "Off"))
    assert describe("replays_kept").choices[-1] == (1000, "1,000 games")
    theme = describe("theme", ["green", "deep-blue"], str.upper)
    assert theme.choices == (("green", "GREEN"), ("deep-blue", "DEEP-BLUE"))


def test_players_and_effects_are_declared_beside_the_fields() -> None:
    players = {f: describe(f).players for f in SCREEN_ORDER if describe(f).players}
    assert players == {"two_canastas_to_go_out": 2, "ask_permission": 4}
    two = Settings(players=2)
    assert two.not_applicable("ask_permission") == "4 players only"
    assert two.not_applicable("draw_two") is None
    effects = {f: describe(f).effect for f in SCREEN_ORDER if describe(f).effect}
    assert effects == {"rules_preset": "preset", "replays_kept": "records", "sound": "sound",
                       "orientation": "window", "fullscreen": "window", "theme": "look",
                       "card_style": "look", "deck_design": "look", "suit_colours": "look",
                       "large_index": "look", "language": "language"}  # fmt: skip
    at_once = {f for f in SCREEN_ORDER if describe(f).at_once}
    assert "computer_level" not in at_once and {"sound", "speed", "theme"} <= at_once


def test_rule_options_are_described_too() -> None:
    rows = [describe_rule(f) for f in HOUSE_RULES]
    assert [r.column for r in rows].count(0) == (len(HOUSE_RULES) + 1) // 2
    empty = describe_rule("empty_stock")
    assert len(empty.choices) >= 2 and not empty.at_once
    with pytest.raises(ValueError):
        describe_rule("sound")
    with pytest.raises(KeyError):
        describe("rule_overrides")
