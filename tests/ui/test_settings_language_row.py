"""The Language row stays under the pointer while it changes the words (play10).

The labels' column was as wide as the longest label of the language in use, so stepping
the Language row from Italiano to Deutsch moved its left arrow 48 px to the right (and
back out of German), and a second click where the arrow had been missed it. The column is
now measured in every language the game speaks: the rows' choices stay where they are.
"""

from __future__ import annotations

import pygame
import pytest

from canasta import i18n
from canasta.app import App
from canasta.i18n import LANGUAGES, in_every_language
from canasta.persistence.settings import Settings
from canasta.scenes.settings import SettingsScene
from canasta.ui.input import post_click
from tests.ui.test_table_plays_a_hand import pump


def test_a_message_in_every_language() -> None:
    assert in_every_language("Language") == [
        "Language", "Idioma", "Idioma", "Lingua", "Sprache", "Langue",
    ]  # fmt: skip
    assert list(LANGUAGES) == ["en", "es", "pt_BR", "it", "de", "fr"]
    assert i18n.language() == "en"  # measuring switches nothing


def places(size: tuple[int, int]) -> dict[str, tuple[pygame.Rect, pygame.Rect, float]]:
    """Per language: the Language row's two arrows and the labels' share of a row."""
    out = {}
    try:
        for code in LANGUAGES:
            assert i18n.set_language(code) == code
            scene = SettingsScene(Settings(), lambda field, value: Settings(), lambda: None)
            scene.resize(size)
            arrows = (scene.arrows[("language", -1)], scene.arrows[("language", 1)])
            out[code] = (*arrows, scene.label_share)
    finally:
        i18n.set_language("en")
    return out


@pytest.mark.parametrize("size", [(1200, 760), (1280, 800), (1600, 1000), (1920, 1080)])
def test_the_language_arrows_stand_still_in_every_language(size) -> None:
    found = places(size)
    assert len({(tuple(left), tuple(right)) for left, right, _share in found.values()}) == 1
    assert len({share for _left, _right, share in found.values()}) == 1


def test_in_a_smaller_window_the_column_follows_the_language_in_use() -> None:
    """In the narrowest two columns (1100 x 700) German's labels would leave three
    choices in a row 13 px words in English: there the column is each language's own
    (and the arrow moves). Narrower windows show one column (test_settings_layout)."""
    found = places((1100, 700))
    assert round(found["en"][2], 3) == 0.36 and round(found["de"][2], 3) == 0.458


def test_at_1280_by_800_every_language_has_the_room_german_needs() -> None:
    """German's longest label ("Gespeicherte Wiederholungen") sets the column for all."""
    left, right, share = places((1280, 800))["en"]
    assert round(share, 3) == 0.444
    assert (left.x, right.x) == (919, 1204)


def test_two_clicks_on_the_left_arrow_step_back_twice() -> None:
    """From Deutsch, two clicks at the same spot: Italiano, then Português (Brasil)."""
    pygame.init()
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800), language="de")
    try:
        app.settings()
        pump(app)
        scene = app.manager.top
        assert isinstance(scene, SettingsScene)
        spot = scene.arrows[("language", -1)].center
        for expected in ("it", "pt_BR"):
            post_click(spot)
            pump(app)
            assert app.session.settings.language == expected
            assert i18n.language() == expected
    finally:
        app.close()
        i18n.set_language("en")


def test_in_a_scrolled_list_the_language_row_stays_where_it_was() -> None:
    """At 800 x 600 the rows scroll; a new language rebuilds the screen, and the list
    keeps its scroll, so the Language row's arrows stay under the pointer (a second click
    there stepped another row: Replays kept)."""
    pygame.init()
    pygame.display.set_mode((800, 600))
    app = App((800, 600), language="de")
    try:
        app.settings()
        pump(app)
        scene = app.manager.top
        assert isinstance(scene, SettingsScene) and scene.max_scroll > 0
        row = next(i for i, o in enumerate(scene.options) if o.field == "language")
        scene.focus = row
        scene.show_focus()
        scene.scroll_by(scene.rows[row].centery - scene.view.centery)
        spot = scene.arrows[("language", -1)].center
        assert scene.view.collidepoint(spot)
        for expected in ("it", "pt_BR"):
            post_click(spot)
            pump(app)
            scene = app.manager.top
            assert isinstance(scene, SettingsScene)
            assert app.session.settings.language == expected
            assert scene.arrows[("language", -1)].center == spot
    finally:
        app.close()
        i18n.set_language("en")
