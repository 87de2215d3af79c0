"""``--language`` speaks a language for this run only; the Settings screen's Language row
says so, and which language is saved (it showed the saved one)."""

from __future__ import annotations

import pygame
import pytest

from canasta import i18n
from canasta.app import App
from canasta.persistence.paths import default_paths
from canasta.persistence.store import Store
from canasta.scenes.settings import SettingsScene
from canasta.ui.text import report_text


def open_settings(language: str | None) -> App:
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800), language=language)
    app.home()
    app.settings()
    return app


def save_french() -> None:
    """A settings file that saves French as the language."""
    paths = default_paths()
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text('language = "fr"\n', encoding="utf-8")


def language_word(scene: SettingsScene) -> str:
    row = next(o for o in scene.options if o.field == "language")
    return next(w for v, w in row.choices if v == scene.settings.language)


def test_the_row_shows_the_language_of_this_run_and_the_saved_one() -> None:
    save_french()
    try:
        app = open_settings("de")
        scene = app.manager.top
        assert isinstance(scene, SettingsScene)
        assert scene.settings.language == "de"
        assert language_word(scene) == "Deutsch"
        assert scene.notes == {"language": "nur für diesen Lauf; gespeichert: Français"}
        row = next(o for o in scene.options if o.field == "language")
        assert scene.reason(row) is None  # a note, not a reason: the row still applies
        scene.draw(pygame.display.get_surface())
        scene.choose("sound", False)  # another change keeps the row as it was
        assert scene.settings.language == "de" and scene.settings.sound is False
        assert Store().load_settings().language == "fr"  # the saved language is untouched
        scene.choose("language", "it")  # chosen on the screen: saved and spoken
        scene = app.manager.top
        assert isinstance(scene, SettingsScene) and i18n.language() == "it"
        assert language_word(scene) == "Italiano" and scene.notes == {}
        assert Store().load_settings().language == "it"
        app.close()
    finally:
        i18n.set_language("en")


def test_no_saved_language_is_not_made_the_run_ones() -> None:
    try:
        app = open_settings("es")
        scene = app.manager.top
        assert isinstance(scene, SettingsScene)
        assert language_word(scene) == "Español"
        assert scene.notes == {
            "language": "solo para esta sesión; guardado: el idioma de tu sistema"
        }
        assert Store().load_settings().language == ""  # not saved as Spanish
        app.close()
    finally:
        i18n.set_language("en")


def test_the_saved_language_asked_for_again_shows_plainly() -> None:
    save_french()
    try:
        app = open_settings("fr")
        scene = app.manager.top
        assert isinstance(scene, SettingsScene) and language_word(scene) == "Français"
        assert scene.notes == {}
        app.close()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (480, 340)])
@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_the_note_keeps_clear_of_the_arrow_and_the_next_row(language: str, size) -> None:
    """tidy6: in Spanish the note ran on one line under the row's ◀ arrow; it now wraps
    in the label's width, on two lines at most (a longer rest is cut with "…"), above the
    next row's label."""
    try:
        pygame.display.set_mode(size)
        app = App(size, language=language)
        app.settings()
        scene = app.manager.top
        assert isinstance(scene, SettingsScene)
        # In one column (a window under TWO_COLUMNS_PX) the Language row is scrolled to
        # the top of the list, the Sound row under it.
        row = scene.rows[next(i for i, o in enumerate(scene.options) if o.field == "language")]
        scene.scroll_by(row.top - scene.view.top - 8)
        note = "(" + scene.notes["language"] + ")"
        with report_text() as report:
            scene.draw(pygame.display.get_surface())
        labels = {o.field: o.label for o in scene.options}
        next_label = next(r for t, r, _s, _c in report.drawn if t == labels["sound"])
        lines = [(t, r) for t, r, _s, _c in report.drawn
                 if t != labels["language"] and t.rstrip("\u2026").strip() in note]  # fmt: skip
        assert 1 <= len(lines) <= 2, lines
        assert "".join(t for t, _r in lines).replace(" ", "")[:12] == note.replace(" ", "")[:12]
        arrow = scene.arrows[("language", -1)]
        for text, rect in lines:
            assert rect.right < arrow.left, (text, rect, arrow)
            assert rect.bottom <= next_label.top + 3, (text, rect, next_label)
        app.close()
    finally:
        i18n.set_language("en")
