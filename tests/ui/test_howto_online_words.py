"""The How to play page on playing online says what taking over a computer's chair does
since a newcomer during a hand sits in from the next deal: at once between hands, from
the next deal during one (the computer plays on), and at once for the chair's own player;
and a join code's length, if it says one, is the server's. In every language, from the
catalogue."""

from __future__ import annotations

import re

import pytest

from canasta import i18n
from canasta.engine.speech import _
from canasta.net.protocol import CODE_LENGTH
from canasta.scenes.howto_pages import ONLINE_PAGES

PAGE = ONLINE_PAGES[0]

#: Each language's words for the new sentence (the "next deal" words as the chair map's
#: "{name} from the next deal" says them, and "at once").
SAID = {
    "en": ("can be taken over the same way: between hands at once, during a hand from the "
           "next deal (the computer plays on until then). Its own player takes it back at "
           "once."),
    "de": ("genauso übernehmen: zwischen den Runden sofort, während einer Runde ab dem "
           "nächsten Geben (bis dahin spielt der Computer weiter). Sein eigener Spieler "
           "bekommt ihn sofort zurück."),
    "es": ("del mismo modo: entre manos, en el acto; durante una mano, desde el próximo "
           "reparto (hasta entonces la sigue jugando la computadora). Su propio jugador la "
           "recupera en el acto."),
    "fr": ("de la même façon : tout de suite entre deux donnes ; pendant une donne, à partir "
           "de la suivante (l'ordinateur la joue jusque-là). Son propre joueur la reprend "
           "tout de suite."),
    "it": ("allo stesso modo: tra una mano e l'altra subito, durante una mano dalla prossima "
           "smazzata (fino ad allora la gioca il computer). Il suo giocatore la riprende "
           "subito."),
    "pt_BR": ("do mesmo jeito: entre mãos, na hora; durante uma mão, a partir da próxima "
              "distribuição (até lá o computador continua jogando). O próprio jogador dela a "
              "retoma na hora."),
}  # fmt: skip


@pytest.mark.parametrize("language", sorted(SAID))
def test_the_online_page_says_a_newcomer_sits_in_from_the_next_deal(language: str) -> None:
    i18n.set_language(language)
    text = _(PAGE.text)
    assert text.endswith(SAID[language])
    assert text.count("\n") == PAGE.text.count("\n") == 2  # the same three paragraphs
    next_deal = _("{name} from the next deal").format(name="").strip()
    assert next_deal.split()[-1] in text  # the chair map's word for the deal


def test_the_english_page_no_longer_says_the_chair_is_simply_taken_over() -> None:
    assert not PAGE.text.endswith("can be taken over the same way.")
    assert "Its own player takes it back at once." in PAGE.text


#: The word each language uses when it counts a code's characters.
CHARACTER_WORDS = {
    "en": "character",
    "de": "stellig",
    "es": "caracteres",
    "fr": "caractères",
    "it": "caratteri",
    "pt_BR": "caracteres",
}


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_a_join_code_length_said_is_the_servers(code: str) -> None:
    """The online pages name the join code with the lobby's word for it; a sentence of
    them that counts its characters names the length the server's codes have, as a
    figure, and none names another."""
    try:
        assert i18n.set_language(code) == code
        text = " ".join(i18n._(page.text) for page in ONLINE_PAGES)
        assert i18n._("Join code").casefold() in text.casefold()
        word = CHARACTER_WORDS[code]
        counting = [s for s in re.split(r"(?<=[.:;!?])\s", text) if word in s.casefold()]
        for sentence in counting:
            assert str(CODE_LENGTH) in sentence, sentence
    finally:
        i18n.set_language("en")
