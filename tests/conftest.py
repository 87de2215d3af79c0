"""Every test runs with ``CANASTA_HOME`` in a temporary folder, so no test reads or
writes the real settings, stats or saved game, and in English whatever the machine's
locale (a test that wants another language chooses it)."""

import pytest

from canasta import i18n
from canasta.persistence.paths import HOME_ENV


@pytest.fixture(autouse=True)
def canasta_home(tmp_path, monkeypatch):
    """The folder ``CANASTA_HOME`` points to for this test (config/ and data/ inside)."""
    home = tmp_path / "canasta-home"
    monkeypatch.setenv(HOME_ENV, str(home))
    return home


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """The system's language is English for the game, and English is spoken again after
    the test."""
    monkeypatch.setenv("LANGUAGE", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")
