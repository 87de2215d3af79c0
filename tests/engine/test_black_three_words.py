"""A lone black three melded says the whole rule (play10): a new player who tried to meld
one black three read "Black threes are melded as three or four; you chose 1." and learnt
nothing of the rule that matters first, that they go down only when you go out."""

from __future__ import annotations

import pytest

from canasta import i18n
from canasta.engine import Code
from tests.engine.helpers import K7, pos


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("en", "Black threes are melded only when you go out, three or four together; "
               "you chose 1."),
        ("de", "Schwarze Dreien werden nur beim Ausgehen ausgelegt, zu dritt oder zu viert; "
               "du hast 1 gewählt."),
        ("es", "Los treses negros solo se bajan al cerrar, en grupos de tres o cuatro; "
               "elegiste 1."),
        ("fr", "Les trois noirs ne se posent qu'en sortant, par trois ou par quatre ; "
               "vous en avez choisi 1."),
        ("it", "I tre neri si calano solo quando chiudi, a tre o a quattro; ne hai scelti 1."),
        ("pt_BR", "Três pretos só são baixados quando você bate, em três ou quatro; "
                  "você escolheu 1."),
    ],
)  # fmt: skip
def test_one_black_three_is_refused_with_the_going_out_rule(code: str, words: str) -> None:
    state = pos([["3C", "5H", "6D"], ["4C"]], melds=[{"K": K7}, {}], phase="play")
    refusal = state.check(state.parse_move("meld 3C"))
    assert refusal is not None and refusal.code is Code.BLACK_THREE_COUNT
    assert refusal.details == {"count": 1}
    try:
        assert i18n.set_language(code) == code
        assert refusal.message() == words
    finally:
        i18n.set_language("en")
