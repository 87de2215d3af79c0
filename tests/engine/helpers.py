"""Helpers for building positions and checking moves in the engine tests.

Positions are built with :func:`canasta.engine.position.state_from_data`; cards a position
does not name go to the stock. ``stock_top`` puts named cards on top of the stock (first
named, first drawn) and ``stock_size`` cuts the stock to that many cards: the cards cut
leave play (a test-only shortcut for "the stock is nearly out").
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta.engine import Code, HandState, IllegalMove
from canasta.engine.cards import CARD_CODE, normalise_code
from canasta.engine.position import state_from_data, state_to_data

#: Seven natural kings: a natural canasta (2 copies of each suit exist).
K7 = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]
#: Seven queens with two wild cards: a mixed canasta.
Q7_MIXED = ["QS", "QH", "QD", "QC", "QS", "2C", "JK"]


def pos(
    hands: list[list[str]],
    *,
    pile: list[str] | None = None,
    melds: list[dict[str, list[str]]] | None = None,
    red_threes: list[list[str]] | None = None,
    turn: int = 0,
    phase: str = "draw",
    side_scores: tuple[int, int] = (0, 0),
    stock_top: list[str] | None = None,
    stock_size: int | None = None,
    extra: dict[str, Any] | None = None,
    **rules: Any,
) -> HandState:
    """Build a position; keyword arguments other than the named ones are rule options.

    ``extra`` adds other position keys (``opened``, ``melded_before``, ``known`` ...).
    """
    data: dict[str, Any] = {
        "rules": {"players": len(hands), **rules},
        "hands": hands,
        "pile": pile or [],
        "melds": melds or [{}, {}],
        "red_threes": red_threes or [[], []],
        "turn": turn,
        "phase": phase,
        "side_scores": list(side_scores),
        **(extra or {}),
    }
    state = state_from_data(data)
    if stock_top or stock_size is not None:
        chosen: list[int] = []
        for code in stock_top or []:
            canonical = normalise_code(code)
            card = next(c for c in state.stock if CARD_CODE[c] == canonical and c not in chosen)
            chosen.append(card)
        rest = [c for c in state.stock if c not in chosen]
        if stock_size is not None:
            rest = rest[: max(0, stock_size - len(chosen))]
        state.stock = rest + chosen[::-1]
    return state


def codes(cards: list[int] | tuple[int, ...] | set[int]) -> list[str]:
    """Sorted card codes of card identities."""
    return sorted(CARD_CODE[c] for c in cards)


def hand(state: HandState, seat: int) -> list[str]:
    """Sorted codes of a seat's hand."""
    return codes(state.hands[seat])


def play(state: HandState, *texts: str) -> HandState:
    """Play each move text in turn (raising IllegalMove if one is refused)."""
    for text in texts:
        state.play(state.parse_move(text))
    return state


def legal(state: HandState, text: str) -> None:
    """Assert the move is legal and play it."""
    move = state.parse_move(text)
    assert state.check(move) is None, f"{text!r} refused: {state.check(move)}"
    state.play(move)


def refused(state: HandState, text: str, code: Code, **details: Any) -> None:
    """Assert the move is refused with ``code`` and exactly these ``details`` (when given).

    Also asserts that ``play`` raises IllegalMove carrying the same refusal and leaves the
    position unchanged.
    """
    move = state.parse_move(text)
    refusal = state.check(move)
    assert refusal is not None, f"{text!r} was accepted"
    assert refusal.code is code, f"{text!r}: {refusal.code} != {code}"
    for key, value in details.items():
        assert refusal.details.get(key) == value, (key, refusal.details)
    before = state_to_data(state)
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    assert info.value.refusal == refusal
    assert state_to_data(state) == before
