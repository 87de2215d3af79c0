"""Every test runs with ``CANASTA_HOME`` in a temporary folder, so no test reads or
writes the real settings, stats or saved game, and in English whatever the machine's
locale (a test that wants another language chooses it); online deals in this process
come from a fixed sequence of seeds, so a test plays the same cards every run."""

import hashlib
import itertools

import pytest

import canasta.engine.game as game_module
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


@pytest.fixture(autouse=True)
def _fixed_deal_seeds(request, monkeypatch):
    """Online games deal every hand from a seed of the system's randomness; here from
    SHA-256 of the test's name and a count, the same every run (a test that checks the
    real source calls ``canasta.engine.fair.new_seed`` itself)."""
    count = itertools.count()
    name = request.node.nodeid.encode()
    monkeypatch.setattr(
        game_module, "new_seed", lambda: hashlib.sha256(name + bytes([next(count) % 256])).digest()
    )
