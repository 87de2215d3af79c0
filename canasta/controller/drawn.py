"""The cards a seat drew from the stock this turn, derived from the hand's own moves.

The table marks them in the person's hand until the turn ends. A hand continued from a
save is rebuilt by replaying its moves on the deal (see :mod:`canasta.persistence.saves`),
so the draw itself is in its history: replaying the deal up to that draw says which cards
it brought, and nothing extra needs saving.
"""

from __future__ import annotations

from canasta.engine.moves import MoveType
from canasta.engine.state import HandState, Phase


def turn_start(hand: HandState) -> int:
    """The index in ``hand.history`` of the current turn's first move: after the last
    discard, else 0 (the hand's first turn)."""
    history = hand.history
    for index in range(len(history) - 1, -1, -1):
        if history[index].type is MoveType.DISCARD:
            return index + 1
    return 0


def drawn_this_turn(hand: HandState, seat: int) -> frozenset[int]:
    """Card identities ``seat`` drew from the stock this turn (red threes it drew go to the
    table and are not among them; replacement cards are), or an empty set when it is not
    ``seat``'s turn, the turn did not begin with a stock draw, or the hand's history does
    not replay from its deal to the hand as it stands (e.g. a hand set up as a position).

    Costs one replay of the hand's moves (about a millisecond a hundred moves)."""
    start = turn_start(hand)
    history = hand.history
    if hand.turn != seat or hand.phase is Phase.ENDED or start >= len(history):
        return frozenset()
    if history[start].type is not MoveType.DRAW:
        return frozenset()
    try:
        again = HandState.deal(hand.rules, hand.deal_number, hand.dealer, hand.side_scores)
        for move in history[:start]:
            again.apply(move)
        before = set(again.hands[seat])
        again.apply(history[start])
        drawn = frozenset(set(again.hands[seat]) - before)
        for move in history[start + 1 :]:
            again.apply(move)
    except (ValueError, IndexError, KeyError):
        return frozenset()
    if [sorted(h) for h in again.hands] != [sorted(h) for h in hand.hands]:
        return frozenset()
    return drawn
