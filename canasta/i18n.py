"""The one catalogue every word a player reads comes from (gettext).

Mark a string with :func:`_` where it is shown, or with :func:`N_` where it is written
down before a language is chosen (a module-level table) and pass it through :func:`_` when
it is shown. :func:`set_language` switches the whole game at once; until it is called the
game speaks English (the source language of the catalogue).

The compiled catalogues live in ``canasta/locale/<code>/LC_MESSAGES/canasta.mo``; a
language without one falls back to English.
"""

from __future__ import annotations

import gettext
from pathlib import Path

#: The gettext domain of the game's catalogue.
DOMAIN = "canasta"
#: Where the compiled catalogues are.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(code: str) -> str:
    """Speak ``code`` (a language code such as "es" or "pt_BR") from now on.

    Returns:
        the code in use: ``code`` if its catalogue exists, else "en" (English, the
        catalogue's source language, needs none).
    """
    global _translation, _language
    try:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
        _language = code
    except OSError:
        _translation = gettext.NullTranslations()
        _language = "en"
    return _language


def language() -> str:
    """The code of the language in use ("en" until :func:`set_language` picks another)."""
    return _language


def _(message: str) -> str:
    """``message`` (English, the catalogue's key) in the language in use."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` in the language in use."""
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet (module-level tables)."""
    return message
