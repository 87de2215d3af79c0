"""The hard level's position evaluation: the expected final margin of an unfinished hand.

A search that stops a few turns ahead must say what the hand is worth there. Points on
the table are only part of it: cards in hand become melds or penalties depending on how
long the hand goes on, melds of five or six are canastas in waiting, and the side about
to draw gets the first chance at the pile. :func:`evaluate` is a linear model over such
features of each side, read from the whole (determinised) state; its weights
(:mod:`canasta.ai.weights`) are fitted by ``scripts/fit_evaluation.py`` by least squares
to the final margins of hands that the tracking player (the search's playout policy)
played to the end, so a value means "points this side is expected to end the hand
ahead by".
"""

from __future__ import annotations

from canasta.engine.cards import CARD_KIND, CARD_VALUE, is_wild_kind
from canasta.engine.scoring import score_side
from canasta.engine.state import HandState

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
        elif size >= 7:
            canastas += 1
    cards = 0
    wilds = 0
    in_hand = 0
    for seat in range(side, state.players, 2):
        hand = state.hands[seat]
        cards += len(hand)
        for card in hand:
            in_hand += CARD_VALUE[card]
            if is_wild_kind(CARD_KIND[card]):
                wilds += 1
    can_go_out = 1.0 if canastas >= state.rules.canastas_to_go_out else 0.0
    pile_next = float(len(state.pile)) if state.turn % 2 == side else 0.0
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


__all__ = ["FEATURES", "FULL_STOCK", "evaluate", "feature_margin", "side_features"]
