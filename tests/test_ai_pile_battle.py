"""The hard level's pile battle (two players): under a pile of 8 cards or more the
play-outs may run deeper (:attr:`HardPlayer.DEEP_ROUNDS`) and freezing the pile with a wild
card is always a plan (:attr:`HardPlayer.FREEZE`). Positions written inline are this
project's own."""

from __future__ import annotations

from canasta.ai import HardPlayer, MediumPlayer
from canasta.ai.hard import BATTLE_PILE, _Candidate, _freezing_kind
from canasta.ai.tracking_player import discard_costs, table_of
from canasta.engine.cards import CARD_KIND, JOKER, TWO
from canasta.engine.moves import MoveType
from canasta.engine.position import state_from_data

#: Two players, seat 0 to play: a 12-card unfrozen pile, both sides opened, seat 1 holds a
#: natural pair of Kings (a King discarded now hands it the pile); seat 0 holds a two.
OURS = ["KH", "9C", "9D", "5S", "7H", "QC", "2C", "6S", "8C"]
THEIRS = ["KS", "KD", "4D", "8D", "TC", "6H", "JD"]
PILE = ["4H", "5D", "6C", "7C", "8S", "9S", "TH", "QH", "4C", "5C", "6D", "8H"]
BATTLE_POSITION = {
    "rules": {"players": 2},
    "turn": 0,
    "phase": "play",
    "hands": [OURS, THEIRS],
    "melds": [{"A": ["AS", "AH", "AD"]}, {"J": ["JS", "JH", "JC"]}],
    "pile": PILE,
    "opened": [True, True],
}


def _position(pile: list[str], ours: list[str] = OURS) -> dict[str, object]:
    return {**BATTLE_POSITION, "pile": pile, "hands": [ours, THEIRS]}


def _hard(deep: int | None, freeze: bool) -> HardPlayer:
    player = HardPlayer(0, time_limit=None, worlds=4)
    player.DEEP_ROUNDS = {2: deep, 4: None}
    player.FREEZE = {2: freeze, 4: False}
    return player


def test_a_pile_of_eight_is_a_battle_that_deep_rounds_play_out_further() -> None:
    assert BATTLE_PILE == 8
    big = state_from_data(BATTLE_POSITION).view_for(0)
    small = state_from_data(_position(PILE[:7])).view_for(0)
    assert len(big.pile) == 12 and len(small.pile) == 7
    assert _hard(None, False)._rounds(big) == 2
    assert _hard(0, False)._rounds(big) == 0
    assert _hard(0, False)._rounds(small) == 2
    assert _hard(5, False)._rounds(big) == 5
    explicit = _hard(0, False)
    explicit.rounds = 3
    assert explicit._rounds(big) == 3


def test_deep_rounds_play_the_battle_to_the_end_of_the_hand() -> None:
    state = state_from_data(BATTLE_POSITION)
    king = next(m for m in state.view_for(0).legal_moves if m.text() == "discard KH")
    cand = _Candidate("king", [king])
    hard = _hard(None, False)
    short = hard._simulate(state, cand, 0, 2)
    to_end = hard._simulate(state, cand, 0, 0)
    assert short == hard._simulate(state, cand, 0)  # ROUNDS with two players: 2
    assert short != to_end
    # A hand played to its end is scored by the rules: a whole number of points.
    assert to_end == int(to_end)


def test_freeze_tries_the_cheapest_wild_card_under_a_big_unfrozen_pile() -> None:
    state = state_from_data(BATTLE_POSITION)
    view = state.view_for(0)
    costs = discard_costs(view, table_of(view).counts)
    assert _freezing_kind(view, costs) == [TWO]
    plain = _hard(None, False)._candidates(view, state.copy())
    frozen = _hard(None, True)._candidates(view, state.copy())
    discards = [
        CARD_KIND[c.moves[-1].cards[0]] for c in frozen if c.moves[-1].type is MoveType.DISCARD
    ]
    assert TWO in discards
    assert TWO not in [
        CARD_KIND[c.moves[-1].cards[0]] for c in plain if c.moves[-1].type is MoveType.DISCARD
    ]
    assert len(frozen) == len(plain) + 1


def test_no_freeze_plan_under_a_small_or_frozen_pile_or_without_a_wild_card() -> None:
    small = state_from_data(_position(PILE[:7])).view_for(0)
    frozen = state_from_data(_position(["2D", *PILE])).view_for(0)
    no_wild = state_from_data(_position(PILE, [*OURS[:6], "6S", "8C", "TD"])).view_for(0)
    for view in (small, frozen, no_wild):
        costs = discard_costs(view, table_of(view).counts)
        assert _freezing_kind(view, costs) == []
    joker = state_from_data(_position(PILE, [*OURS[:6], "JK", "6S", "8C"])).view_for(0)
    assert _freezing_kind(joker, discard_costs(joker, table_of(joker).counts)) == [JOKER]


def test_medium_fights_no_pile_battle() -> None:
    assert MediumPlayer.DEEP_ROUNDS == {2: None, 4: None}
    assert MediumPlayer.FREEZE == {2: False, 4: False}
    assert HardPlayer.DEEP_ROUNDS[4] is None
    assert HardPlayer.FREEZE[4] is False
