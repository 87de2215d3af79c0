"""Start-up notices about damaged files speak the player's language: the
settings' language is known before the files load, so a German player reads German, in
plain words (the Settings rows' names, not the file's keys)."""

from __future__ import annotations

import json

import pygame

from canasta import i18n
from canasta.app import App
from canasta.persistence.paths import default_paths


def test_the_damaged_files_notices_are_german_for_a_german_player() -> None:
    paths = default_paths()
    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    paths.data.mkdir(parents=True, exist_ok=True)
    paths.settings.write_text(
        'language = "de"\ntheme = "plaid_nonexistent"\nplayers = 7\n', encoding="utf-8"
    )
    paths.stats.write_text("{not json", encoding="utf-8")
    paths.save.write_text(json.dumps({"schema_version": 99}), encoding="utf-8")
    try:
        i18n.set_language("en")  # the system's language: English
        pygame.display.set_mode((1280, 800))
        app = App((1280, 800))
        notices = [str(n) for n in app.session.store.take_notices()]
        settings_line = next(n for n in notices if "settings.toml" in n)
        assert settings_line.startswith(
            "In settings.toml waren Spieler und Tischfarbe ungültig und wurden auf den Standard "
            "zurückgesetzt; deine übrigen Einstellungen bleiben erhalten"
        )
        stats_line = next(n for n in notices if "stats.json" in n)
        assert stats_line.startswith("Deine Statistik konnte nicht verwendet werden (")
        assert stats_line.endswith(", und sie beginnt wieder bei null.")
        assert not any("could not" in n or "was not valid" in n for n in notices)
        assert i18n.language() == "de"
        app.close()
    finally:
        i18n.set_language("en")


def test_a_save_notice_on_the_banner_follows_a_change_of_language() -> None:
    """The notice shown when a setting could not be saved reads in
    Spanish once the player picks Español, reason included, not frozen in English."""
    default_paths().settings.mkdir(parents=True)  # a folder where the file should be
    try:
        pygame.display.set_mode((1280, 800))
        app = App((1280, 800))
        app.home()
        app.settings()
        app.change_setting("sound", False)
        [line] = app.manager.banner.lines
        assert str(line).startswith("Could not save the settings: ")
        app.change_setting("language", "es")
        spanish = str(app.manager.banner.lines[0])
        assert spanish.startswith(
            f"No se pudieron guardar los ajustes: {default_paths().settings} es una carpeta "
            "donde debería haber un archivo."
        )
        assert "could" not in spanish and "folder" not in spanish
        app.manager.draw(pygame.display.get_surface())  # drawn in Spanish, no error
        app.close()
    finally:
        i18n.set_language("en")
