"""The hard level's position evaluation: the expected final margin of an unfinished hand.

A search that stops a few turns ahead must say what the hand is worth there. Points on
the table are only part of it: cards in hand become melds or penalties depending on how
long the hand goes on, melds of five or six are canastas in waiting, and the side about
to draw gets the first chance at the pile. :func:`evaluate` is a linear model over such
features of each side, read from the whole (determinised) state; its weights
(:mod:`canasta.ai.weights`) are fitted by ``scripts/fit_evaluation.py`` by least squares
to the final margins of hands that the tracking player (the search's playout policy)
played to the end, so a value means "points this side is expected to end the hand
ahead by". Two features read the pile: its size when the side about to draw may take it
(:func:`pile_takeable`), plain and scaled by the stock left.
"""

from __future__ import annotations

from canasta.engine.cards import CARD_VALUE, CARD_WILD
from canasta.engine.core import CANASTA_SIZE
from canasta.engine.listing import legal_moves
from canasta.engine.moves import MoveType
from canasta.engine.scoring import score_side
from canasta.engine.state import HandState, Phase

from .weights import EVALUATION_WEIGHTS

#: Feature names, in the order :func:`side_features` returns them.
FEATURES = (
    "melded",
    "canasta_bonus",
    "red_threes",
    "in_hand",
    "in_hand_late",
    "cards_in_hand",
    "cards_in_hand_early",
    "melds_of_4",
    "melds_of_5",
    "melds_of_6",
    "melds_of_5_early",
    "melds_of_6_early",
    "wilds_in_hand",
    "can_go_out",
    "pile_next",
    "opened",
    "pile_takeable",
    "pile_takeable_early",
)

#: Stock size (cards) counted as "early in the hand"; the share of it left scales the
#: ``_early`` features (1 with a full stock, 0 with none) and ``_late`` ones (the rest).
FULL_STOCK = 60


def side_features(state: HandState, side: int) -> list[float]:
    """The features of one side (see :data:`FEATURES`; points, card and meld counts)."""
    score = score_side(state, side)
    early = min(1.0, len(state.stock) / FULL_STOCK)
    sizes = state.msize[side]
    near = [0, 0, 0]
    canastas = 0
    for kind in state.melds[side]:
        size = sizes[kind]
        if 4 <= size <= 6:
            near[size - 4] += 1
        elif size >= CANASTA_SIZE:
            canastas += 1
    cards = 0
    wilds = 0
    in_hand = 0
    value, wild = CARD_VALUE.__getitem__, CARD_WILD.__getitem__
    for seat in range(side, state.players, 2):
        hand = state.hands[seat]
        cards += len(hand)
        in_hand += sum(map(value, hand))
        wilds += sum(map(wild, hand))
    can_go_out = 1.0 if canastas >= state.rules.canastas_to_go_out else 0.0
    pile_next = float(len(state.pile)) if state.turn % 2 == side else 0.0
    takeable = pile_next if pile_next and pile_takeable(state) else 0.0
    return [
        float(score.melded),
        float(score.canasta_bonus),
        float(score.red_three_points),
        -float(in_hand),
        -float(in_hand) * (1 - early),
        float(cards),
        float(cards) * early,
        float(near[0]),
        float(near[1]),
        float(near[2]),
        near[1] * early,
        near[2] * early,
        float(wilds),
        can_go_out,
        pile_next,
        1.0 if state.opened[side] else 0.0,
        takeable,
        takeable * early,
    ]


def feature_margin(state: HandState, side: int) -> list[float]:
    """``side``'s features minus the other side's (the model's input)."""
    mine = side_features(state, side)
    theirs = side_features(state, 1 - side)
    return [a - b for a, b in zip(mine, theirs, strict=True)]


def evaluate(state: HandState, side: int) -> float:
    """``side``'s expected final margin over the other side (points).

    A finished hand is scored by the rules (:func:`canasta.engine.scoring.score_side`);
    an unfinished one by the fitted linear model for the table's number of players.
    """
    if state.ended:
        return float(score_side(state, side).total - score_side(state, 1 - side).total)
    weights = EVALUATION_WEIGHTS[state.players]
    return sum(w * x for w, x in zip(weights, feature_margin(state, side), strict=True))


#: Credit for a meld of 4, 5 or 6 cards, as a share of a mixed canasta's bonus.
NEAR_CANASTA = {4: 0.12, 5: 0.25, 6: 0.45}
#: Share of the card values still in hand counted against a side by :func:`table_points`.
HAND_WEIGHT = 0.5


def near_canasta_credit(state: HandState, side: int) -> float:
    """Points of credit for ``side``'s melds of 4 to 6 cards (:data:`NEAR_CANASTA` shares of
    a mixed canasta's bonus), worth less as the stock runs out (under 20 cards): fewer turns
    are left to finish them."""
    bonus = state.rules.mixed_canasta_bonus * min(1.0, len(state.stock) / 20)
    return sum(NEAR_CANASTA[size] * bonus for size in state.msize[side] if size in NEAR_CANASTA)


def table_points(state: HandState, side: int) -> float:
    """``side``'s hand-set points at a search horizon (the hard level's play-outs without
    the fitted model, :mod:`canasta.ai.playout`, and the medium level's): a finished hand
    scored by the rules; otherwise the points on the table (card values, canasta bonuses,
    red threes), the :func:`near_canasta_credit`, and :data:`HAND_WEIGHT` of the card
    values still in hand counted against the side."""
    score = score_side(state, side)
    if state.ended:
        return float(score.total)
    return score.total - (1 - HAND_WEIGHT) * score.in_hand + near_canasta_credit(state, side)


def pile_takeable(state: HandState) -> bool:
    """Whether the player to draw next may take the discard pile (by the rules, now)."""
    if state.phase is not Phase.DRAW or not state.pile:
        return False
    return any(m.type is MoveType.TAKE for m in legal_moves(state))


__all__ = [
    "FEATURES",
    "FULL_STOCK",
    "evaluate",
    "feature_margin",
    "near_canasta_credit",
    "pile_takeable",
    "side_features",
    "table_points",
]
