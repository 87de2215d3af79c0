"""A settings or data folder that cannot be written is said once, on the home screen, at
the start (a read-only folder gave no word until a setting changed)."""

from __future__ import annotations

import os

import pygame

from canasta import i18n
from canasta.app import App
from canasta.persistence import settings_file
from canasta.persistence.files import StoreError, unwritable
from canasta.persistence.paths import HOME_ENV, default_paths
from canasta.persistence.session import Session
from canasta.persistence.settings import Settings
from canasta.persistence.store import Store


def no_write(monkeypatch, locked) -> None:
    """``os.access`` says no to writing in ``locked`` (the tests run as root, which may
    write anywhere, so the permission is faked where the game asks for it)."""
    real = os.access

    def access(path, mode, *a, **k):
        if str(path) == str(locked) and mode & os.W_OK:
            return False
        return real(path, mode, *a, **k)

    monkeypatch.setattr(os, "access", access)


def test_a_folder_that_cannot_be_written_is_named(tmp_path, monkeypatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv(HOME_ENV, str(home))
    no_write(monkeypatch, home)
    assert str(unwritable(home / "config")) == f"no permission to write in the folder {home}"
    assert unwritable(tmp_path) is None


def test_the_start_says_once_what_cannot_be_saved(tmp_path, monkeypatch) -> None:
    home = tmp_path / "ro"
    home.mkdir()
    monkeypatch.setenv(HOME_ENV, str(home))
    no_write(monkeypatch, home)
    session = Session(Store())
    lines = [str(n) for n in session.store.take_notices()]
    assert lines == [
        f"Your settings cannot be saved: no permission to write in the folder {home}. "
        "Changes last only while the game runs.",
        f"Your games and stats cannot be saved: no permission to write in the folder {home}. "
        "They last only while the game runs.",
    ]

    def refuse(path, data) -> None:
        raise StoreError(f"no permission to write in the folder {home}")

    monkeypatch.setattr(settings_file, "atomic_write", refuse)
    assert session.update_settings(theme="blue").theme == "blue"  # held for the run
    assert session.store.take_notices() == []  # already said at the start: no second line


def test_the_home_screen_says_it_in_the_players_language(tmp_path, monkeypatch) -> None:
    home = tmp_path / "ro"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.toml").write_text('language = "es"\n')
    monkeypatch.setenv(HOME_ENV, str(home))
    no_write(monkeypatch, home / "config")
    try:
        pygame.display.set_mode((1280, 800))
        app = App((1280, 800))
        app.home()
        notices = [str(n) for n in app.manager.top.shown_notices()]
        assert notices == [
            "Tus ajustes no se pueden guardar: no hay permiso para escribir en la carpeta "
            f"{home / 'config'}. Los cambios duran solo mientras el juego sigue abierto."
        ]
        app.close()
    finally:
        i18n.set_language("en")


def test_a_writable_home_adds_no_line() -> None:
    session = Session(Store())
    assert session.store.take_notices() == []
    assert not default_paths().settings.parent.exists()  # nothing created to find out
    assert session.settings == Settings()
