"""The lone card and the fed pile, as decision tests on positions.

The files in ``tests/data/positions`` are taken from duplicate games of the levels just
before each mistake (``lonecard-*``, ``hard-4p-gift-*``); the positions written inline here
are this project's own, one per case. The open hand level (measurement only) is checked to
be unreachable from the game.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from canasta.ai import HardPlayer, MediumPlayer, TrackingPlayer
from canasta.ai.judgement import (
    FED_PILE,
    LONE_CARD_STOCK,
    feeds_pile,
    lone_card_ok,
    safe_discard_kinds,
)
from canasta.ai.levels import LEVELS, make_player, seat_players
from canasta.ai.open_hand import OpenHandPlayer
from canasta.ai.player import Player
from canasta.engine import HandState, MoveType
from canasta.engine.cards import BLACK_THREE, CARD_KIND, KIND_RANK, TWO, kind_counts
from canasta.engine.position import state_from_data
from canasta.persistence.settings import Settings

POSITIONS = Path(__file__).parent / "data" / "positions"


def load(name: str) -> HandState:
    return state_from_data(json.loads((POSITIONS / name).read_text(encoding="utf-8")))


def play_turn(state: HandState, player: Player) -> list[str]:
    """Play the mover's whole turn with ``player``; return the moves' text forms."""
    seat = state.turn
    moves: list[str] = []
    while not state.ended and state.turn == seat and state.mover == seat:
        move = player.choose(state.view_for(seat))
        moves.append(move.text())
        state.apply(move)
    return moves


def kind_of(code: str) -> int:
    return KIND_RANK.index(code[0]) if code[0] in KIND_RANK else -1


# The lone card --------------------------------------------------------------------------------

LONE_LEVELS = [
    pytest.param(lambda: TrackingPlayer(3), id="tracking"),
    # The settings of the game the position comes from (it laid off JH and discarded 5D).
    pytest.param(lambda: MediumPlayer(2304, time_limit=None, worlds=6), id="medium"),
    pytest.param(lambda: HardPlayer(3, time_limit=None, worlds=48), id="hard"),
]

#: This project's own: two players, seat 0 has Nines, Aces and Sixes on the table but no
#: canasta and holds 8C 8D 9H with 76 cards in the stock. Laying off 9H and discarding an
#: Eight (what every level did before) leaves one card for many turns.
OWN_LONE = {
    "rules": {"players": 2},
    "deal_number": 7,
    "turn": 0,
    "phase": "play",
    "hands": [["8C", "8D", "9H"], ["QC", "KH", "4D", "QD", "5D", "TC", "TD", "5H", "4S"]],
    "melds": [
        {"9": ["9S", "9D", "9C"], "A": ["AS", "AH", "AD", "AC"], "6": ["6S", "6D", "6H"]},
        {"7": ["7S", "7D", "7C"], "J": ["JS", "JD", "JC", "JH"]},
    ],
    "pile": ["KS", "4H", "TH"],
    "opened": [True, True],
}


@pytest.mark.parametrize("make", LONE_LEVELS)
def test_two_players_keep_two_cards_without_a_canasta(make: Any) -> None:
    """Deal 1100019, turn 11: stock 69, no canasta, hand 5C 5D JH."""
    state = load("lonecard-medium-2p-1100019-t11.json")
    seat = state.turn
    assert len(state.stock) == 69 and state.canastas(seat % 2) == 0
    moves = play_turn(state, make())
    assert moves[-1].startswith("discard"), moves
    assert len(state.hands[seat]) == 2, moves


@pytest.mark.parametrize("make", LONE_LEVELS)
def test_own_position_keeps_the_pair_of_eights(make: Any) -> None:
    state = state_from_data(OWN_LONE)
    assert len(state.stock) == 76
    moves = play_turn(state, make())
    assert moves == ["discard 9H"]
    assert [CARD_KIND[c] for c in state.hands[0]] == [kind_of("8"), kind_of("8")]


def test_a_lone_card_is_allowed_only_with_the_stock_nearly_out() -> None:
    view = state_from_data(OWN_LONE).view_for(0)
    assert view.stock_size == 76 and not lone_card_ok(view)
    state = state_from_data(OWN_LONE)
    state.pile.extend(state.stock[: 76 - LONE_CARD_STOCK[2]])
    del state.stock[: 76 - LONE_CARD_STOCK[2]]
    assert lone_card_ok(state.view_for(0))
    # With 12 cards left the hand ends within a few turns: the Nine goes on the table.
    assert play_turn(state, TrackingPlayer(3))[0] == "layoff 9 9H"
    assert len(state.hands[0]) == 1


# The fed pile ---------------------------------------------------------------------------------

#: Seeds with which the hard level on 6 worlds (no clock) fed the pile in these positions
#: before the fix, while a safe discard was in hand (found by trying seeds 0..39).
FED_BEFORE = {
    "hard-4p-gift-1100003-t15.json": [27, 30, 33],
    "hard-4p-gift-1100004-t13.json": [6, 28],
    "hard-4p-gift-1100016-t7.json": [2, 9, 13, 25],
}


@pytest.mark.parametrize(("name", "seeds"), sorted(FED_BEFORE.items()))
def test_hard_does_not_feed_the_pile_with_a_safe_discard_in_hand(
    name: str, seeds: list[int]
) -> None:
    for seed in seeds:
        state = load(name)
        view = state.view_for(state.turn)
        counts = kind_counts(view.hand)
        assert len(view.pile) >= FED_PILE and safe_discard_kinds(view, counts)
        move = HardPlayer(seed, time_limit=None, worlds=6).choose(view)
        assert move.type is MoveType.DISCARD
        assert not feeds_pile(view, CARD_KIND[move.cards[0]]), (seed, move.text())


def test_issue_example_keeps_the_ace() -> None:
    """TH 5H 5D AC KC, an unfrozen pile of 10, the next side has melded Aces."""
    state = load("hard-4p-gift-1100004-t13.json")
    view = state.view_for(state.turn)
    assert len(view.pile) == 10 and view.pile_freezers == 0
    assert feeds_pile(view, kind_of("A"))
    for seed in range(4):
        move = HardPlayer(seed, time_limit=None, worlds=6).choose(view)
        assert CARD_KIND[move.cards[0]] != kind_of("A")


@pytest.mark.parametrize("name", ["hard-4p-gift-1100026-t20.json", "hard-4p-gift-1100037-t21.json"])
def test_positions_where_every_discard_feeds_the_pile(name: str) -> None:
    """In these two the turn has come down to cards of ranks the next side has melded
    (TC 4D 4D against Tens and Fours; 4H 4C 8D 8H against Fours and Eights): no discard is
    safe, so the filter has nothing to keep out (the mistake came earlier in the turn or
    hand). The hard level then does not complete their Eights' canasta."""
    state = load(name)
    view = state.view_for(state.turn)
    assert safe_discard_kinds(view, kind_counts(view.hand)) == []
    move = HardPlayer(3, time_limit=None, worlds=32).choose(view)
    if "1100037" in name:
        assert CARD_KIND[move.cards[0]] != kind_of("8"), move.text()


#: This project's own, four players: seat 0 holds QH QD 7C KS 3S; the next side (seats 1
#: and 3) has melded Kings and Sevens, and the pile (7 cards) is not frozen. KS or 7C would
#: hand them the pile; the black three, or a Queen, is safe.
OWN_FED = {
    "rules": {"players": 4},
    "deal_number": 11,
    "turn": 0,
    "phase": "play",
    "hands": [
        ["QH", "QD", "7C", "KS", "3S"],
        ["4C", "5D", "6H", "8S", "9C", "TD"],
        ["4D", "5C", "6C", "8D", "9D", "TH"],
        ["4H", "5H", "6D", "8C", "9H", "JD"],
    ],
    "melds": [{"A": ["AS", "AH", "AD"]}, {"K": ["KH", "KD", "KC"], "7": ["7S", "7D", "7H"]}],
    "pile": ["JS", "4S", "5S", "6S", "8H", "9S", "TC"],
    "opened": [True, True],
}


@pytest.mark.parametrize("seed", [0, 4, 7])
def test_own_position_never_feeds_the_kings_or_sevens(seed: int) -> None:
    """Before the fix the hard level on 6 worlds threw 7C with seeds 4 and 7."""
    state = state_from_data(OWN_FED)
    view = state.view_for(0)
    assert feeds_pile(view, kind_of("K")) and feeds_pile(view, kind_of("7"))
    assert sorted(safe_discard_kinds(view, kind_counts(view.hand))) == sorted(
        [BLACK_THREE, kind_of("Q")]
    )
    moves = play_turn(state, HardPlayer(seed, time_limit=None, worlds=6))
    assert moves[-1].split()[1][0] not in "K7", moves


def test_feeds_pile_reads_size_freezing_and_melds() -> None:
    view = state_from_data(OWN_FED).view_for(0)
    assert feeds_pile(view, kind_of("K"))
    assert not feeds_pile(view, kind_of("Q"))  # not melded by the next side
    assert not feeds_pile(view, kind_of("A"))  # our own meld
    assert not feeds_pile(view, BLACK_THREE) and not feeds_pile(view, TWO)
    small = state_from_data({**OWN_FED, "pile": ["JS", "4S", "5S", "6S"]}).view_for(0)
    assert len(small.pile) == FED_PILE - 1 and not feeds_pile(small, kind_of("K"))
    frozen = state_from_data({**OWN_FED, "pile": [*OWN_FED["pile"], "2C"]}).view_for(0)
    assert frozen.pile_freezers == 1 and not feeds_pile(frozen, kind_of("K"))
    unopened = state_from_data({**OWN_FED, "opened": [True, False], "melds": [{}, {}]})
    assert not feeds_pile(unopened.view_for(0), kind_of("K"))
    needs = state_from_data({**OWN_FED, "rules": {"players": 4, **NEEDS_NATURAL}})
    assert not feeds_pile(needs.view_for(0), kind_of("K"))


NEEDS_NATURAL = {"take_onto_meld_needs_natural": True}


# The open hand --------------------------------------------------------------------------------


def test_open_hand_cannot_be_chosen_in_the_game() -> None:
    assert "open" not in LEVELS and "open hand" not in LEVELS
    with pytest.raises(ValueError, match="unknown level"):
        make_player("open")
    with pytest.raises(ValueError, match="unknown level"):
        seat_players(4, 0, "open")
    with pytest.raises(ValidationError):
        Settings(computer_level="open")  # type: ignore[arg-type]


def test_open_hand_needs_the_whole_state_and_samples_the_real_hands() -> None:
    state = state_from_data(OWN_FED)
    view = state.view_for(0)
    player = OpenHandPlayer(1, time_limit=None, worlds=4)
    with pytest.raises(ValueError, match="shown the hand's state"):
        player.choose(view)
    player.see(state)
    world = player._sample(view, random.Random(5), False)
    assert world.hands == state.hands
    assert sorted(world.stock) == sorted(state.stock) and world.stock != state.stock
    move = player.choose(view)
    assert move in view.legal_moves
