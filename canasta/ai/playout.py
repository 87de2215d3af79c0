"""Play-outs: how the searching levels value a candidate in one sampled world.

The hard level's search (:mod:`canasta.ai.hard`) plays every candidate in each sampled
world, then every seat plays on with the tracking player (a fast playout policy) for two
rounds (eight turns with four players, four with two), or until the hand ends
(:func:`play_out`). All candidates meet the same worlds and the same stock order (common
random numbers), so their differences are measured, not the luck of the deal.

A finished hand is scored by the rules. An unfinished one is valued by a model of the
expected final margin fitted to played-out hands (:mod:`canasta.ai.evaluation`; the
two-player weights refitted with two pile features), and, with two players, the side that
took a pile of :data:`BIG_PILE` cards or more in the play-out is credited
:attr:`HardPlayer.PILE_CREDIT <canasta.ai.hard.HardPlayer.PILE_CREDIT>` points a card (the
horizon sees the taken cards in hand, not the canastas they become). The medium level, and
the hard level with :attr:`HardPlayer.LEARNED <canasta.ai.hard.HardPlayer.LEARNED>` off,
values it by the points each side has on the table (card values, canasta bonuses, red
threes), credit for melds near a canasta (a meld of six is worth nearly half a canasta, less
as the stock runs out), and half of the card values still in hand counted against the side.
The level's settings for the table size (rounds,
play-out players, credit, evaluation) are the caller's; this module plays and values.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.listing import legal_moves
from canasta.engine.moves import Move
from canasta.engine.state import HandState

from .evaluation import evaluate, table_points
from .heuristic import _TAKE  # the take's move type bound to a name (heuristic.py)
from .seat import LiveView
from .tracking_player import TrackingPlayer

#: A pile at least this long (cards) earns its taker the pile credit (:func:`play_out`).
BIG_PILE = 6


def play_out(
    world: HandState,
    moves: Sequence[Move],
    seat: int,
    rounds: int,
    *,
    policy: TrackingPlayer,
    ours: TrackingPlayer,
    per_card: float,
    learned: bool,
) -> float:
    """``seat``'s side's value of ``moves`` played in ``world`` and played out (points).

    Args:
        world: the sampled deal, left as it is (a copy is played).
        moves: the candidate's moves, made first (those after the hand ends are skipped).
        seat: the deciding seat; the value is for its side (``seat % 2``).
        rounds: rounds played out after ``world``'s turn, a round being one turn of every
            seat (0 and below: to the end of the hand).
        policy: the play-out player of the other side's turns; its ``owes_turn`` is reset.
        ours: the play-out player of ``seat``'s side's turns (may be ``policy``); its
            ``owes_turn`` is reset too.
        per_card: points a card credited to the side that takes a pile of :data:`BIG_PILE`
            cards or more, when the hand has not ended at the horizon (0: no credit).
        learned: value the horizon with the fitted model
            (:func:`~canasta.ai.evaluation.evaluate`) rather than by the points on the
            table (:func:`~canasta.ai.evaluation.table_points`).

    Returns:
        the horizon's value for ``seat``'s side over the other side, plus the side's pile
        credit less the other side's (points).
    """
    state = world.copy()
    players = state.players
    taken = [0.0, 0.0]
    for move in moves:
        if state.ended:
            break
        if move.type is _TAKE:
            taken[state.mover % 2] += _pile_credit(len(state.pile), per_card)
        state.apply(move)
    start_turn = world.turn
    turns_left = rounds * players + 1
    # The caller keeps one play-out player for every play-out (making one seeds a random
    # source, about a tenth of a world's cost with eight candidates); its only state is
    # reset here.
    policy.owes_turn = False
    ours.owes_turn = False
    side = seat % 2
    last_turn = state.turn
    if state.turn != start_turn:
        turns_left -= 1
    to_end = rounds <= 0
    while not state.ended and (to_end or turns_left > 0):
        mover = state.mover
        move = policy_move(ours if mover % 2 == side else policy, state)
        if move.type is _TAKE:
            taken[mover % 2] += _pile_credit(len(state.pile), per_card)
        state.apply(move)
        if state.turn != last_turn:
            last_turn = state.turn
            turns_left -= 1
    bonus = 0.0 if state.ended else taken[side] - taken[1 - side]
    if learned:
        return evaluate(state, side) + bonus
    return table_points(state, side) - table_points(state, 1 - side) + bonus


def policy_move(policy: TrackingPlayer, state: HandState) -> Move:
    """The move ``policy`` makes for the mover of ``state``: ``policy.choose`` of the
    mover's view (a :class:`~canasta.ai.seat.LiveView`, read in place), except that a lone
    legal move is made without building the view (the choice any player makes; about a
    third of the play-outs' moves: a draw when the pile cannot be taken, an ask's answer
    where the partner always agrees)."""
    legal = legal_moves(state)  # state.legal_moves(), without its lazy wrapper
    if len(legal) == 1:
        return legal[0]
    return policy.choose(LiveView(state, legal))


def _pile_credit(pile: int, per_card: float) -> float:
    """Points credited for taking a pile of ``pile`` cards (0 below :data:`BIG_PILE`)."""
    return per_card * pile if pile >= BIG_PILE else 0.0


__all__ = ["BIG_PILE", "play_out", "policy_move"]
