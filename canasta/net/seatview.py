"""The server's view message turned back into the engine's :class:`SeatView` on a client,
so a remote table can hand the table screen the same value a local one does.

Legal moves travel as text forms; they are parsed against the seat's own hand (a card code
names the first card of that code in the hand, as :func:`canasta.engine.checking.parse_move`
does), so a move's cards may be the other copy of a card than the server's own list named.
"""

from __future__ import annotations

from typing import cast

from canasta.engine.checking import parse_move
from canasta.engine.moves import Move
from canasta.engine.rules import RuleSet
from canasta.engine.state import HandState
from canasta.engine.view import SeatView
from canasta.net.protocol import ViewModel


class _Hand:
    """What :func:`parse_move` reads of a position: the mover and the hands."""

    def __init__(self, seat: int, hand: tuple[int, ...]) -> None:
        self.mover = seat
        self.hands = {seat: list(hand)}


def move_from_text(text: str, seat: int, hand: tuple[int, ...]) -> Move:
    """A move's text form as a :class:`Move` whose cards come from ``hand``.

    Raises:
        ValueError: for a text that is not a move, or a card not in ``hand``.
    """
    return parse_move(cast(HandState, _Hand(seat, hand)), text)


def seat_view(model: ViewModel, rules: RuleSet) -> SeatView:
    """The :class:`SeatView` a view message describes (``rules``: the table's).

    Raises:
        ValueError: when a legal move names a card the hand does not hold.
    """
    hand = tuple(model.hand)
    return SeatView(
        seat=model.seat,
        rules=rules,
        turn=model.turn,
        mover=model.mover,
        phase=model.phase,
        hand=hand,
        hand_sizes=tuple(model.hand_sizes),
        known=tuple(frozenset(k) for k in model.known),
        shown=tuple(tuple((a, b) for a, b in turns) for turns in model.shown),
        stock_size=model.stock_size,
        pile=tuple(model.pile),
        pile_freezers=model.pile_freezers,
        melds=(
            {int(k): tuple(v) for k, v in model.melds[0].items()},
            {int(k): tuple(v) for k, v in model.melds[1].items()},
        ),
        red_threes=(tuple(model.red_threes[0]), tuple(model.red_threes[1])),
        opened=(model.opened[0], model.opened[1]),
        side_scores=(model.side_scores[0], model.side_scores[1]),
        opening_points=model.opening_points,
        waiting=tuple(model.waiting),
        turn_melded=model.turn_melded,
        permission=model.permission,
        legal_moves=tuple(move_from_text(t, model.seat, hand) for t in model.legal_moves),
    )
