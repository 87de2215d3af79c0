"""Each of the game's terms is translated one way per language (docs/glossary.md): every
message whose English uses a term uses the glossary's word for it in each translation
(in any of its forms), and the glossary lists every term checked here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from canasta import i18n

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "canasta" / "locale"
#: Every language the game speaks but English: each a column of docs/glossary.md.
LANGUAGES = tuple(code for code in i18n.LANGUAGES if code != "en")

#: term -> (where the English uses it, {language: the glossary word's forms}). The forms
#: are regular expressions matched anywhere, case-insensitively: a stem with its
#: inflections ("baj" for bajada, bajadas, baja), a separable German verb ("leg … aus").
TERMS: dict[str, tuple[str, dict[str, str]]] = {
    "stock": (
        r"\bstock\b",
        {"de": "talon", "es": "mazo", "fr": "pioch", "it": "tallon", "pt_BR": "monte"},
    ),
    "discard pile (the pile)": (
        r"\bpile\b",
        {
            "de": "ablagestapel|stapel|aufnehm",
            "es": "pozo",
            "fr": "défausse",
            "it": "pozz",
            "pt_BR": "lixo",
        },
    ),
    "meld": (
        r"\bmeld",
        {
            "de": r"meldung|ausleg|ausgeleg|\bleg\w*\b.*\baus\b|anleg",
            "es": "baj",
            "fr": "pos",
            "it": "cal",
            "pt_BR": "jogo|baix",
        },
    ),
    "lay off": (
        r"\blay(s)? off|laid off|laying off",
        {
            "de": r"anleg|angeleg|\bleg\w*\b.*\ban\b",
            "es": "añad",
            "fr": "compl",
            "it": "attacc",
            "pt_BR": "encaix",
        },
    ),
    "canasta": (
        r"(?-i:\bcanasta)",
        {"de": "canasta", "es": "canasta", "fr": "canasta", "it": "canast", "pt_BR": "canastra"},
    ),
    "wild card": (
        r"\bwild card",
        {"de": "wild", "es": "comod", "fr": "frime", "it": "matt", "pt_BR": "coring"},
    ),
    # "the red threes are 3♥ and 3♦, the black ones 3♣ and 3♠": the colour may stand alone.
    "red three": (
        r"\bred (three|3)",
        {"de": "rot", "es": "roj", "fr": "rouge", "it": "ross", "pt_BR": "vermelh"},
    ),
    "black three": (
        r"\bblack (three|3)",
        {"de": "schwarz", "es": "negr", "fr": "noir", "it": "ner[oi]", "pt_BR": "pret"},
    ),
    "frozen (pile)": (
        r"\bfrozen|\bfreez",
        {"de": "fr[io]e?r", "es": "congel", "fr": "g[eè]l", "it": "congel", "pt_BR": "congel"},
    ),
    "go out": (
        r"\bgo(es|ing)? out\b|\bwent out\b",
        {
            "de": r"ausgeh|ausgegangen|\bgeh\w*\b.*\baus\b|\bging\w*\b.*\baus\b",
            "es": "cerr|cierr",
            "fr": "sort",
            "it": "chiu",
            "pt_BR": "bat",
        },
    ),
    "partner": (
        r"\bpartner\b|\bpartner's",
        {
            "de": "partner",
            "es": "compañer",
            "fr": "partenaire",
            "it": "compagn",
            "pt_BR": "parceir",
        },
    ),
    "computer (player)": (
        r"\bcomputer\b",
        {
            "de": "computer",
            "es": "computadora",
            "fr": "ordinateur",
            "it": "computer",
            "pt_BR": "computador",
        },
    ),
    "hint": (
        r"\bhint",
        {"de": "tipp", "es": "pista", "fr": "indice", "it": "consigl", "pt_BR": "dica"},
    ),
    "reset (the turn)": (
        r"\breset",
        {"de": "zurück", "es": "reinici", "fr": "recommen", "it": "ricomin", "pt_BR": "reinici"},
    ),
}


def entries(language: str):
    """(context, English, [translations]) of every message of ``language``'s catalogue,
    the placeholders taken out of the English (``{hint}`` is no hint)."""
    with (LOCALE / language / "LC_MESSAGES" / "canasta.po").open("rb") as file:
        catalogue = read_po(file)
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        yield message.context, re.sub(r"{\w+}", "", ids[0]), [s for s in strings if s]


def glossary() -> dict[str, dict[str, str]]:
    """docs/glossary.md's table: English term -> {language code: its word}, each column
    found by the language's own name in the header (``Deutsch``, as ``i18n.LANGUAGES``)."""
    codes = {name: code for code, name in i18n.LANGUAGES.items()}
    header: list[str] | None = None  # None between tables; [] in a table of another kind
    rows = {}
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if header is None:
            header = [codes.get(n, n) for n in cells[1:]] if cells[0] == "English" else []
        elif header and set(cells[0]) != {"-"}:
            rows[cells[0]] = dict(zip(header, cells[1:], strict=True))
    return rows


def test_the_glossary_names_every_term_in_every_language() -> None:
    table = glossary()
    for term, (_english, forms) in TERMS.items():
        assert set(forms) == set(LANGUAGES), f"{term}: TERMS lacks a language's forms"
        assert term in table, f"{term}: not in docs/glossary.md"
        assert set(table[term]) == set(LANGUAGES), f"{term}: docs/glossary.md's columns"
        for language, word in table[term].items():
            assert re.search(forms[language], word, re.I), (term, language, word)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_uses_the_glossarys_word(language: str) -> None:
    found = []
    for context, english, translations in entries(language):
        if "stat" in english.lower() or english == "Reset" and context is None:
            continue  # the Stats screen's Reset: another sense (erase the figures)
        for term, (pattern, forms) in TERMS.items():
            if re.search(pattern, english, re.I):
                wrong = [t for t in translations if not re.search(forms[language], t, re.I)]
                found += [f"{term}: {english[:70]!r} -> {text[:90]!r}" for text in wrong]
    assert found == []


def test_spanish_says_computadora_and_reiniciar_only() -> None:
    """The Spanish review: "máquina" and "ordenador" beside "computadora", "Deshacer"
    beside "Reiniciar" for the turn's reset."""
    words = " ".join(t for _c, _e, ts in entries("es") for t in ts).lower()
    assert "máquina" not in words and "ordenador" not in words
    assert "deshacer" not in words.replace("no se puede deshacer", "")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_piles_are_named_as_the_stock_and_the_discard_pile(language: str) -> None:
    """ "The piles" are the stock and the discard pile: a translation names both with the
    glossary's words, never the stock's word in the plural (Portuguese "os montes" reads
    as several stocks)."""
    stock = TERMS["stock"][1][language]
    pile = TERMS["discard pile (the pile)"][1][language]
    said = [
        text
        for _context, english, translations in entries(language)
        if re.search(r"\bpiles\b", english, re.I)
        for text in translations
    ]
    assert said
    for text in said:
        assert re.search(stock, text, re.I) and re.search(pile, text, re.I), text
