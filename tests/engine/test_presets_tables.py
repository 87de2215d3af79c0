"""The rules where Draw-two partnership (table 003) and Play-off on ties (table 004) differ
from Classic (docs/rules.md#presets), each shown on a position under the preset and under
Classic."""

from __future__ import annotations

from canasta.engine import PRESETS, Code, EndReason, Game, Phase
from canasta.engine.cards import KING

from .helpers import K7, hand, legal, pos, refused
from .test_presets import at, four

D2 = "Draw-two partnership"
PO = "Play-off on ties"
KINGS = [{"K": ["KS", "KH", "KD"]}, {}]
EIGHTS = ["8C", "8D", "8H", "8S", "8C", "8D", "2C"]


# Draw-two partnership (table 003) -----------------------------------------------------------


# docs/rules.md#drawing
def test_draw_two_partnership_draws_two_with_four_players() -> None:
    state = at(D2, four(["9C"]), stock_top=["5S", "6S"])
    legal(state, "draw")
    assert hand(state, 0) == ["5S", "6S", "9C"]
    classic = pos(four(["9C"]), stock_top=["5S", "6S"])
    legal(classic, "draw")
    assert hand(classic, 0) == ["5S", "9C"]


# docs/rules.md#melds
def test_draw_two_partnership_has_no_cap_of_three_wild_cards() -> None:
    cards = ["7H", "7D", "7C", "7S", "2C", "2D", "JK", "JK"]
    state = at(D2, four([*cards, "9S", "9D"]), melds=KINGS, phase="play")
    legal(state, "meld " + " ".join(cards))
    assert state.mwild[0][3] == 4  # kind 3 is the sevens
    classic = pos(four([*cards, "9S", "9D"]), melds=KINGS, phase="play")
    refused(classic, "meld " + " ".join(cards), Code.WILD_CAP, cap=3, wilds=4)


# docs/rules.md#taking-the-pile
def test_draw_two_partnership_takes_with_a_pair_or_a_card_onto_the_meld() -> None:
    hands = four(["7H", "2C", "9S", "9D", "KC", "5D"])
    state = at(D2, hands, pile=["5S", "7C"], melds=KINGS)
    refused(state, "take 7H 2C", Code.PILE_NEEDS_PAIR_OR_NATURAL, rank="7s")
    refusal = state.check(state.parse_move("take 7H 2C"))
    assert refusal is not None and "also needs a natural 7s from your hand" in refusal.message()
    state = at(D2, hands, pile=["5S", "KD"], melds=KINGS)
    refused(state, "take", Code.PILE_NEEDS_NATURAL, rank="Kings")
    takes = [m.text() for m in state.legal_moves() if m.type.value == "take"]
    assert "take KC" in takes and "take" not in takes
    legal(state, "take KC")
    assert state.msize[0][KING] == 5
    classic = pos(hands, pile=["5S", "KD"], melds=KINGS)
    legal(classic, "take")
    assert classic.msize[0][KING] == 4


# docs/rules.md#red-threes
def test_draw_two_partnership_red_threes_cost_100_each_without_a_meld() -> None:
    threes = [[], ["3H", "3D", "3H", "3D"]]
    state = at(D2, four(["9C"]), melds=KINGS, red_threes=threes)
    assert state.score().sides[1].red_three_points == -400
    classic = pos(four(["9C"]), melds=KINGS, red_threes=threes)
    assert classic.score().sides[1].red_three_points == -800
    # With a meld, all four still earn 800.
    state = at(D2, four(["9C"]), melds=[{}, {"K": ["KS", "KH", "KD"]}], red_threes=threes)
    assert state.score().sides[1].red_three_points == 800


# docs/rules.md#black-threes
def test_draw_two_partnership_black_threes_only_as_the_last_play() -> None:
    melds = [{"K": K7}, {}]
    state = at(D2, four(["3C", "3S", "3C", "9D"]), melds=melds, phase="play")
    refused(state, "meld 3C 3S 3C", Code.BLACK_THREE_LAST)
    classic = pos(four(["3C", "3S", "3C", "9D"]), melds=melds, phase="play")
    legal(classic, "meld 3C 3S 3C")
    legal(classic, "discard 9D")
    assert classic.went_out == 0
    state = at(D2, four(["3C", "3S", "3C"]), melds=melds, phase="play")
    legal(state, "meld 3C 3S 3C")
    assert state.ended and state.went_out == 0


# docs/rules.md#black-threes
def test_black_threes_need_the_sides_canasta_at_table_003_and_classic() -> None:
    for state in (
        at(D2, four(["3C", "3S", "3C"]), melds=KINGS, phase="play"),
        pos(four(["3C", "3S", "3C"]), melds=KINGS, phase="play"),
    ):
        refused(state, "meld 3C 3S 3C", Code.NEED_CANASTA, needed=1, have=0)


# docs/rules.md#discarding
def test_draw_two_partnership_never_discards_a_wild_card() -> None:
    state = at(D2, four(["2C", "9S", "9D"]), melds=KINGS, phase="play")
    refused(state, "discard 2C", Code.WILD_DISCARD)
    assert {m.text() for m in state.legal_moves() if m.type.value == "discard"} == {"discard 9S"}
    classic = pos(four(["2C", "9S", "9D"]), melds=KINGS, phase="play")
    legal(classic, "discard 2C")
    # Nothing but wild cards in hand, none of which can be laid off (laying one off on the
    # Kings would leave a lone card with no canasta to go out): one of them may go.
    state = at(D2, four(["2C", "JK"]), melds=KINGS, phase="play")
    legal(state, "discard 2C")
    assert state.turn == 1 and state.pile_freezers == 1


# docs/rules.md#discarding
def test_draw_two_partnership_discards_no_wild_card_that_can_be_laid_off() -> None:
    # Reference 003: wild cards can never be discarded. With a canasta of Kings the side may
    # go out, so 2C can go on the Queens (3 naturals, no wild card yet): no discard.
    melds = [{"K": K7, "Q": ["QS", "QH", "QD"]}, {}]
    state = at(D2, four(["2C", "JK"]), melds=melds, phase="play")
    refused(state, "discard 2C", Code.WILD_DISCARD_LAY_OFF, rank="Kings")
    refusal = state.check(state.parse_move("discard JK"))
    assert refusal is not None and refusal.message() == (
        "Wild cards may not be discarded at this table: lay it off on your meld of Kings."
    )
    assert not [m for m in state.legal_moves() if m.type.value == "discard"]
    legal(state, "layoff Q 2C")
    legal(state, "layoff Q JK")
    assert state.went_out == 0
    # At the Classic table a wild card may always be discarded.
    classic = pos(four(["2C", "JK"]), melds=melds, phase="play")
    legal(classic, "discard 2C")


# docs/rules.md#discarding
def test_draw_two_partnership_keeps_a_card_that_may_be_discarded() -> None:
    cards = ["7H", "7D", "7C", "2C", "JK"]
    state = at(D2, four(cards), melds=KINGS, phase="play")
    refused(state, "meld 7H 7D 7C", Code.WILD_ONLY_LEFT)
    legal(state, "meld 7H 7D 2C")
    assert hand(state, 0) == ["7C", "JK"]
    classic = pos(four(cards), melds=KINGS, phase="play")
    legal(classic, "meld 7H 7D 7C")
    # Going out by melding the wild cards too is fine.
    state = at(D2, four(cards), melds=[{"K": K7}, {}], phase="play")
    legal(state, "meld 7H 7D 7C 2C JK")
    assert state.went_out == 0


# docs/rules.md#empty-stock
def test_draw_two_partnership_hand_ends_with_the_stock() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {"Q": ["QS", "QH", "QD"]}]
    hands = [["KC", "9C", "9D", "QS"], ["QC", "8D", "8H", "6C"], ["5C", "5D"], ["4C", "4D"]]
    state = at(D2, hands, melds=melds, stock_size=0, phase="play")
    legal(state, "discard QS")
    assert state.ended and state.end_reason is EndReason.STOCK_EXHAUSTED
    classic = pos(hands, melds=melds, stock_size=0, phase="play")
    legal(classic, "discard QS")
    assert not classic.ended and classic.turn == 1 and classic.phase is Phase.DRAW


# docs/rules.md#concealed
def test_draw_two_partnership_gives_no_concealed_bonus() -> None:
    cards = [*EIGHTS, "5S", "5H", "5D", "9C"]
    for preset, bonus in ((D2, 100), ("Classic", 200)):
        state = at(preset, four(cards), phase="play")
        legal(state, "meld 5S 5H 5D")
        legal(state, "meld " + " ".join(EIGHTS))
        legal(state, "discard 9C")
        assert state.went_out == 0 and state.concealed
        assert state.score().sides[0].going_out == bonus


# Play-off on ties (table 004) ---------------------------------------------------------------


# docs/rules.md#empty-stock
def test_play_off_drawing_from_the_empty_stock_ends_the_hand() -> None:
    hands = four(["9S", "9D", "5C", "6C"])
    state = at(PO, hands, pile=["9C"], melds=KINGS, stock_size=0)
    assert [m.type.value for m in state.legal_moves()] == ["draw", "take"]
    legal(state, "draw")
    assert state.ended and state.end_reason is EndReason.STOCK_EXHAUSTED
    # Even a top card that fits the side's meld may be left (no forced take here).
    state = at(PO, hands, pile=["KC"], melds=KINGS, stock_size=0)
    legal(state, "draw")
    assert state.ended
    classic = pos(hands, pile=["9C"], melds=KINGS, stock_size=0)
    refused(classic, "draw", Code.STOCK_EMPTY_DECLINE)


# docs/rules.md#concealed
def test_play_off_concealed_going_out_adds_nothing_to_the_partners_melds() -> None:
    cards = [*EIGHTS, "5C", "9C"]
    fives = [{"5": ["5S", "5H", "5D"]}, {}]
    for preset, concealed, bonus in ((PO, False, 100), ("Classic", True, 200)):
        state = at(
            preset, four(cards), melds=fives, phase="play",
            extra={"melded_before": [False, False, True, False]},
        )  # fmt: skip
        legal(state, "meld " + " ".join(EIGHTS))
        legal(state, "layoff 5 5C")
        legal(state, "discard 9C")
        assert state.went_out == 0 and state.concealed is concealed
        assert state.score().sides[0].going_out == bonus
    # Without the lay-off, it is concealed at table 004 too.
    state = at(
        PO, four([*EIGHTS, "9C"]), melds=fives, phase="play",
        extra={"melded_before": [False, False, True, False]},
    )  # fmt: skip
    legal(state, "meld " + " ".join(EIGHTS))
    legal(state, "discard 9C")
    assert state.concealed and state.score().sides[0].going_out == 200


def _level_game(preset: str) -> Game:
    game = Game(PRESETS[preset], seed=3)
    game.hand._end(EndReason.STOCK_EXHAUSTED)
    game.finish_hand()
    game.totals = [5120, 5120]
    return game


# docs/rules.md#game-end
def test_play_off_a_level_game_plays_another_hand() -> None:
    game = _level_game(PO)
    assert not game.over and game.winner is None
    game.next_hand()
    assert len(game.deal_numbers) == 2
    classic = _level_game("Classic")
    assert classic.over and classic.winner is None  # a shared tie
    # Not level: the higher total wins at both tables.
    game.hand._end(EndReason.STOCK_EXHAUSTED)
    game.finish_hand()
    game.totals = [5120, 5000]
    assert game.over and game.winner == 0
