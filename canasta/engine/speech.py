"""The catalogue's translation in use, for every layer (standard library only).

The engine, the computer players and the controller build sentences a player reads (refusal
messages, card and move names, hints and the computer's reasons) but may import nothing
above the engine; so the translation in use lives here, and :mod:`canasta.i18n` (which
finds the compiled catalogues and chooses the language) installs it with :func:`use`.
Until then every function returns the English message (the catalogue's key).

``_`` translates where a sentence is shown; ``N_`` only marks a message for extraction in a
table written before a language is chosen, which is translated with ``_`` when shown.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence


def _english_list(items: Sequence[str]) -> str:
    """``items`` joined as English writes a list: "a", "a and b", "a, b, and c"."""
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


_translation: gettext.NullTranslations = gettext.NullTranslations()
_source: str | None = None
_lister: Callable[[Sequence[str]], str] = _english_list


def use(translation: gettext.NullTranslations, source: str | None = None) -> None:
    """Make ``translation`` the one every ``_`` call reads from now on; ``source`` is the
    compiled catalogue (``.mo``) it was read from (None: English, no catalogue)."""
    global _translation, _source
    _translation = translation
    _source = source


def source() -> str | None:
    """The compiled catalogue in use (a ``.mo`` file's path), or None for English: what
    another process (the computer players' worker) reads to speak the same language."""
    return _source


def use_source(path: str | None) -> None:
    """Speak the language of the catalogue at ``path`` (None: English), unless it is the
    one in use already.

    Raises:
        OSError: if the file cannot be read.
    """
    if path == _source:
        return
    if path is None:
        use(gettext.NullTranslations())
        return
    with open(path, "rb") as file:
        use(gettext.GNUTranslations(file), path)


def _(message: str) -> str:
    """``message`` (English, the catalogue's key) in the language in use."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` in the language in use."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, told apart from the same English words used in
    another sense by ``context`` (e.g. "On" of a setting vs "On" a meld)."""
    return _translation.pgettext(context, message)


def use_lister(lister: Callable[[Sequence[str]], str] | None) -> None:
    """Join lists with ``lister`` from now on (:mod:`canasta.i18n` installs Babel's list
    patterns of the language in use; None: English's)."""
    global _lister
    _lister = lister or _english_list


def format_list(items: Sequence[str]) -> str:
    """``items`` joined as the language in use writes a list ("8♥, 9♣ y K♦" in Spanish,
    "8♥, 9♣ und K♦" in German): never joined by hand, so no language gets another's
    commas."""
    return _lister(list(items))


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (module-level tables)."""
    return message


__all__ = ["N_", "_", "ngettext", "pgettext", "source", "use", "use_source"]
