"""A file's notice is read in the language in use whenever it is shown:
the reason (no permission, a full disk...) is in the catalogue with its ``{folder}``, and
a notice kept on the banner reads in the new language after the player changes it. The
notice for settings that cannot be written promises no save that cannot happen."""

from __future__ import annotations

import errno
from pathlib import Path

from canasta import i18n
from canasta.persistence.files import plain_reason
from canasta.persistence.paths import HOME_ENV
from canasta.persistence.session import Session
from canasta.persistence.settings import Settings
from canasta.persistence.store import Store


def test_a_write_reason_is_translated_with_its_folder() -> None:
    error = PermissionError(errno.EACCES, "Permission denied")
    reason = plain_reason(error, Path("/ro/home/.config/canasta/settings.toml"), writing=True)
    assert str(reason) == "no permission to write in the folder /ro/home/.config/canasta"
    i18n.set_language("es")
    assert str(reason) == "no hay permiso para escribir en la carpeta /ro/home/.config/canasta"
    i18n.set_language("de")
    assert str(reason) == (
        "keine Berechtigung, in den Ordner /ro/home/.config/canasta zu schreiben"
    )


def test_a_full_disk_reads_in_french() -> None:
    i18n.set_language("fr")
    reason = plain_reason(OSError(errno.ENOSPC, "No space"), Path("/x/data/stats.json"))
    assert str(reason) == "le disque est plein (/x/data)"


def test_a_kept_notice_reads_in_the_language_chosen_after_it(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv(HOME_ENV, str(blocker))
    store = Store()
    assert store.save_settings(Settings()) is False
    [line] = store.take_notices()
    config = blocker / "config"
    assert str(line) == (
        f"Could not save the settings: {blocker} is a file where a folder should be. The "
        "change holds while the game runs; nothing is saved until the folder can be "
        "written (it is tried again at each change)."
    )
    assert "next change" not in str(line)  # no promise of a save that cannot happen
    i18n.set_language("es")
    assert str(line) == (
        f"No se pudieron guardar los ajustes: {blocker} es un archivo donde debería haber una "
        "carpeta. El cambio vale mientras el juego sigue abierto; no se guarda nada hasta "
        "que se pueda escribir en la carpeta (se vuelve a intentar en cada cambio)."
    )
    i18n.set_language("en")
    assert str(line).startswith("Could not save the settings:") and str(config) not in str(line)


def test_a_merged_read_notice_reads_in_german(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv(HOME_ENV, str(blocker))
    session = Session(Store())
    read = session.store.take_notices()[0]
    i18n.set_language("de")
    text = str(read)
    assert f"{blocker} ist eine Datei, wo ein Ordner sein sollte" in text
    assert "could" not in text and "your" not in text
