"""Every refusal code is raised somewhere, and its message renders with the details passed.

The refusals are collected from the engine itself: random moves (legal or not) tried on
positions of random play under every preset, plus the plan checks and the table's intents.
A message that names a detail the engine does not pass raises instead of showing a
``{placeholder}`` to the player.
"""

from __future__ import annotations

import random

import pytest

from canasta.controller import TableController
from canasta.engine import PRESETS, Code, Game, HandState, Move, MoveType, Refusal
from canasta.engine.cards import CARD_KIND, NUM_KINDS, RED_THREE
from canasta.engine.finish import check_finish, check_plan
from canasta.engine.refusals import MESSAGES

from .helpers import K7, pos

#: Positions for rules random play seldom meets: (position, move text).
RARE = [
    # The stock is empty where the hand ends with it (a position, never reached in play).
    (lambda: pos([["KH", "9C"], ["4C"]], pile=["KC"], stock_size=0, empty_stock="ends"), "draw"),
    (lambda: pos([["KH", "9C"], ["4C"]], pile=["KC"], stock_size=0), "draw"),
    (lambda: pos([["KH", "KD"], ["4C"]]), "take KH KD"),
    (lambda: pos([["5C", "6D"], ["4C"]], pile=["KH"], stock_size=0), "decline"),
    (
        lambda: pos(
            [["KH", "9C", "5D"], ["4C"]], pile=["KC"], melds=[{"K": K7[:3]}, {}],
            stock_size=0, empty_stock="forced_take",
        ),
        "draw",
    ),
    (
        lambda: pos(
            [["5S"], ["4C"], ["4D"], ["4H"]], melds=[{"K": K7}, {}], phase="play",
            ask_permission=True, extra={"asked": True, "permission": False},
        ),
        "discard 5S",
    ),
    (
        lambda: pos(
            [["3C", "3S", "3C", "9D"], ["4C"], ["4D"], ["4H"]], melds=[{"K": K7}, {}],
            phase="play", black_threes_last=True,
        ),
        "meld 3C 3S 3C",
    ),
]  # fmt: skip


def _tries(state: HandState, rng: random.Random) -> list[Move]:
    """Moves of every type with random cards from the mover's hand (mostly illegal)."""
    hand = state.hands[state.mover]
    moves = [Move(t) for t in MoveType]
    for _ in range(12):
        cards = tuple(rng.sample(hand, min(len(hand), rng.randint(1, 4)))) if hand else ()
        moves.append(Move(MoveType.MELD, cards))
        moves.append(Move(MoveType.TAKE, cards[:2]))
        moves.append(Move(MoveType.DISCARD, cards))
        moves.append(Move(MoveType.LAYOFF, cards, rng.randrange(-1, NUM_KINDS)))
        kinds = sorted({CARD_KIND[c] for c in hand})
        if kinds:
            kind = rng.choice(kinds)
            same = tuple(c for c in hand if CARD_KIND[c] == kind)
            moves.append(Move(MoveType.MELD, same))
            moves.append(Move(MoveType.LAYOFF, same, kind))
            moves.append(Move(MoveType.TAKE, same))
    moves.append(Move(MoveType.DISCARD, (999,)))
    moves.append(Move(MoveType.LAYOFF, (), 5))
    return moves


def _collect() -> dict[Code, list[Refusal]]:
    found: dict[Code, list[Refusal]] = {}

    def note(refusal: Refusal | None) -> None:
        if refusal is not None:
            found.setdefault(refusal.code, []).append(refusal)

    for name, rules in PRESETS.items():
        for players in (2, 4):
            for deal in range(4):
                state = HandState.deal(rules.with_options(players=players), 300 + deal)
                state.keep_snapshots = False
                rng = random.Random(deal)
                while not state.ended:
                    for move in _tries(state, rng):
                        note(state.check(move))
                    note(state.check(Move(MoveType.DRAW), seat=(state.mover + 1) % players))
                    if state.phase.value == "play":
                        hand = state.hands[state.turn]
                        note(check_finish(state, [Move(MoveType.DISCARD, (hand[0],))]))
                        plan = check_plan(state, [Move(MoveType.DISCARD, (hand[0],)), *[
                            Move(MoveType.MELD, (c,)) for c in hand[1:2]]])  # fmt: skip
                        note(plan[1] if plan else None)
                        note(check_plan(state, [])[1] if check_plan(state, []) else None)
                    moves = state.legal_moves()
                    # Prefer moves that keep the hand going, so late-hand rules show up too.
                    state.apply(rng.choice(moves))
        assert name
    for make, text in RARE:
        state = make()
        note(state.check(state.parse_move(text)))
    # A red three is laid out as soon as it reaches a hand; a position that leaves one there
    # still has it refused in a meld.
    state = pos([["7H", "7D", "5C"], ["4C"]], phase="play")
    red = next(c for c in state.stock if CARD_KIND[c] == RED_THREE)
    state.hands[0].append(red)
    note(state.check(Move(MoveType.MELD, (state.hands[0][0], state.hands[0][1], red))))
    game = Game(PRESETS["Classic"], 5)
    ctrl = TableController(game, [None, None])
    for refusal in (
        ctrl.intent_meld(()),
        ctrl.intent_layoff(3, ()),
        ctrl.intent_layoff_on_opponents(),
        ctrl.intent_discard(()),
        ctrl.intent_meld(tuple(c for c in ctrl.hand.hands[0] if CARD_KIND[c] in (12, 13))),
    ):
        note(refusal)
    return found


@pytest.fixture(scope="module")
def collected() -> dict[Code, list[Refusal]]:
    return _collect()


def test_every_code_is_raised_and_every_message_renders(collected) -> None:
    missing = [code.name for code in Code if code not in collected]
    assert missing == []
    for code, refusals in collected.items():
        for refusal in refusals:
            text = refusal.message()
            assert "{" not in text and "}" not in text, (code, text)
            assert text.endswith((".", "!")), (code, text)
    assert set(MESSAGES) == set(Code)


def test_a_missing_detail_is_an_error_not_a_placeholder() -> None:
    with pytest.raises(KeyError):
        Refusal(Code.MELD_TOO_SMALL).message()
    assert Refusal(Code.MELD_TOO_SMALL, {"count": 2}).message() == (
        "A meld needs at least 3 cards; you chose 2."
    )


@pytest.mark.parametrize("code", ["es", "pt_BR", "it", "de", "fr"])
def test_every_message_renders_in_every_language_with_its_numbers(collected, code) -> None:
    """Each refusal the engine raised, in each language: no placeholder left, every number
    of its details shown (the catalogue translates the words, never the figures), and words
    other than the English ones."""
    from canasta import i18n

    english = {c: [r.message() for r in refusals] for c, refusals in collected.items()}
    assert i18n.set_language(code) == code
    try:
        for rule, refusals in collected.items():
            for refusal, in_english in zip(refusals, english[rule], strict=True):
                text = refusal.message()
                assert "{" not in text and "}" not in text, (code, rule, text)
                for name, value in refusal.details.items():
                    if isinstance(value, int) and not isinstance(value, bool):
                        assert str(value) in text, (code, rule, name, value, text)
                assert text != in_english, (code, rule, text)
    finally:
        i18n.set_language("en")
