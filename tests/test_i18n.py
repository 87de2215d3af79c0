"""The catalogue module: English until a language with a catalogue is chosen."""

from __future__ import annotations

from canasta import i18n


def test_a_language_without_a_catalogue_falls_back_to_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n.language() == "en"
    assert i18n._("Draw from the stock") == "Draw from the stock"
    assert i18n.ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "{n} card"
    assert i18n.N_("Meld") == "Meld"
