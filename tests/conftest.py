"""Every test runs with ``CANASTA_HOME`` in a temporary folder, so no test reads or
writes the real settings, stats or saved game."""

import pytest

from canasta.persistence.paths import HOME_ENV


@pytest.fixture(autouse=True)
def canasta_home(tmp_path, monkeypatch):
    """The folder ``CANASTA_HOME`` points to for this test (config/ and data/ inside)."""
    home = tmp_path / "canasta-home"
    monkeypatch.setenv(HOME_ENV, str(home))
    return home
