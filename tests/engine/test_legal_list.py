"""The legal move list holds every meld, lay-off and discard the check accepts.

Computer players, the hint and the finish search choose only from the list, so a move the
rules accept but the list leaves out is a move they never see.
"""

from __future__ import annotations

import random

import pytest

from canasta.engine import PRESETS, HandState, Move, MoveType
from canasta.engine.cards import CARD_KIND, JOKER, NUM_KINDS, TWO
from canasta.engine.core import Phase, meld_kind
from canasta.engine.refusals import Code

from .helpers import K7, pos


def _shape(move: Move) -> tuple[object, ...]:
    """A move up to which copies of a kind it uses: type, kind, naturals, twos, jokers."""
    if move.type is MoveType.DISCARD:
        return (move.type, CARD_KIND[move.cards[0]])
    kinds = [CARD_KIND[c] for c in move.cards]
    kind = move.target if move.type is MoveType.LAYOFF else meld_kind(move.cards)
    return (move.type, kind, kinds.count(kind), kinds.count(TWO), kinds.count(JOKER))


def _pick(hand: list[int], kind: int, n: int) -> list[int]:
    return [c for c in hand if CARD_KIND[c] == kind][:n]


def _accepted(state: HandState) -> set[tuple[object, ...]]:
    """Every shape of meld, lay-off, take and discard the check accepts here."""
    hand = state.hands[state.turn]
    counts = state.counts[state.turn]
    out: set[tuple[object, ...]] = set()
    wilds = [
        (t, j) for t in range(counts[TWO] + 1) for j in range(counts[JOKER] + 1)
    ]  # fmt: skip
    if state.phase is Phase.DRAW:
        top = state.pile_top
        kind = CARD_KIND[top] if top is not None else -1
        for nat in range(counts[kind] + 1 if kind >= 0 else 0):
            for t, j in wilds:
                move = Move(MoveType.TAKE, (*_pick(hand, kind, nat), *_pick(hand, TWO, t),
                                            *_pick(hand, JOKER, j)))  # fmt: skip
                if state.check(move) is None:
                    out.add((MoveType.TAKE, kind, nat, t, j))
        return out
    for kind in range(NUM_KINDS):
        if counts[kind] and state.check(Move(MoveType.DISCARD, (_pick(hand, kind, 1)[0],))) is None:
            out.add((MoveType.DISCARD, kind))
        if kind in (TWO, JOKER):
            continue
        for nat in range(counts[kind] + 1):
            for t, j in wilds:
                cards = (*_pick(hand, kind, nat), *_pick(hand, TWO, t), *_pick(hand, JOKER, j))
                if not cards:
                    continue
                if kind in state.melds[state.side]:
                    move = Move(MoveType.LAYOFF, cards, kind)
                elif nat:
                    move = Move(MoveType.MELD, cards)
                else:
                    continue
                if state.check(move) is None:
                    out.add(_shape(move))
    return out


def _listed(state: HandState) -> set[tuple[object, ...]]:
    shapes = set()
    for move in state.legal_moves():
        if move.type is MoveType.TAKE:
            kinds = [CARD_KIND[c] for c in move.cards]
            kind = CARD_KIND[state.pile[-1]]
            shapes.add((move.type, kind, kinds.count(kind), kinds.count(TWO), kinds.count(JOKER)))
        elif move.type in (MoveType.MELD, MoveType.LAYOFF, MoveType.DISCARD):
            shapes.add(_shape(move))
    return shapes


def test_a_layoff_of_naturals_and_a_wild_card_together_is_listed() -> None:
    # The Sevens meld (7 7 2 2) has no room for a wild card until a Seven joins it: with
    # 7H it holds 3 naturals and 3 wild cards, within "never more wild cards than naturals".
    state = pos(
        [["7H", "7D", "2C", "9S", "9H", "KC"], ["5C"]],
        melds=[{"7": ["7S", "7C", "2H", "2S"]}, {}],
        extra={"opened": [True, False]},
        phase="play",
    )
    listed = {m.text() for m in state.legal_moves()}
    assert "layoff 7 7H 2C" in listed
    assert "layoff 7 7H 7D 2C" in listed
    assert state.check(state.parse_move("layoff 7 7H 2C")) is None
    assert "layoff 7 2C" not in listed  # 2 naturals and 3 wild cards: refused
    assert state.check(state.parse_move("layoff 7 2C")) is not None


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_list_holds_every_shape_the_check_accepts(name: str) -> None:
    checked = 0
    for deal in range(3):
        state = HandState.deal(PRESETS[name], 900 + deal)
        state.keep_snapshots = False
        rng = random.Random(deal)
        while not state.ended:
            if state.phase in (Phase.DRAW, Phase.PLAY):
                accepted = _accepted(state)
                listed = _listed(state)
                # Takes are listed in their smallest forms (the rest of a take can be melded
                # after it): a take is listed exactly when some take is accepted.
                takes = {shape for shape in accepted if shape[0] is MoveType.TAKE}
                assert bool(takes) == any(shape[0] is MoveType.TAKE for shape in listed)
                assert {shape for shape in listed if shape[0] is MoveType.TAKE} <= takes
                accepted -= takes
                listed = {shape for shape in listed if shape[0] is not MoveType.TAKE}
                assert accepted == listed, (state.move_count, accepted ^ listed)
                checked += 1
            moves = state.legal_moves()
            for move in moves:
                assert state.check(move) is None, move.text()
            state.apply(rng.choice(moves))
    assert checked > 100


def test_legal_moves_lazily_a_generator_a_count_and_in() -> None:
    state = HandState.deal(PRESETS["Classic"].with_options(players=4), 17)
    rng = random.Random(3)
    for _ in range(120):
        if state.ended:
            break
        listed = state.legal_moves()
        assert list(state.legal_moves) == listed
        assert state.legal_moves.count() == len(listed) == len(state.legal_moves)
        assert bool(state.legal_moves) == bool(listed)
        assert all(move in state.legal_moves for move in listed)
        first = next(iter(state.legal_moves))
        assert first == listed[0]
        state.apply(rng.choice(listed))
    # "in" asks the rules: a legal selection the list does not spell out counts too, and a
    # move of the wrong phase does not.
    state = pos([["7H", "7D", "7C", "7S", "9C"], ["4C"]], melds=[{"K": K7[:3]}, {}], phase="play")
    assert state.parse_move("meld 7H 7D 7S") in state.legal_moves
    assert state.parse_move("draw") not in state.legal_moves
    assert "draw" not in state.legal_moves


def _kinds_follow_hands(state: HandState) -> None:
    for seat, hand in enumerate(state.hands):
        expected = [[c for c in hand if CARD_KIND[c] == kind] for kind in range(NUM_KINDS)]
        assert state.kinds[seat] == expected, (seat, state.move_count)
        assert [len(cards) for cards in expected] == state.counts[seat]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_cards_per_kind_follow_the_hand_through_every_change(name: str) -> None:
    # The move list reads each hand's cards per kind from state.kinds, kept by every change
    # (deal, draw, take, meld, lay-off, discard, red threes, copy, reset): it must always be
    # the hand's cards of that kind in hand order, and a move uses the first ones.
    for players in (2, 4):
        rules = PRESETS[name].with_options(players=players)
        for deal in range(3):
            state = HandState.deal(rules, 700 + deal)
            rng = random.Random(deal)
            while not state.ended:
                _kinds_follow_hands(state)
                copy = state.copy()
                _kinds_follow_hands(copy)
                assert all(a is not b for a, b in zip(copy.kinds, state.kinds, strict=True))
                moves = state.legal_moves()
                for move in moves:
                    if move.type in (MoveType.MELD, MoveType.LAYOFF, MoveType.DISCARD):
                        hand = state.hands[state.turn]
                        for kind in {CARD_KIND[c] for c in move.cards}:
                            used = [c for c in move.cards if CARD_KIND[c] == kind]
                            assert used == _pick(hand, kind, len(used)), move.text()
                if state.can_reset() and rng.random() < 0.3:
                    state.reset_turn()
                    _kinds_follow_hands(state)
                    continue
                state.apply(rng.choice(moves))
            _kinds_follow_hands(state)


def test_an_unopened_side_lists_the_melds_that_open_it_and_no_discard_after_melding_short() -> None:
    # Unopened, minimum 50: three aces and a joker (110) open by themselves and are listed
    # without the after-move search; three 5s (15) need the rest of the hand to reach 50.
    hand = ["AS", "AH", "AD", "JK", "5S", "5H", "5D", "9C", "QD"]
    state = pos([hand, ["4C"]], phase="play", stock_top=["7C"])
    listed = [m.text() for m in state.legal_moves()]
    assert "meld AS AH AD" in listed and "meld AS AH AD JK" in listed
    assert "meld 5S 5H 5D" in listed  # the aces can still follow: 15 + 60 >= 50
    assert "discard 9C" in listed  # not melded yet: the turn may end without melding
    assert all(state.check(state.parse_move(text)) is None for text in listed)
    state.play(state.parse_move("meld 5S 5H 5D"))  # 15 of 50: still unopened
    listed = [m.text() for m in state.legal_moves()]
    assert not any(text.startswith("discard") for text in listed)
    refusal = state.check(state.parse_move("discard 9C"))
    assert refusal is not None and refusal.code is Code.OPENING_SHORT
    assert "meld AS AH AD" in listed
