"""The catalogue: every marked string extracted, every language's catalogue complete,
compiled and current, placeholders kept; the language chosen from the system's locale;
numbers written for the language."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from canasta import i18n
from canasta.engine import speech
from canasta.engine.card_words import move_words
from canasta.persistence.setting_rows import SCREEN_ORDER, describe

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "canasta" / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"{\w*}")


def read(path: Path):
    with path.open("rb") as file:
        return read_mo(file) if path.suffix == ".mo" else read_po(file)


def entries(catalog) -> dict[object, object]:
    """msgid (a tuple for plurals; "context\x04msgid" for a pgettext entry) -> msgstr,
    without the header."""
    return {
        tuple(m.id) if isinstance(m.id, list | tuple) else
            f"{m.context}\x04{m.id}" if m.context else m.id:
            tuple(m.string) if isinstance(m.string, list | tuple) else m.string
        for m in catalog if m.id
    }  # fmt: skip


def test_a_language_without_a_catalogue_falls_back_to_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n.language() == "en"
    assert i18n._("Draw from the stock") == "Draw from the stock"
    assert i18n.ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "{n} card"
    assert i18n.N_("Meld") == "Meld"
    assert speech.source() is None


def test_the_pot_holds_every_marked_string_of_the_source(tmp_path: Path) -> None:
    """What scripts/catalogue.sh extracts now is what canasta.pot holds (run the script
    after changing a player's words)."""
    fresh = tmp_path / "fresh.pot"
    CommandLineInterface().run([
        "pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "-k", "N_",
        "-k", "ngettext:1,2", "-k", "pgettext:1c,2", "-o", str(fresh), str(ROOT / "canasta"),
    ])  # fmt: skip
    assert set(entries(read(fresh))) == set(entries(read(LOCALE / "canasta.pot")))
    assert len(entries(read(fresh))) > 500


def marked_strings() -> set[object]:
    """Every string literal the source hands to ``_``, ``N_`` or ``ngettext`` (read from the
    syntax trees, so a mark the extractor would miss, such as one nested in another call,
    still counts)."""
    import ast

    found: set[object] = set()
    for path in sorted((ROOT / "canasta").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            args = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if node.func.id in ("_", "N_") and args and isinstance(args[0], str):
                found.add(args[0])
            elif node.func.id == "ngettext" and len(args) >= 2:
                found.add((args[0], args[1]))
    return found


def test_every_marked_string_is_in_the_pot() -> None:
    pot = set(entries(read(LOCALE / "canasta.pot")))
    missing = marked_strings() - pot
    assert missing == set()
    assert len(marked_strings()) > 500


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalogue_is_complete_compiled_and_keeps_the_placeholders(code: str) -> None:
    folder = LOCALE / code / "LC_MESSAGES"
    pot = entries(read(LOCALE / "canasta.pot"))
    po = entries(read(folder / "canasta.po"))
    mo = entries(read(folder / "canasta.mo"))
    assert set(pot) <= set(po), f"{code}.po lacks {sorted(map(str, set(pot) - set(po)))[:5]}"
    for msgid in pot:
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        strings = po[msgid] if isinstance(po[msgid], tuple) else (po[msgid],)
        assert all(strings), (code, msgid)  # translated, every plural form
        want = set(PLACEHOLDER.findall(ids[-1]))
        assert set(PLACEHOLDER.findall(ids[0])) <= want
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) == want, (code, msgid, text)
        assert mo.get(msgid) == po[msgid], f"{code}.mo is not compiled from {code}.po"


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("es", ("Roba del mazo", "Descarta 10\u2666")),
        ("pt_BR", ("Comprar do monte", "Descartar 10\u2666")),
        ("it", ("Pesca dal tallone", "Scarta 10\u2666")),
        ("de", ("Vom Talon ziehen", "10\u2666 abwerfen")),
        ("fr", ("Piocher", "D\u00e9fausser 10\u2666")),
    ],
)
def test_each_language_speaks_at_once_down_to_the_engine(code: str, words) -> None:
    from canasta.engine.moves import Move, MoveType

    assert i18n.set_language(code) == code and i18n.language() == code
    assert speech.source() == str(LOCALE / code / "LC_MESSAGES" / "canasta.mo")
    draw, discard = words
    assert move_words(Move(MoveType.DRAW)) == draw
    assert move_words(Move(MoveType.DISCARD, (22,))) == discard  # 10 of diamonds
    labels = {describe(field).label for field in SCREEN_ORDER}
    assert "Sound" not in labels and len(labels) == len(SCREEN_ORDER)
    assert dict(describe("language").choices)["de"] == "Deutsch"  # names never translated
    i18n.set_language("en")
    assert move_words(Move(MoveType.DRAW)) == "Draw from the stock"


@pytest.mark.parametrize(
    ("code", "thousands", "percent"),
    [("en", "1,250", "57%"), ("es", "1.250", "57\u00a0%"), ("pt_BR", "1.250", "57%"),
     ("it", "1.250", "57%"), ("de", "1.250", "57\u00a0%"), ("fr", "1\u202f250", "57\u00a0%")],
)  # fmt: skip
def test_numbers_are_written_for_the_language(code: str, thousands: str, percent: str) -> None:
    i18n.set_language(code)
    assert i18n.number(1250) == thousands
    assert i18n.number(-15) == "-15"
    assert i18n.percent(0.57) == percent


def test_times_are_written_for_the_language() -> None:
    assert i18n.date_time("2026-12-02T17:04:31").replace("\u202f", " ") == "12/2/26, 5:04 PM"
    i18n.set_language("de")
    assert i18n.date_time("2026-12-02T17:04:31") == "02.12.26, 17:04"
    assert i18n.date_time("not a time") == "not a time"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "pt_BR:pt:en"}, "pt_BR"),
        ({"LANGUAGE": "", "LC_ALL": "es_AR.UTF-8"}, "es"),  # any Spanish: Spanish
        ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "pt_PT.UTF-8"}, "pt_BR"),
        ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_CA"}, "fr"),
        ({"LANGUAGE": "", "LC_ALL": "C.UTF-8"}, "en"),
        ({"LANGUAGE": "nl_NL:it_IT"}, "it"),  # the first the game speaks
        ({"LANGUAGE": "ja_JP"}, "en"),
    ],
)
def test_the_system_language_comes_from_the_locale(monkeypatch, env, expected) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        if value:
            monkeypatch.setenv(name, value)
    assert i18n.system_language() == expected


def test_the_worker_process_speaks_the_windows_language() -> None:
    """The hard level's reason comes from a spawned process: it reads the catalogue the
    window uses (its path travels with each request). Fixed worlds and no time budget, so
    both answers are the same search whatever the machine's load."""
    from canasta.ai import HardPlayer
    from canasta.controller import DecisionWorker
    from canasta.engine import CLASSIC, Game
    from canasta.engine.view import make_view

    game = Game(CLASSIC, 7)
    view = make_view(game.hand, game.hand.turn)
    worker = DecisionWorker()
    try:
        i18n.set_language("de")
        german = worker.wait(
            worker.submit(HardPlayer(time_limit=None, worlds=8), view, advise=True)
        )
        i18n.set_language("en")
        english = worker.wait(
            worker.submit(HardPlayer(time_limit=None, worlds=8), view, advise=True)
        )
    finally:
        worker.close()
    assert german.move == english.move
    assert german.reason != english.reason and german.reason.endswith(".")
    po = entries(read(LOCALE / "de" / "LC_MESSAGES" / "canasta.po"))
    starts = {text.split("{")[0][:10] for text in po.values() if isinstance(text, str)}
    assert any(german.reason.startswith(start) for start in starts if start), german.reason


def test_the_command_line_gives_refusals_in_a_language(tmp_path: Path, capsys) -> None:
    from canasta.cli import main

    path = tmp_path / "p.json"
    path.write_text('{"hands": [["7H", "7D", "KS"], ["5C"]], "phase": "play", "turn": 0}')
    assert main(["position", str(path), "--play", "meld 7H 7D", "--language", "it"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("refused (meld_too_small): ") and "2" in out and "3" in out
    assert "A meld needs" not in out
    assert main(["position", str(path), "--play", "meld 7H 7D"]) == 1
    assert "A meld needs at least 3 cards; you chose 2." in capsys.readouterr().out
    assert sys.modules["canasta.i18n"].language() == "en"


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_abandon_answer_never_reads_like_cancel_or_keep_playing(code: str) -> None:
    """German "Abandon it" was "Abbrechen", which is also Cancel, and a
    player who meant Cancel lost a game. In every language the answer that abandons differs
    from every answer that keeps things as they are, and does not begin with one."""
    try:
        assert i18n.set_language(code) == code
        abandon = i18n._("Abandon it").casefold()
        keeps = {i18n._(word).casefold() for word in ("Cancel", "Keep playing", "No", "Back")}
        assert abandon not in keeps
        assert not any(abandon.startswith(keep) or keep.startswith(abandon) for keep in keeps)
        if code == "de":
            assert i18n._("Abandon it") == "Spiel aufgeben"
            assert i18n._("Cancel") == "Abbrechen"
            assert i18n._("Keep playing") == "Weiterspielen"
    finally:
        i18n.set_language("en")
