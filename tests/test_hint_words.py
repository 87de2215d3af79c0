"""A hint's reason reads as plain words a player knows:
the gain is the points more for the player's side than the usual play, with a space
before it, and no line names the search ("tried over likely hands")."""

from __future__ import annotations

from canasta import i18n
from canasta.ai.reasons import answer_reason, describe, discard_reason, gain_words, plan_reason
from canasta.engine.cards import CARD_CODE
from canasta.engine.moves import Move, MoveType, discard, draw, meld, take
from canasta.engine.position import state_from_data
from canasta.engine.view import SeatView

#: Seat 0 holds three Aces, a pair of Fives and odd cards; the pile's top card is a 5.
DATA = {
    "rules": {"players": 2},
    "hands": [["AS", "AH", "AD", "5C", "5D", "4H", "9C", "2C", "3S"], ["7C", "8C"]],
    "melds": [{"K": ["KS", "KH", "KD"]}, {}],
    "opened": [True, False],
    "pile": ["8H", "JD", "5H"],
    "turn": 0,
    "phase": "draw",
    "side_scores": [0, 0],
}


def seat0(phase: str = "play") -> tuple[SeatView, dict[str, int]]:
    state = state_from_data({**DATA, "phase": phase})
    return state.view_for(0), {CARD_CODE[c]: c for c in state.hands[0]}


def test_the_gain_names_what_it_is_measured_against() -> None:
    view, by_code = seat0()
    aces = meld(by_code["AS"], by_code["AH"], by_code["AD"])
    line = plan_reason(view, [aces, discard(by_code["4H"])], "meld", 12.4)
    assert line == (
        "Meld A\u2660 A\u2665 A\u2666, then discard 4\u2665: the card least likely to give them"
        " the pile (about 12 points more for your side than the usual play)."
    )
    assert gain_words(0.9) == ""
    assert gain_words(1.2) == " (about 1 point more for your side than the usual play)"


def test_the_draw_and_take_lines_give_the_piles_size_in_plain_words() -> None:
    view, by_code = seat0("draw")
    assert any(m.type is MoveType.TAKE for m in view.legal_moves)
    assert plan_reason(view, [draw()], "default", 0.0) == (
        "Draw from the stock: the pile (3 cards) costs more than it brings."
    )
    pair = take(by_code["5C"], by_code["5D"])
    assert plan_reason(view, [pair], "alt", 30.0) == (
        "Take the pile (3 cards) with 5\u2663 5\u2666"
        " (about 30 points more for your side than the usual play)."
    )
    assert plan_reason(view, [Move(MoveType.DECLINE)], "alt", 0.0) == (
        "Leave the pile (3 cards) and let the hand end: taking it scores less."
    )
    lone = state_from_data({**DATA, "pile": ["5H"]}).view_for(0)
    assert plan_reason(lone, [Move(MoveType.DECLINE)], "alt", 0.0) == (
        "Leave the pile (1 card) and let the hand end: taking it scores less."
    )


def test_the_plan_lines_say_what_a_card_player_would() -> None:
    view, by_code = seat0()
    nine = discard(by_code["9C"])
    assert plan_reason(view, [nine], "build", 5.0) == (
        "Discard 9\u2663: don't go out yet, another canasta is close"
        " (about 5 points more for your side than the usual play)."
    )
    assert plan_reason(view, [nine], "hold", 0.0) == (
        "Discard 9\u2663: keep your pairs in hand, they let you take the pile later."
    )
    assert plan_reason(view, [nine], "out", 0.0) == (
        "Discard 9\u2663: you go out for the bonus, and their cards in hand count against them."
    )
    assert plan_reason(view, [nine], "discard", 0.0) == (
        "Discard 9\u2663: from what they probably hold, this works out best."
    )
    assert plan_reason(view, [nine], "default", 0.0) == (
        "Discard 9\u2663: the card least likely to give them the pile."
    )
    assert discard_reason(discard(by_code["2C"]), "", searched=True) == (
        "Discard 2\u2663 to freeze the pile: then only a natural pair takes it."
    )
    assert discard_reason(discard(by_code["3S"]), "", searched=False) == (
        "Discard 3\u2660: a black three blocks the pile for one turn."
    )


def test_a_wild_discard_onto_a_frozen_pile_does_not_claim_to_freeze_it() -> None:
    """Classic: a wild card in the pile freezes it for everyone; discarding another adds no
    freeze, it only blocks the pile for the next player (a wild card on top is never
    taken). Rows 10 and 12: the same at a table where the pile is always frozen."""
    plain, by_code = seat0()
    two = by_code["2C"]
    assert plain.pile_freezers == 0 and not plain.rules.pile_always_frozen
    assert plan_reason(plain, [discard(two)], "discard", 0.0) == (
        "Discard 2\u2663 to freeze the pile: then only a natural pair takes it."
    )
    already = "Discard 2\u2663: the pile is frozen already, and a wild card on top blocks it " \
        "for one turn."  # fmt: skip
    pile = ["8H", "JK", "JD", "5H"]  # a joker buried crosswise
    buried = state_from_data({**DATA, "phase": "play", "pile": pile}).view_for(0)
    assert buried.pile_freezers == 1
    assert plan_reason(buried, [discard(two)], "discard", 0.0) == already
    always = state_from_data({**DATA, "phase": "play",
                              "rules": {"players": 2, "pile_always_frozen": True}})  # fmt: skip
    assert always.view_for(0).pile_freezers == 0
    assert plan_reason(always.view_for(0), [discard(two)], "default", 0.0) == already
    # A natural card onto a frozen pile keeps its own reason.
    assert plan_reason(buried, [discard(by_code["9C"])], "default", 0.0) == (
        "Discard 9\u2663: the card least likely to give them the pile."
    )
    assert discard_reason(discard(two), "", searched=False, frozen=True) == already


def test_the_lines_without_a_search() -> None:
    assert answer_reason(Move(MoveType.YES)) == (
        "Say yes: your side does well if the hand ends now."
    )
    assert answer_reason(Move(MoveType.NO)) == (
        "Say no: on your next turn you can finish a canasta or meld many points."
    )
    assert describe(draw()) == "Draw from the stock: you can't take the pile."
    assert describe(Move(MoveType.DECLINE)) == (
        "Leave the pile: the stock is empty, so the hand ends now."
    )
    assert describe(Move(MoveType.ASK)) == "Ask your partner: you can go out."


def test_the_reasons_read_in_the_players_language() -> None:
    view, by_code = seat0("draw")
    i18n.set_language("de")
    assert plan_reason(view, [draw()], "default", 0.0) == (
        "Zieh vom Talon: Der Ablagestapel (3 Karten) kostet mehr, als er bringt."
    )
    assert plan_reason(view, [discard(by_code["9C"])], "discard", 0.0) == (
        "Wirf 9\u2663 ab: Nach dem, was die Gegner wahrscheinlich halten, ist dieser Abwurf am"
        " besten."
    )


def test_the_gain_reads_in_a_card_players_words_in_every_language() -> None:
    """A reason such as "better than a cautious player's move" names the engine's own
    comparison. The gain now says whose points and against what, in each language."""
    expected = {
        "en": " (about 33 points more for your side than the usual play)",
        "es": " (unos 33 puntos más para tu equipo que la jugada habitual)",
        "pt_BR": " (cerca de 33 pontos a mais para o seu lado que a jogada habitual)",
        "it": " (circa 33 punti in più per la tua squadra rispetto alla giocata abituale)",
        "de": " (etwa 33 Punkte mehr für deine Partei als der übliche Zug)",
        "fr": " (environ 33 points de plus pour votre camp que le coup habituel)",
    }
    try:
        for language, words in expected.items():
            i18n.set_language(language)
            assert gain_words(32.6) == words, language
    finally:
        i18n.set_language("en")
    assert gain_words(1.4) == " (about 1 point more for your side than the usual play)"
