"""The presets: registry, the rules page's table, and the rules where Book rules and
Two-handed differ from Classic, each shown on a position under both."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from canasta.engine import CLASSIC, PRESETS, Code, EndReason, HandState, Phase, RuleSet
from canasta.engine.moves import NO, YES
from canasta.engine.options import (
    OPTION_HELP,
    OPTION_SECTIONS,
    RULE_SECTIONS,
    changed_options,
    presets_table,
)
from canasta.engine.rules import (
    BOOK_RULES,
    PRESET_TABLES,
    TWO_HANDED,
    preset_name,
    preset_rules,
)

from .helpers import K7, hand, legal, pos, refused

ROOT = Path(__file__).resolve().parents[2]


def at(preset: str, hands: list[list[str]], **kwargs: Any) -> HandState:
    """A position under a preset's rules (the number of players follows the hands)."""
    options = PRESETS[preset].to_dict()
    del options["players"]
    return pos(hands, **kwargs, **options)


def four(seat0: list[str]) -> list[list[str]]:
    return [seat0, ["4C", "4D"], ["9H", "6S"], ["4H", "4S"]]


# Registry -----------------------------------------------------------------------------------


def test_presets_differ_from_classic_exactly_where_their_tables_do() -> None:
    assert list(PRESETS) == [
        "Classic", "Book rules", "Two-handed", "Draw-two partnership", "Play-off on ties",
    ]  # fmt: skip
    assert dict(zip(PRESETS, ["000", "001", "002", "003", "004"], strict=True)) == PRESET_TABLES
    assert changed_options(PRESETS["Classic"]) == {}
    assert changed_options(PRESETS["Book rules"]) == {
        "players": 4, "ask_permission": True, "partner_always_agrees": True,
        "empty_stock": "forced_take",
    }  # fmt: skip
    assert changed_options(PRESETS["Two-handed"]) == {
        "draw_two": True, "canastas_to_go_out_2p": 2, "take_with_natural_and_wild": False,
        "empty_stock": "ends",
    }  # fmt: skip
    assert changed_options(PRESETS["Draw-two partnership"]) == {
        "players": 4, "draw_two_4p": True, "max_wilds_per_meld": None,
        "take_with_natural_and_wild": False, "take_onto_meld_needs_natural": True,
        "black_threes_last": True, "wild_discard_allowed": False, "empty_stock": "ends",
        "concealed_bonus": 100, "all_red_threes_penalty": 400,
    }  # fmt: skip
    assert changed_options(PRESETS["Play-off on ties"]) == {
        "players": 4, "empty_stock": "take_or_end", "concealed_no_partner_layoff": True,
        "tie_plays_another_hand": True,
    }  # fmt: skip


def test_every_option_has_a_line_and_a_section_of_the_rules_page() -> None:
    names = [name for name in RuleSet.__dataclass_fields__]
    assert sorted(OPTION_HELP) == sorted(names) == sorted(OPTION_SECTIONS)
    assert all(0 < len(line) <= 90 for line in OPTION_HELP.values())
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert set(OPTION_SECTIONS.values()) <= set(RULE_SECTIONS)
    places = [page.index("{#" + section + "}") for section in RULE_SECTIONS]
    assert places == sorted(places)


def test_preset_names_are_found_back_and_options_round_trip() -> None:
    for name, rules in PRESETS.items():
        assert preset_name(rules) == name
        assert RuleSet.from_dict(rules.to_dict()) == rules
    assert preset_name(CLASSIC.with_options(players=4)) == "Classic"
    assert preset_name(CLASSIC.with_options(draw_two_4p=True)) is None
    with pytest.raises(ValueError, match="empty_stock must be one of"):
        CLASSIC.with_options(empty_stock="shuffle")


def test_the_rules_page_has_the_generated_presets_table() -> None:
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert presets_table() in page


def test_move_logic_never_reads_a_preset_name() -> None:
    engine = ROOT / "canasta" / "engine"
    for module in ("legality.py", "taking.py", "checking.py", "listing.py", "state.py", "hand.py",
                   "applying.py", "building.py", "reach.py", "scoring.py", "game.py"):  # fmt: skip
        text = (engine / module).read_text(encoding="utf-8")
        assert "PRESETS" not in text
        assert not any(f'"{name}"' in text for name in PRESETS), module


# Book rules --------------------------------------------------------------------------------


def test_book_rules_deal_eleven_cards_to_four_players() -> None:
    state = HandState.deal(PRESETS["Book rules"], 12)
    assert state.players == 4 and [len(h) for h in state.hands] == [11, 11, 11, 11]
    two = HandState.deal(PRESETS["Two-handed"], 12)
    assert two.players == 2 and [len(h) for h in two.hands] == [15, 15]


READY = ["7H", "7D", "7C", "8C", "8D", "8H"]  # with the 5S drawn: 777, 888, discard 5S


def test_book_rules_partner_may_be_asked_and_always_agrees() -> None:
    state = at("Book rules", four(READY), melds=[{"K": K7}, {}], stock_top=["5S"])
    legal(state, "draw")
    legal(state, "ask")
    assert state.mover == 2 and state.legal_moves() == [YES]
    refused(state, "no", Code.PARTNER_AGREES)
    legal(state, "yes")
    assert state.permission is True
    classic = pos(four(READY), melds=[{"K": K7}, {}], stock_top=["5S"], ask_permission=True)
    legal(classic, "draw")
    legal(classic, "ask")
    assert classic.legal_moves() == [YES, NO]
    plain = pos(four(READY), melds=[{"K": K7}, {}], stock_top=["5S"])
    legal(plain, "draw")
    refused(plain, "ask", Code.NO_PARTNER)


def test_book_rules_empty_stock_forces_taking_a_fitting_top_card() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {}]
    hands = four(["9S", "9D", "5C", "6C"])
    state = at("Book rules", hands, pile=["KC"], melds=melds, stock_size=0)
    refused(state, "draw", Code.STOCK_EMPTY_MUST_TAKE)
    assert [m.type.value for m in state.legal_moves()] == ["take"]
    classic = pos(hands, pile=["KC"], melds=melds, stock_size=0)
    refused(classic, "draw", Code.STOCK_EMPTY_DECLINE)
    assert [m.type.value for m in classic.legal_moves()] == ["decline", "take"]
    # A top card the side may take but that fits no meld: take it, or end the hand.
    state = at("Book rules", hands, pile=["9C"], melds=melds, stock_size=0)
    assert [m.type.value for m in state.legal_moves()] == ["draw", "take"]
    legal(state, "draw")
    assert state.ended and state.end_reason is EndReason.STOCK_EXHAUSTED
    assert hand(state, 0) == ["5C", "6C", "9D", "9S"]


def test_book_rules_keep_two_cards_without_a_canasta_as_classic_does() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {}]
    for state in (
        at("Book rules", four(["7H", "7D", "7C", "5S"]), melds=melds, phase="play"),
        pos([["7H", "7D", "7C", "5S"], ["4C"]], melds=melds, phase="play"),
    ):
        refused(state, "meld 7H 7D 7C", Code.MUST_KEEP_CARD, needed=1)
        state.play(state.parse_move("discard 5S"))
        assert state.turn == 1


# Two-handed --------------------------------------------------------------------------------


def test_two_handed_draws_two_cards() -> None:
    state = at("Two-handed", [["9C"], ["4C"]], stock_top=["5S", "6S"])
    legal(state, "draw")
    assert hand(state, 0) == ["5S", "6S", "9C"]
    classic = pos([["9C"], ["4C"]], stock_top=["5S", "6S"])
    legal(classic, "draw")
    assert hand(classic, 0) == ["5S", "9C"]


def test_two_handed_needs_two_canastas_to_go_out() -> None:
    melds = [{"K": K7}, {}]
    state = at("Two-handed", [["7H", "7D", "7C", "9S"], ["4C"]], melds=melds, phase="play")
    refused(state, "meld 7H 7D 7C", Code.MUST_KEEP_CARD, needed=2)
    classic = pos([["7H", "7D", "7C", "9S"], ["4C"]], melds=melds, phase="play")
    legal(classic, "meld 7H 7D 7C")
    legal(classic, "discard 9S")
    assert classic.went_out == 0


def test_two_handed_takes_only_with_a_natural_pair_or_onto_a_meld() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {}]
    hands = [["7H", "2C", "9S", "9D", "KC"], ["4C"]]
    state = at("Two-handed", hands, pile=["5S", "7C"], melds=melds)
    refused(state, "take 7H 2C", Code.PILE_NEEDS_PAIR, rank="7s")
    classic = pos(hands, pile=["5S", "7C"], melds=melds)
    legal(classic, "take 7H 2C")
    state = at("Two-handed", hands, pile=["5S", "KC"], melds=melds)
    legal(state, "take")
    assert state.msize[0][9] == 4 and hand(state, 0) == ["2C", "5S", "7H", "9D", "9S", "KC"]


def test_two_handed_hand_ends_with_the_stock() -> None:
    melds = [{"K": ["KS", "KH", "KD"]}, {"Q": ["QS", "QH", "QD"]}]
    hands = [["KC", "9C", "9D", "QS"], ["QC", "8D", "8H", "6C"]]
    state = at("Two-handed", hands, melds=melds, stock_size=0, phase="play")
    legal(state, "discard QS")
    assert state.ended and state.end_reason is EndReason.STOCK_EXHAUSTED
    classic = pos(hands, melds=melds, stock_size=0, phase="play")
    legal(classic, "discard QS")
    assert not classic.ended and classic.phase is Phase.DRAW and classic.turn == 1


def test_a_preset_played_by_a_table_keeps_its_rules_with_the_tables_seats_and_length() -> None:
    """An online table plays its preset with its own number of players and, for a quick
    game, one hand; no players given: the preset's own (Book rules: four)."""
    assert preset_rules("Book rules") == BOOK_RULES
    assert BOOK_RULES.players == 4
    assert preset_rules("Classic", 4) == CLASSIC.with_options(players=4)
    quick = preset_rules("Two-handed", 2, quick=True)
    assert quick.quick_game and quick == TWO_HANDED.with_options(quick_game=True)
    with pytest.raises(KeyError):
        preset_rules("Jungle")
