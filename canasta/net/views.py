"""What the server tells each seat: its view, and each move as that seat may see it.

The view is the engine's :class:`~canasta.engine.view.SeatView` (its own hand, the public
table, hand sizes, the pile, the cards known to be in each hand because they came from the
pile) turned into a :class:`~canasta.net.protocol.ViewModel`. A move's text form names
only cards that were face up (melds, lay-offs, the discard, the pile taken), so every seat
reads it; the cards a move brings from the stock are named to their new holder only,
the others read a count (see :class:`MoveDiff`).
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta.engine.game import Game
from canasta.engine.moves import Move, MoveType
from canasta.engine.state import HandState
from canasta.engine.view import SeatView
from canasta.net.protocol import (
    ClockInfo,
    DealReveal,
    Event,
    HandOver,
    SideScoreInfo,
    ViewModel,
)


def view_model(view: SeatView, game: Game) -> ViewModel:
    """``view`` as sent on the wire, with the hand's number and the game totals (built
    without validation: the engine's own values, sent many times a second)."""
    return ViewModel.model_construct(
        seat=view.seat,
        turn=view.turn,
        mover=view.mover,
        phase=view.phase,
        hand=list(view.hand),
        hand_sizes=list(view.hand_sizes),
        known=[sorted(k) for k in view.known],
        shown=[list(turns) for turns in view.shown],
        stock_size=view.stock_size,
        pile=list(view.pile),
        pile_freezers=view.pile_freezers,
        melds=[{k: list(v) for k, v in side.items()} for side in view.melds],
        red_threes=[list(r) for r in view.red_threes],
        opened=list(view.opened),
        side_scores=list(view.side_scores),
        opening_points=view.opening_points,
        waiting=list(view.waiting),
        turn_melded=view.turn_melded,
        permission=view.permission,
        legal_moves=[m.text() for m in view.legal_moves],
        move_count=game.hand.move_count,
        hand_number=len(game.deal_numbers),
        totals=list(game.totals),
    )


def seat_views(game: Game, seats: list[int]) -> dict[int, ViewModel]:
    """Each of ``seats``' view of the game's hand, equal to :func:`view_model` of each
    seat's :class:`SeatView` but built once: what every seat sees alike is made once and
    shared (the views are only read, to be sent); each seat gets its own hand, what it
    knows of its own hand (all of it) and, for the mover, the legal moves."""
    if not seats:
        return {}
    state = game.hand
    mover = state.mover
    first = seats[0] if mover not in seats else mover
    shared = view_model(state.view_for(first), game)
    known = list(shared.known)
    known[first] = sorted(state.known[first])
    views = {first: shared}
    for seat in seats:
        if seat == first:
            continue
        own = list(known)
        own[seat] = sorted(state.hands[seat])
        update = {"seat": seat, "hand": list(state.hands[seat]), "known": own, "legal_moves": []}
        views[seat] = shared.model_copy(update=update)
    return views


@dataclass(frozen=True, slots=True)
class MoveDiff:
    """What one move changed that the text form does not say.

    Attributes:
        seat: the mover.
        move: the move.
        from_stock: cards that went from the stock to the mover's hand (identities; named
            to the mover only).
        count: how many cards left the stock (red threes laid out included).
        red_threes: red threes the move laid out (face up: named to everyone).
    """

    seat: int
    move: Move
    from_stock: tuple[int, ...]
    count: int
    red_threes: tuple[int, ...]


def play_move(hand: HandState, move: Move) -> MoveDiff:
    """Play the checked ``move`` on ``hand``; return its :class:`MoveDiff` (from what the
    move can change, noted before it is played: no copy of the hand is made)."""
    seat = hand.mover
    side = seat % 2
    held, pile = set(hand.hands[seat]), set(hand.pile)
    reds, stock = set(hand.red_threes[side]), len(hand.stock)
    hand.apply(move)
    came = set(hand.hands[seat]) - held - pile - set(move.cards)
    laid = tuple(c for c in hand.red_threes[side] if c not in reds)
    return MoveDiff(seat, move, tuple(sorted(came)), stock - len(hand.stock), laid)


def event_for(
    diff: MoveDiff,
    seq: int,
    seat: int,
    view: ViewModel | None,
    by: str,
    clock: ClockInfo | None,
) -> Event:
    """The :class:`Event` of ``diff`` as ``seat`` may see it."""
    text = "draw" if diff.move.type is MoveType.DRAW else diff.move.text()
    return Event.model_construct(
        type="event",
        seq=seq,
        seat=diff.seat,
        move=text,
        count=diff.count,
        cards=list(diff.from_stock) if seat == diff.seat else [],
        red_threes=list(diff.red_threes),
        by=by,
        view=view,
        clock=clock,
    )


def hand_over(
    game: Game, record: dict[str, object] | None, deal: DealReveal | None = None
) -> HandOver:
    """The :class:`HandOver` message of the game's last scored hand (``deal``: its seed
    revealed)."""
    score = game.scores[-1]
    sides = [
        SideScoreInfo(
            melded=s.melded,
            canasta_bonus=s.canasta_bonus,
            red_three_points=s.red_three_points,
            going_out=s.going_out,
            in_hand=s.in_hand,
            total=s.total,
        )
        for s in score.sides
    ]
    reason = game.hand.end_reason.value if game.hand.end_reason else "ended"
    return HandOver(
        hand_number=len(game.scores),
        reason=str(reason),
        sides=sides,
        totals=list(game.totals),
        game_over=game.over,
        winner=game.winner,
        shown=[list(cards) for cards in game.hand.hands],
        record=record,
        deal=deal,
    )
