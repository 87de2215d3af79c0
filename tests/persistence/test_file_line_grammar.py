"""A file's line for the player is a whole sentence per kind of file, so that each
language can make it agree: Spanish "No se pudieron guardar los ajustes" (plural) but "No
se pudo guardar la partida" (singular); German "Die Einstellungen konnten ..." (the
last session's Spanish read "No se pudo guardar los ajustes")."""

from __future__ import annotations

import pytest

from canasta import i18n
from canasta.persistence.paths import HOME_ENV
from canasta.persistence.session import Session
from canasta.persistence.settings import Settings
from canasta.persistence.stats import Stats
from canasta.persistence.store import Store


@pytest.fixture
def blocked(tmp_path, monkeypatch):
    """A home under a file: nothing can be read or written there until it is removed."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(HOME_ENV, str(blocker / "home"))
    return blocker


def lines(store: Store, language: str) -> list[str]:
    """The store's waiting lines, read in ``language``."""
    i18n.set_language(language)
    return [str(line) for line in store.take_notices()]


def test_the_settings_and_the_stats_agree_in_number(blocked) -> None:
    store = Store()
    assert not store.save_settings(Settings())
    assert not store.save_stats(Stats())
    why = f"{blocked} es un archivo donde debería haber una carpeta"
    spanish = lines(store, "es")
    assert spanish[0].startswith(f"No se pudieron guardar los ajustes: {why}. ")
    assert spanish[1].startswith(f"No se pudieron guardar tus estadísticas: {why}. ")
    blocked.unlink()  # the folder can be made now
    assert store.save_settings(Settings()) and store.save_stats(Stats())
    assert lines(store, "es") == [
        "Ya se pudieron guardar de nuevo los ajustes.",
        "Ya se pudieron guardar de nuevo tus estadísticas.",
    ]


def test_the_again_line_is_a_sentence_in_every_language(blocked) -> None:
    store = Store()
    assert not store.save_settings(Settings())
    store.take_notices()
    blocked.unlink()
    assert store.save_settings(Settings())
    [line] = store.take_notices()
    read = {}
    for language in ("en", "es", "pt_BR", "it", "de", "fr"):
        i18n.set_language(language)
        read[language] = str(line)
    assert read == {
        "en": "The settings could be saved again.",
        "es": "Ya se pudieron guardar de nuevo los ajustes.",
        "pt_BR": "Foi possível salvar as configurações novamente.",
        "it": "È stato di nuovo possibile salvare le impostazioni.",
        "de": "Die Einstellungen konnten wieder gespeichert werden.",  # was "Die ... konnte"
        "fr": "Les réglages ont pu être enregistrés de nouveau.",
    }


def test_the_game_stays_singular(blocked) -> None:
    store = Store()
    assert store.load_game() is None  # the saved game cannot be read
    [read] = lines(store, "es")
    assert read.startswith("No se pudo leer la partida guardada: ")
    session = Session(Store())
    session.new_game(seed=3)  # its save fails
    saving = lines(session.store, "es")[-1]
    assert saving == (
        f"No se pudo guardar la partida: {blocked} es un archivo donde debería haber una "
        "carpeta. El juego sigue; se vuelve a intentar guardar en cada turno."
    )


def test_two_files_unread_for_one_reason_read_as_plural(blocked) -> None:
    store = Store()
    store.load_settings()
    store.load_stats()
    why = f"{blocked} es un archivo donde debería haber una carpeta"
    assert lines(store, "es") == [
        f"No se pudieron leer tus ajustes y tus estadísticas: {why}. Por ahora se usan los "
        "valores predeterminados."
    ]
    store.load_settings()
    store.load_stats()
    i18n.set_language("de")
    assert str(store.take_notices()[0]).startswith(
        "Deine Einstellungen und deine Statistik konnten nicht gelesen werden: "
    )


def test_a_broken_stats_file_is_said_without_an_adjective_to_agree(canasta_home) -> None:
    stats = Store().paths.stats
    stats.parent.mkdir(parents=True)
    stats.write_text("{not json")
    store = Store()
    assert store.load_stats() == Stats()
    [line] = store.take_notices()
    i18n.set_language("it")
    assert str(line).startswith("Le tue statistiche: il file non si può usare (")
    i18n.set_language("fr")
    assert str(line).startswith("Vos statistiques\u00a0: le fichier est inutilisable (")
    i18n.set_language("de")
    assert "(der Text der Datei ist beschädigt oder abgeschnitten)" in str(line)
