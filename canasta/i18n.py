"""The one catalogue every word a player reads comes from (gettext), and numbers written
the way each language writes them (Babel).

Mark a string with :func:`_` where it is shown, or with :func:`N_` where it is written
down before a language is chosen (a module-level table) and pass it through :func:`_` when
it is shown. :func:`set_language` switches the whole game at once; until it is called the
game speaks English (the source language of the catalogue).

The compiled catalogues live in ``canasta/locale/<code>/LC_MESSAGES/canasta.mo`` (built by
``pybabel compile``, see docs/contributing.md#adding-a-message); a language without one
falls back to English. The translation in use is held by :mod:`canasta.engine.speech`, so
the engine, the computer players and the controller speak the same language without
importing this module.
"""

from __future__ import annotations

import decimal
import functools
import gettext
import locale
import os
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.dates import format_datetime
from babel.lists import format_list as babel_list
from babel.numbers import format_decimal, format_percent

from .engine import speech
from .engine.speech import N_, _, format_list, ngettext, pgettext

#: The gettext domain of the game's catalogue.
DOMAIN = "canasta"
#: Where the compiled catalogues are.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: The languages the game speaks: code -> the language's name in itself (the Language
#: setting's choices, never translated: a player finds their own language by its name).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
    "it": "Italiano",
    "de": "Deutsch",
    "fr": "Français",
}

_language = "en"


def set_language(code: str) -> str:
    """Speak ``code`` (a language code such as "es" or "pt_BR") from now on.

    Returns:
        the code in use: ``code`` if its catalogue exists, else "en" (English, the
        catalogue's source language, needs none).
    """
    global _language
    if code != "en":
        try:
            found = gettext.find(DOMAIN, LOCALE_DIR, languages=[code])
            if found is None:
                raise OSError(f"no catalogue for {code!r}")
            speech.use(gettext.translation(DOMAIN, LOCALE_DIR, languages=[code]), found)
            _language = code
            speech.use_lister(_babel_list)
            return _language
        except OSError:
            pass
    speech.use(gettext.NullTranslations())
    _language = "en"
    speech.use_lister(_babel_list)
    return _language


def _babel_list(items: Sequence[str]) -> str:
    """``items`` as a list in the language in use (Babel's list patterns)."""
    return babel_list(list(items), locale=_locale())


@functools.cache
def _catalogue(code: str) -> gettext.NullTranslations:
    """The translation of language ``code`` (English's, none, for a code without a
    compiled catalogue)."""
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except OSError:
        return gettext.NullTranslations()


def in_every_language(message: str) -> list[str]:
    """``message`` (English, the catalogue's key) in each language of :data:`LANGUAGES`,
    in that order, whichever is in use: what a screen measures so that its layout stays
    put when the player switches language."""
    return [_catalogue(code).gettext(message) for code in LANGUAGES]


def language() -> str:
    """The code of the language in use ("en" until :func:`set_language` picks another)."""
    return _language


def match_language(tag: str | None) -> str:
    """The game's language for a locale tag such as "de_AT.UTF-8", "pt-BR" or "es_AR"
    ("en" when the game does not speak it). Portuguese of any country reads pt_BR."""
    if not tag:
        return "en"
    base = tag.split(".")[0].split("@")[0].replace("-", "_")
    if base in LANGUAGES:
        return base
    lang = base.split("_")[0].lower()
    if lang == "pt":
        return "pt_BR"
    return lang if lang in LANGUAGES else "en"


def system_language() -> str:
    """The game's language for the system's locale: ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` (first set wins, as gettext reads them), else the locale
    Python reports (Windows, macOS); "en" when none names a language the game speaks."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            for part in value.split(":"):
                if part and part not in ("C", "POSIX") and match_language(part) != "en":
                    return match_language(part)
            return match_language(value.split(":")[0])
    try:
        found = locale.getlocale()[0]
    except ValueError:  # pragma: no cover - a malformed locale setting
        found = None
    return match_language(found)


def _locale() -> Locale:
    """Babel's locale data for the language in use (English's for a code it lacks)."""
    try:
        return Locale.parse(_language)
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


#: Digits Babel may work to when a number is beyond the decimal module's default of 28
#: (a damaged file's count, say): more than any whole number Python reads from text.
WIDE_DIGITS = 5000


def _wide(write: Any, value: int | float) -> str:
    """``write(value)`` for the language in use, at :data:`WIDE_DIGITS` digits when the
    default precision is too few (Babel raised ``decimal.InvalidOperation`` for 10**27
    and beyond, which stopped the screen showing it)."""
    try:
        return str(write(value, locale=_locale()))
    except decimal.InvalidOperation:
        with decimal.localcontext() as context:
            context.prec = WIDE_DIGITS
            return str(write(value, locale=_locale()))


def number(value: int | float) -> str:
    """``value`` written for the language in use: 1,250 in English, 1.250 in German,
    Spanish, Italian and Portuguese, 1 250 in French (Babel's locale data)."""
    return _wide(format_decimal, value)


def percent(fraction: float) -> str:
    """``fraction`` (0.0 .. 1.0) as a whole percentage for the language in use: "57%" in
    English, "57 %" in German and French."""
    return _wide(format_percent, fraction)


def date_time(text: str) -> str:
    """A local time written ``YYYY-MM-DDTHH:MM[:SS]`` (the records' form) in the language's
    short form: "12/2/26, 5:04 PM" in English, "02.12.26, 17:04" in German; ``text`` as
    it is when it is not such a time."""
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return text
    return format_datetime(when, "short", locale=_locale())


class Later:
    """Words put in the language in use each time they are read (``str()``), not when they
    are written down: a line kept for a while (a file's notice on the banner or the home
    screen) reads in the new language after the player changes it.

    Args:
        msgid: the catalogue's text, marked with :func:`N_` where it is written, with
            ``{name}`` fields.
        capital: the first letter made upper case after the fields are filled in.
        fields: the fields' values: words (a ``Later``, read in the language in use too),
            a list or tuple of them (read joined by ", "), or anything else (a number, a
            path), put in as ``str.format`` would.
    """

    __slots__ = ("capital", "fields", "msgid")

    def __init__(self, msgid: str, /, *, capital: bool = False, **fields: object) -> None:
        self.msgid = msgid
        self.capital = capital
        self.fields = fields

    def __str__(self) -> str:
        values = {
            key: ", ".join(str(v) for v in value) if isinstance(value, list | tuple) else value
            for key, value in self.fields.items()
        }
        text = _(self.msgid).format(**values) if values else _(self.msgid)
        return text[:1].upper() + text[1:] if self.capital else text

    def __repr__(self) -> str:
        return f"Later({self.msgid!r}, {self.fields!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Later):
            return NotImplemented
        return (self.msgid, self.capital, self.fields) == (other.msgid, other.capital, other.fields)

    def __hash__(self) -> int:
        return hash((self.msgid, self.capital))


#: A line for the player: words fixed in one language, or words read in the language in use.
Words = str | Later


__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "Later",
    "Words",
    "N_",
    "_",
    "date_time",
    "format_list",
    "language",
    "match_language",
    "ngettext",
    "number",
    "percent",
    "pgettext",
    "set_language",
    "system_language",
]
